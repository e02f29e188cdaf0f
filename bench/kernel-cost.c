// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel-cost: what the series costs root's mount(2) and umount2, timed in
 * one process so that only the syscalls count (bench/vm-kernel-cost runs
 * it on both kernels).
 *
 *   kernel-cost DIR ITER PEERS
 *
 * In a private mount namespace, on a tmpfs at DIR:
 *   bind   ITER times: bind DIR/src on DIR/dst, unmount it;
 *   prop   a shared tmpfs with PEERS bind copies (its peers), then ITER/10
 *          times: a tmpfs on its subdirectory, which propagates to every
 *          peer, and its unmount, which propagates too.
 * Prints "bind NS" and "prop NS": nanoseconds per mount and umount pair.
 */
#define _GNU_SOURCE
#include <err.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void path(char *buf, size_t sz, const char *dir, const char *name)
{
	if ((size_t)snprintf(buf, sz, "%s/%s", dir, name) >= sz)
		errx(2, "path too long");
}

static void mkdir_or_die(const char *p)
{
	if (mkdir(p, 0755) < 0)
		err(1, "mkdir %s", p);
}

static void mount_or_die(const char *src, const char *tgt, const char *type,
			 unsigned long fl)
{
	if (mount(src, tgt, type, fl, NULL) < 0)
		err(1, "mount %s", tgt);
}

static void umount_or_die(const char *tgt)
{
	if (umount2(tgt, 0) < 0)
		err(1, "umount %s", tgt);
}

static double bind_pairs(const char *dir, long iter)
{
	char src[4096], dst[4096];
	double t0;
	long i;

	path(src, sizeof(src), dir, "src");
	path(dst, sizeof(dst), dir, "dst");
	mkdir_or_die(src);
	mkdir_or_die(dst);
	t0 = now();
	for (i = 0; i < iter; i++) {
		mount_or_die(src, dst, NULL, MS_BIND);
		umount_or_die(dst);
	}
	return (now() - t0) / iter;
}

static double prop_pairs(const char *dir, long iter, long peers)
{
	char s[4096], sub[4096], p[4096], name[64];
	double t0;
	long i;

	path(s, sizeof(s), dir, "s");
	path(sub, sizeof(sub), s, "sub");
	mkdir_or_die(s);
	mount_or_die("kc-shared", s, "tmpfs", 0);
	mount_or_die("none", s, NULL, MS_SHARED);
	mkdir_or_die(sub);
	for (i = 0; i < peers; i++) {
		snprintf(name, sizeof(name), "p%ld", i);
		path(p, sizeof(p), dir, name);
		mkdir_or_die(p);
		mount_or_die(s, p, NULL, MS_BIND);
	}
	t0 = now();
	for (i = 0; i < iter; i++) {
		mount_or_die("kc-sub", sub, "tmpfs", 0);
		umount_or_die(sub);
	}
	return (now() - t0) / iter;
}

int main(int argc, char **argv)
{
	long iter, peers;

	if (argc != 4)
		errx(2, "usage: kernel-cost DIR ITER PEERS");
	iter = atol(argv[2]);
	peers = atol(argv[3]);
	if (iter < 10 || peers < 0)
		errx(2, "ITER >= 10, PEERS >= 0");
	if (unshare(CLONE_NEWNS) < 0)
		err(1, "unshare");
	mount_or_die("none", "/", NULL, MS_REC | MS_PRIVATE);
	mount_or_die("kc", argv[1], "tmpfs", 0);
	printf("bind %.0f\n", bind_pairs(argv[1], iter));
	printf("prop %.0f\n", prop_pairs(argv[1], iter / 10, peers));
	return 0;
}

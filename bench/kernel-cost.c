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
 * Prints "bind NS" and "prop NS": nanoseconds per mount and umount pair;
 * then "prop_mount NS" and "prop_umount NS": the two halves of a prop pair
 * (they add up to about "prop"), since the series touches both the
 * propagation of a mount (propagate_one()) and that of an umount.
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

struct prop_times {
	double pair, mount, umount;	/* ns per mount, umount, or both */
};

/* A shared tmpfs at DIR/s with @peers bind copies of it in its peer group. */
static void make_peers(const char *dir, const char *s, long peers)
{
	char p[4096], name[64];
	long i;

	mkdir_or_die(s);
	mount_or_die("kc-shared", s, "tmpfs", 0);
	mount_or_die("none", s, NULL, MS_SHARED);
	for (i = 0; i < peers; i++) {
		snprintf(name, sizeof(name), "p%ld", i);
		path(p, sizeof(p), dir, name);
		mkdir_or_die(p);
		mount_or_die(s, p, NULL, MS_BIND);
	}
}

static struct prop_times prop_pairs(const char *dir, long iter, long peers)
{
	struct prop_times t = { 0, 0, 0 };
	char s[4096], sub[4096];
	double t0, t1, t2;
	long i;

	path(s, sizeof(s), dir, "s");
	path(sub, sizeof(sub), s, "sub");
	make_peers(dir, s, peers);
	mkdir_or_die(sub);
	for (i = 0; i < iter; i++) {
		t0 = now();
		mount_or_die("kc-sub", sub, "tmpfs", 0);
		t1 = now();
		umount_or_die(sub);
		t2 = now();
		t.mount += t1 - t0;
		t.umount += t2 - t1;
	}
	t.mount /= iter;
	t.umount /= iter;
	t.pair = t.mount + t.umount;
	return t;
}

int main(int argc, char **argv)
{
	struct prop_times pt;
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
	pt = prop_pairs(argv[1], iter / 10, peers);
	printf("prop %.0f\n", pt.pair);
	printf("prop_mount %.0f\n", pt.mount);
	printf("prop_umount %.0f\n", pt.umount);
	return 0;
}

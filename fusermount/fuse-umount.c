// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fusermount3 -u: the caller's own umount2(2), on a kernel with the
 * series. The kernel lets the owner of a mount remove it and no one
 * else; a refusal names the owner, as statmount(2) or mountinfo tell it
 * (lib/mount-facts.c) for the mount the target reaches, though a FUSE
 * mount hides its root from everyone but its owner.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "fusermount.h"
#include "mount-facts.h"
#include "policy-kernel-explain.h"

/* Why the kernel refused to unmount @target: @buf, or NULL. */
static const char *explain(const char *target, char *buf, size_t sz)
{
	struct um_mount_facts f;
	struct libmnt_table *tb;
	int found = 0;

	if (getuid() == 0)
		return NULL;
	tb = fm_mount_table();
	if (tb && um_facts_reached(target, tb, &f) == 0)
		found = um_explain_umount(&f, NULL, false, getuid(), buf, sz);
	mnt_unref_table(tb);
	return found ? buf : NULL;
}

int fm_unmount(const char *mountpoint, bool lazy, bool quiet)
{
	char *target = fm_target(mountpoint);
	const char *why = NULL;
	char buf[256];
	int errnum;

	if (!target) {
		if (!quiet)
			warn("failed to access mountpoint %s", mountpoint);
		return EXIT_FAILURE;
	}
	if (umount2(target, UMOUNT_NOFOLLOW | (lazy ? MNT_DETACH : 0)) == 0) {
		free(target);
		return EXIT_SUCCESS;
	}
	errnum = errno;
	if (errnum == EPERM)
		why = explain(target, buf, sizeof(buf));
	if (!quiet && why)
		warnx("failed to unmount %s: %s: %s", target,
		      strerror(errnum), why);
	else if (!quiet)
		warnx("failed to unmount %s: %s", target, strerror(errnum));
	free(target);
	return EXIT_FAILURE;
}

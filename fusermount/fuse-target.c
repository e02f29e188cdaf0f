// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mountpoint, named as the kernel names it in /proc/self/mountinfo,
 * and the mount there.
 *
 * Only the directory that holds the mountpoint is resolved: the last
 * component is kept as it is. A FUSE mount without allow_other hides its
 * root from everyone but its owner (stat(2) gets EACCES), so resolving
 * it would fail for the very user whose refusal must say who owns it;
 * and a symbolic link there is for the kernel to refuse, not for this
 * program to follow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fusermount.h"

/* @path with its directory resolved, as a fresh string (NULL: errno) */
char *fm_target(const char *path)
{
	char *copy = strdup(path), *dir, *base, *real, *target = NULL;
	size_t n;

	if (!copy)
		return NULL;
	/* "a/b/" names b */
	for (n = strlen(copy); n > 1 && copy[n - 1] == '/'; n--)
		copy[n - 1] = '\0';
	base = strrchr(copy, '/');
	if (!base) {
		dir = ".";
		base = copy;
	} else {
		*base++ = '\0';
		dir = *copy ? copy : "/";
	}
	if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
		/* the last component is a directory of the walk itself */
		free(copy);
		return realpath(path, NULL);
	}
	real = realpath(dir, NULL);
	if (real && asprintf(&target, "%s%s%s", real,
			     strcmp(real, "/") ? "/" : "", base) < 0)
		target = NULL;
	free(real);
	free(copy);
	return target;
}

/* The caller's mount table as the kernel shows it, or NULL */
struct libmnt_table *fm_mount_table(void)
{
	return mnt_new_table_from_file("/proc/self/mountinfo");
}

/*
 * The mount on @target that a lookup of it reaches: the last one there,
 * as a mount stacked on another comes after it. Found by name only,
 * with no stat(2) of the mountpoint.
 */
struct libmnt_fs *fm_topmost(struct libmnt_table *tb, const char *target)
{
	if (!tb || !target)
		return NULL;
	return mnt_table_find_target(tb, target, MNT_ITER_BACKWARD);
}

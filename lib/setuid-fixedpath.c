// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Is a mountpoint fixed: can no one but root change what its path names?
 *
 * In the setuid mode, libmount checks the target against fstab and
 * then hands the same path to mount(2), which resolves it again as root.
 * libmount 2.38 gives no way to mount on a pinned directory (an O_PATH
 * fd or ".") and still record the real target in utab. So instead of
 * pinning, the setuid copy only mounts where the path cannot be swapped
 * between the check and the call: every directory above the target is
 * root's and writable by root alone, or is sticky (then the entry in it
 * must be root's too, as only the entry's owner may rename it), and no
 * component is a symbolic link. That holds for /mnt/..., /media/...
 * and the like; an fstab "user" entry below a user's home is refused.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "setuid-fixedpath.h"

/* May a user other than root rename entries of this directory? */
static bool open_to_users(const struct stat *st)
{
	return st->st_uid != 0 || (st->st_mode & (S_IWGRP | S_IWOTH));
}

/*
 * One component: @sticky says the directory above it is a sticky one.
 * Returns 0 (fixed, go on), 1 (absent where only root could create it:
 * fixed, and nothing below to check) or -errno with @why filled in.
 */
static int check_one(const char *p, bool last, bool *sticky, char *why,
		     size_t whysz)
{
	struct stat st;

	if (lstat(p, &st) < 0) {
		if (errno == ENOENT && !*sticky)
			return 1;	/* the tool using it will say so */
		snprintf(why, whysz, "%s", errno == ENOENT ?
			 "it may be created by users" : strerror(errno));
		return -errno;
	}
	if (S_ISLNK(st.st_mode)) {
		snprintf(why, whysz, "%s is a symbolic link", p);
		return -EPERM;
	}
	if (*sticky && st.st_uid != 0) {
		snprintf(why, whysz, "%s may be renamed by its owner", p);
		return -EPERM;
	}
	*sticky = false;
	if (last || !open_to_users(&st))
		return 0;
	if (st.st_uid != 0 || !(st.st_mode & S_ISVTX)) {
		snprintf(why, whysz, "%s may be changed by users", p);
		return -EPERM;
	}
	*sticky = true;
	return 0;
}

int um_path_fixed(const char *path, char *why, size_t whysz)
{
	size_t len = strlen(path), end = 1;
	bool sticky = false;
	const char *next;
	char *p;
	int rc;

	if (path[0] != '/')
		return -EINVAL;
	p = malloc(len + 1);
	if (!p)
		return -ENOMEM;
	/* "/", then each longer prefix up to the whole path */
	for (;;) {
		memcpy(p, path, end);
		p[end] = '\0';
		rc = check_one(p, end >= len, &sticky, why, whysz);
		if (rc || end >= len)
			break;
		next = strchr(path + end + 1, '/');
		end = next ? (size_t)(next - path) : len;
	}
	free(p);
	return rc < 0 ? rc : 0;
}

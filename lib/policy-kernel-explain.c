// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Why did the kernel refuse a user's mount or umount?
 *
 * The kernel answers EPERM and nothing more. The rules are the series'
 * (fs/namespace.c permit_mount() and can_umount() with the patches): they
 * are checked here in the kernel's order against what the kernel shows in
 * /proc/self/mountinfo, only after a refusal, only to word the message.
 * Each function fills @buf and returns 1, or returns 0 when no rule
 * explains the refusal (the caller then prints the plain errno message).
 */
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "abi.h"
#include "policy-kernel-explain.h"
#include "kernel-series.h"
#include "owner.h"

void um_user_name(uid_t uid, char *buf, size_t bufsz)
{
	struct passwd *pw = getpwuid(uid);

	if (pw)
		snprintf(buf, bufsz, "%s", pw->pw_name);
	else
		snprintf(buf, bufsz, "%u", (unsigned)uid);
}

/* "fuse" and "fuse.SUBTYPE" are FS_SAFE; "fuseblk" is not. */
bool um_fstype_is_safe(const char *fstype)
{
	size_t n = strlen(UM_SAFE_FSTYPE);

	return fstype && strncmp(fstype, UM_SAFE_FSTYPE, n) == 0 &&
	       (fstype[n] == '\0' || fstype[n] == '.');
}

/* Mounts in @tb owned by @uid. */
static long owned_by(struct libmnt_table *tb, uid_t uid)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	uid_t owner;
	long n = 0;

	if (!itr)
		return 0;
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		if (um_fs_owner(fs, &owner) == 1 && owner == uid)
			n++;
	}
	mnt_free_iter(itr);
	return n;
}

/*
 * The name of the limit @uid has reached, its value in *@max, or NULL.
 * The kernel's per-user count takes in every mount namespace; this one
 * sees only the caller's, so it can only say less, never wrongly.
 */
static const char *limit_reached(struct libmnt_table *tb, uid_t uid,
				 long *max)
{
	long nr;

	if (um_sysctl_read(UM_SYSCTL_NR_USER_MOUNTS, &nr) == 0 &&
	    um_sysctl_read(UM_SYSCTL_MAX_USER_MOUNTS, max) == 0 && nr >= *max)
		return UM_SYSCTL_MAX_NAME;
	if (um_sysctl_read(UM_SYSCTL_MAX_PER_USER, max) == 0 &&
	    owned_by(tb, uid) >= *max)
		return UM_SYSCTL_MAX_PER_USER_NAME;
	return NULL;
}

int um_explain_mount(struct libmnt_table *tb, const char *target,
		     const char *fstype, bool bind, uid_t uid, char *buf,
		     size_t bufsz)
{
	struct libmnt_fs *parent;
	struct stat st;
	const char *limit;
	uid_t owner;
	long max;
	char name[64];

	if (!bind && !um_fstype_is_safe(fstype)) {
		snprintf(buf, bufsz,
			 "filesystem type %s is not allowed for users",
			 fstype ? fstype : "(none)");
		return 1;
	}
	if (lstat(target, &st) == 0 && S_ISLNK(st.st_mode)) {
		snprintf(buf, bufsz, "mountpoint is a symbolic link");
		return 1;
	}
	parent = um_table_find_reached(tb, target);
	if (!parent)
		return 0;
	if (um_fs_has_nomnt(parent)) {
		snprintf(buf, bufsz, "%s is a nomnt mount: no submounts allowed",
			 mnt_fs_get_target(parent));
		return 1;
	}
	if (um_fs_owner(parent, &owner) != 1) {
		snprintf(buf, bufsz, "not under a mount you own (%s has no owner)",
			 mnt_fs_get_target(parent));
		return 1;
	}
	if (owner != uid) {
		um_user_name(owner, name, sizeof(name));
		snprintf(buf, bufsz,
			 "not under a mount you own (%s is owned by %s)",
			 mnt_fs_get_target(parent), name);
		return 1;
	}
	limit = limit_reached(tb, uid, &max);
	if (limit) {
		snprintf(buf, bufsz, "user mount limit reached (%s = %ld)",
			 limit, max);
		return 1;
	}
	return 0;
}

int um_explain_umount(struct libmnt_fs *fs, bool forced, uid_t uid, char *buf,
		      size_t bufsz)
{
	uid_t owner;
	char name[64];

	if (!fs)
		return 0;
	if (um_fs_owner(fs, &owner) != 1) {
		snprintf(buf, bufsz, "must be superuser to unmount");
		return 1;
	}
	if (owner != uid) {
		um_user_name(owner, name, sizeof(name));
		snprintf(buf, bufsz, "not mounted by you (owned by %s, uid %u)",
			 name, (unsigned)owner);
		return 1;
	}
	if (forced && !um_fstype_is_safe(mnt_fs_get_fstype(fs))) {
		snprintf(buf, bufsz,
			 "forced unmount by the owner is allowed only for fuse");
		return 1;
	}
	return 0;
}

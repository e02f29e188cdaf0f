// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Why did the kernel refuse a user's mount or umount?
 *
 * The kernel answers EPERM and nothing more. The rules are the series'
 * (fs/namespace.c permit_mount() and can_umount() with the patches): they
 * are checked here in the kernel's order against what the kernel shows
 * (statmount(2) where it tells owners, /proc/self/mountinfo otherwise:
 * lib/mount-facts.c), only after a refusal, only to word the message.
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
#include "mount-facts.h"
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
	struct um_mount_facts parent;
	struct libmnt_fs *fs;
	const char *where;
	struct stat st;
	const char *limit;
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
	if (um_facts_reached(target, tb, &parent) < 0)
		return 0;
	/* the name it has in the table, not the one the caller gave */
	fs = um_table_find_id(tb, parent.id);
	where = fs ? mnt_fs_get_target(fs) : target;
	if (parent.nomnt) {
		snprintf(buf, bufsz, "%s is a nomnt mount: no submounts allowed",
			 where);
		return 1;
	}
	if (!parent.owned) {
		snprintf(buf, bufsz, "not under a mount you own (%s has no owner)",
			 where);
		return 1;
	}
	if (parent.owner != uid) {
		um_user_name(parent.owner, name, sizeof(name));
		snprintf(buf, bufsz,
			 "not under a mount you own (%s is owned by %s)",
			 where, name);
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

int um_explain_umount(const struct um_mount_facts *f, const char *fstype,
		      bool forced, uid_t uid, char *buf, size_t bufsz)
{
	char name[64];

	if (!f->owned) {
		snprintf(buf, bufsz, "must be superuser to unmount");
		return 1;
	}
	if (f->owner != uid) {
		um_user_name(f->owner, name, sizeof(name));
		snprintf(buf, bufsz, "not mounted by you (owned by %s, uid %u)",
			 name, (unsigned)f->owner);
		return 1;
	}
	if (forced && !um_fstype_is_safe(fstype)) {
		snprintf(buf, bufsz,
			 "forced unmount by the owner is allowed only for fuse");
		return 1;
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The setuid mode's rules: the classic fstab rules (user, users, owner,
 * group) on a kernel without the series, for mount and umount.
 *
 * libmount's restricted context applies the rules; this file holds the
 * checks usermount adds around it, where it does not take libmount's word
 * (lib/policy-setuid.c asks them at each step; which options an ordinary
 * user may give is the setuid column of each program's option table):
 *  - paths libmount resolves again as root must be fixed
 *    (lib/setuid-fixedpath.c);
 *  - the recorded user of a mount is compared as a whole name: libmount
 *    2.38 lets a user unmount a "user" mount when the name recorded in utab
 *    (user=NAME) is a prefix of the caller's name (strncmp with the
 *    recorded length: "alice2" passes for "alice"'s mount).
 */
#include <pwd.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "setuid-fixedpath.h"
#include "setuid-rules.h"

/*
 * A source that is a path gets the same check as the target (below):
 * libmount opens a loop image or binds a directory by that path as root
 * (CVE-2026-27456).
 */
bool um_setuid_source_fixed(struct libmnt_context *cxt, char *why,
			    size_t whysz)
{
	const char *src = mnt_context_get_source(cxt);

	if (!src || src[0] != '/')
		return true;
	return um_path_fixed(src, why, whysz) == 0;
}

/*
 * libmount has checked the target against fstab and will resolve it again
 * as root in mount(2). Use it only where no one but root can change what
 * it names (lib/setuid-fixedpath.c), and only as fstab wrote it: a path
 * canonicalized through a symlink the caller controls (CVE-2010-3879) may
 * name another directory by now.
 */
bool um_setuid_target_fixed(struct libmnt_context *cxt,
			    const char *fstab_target, char *why, size_t whysz)
{
	const char *tgt = mnt_context_get_target(cxt);

	if (!fstab_target || !tgt) {
		snprintf(why, whysz, "no mountpoint");
		return false;
	}
	if (um_path_fixed(fstab_target, why, whysz) < 0)
		return false;
	if (strcmp(fstab_target, tgt) != 0) {
		snprintf(why, whysz, "fstab names %s", fstab_target);
		return false;
	}
	return true;
}

/*
 * Is the user recorded in @user_opts (user=NAME) exactly @name? Returns 1
 * if so, 0 when nothing is recorded, -1 when someone else is.
 */
int um_setuid_user_is(const char *user_opts, const char *name)
{
	char *val = NULL;
	size_t sz = 0;

	if (!user_opts ||
	    mnt_optstr_get_option(user_opts, "user", &val, &sz) != 0 || !val)
		return 0;
	/* an empty recorded name is no one's, not an empty passwd entry's */
	if (!name || !sz || strlen(name) != sz || strncmp(val, name, sz) != 0)
		return -1;
	return 1;
}

/*
 * Is the recorded user of @fs, if any, the caller? The whole name, and
 * that name must lead back to the caller's uid (compared as numbers): a
 * second passwd entry of the same name does not make another uid it.
 */
static bool recorded_user_ok(struct libmnt_fs *fs)
{
	uid_t uid = getuid();
	struct passwd *pw = getpwuid(uid);
	char *name = pw ? strdup(pw->pw_name) : NULL;
	int rc = um_setuid_user_is(mnt_fs_get_user_options(fs), name);

	if (rc > 0) {
		pw = getpwnam(name);
		rc = pw && pw->pw_uid == uid ? 1 : -1;
	}
	free(name);
	return rc >= 0;
}

/*
 * May the caller unmount @target as far as the recorded user goes? The
 * entry is the one libmount will unmount: its own lookup, which also maps
 * a source, a loop device's backing file or a tag to the mount (a check
 * on the name as given let "umount IMAGE" through to libmount's prefix
 * comparison). A mount marked "users" in fstab may be unmounted by
 * anyone; otherwise a recorded user must be the caller, exactly.
 */
bool um_setuid_may_umount(struct libmnt_context *cxt, const char *target)
{
	struct libmnt_table *fstab = NULL;
	struct libmnt_fs *fs = NULL, *fent;

	if (mnt_context_find_umount_fs(cxt, target, &fs) != 0 || !fs)
		return true;	/* "not mounted" comes from libmount */
	if (mnt_context_get_fstab(cxt, &fstab) == 0 && fstab) {
		fent = mnt_table_find_pair(fstab, mnt_fs_get_source(fs),
					   mnt_fs_get_target(fs),
					   MNT_ITER_FORWARD);
		if (fent && mnt_fs_get_option(fent, "users", NULL, NULL) == 0)
			return true;
	}
	return recorded_user_ok(fs);
}

/*
 * Could libmount run a NAME.TYPE helper (mount.TYPE, umount.TYPE) for
 * @cxt, after its prepare step? It has no call to ask, so this looks
 * where it looks (FS_SEARCH_PATH, /sbin:/sbin/fs.d:/sbin/fs) and wider,
 * for TYPE and for TYPE without its subtype (fuse.sshfs: mount.fuse), and
 * takes a helper= or uhelper= option as a yes. A helper must run as the
 * caller, so a yes keeps the change in the caller's process; after a no
 * the change runs as root (lib/setuid-rootchild.c) with libmount's helpers
 * turned off, so that a type tried later (mount -t auto) cannot run one as
 * root.
 */
bool um_setuid_helper_possible(struct libmnt_context *cxt, const char *name)
{
	static const char *const dirs[] = { "/sbin", "/sbin/fs.d", "/sbin/fs",
					    "/usr/sbin", "/usr/local/sbin",
					    "/bin", "/usr/bin" };
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	const char *type = mnt_context_get_fstype(cxt);
	char path[PATH_MAX], *dot;
	struct stat st;
	size_t i;

	if (mnt_context_is_nohelpers(cxt))
		return false;
	if (fs && (mnt_fs_get_option(fs, "helper", NULL, NULL) == 0 ||
		   mnt_fs_get_option(fs, "uhelper", NULL, NULL) == 0))
		return true;
	if (!type || strchr(type, '/'))
		return false;
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if ((size_t)snprintf(path, sizeof(path), "%s/%s.%s", dirs[i],
				     name, type) >= sizeof(path))
			return true;	/* cannot tell: the caller's way */
		if (stat(path, &st) == 0)
			return true;
		dot = strrchr(path, '.');
		if (dot > path + strlen(dirs[i]) + strlen(name) + 1) {
			*dot = '\0';
			if (stat(path, &st) == 0)
				return true;
		}
	}
	return false;
}

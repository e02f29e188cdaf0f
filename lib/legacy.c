// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic fstab policy, where usermount does not take libmount's word.
 *
 * libmount 2.38 lets a user unmount a "user" mount when the name recorded
 * in utab (user=NAME) is a prefix of the caller's name (strncmp with the
 * recorded length: "alice2" passes for "alice"'s mount). The check below
 * runs first and compares whole names; libmount then applies the rest of
 * its policy (fstab pair, "users", chdir + UMOUNT_NOFOLLOW).
 */
#include <pwd.h>
#include <string.h>
#include <unistd.h>

#include "legacy.h"

/*
 * Is the user recorded in @user_opts (user=NAME) exactly @name? Returns 1
 * if so, 0 when nothing is recorded, -1 when someone else is.
 */
int um_legacy_user_is(const char *user_opts, const char *name)
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
 * May the caller unmount @target as far as the recorded user goes? A mount
 * marked "users" in fstab may be unmounted by anyone; otherwise a recorded
 * user must be the caller, exactly.
 */
bool um_legacy_may_umount(struct libmnt_context *cxt, const char *target)
{
	struct libmnt_table *mtab = NULL, *fstab = NULL;
	struct libmnt_fs *fs, *fent;
	struct passwd *pw;

	if (mnt_context_get_mtab(cxt, &mtab) || !mtab)
		return true;	/* libmount will fail on its own */
	fs = mnt_table_find_target(mtab, target, MNT_ITER_BACKWARD);
	if (!fs)
		fs = mnt_table_find_source(mtab, target, MNT_ITER_BACKWARD);
	if (!fs)
		return true;	/* "not mounted" comes from libmount */
	if (mnt_context_get_fstab(cxt, &fstab) == 0 && fstab) {
		fent = mnt_table_find_pair(fstab, mnt_fs_get_source(fs),
					   mnt_fs_get_target(fs),
					   MNT_ITER_FORWARD);
		if (fent && mnt_fs_get_option(fent, "users", NULL, NULL) == 0)
			return true;
	}
	pw = getpwuid(getuid());
	return um_legacy_user_is(mnt_fs_get_user_options(fs),
				 pw ? pw->pw_name : NULL) >= 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mount ownership as the kernel reports it.
 *
 * The series prints ",user=UID" among a mount's per-mount options, the
 * ones /proc/self/mountinfo keeps apart from the filesystem's own (field
 * 6, libmount's "VFS options"). A filesystem cannot write there, so a FUSE
 * server naming itself "user=0" never passes as an owner. Within that field
 * only the first "user" key counts, matched as a whole key, and the value
 * must be a plain decimal number: "user_id=", "user=01", "user=+1" or
 * "user=1x" are not owners.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "abi.h"
#include "owner.h"

/*
 * Parse a uid written the way the kernel writes one: decimal digits, no
 * sign, no leading zero, no space, at most (uid_t)-2 ((uid_t)-1 is "no
 * uid" in every kernel interface). Returns 0 or -EINVAL.
 */
int um_parse_uid(const char *str, size_t len, uid_t *uid)
{
	unsigned long long v = 0;
	size_t i;

	if (!str || len == 0 || len > 10)
		return -EINVAL;
	if (str[0] == '0' && len > 1)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (str[i] < '0' || str[i] > '9')
			return -EINVAL;
		v = v * 10 + (unsigned)(str[i] - '0');
	}
	if (v >= (uid_t)-1)
		return -EINVAL;
	*uid = (uid_t)v;
	return 0;
}

/*
 * The owner in a per-mount option string. Returns 1 and sets *uid when the
 * first "user" key carries a valid uid, 0 when there is no "user" key, and
 * -EINVAL when the first one is malformed (no later one is looked at).
 */
int um_opts_owner(const char *opts, uid_t *uid)
{
	char *val = NULL;
	size_t sz = 0;
	int rc;

	if (!opts)
		return 0;
	/* libmount finds the first option whose whole name is "user". */
	rc = mnt_optstr_get_option(opts, UM_OPT_OWNER, &val, &sz);
	if (rc == 1)
		return 0;
	if (rc < 0)
		return -EINVAL;
	if (um_parse_uid(val, sz, uid) < 0)
		return -EINVAL;
	return 1;
}

int um_fs_owner(struct libmnt_fs *fs, uid_t *uid)
{
	return um_opts_owner(mnt_fs_get_vfs_options(fs), uid);
}

bool um_fs_has_nomnt(struct libmnt_fs *fs)
{
	const char *opts = mnt_fs_get_vfs_options(fs);

	return opts && mnt_optstr_get_option(opts, UM_OPT_NOMNT, NULL,
					     NULL) == 0;
}

/*
 * um_mount_id_at() asking the filesystem for the attributes in @mask: the
 * mount ID is the VFS's own, added to any answer the filesystem gives.
 */
static int mount_id_asking(int dfd, const char *path, int flags,
			   unsigned int mask, uint64_t *id, bool *root)
{
	struct statx stx;

	if (statx(dfd, path, flags, mask, &stx) < 0)
		return -errno;
	if (!(stx.stx_mask & STATX_MNT_ID))
		return -ENOSYS;
	*id = stx.stx_mnt_id;
	if (root)
		*root = (stx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) &&
			(stx.stx_attributes & STATX_ATTR_MOUNT_ROOT);
	return 0;
}

/*
 * The id of the mount that holds @path, as the kernel names it (statx), so
 * bind mounts of one filesystem and mounts hidden by later ones are told
 * apart, which no walk over st_dev or path prefixes can do. Runs with the
 * caller's rights. @path is relative to @dfd, with statx's @flags
 * (AT_EMPTY_PATH: the mount @dfd is on); *@root, if asked for, tells
 * whether it is that mount's root. Returns 0 or -errno.
 */
int um_mount_id_at(int dfd, const char *path, int flags, uint64_t *id,
		   bool *root)
{
	return mount_id_asking(dfd, path, flags, STATX_MNT_ID, id, root);
}

/* um_mount_id_at() for a path, automounts not triggered. */
int um_mount_id(const char *path, uint64_t *id)
{
	if (!path)
		return -EINVAL;
	return um_mount_id_at(AT_FDCWD, path, AT_NO_AUTOMOUNT, id, NULL);
}

/* The entry of @tb for the mount with the id @id, or NULL. */
struct libmnt_fs *um_table_find_id(struct libmnt_table *tb, uint64_t id)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_BACKWARD);
	struct libmnt_fs *fs = NULL;

	if (!itr)
		return NULL;
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		if ((uint64_t)mnt_fs_get_id(fs) == id)
			break;
		fs = NULL;
	}
	mnt_free_iter(itr);
	return fs;
}

/* The entry of @tb for the mount that holds @path, or NULL. */
struct libmnt_fs *um_table_find_mount(struct libmnt_table *tb,
				      const char *path)
{
	uint64_t id = 0;

	if (um_mount_id(path, &id) < 0)
		return NULL;
	return um_table_find_id(tb, id);
}

/*
 * um_table_find_mount() for the words of a refusal, which must say whose
 * mount @path is even when the caller may not look at it: a FUSE mount
 * without allow_other hides its root from everyone but its owner, mount ID
 * included (stat(2) and statx(2) get EACCES). Asked for no attribute at
 * all, FUSE answers anyone (fuse_getattr()) and the VFS adds the ID, so
 * the kernel still says which mount the path reaches: the topmost of
 * those stacked there, the one umount(2) or a mount on @path acts on. No
 * name is matched in @tb: a name can be that of a mount covered since.
 * Only refusals ask: a mount found this way must not decide anything.
 */
struct libmnt_fs *um_table_find_reached(struct libmnt_table *tb,
					const char *path)
{
	uint64_t id = 0;
	int rc = um_mount_id(path, &id);

	if (rc == -EACCES)
		rc = mount_id_asking(AT_FDCWD, path, AT_NO_AUTOMOUNT, 0, &id,
				     NULL);
	return rc < 0 ? NULL : um_table_find_id(tb, id);
}

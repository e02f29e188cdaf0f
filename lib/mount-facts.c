// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A mount's owner, nomnt and flags, from the kernel's two sources.
 *
 * statmount(2) (Linux 6.8) answers for one mount, named by the unique ID
 * statx(2) gives for a path or a descriptor: no table is read and no name
 * is matched, and the answer is the kernel's for that mount when asked,
 * not for the mount table read earlier (root pinning a path for a user
 * asks mount by mount while she may be stacking new ones). It says who
 * owns the mount only with the series' 0025 (kernel/6.12): a kernel whose
 * answer lacks UM_STATMOUNT_MNT_OWNER, or has no statmount, is read in
 * /proc/self/mountinfo as before, which every kernel with the series has.
 * Both must give the same facts (tests/vm/mount-facts.c checks it).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "abi.h"
#include "mount-facts.h"
#include "owner.h"
#include "xmount-opts.h"

int um_facts_from_fs(struct libmnt_fs *fs, struct um_mount_facts *f)
{
	int rc;

	memset(f, 0, sizeof(*f));
	if (!fs)
		return -ENOENT;
	f->id = (uint64_t)mnt_fs_get_id(fs);
	rc = um_fs_owner(fs, &f->owner);
	if (rc < 0)
		return rc;
	f->owned = rc == 1;
	f->nomnt = um_fs_has_nomnt(fs);
	f->attr = um_xopts_vfs_attr(mnt_fs_get_vfs_options(fs)) &
		  UM_FACTS_ATTR;
	return 0;
}

/* Once a kernel has shown it does not answer, it is not asked again. */
static bool statmount_answers = true;

static int statmount_id(uint64_t id, struct um_statmount *sm)
{
	struct um_mnt_id_req req = {
		.size = 24,
		.mnt_id = id,
		.param = UM_STATMOUNT_MNT_BASIC | UM_STATMOUNT_MNT_OWNER,
	};

	if (syscall(SYS_statmount, &req, sm, sizeof(*sm), 0) < 0)
		return -errno;
	if (!(sm->mask & UM_STATMOUNT_MNT_BASIC) ||
	    !(sm->mask & UM_STATMOUNT_MNT_OWNER))
		return -ENOSYS;
	return 0;
}

/*
 * The facts of the mount @path (relative to @dfd, with statx's @flags)
 * is on, from statmount(2): 0, -ENOSYS where the kernel cannot say, or
 * -errno (EACCES: a FUSE mount its owner alone may look at).
 */
int um_facts_from_statmount(int dfd, const char *path, int flags,
			    struct um_mount_facts *f)
{
	struct um_statmount sm;
	struct statx stx;
	int rc;

	memset(f, 0, sizeof(*f));
	if (!statmount_answers)
		return -ENOSYS;
	if (statx(dfd, path, flags, UM_STATX_MNT_ID_UNIQUE, &stx) < 0)
		return -errno;
	if (!(stx.stx_mask & UM_STATX_MNT_ID_UNIQUE))
		rc = -ENOSYS;
	else
		rc = statmount_id(stx.stx_mnt_id, &sm);
	if (rc == -ENOSYS)
		statmount_answers = false;
	if (rc < 0)
		return rc;
	f->id = sm.mnt_id_old;
	f->owned = sm.mnt_owner != UM_STATMOUNT_NO_OWNER;
	f->owner = f->owned ? (uid_t)sm.mnt_owner : 0;
	f->nomnt = sm.mnt_attr & UM_MOUNT_ATTR_NOMNT;
	f->attr = sm.mnt_attr & UM_FACTS_ATTR;
	return 0;
}

/*
 * The facts of the mount @path (as above) is on: statmount's where the
 * kernel answers, else @tb's entry with that mount's ID (-ESTALE if @tb
 * does not show it: a mount made since it was read).
 */
int um_facts_at(int dfd, const char *path, int flags,
		struct libmnt_table *tb, struct um_mount_facts *f)
{
	uint64_t id;
	int rc = um_facts_from_statmount(dfd, path, flags, f);

	/* EPERM: a mount outside the caller's root, which mountinfo
	 * does not show either */
	if (rc != -ENOSYS && rc != -EPERM)
		return rc;
	rc = um_mount_id_at(dfd, path, flags, &id, NULL);
	if (rc < 0)
		return rc;
	rc = um_facts_from_fs(um_table_find_id(tb, id), f);
	return rc == -ENOENT ? -ESTALE : rc;
}

/*
 * The facts of the mount a refusal is about, which @path reaches even
 * where the caller may not look at it (um_table_find_reached()): only for
 * the words of a message. With no @tb, mountinfo is read only where
 * statmount(2) cannot answer.
 */
int um_facts_reached(const char *path, struct libmnt_table *tb,
		     struct um_mount_facts *f)
{
	int rc = um_facts_from_statmount(AT_FDCWD, path, AT_NO_AUTOMOUNT, f);
	struct libmnt_table *own = NULL;

	if (rc == 0)
		return 0;
	if (!tb)
		tb = own = mnt_new_table_from_file("/proc/self/mountinfo");
	rc = tb ? um_facts_from_fs(um_table_find_reached(tb, path), f) :
		  -ENOMEM;
	mnt_unref_table(own);
	return rc;
}

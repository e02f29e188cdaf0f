// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * After root's umount: do users' mounts still hold the filesystem?
 *
 * A user's bind of a directory on root's filesystem keeps that filesystem
 * alive after root unmounts its last mount of it, as a bind in another
 * mount namespace does: the USB stick is still in use, the LUKS volume
 * cannot be closed, and umount said nothing.  Name those mounts, with
 * their owners, and how to remove them.  The kernel records the owner
 * (user=UID in mountinfo), so only mounts that carry one count; while
 * root still has a mount of the filesystem, nothing is said.
 */
#include <err.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "lazymount.h"
#include "owner.h"
#include "owner-heldby.h"
#include "policy-kernel-explain.h"
#include "printable.h"

/* Mounts of @devno in @tb: all of them in *@all, users' in *@users. */
static void count_mounts(struct libmnt_table *tb, dev_t devno, int *all,
			 int *users)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	uid_t uid;

	*all = *users = 0;
	if (!itr)
		return;
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		if (mnt_fs_get_devno(fs) != devno)
			continue;
		(*all)++;
		if (um_fs_owner(fs, &uid) == 1)
			(*users)++;
	}
	mnt_free_iter(itr);
}

static void list_users_mounts(struct libmnt_table *tb, dev_t devno)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	char name[64], *target;
	uid_t uid;

	if (!itr)
		return;
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		if (mnt_fs_get_devno(fs) != devno ||
		    um_fs_owner(fs, &uid) != 1)
			continue;
		um_user_name(uid, name, sizeof(name));
		target = um_printable(mnt_fs_get_target(fs));
		fprintf(stderr, "        %s (%s)\n", target ? target : "?",
			name);
		free(target);
	}
	mnt_free_iter(itr);
}

/*
 * The device of the filesystem @cxt is about to unmount, before root's
 * umount: libmount's own entry when it read one from mountinfo (2.38);
 * otherwise (2.40+ may find the mount by statfs alone) the entry found in
 * mountinfo by the target's name, never by a stat of it, which a hung
 * network or FUSE filesystem would not answer.  0 if none.
 */
dev_t um_mounted_devno(struct libmnt_context *cxt)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	const char *target = mnt_context_get_target(cxt);
	struct libmnt_table *tb;
	dev_t devno = 0;

	if (fs && mnt_fs_get_devno(fs))
		return mnt_fs_get_devno(fs);
	if (!target)
		return 0;
	tb = mnt_new_table_from_file("/proc/self/mountinfo");
	if (!tb)
		return 0;
	fs = mnt_table_find_target(tb, target, MNT_ITER_BACKWARD);
	if (fs)
		devno = mnt_fs_get_devno(fs);
	mnt_unref_table(tb);
	return devno;
}

void um_report_held_by_users(dev_t devno, const char *target)
{
	struct libmnt_table *tb;
	int all, users;
	char *name;

	if (!devno)
		return;
	tb = mnt_new_table_from_file("/proc/self/mountinfo");
	if (!tb)
		return;
	count_mounts(tb, devno, &all, &users);
	if (users && users == all) {
		name = um_printable(target);
		warnx("%s: the filesystem stays in use by users' mounts of it; "
		      "umount -l them to release it:", name ? name : "?");
		free(name);
		list_users_mounts(tb, devno);
	}
	mnt_unref_table(tb);
}

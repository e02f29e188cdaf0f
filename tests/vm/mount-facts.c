// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount-facts: do statmount(2) and /proc/self/mountinfo tell the same of
 * each mount? For every mount mountinfo shows that a lookup of its
 * target reaches (not one covered by a later mount, not one whose
 * filesystem hides it from the caller), lib/mount-facts.c's two readings
 * are compared: the owner, nomnt and the per-mount flags. One line per
 * mount compared:
 *     ID TARGET owner=UID|- nomnt=0|1 attr=0xHEX
 * then "compared N, unreachable M". Exit 0: all the same; 1: a
 * difference (printed as "differs: ..."); 2: this kernel's statmount does
 * not tell owners.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "mount-facts.h"
#include "owner.h"

static void show(const char *what, const char *tgt,
		 const struct um_mount_facts *f)
{
	char owner[16] = "-";

	if (f->owned)
		snprintf(owner, sizeof(owner), "%u", (unsigned)f->owner);
	printf("%s%llu %s owner=%s nomnt=%d attr=%#llx\n", what,
	       (unsigned long long)f->id, tgt, owner, f->nomnt,
	       (unsigned long long)f->attr);
}

static bool same(const struct um_mount_facts *a,
		 const struct um_mount_facts *b)
{
	return a->id == b->id && a->owned == b->owned &&
	       (!a->owned || a->owner == b->owner) && a->nomnt == b->nomnt &&
	       a->attr == b->attr;
}

/* 1: compared, the same; 0: not reachable; -1: they differ */
static int compare(struct libmnt_fs *fs)
{
	const char *tgt = mnt_fs_get_target(fs);
	struct um_mount_facts sm, mi;
	int rc;

	if (um_facts_from_fs(fs, &mi) < 0)
		return -1;
	rc = um_facts_from_statmount(AT_FDCWD, tgt, AT_NO_AUTOMOUNT |
				     AT_SYMLINK_NOFOLLOW, &sm);
	if (rc == -ENOSYS)
		return -2;
	if (rc < 0 || sm.id != mi.id)
		return 0;	/* hidden from the caller, or covered */
	show("", tgt, &sm);
	if (same(&sm, &mi))
		return 1;
	show("differs: mountinfo: ", tgt, &mi);
	return -1;
}

int main(void)
{
	struct libmnt_table *tb = mnt_new_table_from_file("/proc/self/mountinfo");
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	int compared = 0, unreachable = 0, differ = 0, rc;

	if (!tb || !itr) {
		fprintf(stderr, "mount-facts: cannot read mountinfo\n");
		return 1;
	}
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		rc = compare(fs);
		if (rc == -2) {
			printf("statmount: this kernel does not tell owners\n");
			return 2;
		}
		if (rc == 1)
			compared++;
		else if (rc == 0)
			unreachable++;
		else
			differ++;
	}
	printf("compared %d, unreachable %d\n", compared, unreachable);
	mnt_free_iter(itr);
	mnt_unref_table(tb);
	return differ ? 1 : 0;
}

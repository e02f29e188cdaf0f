// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which mounts umount hands to fusermount3 (lib/fuse-umount.c): FUSE
 * types only, and user_id= the caller's uid as a whole number.
 */
#include <stdio.h>
#include <unistd.h>

#include "fuse-umount.h"
#include "tap.h"

static bool callers(const char *type, const char *opts)
{
	struct libmnt_fs *fs = mnt_new_fs();
	bool yes;

	mnt_fs_set_fstype(fs, type);
	mnt_fs_set_options(fs, opts);	/* user_id=: a filesystem option */
	yes = um_fuse_is_callers(fs);
	mnt_unref_fs(fs);
	return yes;
}

int main(void)
{
	char mine[64], other[64], padded[64];

	snprintf(mine, sizeof(mine), "rw,user_id=%u,group_id=%u",
		 (unsigned)getuid(), (unsigned)getgid());
	snprintf(other, sizeof(other), "rw,user_id=%u,group_id=0",
		 (unsigned)getuid() + 1);
	snprintf(padded, sizeof(padded), "rw,user_id=0%u", (unsigned)getuid());

	CHECK(callers("fuse.sshfs", mine), "fuse.sshfs with my user_id");
	CHECK(callers("fuse", mine), "fuse with my user_id");
	CHECK(callers("fuseblk", mine), "fuseblk with my user_id");
	CHECK(!callers("fuse.sshfs", other), "another uid's user_id");
	CHECK(!callers("tmpfs", mine), "not FUSE: user_id= means nothing");
	CHECK(!callers("fusectl", mine), "fusectl is not a FUSE mount");
	CHECK(!callers("fuse.sshfs", "rw,group_id=0"), "no user_id");
	CHECK(!callers("fuse.sshfs", padded), "a leading zero is no uid");
	CHECK(!callers("fuse.sshfs", "rw,user_id=,group_id=0"), "empty user_id");
	CHECK(!callers(NULL, mine), "no type");
	CHECK(um_is_fuse_type("fuse.") && !um_is_fuse_type("fuseX"),
	      "fuse. prefix, not any fuse word");
	return tap_done();
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A user's own FUSE mount unmounted through fusermount3, on a kernel
 * without the series, by a umount without the setuid bit.
 *
 * util-linux's umount, setuid root as Debian installs it, lets a user
 * unmount a FUSE mount whose user_id= is the user's own (libmount's
 * restricted rules) and makes the umount2() as root. usermount's umount
 * has no setuid bit unless the admin opts in, so there the caller's own
 * umount2() is refused ("must be superuser to unmount."), and sshfs or
 * squashfuse users would have to learn "fusermount3 -u". FUSE's own
 * privileged helper is fusermount3: the unmount goes to it, and its
 * policy (the same rule: the mount's user_id is the caller's) decides.
 * No second privileged policy is written here, and nothing runs with
 * rights the caller did not have.
 */
#include <errno.h>
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuse-umount.h"
#include "owner.h"

/* Another fusermount3, for the tests; this process has no rights */
#define UM_FUSERMOUNT3_ENV "USERMOUNT_UMOUNT_FUSERMOUNT3"

bool um_is_fuse_type(const char *type)
{
	return type && (strcmp(type, "fuse") == 0 ||
			strcmp(type, "fuseblk") == 0 ||
			strncmp(type, "fuse.", 5) == 0);
}

/* Is @fs a FUSE mount made for the caller (its user_id= the caller's)? */
bool um_fuse_is_callers(struct libmnt_fs *fs)
{
	char *val = NULL;
	size_t sz = 0;
	uid_t uid;

	if (!um_is_fuse_type(mnt_fs_get_fstype(fs)) ||
	    mnt_optstr_get_option(mnt_fs_get_fs_options(fs), "user_id", &val,
				  &sz) != 0 ||
	    um_parse_uid(val, sz, &uid) < 0)
		return false;
	return uid == getuid();
}

/*
 * Run @fusermount3 -u [-z] -- TARGET for @fs, as the caller; the caller
 * checks the mount is gone. fusermount3 words its own refusals. Returns
 * 0 or MNT_EX_FAIL.
 */
int um_fuse_umount(struct libmnt_fs *fs, const char *fusermount3, bool lazy)
{
	const char *target = mnt_fs_get_target(fs);
	const char *env = secure_getenv(UM_FUSERMOUNT3_ENV);
	char *argv[6];
	int i = 0, status;
	pid_t pid;

	if (env && *env)
		fusermount3 = env;
	argv[i++] = "fusermount3";
	argv[i++] = "-u";
	if (lazy)
		argv[i++] = "-z";
	argv[i++] = "--";
	argv[i++] = (char *)target;
	argv[i] = NULL;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		warn("fork");
		return MNT_EX_FAIL;
	}
	if (pid == 0) {
		execv(fusermount3, argv);
		warn("%s: must be superuser to unmount, and %s, which unmounts "
		     "a user's FUSE mount, cannot run", target, fusermount3);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			warn("waitpid");
			return MNT_EX_FAIL;
		}
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? MNT_EX_SUCCESS :
							       MNT_EX_FAIL;
}

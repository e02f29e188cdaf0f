// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Who decides a user's FUSE mount: the kernel, or libfuse's fusermount3.
 *
 * With the mount-ownership series the kernel has the rules (a user's
 * FUSE mount only below a mount she owns, never in a nomnt mount, within
 * the limits, no allow_other, her own user_id and group_id), so this
 * program needs no privilege and keeps none: should it have been
 * installed setuid or setgid, the rights are given up before anything
 * else, and every later step is the caller's own.
 *
 * Without the series the kernel refuses every user's FUSE mount, and
 * only a privileged helper with a policy of its own can make one. That
 * is libfuse's fusermount3: the whole command line goes to it unchanged,
 * so FUSE users keep working exactly as they did, and its rules and
 * messages are the ones they know. This program writes no second
 * privileged policy. Where libfuse's fusermount3 is not installed, the
 * mount is refused, saying why.
 *
 * The Debian package installs this program setuid root and fuse3's
 * without the bit (debian/preinst), so that on a kernel with the series
 * no setuid helper mounts for a user at all: the rights are kept only
 * to run fuse3's on a kernel without it, as its own bit would have. Which
 * kernel it is comes from the kernel's own procfs, never from a missing
 * file: in a chroot without /proc the sysctl is missing on any kernel.
 */
#include <err.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>
#include <unistd.h>

#include "fusermount.h"
#include "kernel-series.h"
#include "privs.h"

/* Where libfuse's own fusermount3 is (configure --with-fusermount3-fallback) */
#ifndef FM_FALLBACK
#define FM_FALLBACK "/usr/bin/fusermount3"
#endif
/* Another path, for tests; honoured only in a run without privilege */
#define FM_FALLBACK_ENV "USERMOUNT_FUSERMOUNT3"

static bool privileged(void)
{
	return getauxval(AT_SECURE) || getuid() != geteuid() ||
	       getgid() != getegid();
}

/* The rights of a setuid or setgid install, given up for good. */
static void drop_rights(void)
{
	int rc = um_privs_give_up();

	if (rc < 0) {
		errno = -rc;
		err(EXIT_FAILURE, "cannot give up the setuid rights");
	}
}

/* Is @path this very program (the fallback configured as its own path)? */
static bool is_self(const char *path)
{
	struct stat self, st;

	return stat("/proc/self/exe", &self) == 0 && stat(path, &st) == 0 &&
	       self.st_dev == st.st_dev && self.st_ino == st.st_ino;
}

static void __attribute__((__noreturn__)) run_fallback(char **argv)
{
	const char *path = FM_FALLBACK;
	const char *env = getenv(FM_FALLBACK_ENV);

	if (env && *env && !privileged())
		path = env;
	if (is_self(path))
		errx(EXIT_FAILURE,
		     "this kernel lets no user mount FUSE without privilege, "
		     "and %s is this program, not libfuse's fusermount3",
		     path);
	/* argv[0] unchanged: its messages name what libfuse ran */
	execv(path, argv);
	if (errno == ENOENT)
		errx(EXIT_FAILURE,
		     "this kernel lets no user mount FUSE without privilege, "
		     "and libfuse's fusermount3 is not installed (%s)",
		     path);
	err(EXIT_FAILURE, "cannot run %s", path);
}

/* Is /proc/sys the kernel's procfs, where the series' sysctl would be? */
static bool procfs_mounted(void)
{
	struct statfs sfs;

	return statfs("/proc/sys", &sfs) == 0 && sfs.f_type == PROC_SUPER_MAGIC;
}

void fm_policy_start(char **argv)
{
	if (privileged() && !procfs_mounted()) {
		drop_rights();
		errx(EXIT_FAILURE, "/proc is not mounted: cannot tell whether "
				   "this kernel lets users mount FUSE");
	}
	if (!um_kernel_has_ownership())
		run_fallback(argv);
	if (privileged())
		drop_rights();
}

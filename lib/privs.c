// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Entry to and exit from the setuid mode.
 *
 * um_privs_init() runs first in main(), before any library call: when the
 * program runs with more rights than its caller, the caller's environment
 * is replaced by a short, known-safe one. That removes LIBMOUNT_* (fstab,
 * mtab and utab paths, debug masks), LD_*, IFS, PATH and locale paths in
 * one step, instead of trusting a deny-list to be complete.
 */
#include <err.h>
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/fsuid.h>

#include "privs.h"

static bool privileged;

/* Locale variables survive only as plain names: no '/' to load files from. */
static const char *const keep_env[] = {
	"LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TERM",
};

static bool safe_value(const char *v)
{
	return v && strlen(v) < 256 && !strchr(v, '/');
}

static void sanitize_env(void)
{
	const char *saved[sizeof(keep_env) / sizeof(keep_env[0])];
	size_t i;

	for (i = 0; i < sizeof(keep_env) / sizeof(keep_env[0]); i++) {
		const char *v = getenv(keep_env[i]);

		saved[i] = safe_value(v) ? strdup(v) : NULL;
	}
	clearenv();
	for (i = 0; i < sizeof(keep_env) / sizeof(keep_env[0]); i++) {
		if (saved[i])
			setenv(keep_env[i], saved[i], 1);
		free((char *)saved[i]);
	}
	setenv("PATH", "/usr/sbin:/usr/bin:/sbin:/bin", 1);
}

void um_privs_init(void)
{
	privileged = getuid() != geteuid() || getgid() != getegid();
	if (privileged)
		sanitize_env();
}

/*
 * Group first (it cannot be changed once the user is not root any more),
 * then user, then check that neither took the ids elsewhere and neither
 * can be regained.
 */
static int become(uid_t uid, gid_t gid)
{
	if (setresgid(gid, gid, gid) < 0 || setresuid(uid, uid, uid) < 0)
		return -errno;
	if (getegid() != gid || geteuid() != uid)
		return -EPERM;
	if (uid != 0 && (setuid(0) == 0 || seteuid(0) == 0))
		return -EPERM;
	if (gid != 0 && uid != 0 && setgid(0) == 0)
		return -EPERM;
	return 0;
}

/*
 * Give up the rights of a setuid or setgid install for good, whether or
 * not um_privs_init() ran (fusermount3 keeps its caller's environment for
 * libfuse's protocol).
 */
int um_privs_give_up(void)
{
	return become(getuid(), getgid());
}

/*
 * Root becomes @uid for good, with no supplementary groups and the group
 * of @uid's passwd entry (none: the overflow group, 65534): what root
 * does for a user from here on, the kernel judges as done by her.
 */
int um_privs_become(uid_t uid)
{
	struct passwd *pw = getpwuid(uid);

	if (setgroups(0, NULL) < 0)
		return -errno;
	return become(uid, pw ? pw->pw_gid : 65534);
}

/* The same for the mount tools, which know whether they had rights. */
int um_privs_drop(void)
{
	int rc;

	if (!privileged)
		return 0;
	rc = um_privs_give_up();
	if (rc == 0)
		privileged = false;
	return rc;
}

/*
 * Root acting for @uid: file access with her fsuid (mount(2) records it
 * as the owner; lookups are checked with it). Returns the fsuid to give
 * back to um_privs_fsuid(); a uid that does not exist here (a user
 * namespace without it) ends the tool, as nothing can be done for it.
 */
uid_t um_privs_fsuid(uid_t uid)
{
	uid_t saved = setfsuid(uid);

	if ((uid_t)setfsuid((uid_t)-1) != uid)
		errx(MNT_EX_SYSERR, "cannot switch to uid %u", (unsigned)uid);
	return saved;
}

/*
 * Act with the caller's rights (the effective ids; the saved set-user-ID
 * keeps root reachable for the way back), and back. Group first on the
 * way out, user first on the way back, as a drop must be ordered.
 */
static int as_caller(uid_t *euid, gid_t *egid)
{
	int e;

	*euid = geteuid();
	*egid = getegid();
	if (setegid(getgid()) < 0)
		return -1;
	if (seteuid(getuid()) < 0) {
		e = errno;
		if (setegid(*egid) < 0)
			abort();
		errno = e;
		return -1;
	}
	return 0;
}

static void as_before(uid_t euid, gid_t egid)
{
	int e = errno;

	if (seteuid(euid) < 0 || setegid(egid) < 0)
		abort();	/* half-restored rights: stop here */
	errno = e;
}

/*
 * realpath() with the caller's rights, not the setuid ones, so a path the
 * caller cannot look up gives NULL whether or not it exists.
 */
char *um_privs_canonicalize(const char *path)
{
	uid_t euid;
	gid_t egid;
	char *res;

	if (!privileged)
		return realpath(path, NULL);
	if (as_caller(&euid, &egid) < 0)
		return NULL;
	res = realpath(path, NULL);
	as_before(euid, egid);
	return res;
}

/*
 * libmount's fstab lookup with the caller's rights: to match a path with
 * a LABEL= or UUID= line it opens the path and probes it with libblkid,
 * which must not happen as root for a file the caller names (a file they
 * may not read, or an image crafted for the prober).
 */
int um_privs_apply_fstab(struct libmnt_context *cxt)
{
	uid_t euid;
	gid_t egid;
	int rc;

	if (!privileged)
		return mnt_context_apply_fstab(cxt);
	if (as_caller(&euid, &egid) < 0)
		return -errno;
	rc = mnt_context_apply_fstab(cxt);
	as_before(euid, egid);
	return rc;
}

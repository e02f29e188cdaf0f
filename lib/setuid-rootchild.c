// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The setuid mode's change of the system (mount(2) or umount2, then
 * libmount's utab update, then the report) out of the caller's reach.
 *
 * A process whose real or saved uid is the caller's may be stopped or
 * killed by the caller (kill(2)'s rule), and the terminal signals its
 * foreground process group whatever the ids. Stopped while it holds
 * /run/mount/utab.lock, it hangs every later mount on the system, root's
 * included; killed between mount(2) and the utab update, it leaves a
 * user mount without its user= line. The caller's resource limits cut
 * the utab update short the same way (RLIMIT_FSIZE, RLIMIT_NOFILE,
 * RLIMIT_AS): a user= line is then left for a mount that is gone, and
 * root's later mount on the same place is taken for the user's.
 *
 * So the change runs in a child that has become root in every id, has left the
 * caller's session, cgroup and scheduling (lib/setuid-outofreach.c) and has
 * lifted the caller's limits (or, where it cannot and too little is left, stops
 * before any change), and the tool waits for it, holding nothing: not even
 * utab's lock for an instant. Killing the tool then leaves the child to finish:
 * the mount and utab stay consistent. Only the change runs there; every check
 * has been made before, and a mount.TYPE helper, which must run as the caller,
 * is never run from it (lib/policy.c).
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "lazymount.h"
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "setuid-outofreach.h"
#include "setuid-rootchild.h"

/*
 * utab and libmount's lock on it (2.38 to 2.41). libmount has no call that
 * names them; tests/security/attacks.bats fails if this is not the file
 * it locks.
 */
#define UTAB "/run/mount/utab"
#define UTAB_LOCK UTAB ".lock"
#define LOCK_WAIT_SECONDS 5

/*
 * Wait, for a few seconds at most, until no one holds utab's lock: a
 * holder that does not let go gets a clear error before anything is
 * changed, never a hang after mount(2). Returns 0 to go on (also when the
 * lock file cannot be opened: libmount then reports that itself), or an
 * exit code after saying why.
 *
 * Only the root child, out of the caller's reach, may look: the look
 * takes the lock for an instant, and the tool she started is hers to
 * stop (its real uid is hers) or freeze (its cgroup is hers), so that
 * instant could be made to last for ever. No way to look without taking
 * serves: libmount locks with flock(2), and fcntl's F_GETLK and
 * F_OFD_GETLK see only fcntl locks, never flock's; /proc/locks would do,
 * but a lock seen free there may be taken an instant later all the same.
 */
static int utab_lock_wait(void)
{
	struct timespec nap = { 0, 50 * 1000 * 1000 };
	int fd, i;

	fd = open(UTAB_LOCK, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return 0;
	for (i = 0; i < LOCK_WAIT_SECONDS * 20; i++) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
			close(fd);	/* and with it the lock */
			return 0;
		}
		if (errno != EWOULDBLOCK && errno != EINTR) {
			close(fd);
			return 0;	/* not "held": libmount will say */
		}
		nanosleep(&nap, NULL);
	}
	close(fd);
	warnx("%s is held by another process; gave up after %d seconds, "
	      "nothing was changed", UTAB_LOCK, LOCK_WAIT_SECONDS);
	return MNT_EX_FILEIO;
}

/*
 * Lift the caller's limit @res for the change. Without CAP_SYS_RESOURCE
 * (a container may run without it) root cannot raise a hard limit the
 * caller lowered: the change is then made only if what is left is at
 * least @need, and refused before anything is changed otherwise.
 */
static int lift(int res, rlim_t need, const char *what)
{
	struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };

	if (setrlimit(res, &rl) == 0)
		return 0;
	if (getrlimit(res, &rl) < 0)
		return -1;
	rl.rlim_cur = rl.rlim_max;
	if (setrlimit(res, &rl) < 0)
		return -1;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
		warnx("cannot lift the %s limit for the utab update; nothing "
		      "was changed", what);
		return -1;
	}
	return 0;
}

/*
 * Root's limits for the change: none on what the utab update needs. The
 * minimums are generous for one utab rewrite: its size and a line more on
 * disk, a few descriptors, the table in memory, a moment of CPU time.
 */
static int root_limits(void)
{
	struct stat st;
	rlim_t fsize = 64 * 1024;

	if (stat(UTAB, &st) == 0)
		fsize += (rlim_t)st.st_size;
	if (lift(RLIMIT_FSIZE, fsize, "file size") < 0 ||
	    lift(RLIMIT_NOFILE, 64, "open files") < 0 ||
	    lift(RLIMIT_AS, 256 << 20, "address space") < 0 ||
	    lift(RLIMIT_DATA, 256 << 20, "data size") < 0 ||
	    lift(RLIMIT_CPU, 30, "CPU time") < 0)
		return -1;
	return 0;
}

/*
 * Root in every id, no supplementary group of the caller's, out of the
 * caller's session and terminal, root's umask. Checked: a child that is
 * still the caller's in any id stops here.
 */
static int become_root(void)
{
	uid_t r, e, s;
	gid_t gr, ge, gs;

	if (setsid() < 0 || setgroups(0, NULL) < 0 ||
	    setresgid(0, 0, 0) < 0 || setresuid(0, 0, 0) < 0)
		return -1;
	if (getresuid(&r, &e, &s) < 0 || getresgid(&gr, &ge, &gs) < 0 ||
	    r != 0 || e != 0 || s != 0 || gr != 0 || ge != 0 || gs != 0)
		return -1;
	umask(022);
	return 0;
}

/* The child's status as the tool's: its exit code, or its signal. */
static int child_status(int st)
{
	int sig;

	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (!WIFSIGNALED(st))
		return MNT_EX_SOFTWARE;
	sig = WTERMSIG(st);
	fflush(stdout);
	signal(sig, SIG_DFL);
	raise(sig);
	return 128 + sig;	/* the caller ignores it: say it as a shell */
}

/*
 * The child, before it does anything: out of the caller's reach (ids,
 * session, cgroup, scheduling, limits), then utab's lock seen free if
 * @utab. Returns 0 to go on, or an exit code after saying why not.
 */
static int child_prepare(bool utab)
{
	if (become_root() < 0) {
		warn("cannot become root; nothing was changed");
		return MNT_EX_SYSERR;
	}
	if (um_out_of_reach() < 0 || root_limits() < 0)
		return MNT_EX_SYSERR;
	return utab ? utab_lock_wait() : 0;
}

/*
 * Run @change(@arg) as root out of the caller's reach and wait for it;
 * @utab: the change updates utab. Returns its exit code (it returns one),
 * or an exit code after saying why nothing could be run.
 */
int um_rootchild_run(int (*change)(void *), void *arg, bool utab)
{
	pid_t pid;
	int st;

	/* nothing buffered may be written twice */
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		warn("cannot fork; nothing was changed");
		return MNT_EX_SYSERR;
	}
	if (pid == 0) {
		st = child_prepare(utab);
		if (st)
			_exit(st);
		/* exit(): its report must be written, as the tool's would */
		exit(change(arg));
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			warn("waitpid");
			return MNT_EX_SYSERR;
		}
	return child_status(st);
}

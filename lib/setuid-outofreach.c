// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The root child (lib/setuid-rootchild.c) leaves what it inherited from the
 * caller's process besides ids, session and limits: her cgroup and her
 * scheduling.
 *
 * On a systemd machine the user owns her cgroup subtree (user@UID.service,
 * Delegate=yes) and every cgroup she makes in it: cgroup.freeze,
 * cgroup.kill, memory.max and memory.high there reach any process in it,
 * whatever its ids, kill(2)'s rule notwithstanding. A root child left in
 * it could be frozen holding utab's lock (every mount on the system then
 * hangs) or killed between the syscall and the utab update (a stale or
 * missing user= line). So the child moves itself to the root of the
 * cgroup v2 hierarchy; if it cannot, and the cgroup it is in is hers, it
 * changes nothing. Her scheduling policy (SCHED_IDLE), nice value, idle
 * I/O class and a single CPU would let her starve it the same way, more
 * slowly: it takes the defaults back.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "lazymount.h"
#include "setuid-outofreach.h"

/* linux/ioprio.h: class none (0) is the default, derived from nice 0 */
#define UM_IOPRIO_WHO_PROCESS 1
#define UM_IOPRIO_DEFAULT 0

/* more CPUs than any kernel allows (NR_CPUS is at most 8192) */
#define UM_MAX_CPUS 8192

/* The directory the cgroup v2 hierarchy's root is mounted on, or NULL. */
static char *cgroup2_root(void)
{
	struct libmnt_table *tb;
	struct libmnt_iter *itr;
	struct libmnt_fs *fs;
	const char *type, *root;
	char *dir = NULL;

	tb = mnt_new_table_from_file("/proc/self/mountinfo");
	itr = mnt_new_iter(MNT_ITER_FORWARD);
	while (tb && itr && !dir && mnt_table_next_fs(tb, itr, &fs) == 0) {
		type = mnt_fs_get_fstype(fs);
		root = mnt_fs_get_root(fs);
		if (type && root && !strcmp(type, "cgroup2") &&
		    !strcmp(root, "/"))
			dir = strdup(mnt_fs_get_target(fs));
	}
	mnt_free_iter(itr);
	mnt_unref_table(tb);
	return dir;
}

/* Move this process into the cgroup at @dir. */
static int move_to(const char *dir)
{
	char path[PATH_MAX];
	int fd, n;

	if (snprintf(path, sizeof(path), "%s/cgroup.procs", dir) >=
	    (int)sizeof(path))
		return -1;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = write(fd, "0\n", 2);	/* 0: the writer itself */
	if (close(fd) < 0 || n != 2)
		return -1;
	return 0;
}

/*
 * This process's cgroup v2 path into @buf. The first "0::" line: a name
 * may hold a newline, but only in a cgroup its maker names, and v1 lines,
 * which come first, are not delegated to users; the path cut at such a
 * newline still names the user's cgroup or an ancestor of it.
 */
static int own_cgroup(char *buf, size_t sz)
{
	FILE *f = fopen("/proc/self/cgroup", "re");
	char *nl;
	int rc = -1;

	if (!f)
		return -1;
	while (fgets(buf, sz, f))
		if (!strncmp(buf, "0::/", 4)) {
			nl = strchr(buf, '\n');
			if (nl)
				*nl = '\0';
			memmove(buf, buf + 3, strlen(buf + 3) + 1);
			rc = 0;
			break;
		}
	fclose(f);
	return rc;
}

/*
 * Is @path, or its cgroup.procs, owned by someone other than root? A
 * cgroup that is not there (its owner renamed it since) is judged by its
 * parent: the cgroup delegated to her is in one of root's, where she can
 * rename nothing.
 */
static bool not_roots(const char *path)
{
	char procs[PATH_MAX];
	struct stat st;

	if (stat(path, &st) == 0 && st.st_uid != 0)
		return true;
	if (snprintf(procs, sizeof(procs), "%s/cgroup.procs", path) >=
	    (int)sizeof(procs))
		return true;
	return stat(procs, &st) == 0 && st.st_uid != 0;
}

/*
 * Is cgroup @cg (a path below the hierarchy's root at @root) one a user
 * may freeze, kill or squeeze: one that she, or an ancestor she, owns
 * (what delegation chowns)? Not knowing counts as yes.
 */
static bool users_cgroup(const char *root, const char *cg)
{
	char path[PATH_MAX];
	size_t rlen = strlen(root);

	if (snprintf(path, sizeof(path), "%s%s", root, cg) >=
	    (int)sizeof(path))
		return true;
	while (strlen(path) > rlen) {
		if (not_roots(path))
			return true;
		*strrchr(path, '/') = '\0';
	}
	return false;
}

/*
 * Out of the caller's cgroup: into the root of the cgroup v2 hierarchy.
 * Where that fails (none mounted here, a read-only mount in a container)
 * the cgroup it is in is fine unless a user owns it or one above it.
 */
static int leave_cgroup(void)
{
	char *root = cgroup2_root();
	char cg[PATH_MAX];
	int why, rc = 0;

	if (!root || move_to(root) == 0) {
		free(root);
		return 0;
	}
	why = errno;
	if (own_cgroup(cg, sizeof(cg)) < 0)
		snprintf(cg, sizeof(cg), "(unknown)");
	else if (!users_cgroup(root, cg))
		goto out;
	warnx("cannot leave cgroup %s (%s), which a user may freeze or "
	      "kill; nothing was changed", cg, strerror(why));
	rc = -1;
out:
	free(root);
	return rc;
}

/*
 * The defaults a root process started by init has: SCHED_OTHER (which
 * also clears SCHED_RESET_ON_FORK), nice 0, the default I/O class, every
 * CPU (the kernel keeps those of the cpuset). The child has left the
 * caller's session, and with it her autogroup's nice value. A failure is
 * a refusal: it leaves the caller's setting in place.
 */
static int default_scheduling(void)
{
	static unsigned long cpus[UM_MAX_CPUS / (8 * sizeof(long))];
	struct sched_param sp = { .sched_priority = 0 };

	memset(cpus, 0xff, sizeof(cpus));
	if (sched_setscheduler(0, SCHED_OTHER, &sp) < 0 ||
	    setpriority(PRIO_PROCESS, 0, 0) < 0 ||
	    syscall(SYS_ioprio_set, UM_IOPRIO_WHO_PROCESS, 0,
		    UM_IOPRIO_DEFAULT) < 0 ||
	    sched_setaffinity(0, sizeof(cpus), (cpu_set_t *)cpus) < 0) {
		warn("cannot leave the caller's scheduling; nothing was "
		     "changed");
		return -1;
	}
	return 0;
}

int um_out_of_reach(void)
{
	if (leave_cgroup() < 0 || default_scheduling() < 0)
		return -1;
	return 0;
}

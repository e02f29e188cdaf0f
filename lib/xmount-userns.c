// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The user namespace an idmapped mount takes its mapping from
 * (X-mount.idmap=, --map-users, --map-groups), as util-linux 2.42 reads
 * the option: a path to a user namespace, or a list of
 * "[u:|g:|b:]ID-MOUNT:ID-HOST:COUNT" separated by blanks, for which a new
 * user namespace is made with those uid and gid maps.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <linux/nsfs.h>

#include "xmount-userns.h"

/* An existing user namespace (the ioctl tells it is one). */
static int open_path(const char *path)
{
	uid_t uid;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);

	if (fd < 0)
		return -errno;
	if (ioctl(fd, NS_GET_OWNER_UID, &uid) < 0) {
		close(fd);
		return -EINVAL;
	}
	return fd;
}

/*
 * The lines of /proc/PID/uid_map (@type 'u') or gid_map ('g') from
 * @idmap into @buf. Returns their length, 0 for none, -EINVAL.
 */
static int map_lines(const char *idmap, char type, char *buf, size_t sz)
{
	const char *p = idmap;
	size_t len = 0;

	while (*p) {
		uint32_t in, out, count;
		char t = 'b';
		int n = 0;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		if ((*p == 'u' || *p == 'g' || *p == 'b') && p[1] == ':') {
			t = *p;
			p += 2;
		}
		if (*p < '0' || *p > '9' ||
		    sscanf(p, "%" SCNu32 ":%" SCNu32 ":%" SCNu32 "%n", &in,
			   &out, &count, &n) != 3 ||
		    (p[n] && p[n] != ' ' && p[n] != '\t'))
			return -EINVAL;
		p += n;
		if (t != 'b' && t != type)
			continue;
		n = snprintf(buf + len, sz - len,
			     "%" PRIu32 " %" PRIu32 " %" PRIu32 "\n", in, out,
			     count);
		if (n < 0 || (size_t)n >= sz - len)
			return -EINVAL;	/* the kernel takes one page */
		len += n;
	}
	return (int)len;
}

static int write_file(pid_t pid, const char *name, const char *s, size_t n)
{
	char path[64];
	int fd, e = 0;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, name);
	fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	if (write(fd, s, n) != (ssize_t)n)
		e = -errno ?: -EIO;
	close(fd);
	return e;
}

/* Give the namespace of child @pid the maps; check them first. */
static int write_maps(pid_t pid, const char *idmap)
{
	char uid[4096], gid[4096];
	int nu = map_lines(idmap, 'u', uid, sizeof(uid));
	int ng = map_lines(idmap, 'g', gid, sizeof(gid));
	int e = 0;

	if (nu < 0 || ng < 0 || (!nu && !ng))
		return -EINVAL;
	if (nu)
		e = write_file(pid, "uid_map", uid, nu);
	/* setgroups must be denied before an unprivileged gid_map */
	if (!e && ng && geteuid() != 0)
		e = write_file(pid, "setgroups", "deny\n", 5);
	if (!e && ng)
		e = write_file(pid, "gid_map", gid, ng);
	return e;
}

/*
 * A child makes a user namespace and waits; this process writes the maps
 * and opens the namespace, then lets the child go.
 */
static int make_userns(const char *idmap)
{
	int go[2], ready[2], fd = -EINVAL, status;
	char c = 0;
	pid_t pid;

	if (pipe2(go, O_CLOEXEC) < 0)
		return -errno;
	if (pipe2(ready, O_CLOEXEC) < 0) {
		close(go[0]);
		close(go[1]);
		return -errno;
	}
	pid = fork();
	if (pid == 0) {
		close(go[1]);
		close(ready[0]);
		if (unshare(CLONE_NEWUSER) < 0 || write(ready[1], &c, 1) != 1)
			_exit(1);
		_exit(read(go[0], &c, 1) < 0 ? 1 : 0);
	}
	close(go[0]);
	close(ready[1]);
	if (pid > 0 && read(ready[0], &c, 1) == 1) {
		char path[64];

		fd = write_maps(pid, idmap);
		snprintf(path, sizeof(path), "/proc/%d/ns/user", (int)pid);
		if (!fd)
			fd = open_path(path);
	} else if (pid < 0) {
		fd = -errno;
	}
	close(go[1]);	/* the child goes */
	close(ready[0]);
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return fd;
}

/*
 * An open user namespace for @idmap, to pass to mount_setattr(2). Returns
 * the fd, or a negative errno (-EINVAL: the list does not parse).
 */
int um_userns_open(const char *idmap)
{
	if (*idmap == '/')
		return open_path(idmap);
	return make_userns(idmap);
}

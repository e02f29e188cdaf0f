// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A FUSE mount for libfuse, as the caller, on a kernel with the series.
 *
 * libfuse's side of the protocol: it passes a connected socket in
 * _FUSE_COMMFD (or --comm-fd) and waits on it for the /dev/fuse
 * descriptor of the new mount (SCM_RIGHTS); end of file instead means
 * the mount failed. With -o auto_unmount it keeps its end open for as
 * long as the filesystem's daemon lives, and this program stays to
 * unmount the mount when that end closes, however the daemon ended;
 * --auto-unmount alone asks for that watch of a mount libfuse made.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuse-umount.h"
#include "fusermount.h"
#include "policy-kernel-explain.h"

#define FM_COMMFD_ENV "_FUSE_COMMFD"

/* The socket libfuse waits on, checked to be one; -1 when said why. */
static int comm_socket(const struct fm_cli *cli)
{
	const char *env = getenv(FM_COMMFD_ENV);
	struct stat st;
	char *end;
	long fd = cli->comm_fd;

	if (fd < 0) {
		if (!env || !*env) {
			warnx("not run by libfuse: no %s in the environment",
			      FM_COMMFD_ENV);
			return -1;
		}
		fd = strtol(env, &end, 10);
		if (*end || fd < 0 || fd > 1 << 20) {
			warnx("invalid %s: '%s'", FM_COMMFD_ENV, env);
			return -1;
		}
	}
	if (fstat((int)fd, &st) < 0 || !S_ISSOCK(st.st_mode)) {
		warnx("file descriptor %ld is not libfuse's socket", fd);
		return -1;
	}
	return (int)fd;
}

/* mount(2)'s data: the connection, the root's type, the caller's ids */
static char *mount_data(const struct fm_request *req, int fd, mode_t mode)
{
	char *data;

	if (asprintf(&data, "fd=%d,rootmode=%o,user_id=%u,group_id=%u%s%s",
		     fd, (unsigned)(mode & S_IFMT), (unsigned)getuid(),
		     (unsigned)getgid(), req->kopts ? "," : "",
		     req->kopts ? req->kopts : "") < 0)
		return NULL;
	return data;
}

/* Why the kernel said no, from the mount table: buf, or NULL. */
static const char *explain(const struct fm_request *req, char *buf,
			   size_t sz)
{
	struct libmnt_table *tb;
	int found;

	if (getuid() == 0)
		return NULL;
	tb = fm_mount_table();
	found = tb && um_explain_mount(tb, req->target, req->type, false,
				       getuid(), buf, sz);
	mnt_unref_table(tb);
	if (found)
		return buf;
	if (req->allow_other) {
		snprintf(buf, sz, "allow_other is for root only: the kernel "
				  "refuses it on users' mounts");
		return buf;
	}
	return NULL;
}

static void mount_failed(const struct fm_request *req, int errnum)
{
	char buf[256];
	const char *why = errnum == EPERM ? explain(req, buf, sizeof(buf))
					  : NULL;

	if (why)
		warnx("mount failed: %s: %s", strerror(errnum), why);
	else
		warnx("mount failed: %s", strerror(errnum));
}

/* A new FUSE connection mounted on req->target: its descriptor, or -1 */
static int mount_fuse(const struct fm_request *req)
{
	struct stat st;
	char *data;
	int fd, rc;

	if (stat(req->target, &st) < 0) {
		warn("failed to access mountpoint %s", req->target);
		return -1;
	}
	if (!S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode)) {
		warnx("mountpoint %s is not a directory or a regular file",
		      req->target);
		return -1;
	}
	fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		warn("failed to open /dev/fuse");
		return -1;
	}
	data = mount_data(req, fd, st.st_mode);
	if (!data)
		err(EXIT_FAILURE, "cannot allocate memory");
	rc = mount(req->source, req->target, req->type, req->flags, data);
	if (rc < 0) {
		mount_failed(req, errno);
		close(fd);
		fd = -1;
	}
	free(data);
	return fd;
}

/* @fd to libfuse over @sock, with one byte to carry it. */
static int send_fd(int sock, int fd)
{
	char byte = 0;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(int))];
	} ctl;
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = ctl.buf,
		.msg_controllen = sizeof(ctl.buf),
	};
	struct cmsghdr *c;
	ssize_t n;

	memset(&ctl, 0, sizeof(ctl));
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	do
		n = sendmsg(sock, &msg, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return n == 1 ? 0 : -1;
}

/* The kernel's id of the mount just made on @target, or 0 */
static int mount_id(const char *target)
{
	struct libmnt_table *tb = fm_mount_table();
	struct libmnt_fs *fs = fm_topmost(tb, target);
	int id = fs ? mnt_fs_get_id(fs) : 0;

	mnt_unref_table(tb);
	return id;
}

static int mount_and_pass(struct fm_request *req, int sock)
{
	int fd = mount_fuse(req), id;

	if (fd < 0)
		return EXIT_FAILURE;
	id = req->auto_unmount ? mount_id(req->target) : 0;
	if (send_fd(sock, fd) < 0) {
		warn("failed to pass the /dev/fuse descriptor to libfuse");
		/* no daemon will serve it: take it away again */
		if (umount2(req->target, MNT_DETACH | UMOUNT_NOFOLLOW) < 0)
			warn("failed to unmount %s", req->target);
		close(fd);
		return EXIT_FAILURE;
	}
	/* the daemon holds the connection now; ours would keep it alive */
	close(fd);
	if (!req->auto_unmount)
		return EXIT_SUCCESS;
	return fm_watch(sock, req->target, id);
}

/*
 * --auto-unmount alone: newer libfuse (Debian 13's 3.17, not 12's 3.14)
 * mounts by itself where the kernel lets it (on the series, a user's
 * mount below her own), then runs "fusermount3 --auto-unmount --
 * MOUNTPOINT" only to have that mount removed when the daemon ends. So
 * nothing is mounted here and no descriptor goes back: a mount made here
 * would sit on its own with a connection nobody serves, and every access
 * to it would wait forever.
 * What is watched is the FUSE mount now on the mountpoint.
 */
static int watch_only(const struct fm_request *req, int sock)
{
	struct libmnt_table *tb = fm_mount_table();
	struct libmnt_fs *fs = fm_topmost(tb, req->target);
	int id = 0;

	if (fs && um_is_fuse_type(mnt_fs_get_fstype(fs)))
		id = mnt_fs_get_id(fs);
	mnt_unref_table(tb);
	if (!id) {
		warnx("auto_unmount: no FUSE mount on %s", req->target);
		return EXIT_FAILURE;
	}
	return fm_watch(sock, req->target, id);
}

int fm_mount(const struct fm_cli *cli)
{
	struct fm_request req = { 0 };
	int sock, rc = EXIT_FAILURE;

	sock = comm_socket(cli);
	if (sock < 0 || fm_opts_parse(cli->opts, &req) < 0)
		goto out;
	req.target = fm_target(cli->mountpoint);
	if (!req.target) {
		warn("failed to access mountpoint %s", cli->mountpoint);
		goto out;
	}
	if (cli->auto_unmount)
		rc = watch_only(&req, sock);
	else
		rc = mount_and_pass(&req, sock);
out:
	fm_request_free(&req);
	return rc;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auto_unmount: the mount goes when its daemon goes.
 *
 * libfuse keeps its end of the socket open in the daemon and never
 * writes to it, so end of file here means the daemon has ended, by
 * exit, crash or SIGKILL. This process then unmounts the mount it made,
 * if that is still the mount on the mountpoint: the kernel's id of it,
 * taken right after mount(2), is compared in /proc/self/mountinfo, so a
 * mount made there since (by the user, who may have unmounted this one
 * and mounted again) is left alone. The umount is the caller's own, as
 * the mount was: the kernel lets her remove only what she owns.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <unistd.h>

#include "fusermount.h"

/*
 * Out of the caller's way while waiting: no terminal signals (a ^C for
 * the daemon must not end its watcher), no hold on her output (a shell
 * reading it would wait for this process) or on her directory.
 */
static void leave_caller(void)
{
	int fd = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (setsid() < 0 && errno != EPERM)
		warn("setsid");
	if (chdir("/") < 0)
		warn("chdir /");
	if (fd < 0)
		return;
	dup2(fd, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	if (fd > STDERR_FILENO)
		close(fd);
}

static void wait_closed(int sock)
{
	char buf[64];
	ssize_t n;

	do
		n = read(sock, buf, sizeof(buf));
	while (n > 0 || (n < 0 && errno == EINTR));
}

static void unmount_if_ours(const char *target, int id)
{
	struct libmnt_table *tb = fm_mount_table();
	struct libmnt_fs *fs = fm_topmost(tb, target);

	/* lazily: the daemon is gone, but files may still be open there */
	if (fs && mnt_fs_get_id(fs) == id)
		umount2(target, MNT_DETACH | UMOUNT_NOFOLLOW);
	mnt_unref_table(tb);
}

int fm_watch(int sock, const char *target, int id)
{
	if (id <= 0) {
		warnx("auto_unmount: %s not found in /proc/self/mountinfo; "
		      "it will not be unmounted when its daemon ends",
		      target);
		return EXIT_SUCCESS;
	}
	leave_caller();
	wait_closed(sock);
	unmount_if_ours(target, id);
	return EXIT_SUCCESS;
}

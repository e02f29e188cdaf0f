// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Does the running kernel carry the mount-ownership series?
 *
 * The series adds fs.max_user_mounts; no other kernel has it, so its
 * presence is the test. It is looked up once per process.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "abi.h"
#include "kernel-series.h"

bool um_kernel_has_ownership(void)
{
	static int known = -1;

	if (known < 0)
		known = access(UM_SYSCTL_MAX_USER_MOUNTS, F_OK) == 0;
	return known;
}

/* Read a sysctl holding one non-negative decimal integer. */
int um_sysctl_read(const char *path, long *value)
{
	char buf[32], *end;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -EIO;
	buf[n] = '\0';
	errno = 0;
	*value = strtol(buf, &end, 10);
	if (errno || end == buf || (*end != '\n' && *end != '\0') ||
	    *value < 0)
		return -EINVAL;
	return 0;
}

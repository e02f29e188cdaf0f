// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * floor-bind: the least a bind mount and its unmount can cost, run as two
 * processes like "mount --bind SRC DST" and "umount DST".
 *
 *   floor-bind mount SRC DST     mount(SRC, DST, NULL, MS_BIND, NULL)
 *   floor-bind umount DST        umount2(DST, 0)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "mount")) {
		if (mount(argv[2], argv[3], NULL, MS_BIND, NULL) == 0)
			return 0;
	} else if (argc == 3 && !strcmp(argv[1], "umount")) {
		if (umount2(argv[2], 0) == 0)
			return 0;
	} else {
		fprintf(stderr, "usage: floor-bind mount SRC DST | "
				"floor-bind umount DST\n");
		return 2;
	}
	perror("floor-bind");
	return 32;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkmounts: make (or remove) many mounts quickly, for the benchmark tables.
 *
 *   mkmounts [-t TYPE] SRC DIR FROM TO   mount SRC on DIR/FROM .. DIR/TO-1
 *   mkmounts -u DIR FROM TO              unmount DIR/FROM .. DIR/TO-1
 *
 * Without -t, each mount is a bind mount of the directory SRC; with -t,
 * a new TYPE mount whose source is SRC. Missing directories are created.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>

static void __attribute__((__noreturn__)) usage(void)
{
	fprintf(stderr, "usage: mkmounts [-t TYPE] SRC DIR FROM TO\n"
			"       mkmounts -u DIR FROM TO\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *type = NULL, *src = NULL, *dir;
	int unmount = 0, c;
	long from, to, i;
	char path[PATH_MAX];

	while ((c = getopt(argc, argv, "t:u")) != -1) {
		switch (c) {
		case 't': type = optarg; break;
		case 'u': unmount = 1; break;
		default: usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != (unmount ? 3 : 4))
		usage();
	if (!unmount)
		src = *argv++;
	dir = argv[0];
	from = strtol(argv[1], NULL, 10);
	to = strtol(argv[2], NULL, 10);

	for (i = from; i < to; i++) {
		snprintf(path, sizeof(path), "%s/%ld", dir, i);
		if (unmount) {
			if (umount2(path, 0) < 0 && errno != EINVAL) {
				perror(path);
				return 1;
			}
			continue;
		}
		if (mkdir(path, 0755) < 0 && errno != EEXIST) {
			perror(path);
			return 1;
		}
		if (mount(src, path, type, type ? 0 : MS_BIND, NULL) < 0) {
			fprintf(stderr, "mkmounts: %s on %s: %s\n", src, path,
				strerror(errno));
			return 1;
		}
	}
	return 0;
}

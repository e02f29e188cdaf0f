// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * floor-umount-a: the least "umount -a -t TYPE" can cost: read
 * /proc/self/mountinfo once and unmount the TYPE mounts, last first.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

/* Decode mountinfo's octal escapes (\040 and so on) in place. */
static void unescape(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*d++ = (s[1] - '0') << 6 | (s[2] - '0') << 3 |
			       (s[3] - '0');
			s += 3;
		} else {
			*d++ = *s;
		}
	}
	*d = '\0';
}

int main(int argc, char **argv)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char *line = NULL, **tgts = NULL;
	size_t sz = 0, n = 0, cap = 0;
	int rc = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: floor-umount-a TYPE\n");
		return 2;
	}
	if (!f) {
		perror("/proc/self/mountinfo");
		return 1;
	}
	while (getline(&line, &sz, f) > 0) {
		char tgt[4096], fstype[256], *sep = strstr(line, " - ");

		if (!sep || sscanf(sep + 3, "%255s", fstype) != 1 ||
		    strcmp(fstype, argv[1]) ||
		    sscanf(line, "%*s %*s %*s %*s %4095s", tgt) != 1)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			tgts = realloc(tgts, cap * sizeof(*tgts));
			if (!tgts)
				return 1;
		}
		unescape(tgt);
		tgts[n++] = strdup(tgt);
	}
	fclose(f);
	while (n--) {
		if (umount2(tgts[n], 0) < 0) {
			perror(tgts[n]);
			rc = 1;
		}
	}
	return rc;
}

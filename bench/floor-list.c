// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * floor-list: the least "mount" (list) can cost: read /proc/self/mountinfo
 * and write it to stdout. With TYPE, write only the lines of that
 * filesystem type, as "mount -t TYPE" lists only those.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define BUFSZ (64 * 1024)

static char buf[2 * BUFSZ];

static int write_all(const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(1, p, n);

		if (w < 0)
			return -1;
		p += w;
		n -= w;
	}
	return 0;
}

/* The filesystem type of a mountinfo line: the word after " - ". */
static int line_has_type(const char *l, const char *end, const char *type,
			 size_t tlen)
{
	const char *sep = memmem(l, end - l, " - ", 3);

	if (!sep)
		return 0;
	sep += 3;
	return (size_t)(end - sep) > tlen && !memcmp(sep, type, tlen) &&
	       sep[tlen] == ' ';
}

int main(int argc, char **argv)
{
	const char *type = argc > 1 ? argv[1] : NULL;
	size_t tlen = type ? strlen(type) : 0, have = 0;
	int fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0) {
		perror("/proc/self/mountinfo");
		return 1;
	}
	while ((n = read(fd, buf + have, BUFSZ)) > 0) {
		char *l = buf, *end = buf + have + n, *nl;

		if (!type) {
			if (write_all(buf, n) < 0)
				return 1;
			continue;
		}
		while ((nl = memchr(l, '\n', end - l))) {
			if (line_has_type(l, nl, type, tlen) &&
			    write_all(l, nl + 1 - l) < 0)
				return 1;
			l = nl + 1;
		}
		have = end - l;
		if (have >= BUFSZ)
			have = 0;	/* a line longer than 64 KiB: drop it */
		memmove(buf, l, have);
	}
	close(fd);
	return n < 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * floor-mount-a: the least "mount -a -T FSTAB" can cost: read the fstab
 * and /proc/self/mountinfo once each, and mount every entry (not noauto)
 * whose target is not a mount point yet, one mount(2) each.
 *
 *   floor-mount-a FSTAB
 *
 * Options: bind, rbind, ro, rw, defaults, noauto, nosuid, nodev, noexec
 * become flags; the rest is passed as data.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

static char **set;
static size_t set_size;		/* a power of two */

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static char **slot(const char *s)
{
	size_t i = hash(s) & (set_size - 1);

	while (set[i] && strcmp(set[i], s))
		i = (i + 1) & (set_size - 1);
	return &set[i];
}

static void add(const char *s, size_t *n)
{
	char **p;
	size_t i;

	if (2 * (*n + 1) > set_size) {
		char **old = set;
		size_t old_size = set_size;

		set_size = set_size ? 2 * set_size : 1024;
		set = calloc(set_size, sizeof(*set));
		if (!set)
			exit(1);
		for (i = 0; i < old_size; i++)
			if (old[i])
				*slot(old[i]) = old[i];
		free(old);
	}
	p = slot(s);
	if (!*p) {
		*p = strdup(s);
		++*n;
	}
}

/* Decode octal escapes (\040 and so on) in place, as in fstab and mountinfo. */
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

static const struct {
	const char *name;
	unsigned long set;
	int noauto;
} opts[] = {
	{ "defaults", 0, 0 }, { "rw", 0, 0 }, { "auto", 0, 0 },
	{ "noauto", 0, 1 }, { "ro", MS_RDONLY, 0 }, { "bind", MS_BIND, 0 },
	{ "rbind", MS_BIND | MS_REC, 0 }, { "nosuid", MS_NOSUID, 0 },
	{ "nodev", MS_NODEV, 0 }, { "noexec", MS_NOEXEC, 0 },
};

/* Split @o into flags and data; returns -1 for noauto. */
static int parse_opts(char *o, unsigned long *fl, char *data, size_t dsz)
{
	char *tok, *save = NULL;
	size_t i, dl = 0;

	*fl = 0;
	data[0] = '\0';
	for (tok = strtok_r(o, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
			if (!strcmp(tok, opts[i].name))
				break;
		if (i < sizeof(opts) / sizeof(opts[0])) {
			if (opts[i].noauto)
				return -1;
			*fl |= opts[i].set;
			continue;
		}
		dl += snprintf(data + dl, dsz - dl, "%s%s", dl ? "," : "", tok);
		if (dl >= dsz)
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	FILE *mi, *fstab;
	char *line = NULL;
	size_t sz = 0, n = 0;
	int rc = 0, tried = 0, ok = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: floor-mount-a FSTAB\n");
		return 2;
	}
	mi = fopen("/proc/self/mountinfo", "re");
	fstab = fopen(argv[1], "re");
	if (!mi || !fstab) {
		perror("floor-mount-a");
		return 1;
	}
	while (getline(&line, &sz, mi) > 0) {
		char tgt[4096];

		if (sscanf(line, "%*s %*s %*s %*s %4095s", tgt) != 1)
			continue;
		unescape(tgt);
		add(tgt, &n);
	}
	fclose(mi);

	while (getline(&line, &sz, fstab) > 0) {
		char src[4096], tgt[4096], type[256], o[4096], data[4096];
		unsigned long fl;

		if (sscanf(line, "%4095s %4095s %255s %4095s", src, tgt, type,
			   o) != 4 || src[0] == '#')
			continue;
		unescape(src);
		unescape(tgt);
		if (parse_opts(o, &fl, data, sizeof(data)) < 0 ||
		    !strcmp(type, "swap") || *slot(tgt))
			continue;
		tried++;
		if (mount(src, tgt, strcmp(type, "none") ? type : NULL, fl,
			  data[0] ? data : NULL) < 0) {
			fprintf(stderr, "floor-mount-a: %s: ", tgt);
			perror(NULL);
			rc = 1;
		} else {
			ok++;
		}
	}
	fclose(fstab);
	if (!rc)
		return 0;
	return ok ? 64 : 32;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "mount" and "mount -t TYPE": the mount table, streamed.
 *
 * libmount's listing parses /proc/self/mountinfo into a table (an sscanf,
 * a malloc and several strdups per line), keeps all of it, then frees it:
 * at 10,000 mounts that is 1.8x the cost of reading the file (bench/). This
 * reads mountinfo line by line, prints each mount as util-linux prints it
 * and keeps nothing. It is a hand-written parser for that reason; it takes
 * the fields exactly as libmount does (octal escapes decoded, options
 * merged with libmount's own rules and its option-string functions), and
 * tests/mount.bats and tests/names.bats compare its output with
 * util-linux's line for line.
 *
 * It serves only the case where the table is all there is: when utab holds
 * userspace options to merge, or labels or another namespace are wanted,
 * list_mounts() says so and the caller uses libmount's table.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <blkid.h>
#include <libmount.h>

#include "list.h"

#define MOUNTINFO "/proc/self/mountinfo"
#define UTAB "/run/mount/utab"

/* utab's options would be merged into the listing: libmount must do it. */
static bool utab_has_entries(void)
{
	const char *path = secure_getenv("LIBMOUNT_UTAB");
	struct stat st;

	return stat(path ? path : UTAB, &st) == 0 && st.st_size > 0;
}

/*
 * Cut the next space-separated field out of *@s and decode its octal
 * escapes in place (the kernel writes \ooo for space, tab, newline and
 * backslash; any backslash with three octal digits is decoded, as libmount
 * does, which is the exact inverse).
 */
static char *field(char **s)
{
	char *start = *s, *r, *w;

	if (!start || !*start)
		return NULL;
	r = w = start;
	while (*r && *r != ' ') {
		if (r[0] == '\\' && r[1] >= '0' && r[1] <= '7' && r[2] >= '0' &&
		    r[2] <= '7' && r[3] >= '0' && r[3] <= '7') {
			*w++ = (char)(64 * (r[1] - '0') + 8 * (r[2] - '0') +
				      (r[3] - '0'));
			r += 4;
		} else {
			*w++ = *r++;
		}
	}
	*s = *r ? r + 1 : r;
	*w = '\0';
	return start;
}

/*
 * The per-mount and the superblock options as one string, by libmount's
 * rule (libmount/src/fs.c, merge_optstr): one leading "rw" or "ro" for
 * both, the rest in order.
 */
static char *merge_options(const char *vfs, const char *fs)
{
	size_t sz = strlen(vfs) + strlen(fs) + 5;
	char *res, *p;
	int ro = 0, rw = 0;

	if (strcmp(vfs, fs) == 0)
		return strdup(vfs);
	res = malloc(sz);
	if (!res)
		return NULL;
	p = res + 3;
	snprintf(p, sz - 3, "%s,%s", vfs, fs);
	rw += !mnt_optstr_remove_option(&p, "rw");
	rw += !mnt_optstr_remove_option(&p, "rw");
	if (rw != 2) {
		ro += !mnt_optstr_remove_option(&p, "ro");
		if (ro + rw < 2)
			ro += !mnt_optstr_remove_option(&p, "ro");
	}
	memcpy(res, ro ? "ro," : "rw,", 3);
	if (!*p)
		res[2] = '\0';
	return res;
}

/* Control characters become '?', as in util-linux (and coreutils). */
static void put_safe(const char *s, FILE *out)
{
	for (; *s; s++)
		putc_unlocked((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s,
			      out);
}

/* A loop device is shown as its backing file, a dm node by its name. */
static void put_source(const char *src, const char *type, FILE *out)
{
	struct libmnt_fs *fs;
	char *pretty = NULL;

	if (*src == '/') {
		fs = mnt_new_fs();
		if (fs && mnt_fs_set_fstype(fs, type) == 0 &&
		    mnt_fs_set_source(fs, src) == 0 && mnt_fs_is_regularfs(fs))
			pretty = mnt_pretty_path(src, NULL);
		mnt_unref_fs(fs);
	}
	put_safe(pretty ? pretty : src, out);
	free(pretty);
}

/* One mountinfo line: ID PARENT MAJ:MIN ROOT TARGET VFSOPTS [OPT...] - ... */
static int print_line(char *line, const char *types, FILE *out)
{
	char *s = line, *target, *vfs, *type, *src, *fsopts, *f, *opts;
	int i;

	for (i = 0; i < 4; i++)
		if (!field(&s))
			return -EINVAL;
	target = field(&s);
	vfs = field(&s);
	do
		f = field(&s);
	while (f && strcmp(f, "-") != 0);
	type = field(&s);
	src = field(&s);
	fsopts = field(&s);
	if (!target || !vfs || !type || !src || !fsopts)
		return -EINVAL;
	if (types && !mnt_match_fstype(type, types))
		return 0;
	opts = merge_options(vfs, fsopts);
	if (!opts)
		return -ENOMEM;
	put_source(src, type, out);	/* empty stays empty, as in util-linux */
	fputs_unlocked(" on ", out);
	put_safe(target, out);
	fprintf(out, " type %s (%s)\n", type, opts);
	free(opts);
	return 0;
}

int list_mounts(const char *types, FILE *out)
{
	char *line = NULL;
	size_t sz = 0;
	ssize_t n;
	FILE *f;
	int rc = 0;

	if (utab_has_entries())
		return LIST_USE_LIBMOUNT;
	f = fopen(MOUNTINFO, "re");
	if (!f)
		return -errno;
	while ((n = getline(&line, &sz, f)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (print_line(line, types, out) == -ENOMEM) {
			rc = -ENOMEM;
			break;
		}
	}
	free(line);
	fclose(f);
	return rc;
}

/* The listing from libmount's table, with utab merged and labels. */
int list_table(struct libmnt_table *tb, const char *types, bool labels,
	       FILE *out)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	blkid_cache bc = NULL;

	if (!itr)
		return -ENOMEM;
	if (labels && blkid_get_cache(&bc, NULL) < 0)
		bc = NULL;
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		const char *type = mnt_fs_get_fstype(fs);
		const char *src = mnt_fs_get_source(fs);
		const char *opts = mnt_fs_get_options(fs);

		if (types && type && !mnt_match_fstype(type, types))
			continue;
		put_source(src ? src : "none", type ? type : "", out);
		fputs_unlocked(" on ", out);
		put_safe(mnt_fs_get_target(fs), out);
		if (type)
			fprintf(out, " type %s", type);
		if (opts)
			fprintf(out, " (%s)", opts);
		if (bc && src && mnt_fs_is_regularfs(fs)) {
			char *lb = blkid_get_tag_value(bc, "LABEL", src);

			if (lb)
				fprintf(out, " [%s]", lb);
			free(lb);
		}
		putc_unlocked('\n', out);
	}
	if (bc)
		blkid_put_cache(bc);
	mnt_free_iter(itr);
	return 0;
}

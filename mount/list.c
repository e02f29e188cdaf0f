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
#include "lazymount.h"

#include "list.h"
#include "mountinfo.h"
#include "printable.h"

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
 * The per-mount and the superblock options as one string, by libmount's
 * rule (libmount/src/fs.c, merge_optstr): one leading "rw" or "ro" for
 * both, the rest in order. @buf is reused from line to line.
 */
static const char *merge_options(const char *vfs, const char *fs, char **buf,
				 size_t *bufsz)
{
	size_t sz = strlen(vfs) + strlen(fs) + 5;
	char *p;
	int ro = 0, rw = 0;

	if (strcmp(vfs, fs) == 0)
		return vfs;
	if (sz > *bufsz) {
		p = realloc(*buf, sz);
		if (!p)
			return NULL;
		*buf = p;
		*bufsz = sz;
	}
	p = *buf + 3;
	snprintf(p, sz - 3, "%s,%s", vfs, fs);
	rw += !mnt_optstr_remove_option(&p, "rw");
	rw += !mnt_optstr_remove_option(&p, "rw");
	if (rw != 2) {
		ro += !mnt_optstr_remove_option(&p, "ro");
		if (ro + rw < 2)
			ro += !mnt_optstr_remove_option(&p, "ro");
	}
	memcpy(*buf, ro ? "ro," : "rw,", 3);
	if (!*p)
		(*buf)[2] = '\0';
	return *buf;
}

/* Is the option list @s free of a whole "rw" or "ro" token? */
static bool no_rw_ro(const char *s)
{
	const char *p = s;

	while (*p) {
		if (p[0] == 'r' && (p[1] == 'w' || p[1] == 'o') &&
		    (p[2] == ',' || p[2] == '\0'))
			return false;
		p = strchrnul(p, ',');
		if (*p)
			p++;
	}
	return true;
}

/* Past a leading "rw"/"ro" token: the rest, or NULL if there is none. */
static const char *after_rw_ro(const char *s, bool *ro)
{
	if (s[0] != 'r' || (s[1] != 'w' && s[1] != 'o') ||
	    (s[2] != ',' && s[2] != '\0'))
		return NULL;
	*ro = *ro || s[1] == 'o';
	return s[2] ? s + 3 : s + 2;
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
	um_put_printable(pretty ? pretty : src, out);
	free(pretty);
}

/*
 * One mountinfo line: ID PARENT MAJ:MIN ROOT TARGET VFSOPTS [OPT...] - ...
 * @line is decoded in place; @buf (*@bufsz bytes) is scratch space kept
 * from line to line. Returns 0 (printed or filtered out), -EINVAL for a
 * line that is not mountinfo's, -ENOMEM. Not static: tests/fuzz/ feeds it.
 */
int list_line(char *line, const char *types, char **buf, size_t *bufsz,
	      FILE *out)
{
	char *s = line, *target, *vfs, *type, *src, *fsopts, *f;
	const char *opts, *vrest, *frest;
	bool ro = false;
	int i;

	for (i = 0; i < 4; i++)
		if (!um_mi_field(&s))
			return -EINVAL;
	target = um_mi_field(&s);
	vfs = um_mi_field(&s);
	do
		f = um_mi_field(&s);
	while (f && strcmp(f, "-") != 0);
	type = um_mi_field(&s);
	src = um_mi_field(&s);
	fsopts = um_mi_field(&s);
	if (!target || !vfs || !type || !src || !fsopts)
		return -EINVAL;
	if (types && !mnt_match_fstype(type, types))
		return 0;
	put_source(src, type, out);	/* empty stays empty, as in util-linux */
	fputs_unlocked(" on ", out);
	um_put_printable(target, out);
	/* a FUSE server names its subtype: every field goes through put_safe */
	fputs_unlocked(" type ", out);
	um_put_printable(type, out);
	fputs_unlocked(" (", out);
	/*
	 * What the kernel writes, each list led by "rw" or "ro" and holding
	 * no other: merge_options() would give the one flag, then the rest
	 * of both lists, so print just that without building it.
	 */
	vrest = after_rw_ro(vfs, &ro);
	frest = after_rw_ro(fsopts, &ro);
	if (vrest && frest && strcmp(vfs, fsopts) != 0 && no_rw_ro(vrest) &&
	    no_rw_ro(frest)) {
		fputs_unlocked(ro ? "ro" : "rw", out);
		if (*vrest) {
			putc_unlocked(',', out);
			um_put_printable(vrest, out);
		}
		if (*frest) {
			putc_unlocked(',', out);
			um_put_printable(frest, out);
		}
	} else {
		opts = merge_options(vfs, fsopts, buf, bufsz);
		if (!opts)
			return -ENOMEM;
		um_put_printable(opts, out);
	}
	fputs_unlocked(")\n", out);
	return 0;
}

int list_mounts(const char *types, FILE *out)
{
	char *line = NULL, *buf = NULL;
	size_t sz = 0, bufsz = 0;
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
		if (list_line(line, types, &buf, &bufsz, out) == -ENOMEM) {
			rc = -ENOMEM;
			break;
		}
	}
	free(line);
	free(buf);
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
		um_put_printable(mnt_fs_get_target(fs), out);
		if (type) {
			fputs_unlocked(" type ", out);
			um_put_printable(type, out);
		}
		if (opts) {
			fputs_unlocked(" (", out);
			um_put_printable(opts, out);
			putc_unlocked(')', out);
		}
		if (bc && src && mnt_fs_is_regularfs(fs)) {
			char *lb = blkid_get_tag_value(bc, "LABEL", src);

			if (lb) {
				fputs_unlocked(" [", out);
				um_put_printable(lb, out);
				putc_unlocked(']', out);
			}
			free(lb);
		}
		putc_unlocked('\n', out);
	}
	if (bc)
		blkid_put_cache(bc);
	mnt_free_iter(itr);
	return 0;
}

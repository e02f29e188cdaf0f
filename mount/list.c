// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "mount", "mount -l" and "mount -t TYPE": the mount table, streamed.
 *
 * libmount's listing parses /proc/self/mountinfo into a table (an sscanf,
 * a malloc and several strdups per line), keeps all of it, merges utab into
 * it, then frees it: at 30,000 mounts that is twice the cost of reading the
 * file, and with a utab of 1,000 lines its merge scans the table once per
 * line (bench/). This reads mountinfo in large blocks, prints each mount as
 * util-linux prints it and keeps nothing. It is a hand-written parser for
 * that reason; it takes the fields exactly as libmount does (octal escapes
 * decoded, options merged with libmount's own rules and its option-string
 * functions), and the tests compare its output with util-linux's and with
 * libmount's table (USERMOUNT_LIST=table, below) line for line.
 *
 * utab: libmount adds a utab line's options to the last mount with its ID
 * (2.41) or its root, source and target, so a mount's line can depend on
 * mounts listed after it. The mounts a utab line could belong to at all
 * are few and known from utab alone (lib/utab-keys.c); until the first of
 * them the table streams as above. From there on the other lines' output
 * is held back (compactly: lib/list-held.c), and at the end libmount parses
 * just those few mounts and merges utab into them itself (lib/utab-merge.c:
 * mnt_table_parse_mtab() on a small mountinfo in memory, a few groups of
 * them at a time): its own rules, on tables of a few entries. Every other
 * line is printed from the text as before. The cost is the output held
 * after the first such mount, not a table of the whole. A "/dev/root"
 * source goes through libmount too: it names the real device
 * (kernel_fs_postparse).
 *
 * USERMOUNT_LIST=table lists through libmount's whole table instead, as
 * --namespace does: the tests compare the two.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lazymount.h"

#include "libmount-env.h"
#include "list-held.h"
#include "list.h"
#include "mountinfo.h"
#include "owner.h"
#include "printable.h"
#include "utab-keys.h"
#include "utab-merge.h"

#define MOUNTINFO "/proc/self/mountinfo"
#define BLOCK (64 * 1024)

/* libmount skips a missing or empty utab (is_file_empty). */
static bool utab_has_entries(void)
{
	struct stat st;

	return stat(um_utab_path(), &st) == 0 && st.st_size > 0;
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

/* mnt_fs_is_regularfs() of a mount of @type from @src. */
static bool is_regular(const char *src, const char *type)
{
	struct libmnt_fs *fs = mnt_new_fs();
	bool regular = fs && mnt_fs_set_fstype(fs, type) == 0 &&
		       mnt_fs_set_source(fs, src) == 0 &&
		       mnt_fs_is_regularfs(fs);

	mnt_unref_fs(fs);
	return regular;
}

/* A loop device is shown as its backing file, a dm node by its name. */
static void put_source(const char *src, bool regular, FILE *out)
{
	char *pretty = NULL;

	if (*src == '/' && regular)
		pretty = mnt_pretty_path(src, NULL);
	um_put_printable(pretty ? pretty : src, out);
	free(pretty);
}

/* -l: " [LABEL]" of a regular filesystem's device, as util-linux. */
static void put_label(const char *src, const struct list_opts *o, FILE *out)
{
	char *lb = blkid_get_tag_value(o->labels, "LABEL", src);

	if (lb) {
		fputs_unlocked(" [", out);
		um_put_printable(lb, out);
		putc_unlocked(']', out);
	}
	free(lb);
}

/* The options of a mountinfo line as libmount merges them, printed. */
static int put_options(const char *vfs, const char *fsopts, struct list_opts *o,
		       FILE *out)
{
	const char *opts, *vrest, *frest;
	bool ro = false;

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
		return 0;
	}
	opts = merge_options(vfs, fsopts, &o->buf, &o->bufsz);
	if (!opts)
		return -ENOMEM;
	um_put_printable(opts, out);
	return 0;
}

/* The fields of a mountinfo line that the listing needs, decoded. */
struct fields {
	unsigned long id;
	char *target, *vfs, *type, *src, *fsopts;
};

/*
 * ID PARENT MAJ:MIN ROOT TARGET VFSOPTS [OPT...] - TYPE SOURCE FSOPTS,
 * decoded into o->dec: @line stays as it is, for libmount. -EINVAL for a
 * line that is not mountinfo's, -ENOMEM.
 */
static int parse_line(const char *line, size_t len, struct list_opts *o,
		      struct fields *f)
{
	char *s, *p;
	int i;

	if (len >= o->decsz) {
		p = realloc(o->dec, len + 1);
		if (!p)
			return -ENOMEM;
		o->dec = p;
		o->decsz = len + 1;
	}
	memcpy(o->dec, line, len + 1);
	f->id = 0;
	for (p = o->dec; *p >= '0' && *p <= '9'; p++)
		f->id = 10 * f->id + (unsigned long)(*p - '0');
	s = o->dec;
	/* ID, parent, device, root: passed over, not decoded */
	for (i = 0; i < 4; i++) {
		s = strchr(s, ' ');
		if (!s)
			return -EINVAL;
		s++;
	}
	f->target = um_mi_field(&s);
	f->vfs = um_mi_field(&s);
	do
		p = um_mi_field(&s);
	while (p && strcmp(p, "-") != 0);
	f->type = um_mi_field(&s);
	f->src = um_mi_field(&s);
	f->fsopts = um_mi_field(&s);
	if (!f->target || !f->vfs || !f->type || !f->src || !f->fsopts)
		return -EINVAL;
	return 0;
}

/* --owned: do the per-mount options @vfs name the owner asked for? */
static bool owner_selected(const struct list_opts *o, const char *vfs)
{
	uid_t uid;

	return !o->owned ||
	       (vfs && um_opts_owner(vfs, &uid) == 1 && uid == o->owner);
}

/* One mount from its fields, as util-linux prints it (-t applied). */
static int print_fields(const struct fields *f, struct list_opts *o, FILE *out)
{
	bool regular;
	int rc;

	if (o->types && !mnt_match_fstype(f->type, o->types))
		return 0;
	if (!owner_selected(o, f->vfs))
		return 0;
	regular = (*f->src == '/' || o->labels) && is_regular(f->src, f->type);
	put_source(f->src, regular, out);	/* empty stays empty */
	fputs_unlocked(" on ", out);
	um_put_printable(f->target, out);
	/* a FUSE server names its subtype: every field goes through put_safe */
	fputs_unlocked(" type ", out);
	um_put_printable(f->type, out);
	fputs_unlocked(" (", out);
	rc = put_options(f->vfs, f->fsopts, o, out);
	if (rc < 0)
		return rc;
	putc_unlocked(')', out);
	if (o->labels && regular)
		put_label(f->src, o, out);
	putc_unlocked('\n', out);
	return 0;
}

/*
 * One mountinfo line, printed from its text. Returns 0 (printed or
 * filtered out), -EINVAL for a line that is not mountinfo's, -ENOMEM. Not
 * static: tests/fuzz/ feeds it.
 */
int list_line(const char *line, struct list_opts *o, FILE *out)
{
	struct fields f;
	int rc = parse_line(line, strlen(line), o, &f);

	return rc < 0 ? rc : print_fields(&f, o, out);
}

/* One entry of a libmount table, as util-linux prints it (-t applied). */
void list_fs(struct libmnt_fs *fs, const struct list_opts *o, FILE *out)
{
	const char *type = mnt_fs_get_fstype(fs);
	const char *src = mnt_fs_get_source(fs);
	const char *opts = mnt_fs_get_options(fs);
	bool regular = mnt_fs_is_regularfs(fs);

	if (o->types && type && !mnt_match_fstype(type, o->types))
		return;
	if (!owner_selected(o, mnt_fs_get_vfs_options(fs)))
		return;
	put_source(src ? src : "none", src && regular, out);
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
	if (o->labels && src && regular)
		put_label(src, o, out);
	putc_unlocked('\n', out);
}

/* The listing from libmount's table, with utab merged. */
int list_table(struct libmnt_table *tb, const struct list_opts *o, FILE *out)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;

	if (!itr)
		return -ENOMEM;
	while (mnt_table_next_fs(tb, itr, &fs) == 0)
		list_fs(fs, o, out);
	mnt_free_iter(itr);
	return 0;
}

void list_opts_free(struct list_opts *o)
{
	free(o->buf);
	free(o->dec);
	o->buf = o->dec = NULL;
	o->bufsz = o->decsz = 0;
}

/* ------------------------------------------------ the streamed listing */

/* Who prints a line. */
enum line_kind {
	LINE_TEXT,	/* the listing, from the text */
	LINE_ROOT,	/* "/dev/root": libmount, which names the device */
	LINE_UTAB,	/* utab could add to it (lib/utab-keys.c): libmount */
};

static enum line_kind line_kind(const struct fields *f,
				const struct list_opts *o)
{
	if (o->keys && um_utab_keys_match(o->keys, f->id, f->target))
		return LINE_UTAB;
	return strcmp(f->src, "/dev/root") == 0 ? LINE_ROOT : LINE_TEXT;
}

/* One line through libmount's parser alone (no utab to merge into it). */
static int list_one(const char *line, size_t len, const struct list_opts *o,
		    struct libmnt_cache *cache, FILE *out)
{
	struct libmnt_table *tb = mnt_new_table();
	struct libmnt_fs *fs;
	FILE *f = fmemopen((void *)line, len, "r");
	int rc = -ENOMEM;

	if (!tb || !f)
		goto out;
	mnt_table_set_cache(tb, cache);
	/* the name tells libmount the line is mountinfo's */
	if (mnt_table_parse_stream(tb, f, MOUNTINFO) == 0 &&
	    mnt_table_first_fs(tb, &fs) == 0)
		list_fs(fs, o, out);
	rc = 0;
out:
	if (f)
		fclose(f);
	mnt_unref_table(tb);
	return rc;
}

/*
 * From the first line for libmount and utab on: the other lines' output,
 * held back (lib/list-held.c), and libmount's lines, kept as text, with
 * where each goes and its utab group (lib/utab-keys.c).
 */
struct held {
	struct um_held *out;
	char *text;		/* libmount's lines, each NUL-terminated */
	size_t size, cap;
	struct {
		size_t text;	/* where in text */
		size_t len;
		unsigned long id;
		uint32_t key;	/* one of its utab keys, or none */
		size_t at;	/* held output lines before it */
		long shown;	/* its line from libmount's entry, in shown */
		long shown_end;
	} *lines;
	size_t n, cap_lines;
	bool ungrouped;		/* out of memory for groups: one merge */
	const struct list_opts *o;
	/* libmount's entries as printed, one stream for all (each
	 * open_memstream() costs a cleared buffer of its own) */
	FILE *shown;
	char *shown_buf;
	size_t shown_size;
};

static int hold_start(struct held *h)
{
	h->out = um_held_new();
	return h->out ? 0 : -ENOMEM;
}

static int hold_line(struct held *h, const char *line, size_t len,
		     const struct fields *f, struct list_opts *o)
{
	long at = um_held_lines(h->out);
	void *p;
	size_t cap;

	if (h->n == h->cap_lines) {
		h->cap_lines = h->cap_lines ? 2 * h->cap_lines : 256;
		p = realloc(h->lines, h->cap_lines * sizeof(*h->lines));
		if (!p)
			return -ENOMEM;
		h->lines = p;
	}
	for (cap = h->cap ? h->cap : 4096; cap - h->size < len + 1;)
		cap *= 2;
	if (cap != h->cap) {
		p = realloc(h->text, cap);
		if (!p)
			return -ENOMEM;
		h->text = p;
		h->cap = cap;
	}
	if (at < 0)
		return -ENOMEM;
	memcpy(h->text + h->size, line, len + 1);
	h->lines[h->n].text = h->size;
	h->lines[h->n].len = len;
	h->lines[h->n].id = f->id;
	h->lines[h->n].at = (size_t)at;
	h->lines[h->n].shown = h->lines[h->n].shown_end = 0;
	h->lines[h->n].key = UM_UTAB_NO_GROUP;
	if (o->keys &&
	    !um_utab_keys_join(o->keys, f->id, f->target, &h->lines[h->n].key))
		h->ungrouped = true;
	h->size += len + 1;
	h->n++;
	return 0;
}

static void hold_free(struct held *h)
{
	um_held_free(h->out);
	if (h->shown)
		fclose(h->shown);
	free(h->shown_buf);
	free(h->lines);
	free(h->text);
}

/* A held line's libmount entry, as the listing prints it. */
static int show_entry(void *arg, size_t i, struct libmnt_fs *fs)
{
	struct held *h = arg;

	if (!fs)
		return 0;	/* a line libmount refused: not listed */
	h->lines[i].shown = ftell(h->shown);
	list_fs(fs, h->o, h->shown);
	h->lines[i].shown_end = ftell(h->shown);
	if (h->lines[i].shown < 0 || h->lines[i].shown_end < 0)
		return -ENOMEM;
	return 0;
}

/* The held output, with libmount's entries where their lines were. */
static int print_held(struct held *h, struct list_opts *o,
		      struct libmnt_cache *cache, FILE *out)
{
	struct um_merge_line *m = calloc(h->n + 1, sizeof(*m));
	long all = um_held_lines(h->out);
	size_t i;
	int rc = -ENOMEM;

	if (!m || all < 0)
		goto out;
	for (i = 0; i < h->n; i++) {
		m[i].text = h->text + h->lines[i].text;
		m[i].len = h->lines[i].len;
		m[i].id = h->lines[i].id;
		m[i].group = o->keys ? um_utab_keys_root(o->keys,
							 h->lines[i].key) :
				       UM_UTAB_NO_GROUP;
	}
	h->o = o;
	h->shown = open_memstream(&h->shown_buf, &h->shown_size);
	if (!h->shown)
		goto out;
	rc = um_utab_merge(h->ungrouped ? NULL : o->keys, m, h->n, cache,
			   show_entry, h);
	if (fflush(h->shown) != 0)
		rc = -ENOMEM;
	for (i = 0; i < h->n && rc == 0; i++) {
		rc = um_held_replay(h->out, h->lines[i].at, out);
		fwrite_unlocked(h->shown_buf + h->lines[i].shown, 1,
				(size_t)(h->lines[i].shown_end -
					 h->lines[i].shown),
				out);
	}
	if (rc == 0)
		rc = um_held_replay(h->out, (size_t)all, out);
out:
	free(m);
	return rc;
}

/* mountinfo, read in large blocks: what is not dealt with yet */
struct text {
	char *p;
	size_t len, cap;
	int fd;
	bool eof;
};

/* Read one more block at the end; a last line gets its newline. */
static int read_block(struct text *t)
{
	ssize_t r;
	char *n;

	if (t->cap - t->len < BLOCK + 2) {
		n = realloc(t->p, t->len + 2 * BLOCK);
		if (!n)
			return -ENOMEM;
		t->p = n;
		t->cap = t->len + 2 * BLOCK;
	}
	do
		r = read(t->fd, t->p + t->len, t->cap - t->len - 1);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return -errno;
	t->len += (size_t)r;
	if (r == 0) {
		t->eof = true;
		if (t->len && t->p[t->len - 1] != '\n')
			t->p[t->len++] = '\n';
	}
	return 0;
}

/*
 * One line: printed, printed by libmount, or, from the first line for
 * libmount and utab on, held back (its output, or its text for libmount).
 */
static int take_line(const char *line, size_t len, struct list_opts *o,
		     struct held *h, struct libmnt_cache *cache, FILE *out)
{
	struct fields f;
	enum line_kind kind;
	int rc = parse_line(line, len, o, &f);

	if (rc == -EINVAL)
		return 0;	/* not mountinfo's: libmount skips it too */
	if (rc < 0)
		return rc;
	kind = line_kind(&f, o);
	if (kind == LINE_UTAB && !h->out) {
		rc = hold_start(h);
		if (rc < 0)
			return rc;
	}
	if (kind == LINE_TEXT)
		return print_fields(&f, o, h->out ? um_held_file(h->out) : out);
	if (kind == LINE_ROOT && !h->out)
		return list_one(line, len, o, cache, out);
	return hold_line(h, line, len, &f, o);
}

/*
 * List the mounts from /proc/self/mountinfo. Returns 0, a negative errno,
 * or LIST_USE_LIBMOUNT when the caller must list libmount's table.
 */
int list_mounts(struct list_opts *o, FILE *out)
{
	struct text t = { .fd = -1 };
	struct held h = { 0 };
	struct libmnt_cache *cache = NULL;
	const char *how = secure_getenv("USERMOUNT_LIST");
	size_t pos;
	char *nl;
	int rc = 0;

	if (how && strcmp(how, "table") == 0)
		return LIST_USE_LIBMOUNT;
	if (utab_has_entries()) {
		o->keys = um_utab_keys_read(um_utab_path());
		if (!o->keys)
			return LIST_USE_LIBMOUNT;	/* libmount decides */
	}
	/* as a context gives its tables, for "/dev/root" (tab_parse.c) */
	if (!o->nocanon)
		cache = mnt_new_cache();
	t.fd = open(MOUNTINFO, O_RDONLY | O_CLOEXEC);
	if (t.fd < 0) {
		rc = -errno;
		goto out;
	}
	while (!t.eof && rc == 0) {
		rc = read_block(&t);
		for (pos = 0; rc == 0; pos = (size_t)(nl - t.p) + 1) {
			nl = memchr(t.p + pos, '\n', t.len - pos);
			if (!nl)
				break;
			*nl = '\0';
			rc = take_line(t.p + pos, (size_t)(nl - t.p) - pos, o,
				       &h, cache, out);
		}
		if (rc == 0) {	/* a line cut short waits for the rest */
			memmove(t.p, t.p + pos, t.len - pos);
			t.len -= pos;
		}
	}
	/* libmount's allocations may reuse this memory */
	free(t.p);
	t.p = NULL;
	if (rc == 0 && h.out)
		rc = print_held(&h, o, cache, out);
out:
	if (t.fd >= 0)
		close(t.fd);
	free(t.p);
	hold_free(&h);
	mnt_unref_cache(cache);
	um_utab_keys_free(o->keys);
	o->keys = NULL;
	return rc;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which mounts could a utab line belong to? The listing's filter.
 *
 * libmount merges a utab line into a mount of /proc/self/mountinfo that has
 * its ID (2.41, when the line has "ID=") or its root, source and target
 * (2.38 always; 2.41 for a line without ID), taking the last such mount not
 * merged yet (tab_parse.c, mnt_table_merge_user_fs). The listing streams
 * mountinfo and hands libmount only the mounts that could match a line, so
 * that libmount's own merge decides on a table of a few entries instead of
 * thousands (mount/list.c). That needs, per mount, a cheap answer that is
 * never "no" where libmount would merge: this set of the IDs and targets
 * named anywhere in utab, hashed. It is wider than libmount's reading on
 * purpose (any "ID=" or "TARGET=" word counts, on any line, whatever else
 * the line holds); it must never be narrower.
 *
 * Not libmount's parser: libmount has no public call that reads utab
 * (mnt_table_parse_file() takes its lines for fstab ones); its merge does,
 * and runs on what this lets through.
 *
 * Targets are compared as libmount compares them (streq_paths): runs of
 * slashes count as one and a trailing slash is ignored, so they are
 * hashed in that normal form (um_path_norm).
 *
 * Groups: a utab line can only ever be merged into a mount that shares
 * one of its keys, so utab lines and mounts fall into groups, joined by
 * shared keys, that libmount's merge takes one by one without one changing
 * another's outcome. The listing has libmount merge a few groups at a time
 * (a merge scans its table once per utab line, and a table costs memory).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "mountinfo.h"
#include "utab-keys.h"

#define NIL UINT32_MAX

/* A utab line with at least one key: where it is, which keys are its. */
struct key_line {
	uint32_t at, len;
	uint32_t name_lo, name_hi, id_lo, id_hi;
};

struct um_utab_keys {
	char *text;		/* utab, as read */
	size_t size;
	char *names;		/* normal targets, each NUL-terminated */
	uint32_t *name_at, *name_next, *name_head;
	uint32_t *id_next, *id_head;
	unsigned long *ids;
	uint32_t nnames, nids, nbuckets;	/* nbuckets: a power of two */
	/* keys numbered: the targets, then the IDs; groups by union-find */
	uint32_t *up;
	struct key_line *lines;
	uint32_t nlines;
};

/* Targets differ at their ends: the length and the last 16 bytes. */
static uint32_t hash_str(const char *s)
{
	size_t len = strlen(s);
	uint32_t h = 2166136261u ^ (uint32_t)len;	/* FNV-1a */

	for (s += len > 16 ? len - 16 : 0; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static uint32_t hash_id(unsigned long id)
{
	return (uint32_t)id * 2654435761u;
}

/*
 * @path in the form libmount's streq_paths() compares: every run of
 * slashes one slash, no trailing slash ("/" becomes ""). In place.
 */
char *um_path_norm(char *path)
{
	char *r = path, *w = path;

	for (; *r; r++)
		if (*r != '/' || w == path || w[-1] != '/')
			*w++ = *r;
	if (w > path && w[-1] == '/')
		w--;
	*w = '\0';
	return path;
}

/* A word starts the line or follows a space or tab (a superset of where
 * libmount's utab parser looks for its keys). */
static bool word_start(const char *line, const char *p)
{
	return p == line || p[-1] == ' ' || p[-1] == '\t';
}

/*
 * Collect the words of one line (NUL-terminated, its newline cut): IDs as
 * libmount 2.41 reads them (strtol, kept as an int), targets decoded and
 * normalised into @names at *@used.
 */
static void scan_line(struct um_utab_keys *k, const char *line, size_t *used)
{
	const char *p, *v;
	size_t len;

	for (p = line; (p = strstr(p, "ID=")); p += 3) {
		if (word_start(line, p)) {
			int id = (int)strtol(p + 3, NULL, 10);

			if (id > 0)
				k->ids[k->nids++] = (unsigned long)id;
		}
	}
	for (p = line; (p = strstr(p, "TARGET=")); p += 7) {
		if (!word_start(line, p))
			continue;
		/* a value as libmount's unmangle() reads it */
		v = p + 7;
		len = um_mi_decode(&v, k->names + *used, true);
		if (!len)
			continue;	/* empty: libmount refuses it */
		k->names[*used + len] = '\0';
		k->name_at[k->nnames++] = (uint32_t)*used;
		um_path_norm(k->names + *used);
		*used += strlen(k->names + *used) + 1;
	}
}

static uint32_t root(const struct um_utab_keys *k, uint32_t i)
{
	while (k->up[i] != i)
		i = k->up[i];
	return i;
}

static void join(struct um_utab_keys *k, uint32_t a, uint32_t b)
{
	a = root(k, a);
	b = root(k, b);
	if (a != b)
		k->up[a > b ? a : b] = a > b ? b : a;
}

/* A target key equal to @norm, or NIL. */
static uint32_t find_name(const struct um_utab_keys *k, const char *norm)
{
	uint32_t i = k->name_head[hash_str(norm) & (k->nbuckets - 1)];

	for (; i != NIL; i = k->name_next[i])
		if (strcmp(k->names + k->name_at[i], norm) == 0)
			return i;
	return NIL;
}

/* An ID key equal to @id, or NIL. */
static uint32_t find_id(const struct um_utab_keys *k, unsigned long id)
{
	uint32_t i =
		k->nids ? k->id_head[hash_id(id) & (k->nbuckets - 1)] : NIL;

	for (; i != NIL; i = k->id_next[i])
		if (k->ids[i] == id)
			return k->nnames + i;
	return NIL;
}

/* One key of a line (all of its keys are joined). */
static uint32_t line_key(const struct um_utab_keys *k, const struct key_line *l)
{
	return l->name_lo < l->name_hi ? l->name_lo : k->nnames + l->id_lo;
}

static int build_index(struct um_utab_keys *k)
{
	uint32_t i, b, n = k->nnames > k->nids ? k->nnames : k->nids;

	k->nbuckets = 16;
	while (k->nbuckets < 2 * n)
		k->nbuckets <<= 1;
	k->name_head = malloc(k->nbuckets * sizeof(uint32_t));
	k->id_head = malloc(k->nbuckets * sizeof(uint32_t));
	k->name_next = malloc((k->nnames + 1) * sizeof(uint32_t));
	k->id_next = malloc((k->nids + 1) * sizeof(uint32_t));
	if (!k->name_head || !k->id_head || !k->name_next || !k->id_next)
		return -ENOMEM;
	memset(k->name_head, 0xff, k->nbuckets * sizeof(uint32_t));
	memset(k->id_head, 0xff, k->nbuckets * sizeof(uint32_t));
	for (i = 0; i < k->nnames; i++) {
		b = hash_str(k->names + k->name_at[i]) & (k->nbuckets - 1);
		k->name_next[i] = k->name_head[b];
		k->name_head[b] = i;
	}
	for (i = 0; i < k->nids; i++) {
		b = hash_id(k->ids[i]) & (k->nbuckets - 1);
		k->id_next[i] = k->id_head[b];
		k->id_head[b] = i;
	}
	/* equal keys are one key; a line's keys are one group */
	for (i = 0; i < k->nnames + k->nids; i++)
		k->up[i] = i;
	for (i = 0; i < k->nnames; i++)
		join(k, i, find_name(k, k->names + k->name_at[i]));
	for (i = 0; i < k->nids; i++)
		join(k, k->nnames + i, find_id(k, k->ids[i]));
	for (i = 0; i < k->nlines; i++) {
		const struct key_line *l = &k->lines[i];
		uint32_t first = line_key(k, l), j;

		for (j = l->name_lo; j < l->name_hi; j++)
			join(k, first, j);
		for (j = l->id_lo; j < l->id_hi; j++)
			join(k, first, k->nnames + j);
	}
	return 0;
}

/* The keys of a utab text of @size bytes, which they take over. */
static struct um_utab_keys *keys_of(char *text, size_t size)
{
	struct um_utab_keys *k = calloc(1, sizeof(*k));
	size_t used = 0, longest = 0, i, len, nid = 0, ntgt = 0, nl = 0;
	const char *p;
	char *line = NULL;

	if (!k || size >= NIL / 2)
		goto fail;
	/* sized to what is there: the memory is the listing's (bench/) */
	for (i = 0; i < size; i += len + 1, nl++) {
		p = memchr(text + i, '\n', size - i);
		len = p ? (size_t)(p - (text + i)) : size - i;
		if (len > longest)
			longest = len;
	}
	for (p = text; (p = memmem(p, size - (size_t)(p - text), "ID=", 3));
	     p += 3)
		nid++;
	for (p = text; (p = memmem(p, size - (size_t)(p - text), "TARGET=", 7));
	     p += 7)
		ntgt++;
	line = malloc(longest + 1);
	k->text = text;
	k->size = size;
	text = NULL;
	k->names = malloc(size + 1);
	k->name_at = malloc((ntgt + 1) * sizeof(uint32_t));
	k->ids = malloc((nid + 1) * sizeof(unsigned long));
	k->lines = malloc((nl + 1) * sizeof(*k->lines));
	k->up = malloc((ntgt + nid + 1) * sizeof(uint32_t));
	if (!line || !k->names || !k->name_at || !k->ids || !k->lines || !k->up)
		goto fail;
	for (i = 0; i < size; i += len + 1) {
		struct key_line *l = &k->lines[k->nlines];

		p = memchr(k->text + i, '\n', size - i);
		len = p ? (size_t)(p - (k->text + i)) : size - i;
		memcpy(line, k->text + i, len);
		line[len] = '\0';
		l->name_lo = k->nnames;
		l->id_lo = k->nids;
		scan_line(k, line, &used);
		l->name_hi = k->nnames;
		l->id_hi = k->nids;
		/* no key: libmount merges it nowhere */
		if (l->name_lo == l->name_hi && l->id_lo == l->id_hi)
			continue;
		l->at = (uint32_t)i;
		l->len = (uint32_t)len;
		k->nlines++;
	}
	free(line);
	if (build_index(k) < 0)
		goto fail_built;
	return k;
fail:
	free(line);
fail_built:
	free(text);	/* if k did not take it */
	um_utab_keys_free(k);
	return NULL;
}

/*
 * The keys of a utab text of @size bytes (NULs in it end a line's words,
 * as they end libmount's reading of the line).
 */
struct um_utab_keys *um_utab_keys_from_text(const char *text, size_t size)
{
	char *copy = malloc(size + 1);

	if (!copy)
		return NULL;
	memcpy(copy, text, size);
	return keys_of(copy, size);
}

/* The keys of the utab at @path; NULL with errno set if it is unreadable. */
struct um_utab_keys *um_utab_keys_read(const char *path)
{
	struct um_utab_keys *k = NULL;
	size_t n = 0, cap = 4096;
	char *buf = malloc(cap), *tmp;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;
	ssize_t r;

	if (fd < 0 || !buf)
		goto out;
	for (;;) {
		if (n == cap) {
			tmp = realloc(buf, cap * 2);
			if (!tmp)
				goto out;
			buf = tmp;
			cap *= 2;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	if (r == 0) {
		k = keys_of(buf, n);	/* takes buf */
		buf = NULL;
	}
out:
	err = k ? 0 : errno ? errno : ENOMEM;
	if (fd >= 0)
		close(fd);
	free(buf);
	errno = err;
	return k;
}

/*
 * The keys a mount with mountinfo ID @id on @target (decoded) matches:
 * its ID's in *@idk, its target's in *@tk (NIL for none). False when
 * memory ran out: then every key must be taken to match.
 */
static bool mount_keys(const struct um_utab_keys *k, unsigned long id,
		       const char *target, uint32_t *idk, uint32_t *tk)
{
	size_t len = strlen(target);
	char *norm;

	*idk = find_id(k, id);
	*tk = NIL;
	if (!k->nnames)
		return true;
	if (!strstr(target, "//") && (!len || target[len - 1] != '/')) {
		*tk = find_name(k, target);	/* in normal form already */
		return true;
	}
	norm = strdup(target);
	if (!norm)
		return false;
	*tk = find_name(k, um_path_norm(norm));
	free(norm);
	return true;
}

/*
 * Could libmount merge a utab line into the mount with mountinfo ID @id
 * on @target (decoded)?
 */
bool um_utab_keys_match(const struct um_utab_keys *k, unsigned long id,
			const char *target)
{
	uint32_t idk, tk;

	if (!mount_keys(k, id, target, &idk, &tk))
		return true;	/* libmount then decides */
	return idk != NIL || tk != NIL;
}

/*
 * A mount that matched: its keys are one group from now on; *@key is one
 * of them (UM_UTAB_NO_GROUP for none). False when memory ran out (then
 * groups cannot be told apart).
 */
bool um_utab_keys_join(struct um_utab_keys *k, unsigned long id,
		       const char *target, uint32_t *key)
{
	uint32_t idk, tk;

	*key = UM_UTAB_NO_GROUP;
	if (!mount_keys(k, id, target, &idk, &tk))
		return false;
	if (idk != NIL && tk != NIL)
		join(k, idk, tk);
	*key = idk != NIL ? idk : tk;
	return true;
}

/* The group of a key, once every mount has joined. */
uint32_t um_utab_keys_root(const struct um_utab_keys *k, uint32_t key)
{
	return key == UM_UTAB_NO_GROUP ? key : root(k, key);
}

/* How many utab lines have a key (the others libmount merges nowhere). */
uint32_t um_utab_keys_lines(const struct um_utab_keys *k)
{
	return k->nlines;
}

/*
 * The text of line @i of those (no newline), its group, and whether it is
 * the last line of utab, which has no newline.
 */
const char *um_utab_keys_line(const struct um_utab_keys *k, uint32_t i,
			      size_t *len, uint32_t *group, bool *last)
{
	const struct key_line *l = &k->lines[i];

	*len = l->len;
	*group = root(k, line_key(k, l));
	*last = l->at + l->len == k->size;
	return k->text + l->at;
}

/* How many keys (IDs and targets) there are. */
size_t um_utab_keys_count(const struct um_utab_keys *k)
{
	return k->nnames + k->nids;
}

void um_utab_keys_free(struct um_utab_keys *k)
{
	if (!k)
		return;
	free(k->text);
	free(k->names);
	free(k->name_at);
	free(k->name_next);
	free(k->name_head);
	free(k->ids);
	free(k->id_next);
	free(k->id_head);
	free(k->up);
	free(k->lines);
	free(k);
}

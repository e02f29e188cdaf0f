// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "Is this fstab entry mounted already?" for mount -a, asked once per entry.
 *
 * libmount answers with mnt_table_is_fs_mounted() over the whole parsed
 * table: a scan of every mount for every entry, and for a bind entry a
 * scan at every level of its source path: entries x mounts x depth string
 * compares, 20 s for 5,000 entries on 10,000 mounts (bench/results).
 *
 * Here /proc/self/mountinfo is read once as text and indexed by target and
 * by mount id, without parsing the rest of each line. Per entry, the lines
 * of the few mounts on its target (and, for a bind entry, of the mount the
 * kernel names as holding its source, through statx) are handed to
 * libmount's parser as a small table, and libmount's own comparison runs
 * on that: the same answer, by libmount's rules for sources, roots, loop
 * devices and NFS, at hash-lookup cost and with the text, not a table of
 * 30,000 parsed entries, in memory.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mountinfo-index.h"
#include "mountinfo.h"
#include "owner.h"

#define MOUNTINFO "/proc/self/mountinfo"
#define NIL UINT32_MAX

/*
 * Two chained hash indexes over the lines; 4-byte links keep the index
 * small next to the text (bench/: peak memory is compared with
 * util-linux's).
 */
struct um_mounted {
	char *text;		/* mountinfo, each line NUL-terminated */
	uint32_t *line;		/* offset of each line in text */
	uint32_t *tgt_next, *id_next, *tgt_head, *id_head;
	uint32_t nlines, nbuckets;	/* nbuckets: a power of two */
	struct libmnt_cache *cache;
};

static uint32_t hash_bytes(const char *s, size_t n)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static uint32_t hash_id(unsigned long id)
{
	return (uint32_t)id * 2654435761u;
}

static char *read_all(const char *path, size_t *size)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap), *tmp;
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || !buf)
		goto fail;
	for (;;) {
		if (cap - n < 4096) {
			tmp = realloc(buf, cap * 2);
			if (!tmp)
				goto fail;
			buf = tmp;
			cap *= 2;
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto fail;
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = '\0';
	*size = n;
	return buf;
fail:
	if (fd >= 0)
		close(fd);
	free(buf);
	return NULL;
}

static int build_index(struct um_mounted *m, size_t size)
{
	uint32_t i, b;
	size_t len;
	char *p;

	for (p = m->text; *p; p++)
		if (*p == '\n')
			m->nlines++;
	if (size >= NIL || m->nlines >= NIL)
		return -E2BIG;
	m->nbuckets = 16;
	while (m->nbuckets < m->nlines)
		m->nbuckets <<= 1;
	m->line = malloc((m->nlines + 1) * sizeof(uint32_t));
	m->tgt_next = malloc((m->nlines + 1) * sizeof(uint32_t));
	m->id_next = malloc((m->nlines + 1) * sizeof(uint32_t));
	m->tgt_head = malloc(m->nbuckets * sizeof(uint32_t));
	m->id_head = malloc(m->nbuckets * sizeof(uint32_t));
	if (!m->line || !m->tgt_next || !m->id_next || !m->tgt_head ||
	    !m->id_head)
		return -ENOMEM;
	memset(m->tgt_head, 0xff, m->nbuckets * sizeof(uint32_t));
	memset(m->id_head, 0xff, m->nbuckets * sizeof(uint32_t));
	for (i = 0, p = m->text; i < m->nlines; i++) {
		const char *tgt;
		char *nl = strchr(p, '\n');

		*nl = '\0';
		m->line[i] = (uint32_t)(p - m->text);
		m->tgt_next[i] = m->id_next[i] = NIL;
		tgt = um_mi_target(p, &len);
		if (tgt) {
			b = hash_bytes(tgt, len) & (m->nbuckets - 1);
			m->tgt_next[i] = m->tgt_head[b];
			m->tgt_head[b] = i;
		}
		b = hash_id(strtoul(p, NULL, 10)) & (m->nbuckets - 1);
		m->id_next[i] = m->id_head[b];
		m->id_head[b] = i;
		p = nl + 1;
	}
	return 0;
}

/*
 * The index over @text, a mountinfo text of @size bytes NUL-terminated,
 * which it takes over (and frees on failure). Separate from reading the
 * file so that tests/fuzz/ can index any text.
 */
struct um_mounted *um_mounted_from_text(char *text, size_t size,
					struct libmnt_cache *cache)
{
	struct um_mounted *m = calloc(1, sizeof(*m));

	if (!m) {
		free(text);
		return NULL;
	}
	m->text = text;
	if (build_index(m, size) < 0) {
		um_mounted_free(m);
		return NULL;
	}
	m->cache = cache;
	return m;
}

struct um_mounted *um_mounted_new(struct libmnt_cache *cache)
{
	size_t size = 0;
	char *text = read_all(MOUNTINFO, &size);

	return text ? um_mounted_from_text(text, size, cache) : NULL;
}

void um_mounted_free(struct um_mounted *m)
{
	if (!m)
		return;
	free(m->text);
	free(m->line);
	free(m->tgt_head);
	free(m->tgt_next);
	free(m->id_head);
	free(m->id_next);
	free(m);
}

/*
 * Collect the lines (0-based numbers) of the mounts on @tgt, at most @max.
 */
size_t um_mounted_on_target(struct um_mounted *m, const char *tgt,
			    uint32_t *out, size_t max)
{
	char *key = um_mi_mangle(tgt);
	size_t n = 0, klen, len;
	uint32_t i;

	if (!key)
		return 0;
	klen = strlen(key);
	i = m->tgt_head[hash_bytes(key, klen) & (m->nbuckets - 1)];
	for (; i != NIL && n < max; i = m->tgt_next[i]) {
		const char *f = um_mi_target(m->text + m->line[i], &len);

		if (f && len == klen && memcmp(f, key, len) == 0)
			out[n++] = i;
	}
	free(key);
	return n;
}

/* The line of the mount the kernel says holds @path, or NIL. */
static uint32_t holding(struct um_mounted *m, const char *path)
{
	uint64_t id;
	uint32_t i;

	if (um_mount_id(path, &id) < 0)
		return NIL;
	i = m->id_head[hash_id(id) & (m->nbuckets - 1)];
	for (; i != NIL; i = m->id_next[i])
		if (strtoull(m->text + m->line[i], NULL, 10) == id)
			return i;
	return NIL;
}

static int by_line(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* A table of the given lines, in mount table order, parsed by libmount. */
static struct libmnt_table *small_table(struct um_mounted *m, uint32_t *lines,
					size_t n)
{
	struct libmnt_table *tb = mnt_new_table();
	char *buf = NULL;
	size_t sz = 0, i;
	FILE *f = open_memstream(&buf, &sz);
	int rc = -ENOMEM;

	if (!tb || !f)
		goto out;
	qsort(lines, n, sizeof(lines[0]), by_line);
	for (i = 0; i < n; i++)
		fprintf(f, "%s\n", m->text + m->line[lines[i]]);
	if (fflush(f) != 0)
		goto out;
	fclose(f);
	f = fmemopen(buf, sz, "r");
	if (!f)
		goto out;
	mnt_table_set_cache(tb, m->cache);
	/* the name tells libmount the lines are mountinfo's */
	rc = mnt_table_parse_stream(tb, f, MOUNTINFO);
out:
	if (f)
		fclose(f);
	free(buf);
	if (rc) {
		mnt_unref_table(tb);
		return NULL;
	}
	return tb;
}

#define MAX_CANDIDATES 64

/* 1: @fstab_fs is mounted; 0: it is not; <0: error. */
int um_mounted_has(struct um_mounted *m, struct libmnt_fs *fstab_fs)
{
	uint32_t cand[MAX_CANDIDATES + 1], src;
	struct libmnt_table *small;
	const char *tgt = mnt_fs_get_target(fstab_fs);
	char *canon;
	size_t n, i;
	int rc;

	if (!tgt || mnt_fs_is_swaparea(fstab_fs))
		return 0;
	/*
	 * realpath(), not the libmount cache: that cache is a list searched
	 * from the start for every path, quadratic over thousands of entries.
	 */
	canon = realpath(tgt, NULL);
	n = um_mounted_on_target(m, canon ? canon : tgt, cand, MAX_CANDIDATES);
	free(canon);
	if (n == 0)
		return 0;	/* nothing on the target: the common case */
	if (n == MAX_CANDIDATES)
		return -E2BIG;
	if (mnt_fs_get_option(fstab_fs, "bind", NULL, NULL) == 0 ||
	    mnt_fs_get_option(fstab_fs, "rbind", NULL, NULL) == 0) {
		src = holding(m, mnt_fs_get_srcpath(fstab_fs));
		for (i = 0; src != NIL && i < n; i++)
			if (cand[i] == src)
				src = NIL;
		if (src != NIL)
			cand[n++] = src;
	}
	small = small_table(m, cand, n);
	if (!small)
		return -ENOMEM;
	rc = mnt_table_is_fs_mounted(small, fstab_fs);
	mnt_unref_table(small);
	return rc;
}

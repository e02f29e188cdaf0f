// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "Is this fstab entry mounted already?" for mount -a, asked once per entry.
 *
 * libmount answers with mnt_table_is_fs_mounted(), which scans the whole
 * mount table for every entry, and for a bind entry walks up the source
 * path scanning it again at every level: entries x mounts x depth string
 * compares, 20 s for 5,000 entries on 10,000 mounts (bench/results). Here
 * the table is indexed once by target and by mount id; per entry, the few
 * mounts on its target (and, for a bind entry, the mount holding its
 * source, named by the kernel through statx) go into a small table, and
 * libmount's own comparison runs on that. Same answer, libmount's rules
 * for sources, roots, loop devices and NFS, at hash-lookup cost.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mounted.h"

/*
 * Two chained hash indexes over one array of the table's entries, in table
 * order: 4-byte links instead of pointers keep the index small next to the
 * table itself (bench/: peak memory is compared with util-linux's).
 */
struct um_mounted {
	struct libmnt_table *tb;
	struct libmnt_cache *cache;
	struct libmnt_fs **fs;	/* entries, in table order */
	uint32_t *tgt_head, *tgt_next, *id_head, *id_next;
	uint32_t nbuckets;	/* a power of two */
};

#define NIL UINT32_MAX

static uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static uint32_t hash_id(int id)
{
	return (uint32_t)id * 2654435761u;
}

struct um_mounted *um_mounted_new(struct libmnt_table *mountinfo,
				  struct libmnt_cache *cache)
{
	struct um_mounted *m = calloc(1, sizeof(*m));
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	size_t n = (size_t)mnt_table_get_nents(mountinfo);
	uint32_t i = 0, b;

	if (!m || !itr || n >= NIL)
		goto fail;
	m->nbuckets = 16;
	while (m->nbuckets < n)
		m->nbuckets <<= 1;
	m->fs = calloc(n + 1, sizeof(*m->fs));
	m->tgt_next = malloc((n + 1) * sizeof(uint32_t));
	m->id_next = malloc((n + 1) * sizeof(uint32_t));
	m->tgt_head = malloc(m->nbuckets * sizeof(uint32_t));
	m->id_head = malloc(m->nbuckets * sizeof(uint32_t));
	if (!m->fs || !m->tgt_next || !m->id_next || !m->tgt_head ||
	    !m->id_head)
		goto fail;
	memset(m->tgt_head, 0xff, m->nbuckets * sizeof(uint32_t));
	memset(m->id_head, 0xff, m->nbuckets * sizeof(uint32_t));
	while (i < n && mnt_table_next_fs(mountinfo, itr, &fs) == 0) {
		const char *tgt = mnt_fs_get_target(fs);

		m->fs[i] = fs;
		m->tgt_next[i] = NIL;
		if (tgt) {
			b = hash_str(tgt) & (m->nbuckets - 1);
			m->tgt_next[i] = m->tgt_head[b];
			m->tgt_head[b] = i;
		}
		b = hash_id(mnt_fs_get_id(fs)) & (m->nbuckets - 1);
		m->id_next[i] = m->id_head[b];
		m->id_head[b] = i;
		i++;
	}
	mnt_free_iter(itr);
	mnt_ref_table(mountinfo);
	m->tb = mountinfo;
	m->cache = cache;
	return m;
fail:
	mnt_free_iter(itr);
	um_mounted_free(m);
	return NULL;
}

void um_mounted_free(struct um_mounted *m)
{
	if (!m)
		return;
	free(m->fs);
	free(m->tgt_head);
	free(m->tgt_next);
	free(m->id_head);
	free(m->id_next);
	mnt_unref_table(m->tb);
	free(m);
}

/* Collect the table positions of the mounts on @tgt (at most @max). */
static size_t on_target(struct um_mounted *m, const char *tgt, uint32_t *out,
			size_t max)
{
	uint32_t i = m->tgt_head[hash_str(tgt) & (m->nbuckets - 1)];
	size_t n = 0;

	for (; i != NIL && n < max; i = m->tgt_next[i])
		if (strcmp(mnt_fs_get_target(m->fs[i]), tgt) == 0)
			out[n++] = i;
	return n;
}

/* The table position of the mount the kernel says holds @path, or NIL. */
static uint32_t holding(struct um_mounted *m, const char *path)
{
	struct statx stx;
	uint32_t i;

	if (!path || statx(AT_FDCWD, path, AT_NO_AUTOMOUNT, STATX_MNT_ID,
			   &stx) < 0 || !(stx.stx_mask & STATX_MNT_ID))
		return NIL;
	i = m->id_head[hash_id((int)stx.stx_mnt_id) & (m->nbuckets - 1)];
	for (; i != NIL; i = m->id_next[i])
		if ((uint64_t)mnt_fs_get_id(m->fs[i]) == stx.stx_mnt_id)
			return i;
	return NIL;
}

static int by_position(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

#define MAX_CANDIDATES 64

int um_mounted_has(struct um_mounted *m, struct libmnt_fs *fstab_fs)
{
	uint32_t cand[MAX_CANDIDATES + 1];
	struct libmnt_table *small;
	const char *tgt = mnt_fs_get_target(fstab_fs);
	char *canon;
	size_t n, i;
	int rc = 0;

	if (!tgt || mnt_fs_is_swaparea(fstab_fs))
		return 0;
	/*
	 * realpath(), not the libmount cache: that cache is a list searched
	 * from the start for every path, quadratic over thousands of entries.
	 */
	canon = realpath(tgt, NULL);
	n = on_target(m, canon ? canon : tgt, cand, MAX_CANDIDATES);
	free(canon);
	if (n == 0)
		return 0;	/* nothing on the target: the common case */
	if (n == MAX_CANDIDATES)	/* absurdly stacked: ask the slow way */
		return mnt_table_is_fs_mounted(m->tb, fstab_fs);
	if (mnt_fs_get_option(fstab_fs, "bind", NULL, NULL) == 0 ||
	    mnt_fs_get_option(fstab_fs, "rbind", NULL, NULL) == 0) {
		uint32_t src = holding(m, mnt_fs_get_srcpath(fstab_fs));

		for (i = 0; src != NIL && i < n; i++)
			if (cand[i] == src)
				src = NIL;
		if (src != NIL)
			cand[n++] = src;
	}
	qsort(cand, n, sizeof(cand[0]), by_position);

	small = mnt_new_table();
	if (!small)
		return mnt_table_is_fs_mounted(m->tb, fstab_fs);
	mnt_table_set_cache(small, m->cache);
	for (i = 0; i < n; i++) {
		struct libmnt_fs *copy = mnt_copy_fs(NULL, m->fs[cand[i]]);

		if (!copy || mnt_table_add_fs(small, copy) < 0) {
			mnt_unref_fs(copy);
			rc = -ENOMEM;
			break;
		}
		mnt_unref_fs(copy);
	}
	if (rc == 0)
		rc = mnt_table_is_fs_mounted(small, fstab_fs);
	else
		rc = mnt_table_is_fs_mounted(m->tb, fstab_fs);
	mnt_unref_table(small);
	return rc;
}

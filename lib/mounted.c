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

struct slot {
	struct libmnt_fs *fs;	/* NULL: empty */
	size_t order;		/* position in the mount table */
};

struct um_mounted {
	struct libmnt_table *tb;
	struct libmnt_cache *cache;
	struct slot *by_target, *by_id;
	size_t size;		/* slots in each, a power of two */
};

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static uint64_t hash_id(int id)
{
	return (uint64_t)(unsigned)id * 11400714819323198485ULL;
}

static void put(struct slot *t, size_t size, uint64_t h, struct libmnt_fs *fs,
		size_t order)
{
	size_t i = h & (size - 1);

	while (t[i].fs)
		i = (i + 1) & (size - 1);
	t[i].fs = fs;
	t[i].order = order;
}

struct um_mounted *um_mounted_new(struct libmnt_table *mountinfo,
				  struct libmnt_cache *cache)
{
	struct um_mounted *m = calloc(1, sizeof(*m));
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	size_t n = (size_t)mnt_table_get_nents(mountinfo), order = 0;

	if (!m || !itr)
		goto fail;
	m->size = 16;
	while (m->size < 2 * n)
		m->size <<= 1;
	m->by_target = calloc(m->size, sizeof(struct slot));
	m->by_id = calloc(m->size, sizeof(struct slot));
	if (!m->by_target || !m->by_id)
		goto fail;
	while (mnt_table_next_fs(mountinfo, itr, &fs) == 0) {
		const char *tgt = mnt_fs_get_target(fs);

		if (tgt)
			put(m->by_target, m->size, hash_str(tgt), fs, order);
		put(m->by_id, m->size, hash_id(mnt_fs_get_id(fs)), fs, order);
		order++;
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
	free(m->by_target);
	free(m->by_id);
	mnt_unref_table(m->tb);
	free(m);
}

/* Collect the mounts on @tgt into @out (at most @max); returns how many. */
static size_t on_target(struct um_mounted *m, const char *tgt,
			struct slot *out, size_t max)
{
	size_t i = hash_str(tgt) & (m->size - 1), n = 0;

	for (; m->by_target[i].fs; i = (i + 1) & (m->size - 1))
		if (n < max &&
		    strcmp(mnt_fs_get_target(m->by_target[i].fs), tgt) == 0)
			out[n++] = m->by_target[i];
	return n;
}

/* The mount the kernel says holds @path, or an empty slot. */
static struct slot holding(struct um_mounted *m, const char *path)
{
	struct slot none = { NULL, 0 };
	struct statx stx;
	size_t i;

	if (!path || statx(AT_FDCWD, path, AT_NO_AUTOMOUNT, STATX_MNT_ID,
			   &stx) < 0 || !(stx.stx_mask & STATX_MNT_ID))
		return none;
	i = hash_id((int)stx.stx_mnt_id) & (m->size - 1);
	for (; m->by_id[i].fs; i = (i + 1) & (m->size - 1))
		if ((uint64_t)mnt_fs_get_id(m->by_id[i].fs) == stx.stx_mnt_id)
			return m->by_id[i];
	return none;
}

static int by_order(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;

	return x->order < y->order ? -1 : x->order > y->order;
}

#define MAX_CANDIDATES 64

int um_mounted_has(struct um_mounted *m, struct libmnt_fs *fstab_fs)
{
	struct slot cand[MAX_CANDIDATES + 1];
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
		struct slot src = holding(m, mnt_fs_get_srcpath(fstab_fs));

		for (i = 0; src.fs && i < n; i++)
			if (cand[i].fs == src.fs)
				src.fs = NULL;
		if (src.fs)
			cand[n++] = src;
	}
	qsort(cand, n, sizeof(cand[0]), by_order);

	small = mnt_new_table();
	if (!small)
		return mnt_table_is_fs_mounted(m->tb, fstab_fs);
	mnt_table_set_cache(small, m->cache);
	for (i = 0; i < n; i++) {
		struct libmnt_fs *copy = mnt_copy_fs(NULL, cand[i].fs);

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

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libmount's utab merge on the few mounts a utab line could belong to.
 *
 * The listing streams mountinfo and keeps aside, as text, the mounts that
 * pass the utab filter (lib/utab-keys.c, mount/list.c). Here libmount
 * parses them and merges utab into them with its own rules: the
 * mnt_table_parse_mtab() of a mountinfo file in memory, which reads utab
 * as it does for the whole table. Mounts that could match no utab line
 * cannot change which mount gets which line, so leaving them out changes
 * nothing.
 *
 * libmount's merge scans its table once per utab line, and every entry of
 * both tables costs memory (with 1,000 utab lines, 1 MB and a few
 * thousand page faults: bench/). Utab lines and mounts fall into groups
 * that never touch each other (lib/utab-keys.c), so when libmount reads
 * LIBMOUNT_UTAB it is handed a few groups at a time: their utab lines in a
 * utab of their own, their mounts in a table of their own, each as
 * libmount would see them in the whole, in the same order.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#include "libmount-env.h"
#include "utab-merge.h"

#define BATCH 64	/* utab lines a merge at the most, where groups allow */

/* A file in memory with @n of @lines (those of group batch @b, or all). */
static int fill(int fd, const struct um_merge_line *lines, size_t n,
		const uint32_t *batch, uint32_t b)
{
	FILE *f;
	size_t i;
	int rc = 0, own;

	if (ftruncate(fd, 0) < 0 || lseek(fd, 0, SEEK_SET) < 0)
		return -errno;
	/* a stream of its own: fclose() must not close @fd */
	own = dup(fd);
	if (own < 0)
		return -errno;
	f = fdopen(own, "w");
	if (!f) {
		rc = -errno;
		close(own);
		return rc;
	}
	for (i = 0; i < n; i++) {
		if (batch && batch[i] != b)
			continue;
		/* as it was: libmount reads a last line without its newline
		 * otherwise (tab_parse.c: up to a NUL in it, at end of file) */
		if (fwrite(lines[i].text, 1, lines[i].len, f) != lines[i].len ||
		    (!lines[i].last && putc('\n', f) == EOF))
			rc = -ENOMEM;
	}
	if (fclose(f) != 0)
		rc = -ENOMEM;
	return rc;
}

/*
 * libmount's entries for @mounts (those of batch @b, or all), in order,
 * to @each: an entry, or NULL for a line libmount refused.
 */
static int merge(int mifd, const struct um_merge_line *mounts, size_t n,
		 const uint32_t *batch, uint32_t b, struct libmnt_cache *cache,
		 um_merge_each each, void *arg)
{
	struct libmnt_table *tb = mnt_new_table();
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs = NULL;
	char path[64];
	bool more;
	size_t i;
	int rc = -ENOMEM;

	for (i = 0; batch && i < n && batch[i] != b; i++)
		;
	if (i == n) {
		rc = 0;	/* no mount in this batch: nothing to merge */
		goto out;
	}
	if (!tb || !itr)
		goto out;
	rc = fill(mifd, mounts, n, batch, b);
	if (rc < 0)
		goto out;
	mnt_table_set_cache(tb, cache);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", mifd);
	rc = mnt_table_parse_mtab(tb, path);
	if (rc != 0)
		goto out;
	more = mnt_table_next_fs(tb, itr, &fs) == 0;
	for (i = 0; i < n && rc == 0; i++) {
		if (batch && batch[i] != b)
			continue;
		if (!more || (unsigned long)mnt_fs_get_id(fs) != mounts[i].id) {
			rc = each(arg, i, NULL);
			continue;
		}
		rc = each(arg, i, fs);
		more = mnt_table_next_fs(tb, itr, &fs) == 0;
	}
out:
	mnt_free_iter(itr);
	mnt_unref_table(tb);
	return rc;
}

/*
 * Batches of groups, in the order they first come in utab: a group's
 * utab lines and mounts all in one, at most @most utab lines in one
 * unless a group alone has more. Mounts with no group (a "/dev/root" that
 * no utab line names) go with the first. Returns the number of batches.
 */
static uint32_t make_batches(const struct um_utab_keys *k,
			     const struct um_merge_line *mounts, size_t n,
			     uint32_t *line_batch, uint32_t *mount_batch,
			     uint32_t *group_batch, uint32_t most)
{
	uint32_t nb = 0, in_batch = 0, g, i;
	size_t len, j;
	bool last;

	for (i = 0; i < um_utab_keys_lines(k); i++) {
		um_utab_keys_line(k, i, &len, &g, &last);
		if (group_batch[g] == UM_UTAB_NO_GROUP) {
			if (!nb || in_batch >= most) {
				nb++;
				in_batch = 0;
			}
			group_batch[g] = nb - 1;
		}
		line_batch[i] = group_batch[g];
		in_batch += group_batch[g] == nb - 1;
	}
	for (j = 0; j < n; j++)
		mount_batch[j] = mounts[j].group == UM_UTAB_NO_GROUP
					 ? 0
					 : group_batch[mounts[j].group];
	return nb ? nb : 1;
}

/* A utab of the lines of batch @b. */
static int fill_utab(int fd, const struct um_utab_keys *k,
		     const uint32_t *line_batch, uint32_t b)
{
	struct um_merge_line *l;
	uint32_t i, n = um_utab_keys_lines(k), g;
	int rc;

	l = calloc(n + 1, sizeof(*l));
	if (!l)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		l[i].text = um_utab_keys_line(k, i, &l[i].len, &g, &l[i].last);
	rc = fill(fd, l, n, line_batch, b);
	free(l);
	return rc;
}

static int merge_batches(struct um_utab_keys *k,
			 const struct um_merge_line *mounts, size_t n,
			 int mifd, struct libmnt_cache *cache,
			 um_merge_each each, void *arg, uint32_t most)
{
	size_t nkeys = um_utab_keys_count(k) + 1, nl = um_utab_keys_lines(k);
	uint32_t *group_batch = malloc(nkeys * sizeof(uint32_t));
	uint32_t *line_batch = malloc((nl + 1) * sizeof(uint32_t));
	uint32_t *mount_batch = malloc((n + 1) * sizeof(uint32_t));
	const char *old = secure_getenv("LIBMOUNT_UTAB");
	char *saved = old ? strdup(old) : NULL, path[64];
	int fd = memfd_create("usermount-utab", MFD_CLOEXEC), rc = -ENOMEM;
	uint32_t b, nb;

	if (!group_batch || !line_batch || !mount_batch || fd < 0 ||
	    (old && !saved))
		goto out;
	memset(group_batch, 0xff, nkeys * sizeof(uint32_t));
	nb = make_batches(k, mounts, n, line_batch, mount_batch, group_batch,
			  most);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (setenv("LIBMOUNT_UTAB", path, 1) < 0)
		goto out;
	for (b = 0, rc = 0; b < nb && rc == 0; b++) {
		rc = fill_utab(fd, k, line_batch, b);
		if (rc == 0)
			rc = merge(mifd, mounts, n, mount_batch, b, cache, each,
				   arg);
	}
	if (saved)
		setenv("LIBMOUNT_UTAB", saved, 1);
	else
		unsetenv("LIBMOUNT_UTAB");
out:
	if (fd >= 0)
		close(fd);
	free(saved);
	free(group_batch);
	free(line_batch);
	free(mount_batch);
	return rc;
}

/*
 * libmount's entries for @mounts (mountinfo lines, in their order), utab
 * merged, each to @each once: with its index in @mounts, and the entry or
 * NULL where libmount refused the line. With @k, and libmount reading
 * LIBMOUNT_UTAB, batches of at most @most utab lines (0: one merge).
 * Returns 0 or a negative errno. tests/fuzz/ compares batches of one with
 * libmount's merge on the whole.
 */
int um_utab_merge_by(struct um_utab_keys *k,
		     const struct um_merge_line *mounts, size_t n,
		     struct libmnt_cache *cache, um_merge_each each, void *arg,
		     uint32_t most)
{
	int fd = memfd_create("usermount-list", MFD_CLOEXEC), rc;

	if (fd < 0)
		return -errno;
	if (k && most && um_utab_keys_lines(k) > most &&
	    um_libmount_reads_env())
		rc = merge_batches(k, mounts, n, fd, cache, each, arg, most);
	else
		rc = merge(fd, mounts, n, NULL, 0, cache, each, arg);
	close(fd);
	return rc;
}

/* The same, in batches of BATCH utab lines. */
int um_utab_merge(struct um_utab_keys *k, const struct um_merge_line *mounts,
		  size_t n, struct libmnt_cache *cache, um_merge_each each,
		  void *arg)
{
	return um_utab_merge_by(k, mounts, n, cache, each, arg, BATCH);
}

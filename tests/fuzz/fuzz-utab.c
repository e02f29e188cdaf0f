// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listing's utab filter (lib/utab-keys.c) and its merge in batches
 * (lib/utab-merge.c) against libmount's own merge of the whole table.
 * The listing gives libmount only the mounts the filter lets through; that
 * changes nothing only if every mount libmount merges a utab line into is
 * one of them. So: for any utab text and any mounts, parse the mounts with
 * libmount twice, with that utab and with an empty one; every mount whose
 * entry differs (options, attributes, bind source) must pass the filter.
 * Then the mounts that pass, merged a group at a time (batches of one utab
 * line), must come out as they do from the whole.
 *
 * Input: two bytes, the utab text's length (little endian); the utab text;
 * then mounts, one a line, fields split by tabs: ID, root, target, source,
 * type (missing fields get defaults). The harness escapes the fields as the
 * kernel does, so libmount reads every mount line.
 */
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <libmount.h>

#include "mountinfo.h"
#include "utab-keys.h"
#include "utab-merge.h"
#include "fuzz.h"

#define MAX_MOUNTS 16

static int utab_fd = -1, empty_fd = -1, mi_fd = -1;

static int new_file(const char *name)
{
	int fd = memfd_create(name, MFD_CLOEXEC);

	if (fd < 0)
		abort();
	return fd;
}

static void set_file(int fd, const char *data, size_t size)
{
	if (ftruncate(fd, 0) < 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
}

static int ids[MAX_MOUNTS];

/*
 * One mount line from "ID\tROOT\tTARGET\tSOURCE\tTYPE" (parts optional),
 * unless its ID is taken (the kernel's are unique). Returns 1 if written.
 */
static int put_mount(FILE *f, char *spec, int n)
{
	char *field[5] = { NULL }, *m[4];
	int i, id;

	for (i = 0; i < 5; i++)
		field[i] = strsep(&spec, "\t");
	id = field[0] && *field[0] ? (int)strtol(field[0], NULL, 10) : 100 + n;
	for (i = 0; i < n; i++)
		if (ids[i] == id)
			return 0;
	ids[n] = id;
	m[0] = um_mi_mangle(field[1] && *field[1] ? field[1] : "/");
	m[1] = um_mi_mangle(field[2] && *field[2] ? field[2] : "/mnt");
	m[2] = um_mi_mangle(field[3] && *field[3] ? field[3] : "src");
	m[3] = um_mi_mangle(field[4] && *field[4] ? field[4] : "tmpfs");
	if (!m[0] || !m[1] || !m[2] || !m[3])
		abort();
	fprintf(f, "%d 1 0:%d %s %s rw,relatime - %s %s rw\n", id, n + 1, m[0],
		m[1], m[3], m[2]);
	for (i = 0; i < 4; i++)
		free(m[i]);
	return 1;
}

/* What a merge gives a mount, as text to compare. */
static char *merged(struct libmnt_fs *fs)
{
	char *s = NULL;

	if (asprintf(&s, "%s|%s|%s|%s", mnt_fs_get_options(fs) ?: "-",
		     mnt_fs_get_attributes(fs) ?: "-",
		     mnt_fs_get_bindsrc(fs) ?: "-",
		     mnt_fs_get_source(fs) ?: "-") < 0)
		abort();
	return s;
}

static char *got[MAX_MOUNTS];

static int keep(void *arg, size_t i, struct libmnt_fs *fs)
{
	(void)arg;
	FUZZ_ASSERT(fs && !got[i]);	/* every line, once */
	got[i] = merged(fs);
	return 0;
}

/* The mounts that pass the filter, merged in batches of one utab line. */
static void check_batches(struct um_utab_keys *keys, struct libmnt_table *with,
			  const char *text)
{
	struct um_merge_line cand[MAX_MOUNTS];
	struct libmnt_fs *whole[MAX_MOUNTS], *fs;
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	uint32_t key[MAX_MOUNTS];
	const char *line = text, *nl;
	size_t n = 0, i;
	char *w, path[64];

	/* a merge of one batch reads the utab libmount reads */
	snprintf(path, sizeof(path), "/proc/self/fd/%d", utab_fd);
	setenv("LIBMOUNT_UTAB", path, 1);
	while (mnt_table_next_fs(with, itr, &fs) == 0) {
		nl = strchr(line, '\n');
		if (um_utab_keys_match(keys, (unsigned long)mnt_fs_get_id(fs),
				       mnt_fs_get_target(fs))) {
			FUZZ_ASSERT(um_utab_keys_join(
				keys, (unsigned long)mnt_fs_get_id(fs),
				mnt_fs_get_target(fs), &key[n]));
			cand[n].text = line;
			cand[n].len = (size_t)(nl - line);
			cand[n].id = (unsigned long)mnt_fs_get_id(fs);
			cand[n].last = false;
			whole[n++] = fs;
		}
		line = nl + 1;
	}
	mnt_free_iter(itr);
	for (i = 0; i < n; i++)
		cand[i].group = um_utab_keys_root(keys, key[i]);
	memset(got, 0, sizeof(got));
	FUZZ_ASSERT(um_utab_merge_by(keys, cand, n, NULL, keep, NULL, 1) == 0);
	for (i = 0; i < n; i++) {
		w = merged(whole[i]);
		if (!got[i] || strcmp(got[i], w) != 0)
			fprintf(stderr, "mount %zu: batches [%s], whole [%s]\n",
				i, got[i] ? got[i] : "(none)", w);
		FUZZ_ASSERT(got[i] && strcmp(got[i], w) == 0);
		free(w);
		free(got[i]);
	}
}

static struct libmnt_table *parse(int utab)
{
	struct libmnt_table *tb = mnt_new_table();
	char path[64];

	if (!tb)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", utab);
	setenv("LIBMOUNT_UTAB", path, 1);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", mi_fd);
	FUZZ_ASSERT(mnt_table_parse_mtab(tb, path) == 0);
	return tb;
}

static int differ(const char *a, const char *b)
{
	return (a == NULL) != (b == NULL) || (a && strcmp(a, b) != 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct libmnt_table *with, *without;
	struct libmnt_iter *i1, *i2;
	struct libmnt_fs *a, *b;
	struct um_utab_keys *keys;
	char *mounts, *spec, *line, *text = NULL;
	size_t ulen, tlen = 0;
	int n = 0;
	FILE *f;

	if (utab_fd < 0) {
		utab_fd = new_file("utab");
		empty_fd = new_file("empty");
		mi_fd = new_file("mountinfo");
	}
	if (size < 2)
		return 0;
	ulen = data[0] | (size_t)data[1] << 8;
	if (ulen > size - 2)
		ulen = size - 2;
	set_file(utab_fd, (const char *)data + 2, ulen);
	keys = um_utab_keys_from_text((const char *)data + 2, ulen);
	FUZZ_ASSERT(keys);

	mounts = fuzz_str(data + 2 + ulen, size - 2 - ulen);
	f = open_memstream(&text, &tlen);
	if (!f)
		abort();
	for (spec = mounts; n < MAX_MOUNTS && (line = strsep(&spec, "\n"));)
		n += put_mount(f, line, n);
	fclose(f);
	set_file(mi_fd, text, tlen);

	with = parse(utab_fd);
	without = parse(empty_fd);
	FUZZ_ASSERT(mnt_table_get_nents(with) == n);
	FUZZ_ASSERT(mnt_table_get_nents(without) == n);
	i1 = mnt_new_iter(MNT_ITER_FORWARD);
	i2 = mnt_new_iter(MNT_ITER_FORWARD);
	while (mnt_table_next_fs(with, i1, &a) == 0 &&
	       mnt_table_next_fs(without, i2, &b) == 0) {
		if (!differ(mnt_fs_get_options(a), mnt_fs_get_options(b)) &&
		    !differ(mnt_fs_get_attributes(a),
			    mnt_fs_get_attributes(b)) &&
		    !differ(mnt_fs_get_bindsrc(a), mnt_fs_get_bindsrc(b)))
			continue;
		/* libmount merged a utab line here: the filter must see it */
		FUZZ_ASSERT(um_utab_keys_match(keys,
					       (unsigned long)mnt_fs_get_id(a),
					       mnt_fs_get_target(a)));
	}
	mnt_free_iter(i1);
	mnt_free_iter(i2);
	check_batches(keys, with, text);
	mnt_unref_table(with);
	mnt_unref_table(without);
	um_utab_keys_free(keys);
	free(text);
	free(mounts);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listing's utab filter (lib/utabkeys.c) against libmount's own merge.
 * The listing gives libmount only the mounts the filter lets through; that
 * changes nothing only if every mount libmount merges a utab line into is
 * one of them. So: for any utab text and any mounts, parse the mounts with
 * libmount twice, with that utab and with an empty one; every mount whose
 * entry differs (options, attributes, bind source) must pass the filter.
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
#include "utabkeys.h"
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

/* One mount line from "ID\tROOT\tTARGET\tSOURCE\tTYPE" (parts optional). */
static void put_mount(FILE *f, char *spec, int n)
{
	char *field[5] = { NULL }, *m[4];
	int i, id;

	for (i = 0; i < 5; i++)
		field[i] = strsep(&spec, "\t");
	id = field[0] && *field[0] ? (int)strtol(field[0], NULL, 10) : 100 + n;
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
		put_mount(f, line, n++);
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
	mnt_unref_table(with);
	mnt_unref_table(without);
	um_utab_keys_free(keys);
	free(text);
	free(mounts);
	return 0;
}

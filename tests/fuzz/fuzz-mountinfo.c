// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mountinfo text helpers (lib/mountinfo.c) and mount -a's index over
 * that text (lib/mountinfo-index.c), over any bytes, taken three ways:
 *  - as a path: the kernel-style escape of it is libmount's, has no
 *    separator left in it, and decodes back to the path, by our field
 *    decoder, by libmount's unmangle and by libmount's mountinfo parser;
 *  - as fields: each decodes as libmount decodes it, never longer;
 *  - as a mountinfo text: the index finds, for every line whose target is
 *    written canonically, exactly the lines with that target.
 */
#include <libmount.h>

#include "mountinfo-index.h"
#include "mountinfo.h"
#include "fuzz.h"

#define MAX_LINES 32
#define MAX_HITS 64

/* Parse one mountinfo line on @target (escaped) as libmount does. */
static void check_libmount_target(const char *mangled, const char *path)
{
	struct libmnt_table *tb = mnt_new_table();
	struct libmnt_fs *fs = NULL;
	char *line = NULL;
	FILE *f;
	int n;

	n = asprintf(&line, "36 35 98:0 / %s rw,noatime - ext3 /dev/x rw\n",
		     mangled);
	if (!tb || n < 0)
		abort();
	f = fmemopen(line, (size_t)n, "r");
	if (!f)
		abort();
	FUZZ_ASSERT(!mnt_table_parse_stream(tb, f, "/proc/self/mountinfo"));
	FUZZ_ASSERT(mnt_table_first_fs(tb, &fs) == 0);
	FUZZ_ASSERT(!strcmp(mnt_fs_get_target(fs), path));
	fclose(f);
	free(line);
	mnt_unref_table(tb);
}

static void check_path(const char *path)
{
	char *m = um_mi_mangle(path), *lm = mnt_mangle(path), *copy, *cur;
	char *un;

	FUZZ_ASSERT(m && lm && !strcmp(m, lm));
	FUZZ_ASSERT(!strpbrk(m, " \t\n"));
	copy = strdup(m);
	if (!copy)
		abort();
	cur = copy;
	if (*path) {
		/* (libmount's unmangle gives NULL for "") */
		un = mnt_unmangle(m);
		FUZZ_ASSERT(un && !strcmp(un, path));
		free(un);
		FUZZ_ASSERT(!strcmp(um_mi_field(&cur), path) && !*cur);
		/* libmount drops a " (deleted)" suffix: not ours to check */
		if (!strstr(path, " (deleted)"))
			check_libmount_target(m, path);
	} else {
		FUZZ_ASSERT(!um_mi_field(&cur));
	}
	free(copy);
	free(lm);
	free(m);
}

/*
 * Each field decodes as libmount's unmangle decodes it (not with a raw tab:
 * libmount splits there, and the kernel never writes one).
 */
static void check_fields(const char *text)
{
	char *dec = strdup(text), *raw = strdup(text), *cur = dec, *r = raw;
	char *f, *tok, *un;

	if (!dec || !raw)
		abort();
	while ((f = um_mi_field(&cur))) {
		tok = strsep(&r, " ");
		FUZZ_ASSERT(tok && strlen(f) <= strlen(tok));
		if (!*tok) {
			FUZZ_ASSERT(!*f);
			continue;
		}
		if (strchr(tok, '\t'))
			continue;
		un = mnt_unmangle(tok);
		FUZZ_ASSERT(un && !strcmp(un, f));
		free(un);
	}
	FUZZ_ASSERT(!r || !*r);
	free(raw);
	free(dec);
}

/* The raw target fields of the complete lines of @text, at most @max. */
static size_t split_lines(char *text, const char **tgt, size_t *tlen,
			  size_t max)
{
	size_t n = 0;
	char *p = text, *nl;

	while (n < max && (nl = strchr(p, '\n'))) {
		*nl = '\0';
		tgt[n] = um_mi_target(p, &tlen[n]);
		n++;
		p = nl + 1;
	}
	return n;
}

static int same_field(const char *a, size_t alen, const char *b, size_t blen)
{
	return a && b && alen == blen && !memcmp(a, b, alen);
}

static void check_one_target(struct um_mounted *m, const char **tgt,
			     size_t *tlen, size_t n, size_t i)
{
	uint32_t hits[MAX_HITS];
	char *raw = strndup(tgt[i], tlen[i]), *cur = raw, *path, *back;
	size_t want = 0, got, j;

	if (!raw)
		abort();
	path = um_mi_field(&cur);
	back = path ? um_mi_mangle(path) : NULL;
	if (back && same_field(back, strlen(back), tgt[i], tlen[i])) {
		for (j = 0; j < n; j++)
			want += same_field(tgt[j], tlen[j], tgt[i], tlen[i]);
		got = um_mounted_on_target(m, path, hits, MAX_HITS);
		FUZZ_ASSERT(got == (want < MAX_HITS ? want : MAX_HITS));
		for (j = 0; j < got; j++)
			FUZZ_ASSERT(hits[j] < n &&
				    same_field(tgt[hits[j]], tlen[hits[j]],
					       tgt[i], tlen[i]));
	}
	free(back);
	free(raw);
}

static void check_index(const char *text)
{
	const char *tgt[MAX_LINES];
	size_t tlen[MAX_LINES], n, i, nl = 0;
	char *copy = strdup(text), *owned = strdup(text);
	struct um_mounted *m;
	const char *p;

	if (!copy || !owned)
		abort();
	for (p = text; (p = strchr(p, '\n')); p++)
		nl++;
	n = split_lines(copy, tgt, tlen, MAX_LINES);
	m = um_mounted_from_text(owned, strlen(owned), NULL);
	FUZZ_ASSERT(m);
	/* lines past MAX_LINES could match too: only check all of them */
	for (i = 0; nl <= MAX_LINES && i < n; i++)
		if (tgt[i])
			check_one_target(m, tgt, tlen, n, i);
	um_mounted_free(m);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size);

	check_path(s);
	check_fields(s);
	check_index(s);
	free(s);
	return 0;
}

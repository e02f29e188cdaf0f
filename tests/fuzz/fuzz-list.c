// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listing's line printer (mount/list.c) over any mountinfo line. A
 * FUSE server picks its source and subtype, and any user may pick a
 * mountpoint's name: whatever the line holds, and whatever its escapes
 * decode to, the listing prints one line of printable ASCII (no raw
 * control character, no byte above 0x7e) before its newline, or nothing
 * for a line that is not mountinfo's.
 */
#include <errno.h>
#include <libmount.h>

#include "list.h"
#include "fuzz.h"

static void check_output(int rc, const char *out, size_t len)
{
	if (rc == -EINVAL) {
		FUZZ_ASSERT(len == 0);	/* refused before printing */
		return;
	}
	FUZZ_ASSERT(rc == 0);
	if (len == 0)
		return;	/* filtered out by type */
	FUZZ_ASSERT(len >= 2 && out[len - 1] == '\n');
	/* the C locale: anything else is written as \xHH */
	FUZZ_ASSERT(!fuzz_has_unprintable(out, len - 1));
	FUZZ_ASSERT(strstr(out, " on ") && strstr(out, " type "));
	FUZZ_ASSERT(out[len - 2] == ')');
}

/* One line through list_line(), with @types as "mount -t" gives them. */
static void run(const char *line, const char *types, struct list_opts *o)
{
	char *copy = strdup(line), *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	int rc;

	if (!copy || !f)
		abort();
	o->types = types;
	rc = list_line(copy, o, f);
	FUZZ_ASSERT(fclose(f) == 0);
	FUZZ_ASSERT(strlen(out) == len);
	check_output(rc, out, len);
	free(out);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* list_mounts() reads lines: one never holds a newline */
	const uint8_t *nl = memchr(data, '\n', size);
	char *line = fuzz_str(data, nl ? (size_t)(nl - data) : size);
	struct list_opts o = { 0 };

	/* twice with one buffer, as list_mounts() reuses it */
	run(line, NULL, &o);
	run(line, NULL, &o);
	run(line, "nofuse,tmpfs", &o);
	list_opts_free(&o);
	free(line);
	return 0;
}

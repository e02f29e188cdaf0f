// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listing's held output (lib/list-held.c): what goes in comes back, byte
 * for byte and line by line, and repetitive tables take little memory.
 */
#include <stdlib.h>
#include <string.h>

#include "list-held.h"
#include "tap.h"

/*
 * Hold @text, then replay it up to line @cut and the rest: the same? The
 * bytes held go to *@bytes.
 */
static int round_trip(const char *text, size_t cut, size_t *bytes)
{
	struct um_held *h = um_held_new();
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	long n;
	int ok;

	if (!h || !f)
		return 0;
	fputs(text, um_held_file(h));
	n = um_held_lines(h);
	*bytes = um_held_bytes(h);
	ok = n >= 0 && um_held_replay(h, cut, f) == 0 &&
	     um_held_replay(h, (size_t)n, f) == 0;
	fclose(f);
	ok = ok && len == strlen(text) && memcmp(out, text, len) == 0;
	free(out);
	um_held_free(h);
	return ok;
}

int main(void)
{
	static const char table[] =
		"a on /m/1 type tmpfs (rw)\n"
		"a on /m/2 type tmpfs (rw)\n"
		"a on /m/22 type tmpfs (rw)\n"
		"a on /m/2 type tmpfs (rw)\n"
		"b on / type ext4 (ro)\n"
		"\n"
		"\n"
		"b on / type ext4 (ro)\n"
		"xyz\n";
	char *big = malloc(3 * 20000 + 4), *many = malloc(5000 * 40);
	size_t i, at = 0, held;
	unsigned r = 1;

	CHECK(round_trip(table, 0, &held) && round_trip(table, 3, &held) &&
		      round_trip(table, 9, &held),
	      "lines come back as they went in, cut anywhere");
	CHECK(round_trip("", 0, &held) && held == 0,
	      "nothing held, nothing written");
	/* lines longer than stdio's buffer, in pieces */
	for (i = 0; i < 3; i++) {
		memset(big + i * 20001, 'a' + (int)i, 20000);
		big[i * 20001 + 20000] = '\n';
	}
	big[3 * 20001] = '\0';
	CHECK(round_trip(big, 1, &held) && held < 3 * 20001 + 30,
	      "lines longer than a buffer, never much more than themselves");
	/* a table that repeats itself, with some noise in it */
	for (i = 0; i < 5000; i++) {
		r = r * 1103515245 + 12345;
		at += (size_t)sprintf(many + at,
				      "src on /var/lib/m/%zu%c type x (rw)\n",
				      i, (r >> 16) % 7 ? 'x' : '\\');
	}
	CHECK(round_trip(many, 2500, &held), "5,000 similar lines");
	CHECK(held < at / 4, "in under a quarter of their size");
	free(big);
	free(many);
	return tap_done();
}

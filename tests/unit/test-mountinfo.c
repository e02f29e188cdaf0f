// SPDX-License-Identifier: GPL-2.0-or-later
/* mountinfo's fields and escapes (lib/mountinfo.c), as the kernel writes. */
#include <stdlib.h>
#include <string.h>

#include "mountinfo.h"
#include "tap.h"

/* Does um_mi_mangle(@path) give @want, and decode back to @path? */
static int round_trip(const char *path, const char *want)
{
	char *m = um_mi_mangle(path), *cur = m, *f;
	int ok;

	if (!m)
		return 0;
	ok = strcmp(m, want) == 0;
	f = um_mi_field(&cur);
	ok = ok && f && strcmp(f, path) == 0 && *cur == '\0';
	free(m);
	return ok;
}

int main(void)
{
	char line[] = "36 35 98:0 / /a\\040b\\011c\\012d\\134e rw - x y z";
	char bad[] = "\\1 \\08 \\777x \\";
	char *cur = line, *f = NULL;
	size_t len = 0;
	const char *t;
	int i;

	t = um_mi_target(line, &len);
	CHECK(t && len == 22 && strncmp(t, "/a\\040b", 7) == 0,
	      "target is the fifth field, escaped");
	CHECK(!um_mi_target("1 2 3 4", &len), "short line has no target");
	for (i = 0; i < 5; i++)
		f = um_mi_field(&cur);
	CHECK(f && strcmp(f, "/a b\tc\nd\\e") == 0,
	      "space, tab, newline and backslash decoded");
	CHECK(round_trip("/mnt/a b\tc\nd\\e", "/mnt/a\\040b\\011c\\012d\\134e"),
	      "mangle escapes the four and decodes back");
	CHECK(round_trip("/x (deleted)", "/x\\040(deleted)"),
	      "a \" (deleted)\" name round-trips");
	CHECK(round_trip("/a,b=c\\d", "/a,b=c\\134d"),
	      "a literal backslash is escaped");
	cur = bad;
	CHECK(strcmp(um_mi_field(&cur), "\\1") == 0, "short escape kept");
	CHECK(strcmp(um_mi_field(&cur), "\\08") == 0, "non-octal kept");
	CHECK(strcmp(um_mi_field(&cur), "\377x") == 0,
	      "\\777 wraps to one byte, as libmount's does");
	CHECK(strcmp(um_mi_field(&cur), "\\") == 0, "trailing backslash kept");
	CHECK(!um_mi_field(&cur), "no field after the last");
	return tap_done();
}

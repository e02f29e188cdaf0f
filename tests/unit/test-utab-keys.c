// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listing's utab filter (lib/utab-keys.c): every ID and target libmount
 * could match a utab line by is let through, in libmount's path form.
 */
#include <stdlib.h>
#include <string.h>

#include "utab-keys.h"
#include "tap.h"

static struct um_utab_keys *keys(const char *text)
{
	return um_utab_keys_from_text(text, strlen(text));
}

static int norm_is(const char *path, const char *want)
{
	char *p = strdup(path);
	int ok = p && strcmp(um_path_norm(p), want) == 0;

	free(p);
	return ok;
}

/* Which utab lines libmount's merges must see together. */
static int groups(void)
{
	static const char utab[] = "SRC=a TARGET=/a ROOT=/ OPTS=x\n"
				   "ID=5 SRC=b TARGET=/b ROOT=/ OPTS=x\n"
				   "SRC=c TARGET=/c ROOT=/ OPTS=x\n"
				   "no keys here\n"
				   "SRC=a TARGET=/a/ ROOT=/ OPTS=y\n"
				   "SRC=d TARGET=/d ROOT=/ OPTS=x";
	struct um_utab_keys *k = keys(utab);
	uint32_t g[5], ka, kc, kd, kx;
	size_t len = 0;
	bool last = true;
	const char *t;
	int ok, i;

	if (!k)
		return 0;
	ok = um_utab_keys_lines(k) == 5;	/* "no keys here" is left out */
	t = um_utab_keys_line(k, 0, &len, &g[0], &last);
	ok = ok && len == 29 && strncmp(t, "SRC=a TARGET=/a ", 16) == 0 &&
	     !last;
	/* a mount with ID 5 on /c joins the lines of /b and /c */
	ok = ok && um_utab_keys_join(k, 5, "/c", &kc);
	ok = ok && um_utab_keys_join(k, 1, "/a", &ka);
	ok = ok && um_utab_keys_join(k, 2, "/d", &kd);
	ok = ok && um_utab_keys_join(k, 3, "/x", &kx) && kx == UM_UTAB_NO_GROUP;
	for (i = 0; ok && i < 5; i++)
		um_utab_keys_line(k, (uint32_t)i, &len, &g[i], &last);
	ok = ok && last && g[0] == g[3] && g[1] == g[2] && g[0] != g[1] &&
	     g[4] != g[0] && g[4] != g[1];
	ok = ok && um_utab_keys_root(k, ka) == g[0] &&
	     um_utab_keys_root(k, kc) == g[1] &&
	     um_utab_keys_root(k, kd) == g[4] &&
	     um_utab_keys_root(k, kx) == UM_UTAB_NO_GROUP;
	um_utab_keys_free(k);
	return ok;
}

int main(void)
{
	static const char utab[] =
		"SRC=a TARGET=/mnt/a\\040b ROOT=/ OPTS=x-1\n"
		"ID=42 SRC=b TARGET=/mnt/other ROOT=/ OPTS=x-2\n"
		"SRC=c TARGET=/mnt//c/ ROOT=/ OPTS=x-3\n"
		"SRC=d\tTARGET=/after/tab ROOT=/ OPTS=x-4\n"
		"SRC=e TARGET=/tab/ends\tOPTS=x\n"
		"UNIQID=77 SRC=f TARGET= ROOT=/\n"
		"ID=4294967301 SRC=g TARGET=/g ROOT=/\n"
		"ID=-3 xTARGET=/not/a/word ROOT=/\n"
		"SRC=h TARGET=/nul\0/after ROOT=/\n"
		"# TARGET=/comment\n";
	struct um_utab_keys *k = um_utab_keys_from_text(utab, sizeof(utab) - 1);
	struct um_utab_keys *none = keys("");

	CHECK(norm_is("/a//b///c/", "/a/b/c"), "slash runs are one slash");
	CHECK(norm_is("/", "") && norm_is("//", "") && norm_is("", ""),
	      "the root is the empty path, as streq_paths(\"\", \"/\")");
	CHECK(norm_is("rel//x/", "rel/x"), "relative paths too");
	CHECK(k != NULL, "utab read");
	CHECK(um_utab_keys_match(k, 1, "/mnt/a b"), "target decoded");
	CHECK(!um_utab_keys_match(k, 1, "/mnt/a\\040b"), "not the escape");
	CHECK(um_utab_keys_match(k, 42, "/anywhere"), "ID= lets a mount in");
	CHECK(um_utab_keys_match(k, 1, "/mnt/c") &&
		      um_utab_keys_match(k, 1, "//mnt/c//"),
	      "targets compared in libmount's form, both sides");
	CHECK(um_utab_keys_match(k, 1, "/after/tab"), "a word after a tab");
	CHECK(um_utab_keys_match(k, 1, "/tab/ends") &&
		      !um_utab_keys_match(k, 1, "/tab/ends\tOPTS=x"),
	      "a tab ends a value, as in unmangle()");
	CHECK(!um_utab_keys_match(k, 77, "/x"), "UNIQID is no mountinfo ID");
	CHECK(um_utab_keys_match(k, 5, "/x"),
	      "an ID beyond an int is cut to one, as libmount 2.41 does");
	CHECK(!um_utab_keys_match(k, 1, "/not/a/word"), "xTARGET= is no key");
	CHECK(um_utab_keys_match(k, 1, "/nul") &&
		      !um_utab_keys_match(k, 1, "/nul/after"),
	      "a NUL ends the line's words, as it ends libmount's reading");
	CHECK(um_utab_keys_match(k, 1, "/comment"),
	      "comment lines count (wider than libmount, never narrower)");
	CHECK(!um_utab_keys_match(k, 1, "/mnt/elsewhere") &&
		      !um_utab_keys_match(k, 43, "/mnt"),
	      "other mounts are not let in");
	CHECK(um_utab_keys_count(k) == 10, "ten keys");
	CHECK(none && !um_utab_keys_match(none, 1, "/") &&
		      um_utab_keys_count(none) == 0,
	      "an empty utab lets nothing in");
	CHECK(!um_utab_keys_read("/nonexistent/utab"), "unreadable: NULL");
	um_utab_keys_free(k);
	um_utab_keys_free(none);
	CHECK(groups(), "groups: lines joined by their keys and by mounts");
	return tap_done();
}

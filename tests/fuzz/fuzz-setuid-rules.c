// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * um_setuid_user_is() over any recorded options and any caller name (the
 * input is NAME, a NUL byte, then the options). It says "the caller" only
 * when the first "user" option's value is the name, byte for byte: never
 * for a prefix of the name, nor for the name with more after it (the
 * libmount 2.38 strncmp hole this check closes).
 */
#include <libmount.h>

#include "setuid-rules.h"
#include "fuzz.h"

static char *cat3(const char *a, const char *b, const char *c)
{
	char *s = NULL;

	if (asprintf(&s, "%s%s%s", a, b, c) < 0)
		abort();
	return s;
}

/* The first "user" option by libmount's walk: 1 with its value, else 0. */
static int recorded(const char *opts, char **val, size_t *valsz)
{
	char *p = (char *)opts, *name;
	size_t namesz;

	while (mnt_optstr_next_option(&p, &name, &namesz, val, valsz) == 0)
		if (namesz == 4 && !memcmp(name, "user", 4))
			return 1;
	return 0;
}

/*
 * Names a user=NAME option can carry whole: no separator, quote or
 * backslash (libmount 2.39 and later read "\\," as a comma in the value).
 */
static int plain(const char *name)
{
	return *name && !strpbrk(name, ",\"\\");
}

static void check_built(const char *name, const char *rest)
{
	char *opts, *shorter;

	opts = cat3("user=", name, rest);
	FUZZ_ASSERT(um_setuid_user_is(opts, name) == 1);
	free(opts);
	opts = cat3("user=", name, "x,user=x");
	FUZZ_ASSERT(um_setuid_user_is(opts, name) == -1);
	free(opts);
	shorter = strndup(name, strlen(name) - 1);
	if (!shorter)
		abort();
	opts = cat3("user=", shorter, rest);
	FUZZ_ASSERT(um_setuid_user_is(opts, name) == -1);
	free(opts);
	free(shorter);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t namelen = nul ? (size_t)(nul - data) : size;
	char *name = fuzz_str(data, namelen), *val = NULL, *rest;
	char *opts = nul ? fuzz_str(nul + 1, size - namelen - 1) : NULL;
	size_t valsz = 0;
	int rc;

	rc = um_setuid_user_is(opts, name);
	FUZZ_ASSERT(rc == 1 || rc == 0 || rc == -1);
	if (rc == 1)
		FUZZ_ASSERT(recorded(opts, &val, &valsz) && val &&
			    valsz && valsz == strlen(name) &&
			    !memcmp(val, name, valsz));
	if (opts && recorded(opts, &val, &valsz) && val)
		FUZZ_ASSERT(rc != 0);
	FUZZ_ASSERT(um_setuid_user_is(opts, NULL) <= 0);
	if (plain(name)) {
		rest = cat3(",", opts ? opts : "", "");
		check_built(name, rest);
		free(rest);
	}
	free(opts);
	free(name);
	return 0;
}

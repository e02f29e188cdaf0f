// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * um_opts_owner() over any option string. The owner is the first "user"
 * key as libmount splits the string, and only when its value is a
 * canonical uid; nothing appended after the string may change the answer
 * (a later "user=0" never wins), and a "user=N" put first always does.
 */
#include <errno.h>
#include <libmount.h>

#include "owner.h"
#include "fuzz.h"

/*
 * By libmount's own walk: 1 and the first "user" option's value (NULL for
 * a bare "user"), 0 when there is no "user" key, <0 when libmount cannot
 * parse the string before one.
 */
static int first_user(const char *opts, char **val, size_t *valsz)
{
	char *p = (char *)opts, *name, *v;
	size_t namesz, vsz;
	int rc;

	while ((rc = mnt_optstr_next_option(&p, &name, &namesz, &v, &vsz)) ==
	       0) {
		if (namesz == 4 && !memcmp(name, "user", 4)) {
			*val = v;
			*valsz = vsz;
			return 1;
		}
	}
	return rc == 1 ? 0 : rc;
}

static char *joined(const char *a, const char *b)
{
	char *s = NULL;

	if (asprintf(&s, "%s%s", a, b) < 0)
		abort();
	return s;
}

static void check_append(const char *opts, int rc, uid_t uid)
{
	char *more = joined(opts, ",user=0,user=1");
	uid_t u2 = 12345;
	int rc2 = um_opts_owner(more, &u2);

	if (rc == 1)
		FUZZ_ASSERT(rc2 == 1 && u2 == uid);
	else if (rc < 0)
		FUZZ_ASSERT(rc2 != 1);
	free(more);
}

static void check_prepend(const char *opts, uid_t want)
{
	char head[32], *more;
	uid_t u2 = 12345;

	snprintf(head, sizeof(head), "user=%u,", (unsigned)want);
	more = joined(head, opts);
	FUZZ_ASSERT(um_opts_owner(more, &u2) == 1 && u2 == want);
	free(more);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *opts = fuzz_str(data, size), *val = NULL, back[16];
	uid_t uid = 12345, want = 0;
	size_t valsz = 0;
	int rc, model;

	rc = um_opts_owner(opts, &uid);
	FUZZ_ASSERT(rc == 1 || rc == 0 || rc == -EINVAL);
	model = first_user(opts, &val, &valsz);
	if (rc == 1) {
		/* the first user key, canonical, and nothing else */
		FUZZ_ASSERT(model == 1 && val && uid != (uid_t)-1);
		snprintf(back, sizeof(back), "%u", (unsigned)uid);
		FUZZ_ASSERT(strlen(back) == valsz && !memcmp(back, val, valsz));
	} else {
		FUZZ_ASSERT(uid == 12345);
	}
	if (model == 0)
		FUZZ_ASSERT(rc == 0);
	if (rc == 0)
		FUZZ_ASSERT(model == 0);
	check_append(opts, rc, uid);
	if (size >= 4)
		memcpy(&want, data, sizeof(want));
	if (want == (uid_t)-1)
		want = 0;
	check_prepend(opts, want);
	free(opts);
	return 0;
}

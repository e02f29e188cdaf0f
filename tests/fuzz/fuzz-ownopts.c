// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * um_ownopts_take(), um_ownopts_mflags() and um_ownopts_drop_owner() over
 * any option string. Checked against libmount's own walk of the string:
 * take removes every setuser and nomnt word before the first spot libmount
 * cannot parse, and nothing else; the flags say what it removed; the last
 * setuser word names the user. drop_owner then removes leading kernel
 * owners (user=UID) and nothing else. Neither ever lengthens the string.
 */
#include <errno.h>
#include <libmount.h>

#include "abi.h"
#include "owner.h"
#include "owner-opts.h"
#include "fuzz.h"

#define MAX_OPTS 64

struct opt {
	const char *name, *val;	/* val NULL: no '=' */
	size_t namesz, valsz;
};

struct walk {
	struct opt o[MAX_OPTS];
	int n, rc;	/* rc: 1 at the end, <0 where libmount stopped */
};

static void walk(const char *s, struct walk *w)
{
	char *p = (char *)s, *name, *val;
	size_t namesz, valsz;

	for (w->n = 0; w->n < MAX_OPTS; w->n++) {
		w->rc = mnt_optstr_next_option(&p, &name, &namesz, &val,
					       &valsz);
		if (w->rc)
			return;
		w->o[w->n] = (struct opt){ name, val, namesz, valsz };
	}
	w->rc = 0;	/* too many to compare: the caller skips */
}

static int is(const struct opt *o, const char *name)
{
	return o->namesz == strlen(name) && !memcmp(o->name, name, o->namesz);
}

static int same(const struct opt *a, const struct opt *b)
{
	return a->namesz == b->namesz && !memcmp(a->name, b->name, a->namesz) &&
	       !a->val == !b->val &&
	       (!a->val ||
		(a->valsz == b->valsz && !memcmp(a->val, b->val, a->valsz)));
}

/* @after is @before less the options @drop picks, in order. */
static void check_kept(const struct walk *before, const struct walk *after,
		       int (*drop)(const struct opt *, void *), void *arg)
{
	int i, j = 0;

	for (i = 0; i < before->n; i++) {
		if (drop(&before->o[i], arg))
			continue;
		FUZZ_ASSERT(j < after->n && same(&before->o[i], &after->o[j]));
		j++;
	}
	FUZZ_ASSERT(j == after->n);
}

static int own_word(const struct opt *o, void *arg)
{
	(void)arg;
	return is(o, UM_OPT_SETUSER) || is(o, UM_OPT_NOMNT);
}

/* drop_owner's rule: leading user keys while each is a valid owner */
static int leading_owner(const struct opt *o, void *arg)
{
	int *dropping = arg;
	uid_t uid;

	if (!*dropping || !is(o, UM_OPT_OWNER))
		return 0;
	if (o->val && um_parse_uid(o->val, o->valsz, &uid) == 0)
		return 1;
	*dropping = 0;
	return 0;
}

static size_t len_of(const char *s)
{
	return s ? strlen(s) : 0;
}

static void check_take(const char *in, char *out, const struct um_ownopts *o)
{
	struct walk before, after;
	const struct opt *last = NULL;
	bool nomnt = false;
	int i;

	FUZZ_ASSERT(len_of(out) <= strlen(in));
	FUZZ_ASSERT(!out || *out);
	walk(in, &before);
	walk(out ? out : "", &after);
	for (i = 0; i < after.n; i++)
		FUZZ_ASSERT(!own_word(&after.o[i], NULL));
	for (i = 0; i < before.n; i++) {
		if (is(&before.o[i], UM_OPT_SETUSER))
			last = &before.o[i];
		nomnt |= is(&before.o[i], UM_OPT_NOMNT);
	}
	if (before.rc == 1) {
		FUZZ_ASSERT(o->setuser == !!last && o->nomnt == nomnt);
		if (last && last->val)
			FUZZ_ASSERT(o->user && strlen(o->user) == last->valsz &&
				    !memcmp(o->user, last->val, last->valsz));
		else
			FUZZ_ASSERT(!o->user);
		if (after.rc == 1)
			check_kept(&before, &after, own_word, NULL);
	}
	FUZZ_ASSERT(um_ownopts_mflags(o) == ((o->setuser ? UM_MS_SETUSER : 0) |
					     (o->nomnt ? UM_MS_NOMNT : 0)));
}

static void check_drop(const char *in)
{
	char *s = strdup(in);
	struct walk before, after;
	int dropping = 1;
	uid_t uid;

	if (!s)
		abort();
	FUZZ_ASSERT(um_ownopts_drop_owner(&s) == 0);
	FUZZ_ASSERT(len_of(s) <= strlen(in));
	FUZZ_ASSERT(!s || um_opts_owner(s, &uid) != 1);
	walk(in, &before);
	walk(s ? s : "", &after);
	if (before.rc == 1 && after.rc == 1)
		check_kept(&before, &after, leading_owner, &dropping);
	free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = fuzz_str(data, size), *s = strdup(in);
	struct um_ownopts o = { 0 };
	int rc;

	if (!s)
		abort();
	rc = um_ownopts_take(&s, &o);
	FUZZ_ASSERT(rc == 0 || rc == -EINVAL);
	if (rc == 0)
		check_take(in, s, &o);
	um_ownopts_free(&o);
	check_drop(in);
	if (s)
		check_drop(s);
	free(s);
	free(in);
	return 0;
}

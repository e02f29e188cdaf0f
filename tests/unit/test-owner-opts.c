// SPDX-License-Identifier: GPL-2.0-or-later
/* setuser[=USER] and nomnt are taken out of option strings. */
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "owner-opts.h"
#include "tap.h"

static int take(const char *in, char **out, struct um_ownopts *o)
{
	memset(o, 0, sizeof(*o));
	*out = in ? strdup(in) : NULL;
	return um_ownopts_take(out, o);
}

static int streq(const char *a, const char *b)
{
	return a && b ? strcmp(a, b) == 0 : a == b;
}

int main(void)
{
	struct um_ownopts o;
	char *s;

	CHECK(take("bind,setuser=alice", &s, &o) == 0 && streq(s, "bind") &&
		      o.setuser && streq(o.user, "alice") && !o.nomnt,
	      "setuser=alice taken, bind kept");
	free(s);
	um_ownopts_free(&o);
	CHECK(take("setuser,ro", &s, &o) == 0 && streq(s, "ro") && o.setuser &&
		      o.user == NULL,
	      "bare setuser means the caller");
	free(s);
	um_ownopts_free(&o);
	CHECK(take("nomnt", &s, &o) == 0 && s == NULL && o.nomnt &&
		      !o.setuser,
	      "nomnt alone leaves no options");
	free(s);
	um_ownopts_free(&o);
	CHECK(take("setuser=bob,nomnt,setuser=alice", &s, &o) == 0 &&
		      s == NULL && streq(o.user, "alice") && o.nomnt,
	      "last setuser wins, all taken");
	free(s);
	um_ownopts_free(&o);
	CHECK(take("setuser=", &s, &o) < 0, "empty setuser= rejected");
	free(s);
	um_ownopts_free(&o);
	CHECK(take("rw,nomntx,xsetuser=1,setusers", &s, &o) == 0 &&
		      streq(s, "rw,nomntx,xsetuser=1,setusers") && !o.setuser &&
		      !o.nomnt,
	      "only whole words are ours");
	free(s);
	um_ownopts_free(&o);
	CHECK(take(NULL, &s, &o) == 0 && s == NULL, "no options");
	um_ownopts_free(&o);

	memset(&o, 0, sizeof(o));
	CHECK(um_ownopts_mflags(&o) == 0, "no flags when nothing asked");
	o.setuser = o.nomnt = true;
	CHECK(um_ownopts_mflags(&o) == (UM_MS_SETUSER | UM_MS_NOMNT),
	      "MS_SETUSER | MS_NOMNT");
	CHECK(UM_MS_SETUSER == (1UL << 26) && UM_MS_NOMNT == (1UL << 27),
	      "the series' bit values, 26 and 27");

	s = strdup("rw,nosuid,user=2001,size=1024k");
	CHECK(um_ownopts_drop_owner(&s) == 0 &&
		      streq(s, "rw,nosuid,size=1024k"),
	      "kernel-printed owner dropped for a remount");
	free(s);
	s = strdup("rw,user,noauto");
	CHECK(um_ownopts_drop_owner(&s) == 0 && streq(s, "rw,user,noauto"),
	      "the fstab word user is kept");
	free(s);
	return tap_done();
}

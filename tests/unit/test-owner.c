// SPDX-License-Identifier: GPL-2.0-or-later
/* Ownership as the kernel prints it: user=UID, whole key, whole number. */
#include <string.h>

#include "owner.h"
#include "tap.h"

static int owner_of(const char *opts, uid_t *uid)
{
	*uid = 12345;
	return um_opts_owner(opts, uid);
}

int main(void)
{
	uid_t uid;

	CHECK(owner_of("rw,nosuid,nodev,relatime,user=1000", &uid) == 1 &&
		      uid == 1000,
	      "user=1000 is owner 1000");
	CHECK(owner_of("rw,user=1", &uid) == 1 && uid == 1,
	      "user=1 is owner 1, not 1000");
	CHECK(owner_of("rw,user=0", &uid) == 1 && uid == 0, "user=0 is root");
	CHECK(owner_of("rw,relatime", &uid) == 0, "no user key: no owner");
	CHECK(owner_of(NULL, &uid) == 0, "no options: no owner");
	CHECK(owner_of("rw,user_id=1000,group_id=1000", &uid) == 0,
	      "user_id= is not user=");
	CHECK(owner_of("rw,users", &uid) == 0, "users is not user=");
	CHECK(owner_of("rw,xuser=5", &uid) == 0, "xuser= is not user=");
	CHECK(owner_of("rw,user=1000,user=0", &uid) == 1 && uid == 1000,
	      "only the first user= counts");
	CHECK(owner_of("rw,user=1x,user=0", &uid) < 0,
	      "a malformed first user= is not skipped for a later one");
	CHECK(owner_of("user=", &uid) < 0, "empty uid rejected");
	CHECK(owner_of("user", &uid) < 0, "user without value is no owner");
	CHECK(owner_of("user=+1", &uid) < 0, "signed uid rejected");
	CHECK(owner_of("user=-1", &uid) < 0, "negative uid rejected");
	CHECK(owner_of("user= 1", &uid) < 0, "leading space rejected");
	CHECK(owner_of("user=01", &uid) < 0, "leading zero rejected");
	CHECK(owner_of("user=4294967295", &uid) < 0, "(uid_t)-1 rejected");
	CHECK(owner_of("user=4294967294", &uid) == 1 && uid == 4294967294u,
	      "largest valid uid");
	CHECK(owner_of("user=99999999999", &uid) < 0, "overflow rejected");
	CHECK(owner_of("user=1000 ", &uid) < 0, "trailing space rejected");
	CHECK(um_parse_uid("1000", 3, &uid) == 0 && uid == 100,
	      "parse honours the length it is given");
	CHECK(um_parse_uid("10", 0, &uid) < 0, "zero length rejected");
	return tap_done();
}

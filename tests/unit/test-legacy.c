// SPDX-License-Identifier: GPL-2.0-or-later
/* The recorded user of a legacy mount is compared as a whole name. */
#include "legacy.h"
#include "tap.h"

int main(void)
{
	CHECK(um_legacy_user_is("user=alice", "alice") == 1, "alice is alice");
	CHECK(um_legacy_user_is("user=alice", "alice2") == -1,
	      "alice2 is not alice");
	CHECK(um_legacy_user_is("user=alice2", "alice") == -1,
	      "alice is not alice2");
	CHECK(um_legacy_user_is("user=alice", "") == -1, "empty name");
	CHECK(um_legacy_user_is("user=alice", NULL) == -1, "unknown caller");
	CHECK(um_legacy_user_is("user=", "") == -1,
	      "an empty recorded name is no one's");
	CHECK(um_legacy_user_is("x-foo,user=bob", "bob") == 1,
	      "found after other options");
	CHECK(um_legacy_user_is("users", "bob") == 0, "nothing recorded");
	CHECK(um_legacy_user_is(NULL, "bob") == 0, "no options");
	CHECK(um_legacy_user_is("user_id=1", "1") == 0, "user_id is not user");
	return tap_done();
}

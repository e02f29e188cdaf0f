// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/abi.h is the one place the series' flag values come from: built
 * with the values configure's --with-ms-setuser/--with-ms-nomnt define,
 * the option code passes those and nothing else.
 */
#include "abi.h"
#include "owner-opts.h"
#include "tap.h"

int main(void)
{
	struct um_ownopts o = { .setuser = true };

	CHECK(UM_MS_SETUSER == (1UL << 9) && UM_MS_NOMNT == (1UL << 27),
	      "abi.h takes the configured values");
	CHECK(um_ownopts_mflags(&o) == (1UL << 9), "setuser uses them");
	o.setuser = false;
	o.nomnt = true;
	CHECK(um_ownopts_mflags(&o) == (1UL << 27), "nomnt uses them");
	return tap_done();
}

// SPDX-License-Identifier: GPL-2.0-or-later
/* The words of --options-mode and --options-source, as util-linux's. */
#include <libmount.h>

#include "cli-optsmode.h"
#include "tap.h"

static int bits(const char *mode, const char *source, bool force)
{
	struct um_optsmode o = { 0 };

	if (mode && um_optsmode_set_mode(&o, mode) < 0)
		return -1;
	if (source && um_optsmode_set_source(&o, source) < 0)
		return -1;
	o.force = force;
	return um_optsmode_bits(&o);
}

int main(void)
{
	const int deflt = MNT_OMODE_FSTAB | MNT_OMODE_MTAB;
	struct um_optsmode o = { 0 };

	CHECK(bits(NULL, NULL, false) == 0, "nothing given: the default");
	CHECK(bits("ignore", NULL, false) == (MNT_OMODE_IGNORE | deflt),
	      "a mode alone: sources fstab,mtab");
	CHECK(bits("append", NULL, false) == (MNT_OMODE_APPEND | deflt),
	      "append");
	CHECK(bits("replace", NULL, false) == (MNT_OMODE_REPLACE | deflt),
	      "replace");
	CHECK(bits(NULL, "mtab", false) == (MNT_OMODE_MTAB | MNT_OMODE_PREPEND),
	      "a source alone: mode prepend");
	CHECK(bits(NULL, NULL, true) ==
		      (MNT_OMODE_FORCE | MNT_OMODE_PREPEND | deflt),
	      "force alone: prepend, fstab,mtab");
	CHECK(bits(NULL, "fstab,disable", false) ==
		      (MNT_OMODE_FSTAB | MNT_OMODE_NOTAB | MNT_OMODE_PREPEND),
	      "a list of sources");
	CHECK(bits(NULL, "", false) == 0, "an empty list is none");
	CHECK(bits("Ignore", NULL, false) < 0, "words are exact");
	CHECK(bits("", NULL, false) < 0, "an empty mode is bad");
	CHECK(bits("ignor", NULL, false) < 0, "no abbreviations");
	CHECK(bits(NULL, ",fstab", false) < 0, "leading comma");
	CHECK(bits(NULL, "fstab,", false) < 0, "trailing comma");
	CHECK(bits(NULL, "fstab,,mtab", false) < 0, "empty word");
	CHECK(bits(NULL, ",", false) < 0, "a comma alone");
	CHECK(bits(NULL, "fstabs", false) < 0, "no longer words");
	CHECK(bits(NULL, "fsta", false) < 0, "no shorter words");

	um_optsmode_set_mode(&o, "replace");
	um_optsmode_set_mode(&o, "ignore");
	CHECK(o.mode == MNT_OMODE_IGNORE, "the last mode counts");
	um_optsmode_set_source(&o, "mtab");
	um_optsmode_set_source(&o, "fstab");
	CHECK(o.source == MNT_OMODE_FSTAB, "the last list counts");
	CHECK(um_optsmode_set_source(&o, "bad") < 0 &&
		      o.source == MNT_OMODE_FSTAB,
	      "a bad list changes nothing");
	return tap_done();
}

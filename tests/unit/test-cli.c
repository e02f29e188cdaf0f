// SPDX-License-Identifier: GPL-2.0-or-later
/* Option tables and -N argument handling. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "policy-kernel-explain.h"
#include "tap.h"

static const struct um_option opts[] = {
	{ "all", no_argument, 'a', NULL, "all", UM_SETUID_DROPS },
	{ "options", required_argument, 'o', "list", "options",
	  UM_SETUID_DROPS },
	{ "setuser", optional_argument, 0x100, "user", "owner",
	  UM_SETUID_DROPS },
	{ "ro", no_argument, 'r', NULL, NULL, UM_SETUID_KEEPS },
	{ "read-only", no_argument, 'r', NULL, "read-only", UM_SETUID_KEEPS },
	{ NULL, 0, 0, NULL, NULL, UM_SETUID_DROPS }
};

int main(void)
{
	struct um_getopt g;
	char *p;

	CHECK(um_getopt_init(&g, opts) == 0, "tables built");
	CHECK(strcmp(g.shortopts, "ao:r") == 0, "short options, no repeats");
	CHECK(strcmp(g.longopts[2].name, "setuser") == 0 &&
		      g.longopts[2].has_arg == optional_argument &&
		      g.longopts[5].name == NULL,
	      "long options, terminated");
	um_getopt_free(&g);

	p = um_ns_path("1234");
	CHECK(p && strcmp(p, "/proc/1234/ns/mnt") == 0, "-N PID");
	free(p);
	p = um_ns_path("/run/netns/x");
	CHECK(p && strcmp(p, "/run/netns/x") == 0, "-N path");
	free(p);
	p = um_ns_path("12a");
	CHECK(p && strcmp(p, "12a") == 0, "-N non-number is a path");
	free(p);

	CHECK(um_fstype_is_safe("fuse"), "fuse is safe");
	CHECK(um_fstype_is_safe("fuse.sshfs"), "fuse.sshfs is safe");
	CHECK(!um_fstype_is_safe("fuseblk"), "fuseblk is not");
	CHECK(!um_fstype_is_safe("fusectl"), "fusectl is not");
	CHECK(!um_fstype_is_safe("tmpfs"), "tmpfs is not");
	CHECK(!um_fstype_is_safe(NULL), "no type is not");
	return tap_done();
}

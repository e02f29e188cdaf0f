// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What libmount's environment changes: the LIBMOUNT_* variables it may
 * read (lib/env.c in util-linux), and the utab it then reads. The fast
 * path (lib/fastpath.c) stays out when any is set; the listing reads the
 * utab libmount would read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/prctl.h>

#include "lazymount.h"
#include "libmount-env.h"

extern char **environ;

/* Is a LIBMOUNT_* variable set? Asks no libmount. */
bool um_libmount_environ(void)
{
	char **e;

	for (e = environ; *e; e++)
		if (strncmp(*e, "LIBMOUNT_", strlen("LIBMOUNT_")) == 0)
			return true;
	return false;
}

/* Is the libmount in use 2.39 or later? */
static bool libmount_2_39(void)
{
	const char *v = NULL;
	int major = 0, minor = 0;

	mnt_get_library_version(&v);
	return v && sscanf(v, "%d.%d", &major, &minor) == 2 &&
	       (major > 2 || (major == 2 && minor >= 39));
}

/*
 * Does libmount read its LIBMOUNT_* variables (lib/env.c, safe_getenv)?
 * Not set-id, dumpable, not secure execution; before 2.39, root only.
 */
bool um_libmount_reads_env(void)
{
	if (getuid() != geteuid() || getgid() != getegid() ||
	    prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 0 || getauxval(AT_SECURE))
		return false;
	return getuid() == 0 || libmount_2_39();
}

/* The utab libmount reads (libmount/src/utils.c, mnt_get_utab_path). */
const char *um_utab_path(void)
{
	const char *path =
		um_libmount_reads_env() ? secure_getenv("LIBMOUNT_UTAB") : NULL;

	return path ? path : UM_UTAB_PATH;
}

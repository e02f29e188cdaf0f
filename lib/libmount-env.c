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

/* Is the libmount in use @major.@minor or later? The .so, not the headers. */
bool um_libmount_at_least(int major, int minor)
{
	const char *v = NULL;
	int ma = 0, mi = 0;

	if (mnt_get_library_version(&v) < 0 || !v ||
	    sscanf(v, "%d.%d", &ma, &mi) != 2)
		return false;
	return ma > major || (ma == major && mi >= minor);
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
	return getuid() == 0 || um_libmount_at_least(2, 39);
}

/* The utab libmount reads (libmount/src/utils.c, mnt_get_utab_path). */
const char *um_utab_path(void)
{
	const char *path =
		um_libmount_reads_env() ? secure_getenv("LIBMOUNT_UTAB") : NULL;

	return path ? path : UM_UTAB_PATH;
}

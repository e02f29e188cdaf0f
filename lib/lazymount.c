// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Load libmount when it is first called (see lazymount.h for why).
 *
 * libblkid is opened first, from the program itself: dlopen() then
 * searches as the dynamic loader searched for the program's own
 * libraries (its run path, the cache; a setuid run ignores
 * LD_LIBRARY_PATH in both), and libmount's own dependency on libblkid is
 * that same copy, as it was when the program was linked with both. Both
 * sonames are the libraries' ABI, version 1 since they exist.
 */
#include <dlfcn.h>
#include <err.h>

#include "lazymount.h"

#define UM_LIBBLKID_SONAME "libblkid.so.1"
#define UM_LIBMOUNT_SONAME "libmount.so.1"

static void *libmount;

static void *open_or_die(const char *soname)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_GLOBAL);

	if (!h)
		errx(MNT_EX_SYSERR, "%s", dlerror());
	return h;
}

/* The address of libmount's or libblkid's function @name. */
void *um_lazy_sym(const char *name)
{
	void *fn;

	if (!libmount) {
		open_or_die(UM_LIBBLKID_SONAME);
		libmount = open_or_die(UM_LIBMOUNT_SONAME);
	}
	/* libmount's handle finds libblkid's functions too: a dependency */
	fn = dlsym(libmount, name);
	if (!fn)
		errx(MNT_EX_SYSERR, "%s: %s", UM_LIBMOUNT_SONAME, dlerror());
	return fn;
}

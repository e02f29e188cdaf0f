// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Load libmount when it is first called (see lazymount.h for why).
 *
 * dlopen() from the program searches as the dynamic loader searched for
 * the program's own libraries (its run path, the cache; a setuid run
 * ignores LD_LIBRARY_PATH in both), and libmount brings its libblkid as
 * it did when the program was linked with it. One dlopen(): each one maps
 * the loader's cache again. libmount's soname is its ABI, version 1 since
 * it exists.
 */
#include <dlfcn.h>
#include <err.h>

#include "lazymount.h"

#define UM_LIBMOUNT_SONAME "libmount.so.1"

static void *libmount;

/* The address of libmount's or libblkid's function @name. */
void *um_lazy_sym(const char *name)
{
	void *fn;

	if (!libmount) {
		libmount = dlopen(UM_LIBMOUNT_SONAME, RTLD_NOW | RTLD_LOCAL);
		if (!libmount)
			errx(MNT_EX_SYSERR, "%s", dlerror());
	}
	/* the handle finds libblkid's functions too: a dependency */
	fn = dlsym(libmount, name);
	if (!fn)
		errx(MNT_EX_SYSERR, "%s: %s", UM_LIBMOUNT_SONAME, dlerror());
	return fn;
}

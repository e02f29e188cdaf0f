// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The owner's everyday operations at the cost of the system call.
 *
 * On a kernel with the series an ordinary user's "umount DIR" and
 * "mount --bind SRC DIR" are decided by the kernel alone; the full way
 * adds loading libmount, which costs more than the call itself
 * (bench/results/profile.md). So the two command lines, exactly these,
 * are recognised first thing in main(), and the call is made here when
 * libmount would make that same call and nothing else (lib/fastpath-check.c)
 * and a success is all there is to say. Anything else declines, and the
 * tool goes its full way from the start: other options or arguments, a
 * utab line or a helper for the mount, a call the kernel refuses (a
 * refusal changes nothing; the full way makes the call again and says
 * why). Messages, exit codes and utab stay the full way's.
 *
 * Who may take this path is decided in one place, first: fast_allowed().
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/capability.h>
#include <sys/auxv.h>
#include <sys/mount.h>
#include <sys/syscall.h>

#include "fastpath-check.h"
#include "fastpath.h"
#include "kernel-series.h"
#include "libmount-env.h"
#include "owner-readonly.h"
#include "printable.h"

/* Any capability in effect? The kernel may then judge by it, not owners. */
static bool has_capabilities(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3,
						0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	if (syscall(SYS_capget, &hdr, data) < 0)
		return true;
	return data[0].effective || data[1].effective;
}

/*
 * May this run take the fast path? Never when the program runs with
 * rights its caller does not have (setuid or setgid: the setuid
 * mode, or a setuid copy on a kernel with the series, which drops
 * them on its full way first); never for root, whose paths stay
 * libmount's, nor for a caller with any capability in effect; only on a
 * kernel with the series; and not when LIBMOUNT_* variables are set.
 */
static bool fast_allowed(void)
{
	if (getauxval(AT_SECURE) || geteuid() != getuid() ||
	    getegid() != getgid())
		return false;
	if (getuid() == 0 || has_capabilities())
		return false;
	return um_kernel_has_ownership() && !um_libmount_environ();
}

/*
 * umount DIR. libmount would call umount(2) on DIR as given, with no
 * flags, and write nothing (lib/fastpath-check.c says when).
 */
bool um_fast_umount(int argc, char **argv)
{
	if (!fast_allowed() || argc != 2 || !um_fc_umount_plain(argv[1]))
		return false;
	return umount(argv[1]) == 0;
}

/* "mount --bind SRC DIR" (or -B), a source that cannot be a tag */
static bool bind_args(int argc, char **argv)
{
	return argc == 4 &&
	       (strcmp(argv[1], "--bind") == 0 || strcmp(argv[1], "-B") == 0) &&
	       argv[2][0] != '-' && argv[3][0] != '-' && !strchr(argv[2], '=');
}

/*
 * mount --bind SRC DIR: libmount's call, mount(2) on the canonical paths. The
 * full way then reads the mount back from mountinfo to check that the kernel
 * made it the caller's (lib/policy-kernel-engine.c), which costs as much as the
 * whole table; here it cannot be otherwise: without CAP_SYS_ADMIN the series
 * lets a caller bind only below a mount they own, and a mount made that way is
 * always owned by the caller's fsuid, which is their uid in a process without
 * setuid or setgid rights. What the full way says of a bind the kernel made
 * read-only is said here too.
 */
bool um_fast_mount(int argc, char **argv)
{
	char *src, *tgt, note[128];
	bool done;

	if (!fast_allowed() || !bind_args(argc, argv) || !um_fc_bind_plain())
		return false;
	src = um_fc_canonical(argv[2]);
	tgt = um_fc_canonical(argv[3]);
	done = src && tgt && mount(src, tgt, "none", MS_BIND, NULL) == 0;
	if (done && um_owner_readonly_note(tgt, getuid(), note, sizeof(note)))
		um_warnx_printable(tgt, note);
	free(src);
	free(tgt);
	return done;
}

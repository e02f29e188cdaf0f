// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mode of a run: kernel ownership, setuid, or plain.
 *
 * It is decided once, first thing in main(): the environment of a setuid
 * run is replaced before any library reads it, and on a kernel with the
 * series every setuid right is dropped for good, since the kernel judges
 * the caller as who they are, but for one case: mount(8) installed setuid
 * (the admin's opt-in) keeps them for an fstab user line, which root then
 * mounts and gives to the caller (lib/policy-setuid-owned.c). The only
 * change later is one way: a setuid mode gives its rights up (a command
 * line the fstab policy does not cover, a path the caller cannot resolve,
 * the retry as the caller) and the run is plain from then on, or on the
 * series runs again as the caller, in the kernel mode.
 */
#include <err.h>
#include "lazymount.h"
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/prctl.h>

#include "kernel-series.h"
#include "mode.h"
#include "privs.h"
#include "nls.h"

static void drop_or_die(void)
{
	if (um_privs_drop() < 0)
		errx(MNT_EX_FAIL, UL_("drop permissions failed."));
}

/*
 * A setuid copy on a kernel with the series, its rights dropped: run once
 * more as a program the caller started (no_new_privs: the setuid bit has
 * no effect then), so that nothing treats the process as setuid any
 * more. libmount 2.41 reads its LIBMOUNT_* switches with secure_getenv(),
 * which stays empty in a process that was exec'd setuid, and
 * lib/policy-kernel-engine.c needs one of them.
 */
static void run_as_caller(char **argv)
{
	if (!getauxval(AT_SECURE) || prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0))
		return;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		err(MNT_EX_SYSERR, "prctl");
	execv("/proc/self/exe", argv);
	err(MNT_EX_SYSERR, "cannot run as the caller");
}

/* The arguments main() had, for a run once more as the caller. */
static char **start_argv;

/*
 * On the series a setuid copy keeps its rights only where the admin opted
 * in for fstab's user lines (@fstab_lines: mount(8), not umount(8), which
 * needs no rights for a mount the kernel records as the caller's) and
 * only for an ordinary user's run.
 */
static bool keeps_rights(bool fstab_lines)
{
	return fstab_lines && getauxval(AT_SECURE) && geteuid() == 0 &&
	       getuid() != 0;
}

enum um_mode um_mode_start(char **argv, bool fstab_lines)
{
	um_privs_init();
	if (um_kernel_has_ownership()) {
		if (keeps_rights(fstab_lines)) {
			start_argv = argv;
			return UM_MODE_SETUID_OWNED;
		}
		drop_or_die();
		run_as_caller(argv);
		return UM_MODE_KERNEL;
	}
	/* libmount applies the fstab policy to any ordinary user here */
	return getuid() == 0 ? UM_MODE_PLAIN : UM_MODE_SETUID;
}

void um_mode_give_up_setuid(enum um_mode *mode)
{
	switch (*mode) {
	case UM_MODE_SETUID:
		drop_or_die();
		*mode = UM_MODE_PLAIN;
		break;
	case UM_MODE_SETUID_OWNED:
		/* from the start, as a copy without the setuid bit runs */
		drop_or_die();
		run_as_caller(start_argv);
		*mode = UM_MODE_KERNEL;
		break;
	case UM_MODE_KERNEL:
	case UM_MODE_PLAIN:
		break;
	}
}

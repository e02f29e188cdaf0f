// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The steps of a mount and an umount, each handed to the mode's policy:
 * lib/kernel-mode.c on a kernel with the series, lib/legacy.c for the
 * setuid fallback, libmount's own way when plain. mount(8) and umount(8)
 * call these in order and never ask which mode they run in.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abi.h"
#include "legacy.h"
#include "policy.h"
#include "printable.h"
#include "privs.h"
#include "rootchild.h"
#include "signals.h"

/* libmount applies its fstab policy only in the setuid fallback. */
void um_policy_context(enum um_mode mode, struct libmnt_context *cxt)
{
	if (mode != UM_MODE_SETUID && mnt_context_force_unrestricted(cxt) < 0)
		errx(MNT_EX_SYSERR, "failed to set up libmount");
}

/*
 * The setuid fallback resolves a path the caller names with the caller's
 * rights; one the caller cannot resolve makes it give up its own. Returns
 * the path to use (@path, or a new canonical one with @path freed).
 */
char *um_policy_resolve(enum um_mode *mode, char *path)
{
	char *canon;

	if (*mode != UM_MODE_SETUID || !path || mnt_tag_is_valid(path))
		return path;
	canon = um_privs_canonicalize(path);
	if (!canon) {
		um_mode_give_up_setuid(mode);
		return path;
	}
	free(path);
	return canon;
}

/*
 * The fstab step. The setuid fallback matches what the caller names with
 * the caller's rights: a tag line is matched by probing the path.
 */
int um_policy_apply_fstab(enum um_mode mode, struct libmnt_context *cxt)
{
	if (mode == UM_MODE_SETUID)
		return um_privs_apply_fstab(cxt);
	return mnt_context_apply_fstab(cxt);
}

/*
 * libmount's prepare step, after the fstab step returned @fstab_rc. When
 * fstab has nothing for the caller, the setuid fallback does not let
 * libmount look again as root (it would probe the path named to match a
 * tag line, and set a loop device up on it): that is its policy's "no",
 * and the caller tries as themselves.
 */
int um_policy_prepare_mount(enum um_mode mode, struct libmnt_context *cxt,
			    int fstab_rc)
{
	if (mode == UM_MODE_SETUID && fstab_rc)
		return -EPERM;
	return mnt_context_prepare_mount(cxt);
}

/* May option @c keep the setuid rights? If not, they are given up. */
bool um_policy_option(enum um_mode *mode, const char *allowed, int c)
{
	if (*mode != UM_MODE_SETUID || um_legacy_option_ok(allowed, c))
		return true;
	um_mode_give_up_setuid(mode);
	return false;
}

/*
 * After fstab: what the mode's policy says of the mount @cxt describes
 * and of the series' options. Returns 0 to go on, or an exit code after
 * saying why.
 */
int um_policy_check(enum um_mode mode, struct libmnt_context *cxt,
		    struct um_mount *m)
{
	const char *tgt = mnt_context_get_target(cxt);

	if (mode == UM_MODE_KERNEL)
		return um_kmode_check(cxt, &m->own, &m->x.o, &m->req);
	if (mode == UM_MODE_SETUID) {
		if (tgt && !(m->fstab_target = strdup(tgt)))
			err(MNT_EX_SYSERR, "out of memory");
		if (!um_legacy_source_fixed(cxt, m->why, sizeof(m->why))) {
			warnx("%s: source not fixed: %s.",
			      mnt_context_get_source(cxt), m->why);
			return MNT_EX_USAGE;
		}
	}
	if (m->own.setuser || m->own.nomnt) {
		warnx("--setuser and nomnt need a kernel with mount ownership "
		      "(no %s)", UM_SYSCTL_MAX_USER_MOUNTS);
		return MNT_EX_FAIL;
	}
	return 0;
}

/* Before libmount prepares the mount. */
void um_policy_prepare(enum um_mode mode, struct libmnt_context *cxt,
		       struct um_mount *m)
{
	if (mode == UM_MODE_KERNEL)
		um_kmode_prepare(cxt, &m->req);
}

/*
 * After libmount prepared it (status @rc). The setuid fallback turns a
 * "no" of the fstab policy into a try as the caller, and wants the fixed
 * mountpoint fstab names. Returns 0, UM_RETRY_AS_CALLER or an exit code.
 */
int um_policy_prepared(enum um_mode mode, struct libmnt_context *cxt,
		       struct um_mount *m, int rc, bool may_retry)
{
	if (mode != UM_MODE_SETUID)
		return 0;
	if (rc == -EPERM && may_retry && !mnt_context_syscall_called(cxt))
		return UM_RETRY_AS_CALLER;
	if (rc == 0 && !um_legacy_target_fixed(cxt, m->fstab_target, m->why,
					       sizeof(m->why))) {
		warnx("%s: mountpoint not fixed: %s.",
		      mnt_context_get_target(cxt), m->why);
		return MNT_EX_USAGE;
	}
	return 0;
}

/*
 * The change: @change(@arg) makes the syscall, updates utab and reports,
 * and returns the exit code. The setuid fallback runs it as root out of
 * the caller's reach (lib/rootchild.c), which sees utab's lock free first,
 * unless a mount helper does the work as the caller (@helper: "mount" or
 * "umount"); the tool then waits with the termination signals held. A
 * copy without the setuid bit has no rights to keep from the caller.
 */
int um_policy_change(enum um_mode mode, struct libmnt_context *cxt,
		     const char *helper, int (*change)(void *), void *arg)
{
	int rc;

	if (mode != UM_MODE_SETUID || geteuid() != 0 ||
	    um_legacy_helper_possible(cxt, helper))
		return change(arg);
	if (mnt_context_disable_helpers(cxt, 1))
		return MNT_EX_SYSERR;
	um_signals_defer();
	rc = um_rootchild_run(change, arg, !mnt_context_is_nomtab(cxt));
	um_signals_deliver();
	return rc;
}

/* The mount itself; returns as mnt_context_do_mount(). */
int um_policy_mount(enum um_mode mode, struct libmnt_context *cxt,
		    struct um_mount *m)
{
	if (mode == UM_MODE_KERNEL)
		return um_kmode_mount(cxt, &m->req, &m->x);
	return mnt_context_do_mount(cxt);
}

/* After a successful mount: 0, or an exit code with m->why said. */
int um_policy_verify(enum um_mode mode, struct libmnt_context *cxt,
		     struct um_mount *m)
{
	int stop;

	if (mode != UM_MODE_KERNEL)
		return 0;
	stop = um_kmode_verify(cxt, &m->req, m->why, sizeof(m->why));
	if (stop)
		um_warnx_printable(mnt_context_get_target(cxt), m->why);
	return stop;
}

/* Why the mount failed (@rc), if the policy can say more than libmount. */
const char *um_policy_explain(enum um_mode mode, struct libmnt_context *cxt,
			      struct um_mount *m, int rc)
{
	if (!rc || mode != UM_MODE_KERNEL)
		return NULL;
	return um_kmode_explain_mount(cxt, &m->req, m->why, sizeof(m->why));
}

void um_policy_mount_free(struct um_mount *m)
{
	um_ownopts_free(&m->own);
	um_kmode_free(&m->req);
	um_xmount_free(&m->x);
	free(m->fstab_target);
}

/* umount -c would only weaken the setuid fallback's checks: it is ignored */
bool um_policy_ignored_option(enum um_mode mode, int c)
{
	return mode == UM_MODE_SETUID && c == 'c';
}

/*
 * umount: an ordinary user's path is looked up with the caller's rights
 * first, as util-linux's restricted umount does, with the same answer for
 * "no such path" and "you may not look" ("umount: PATH: No such file or
 * directory", exit 1). In kernel mode too: the user hears util-linux's
 * words. @restricted: the caller is not root and gave no option that
 * util-linux keeps from users (it then goes on as the user, unrestricted,
 * and so does the fallback: the mode is plain then). NULL: use @arg as it
 * is.
 */
char *um_policy_umount_path(enum um_mode mode, bool restricted,
			    const char *arg)
{
	char *path;

	if (mode == UM_MODE_PLAIN || !restricted || mnt_tag_is_valid(arg))
		return NULL;
	path = um_privs_canonicalize(arg);
	if (!path) {
		int e = errno;

		errx(MNT_EX_USAGE, "%s: %s", um_printable(arg), strerror(e));
	}
	return path;
}

/*
 * umount: libmount's prepare step, after the setuid fallback's own check.
 * A "no" of the fallback's policy (that check, or libmount's fstab rules
 * before any umount2) is answered as util-linux answers it: the rights
 * are given up and the caller tries as themselves, so that the kernel has
 * the last word ("must be superuser to unmount.", exit 32). Returns as
 * mnt_context_prepare_umount().
 */
int um_policy_prepare_umount(enum um_mode *mode, struct libmnt_context *cxt,
			     const char *spec)
{
	int rc;

	if (*mode != UM_MODE_SETUID)
		return mnt_context_prepare_umount(cxt);
	if (um_legacy_may_umount(cxt, spec)) {
		rc = mnt_context_prepare_umount(cxt);
		if (rc != -EPERM || !mnt_context_tab_applied(cxt) ||
		    mnt_context_syscall_called(cxt))
			return rc;
	}
	um_mode_give_up_setuid(mode);
	um_policy_context(*mode, cxt);
	mnt_reset_context(cxt);
	if (mnt_context_set_target(cxt, spec))
		err(MNT_EX_SYSERR, "failed to set umount target");
	return mnt_context_prepare_umount(cxt);
}

/* Why the umount was refused, if the policy can say more than libmount. */
const char *um_policy_explain_umount(enum um_mode mode,
				     struct libmnt_context *cxt, bool forced,
				     char *buf, size_t sz)
{
	if (mode != UM_MODE_KERNEL)
		return NULL;
	return um_kmode_explain_umount(cxt, forced, buf, sz);
}

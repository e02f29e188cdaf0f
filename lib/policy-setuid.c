// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The setuid mode's policy: no series in the kernel, a setuid install, an
 * ordinary user. libmount's restricted context applies the classic fstab
 * rules (user, users, owner, group), as in util-linux; at each step
 * lib/policy.c hands over to these, which add usermount's own rules
 * (lib/setuid-rules.c): paths resolved with the caller's rights
 * (lib/privs.c), only fixed paths used as root (lib/setuid-fixedpath.c),
 * the change made in a root child out of the caller's reach
 * (lib/setuid-rootchild.c), and the rights given up, for good, for
 * anything the fstab policy does not cover (lib/mode.c).
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuse-umount.h"
#include "policy-setuid.h"
#include "privs.h"
#include "setuid-rootchild.h"
#include "setuid-rules.h"
#include "signals.h"
#include "nls.h"

/*
 * The one place a command line gives the rights up: @covered says whether
 * all of it is what the fstab policy covers (the options' setuid column,
 * the classic "mount DIR" or "mount DEV"). Beyond that the kernel judges
 * the caller as who they are, as util-linux does.
 */
void um_policy_setuid_arguments(enum um_mode *mode, bool covered)
{
	if (!covered)
		um_mode_give_up_setuid(mode);
}

/*
 * A path the caller names is resolved with the caller's rights; one the
 * caller cannot resolve makes the run give up its own. Returns the path
 * to use (@path, or a new canonical one with @path freed).
 */
char *um_policy_setuid_resolve(enum um_mode *mode, char *path)
{
	char *canon;

	if (!path || mnt_tag_is_valid(path))
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
 * The fstab step: what the caller names is matched with the caller's
 * rights; a tag line is matched by probing the path.
 */
int um_policy_setuid_apply_fstab(struct libmnt_context *cxt)
{
	return um_privs_apply_fstab(cxt);
}

/*
 * After fstab: a source that is a path must be fixed, and the target fstab
 * gave is kept to check the one libmount prepares. 0 or an exit code.
 */
int um_policy_setuid_check(struct libmnt_context *cxt, struct um_mount *m)
{
	const char *tgt = mnt_context_get_target(cxt);

	if (tgt && !(m->setuid.fstab_target = strdup(tgt)))
		err(MNT_EX_SYSERR, "out of memory");
	if (!um_setuid_source_fixed(cxt, m->why, sizeof(m->why))) {
		warnx("%s: source not fixed: %s.",
		      mnt_context_get_source(cxt), m->why);
		return MNT_EX_USAGE;
	}
	return 0;
}

/*
 * A "no" of the fstab policy is tried again as the caller, as util-linux
 * does, when the caller may (m->may_retry): stop, with nothing said.
 */
static bool retry_as_caller(struct libmnt_context *cxt, struct um_mount *m)
{
	if (m->status != -EPERM || !m->may_retry ||
	    mnt_context_syscall_called(cxt))
		return false;
	m->retry = true;
	return true;
}

/*
 * libmount's prepare, after the fstab step left its status in m->status.
 * When fstab has nothing for the caller, libmount may not look again as
 * root (it would probe the path named to match a tag line, and set a loop
 * device up on it): that is the policy's "no", in libmount's own status
 * for it (-EPERM, as its restricted prepare returns and its report
 * words). Once prepared, the mountpoint must be the fixed one fstab names.
 * Returns 0 or an exit code.
 */
int um_policy_setuid_prepare_mount(struct libmnt_context *cxt,
				   struct um_mount *m)
{
	m->status = m->status ? -EPERM : mnt_context_prepare_mount(cxt);
	if (retry_as_caller(cxt, m))
		return MNT_EX_FAIL;	/* not reported: the caller tries */
	if (m->status == 0 &&
	    !um_setuid_target_fixed(cxt, m->setuid.fstab_target, m->why,
				    sizeof(m->why))) {
		warnx("%s: mountpoint not fixed: %s.",
		      mnt_context_get_target(cxt), m->why);
		return MNT_EX_USAGE;
	}
	return 0;
}

/*
 * The change runs as root out of the caller's reach (a root child, which
 * sees utab's lock free first), unless a mount helper does the work as the
 * caller (@helper: "mount" or "umount"); the tool then waits with the
 * termination signals held. A copy without the setuid bit has no rights
 * to keep from the caller.
 */
int um_policy_setuid_change(struct libmnt_context *cxt, const char *helper,
			    int (*change)(void *), void *arg)
{
	int rc;

	if (geteuid() != 0 || um_setuid_helper_possible(cxt, helper))
		return change(arg);
	if (mnt_context_disable_helpers(cxt, 1))
		return MNT_EX_SYSERR;
	um_signals_defer();
	rc = um_rootchild_run(change, arg, !mnt_context_is_nomtab(cxt));
	um_signals_deliver();
	return rc;
}

void um_policy_setuid_free(struct um_mount *m)
{
	free(m->setuid.fstab_target);
}

/*
 * umount: libmount's prepare step, after usermount's own check. A "no" of
 * the policy (that check, or libmount's fstab rules before any umount2)
 * is answered as util-linux answers it: the rights are given up and the
 * caller tries as themselves, so that the kernel has the last word ("must
 * be superuser to unmount.", exit 32). libmount's status in *@status;
 * returns 0 or an exit code.
 */
int um_policy_setuid_prepare_umount(enum um_mode *mode,
				    struct libmnt_context *cxt,
				    const char *spec, int *status)
{
	if (um_setuid_may_umount(cxt, spec)) {
		*status = mnt_context_prepare_umount(cxt);
		if (*status != -EPERM || !mnt_context_tab_applied(cxt) ||
		    mnt_context_syscall_called(cxt))
			return 0;
	}
	um_mode_give_up_setuid(mode);
	um_policy_context(*mode, cxt);
	mnt_reset_context(cxt);
	if (mnt_context_set_target(cxt, spec))
		err(MNT_EX_SYSERR, UL_("failed to set umount target"));
	*status = mnt_context_prepare_umount(cxt);
	return 0;
}

/*
 * umount: a FUSE mount made for the caller (its user_id=), which
 * libmount's restricted rules let a user unmount, in a copy without the
 * setuid bit: the kernel refuses the caller's umount2(), so fusermount3
 * does it (lib/fuse-umount.c). Not with -f: fusermount3 has no forced
 * unmount, and util-linux's setuid umount forces only for root.
 */
bool um_policy_setuid_umount_by_fusermount(struct libmnt_context *cxt,
					    bool forced)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);

	return geteuid() != 0 && !forced && fs && um_fuse_is_callers(fs);
}

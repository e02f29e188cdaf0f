// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The steps of a mount and an umount, each handed to the mode's policy:
 * lib/policy-kernel.c on a kernel with the series, lib/policy-setuid.c in
 * a setuid run without it, lib/policy-setuid-owned.c in a setuid mount(8)
 * on the series, libmount's own way when plain. mount(8) and
 * umount(8) call these in order and never ask which mode they run in.
 *
 * Each step is a switch on the mode and nothing else, so that what a mode
 * does is read in its own file and what every mode does is read here.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "bind-detached.h"
#include "policy.h"
#include "policy-kernel.h"
#include "policy-setuid.h"
#include "policy-setuid-owned.h"
#include "printable.h"
#include "privs.h"
#include "nls.h"

/* libmount applies its fstab policy only in the setuid mode. */
void um_policy_context(enum um_mode mode, struct libmnt_context *cxt)
{
	switch (mode) {
	case UM_MODE_SETUID:
	case UM_MODE_SETUID_OWNED:
		return;
	case UM_MODE_KERNEL:
	case UM_MODE_PLAIN:
		break;
	}
	if (mnt_context_force_unrestricted(cxt) < 0)
		errx(MNT_EX_SYSERR, "failed to set up libmount");
}

/* A libmount context set up in the mode's way. */
struct libmnt_context *um_policy_new_context(enum um_mode mode)
{
	struct libmnt_context *cxt = mnt_new_context();

	if (!cxt)
		err(MNT_EX_SYSERR, UL_("libmount context allocation failed"));
	um_policy_context(mode, cxt);
	return cxt;
}

/* The parsed command line: @covered, all of it in the setuid column. */
void um_policy_arguments(enum um_mode *mode, bool covered)
{
	switch (*mode) {
	case UM_MODE_SETUID:
	case UM_MODE_SETUID_OWNED:
		um_policy_setuid_arguments(mode, covered);
		break;
	case UM_MODE_KERNEL:
	case UM_MODE_PLAIN:
		break;
	}
}

/* Does the mode leave out an option of this setuid column? */
bool um_policy_option_ignored(enum um_mode mode, enum um_setuid_col col)
{
	return (mode == UM_MODE_SETUID || mode == UM_MODE_SETUID_OWNED) &&
	       col == UM_SETUID_IGNORED;
}

/* A path the caller names, as the mode resolves it (see policy-setuid.c). */
char *um_policy_resolve(enum um_mode *mode, char *path)
{
	switch (*mode) {
	case UM_MODE_SETUID:
	case UM_MODE_SETUID_OWNED:
		return um_policy_setuid_resolve(mode, path);
	case UM_MODE_KERNEL:
	case UM_MODE_PLAIN:
		break;
	}
	return path;
}

/* A fresh mount's state; @may_retry: see struct um_mount. */
void um_policy_mount_init(struct um_mount *m, bool may_retry)
{
	memset(m, 0, sizeof(*m));
	um_xmount_init(&m->x);
	m->may_retry = may_retry;
}

/*
 * The fstab step, libmount's status in m->status: a failure is no stop
 * here, libmount's prepare step words it. Then the newer options' fstab
 * words (@named_both: "mount SOURCE TARGET", no fstab entry by default).
 * Returns 0 or an exit code.
 */
int um_policy_fstab(enum um_mode mode, struct libmnt_context *cxt,
		    struct um_mount *m, bool named_both)
{
	switch (mode) {
	case UM_MODE_SETUID:
	case UM_MODE_SETUID_OWNED:
		m->status = um_policy_setuid_apply_fstab(cxt);
		break;
	case UM_MODE_KERNEL:
	case UM_MODE_PLAIN:
		m->status = mnt_context_apply_fstab(cxt);
		break;
	}
	if (m->status)
		return 0;
	return um_xmount_fstab(cxt, &m->x, named_both);
}

/* Without the series, its options would mean nothing to mount(2). */
static int no_series(const struct um_mount *m)
{
	if (!m->own.setuser && !m->own.nomnt)
		return 0;
	warnx("--setuser and nomnt need a kernel with mount ownership "
	      "(no %s)", UM_SYSCTL_MAX_USER_MOUNTS);
	return MNT_EX_FAIL;
}

/* --owned: owners exist only with the series. 0, or an exit code. */
int um_policy_owned(enum um_mode mode)
{
	if (mode == UM_MODE_KERNEL)
		return 0;
	warnx("--owned needs a kernel with mount ownership (no %s)",
	      UM_SYSCTL_MAX_USER_MOUNTS);
	return MNT_EX_FAIL;
}

/*
 * After fstab: what the mode's policy says of the mount @cxt describes
 * and of the series' options. Returns 0 to go on, or an exit code after
 * saying why.
 */
int um_policy_check(enum um_mode mode, struct libmnt_context *cxt,
		    struct um_mount *m)
{
	switch (mode) {
	case UM_MODE_KERNEL:
		return um_policy_kernel_check(cxt, m);
	case UM_MODE_SETUID:
		return um_policy_setuid_check(cxt, m) ?: no_series(m);
	case UM_MODE_SETUID_OWNED:
		return um_policy_setuid_owned_check(cxt, m);
	case UM_MODE_PLAIN:
		break;
	}
	return no_series(m);
}

/* Before libmount prepares the mount. */
static void before_prepare(enum um_mode mode, struct libmnt_context *cxt,
			   struct um_mount *m)
{
	switch (mode) {
	case UM_MODE_KERNEL:
		um_policy_kernel_prepare(cxt, m);
		break;
	case UM_MODE_SETUID_OWNED:
		um_policy_setuid_owned_prepare(cxt, m);
		break;
	case UM_MODE_SETUID:
	case UM_MODE_PLAIN:
		break;
	}
}

/* libmount's prepare, in the mode's way; its status in m->status. */
static int prepare_mount(enum um_mode mode, struct libmnt_context *cxt,
			 struct um_mount *m)
{
	switch (mode) {
	case UM_MODE_SETUID:
		return um_policy_setuid_prepare_mount(cxt, m);
	case UM_MODE_SETUID_OWNED:
		return um_policy_setuid_owned_prepare_mount(cxt, m);
	case UM_MODE_KERNEL:
	case UM_MODE_PLAIN:
		break;
	}
	m->status = mnt_context_prepare_mount(cxt);
	return 0;
}

/*
 * The prepare step: the newer options before libmount prepares (after an
 * fstab failure too), libmount's prepare, and the newer options once it
 * did. Returns 0 or an exit code; m->retry: stop, nothing said, and try
 * again as the caller.
 */
int um_policy_prepare(enum um_mode mode, struct libmnt_context *cxt,
		      struct um_mount *m)
{
	int stop;

	if (mnt_context_get_mflags(cxt, &m->asked) < 0)
		m->asked = 0;
	before_prepare(mode, cxt, m);
	stop = um_xmount_prepare(cxt, &m->x) ?: prepare_mount(mode, cxt, m);
	if (stop || m->status)
		return stop;
	return um_xmount_prepared(cxt, &m->x);
}

/* The mount itself; returns as mnt_context_do_mount(). */
static int do_mount(enum um_mode mode, struct libmnt_context *cxt,
		    struct um_mount *m)
{
	switch (mode) {
	case UM_MODE_KERNEL:
	case UM_MODE_SETUID_OWNED:
		return um_policy_kernel_mount(cxt, m);
	case UM_MODE_SETUID:
	case UM_MODE_PLAIN:
		break;
	}
	/* the setuid mode's root child acts for a user: no link followed */
	return um_mount_onestep(cxt, m->asked, mode != UM_MODE_SETUID);
}

/* After a successful mount: 0, or an exit code with m->why said. */
static int verify(enum um_mode mode, struct libmnt_context *cxt,
		  struct um_mount *m)
{
	switch (mode) {
	case UM_MODE_KERNEL:
	case UM_MODE_SETUID_OWNED:
		return um_policy_kernel_verify(cxt, m);
	case UM_MODE_SETUID:
	case UM_MODE_PLAIN:
		break;
	}
	return 0;
}

/*
 * The mount step: the mount(2), libmount's status in m->status; on the
 * mount made, the mode's read-back and the newer options (idmap,
 * =recursive, owner and mode). Returns 0 or an exit code.
 */
int um_policy_mount(enum um_mode mode, struct libmnt_context *cxt,
		    struct um_mount *m)
{
	um_xmount_before(cxt, &m->x);
	m->status = do_mount(mode, cxt, m);
	if (m->status)
		return 0;
	return verify(mode, cxt, m) ?: um_xmount_apply(cxt, &m->x);
}

/*
 * Why the mount failed (m->status), if the policy can say more than
 * libmount.
 */
const char *um_policy_explain(enum um_mode mode, struct libmnt_context *cxt,
			      struct um_mount *m)
{
	switch (mode) {
	case UM_MODE_KERNEL:
	case UM_MODE_SETUID_OWNED:
		return um_policy_kernel_explain(cxt, m, m->status);
	case UM_MODE_SETUID:
	case UM_MODE_PLAIN:
		break;
	}
	return NULL;
}

/*
 * -v, after the success line: what the mode made of the mount. The plain
 * mode adds nothing: its output is util-linux's.
 */
void um_policy_describe(enum um_mode mode, struct libmnt_context *cxt,
			struct um_mount *m)
{
	switch (mode) {
	case UM_MODE_KERNEL:
	case UM_MODE_SETUID_OWNED:
		um_policy_kernel_describe(cxt, m);
		break;
	case UM_MODE_SETUID:
	case UM_MODE_PLAIN:
		break;
	}
}

/*
 * umount -v, before the umount: what the mode knows of the mount on the
 * target, in @buf; 0, or -1 with nothing to add (the plain and setuid
 * modes: their output is util-linux's).
 */
int um_policy_describe_umount(enum um_mode mode, struct libmnt_context *cxt,
			      char *buf, size_t sz)
{
	switch (mode) {
	case UM_MODE_KERNEL:
		return um_policy_kernel_describe_umount(cxt, buf, sz);
	case UM_MODE_SETUID_OWNED:	/* mount(8)'s alone */
	case UM_MODE_SETUID:
	case UM_MODE_PLAIN:
		break;
	}
	return -1;
}

/*
 * The change: @change(@arg) makes the syscall, updates utab and reports,
 * and returns the exit code; the mode says where it runs. @helper:
 * "mount" or "umount".
 */
int um_policy_change(enum um_mode mode, struct libmnt_context *cxt,
		     const char *helper, int (*change)(void *), void *arg)
{
	switch (mode) {
	case UM_MODE_SETUID:
	case UM_MODE_SETUID_OWNED:
		return um_policy_setuid_change(cxt, helper, change, arg);
	case UM_MODE_KERNEL:
	case UM_MODE_PLAIN:
		break;
	}
	return change(arg);
}

/* Every mode's field: the mode may have changed since they were filled. */
void um_policy_mount_free(struct um_mount *m)
{
	um_ownopts_free(&m->own);
	um_xmount_free(&m->x);
	um_policy_kernel_free(m);
	um_policy_setuid_free(m);
}

/*
 * umount: an ordinary user's path is looked up with the caller's rights
 * first, as util-linux's restricted umount does, with the same answer for
 * "no such path" and "you may not look" ("umount: PATH: No such file or
 * directory", exit 1). In kernel mode too: the user hears util-linux's
 * words.
 */
static char *lookup_as_caller(const char *arg)
{
	char *path = um_privs_canonicalize(arg);

	if (!path) {
		int e = errno;

		errx(MNT_EX_USAGE, "%s: %s", um_printable(arg), strerror(e));
	}
	return path;
}

/*
 * @restricted: the caller is not root and gave no option that util-linux
 * keeps from users (it then goes on as the user, unrestricted, and so does
 * the setuid mode: the mode is plain then). NULL: use @arg as it is.
 */
char *um_policy_umount_path(enum um_mode mode, bool restricted,
			    const char *arg)
{
	if (!restricted || mnt_tag_is_valid(arg))
		return NULL;
	switch (mode) {
	case UM_MODE_KERNEL:
	case UM_MODE_SETUID:
	case UM_MODE_SETUID_OWNED:
		return lookup_as_caller(arg);
	case UM_MODE_PLAIN:
		break;
	}
	return NULL;
}

/*
 * umount: libmount's prepare step, its status in *@status (the report
 * words a failure). Returns 0 or an exit code, as mount's steps do.
 */
int um_policy_prepare_umount(enum um_mode *mode, struct libmnt_context *cxt,
			     const char *spec, int *status)
{
	switch (*mode) {
	case UM_MODE_SETUID:
	case UM_MODE_SETUID_OWNED:	/* mount(8)'s alone */
		return um_policy_setuid_prepare_umount(mode, cxt, spec,
						       status);
	case UM_MODE_KERNEL:
	case UM_MODE_PLAIN:
		break;
	}
	*status = mnt_context_prepare_umount(cxt);
	return 0;
}

/*
 * umount: after the prepare step, is the unmount fusermount3's to make
 * (the setuid mode's FUSE mounts made for the caller, without the bit)?
 */
bool um_policy_umount_by_fusermount(enum um_mode mode,
				    struct libmnt_context *cxt, bool forced)
{
	switch (mode) {
	case UM_MODE_SETUID:
		return um_policy_setuid_umount_by_fusermount(cxt, forced);
	case UM_MODE_SETUID_OWNED:	/* mount(8)'s alone */
	case UM_MODE_KERNEL:
	case UM_MODE_PLAIN:
		break;
	}
	return false;
}

/* Why the umount was refused, if the policy can say more than libmount. */
const char *um_policy_explain_umount(enum um_mode mode,
				     struct libmnt_context *cxt, bool forced,
				     char *buf, size_t sz)
{
	switch (mode) {
	case UM_MODE_KERNEL:
		return um_policy_kernel_explain_umount(cxt, forced, buf, sz);
	case UM_MODE_SETUID_OWNED:	/* mount(8)'s alone */
	case UM_MODE_SETUID:
	case UM_MODE_PLAIN:
		break;
	}
	return NULL;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A bind with its per-mount flags made in one step: the tree cloned
 * detached (open_tree(2) with OPEN_TREE_CLONE, reachable by no path),
 * given its flags (mount_setattr(2)), then attached (move_mount(2)).
 * mount(2) takes no per-mount flags with MS_BIND, so util-linux binds and
 * then remounts: in between the bind exists without ro, nosuid or nodev,
 * for anyone to use, and a failed remount leaves it so (util-linux 2.42
 * refuses such two-step mounts to users). Used by root's mount for
 * another user (lib/policy-kernel-handover.c) and for every bind with
 * flags where the caller may open trees (lib/policy.c): root, the
 * setuid mode's root child, and a user with the series
 * (lib/policy-kernel-engine.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mount.h>

#include "bind-detached.h"
#include "libmount-env.h"
#include "mountflags.h"
#include "xmount.h"

/* The per-mount flags a bind remount sets; the atime modes among them */
#define PER_MOUNT (MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC | \
		   MS_NOATIME | MS_NODIRATIME | MS_RELATIME | \
		   MS_STRICTATIME | MS_NOSYMFOLLOW)

int um_bind_detached(int dirfd, const char *path, unsigned long fl)
{
	unsigned int at = (*path ? 0 : AT_EMPTY_PATH) |
			  ((fl & MS_REC) ? AT_RECURSIVE : 0);
	struct mount_attr attr = { .attr_set = um_mount_attrs(fl) };
	int mnt = open_tree(dirfd, path, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC |
			    at);
	int e;

	if (mnt < 0)
		return -errno;
	/* an atime mode replaces the source's (relatime's attribute is 0) */
	if ((attr.attr_set & MOUNT_ATTR__ATIME) || (fl & MS_RELATIME))
		attr.attr_clr = MOUNT_ATTR__ATIME;
	if ((attr.attr_set || attr.attr_clr) &&
	    mount_setattr(mnt, "", AT_EMPTY_PATH, &attr, sizeof(attr)) < 0) {
		e = -errno;
		close(mnt);
		return e;
	}
	return mnt;
}

/*
 * A bind that mount(2) makes in two calls (bind, then remount)? @asked:
 * the flags before libmount prepared, @fl after (2.38 adds MS_REMOUNT for
 * the second call it plans, and the "user" option's flags). Not with a
 * propagation change (libmount's third call) nor X-mount.subdir, which
 * libmount makes its own way.
 */
static bool takes_two_calls(struct libmnt_context *cxt, unsigned long asked,
			    unsigned long fl)
{
	return (fl & MS_BIND) && (fl & PER_MOUNT) &&
	       !(asked & (MS_REMOUNT | MS_MOVE)) &&
	       !(fl & (MS_MOVE | MS_PROPAGATION)) &&
	       !um_xmount_wants_subdir(cxt);
}

/*
 * The target is looked up once, by move_mount(2). libmount gave it
 * canonical unless root said -c; then a symbolic link in its last
 * component is treated as libmount's own path would treat it: 2.38's
 * mount(2) follows it, 2.39's move_mount(2) does not (EINVAL). Root's
 * move follows it where libmount would (@follow); the setuid mode's root
 * child, acting for a user, follows none, nor does a user's own.
 */
int um_bind_onestep(const char *src, const char *tgt, unsigned long fl,
		    bool follow)
{
	int mnt = um_bind_detached(AT_FDCWD, src, fl), e = 0;

	/*
	 * No such calls; or, for a user, a series older than the one that
	 * opens owners their copies (6.12's 0034, 6.1's 0032). Whatever
	 * refused her copy refuses her bind too, with the same errno.
	 */
	if (mnt == -ENOSYS || (mnt == -EPERM && geteuid() != 0))
		return ENOSYS;
	if (mnt < 0)
		return -mnt;
	if (move_mount(mnt, "", AT_FDCWD, tgt, MOVE_MOUNT_F_EMPTY_PATH |
		       (follow ? MOVE_MOUNT_T_SYMLINKS : 0)) < 0)
		e = errno;
	close(mnt);
	return e;
}

int um_mount_onestep(struct libmnt_context *cxt, unsigned long asked,
		     bool follow)
{
	const char *src = mnt_context_get_source(cxt);
	const char *tgt = mnt_context_get_target(cxt);
	unsigned long fl = 0;
	int e;

	if (mnt_context_is_fake(cxt) || mnt_context_get_mflags(cxt, &fl) ||
	    !takes_two_calls(cxt, asked, fl) || !src || !tgt)
		return mnt_context_do_mount(cxt);
	if (um_libmount_at_least(2, 39))
		follow = false;
	e = um_bind_onestep(src, tgt, fl, follow);
	if (e == ENOSYS)
		return mnt_context_do_mount(cxt);
	mnt_context_set_syscall_status(cxt, -e);
	return e;
}

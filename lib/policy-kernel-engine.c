// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel-ownership policy: the kernel has the series and judges.
 *
 * usermount checks nothing the kernel checks; it asks for the owner and
 * nomnt, makes the mount(2) that carries them itself, reads back what the
 * kernel recorded, and words a refusal from /proc/self/mountinfo.
 *
 * Why the call that carries MS_SETUSER or MS_NOMNT is ours, not libmount's:
 * the bits are unknown to libmount. 2.38 passes unknown bits on to mount(2)
 * by chance; 2.39 and later keep only the flags they know and mount through
 * fsopen/fsmount or open_tree/move_mount, calls that have no room for them.
 * libmount's public way for a caller to make the syscall itself is the one
 * mount helpers use: mnt_context_prepare_mount(), the call, then
 * mnt_context_set_syscall_status() and mnt_context_finalize_mount(), so
 * fstab, options, canonical paths, loop devices, utab and messages stay
 * libmount's. What a 2.41 context would do in its mount stage beyond the
 * call (X-mount.owner/mode, idmapping) usermount does itself after the
 * mount, with either library (lib/xmount.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <err.h>
#include <fcntl.h>
#include <sys/fsuid.h>
#include <sys/mount.h>
#include <sys/statvfs.h>

#include "abi.h"
#include "bind-detached.h"
#include "mountflags.h"
#include "owner-readonly.h"
#include "mount-facts.h"
#include "owner.h"
#include "pin.h"
#include "policy-kernel-engine.h"
#include "policy-kernel-explain.h"
#include "printable.h"
#include "privs.h"
#include "request.h"
#include "nls.h"

/* A bind remount changes the flags below and keeps the rest (statvfs). */
#define BIND_FLAGS                                                        \
	(MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_NOSYMFOLLOW |  \
	 MS_NOATIME | MS_NODIRATIME | MS_RELATIME | MS_STRICTATIME)

/*
 * The target as libmount will mount on it: below --target-prefix, which
 * libmount puts in front of the target when it prepares the mount, after
 * this check. Returns a string to free, or NULL.
 */
static char *prefixed_target(struct libmnt_context *cxt)
{
	const char *tgt = mnt_context_get_target(cxt);
	const char *prefix = mnt_context_get_target_prefix(cxt);
	char *p = NULL;

	if (!tgt)
		return NULL;
	if (!prefix)
		return strdup(tgt);
	if (*tgt == '/')
		tgt++;
	if (asprintf(&p, "%s%s%s", prefix, *tgt ? "/" : "", tgt) < 0)
		return NULL;
	return p;
}

/* Root's remount keeps the mount's owner unless he names another. */
static void keep_owner_on_remount(struct libmnt_context *cxt,
				  struct um_ownopts *own, uid_t *owner)
{
	struct libmnt_table *tb = NULL;
	struct libmnt_fs *fs;
	char *tgt;

	if (own->setuser || mnt_context_get_mtab(cxt, &tb) || !tb)
		return;
	tgt = prefixed_target(cxt);
	fs = tgt ? um_table_find_mount(tb, tgt) : NULL;
	if (fs && um_fs_owner(fs, owner) == 1)
		own->setuser = true;
	free(tgt);
}

/*
 * libmount makes an X-mount.subdir mount in mount(2) calls of its own,
 * which could not carry the series' flags; such a mount is refused
 * before anything is done rather than made without them
 * (um_xmount_wants_subdir()).
 */

/*
 * idmap and =recursive need open_tree(2) and mount_setattr(2), which the
 * series leaves privileged (it extends mount(2) alone): a user's is
 * refused before anything is mounted rather than after. Says why.
 */
static bool root_only(struct libmnt_context *cxt, const struct um_xopts *xo)
{
	const char *tgt = mnt_context_get_target(cxt);

	if (xo->idmap)
		warnx("%s: X-mount.idmap: only root may make an idmapped mount",
		      tgt);
	else if (xo->rec_set || xo->rec_clr)
		warnx("%s: =recursive: only root may change the mounts below "
		      "a mount", tgt);
	else
		return false;
	return true;
}

/*
 * @path made absolute as the admin gave it (against the working
 * directory, under --target-prefix for a target), with no "//" and no
 * trailing "/", as libmount's canonical form of a path without symbolic
 * links reads. NULL if out of memory.
 */
static char *given_path(const char *path, const char *prefix)
{
	char cwd[4096], *p = NULL, *r, *w;

	if (!path)
		return NULL;
	if (*path != '/' && !getcwd(cwd, sizeof(cwd)))
		return NULL;
	if (asprintf(&p, "%s/%s/%s", prefix ?: "",
		     *path == '/' ? "" : cwd, path) < 0)
		return NULL;
	for (r = w = p; *r; r++)
		if (*r != '/' || w == p || w[-1] != '/')
			*w++ = *r;
	if (w > p + 1 && w[-1] == '/')
		w--;
	*w = '\0';
	return p;
}

/*
 * X-mount.mkdir (-m) is root's: libmount makes every missing directory on
 * the way, by path, so the nearest one that exists must be closed to
 * @owner (and pinned as any other: no link, no other user's mount).
 */
static int mkdir_refused(const char *tgt, uid_t owner, char *why, size_t sz)
{
	char *dir = um_path_dir(tgt, NULL), *up;
	uid_t saved;
	int fd, w;

	if (!dir)
		return -ENOMEM;
	while ((fd = um_pin_path(dir, owner, false, why, sz)) == -ENOENT &&
	       strcmp(dir, "/")) {
		up = um_path_dir(dir, NULL);
		free(dir);
		dir = up;
		if (!dir)
			return -ENOMEM;
	}
	if (fd >= 0) {
		saved = um_privs_fsuid(owner);
		w = faccessat(fd, "", W_OK, AT_EACCESS | AT_EMPTY_PATH);
		um_privs_fsuid(saved);
		close(fd);
		fd = w == 0 ? -EPERM : 0;
		if (fd)
			snprintf(why, sz, _("X-mount.mkdir in %s, which she "
				 "may change"), dir);
	}
	free(dir);
	return fd;
}

/* The refusal of a path for root's mount for another user. */
static const char *not_given(const struct um_owned *req, char *buf,
			     size_t sz)
{
	char name[64];

	um_user_name(req->owner, name, sizeof(name));
	snprintf(buf, sz, _("not given to %s: %s"), name, req->h.why);
	return buf;
}

/*
 * The target and a bind's source of root's mount for another user, as
 * the paths were given, kept to be pinned and compared with libmount's.
 */
static void given_paths(struct libmnt_context *cxt, struct um_owned *req)
{
	const char *tgt = mnt_context_get_target(cxt);
	bool bind = (req->mflags & MS_BIND) && !(req->mflags & MS_REMOUNT);

	req->for_other = true;
	um_handover_init(&req->h);
	req->given_target = given_path(tgt, mnt_context_get_target_prefix(cxt));
	if (bind)
		req->given_source = given_path(mnt_context_get_source(cxt),
					       NULL);
	if (!req->given_target || (bind && !req->given_source))
		err(MNT_EX_SYSERR, "out of memory");
}

/*
 * Root gives a mount to another user: the target and a bind's source are
 * the paths as given, pinned with her rights in mind (lib/pin.c), here,
 * before libmount prepares (and makes a missing mountpoint); the mount is
 * made on what is pinned here, and what is missing yet is pinned then.
 * Says why not.
 */
static int check_for_other(struct libmnt_context *cxt, struct um_owned *req)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	const char *tgt = mnt_context_get_target(cxt);
	struct um_handover_req r = { .mflags = req->mflags,
				     .owner = req->owner };
	char msg[sizeof(req->h.why) + 96];
	int rc;

	given_paths(cxt, req);
	r.target = req->given_target;
	r.source = req->given_source;
	rc = um_handover_pin(&req->h, &r);
	if (rc == -ENOENT && req->h.target < 0 && fs &&
	    mnt_fs_get_option(fs, um_xmount_words[UM_XM_MKDIR].name,
			      NULL, NULL) == 0)
		rc = mkdir_refused(r.target, req->owner, req->h.why,
				   sizeof(req->h.why));
	/* a path she cannot reach, or missing: the mount says so, as before */
	if (!rc || rc == -EACCES || rc == -ENOENT)
		return 0;
	um_warnx_printable(tgt, not_given(req, msg, sizeof(msg)));
	return MNT_EX_FAIL;
}

/*
 * Decide what @own asks of the kernel for the mount @cxt describes and
 * check what only usermount can check: the user named, and that only root
 * names another. Returns 0, or an exit code after saying why.
 */
int um_kmode_check(struct libmnt_context *cxt, struct um_ownopts *own,
		   const struct um_xopts *xo, struct um_owned *req)
{
	unsigned long fl = 0;
	bool changes_tree;

	if (getuid() != 0 && root_only(cxt, xo))
		return MNT_EX_USAGE;

	/*
	 * The flags as asked, before libmount prepares: afterwards 2.38 adds
	 * those of the extra calls it plans (a bind with ro gets a remount).
	 */
	mnt_context_get_mflags(cxt, &fl);
	req->mflags = fl;
	req->owner = getuid();
	/* the owner's own remount leaves her the owner (the kernel's rule) */
	if ((fl & MS_REMOUNT) && getuid() == 0)
		keep_owner_on_remount(cxt, own, &req->owner);
	if (own->user) {
		if (um_resolve_user(own->user, &req->owner) < 0) {
			warnx("--setuser: %s: no such user", own->user);
			return MNT_EX_USAGE;
		}
		if (req->owner != getuid() && getuid() != 0) {
			warnx("--setuser: only root may make a mount owned "
			      "by another user");
			return MNT_EX_USAGE;
		}
	}
	/* the kernel ignores the series' flags on a move or a propagation
	 * change; so does usermount */
	changes_tree = !(fl & MS_MOVE) && !um_request_propagation_only(cxt, fl);
	req->flags = changes_tree ? um_ownopts_mflags(own) : 0;
	if (req->flags && um_xmount_wants_subdir(cxt)) {
		warnx("%s: setuser and nomnt cannot be used with "
		      "X-mount.subdir", mnt_context_get_target(cxt));
		return MNT_EX_USAGE;
	}
	/*
	 * A user's bind with ro, noexec and the like takes a second call, a
	 * bind remount. libmount would make it without MS_SETUSER and, when
	 * the kernel refuses, leave the bind behind without the flags; so
	 * the calls are ours, with MS_SETUSER (implied for a user's mount
	 * anyway), and a bind whose flags cannot be set is undone.
	 */
	if (changes_tree && getuid() != 0 && (fl & MS_BIND) &&
	    !(fl & MS_REMOUNT) && (fl & BIND_FLAGS) &&
	    !um_xmount_wants_subdir(cxt))
		req->flags |= UM_MS_SETUSER;
	/* a user's new mount is the user's: the kernel implies MS_SETUSER */
	req->verify = req->flags ||
		      (changes_tree && !(fl & MS_REMOUNT) && getuid() != 0);
	if (getuid() == 0 && req->owner != 0 && (req->flags & UM_MS_SETUSER))
		return check_for_other(cxt, req);
	return 0;
}

/*
 * A setuid mount(8) on the series, an fstab user line the classic policy
 * allowed (lib/policy-setuid-owned.c): root makes the mount and gives it
 * to the caller, as an admin's --setuser=CALLER makes it, so that the
 * kernel records her as the owner and her umount needs no rights. Only a
 * new mount or bind is given so; a setuser= in the line may name her
 * alone, nomnt is hers to ask. Returns 0, or an exit code after saying
 * why.
 */
int um_kmode_check_caller(struct libmnt_context *cxt, struct um_ownopts *own,
			  struct um_owned *req)
{
	unsigned long fl = 0;

	mnt_context_get_mflags(cxt, &fl);
	req->mflags = fl;
	req->owner = getuid();
	if (fl & (MS_REMOUNT | MS_MOVE | MS_PROPAGATION)) {
		warnx(_("%s: only a new mount of an fstab user line is made "
			"for users"), mnt_context_get_target(cxt));
		return MNT_EX_USAGE;
	}
	if (own->user && (um_resolve_user(own->user, &req->owner) < 0 ||
			  req->owner != getuid())) {
		warnx("--setuser: only root may make a mount owned by another "
		      "user");
		return MNT_EX_USAGE;
	}
	req->flags = UM_MS_SETUSER | (own->nomnt ? UM_MS_NOMNT : 0);
	req->verify = true;
	/* pinned when made: fstab's policy has its say first (the prepare) */
	given_paths(cxt, req);
	return 0;
}

/*
 * After libmount prepared a user line for the caller: the flags the line
 * implies (nosuid, nodev, noexec, "user,exec" as util-linux reads it) are
 * the mount's. libmount 2.38 has them before its prepare, 2.39+ adds them
 * in it.
 */
void um_kmode_caller_prepared(struct libmnt_context *cxt,
			      struct um_owned *req)
{
	unsigned long fl = 0;

	if (mnt_context_get_mflags(cxt, &fl) == 0)
		req->mflags |= fl & (MS_NOSUID | MS_NODEV | MS_NOEXEC);
}

void um_kmode_free(struct um_owned *req)
{
	if (req->for_other)
		um_handover_free(&req->h);
	free(req->given_target);
	free(req->given_source);
	req->given_target = req->given_source = NULL;
}

/*
 * Before mnt_context_prepare_mount(). libmount 2.39+ prepares a mount by
 * opening the tree or a filesystem context (open_tree, fsopen): 6.1 lets
 * only a mount namespace's admin do that, and the series extends mount(2)
 * alone. A user's mount, and every mount carrying the series' flags, is
 * therefore prepared for mount(2), with libmount's documented switch
 * (2.38 has no other way and ignores it). The flags cannot pass through
 * a mount.TYPE helper, so such a mount is made without one.
 */
void um_kmode_prepare(struct libmnt_context *cxt, const struct um_owned *req)
{
	if (req->flags || getuid() != 0)
		setenv("LIBMOUNT_FORCE_MOUNT2", "always", 1);
	if (req->flags)
		mnt_context_disable_helpers(cxt, 1);
	/*
	 * A user's move: libmount would then move the mount's utab lines,
	 * root's file, which she cannot lock, and call the move that the
	 * kernel made a failure. She has no lines of her own there.
	 */
	if (getuid() != 0 && (req->mflags & MS_MOVE))
		mnt_context_disable_mtab(cxt, 1);
}

static unsigned long current_flags(const char *tgt)
{
	struct statvfs st;

	return statvfs(tgt, &st) < 0 ? 0 : um_mount_flags(&st);
}

/* Take a mount this run has just made away again, submounts and all. */
static int undo(const char *tgt)
{
	return umount2(tgt, MNT_DETACH | UMOUNT_NOFOLLOW) < 0 ? -errno : 0;
}

/*
 * mount(2) takes no per-mount flags with a bind but the series' own: ro,
 * nosuid and the like need a second call, a bind remount (the kernel keeps
 * the atime mode when none is given). If it fails the bind is taken away
 * (*@second tells): a mount without what was asked for is not left behind.
 * A user's own bind (hers by the series' rule, no nomnt) with flags the
 * kernel does not force is made in one step where the kernel opens her a
 * copy, so that it never exists without them.
 */
static int owned_bind(const char *src, const char *tgt, unsigned long fl,
		      unsigned long ours, bool *second)
{
	unsigned long rest = fl & BIND_FLAGS, now;
	int e;

	if (getuid() != 0 && ours == UM_MS_SETUSER &&
	    (rest & ~(MS_NOSUID | MS_NODEV))) {
		e = um_bind_onestep(src, tgt, MS_BIND | (fl & MS_REC) | rest,
				    false);
		if (e != ENOSYS)
			return e;
	}
	if (mount(src, tgt, NULL, MS_BIND | (fl & MS_REC) | ours, NULL) < 0)
		return errno;
	/* nosuid and nodev the kernel may have set already (a user's bind) */
	now = current_flags(tgt);
	if (!(rest & ~now))
		return 0;
	/*
	 * A user's bind is hers already; the kernel lets its owner restrict
	 * it, but not name its owner again (MS_SETUSER stays root's).
	 */
	if (getuid() != 0)
		ours &= ~UM_MS_SETUSER;
	if (mount("none", tgt, NULL, MS_REMOUNT | MS_BIND | rest | now | ours,
		  NULL) == 0)
		return 0;
	e = errno;
	*second = true;
	undo(tgt);
	return e;
}

/* The calls for @cxt with the series' flags; 0 or an errno. */
static int owned_syscalls(struct libmnt_context *cxt, struct um_owned *req)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	const char *src = mnt_context_get_source(cxt);
	const char *tgt = mnt_context_get_target(cxt);
	const char *type = mnt_context_get_fstype(cxt);
	const char *data = fs ? mnt_fs_get_fs_options(fs) : NULL;
	unsigned long fl = req->mflags, prop;
	int e;

	prop = fl & MS_PROPAGATION;
	fl &= ~MS_PROPAGATION;
	if (!tgt)
		return EINVAL;
	if ((fl & MS_BIND) && !(fl & MS_REMOUNT)) {
		e = owned_bind(src, tgt, fl, req->flags, &req->undone);
	} else if (!(fl & MS_REMOUNT) && (!type || strchr(type, ','))) {
		e = EINVAL;	/* one type: no guessing through a list */
	} else {
		e = mount(src, tgt, type, fl | req->flags, data) < 0 ? errno :
									0;
	}
	if (!e && prop && !(fl & MS_REMOUNT)) {
		e = -um_set_propagation(tgt, prop | (fl & MS_REC));
		if (e) {
			req->undone = true;
			undo(tgt);
		}
	}
	return e;
}

/*
 * An owner's propagation change, our call: libmount 2.41 makes it in a
 * hook whose errno it does not keep, and the refusal is explained by it.
 */
static int owned_propagation(struct libmnt_context *cxt, unsigned long fl)
{
	const char *tgt = mnt_context_get_target(cxt);
	int e = 0;

	if (!tgt)
		e = EINVAL;
	else if (!mnt_context_is_fake(cxt))
		e = -um_set_propagation(tgt, fl & (MS_PROPAGATION | MS_REC));
	mnt_context_set_syscall_status(cxt, -e);
	return e;
}

/* X-mount.* on root's detached mount for another user. */
struct configure_arg {
	struct um_xmount *x;
	const char *tgt;
};

static int configure(void *arg, int fd)
{
	struct configure_arg *a = arg;

	return um_xmount_configure(a->x, a->tgt, fd);
}

/*
 * Root's mount for another user, on the paths as given, pinned at the
 * check or, made since (-m), now (lib/policy-kernel-handover.c).
 * libmount's canonical paths, which utab records, must name the same:
 * otherwise something changed since the check. Returns 0 or an errno;
 * h.why says why a path was refused.
 */
static int mount_for_other(struct libmnt_context *cxt, struct um_owned *req,
			   struct um_xmount *x)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	/* prepared: below --target-prefix now */
	const char *tgt = mnt_context_get_target(cxt);
	const char *src = mnt_context_get_source(cxt);
	struct um_handover_req r = {
		.source = req->given_source ?: src,
		.target = req->given_target,
		.type = mnt_context_get_fstype(cxt),
		.data = fs ? mnt_fs_get_fs_options(fs) : NULL,
		.mflags = req->mflags,
		.ours = req->flags,
		.owner = req->owner,
	};
	struct configure_arg a = { x, req->given_target };
	int rc;

	if (!tgt || strcmp(tgt, r.target)) {
		snprintf(req->h.why, sizeof(req->h.why), "%s now resolves to %s",
			 r.target, tgt ?: "nothing");
		return EPERM;
	}
	if (req->given_source && (!src || strcmp(src, r.source))) {
		snprintf(req->h.why, sizeof(req->h.why), "%s now resolves to %s",
			 r.source, src ?: "nothing");
		return EPERM;
	}
	rc = um_handover_pin(&req->h, &r);
	/* she cannot reach it, or it is missing: libmount's words, as before */
	if (rc == -EACCES || rc == -ENOENT)
		req->h.why[0] = '\0';
	if (!rc)
		rc = um_handover_mount(&req->h, &r, configure, &a);
	req->undone = req->h.undone;
	return -rc;
}

/* The id of the mount @tgt is on now, or 0. */
static uint64_t mount_below(const char *tgt)
{
	uint64_t id = 0;

	return tgt && um_mount_id(tgt, &id) == 0 ? id : 0;
}

/*
 * Mount what @cxt describes, after mnt_context_prepare_mount(). With the
 * series' flags the calls are ours, made with the owner's fsuid (the
 * kernel records the caller's fsuid, so an admin's --setuser=USER switches
 * it for the call only), and their status goes back to libmount; without
 * them libmount mounts. Returns as mnt_context_do_mount(): 0, an errno of
 * the syscall, or a negative libmount error.
 */
int um_kmode_mount(struct libmnt_context *cxt, struct um_owned *req,
		   struct um_xmount *x)
{
	struct libmnt_ns *ns;
	uid_t saved;
	int e;

	ns = mnt_context_switch_target_ns(cxt);
	if (!ns)
		return -MNT_ERR_NAMESPACE;
	req->below = mount_below(mnt_context_get_target(cxt));
	if (!req->flags) {
		mnt_context_switch_ns(cxt, ns);
		/* the series gives users no open_tree(2): root's only */
		if (getuid() == 0)
			return um_mount_onestep(cxt, req->mflags, true);
		if (um_request_propagation_only(cxt, req->mflags))
			return owned_propagation(cxt, req->mflags);
		return mnt_context_do_mount(cxt);
	}
	if (mnt_context_is_fake(cxt)) {
		e = 0;
	} else if (req->for_other) {
		e = mount_for_other(cxt, req, x);
	} else {
		saved = um_privs_fsuid(req->owner);
		e = owned_syscalls(cxt, req);
		um_privs_fsuid(saved);
	}
	mnt_context_set_syscall_status(cxt, -e);
	if (!mnt_context_switch_ns(cxt, ns))
		return -MNT_ERR_NAMESPACE;
	return e;
}

/* What the kernel recorded on @fs that @req did not ask for, or NULL. */
static const char *mismatch(struct libmnt_fs *fs, const struct um_owned *req,
			    char *buf, size_t sz)
{
	char want[64], got[64];
	uid_t owner;

	um_user_name(req->owner, want, sizeof(want));
	if (!fs) {
		snprintf(buf, sz, _("the kernel shows no such mount"));
		return buf;
	}
	if ((req->flags & UM_MS_SETUSER) || !req->flags) {
		if (um_fs_owner(fs, &owner) != 1) {
			snprintf(buf, sz,
				 _("the kernel recorded no owner (asked: %s)"),
				 want);
			return buf;
		}
		if (owner != req->owner) {
			um_user_name(owner, got, sizeof(got));
			snprintf(buf, sz,
				 _("the kernel recorded the owner %s, not %s"),
				 got, want);
			return buf;
		}
	}
	if ((req->flags & UM_MS_NOMNT) && !um_fs_has_nomnt(fs)) {
		snprintf(buf, sz, _("the kernel did not record nomnt"));
		return buf;
	}
	return NULL;
}

/*
 * A user's bind that did not ask for ro: did the kernel make it read-only
 * because she does not own its source (lib/owner-readonly.c)?
 */
static void readonly_note(const struct um_owned *req, const char *tgt,
			  char *note, size_t sz)
{
	if (getuid() != 0 && (req->mflags & MS_BIND) &&
	    !(req->mflags & MS_RDONLY))
		um_owner_readonly_note(tgt, req->owner, note, sz);
}

/*
 * After a successful mount that asked for an owner or nomnt (a user's new
 * mount asks for the user, implicitly): read the mount on the target back
 * from mountinfo, by its id, and check the kernel recorded exactly that.
 * If not, a new mount is taken away again. Returns 0, with @note filled
 * when the mount is not quite what was asked (readonly_note()), or
 * MNT_EX_FAIL with @why filled.
 */
int um_kmode_verify(struct libmnt_context *cxt, const struct um_owned *req,
		    char *why, char *note, size_t sz)
{
	const char *tgt = mnt_context_get_target(cxt);
	struct libmnt_table *tb;
	struct libmnt_fs *fs = NULL;
	struct libmnt_ns *ns;
	char what[256];
	const char *bad;
	bool fresh = !(req->mflags & MS_REMOUNT);
	int e;

	if (!req->verify || mnt_context_is_fake(cxt) ||
	    mnt_context_helper_executed(cxt) ||
	    mnt_context_get_status(cxt) != 1 || !tgt)
		return 0;
	ns = mnt_context_switch_target_ns(cxt);
	if (!ns)
		return MNT_EX_SYSERR;
	tb = mnt_new_table_from_file("/proc/self/mountinfo");
	if (tb && req->for_other)
		fs = um_table_find_id(tb, req->h.id);	/* the one made */
	else if (tb)
		fs = um_table_find_mount(tb, tgt);
	if (fs && fresh && (uint64_t)mnt_fs_get_id(fs) == req->below)
		fs = NULL;	/* the target is still on what it was on */
	bad = mismatch(fs, req, what, sizeof(what));
	if (!bad && fresh)
		readonly_note(req, tgt, note, sz);
	if (bad && fresh && fs)
		e = req->for_other ? um_handover_undo(&req->h) : undo(tgt);
	else
		e = 0;
	mnt_context_switch_ns(cxt, ns);
	mnt_unref_table(tb);
	if (!bad)
		return 0;
	/* not there as asked: libmount's utab step is to record nothing */
	mnt_context_set_syscall_status(cxt, -EPERM);
	if (!fresh)
		snprintf(why, sz, _("%s; the remount stays as the kernel made it"),
			 what);
	else if (e)
		snprintf(why, sz, _("%s, and the mount cannot be undone: %s"),
			 what, strerror(-e));
	else
		snprintf(why, sz, _("%s; the mount is undone"), what);
	return MNT_EX_FAIL;
}

/*
 * The facts of the mount made: root's for another user by its id (her
 * paths may name another mount by now), any other on its target.
 */
static int facts_made(const char *tgt, const struct um_owned *req,
		      struct um_mount_facts *f)
{
	struct libmnt_table *tb;
	int rc;

	if (!req->for_other)
		return um_facts_reached(tgt, NULL, f);
	tb = mnt_new_table_from_file("/proc/self/mountinfo");
	rc = tb ? um_facts_from_fs(um_table_find_id(tb, req->h.id), f) :
		  -ENOMEM;
	mnt_unref_table(tb);
	return rc;
}

/* -v's words for @f: the mode, the owner and nomnt, in @buf */
static void describe(const struct um_mount_facts *f, char *buf, size_t sz)
{
	char name[64], who[128];

	if (f->owned) {
		um_user_name(f->owner, name, sizeof(name));
		snprintf(who, sizeof(who), _("owned by %s (uid %u)"), name,
			 (unsigned)f->owner);
	} else {
		snprintf(who, sizeof(who), _("no owner recorded (root's)"));
	}
	snprintf(buf, sz, _("kernel ownership mode: %s%s"), who,
		 f->nomnt ? ", nomnt" : "");
}

/*
 * The facts of the mount on the target, in the target namespace: the one
 * @req made, or with no @req the one there now. 0, or -1.
 */
static int target_facts(struct libmnt_context *cxt, const struct um_owned *req,
			struct um_mount_facts *f)
{
	const char *tgt = mnt_context_get_target(cxt);
	struct libmnt_ns *ns;
	int rc;

	if (!tgt || mnt_context_is_fake(cxt))
		return -1;
	ns = mnt_context_switch_target_ns(cxt);
	if (!ns)
		return -1;
	rc = req ? facts_made(tgt, req, f) : um_facts_reached(tgt, NULL, f);
	mnt_context_switch_ns(cxt, ns);
	return rc < 0 ? -1 : 0;
}

/*
 * -v: the mode, and the owner and nomnt the kernel recorded on the mount
 * made, in @buf. 0, or -1 when there is nothing to say.
 */
int um_kmode_describe(struct libmnt_context *cxt, const struct um_owned *req,
		      char *buf, size_t sz)
{
	struct um_mount_facts f;

	if (mnt_context_helper_executed(cxt) ||
	    mnt_context_get_status(cxt) != 1 || target_facts(cxt, req, &f))
		return -1;
	describe(&f, buf, sz);
	return 0;
}

/*
 * umount -v: the same of the mount on the target, read before the
 * umount takes it away. 0, or -1 when there is nothing to say.
 */
int um_kmode_describe_umount(struct libmnt_context *cxt, char *buf, size_t sz)
{
	struct um_mount_facts f;

	if (target_facts(cxt, NULL, &f))
		return -1;
	describe(&f, buf, sz);
	return 0;
}

/*
 * A new mount of no filesystem type, not a bind: the options beyond
 * libmount's own words are meant for no filesystem, which is what a
 * misspelled one looks like (-o bnid). Name them, not the missing type.
 */
static const char *unknown_options(struct libmnt_context *cxt, char *buf,
				   size_t sz)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	const char *o = fs ? mnt_fs_get_fs_options(fs) : NULL;

	if (mnt_context_get_fstype(cxt) || !o || !*o)
		return NULL;
	snprintf(buf, sz, P_("unknown mount option '%s'",
			     "unknown mount options '%s'",
			     strchr(o, ',') ? 2 : 1), o);
	return buf;
}

/*
 * A user's remount: the flags the call carried (libmount's, after it
 * prepared: a bind remount restates what the mount has) against the mount.
 */
static const char *explain_remount(struct libmnt_context *cxt,
				   const char *tgt, const struct um_owned *req,
				   char *buf, size_t sz)
{
	struct libmnt_table *tb = NULL;
	struct um_mount_facts f;
	unsigned long asked = 0;

	if (mnt_context_get_mflags(cxt, &asked) < 0)
		asked = req->mflags;
	asked |= req->flags;
	if (mnt_context_get_mtab(cxt, &tb) || !tb ||
	    um_facts_reached(tgt, tb, &f) < 0)
		return NULL;
	return um_explain_remount(&f, asked, getuid(), buf, sz) ? buf : NULL;
}

/* A user's propagation change (--make-private and the like). */
static const char *explain_propagation(struct libmnt_context *cxt,
				       const char *tgt, unsigned long fl,
				       char *buf, size_t sz)
{
	struct libmnt_table *tb = NULL;
	struct um_mount_facts f;

	if (mnt_context_get_mtab(cxt, &tb) || !tb ||
	    um_facts_reached(tgt, tb, &f) < 0)
		return NULL;
	return um_explain_propagation(&f, fl & MS_REC, getuid(), buf, sz) ?
		       buf : NULL;
}

/* A user's move: the mount moved (the source) and where it goes. */
static const char *explain_move(struct libmnt_context *cxt, const char *tgt,
				char *buf, size_t sz)
{
	const char *src = mnt_context_get_source(cxt);
	struct libmnt_table *tb = NULL;
	struct um_mount_facts from, to;

	if (!src || mnt_context_get_mtab(cxt, &tb) || !tb ||
	    um_facts_reached(src, tb, &from) < 0 ||
	    um_facts_reached(tgt, tb, &to) < 0)
		return NULL;
	return um_explain_move(tb, &from, &to,
			       mnt_context_get_syscall_errno(cxt), getuid(),
			       buf, sz) ? buf : NULL;
}

/* The fstab word that let users mount the entry, which a refusal names. */
static const char *fstab_user_word(struct libmnt_context *cxt)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);

	return fs ? um_ownopts_policy_word(mnt_fs_get_user_options(fs)) :
		    NULL;
}

/* ... and what root can do instead, after the kernel's reason in @buf. */
static const char *fstab_user_hint(struct libmnt_context *cxt, char *buf,
				   size_t sz)
{
	const char *word = fstab_user_word(cxt);
	size_t len = strlen(buf);

	if (word && len < sz)
		snprintf(buf + len, sz - len,
			 " (fstab's \"%s\" gives users no rights on a kernel "
			 "with mount ownership unless mount is installed "
			 "setuid: root can mount it for you with --setuser; "
			 "see usermount(7))",
			 word);
	return buf;
}

/*
 * A user's mount of a user line refused before mount(2) (its loop
 * device, say): libmount's reason (@rc), and the line's word.
 */
static const char *refused_early(struct libmnt_context *cxt,
				 const struct um_owned *req, int rc,
				 char *buf, size_t sz)
{
	int e = rc < 0 ? -rc : rc;	/* as libmount's generic excode */
	const char *src = mnt_context_get_source(cxt);

	/* root's, or a setuid mount(8)'s for her: the line did give rights */
	if (getuid() == 0 || req->for_other || !fstab_user_word(cxt))
		return NULL;
	if (e == MNT_ERR_LOOPDEV)	/* util-linux's words */
		snprintf(buf, sz, UL_("failed to setup loop device for %s"),
			 src ? src : "");
	else if (e == EPERM || e == EACCES)
		snprintf(buf, sz, "%s", strerror(e));
	else
		return NULL;
	return fstab_user_hint(cxt, buf, sz);
}

/*
 * Why did the kernel refuse an ordinary user's mount (libmount's @rc)?
 * NULL: the errno.
 */
const char *um_kmode_explain_mount(struct libmnt_context *cxt,
				   const struct um_owned *req, int rc,
				   char *buf, size_t sz)
{
	struct libmnt_table *tb = NULL;
	const char *tgt = mnt_context_get_target(cxt);
	unsigned long fl = req->mflags;
	char name[64];

	if (!mnt_context_syscall_called(cxt))
		return refused_early(cxt, req, rc, buf, sz);
	if (!tgt)
		return NULL;
	if (req->for_other && req->h.why[0])
		return not_given(req, buf, sz);
	if (req->undone) {
		snprintf(buf, sz,
			 _("the mount was made, but not its flags (%s); "
			 "the mount is undone"),
			 strerror(mnt_context_get_syscall_errno(cxt)));
		return buf;
	}
	if (mnt_context_get_syscall_errno(cxt) == EACCES &&
	    req->owner != getuid()) {
		/* mount(2) ran with the owner's file access rights */
		um_user_name(req->owner, name, sizeof(name));
		snprintf(buf, sz,
			 _("%s (the new owner) cannot reach the source or the "
			 "mountpoint"),
			 name);
		return buf;
	}
	if (getuid() == 0)
		return NULL;
	if ((fl & MS_MOVE) && !(fl & MS_REMOUNT))
		return explain_move(cxt, tgt, buf, sz);
	if (mnt_context_get_syscall_errno(cxt) != EPERM)
		return NULL;
	if (fl & MS_REMOUNT)
		return explain_remount(cxt, tgt, req, buf, sz);
	if (fl & MS_PROPAGATION)
		return explain_propagation(cxt, tgt, fl, buf, sz);
	if (!(fl & MS_BIND) && unknown_options(cxt, buf, sz))
		return buf;
	if (mnt_context_get_mtab(cxt, &tb) || !tb)
		return NULL;
	if (um_explain_mount(tb, tgt, mnt_context_get_fstype(cxt),
			     fl & MS_BIND, getuid(), buf, sz))
		return fstab_user_hint(cxt, buf, sz);
	if ((fl & MS_BIND) &&
	    um_explain_bind(tb, mnt_context_get_source(cxt), tgt, fl & MS_REC,
			    getuid(), buf, sz))
		return buf;
	return NULL;
}

/* Why did the kernel refuse an ordinary user's umount? NULL: the errno. */
const char *um_kmode_explain_umount(struct libmnt_context *cxt, bool forced,
				    char *buf, size_t sz)
{
	struct libmnt_table *tb = NULL;
	const char *tgt = mnt_context_get_target(cxt);
	struct um_mount_facts f;
	struct libmnt_fs *fs;
	int e = mnt_context_get_syscall_errno(cxt);

	if (getuid() == 0 || !mnt_context_syscall_called(cxt) ||
	    (e != EPERM && e != EBUSY && e != EINVAL) || !tgt)
		return NULL;
	/* the mount the kernel refused: the topmost one on the target */
	if (mnt_context_get_mtab(cxt, &tb) || !tb)
		return NULL;
	if (um_facts_reached(tgt, tb, &f) < 0)
		return NULL;
	fs = um_table_find_id(tb, f.id);
	if (e == EBUSY)
		return fs && um_explain_busy(tb, fs, getuid(), buf, sz) ?
			       buf : NULL;
	/* EINVAL for a mount that is there: locked; else not mounted */
	if (e == EINVAL)
		return fs && mnt_fs_streq_target(fs, tgt) &&
			       um_explain_locked(&f, getuid(), buf, sz) ?
			       buf : NULL;
	if (!um_explain_umount(&f, fs ? mnt_fs_get_fstype(fs) : NULL, forced,
			       getuid(), buf, sz))
		return NULL;
	return buf;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The newer mount options (lib/xmount-opts.c) applied to one mount: after the
 * fstab step (fstab's OPT=recursive), before libmount prepares it
 * (X-mount.nocanonicalize, X-mount.noloop where libmount lacks them),
 * after it prepared it (--onlyonce, and X-mount.noloop and
 * X-mount.auto-fstypes where libmount lacks them), and after the mount
 * (X-mount.idmap, OPT=recursive, X-mount.owner, group and mode).
 *
 * After the mount everything goes through a descriptor of the new mount's
 * root, opened once by its name in the directory pinned before the mount
 * and checked to be the mount made there: a root caller's target may lie
 * in a directory a user can change (security.md row 32). Root's mount for
 * another user is configured before she can reach it
 * (lib/policy-kernel-handover.c, um_xmount_configure()).
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "owner.h"
#include "pin.h"
#include "printable.h"
#include "request.h"
#include "xmount-userns.h"
#include "xmount.h"

void um_xmount_init(struct um_xmount *x)
{
	memset(x, 0, sizeof(*x));
	um_xopts_init(&x->o);
	x->userns = -1;
	x->parent = -1;
}

void um_xmount_free(struct um_xmount *x)
{
	um_xopts_free(&x->o);
	if (x->userns >= 0)
		close(x->userns);
	if (x->parent >= 0)
		close(x->parent);
	free(x->name);
	free(x->loopsrc);
	um_xmount_init(x);
}

/* util-linux's words for an option it cannot use (mount exits 1). */
static int bad_options(struct libmnt_context *cxt, const char *opts, int e)
{
	warnx("%s: failed to parse mount options '%s': %s.",
	      mnt_context_get_target(cxt) ?: mnt_context_get_source(cxt),
	      opts ?: "", strerror(e));
	return MNT_EX_USAGE;
}

/*
 * The options step: take the newer words out of the mount's options
 * *@opts (after fstab's were merged in; may become NULL). Returns 0, or an
 * exit code after saying why.
 */
int um_xmount_take(struct libmnt_context *cxt, struct um_xmount *x,
		   char **opts)
{
	int rc = um_xopts_take(opts, &x->o, um_xopts_lib_features());

	return rc ? bad_options(cxt, *opts, -rc) : 0;
}

/*
 * After the fstab step: the OPT=recursive words of the fstab entry that
 * libmount used, read from the entry itself. libmount 2.41 keeps no value
 * of ro and rw when it merges the entry's options ("ro" is all that is
 * left of "ro=recursive"); the entry is the one whose source and target
 * libmount copied. @named_both: the command line named both, and then
 * libmount uses no entry unless told to (--options-source-force).
 * Returns 0 or an exit code.
 */
int um_xmount_fstab(struct libmnt_context *cxt, struct um_xmount *x,
		    bool named_both)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt), *ent;
	int mode = mnt_context_get_optsmode(cxt);
	struct libmnt_table *tb = NULL;
	char *o;
	int rc = 0;

	if (!fs || (mode & MNT_OMODE_IGNORE) || !(mode & MNT_OMODE_FSTAB) ||
	    (named_both && !(mode & MNT_OMODE_FORCE)) ||
	    mnt_context_get_fstab(cxt, &tb) || !tb)
		return 0;
	ent = mnt_table_find_pair(tb, mnt_fs_get_source(fs),
				  mnt_fs_get_target(fs), MNT_ITER_FORWARD);
	if (!ent || !mnt_fs_get_options(ent))
		return 0;
	o = strdup(mnt_fs_get_options(ent));
	if (!o || um_xopts_take_recursive(&o, &x->o) < 0)
		rc = MNT_EX_SYSERR;
	free(o);
	return rc;
}

/*
 * X-mount.nocanonicalize where libmount has only its switch for all paths
 * (below 2.41): tags and the paths still wanted canonical are resolved
 * here first, the way libmount would. Like util-linux, an ordinary user's
 * restricted context (the setuid mode) ignores the option.
 */
static int nocanonicalize(struct libmnt_context *cxt, const struct um_xopts *o)
{
	const char *src = mnt_context_get_source(cxt);
	const char *tgt = mnt_context_get_target(cxt);
	char *p;

	if (!(o->nocanon_source || o->nocanon_target) ||
	    mnt_context_is_restricted(cxt) || mnt_context_is_nocanonicalize(cxt))
		return 0;
	if (src && (mnt_tag_is_valid(src) ||
		    (!o->nocanon_source && *src == '/'))) {
		p = mnt_resolve_spec(src, NULL);
		if (p && mnt_context_set_source(cxt, p))
			err(MNT_EX_SYSERR, "failed to set source");
		free(p);
	}
	if (tgt && !o->nocanon_target) {
		p = mnt_resolve_path(tgt, NULL);
		if (p && mnt_context_set_target(cxt, p))
			err(MNT_EX_SYSERR, "failed to set target");
		free(p);
	}
	return mnt_context_disable_canonicalize(cxt, 1);
}

/*
 * Before libmount's prepare step, after the mode's policy has accepted the
 * mount (so a user's idmap is refused by it, not by the kernel here): open
 * idmap's user namespace. Returns 0 or an exit code.
 */
int um_xmount_prepare(struct libmnt_context *cxt, struct um_xmount *x)
{
	const char *src = mnt_context_get_source(cxt);
	const char *type = mnt_context_get_fstype(cxt);

	x->guess = !type || strcmp(type, "auto") == 0;
	if (x->o.idmap) {
		x->userns = um_userns_open(x->o.idmap);
		if (x->userns < 0)
			return bad_options(cxt, x->o.idmap, -x->userns);
	}
	if (x->o.noloop && src && !(x->loopsrc = strdup(src)))
		err(MNT_EX_SYSERR, "out of memory");
	return nocanonicalize(cxt, &x->o) ? MNT_EX_SYSERR : 0;
}

/*
 * X-mount.auto-fstypes where libmount lacks it: when no type was given,
 * the type libmount's probe found must be in the list (or, with "no",
 * not in it), else nothing is tried, in util-linux 2.41's words. A bind,
 * a move, a remount or a propagation change has the type "none" or none,
 * and a source the probe does not know is left to the kernel, as there.
 */
static int auto_fstypes(struct libmnt_context *cxt, const struct um_xmount *x)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	const char *type = fs ? mnt_fs_get_fstype(fs) : NULL;
	const char *why = "no valid filesystem type specified";

	if (!x->o.auto_fstypes || !x->guess || !type ||
	    strcmp(type, "none") == 0 ||
	    mnt_match_fstype(type, x->o.auto_fstypes))
		return 0;
	if (mnt_context_is_restricted(cxt))
		why = "failed to determine filesystem type";
	um_warnx_printable(mnt_context_get_target(cxt), why);
	return MNT_EX_USAGE;
}

/*
 * After libmount's prepare step: X-mount.auto-fstypes (above), then
 * X-mount.noloop where libmount lacks it:
 * libmount 2.38 puts a regular file of a known filesystem type on a loop
 * device without being asked; the source goes back to the file (the
 * device, set up to clear itself, goes when libmount closes it).
 */
int um_xmount_prepared(struct libmnt_context *cxt, struct um_xmount *x)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	const char *src = fs ? mnt_fs_get_srcpath(fs) : NULL;
	char *o;
	int rc = auto_fstypes(cxt, x);

	if (rc || !x->loopsrc || !src || strcmp(src, x->loopsrc) == 0 ||
	    strncmp(src, "/dev/loop", 9) != 0)
		return rc;
	o = mnt_fs_get_options(fs) ? strdup(mnt_fs_get_options(fs)) : NULL;
	if (o)
		mnt_optstr_remove_option(&o, "loop");
	rc = mnt_fs_set_source(fs, x->loopsrc) ?: mnt_fs_set_options(fs, o);
	free(o);
	return rc ? MNT_EX_SYSERR : 0;
}

/* --onlyonce: util-linux's refusal when the source is on the target. */
int um_xmount_onlyonce(struct libmnt_context *cxt)
{
	int mounted = 0;

	if (mnt_context_is_fs_mounted(cxt, mnt_context_get_fs(cxt), &mounted) ||
	    !mounted)
		return 0;
	um_warnx_printable(mnt_context_get_target(cxt),
			   "filesystem already mounted");
	return MNT_EX_FAIL;
}

/*
 * Right before the mount: which mount the target is on now, and the
 * directory that holds it, pinned. Afterwards the new mount is looked up
 * by its name in that directory alone: a root caller's target may lie in
 * a directory a user can change, and a path looked up again there could
 * lead anywhere (security.md row 32).
 */
void um_xmount_before(struct libmnt_context *cxt, struct um_xmount *x)
{
	const char *tgt = mnt_context_get_target(cxt);
	struct libmnt_ns *ns;
	const char *name;
	char *dir;

	if (!um_xopts_post_mount(&x->o) || !tgt)
		return;
	ns = mnt_context_switch_target_ns(cxt);
	if (um_mount_id(tgt, &x->below) < 0)
		x->below = 0;
	dir = um_path_dir(tgt, &name);
	x->name = strdup(name);
	if (dir && x->name && *x->name)
		x->parent = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (ns)
		mnt_context_switch_ns(cxt, ns);
}

/*
 * Is the mount @id the one this run made on the pinned target? Its parent
 * is the mount the target was on, and for root it is not a user's (a user
 * may stack only on her own mounts: one of hers there is not root's new
 * mount). For a remount, the target's own mount too.
 */
static bool made_here(const struct um_xmount *x, uint64_t id, bool fresh)
{
	struct libmnt_table *tb;
	struct libmnt_fs *fs;
	uid_t uid = 0;
	bool ok;

	/* a bind with flags is a bind and a remount: either mount may do */
	if (id == x->below)
		return !fresh;
	tb = mnt_new_table_from_file("/proc/self/mountinfo");
	fs = tb ? um_table_find_id(tb, id) : NULL;
	ok = fs && (uint64_t)mnt_fs_get_parent_id(fs) == x->below;
	if (ok && getuid() == 0 && um_fs_owner(fs, &uid) == 1)
		ok = uid == 0;
	mnt_unref_table(tb);
	return ok;
}

/*
 * The root of the mount just made (or remounted) on the target, as
 * O_PATH, or a negative errno: looked up by name in the pinned directory,
 * not following a symbolic link, and checked to be that mount.
 */
static int open_mount(const struct um_xmount *x, bool fresh)
{
	uint64_t id;
	bool root;
	int fd, e;

	if (x->parent < 0)
		return -ENOENT;
	fd = openat(x->parent, x->name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	e = um_mount_id_at(fd, "", AT_EMPTY_PATH, &id, &root);
	if (!e && (!root || !made_here(x, id, fresh)))
		e = -ESTALE;
	if (e) {
		close(fd);
		return e;
	}
	return fd;
}

/*
 * X-mount.idmap: a mount cannot be idmapped once attached, so the new
 * mount is cloned (with its submounts for rbind), the clone idmapped, and
 * put in the place of the first, as util-linux does it after mount(2):
 * by descriptors, the first unmounted through its own, the clone attached
 * by name in the pinned directory. Returns the clone's fd (*@fd is
 * closed), or a negative errno.
 */
static int idmap(const struct um_xmount *x, int *fd, bool rec)
{
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_IDMAP,
				   .userns_fd = x->userns };
	unsigned int at = AT_EMPTY_PATH | (rec ? AT_RECURSIVE : 0);
	int tree = open_tree(*fd, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | at);
	char self[64];
	int e = 0;

	if (tree < 0)
		return -errno;
	snprintf(self, sizeof(self), "/proc/self/fd/%d", *fd);
	if (mount_setattr(tree, "", at, &attr, sizeof(attr)) < 0 ||
	    umount2(self, MNT_DETACH) < 0 ||
	    move_mount(tree, "", x->parent, x->name, MOVE_MOUNT_F_EMPTY_PATH) < 0)
		e = -errno;
	if (e) {
		close(tree);
		return e;
	}
	close(*fd);
	*fd = tree;
	return 0;
}

/* The =recursive attributes, on the mount and every mount below it. */
static int set_recursive(int fd, const struct um_xopts *o)
{
	struct mount_attr attr = { .attr_set = o->rec_set,
				   .attr_clr = o->rec_clr };

	if (!o->rec_set && !o->rec_clr)
		return 0;
	return mount_setattr(fd, "", AT_EMPTY_PATH | AT_RECURSIVE, &attr,
			     sizeof(attr)) < 0 ? -errno : 0;
}

/* X-mount.owner, group and mode; on failure the mount stays, as there. */
static int set_owner_mode(int fd, const struct um_xopts *o, const char *tgt)
{
	char proc[64];

	if ((o->owner != (uid_t)-1 || o->group != (gid_t)-1) &&
	    fchownat(fd, "", o->owner, o->group, AT_EMPTY_PATH) < 0) {
		warn("%s: filesystem was mounted, but failed to change "
		     "ownership", tgt);
		return MNT_EX_SYSERR;
	}
	/* chmod follows the fd's magic link: fchmod takes no O_PATH fd */
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (o->mode != (mode_t)-1 && chmod(proc, o->mode) < 0) {
		warn("%s: filesystem was mounted, but failed to change mode",
		     tgt);
		return MNT_EX_SYSERR;
	}
	return 0;
}

/*
 * A new mount without what was asked for is taken away, through its own
 * descriptor @fd (or, not found, by the path as the caller: a user
 * acting with her own rights only); libmount is told.
 */
static int undo(struct libmnt_context *cxt, struct um_xmount *x,
		const char *tgt, int fd, bool fresh, int e, const char *what)
{
	char self[64];
	int rc = -1;

	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	if (fresh && fd >= 0)
		rc = umount2(self, MNT_DETACH);
	else if (fresh && getuid() != 0)
		rc = umount2(tgt, MNT_DETACH | UMOUNT_NOFOLLOW);
	if (rc == 0) {
		x->undone = true;
		/* libmount's utab step then records nothing */
		mnt_context_set_syscall_status(cxt, e);
	}
	warnx("%s: mount_setattr() failed: %s%s.", tgt, what, strerror(-e));
	return MNT_EX_FAIL;
}

static int apply(struct libmnt_context *cxt, struct um_xmount *x,
		 const char *tgt, unsigned long fl)
{
	bool fresh = !(fl & MS_REMOUNT);
	int fd, e, rc;

	fd = open_mount(x, fresh);
	if (fd < 0)
		return undo(cxt, x, tgt, -1, fresh, fd,
			    "cannot open the mount: ");
	if (x->userns >= 0 && fresh) {
		e = idmap(x, &fd, fl & MS_REC);
		if (e) {
			rc = undo(cxt, x, tgt, fd, fresh, e,
				  "cannot set ID-mapping: ");
			close(fd);
			return rc;
		}
	}
	e = set_recursive(fd, &x->o);
	if (e) {
		rc = undo(cxt, x, tgt, fd, fresh, e, "");
		close(fd);
		return rc;
	}
	rc = set_owner_mode(fd, &x->o, tgt);
	close(fd);
	return rc;
}

/*
 * Root's mount for another user (lib/policy-kernel-handover.c): the same
 * steps on the mount while it is still detached, before she can reach
 * it. A detached mount is idmapped in place. Returns 0 or -errno after saying why.
 */
int um_xmount_configure(struct um_xmount *x, const char *tgt, int fd)
{
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_IDMAP,
				   .userns_fd = x->userns };
	int e = 0;

	if (!um_xopts_post_mount(&x->o))
		return 0;
	x->applied = true;
	if (x->userns >= 0 &&
	    mount_setattr(fd, "", AT_EMPTY_PATH, &attr, sizeof(attr)) < 0)
		e = -errno;
	if (e)
		warnx("%s: mount_setattr() failed: cannot set ID-mapping: %s.",
		      tgt, strerror(-e));
	if (!e && (e = set_recursive(fd, &x->o)))
		warnx("%s: mount_setattr() failed: %s.", tgt, strerror(-e));
	if (!e && set_owner_mode(fd, &x->o, tgt))
		e = -EPERM;
	return e;
}

/*
 * After a successful mount, in the process that made it: the idmap, the
 * =recursive attributes, then owner and mode (of the idmapped mount, as
 * util-linux orders them). Nothing for a move or a propagation change.
 * Returns 0, or an exit code after saying why.
 */
int um_xmount_apply(struct libmnt_context *cxt, struct um_xmount *x)
{
	const char *tgt = mnt_context_get_target(cxt);
	struct libmnt_ns *ns;
	unsigned long fl = 0;
	int rc;

	mnt_context_get_mflags(cxt, &fl);
	if (!um_xopts_post_mount(&x->o) || x->applied || !tgt ||
	    mnt_context_is_fake(cxt) ||
	    mnt_context_get_status(cxt) != 1 || (fl & MS_MOVE) ||
	    um_request_propagation_only(cxt, fl))
		return 0;
	ns = mnt_context_switch_target_ns(cxt);
	if (!ns)
		return MNT_EX_SYSERR;
	rc = apply(cxt, x, tgt, fl);
	mnt_context_switch_ns(cxt, ns);
	return rc;
}

bool um_xmount_wants_subdir(struct libmnt_context *cxt)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);

	return fs && mnt_fs_get_option(fs, um_xmount_words[UM_XM_SUBDIR].name,
				       NULL, NULL) == 0;
}

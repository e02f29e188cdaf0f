// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Why did the kernel refuse a user's mount or umount?
 *
 * The kernel answers EPERM and nothing more. The rules are the series'
 * (fs/namespace.c permit_mount() and can_umount() with the patches): they
 * are checked here in the kernel's order against what the kernel shows
 * (statmount(2) where it tells owners, /proc/self/mountinfo otherwise:
 * lib/mount-facts.c), only after a refusal, only to word the message.
 * Each function fills @buf and returns 1, or returns 0 when no rule
 * explains the refusal (the caller then prints the plain errno message).
 */
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "abi.h"
#include "policy-kernel-explain.h"
#include "kernel-series.h"
#include "mount-facts.h"
#include "mountflags.h"
#include "owner.h"
#include "nls.h"

void um_user_name(uid_t uid, char *buf, size_t bufsz)
{
	struct passwd *pw = getpwuid(uid);

	if (pw)
		snprintf(buf, bufsz, "%s", pw->pw_name);
	else
		snprintf(buf, bufsz, "%u", (unsigned)uid);
}

/* "fuse" and "fuse.SUBTYPE" are FS_SAFE; "fuseblk" is not. */
bool um_fstype_is_safe(const char *fstype)
{
	size_t n = strlen(UM_SAFE_FSTYPE);

	return fstype && strncmp(fstype, UM_SAFE_FSTYPE, n) == 0 &&
	       (fstype[n] == '\0' || fstype[n] == '.');
}

/* Mounts in @tb owned by @uid. */
static long owned_by(struct libmnt_table *tb, uid_t uid)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	uid_t owner;
	long n = 0;

	if (!itr)
		return 0;
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		if (um_fs_owner(fs, &owner) == 1 && owner == uid)
			n++;
	}
	mnt_free_iter(itr);
	return n;
}

/*
 * The name of the limit @uid has reached, its value in *@max, or NULL.
 * The kernel's per-user count takes in every mount namespace; this one
 * sees only the caller's, so it can only say less, never wrongly.
 */
static const char *limit_reached(struct libmnt_table *tb, uid_t uid,
				 long *max)
{
	long nr;

	if (um_sysctl_read(UM_SYSCTL_NR_USER_MOUNTS, &nr) == 0 &&
	    um_sysctl_read(UM_SYSCTL_MAX_USER_MOUNTS, max) == 0 && nr >= *max)
		return UM_SYSCTL_MAX_NAME;
	if (um_sysctl_read(UM_SYSCTL_MAX_PER_USER, max) == 0 &&
	    owned_by(tb, uid) >= *max)
		return UM_SYSCTL_MAX_PER_USER_NAME;
	return NULL;
}

int um_explain_mount(struct libmnt_table *tb, const char *target,
		     const char *fstype, bool bind, uid_t uid, char *buf,
		     size_t bufsz)
{
	struct um_mount_facts parent;
	struct libmnt_fs *fs;
	const char *where;
	struct stat st;
	const char *limit;
	long max;
	char name[64];

	if (!bind && !um_fstype_is_safe(fstype)) {
		snprintf(buf, bufsz,
			 _("filesystem type %s is not allowed for users"),
			 fstype ? fstype : "(none)");
		return 1;
	}
	if (lstat(target, &st) == 0 && S_ISLNK(st.st_mode)) {
		snprintf(buf, bufsz, _("mountpoint is a symbolic link"));
		return 1;
	}
	if (um_facts_reached(target, tb, &parent) < 0)
		return 0;
	/* the name it has in the table, not the one the caller gave */
	fs = um_table_find_id(tb, parent.id);
	where = fs ? mnt_fs_get_target(fs) : target;
	if (parent.nomnt) {
		snprintf(buf, bufsz, _("%s is a nomnt mount: no submounts allowed"),
			 where);
		return 1;
	}
	if (!parent.owned) {
		snprintf(buf, bufsz, _("not under a mount you own (%s has no owner)"),
			 where);
		return 1;
	}
	if (parent.owner != uid) {
		um_user_name(parent.owner, name, sizeof(name));
		snprintf(buf, bufsz,
			 _("not under a mount you own (%s is owned by %s)"),
			 where, name);
		return 1;
	}
	limit = limit_reached(tb, uid, &max);
	if (limit) {
		snprintf(buf, bufsz, _("user mount limit reached (%s = %ld)"),
			 limit, max);
		return 1;
	}
	return 0;
}

/* A refusal of a change to another user's mount, naming her. */
static int not_yours(const struct um_mount_facts *f, char *buf,
		     size_t bufsz)
{
	char name[64];

	um_user_name(f->owner, name, sizeof(name));
	snprintf(buf, bufsz, _("not mounted by you (owned by %s, uid %u)"), name,
		 (unsigned)f->owner);
	return 1;
}

int um_explain_umount(const struct um_mount_facts *f, const char *fstype,
		      bool forced, uid_t uid, char *buf, size_t bufsz)
{
	if (!f->owned) {
		snprintf(buf, bufsz, UL_("must be superuser to unmount"));
		return 1;
	}
	if (f->owner != uid)
		return not_yours(f, buf, bufsz);
	if (forced && !um_fstype_is_safe(fstype)) {
		snprintf(buf, bufsz,
			 _("forced unmount by the owner is allowed only for fuse"));
		return 1;
	}
	return 0;
}

/*
 * A user's propagation change: the owner sets it on her own mounts, with
 * MS_REC only over a tree of hers alone (kernel/README).
 */
int um_explain_propagation(const struct um_mount_facts *f, bool recursive,
			   uid_t uid, char *buf, size_t bufsz)
{
	/* no owner: util-linux's "must be superuser to use mount" */
	if (!f->owned)
		return 0;
	if (f->owner != uid)
		return not_yours(f, buf, bufsz);
	if (!recursive)
		return 0;
	snprintf(buf, bufsz, _("a mount below is not yours: a recursive change "
		 "reaches only a tree of your own mounts"));
	return 1;
}

/* The mount @id is on (its parent in @tb), if shared: it stops a move. */
static const char *shared_parent(struct libmnt_table *tb, uint64_t id)
{
	struct libmnt_fs *fs = um_table_find_id(tb, id);
	const char *tags;

	fs = fs ? um_table_find_id(tb, mnt_fs_get_parent_id(fs)) : NULL;
	tags = fs ? mnt_fs_get_optional_fields(fs) : NULL;
	return tags && strstr(tags, "shared:") ? mnt_fs_get_target(fs) : NULL;
}

/*
 * A user's move (--move) of the mount @from onto the mount @to reaches:
 * she moves only a tree of her own mounts off a mount of hers, onto a
 * mount of hers (kernel/README: permit_move()); and the kernel moves no
 * mount out of a shared mount (EINVAL), for root too, which on a system
 * where / is shared is every mount of hers until she makes its parent
 * private.
 */
int um_explain_move(struct libmnt_table *tb, const struct um_mount_facts *from,
		    const struct um_mount_facts *to, int err, uid_t uid,
		    char *buf, size_t bufsz)
{
	const char *parent;

	/* no owner: util-linux's "must be superuser to use mount" */
	if (!from->owned)
		return 0;
	if (from->owner != uid)
		return not_yours(from, buf, bufsz);
	parent = err == EINVAL ? shared_parent(tb, from->id) : NULL;
	if (parent) {
		snprintf(buf, bufsz, _("the kernel moves no mount out of a shared "
			 "mount: make %s private first (mount --make-private)"),
			 parent);
		return 1;
	}
	if (err != EPERM)
		return 0;
	if (!to->owned || to->owner != uid || to->nomnt) {
		snprintf(buf, bufsz, _("you may move your mounts only onto a "
			 "mount of your own without nomnt"));
		return 1;
	}
	snprintf(buf, bufsz, _("you may move only a tree of your own mounts "
		 "from a mount of your own, not out of a nomnt mount, and "
		 "not over another's mount"));
	return 1;
}

/*
 * A umount of a mount of hers refused as "not mounted" (EINVAL): libmount
 * found it mounted, so the kernel keeps it locked, a copy of another's
 * mount in her recursive bind, which goes only with its parent.
 */
int um_explain_locked(const struct um_mount_facts *f, uid_t uid, char *buf,
		      size_t bufsz)
{
	if (!f->owned || f->owner != uid)
		return 0;
	snprintf(buf, bufsz, _("a copy of another's mount in your recursive "
		 "bind goes only with the mount above it (umount that, or "
		 "umount -R)"));
	return 1;
}

/* Is @path @dir itself or below it? */
static bool path_at_or_below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return true;
	return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/*
 * Does a mount @uid does not own sit on @path or below it, on the mount
 * @path reaches? The kernel's test for what a user's bind may show
 * (its source) and hide (its mountpoint): has_foreign_children().
 */
static bool others_below(struct libmnt_table *tb, const char *path, uid_t uid)
{
	struct um_mount_facts top;
	struct libmnt_iter *itr;
	struct libmnt_fs *fs, *child;
	const char *at;
	bool found = false;
	uid_t owner;

	if (!path || um_facts_reached(path, tb, &top) < 0)
		return false;
	fs = um_table_find_id(tb, top.id);
	itr = fs ? mnt_new_iter(MNT_ITER_FORWARD) : NULL;
	if (!itr)
		return false;
	while (!found && mnt_table_next_child_fs(tb, itr, fs, &child) == 0) {
		at = mnt_fs_get_target(child);
		found = at && path_at_or_below(at, path) &&
			(um_fs_owner(child, &owner) != 1 || owner != uid);
	}
	mnt_free_iter(itr);
	return found;
}

/*
 * A user's bind the kernel refused although she may mount on @target:
 * others' mounts below its source, which a plain bind would leave out and
 * so show what they cover (a recursive bind takes them along, locked), or
 * below the mountpoint, which her mount would hide. 1 with @buf, or 0.
 */
int um_explain_bind(struct libmnt_table *tb, const char *source,
		    const char *target, bool recursive, uid_t uid, char *buf,
		    size_t bufsz)
{
	if (!recursive && others_below(tb, source, uid)) {
		snprintf(buf, bufsz, _("a mount below the source is not yours, "
			 "and a bind would show what it covers (mount --rbind "
			 "takes it along)"));
		return 1;
	}
	if (others_below(tb, target, uid)) {
		snprintf(buf, bufsz, _("a mount below the mountpoint is not "
			 "yours, and your mount would hide it"));
		return 1;
	}
	return 0;
}

/*
 * A umount refused as busy while mounts sit below: util-linux says only
 * "target is busy", which does not tell a user who made a recursive bind
 * what to do.  The copies of others' mounts in her tree go with it
 * (kernel/README), her own go first with -R; a mount below that is
 * neither (root's mount in the home root gave her) is not hers to take.
 */
int um_explain_busy(struct libmnt_table *tb, struct libmnt_fs *fs, uid_t me,
		    char *buf, size_t bufsz)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *child;
	uid_t owner;
	int n = 0, others = 0;

	if (!itr)
		return 0;
	while (mnt_table_next_child_fs(tb, itr, fs, &child) == 0) {
		n++;
		if (me != 0 && (um_fs_owner(child, &owner) != 1 || owner != me))
			others++;
	}
	mnt_free_iter(itr);
	if (others)
		snprintf(buf, bufsz,
			 P_("target is busy: %d mount below it is not yours",
			    "target is busy: %d mounts below it are not yours",
			    others), others);
	else if (n)
		snprintf(buf, bufsz,
			 P_("target is busy: %d mount below it (umount -R "
			    "unmounts it with it)",
			    "target is busy: %d mounts below it (umount -R "
			    "unmounts them with it)", n), n);
	return n > 0;
}

/*
 * The restrictions a remount @asked for would lift from @f, by name into
 * @buf (three short words: 64 bytes hold them); how many.
 */
static int lifted(const struct um_mount_facts *f, unsigned long asked,
		  char *buf, size_t bufsz)
{
	static const struct {
		unsigned long ms;
		const char *name;
	} flags[] = {
		{ MS_RDONLY, "ro" },
		{ MS_NOEXEC, "noexec" },
		{ MS_NOSYMFOLLOW, "nosymfollow" },
	};
	size_t i, n = 0;
	int count = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]) && n < bufsz; i++) {
		if (!(f->attr & um_mount_attrs(flags[i].ms)) ||
		    (asked & flags[i].ms))
			continue;
		n += snprintf(buf + n, bufsz - n, "%s%s", n ? ", " : "",
			      flags[i].name);
		count++;
	}
	return count;
}

/*
 * A user's remount: the owner restates the per-mount flags of her own
 * mount with a bind remount, adding restrictions and lifting only those
 * she set herself (kernel/README, "An owner restricts her own mounts").
 * @asked: the MS_* flags of the call; @f: the mount as it is.
 */
int um_explain_remount(const struct um_mount_facts *f, unsigned long asked,
		       uid_t uid, char *buf, size_t bufsz)
{
	char name[64];
	int n;

	/* no owner: util-linux's "must be superuser to use mount" */
	if (!f->owned)
		return 0;
	if (f->owner != uid)
		return not_yours(f, buf, bufsz);
	if (!(asked & MS_BIND)) {
		snprintf(buf, bufsz, _("the filesystem's options are root's; the "
			 "owner changes her mount's flags with "
			 "-o remount,bind"));
		return 1;
	}
	if (asked & UM_MS_SETUSER) {
		snprintf(buf, bufsz, _("only root gives a mount to a user"));
		return 1;
	}
	if (((f->attr & MOUNT_ATTR_NOSUID) && !(asked & MS_NOSUID)) ||
	    ((f->attr & MOUNT_ATTR_NODEV) && !(asked & MS_NODEV))) {
		snprintf(buf, bufsz, _("nosuid and nodev stay on a user's mount"));
		return 1;
	}
	if (f->nomnt && !(asked & UM_MS_NOMNT)) {
		snprintf(buf, bufsz, _("nomnt stays: only root lifts it"));
		return 1;
	}
	n = lifted(f, asked, name, sizeof(name));
	if (n) {
		snprintf(buf, bufsz, _("%s %s: root set %s, or %s with the "
			 "source of the bind or with files you do not own "
			 "(you lift only what you set)"), name,
			 n > 1 ? "stay" : "stays", n > 1 ? "them" : "it",
			 n > 1 ? "they came" : "it came");
		return 1;
	}
	return 0;
}

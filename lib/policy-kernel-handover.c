// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Root's mount for another user (--setuser=USER), made out of her reach
 * and handed to her last.
 *
 * The moment the kernel records her as the owner she may act on the
 * mount: stack a bind of hers on it, unmount it. So everything root does
 * to it happens before: the mount is made detached (fsmount(2) for a new
 * filesystem, open_tree(2) for a bind, neither reachable by any path),
 * its flags and X-mount.idmap/owner/group/mode set through its
 * descriptor, then attached with move_mount(2) to the target pinned by
 * lib/pin.c, given its propagation, and handed over with a bind remount
 * that carries MS_SETUSER (the kernel records the caller's fsuid: hers,
 * for that one call). Every call names a descriptor (fd-relative, or
 * /proc/self/fd/N, which resolves to the descriptor's own mount and
 * dentry), so no path is looked up again once the mount exists. The
 * mount's id is kept for the check of what the kernel recorded.
 *
 * Where the kernel has it (MOUNT_ATTR_SETUSER), the owner is given while
 * the mount is still detached, with her fsuid: the mount is hers the
 * moment it is attached, and nothing is left to do to it but its
 * propagation, which an admin's mount(8) sets after the attach as
 * util-linux's does. The bind remount remains for kernels of the series
 * without that attribute, and for nomnt, which mount_setattr(2) does not
 * take. Root makes the mount itself, so the kernel's checks for an
 * owner's mount(2) (may she reach the source and the target?) are made
 * by the pinning walk, which runs with her fsuid.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/statvfs.h>

#include "abi.h"
#include "bind-detached.h"
#include "mountflags.h"
#include "owner.h"
#include "pin.h"
#include "policy-kernel-handover.h"
#include "privs.h"

/* The superblock flags of mount(2) and their fsconfig(2) words. */
static const struct {
	unsigned long ms;
	const char *word;
} sb_flags[] = {
	{ MS_RDONLY, "ro" },
	{ MS_SYNCHRONOUS, "sync" },
	{ MS_DIRSYNC, "dirsync" },
	{ MS_LAZYTIME, "lazytime" },
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The per-mount flags @fd's mount has now, as mount(2) flags. */
static unsigned long flags_now(int fd)
{
	struct statvfs st;

	return fstatvfs(fd, &st) < 0 ? 0 : um_mount_flags(&st);
}

/* One option of @data into the filesystem context @fs. */
static int config_option(int fs, const char *name, size_t namesz,
			 const char *value, size_t valuesz)
{
	char *n = strndup(name, namesz), *v = NULL;
	int rc = 0;

	if (!n || (value && !(v = strndup(value, valuesz)))) {
		rc = -ENOMEM;
	} else if (fsconfig(fs, v ? FSCONFIG_SET_STRING : FSCONFIG_SET_FLAG,
			    n, v, 0) < 0) {
		rc = -errno;
	}
	free(n);
	free(v);
	return rc;
}

/* The source, the filesystem's options and superblock flags into @fs. */
static int config_fs(int fs, const char *src, const char *data,
		     unsigned long fl)
{
	char *opts = data ? strdup(data) : NULL, *p = opts;
	char *name, *value;
	size_t namesz, valuesz, i;
	int rc = 0, n;

	if (data && !opts)
		return -ENOMEM;
	if (src && fsconfig(fs, FSCONFIG_SET_STRING, "source", src, 0) < 0)
		rc = -errno;
	/* libmount's own option parser: quotes and all, as mount(2) sees */
	while (!rc && p) {
		n = mnt_optstr_next_option(&p, &name, &namesz, &value,
					   &valuesz);
		if (n)
			rc = n < 0 ? -EINVAL : 0;
		if (n)
			break;
		rc = config_option(fs, name, namesz, value, valuesz);
	}
	for (i = 0; !rc && i < ARRAY_SIZE(sb_flags); i++)
		if ((fl & sb_flags[i].ms) &&
		    fsconfig(fs, FSCONFIG_SET_FLAG, sb_flags[i].word, NULL, 0))
			rc = -errno;
	free(opts);
	return rc;
}

/* A new filesystem, detached: its mount's fd, or -errno. */
static int new_fs(const char *type, const char *src, const char *data,
		  unsigned long fl)
{
	int fs, mnt, rc;

	if (!type)
		return -EINVAL;	/* no guessing: libmount probed, or named it */
	fs = fsopen(type, FSOPEN_CLOEXEC);
	if (fs < 0)
		return -errno;
	rc = config_fs(fs, src, data, fl);
	if (!rc && fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0)
		rc = -errno;
	mnt = rc ? rc : fsmount(fs, FSMOUNT_CLOEXEC, um_mount_attrs(fl));
	if (mnt < 0 && !rc)
		rc = -errno;
	close(fs);
	return rc ? rc : mnt;
}

/*
 * fstab's list of types ("udf,iso9660", the line Debian's installer
 * writes for the CD drive): each in turn, as libmount tries them, until
 * one mounts or fails for another reason than not being that filesystem.
 * Its mount's fd, or -errno.
 */
static int new_fs_listed(const char *types, const char *src, const char *data,
			 unsigned long fl)
{
	char *list = types ? strdup(types) : NULL, *save = NULL, *t;
	int fd = -EINVAL;

	if (types && !list)
		return -ENOMEM;
	for (t = list ? strtok_r(list, ",", &save) : NULL; t;
	     t = strtok_r(NULL, ",", &save)) {
		fd = new_fs(t, src, data, fl);
		if (fd >= 0 || (fd != -EINVAL && fd != -ENODEV))
			break;
	}
	free(list);
	return fd;
}

static void proc_path(int fd, char *buf, size_t sz)
{
	snprintf(buf, sz, "/proc/self/fd/%d", fd);
}

/* The owner's remount of the attached mount @mnt: the hand-over. */
static int hand_over(int fd, const char *mnt, uid_t owner, unsigned long ours)
{
	unsigned long fl = MS_REMOUNT | MS_BIND | flags_now(fd) | ours;
	uid_t saved = um_privs_fsuid(owner);
	int rc = mount("none", mnt, NULL, fl, NULL) < 0 ? -errno : 0;

	um_privs_fsuid(saved);
	return rc;
}

/*
 * Give the detached @fd its owner, with her fsuid: 0, 1 when the
 * hand-over is left to the bind remount (nomnt asked, or a kernel
 * without the attribute, which refuses it with EINVAL), or -errno.
 */
static int give_detached(int fd, uid_t owner, unsigned long ours)
{
	struct mount_attr attr = { .attr_set = UM_MOUNT_ATTR_SETUSER };
	uid_t saved;
	int rc;

	if (ours != UM_MS_SETUSER)
		return 1;
	saved = um_privs_fsuid(owner);
	rc = mount_setattr(fd, "", AT_EMPTY_PATH, &attr, sizeof(attr)) < 0 ?
		-errno : 0;
	um_privs_fsuid(saved);
	return rc == -EINVAL ? 1 : rc;
}

/* Attach the detached @fd on the pinned target, propagate, hand over. */
static int attach(struct um_handover *h, int fd, unsigned long fl,
		  uid_t owner, unsigned long ours)
{
	char mnt[64];
	int rc, remount = give_detached(fd, owner, ours);

	if (remount < 0) {
		close(fd);
		return remount;
	}
	if (move_mount(fd, "", h->target, "",
		       MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH) < 0) {
		rc = -errno;
		close(fd);
		return rc;
	}
	h->mnt = fd;
	proc_path(fd, mnt, sizeof(mnt));
	rc = um_set_propagation(mnt, fl & (MS_PROPAGATION | MS_REC));
	if (!rc && remount)
		rc = hand_over(fd, mnt, owner, ours);
	if (!rc)
		rc = um_mount_id_at(fd, "", AT_EMPTY_PATH, &h->id, NULL);
	if (rc) {
		um_handover_undo(h);
		h->undone = true;
	}
	return rc;
}

/* A remount for @owner: on the pinned top mount, with the owner's fsuid. */
static int remount(struct um_handover *h, const struct um_handover_req *r)
{
	char mnt[64];
	uid_t saved;
	int rc;

	proc_path(h->target, mnt, sizeof(mnt));
	saved = um_privs_fsuid(r->owner);
	rc = mount(r->source, mnt, r->type,
		   (r->mflags & ~MS_PROPAGATION) | r->ours, r->data) < 0 ?
		     -errno : 0;
	um_privs_fsuid(saved);
	if (!rc)
		rc = um_mount_id_at(h->target, "", AT_EMPTY_PATH, &h->id, NULL);
	return rc;
}

void um_handover_init(struct um_handover *h)
{
	memset(h, 0, sizeof(*h));
	h->target = h->source = h->mnt = -1;
}

void um_handover_free(struct um_handover *h)
{
	if (h->target >= 0)
		close(h->target);
	if (h->source >= 0)
		close(h->source);
	if (h->mnt >= 0)
		close(h->mnt);
	um_handover_init(h);
}

/*
 * Pin the target and a bind's source for @r->owner, each once: what an
 * earlier call pinned stays what is used. 0 or -errno.
 */
int um_handover_pin(struct um_handover *h, const struct um_handover_req *r)
{
	int fd;

	if (h->target < 0) {
		fd = um_pin_path(r->target, r->owner, r->mflags & MS_REMOUNT,
				 h->why, sizeof(h->why));
		if (fd < 0)
			return fd;
		h->target = fd;
	}
	if (h->source >= 0 || !(r->mflags & MS_BIND) ||
	    (r->mflags & MS_REMOUNT))
		return 0;
	fd = um_pin_path(r->source, r->owner, false, h->why, sizeof(h->why));
	if (fd < 0)
		return fd;
	h->source = fd;
	return 0;
}

/*
 * Make the mount @r describes on the pinned target, with @configure(@arg,
 * fd) run on it while it is detached (X-mount.*), and hand it over.
 * Returns 0 or -errno; h->undone tells that a mount made was taken away.
 */
int um_handover_mount(struct um_handover *h, const struct um_handover_req *r,
		      int (*configure)(void *, int), void *arg)
{
	unsigned long fl = r->mflags;
	int fd, rc;

	if (fl & MS_REMOUNT)
		return remount(h, r);
	if (fl & MS_BIND)
		fd = um_bind_detached(h->source, "", fl);
	else
		fd = new_fs_listed(r->type, r->source, r->data, fl);
	if (fd < 0)
		return fd;
	rc = configure ? configure(arg, fd) : 0;
	if (rc) {
		close(fd);
		return rc;
	}
	return attach(h, fd, fl, r->owner, r->ours);
}

/* Take the attached mount away again, by its descriptor. */
int um_handover_undo(const struct um_handover *h)
{
	char mnt[64];

	if (h->mnt < 0)
		return 0;
	proc_path(h->mnt, mnt, sizeof(mnt));
	return umount2(mnt, MNT_DETACH) < 0 ? -errno : 0;
}

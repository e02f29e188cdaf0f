// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pinned paths: when root mounts for a user, it works on descriptors.
 *
 * An admin's --setuser=USER (command line, -o setuser=, fstab setuser=)
 * acts on paths the new owner may be racing: a symbolic link put in place
 * of a directory of her home, a directory renamed, a mount of hers stacked
 * on a component. mount(2) would resolve the path again as root, after
 * any check. So the target and a bind's source are opened here once,
 * component by component from "/", with O_PATH | O_NOFOLLOW and with the
 * new owner's fsuid (she must be able to reach them, as the kernel asked
 * of the owner's mount(2) before), and refused when a component
 *  - is a symbolic link (a root-owned one too: the admin names the real
 *    path; telling whose link it is would need the rule again for its
 *    target),
 *  - lies on a mount another user owns (that user may stack or swap
 *    mounts there at any time, and hand the new owner what she chose),
 *    or
 *  - is "." or "..", which the canonical paths libmount hands on never
 *    hold.
 * A component on a mount of the new owner's own is taken: what she could
 * swap in there she could bind or mount there herself, and a bind of it
 * is no way past what others hid (the kernel refuses a plain bind of a
 * mount with locked submounts, has_locked_children(), even to root).
 * (A remount that gives a user's mount to another user names a user's
 * mount by design: there users' mounts on the way are no reason to
 * refuse; the remount acts on the mount pinned, nothing else.)
 * Every later call names the descriptor, never the path, so what was
 * checked is what is used. A directory she may write is no reason to
 * refuse once the lookup is pinned: what she can put in it is her own
 * (a directory she made, or moved from where she could write anyway);
 * the mount lands on the dentry that was checked.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "policy-kernel-explain.h"
#include "mount-facts.h"
#include "owner.h"
#include "pin.h"
#include "privs.h"

/*
 * The owner of the mount @fd is on, into *@uid: 1, 0 (none) or -errno.
 * statmount's answer where the kernel gives one: the mount's owner now,
 * not when @tb was read.
 */
static int mount_owner(int fd, struct libmnt_table *tb, uid_t *uid)
{
	struct um_mount_facts f;
	int rc = um_facts_at(fd, "", AT_EMPTY_PATH, tb, &f);

	if (rc < 0)
		return rc;
	*uid = f.owner;
	return f.owned;
}

/*
 * One pinned component @fd, named @upto: 0, or -errno with @why said. No
 * table @tb: mounts of users are no reason to refuse.
 */
static int check_component(int fd, const char *upto, struct libmnt_table *tb,
			   uid_t owner, char *why, size_t sz)
{
	char name[64];
	struct stat st;
	uid_t uid;
	int rc;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (S_ISLNK(st.st_mode)) {
		snprintf(why, sz, "%s is a symbolic link", upto);
		return -ELOOP;
	}
	if (!tb)
		return 0;
	rc = mount_owner(fd, tb, &uid);
	if (rc < 0) {
		snprintf(why, sz, "%s: cannot tell its mount: %s", upto,
			 strerror(-rc));
		return rc;
	}
	if (rc == 1 && uid != owner) {
		um_user_name(uid, name, sizeof(name));
		snprintf(why, sz, "%s is on a mount owned by %s", upto, name);
		return -EPERM;
	}
	return 0;
}

/* Open the next component @name of @path (its first @len bytes) below
 * @dir; says why not. */
static int open_component(int dir, const char *path, size_t len,
			  const char *name, struct libmnt_table *tb,
			  uid_t owner, char *why, size_t sz)
{
	char upto[4096];
	int fd, rc;

	snprintf(upto, sizeof(upto), "%.*s", (int)len, path);
	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
		snprintf(why, sz, "%s: \".\" and \"..\" are not taken", upto);
		return -EINVAL;
	}
	fd = openat(dir, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		snprintf(why, sz, "%s: %s", upto, strerror(-rc));
		return rc;
	}
	rc = check_component(fd, upto, tb, owner, why, sz);
	if (rc) {
		close(fd);
		return rc;
	}
	return fd;
}

/* The walk, in the caller's current fsuid; the last fd, or -errno. */
static int walk(const char *path, struct libmnt_table *tb, uid_t owner,
		char *why, size_t sz)
{
	char name[256];
	const char *p = path, *end;
	int dir, fd;

	dir = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir < 0)
		return -errno;
	fd = check_component(dir, "/", tb, owner, why, sz);
	while (fd == 0) {
		while (*p == '/')
			p++;
		if (!*p)
			return dir;
		end = strchrnul(p, '/');
		if ((size_t)(end - p) >= sizeof(name)) {
			snprintf(why, sz, "%.*s: name too long",
				 (int)(end - path), path);
			fd = -ENAMETOOLONG;
			break;
		}
		memcpy(name, p, end - p);
		name[end - p] = '\0';
		fd = open_component(dir, path, end - path, name, tb, owner,
				    why, sz);
		close(dir);
		if (fd < 0)
			return fd;
		dir = fd;
		fd = 0;
		p = end;
	}
	close(dir);
	return fd;
}

int um_pin_path(const char *path, uid_t owner, bool users_mounts, char *why,
		size_t sz)
{
	struct libmnt_table *tb = NULL;
	uid_t saved;
	int fd;

	if (!path || path[0] != '/') {
		snprintf(why, sz, "%s: not an absolute path", path ?: "(none)");
		return -EINVAL;
	}
	if (!users_mounts)
		tb = mnt_new_table_from_file("/proc/self/mountinfo");
	if (!users_mounts && !tb) {
		snprintf(why, sz, "cannot read /proc/self/mountinfo");
		return -ENOMEM;
	}
	saved = um_privs_fsuid(owner);
	fd = walk(path, tb, owner, why, sz);
	um_privs_fsuid(saved);
	mnt_unref_table(tb);
	return fd;
}

char *um_path_dir(const char *path, const char **name)
{
	const char *slash = strrchr(path, '/');
	char *dir;

	if (name)
		*name = slash ? slash + 1 : path;
	if (!slash)
		return strdup(".");
	dir = strndup(path, slash == path ? 1 : (size_t)(slash - path));
	return dir;
}

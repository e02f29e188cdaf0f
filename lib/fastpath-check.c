// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Would libmount make the plain system call, and nothing else?
 *
 * lib/fastpath.c makes an owner's umount(2) or bind mount(2) itself only
 * when libmount, asked the same, would make exactly that call and change
 * nothing else. These answer from the files libmount looks at, without
 * loading it, and say "no" whenever unsure:
 *  - umount DIR: libmount keeps away from the mount table when DIR is an
 *    absolute path to a directory, statfs(2) names the filesystem type,
 *    utab has no line for DIR, and it could not write utab (nor
 *    /etc/mtab, not a file of its own); it then runs /sbin/umount.TYPE if
 *    there is one, or calls umount(2) and writes nothing (with a utab it
 *    may write, it reads the table and locks utab to update it);
 *  - mount --bind SRC DIR: libmount canonicalises both paths, calls
 *    mount(2), and records the mount in utab (or a regular /etc/mtab)
 *    only if it can write there: the fast path wants it not to.
 * The LIBMOUNT_* variables, which move these files, keep lib/fastpath.c
 * out altogether.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <linux/magic.h>

#include "fastpath-check.h"
#include "libmount-env.h"
#include "owner.h"
#include "utab-keys.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define MTAB_PATH "/etc/mtab"
#define UTAB_DIR "/run/mount"

/* Where libmount looks for umount.TYPE helpers. */
static const char *const helper_dirs[] = { "/sbin", "/sbin/fs.d", "/sbin/fs" };

/* The names libmount gives these statfs(2) types; for others: unsure. */
static const struct {
	unsigned int magic;
	const char *name;
} fstypes[] = {
	{ BTRFS_SUPER_MAGIC, "btrfs" },
	{ EXT4_SUPER_MAGIC, "ext4" },	/* ext2 and ext3 too */
	{ F2FS_SUPER_MAGIC, "f2fs" },
	{ FUSE_SUPER_MAGIC, "fuse" },	/* any subtype */
	{ MSDOS_SUPER_MAGIC, "vfat" },
	{ NFS_SUPER_MAGIC, "nfs" },
	{ RAMFS_MAGIC, "ramfs" },
	{ TMPFS_MAGIC, "tmpfs" },
	{ V9FS_MAGIC, "9p" },
	{ XFS_SUPER_MAGIC, "xfs" },
};

/* A regular /etc/mtab, not the kernel's table: libmount would use it. */
static bool mtab_is_file(void)
{
	struct stat st;

	if (lstat(MTAB_PATH, &st) < 0)
		return errno != ENOENT;
	return S_ISREG(st.st_mode);
}

/* The filesystem type libmount would name from statfs(2), or NULL. */
static const char *statfs_type(const char *path)
{
	struct statfs vfs;
	size_t i;
	int fd, rc;

	/* O_PATH: no automount, as libmount */
	fd = open(path, O_PATH | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	rc = fstatfs(fd, &vfs);
	close(fd);
	if (rc < 0)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(fstypes); i++)
		if ((unsigned int)vfs.f_type == fstypes[i].magic)
			return fstypes[i].name;
	return NULL;
}

/* Would libmount run a umount.@type helper? */
static bool umount_helper(const char *type)
{
	char path[64];
	struct stat st;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(helper_dirs); i++) {
		snprintf(path, sizeof(path), "%s/umount.%s", helper_dirs[i],
			 type);
		if (stat(path, &st) == 0)
			return true;
	}
	return false;
}

/*
 * Could libmount merge a utab line into the mount on @target, by its
 * mountinfo ID or its canonical name (lib/utab-keys.c, the listing's
 * filter)? Unsure: yes.
 */
static bool utab_has(const char *target)
{
	struct um_utab_keys *k = NULL;
	struct stat st;
	char *canon;
	uint64_t id;
	bool found;

	if (stat(UM_UTAB_PATH, &st) < 0)
		return errno != ENOENT;
	if (st.st_size == 0)
		return false;
	canon = realpath(target, NULL);
	if (canon)
		k = um_utab_keys_read(UM_UTAB_PATH);
	found = !k || um_mount_id(canon, &id) < 0 ||
		um_utab_keys_match(k, (unsigned long)id, canon);
	um_utab_keys_free(k);
	free(canon);
	return found;
}

/*
 * Could libmount write utab, or make it? It writes there whenever it can
 * (libmount 2.39 and later its utab.act too). Unsure: yes.
 */
static bool utab_writable(void)
{
	if (access(UM_UTAB_PATH, W_OK) == 0)
		return true;
	if (errno == EACCES || errno == EROFS)
		return false;
	if (errno != ENOENT)
		return true;
	/* no utab yet: libmount makes it where it may write */
	return access(UTAB_DIR, W_OK) == 0 || errno != EACCES;
}

/* Would libmount unmount @target with umount(2) alone? */
bool um_fc_umount_plain(const char *target)
{
	struct stat st;
	const char *type;

	if (target[0] != '/' || mtab_is_file() || utab_writable())
		return false;
	if (fstatat(AT_FDCWD, target, &st, AT_NO_AUTOMOUNT) < 0 ||
	    !S_ISDIR(st.st_mode))
		return false;
	type = statfs_type(target);
	return type && !umount_helper(type) && !utab_has(target);
}

/* Would libmount make a bind mount with mount(2) alone, recording none? */
bool um_fc_bind_plain(void)
{
	return !mtab_is_file() && !utab_writable();
}

/*
 * @path as libmount canonicalises a source or mountpoint, or NULL when
 * unsure: realpath(3), but libmount names a device-mapper node (.../dm-N)
 * by its /dev/mapper name instead.
 */
char *um_fc_canonical(const char *path)
{
	char *canon = realpath(path, NULL);
	const char *base = canon ? strrchr(canon, '/') + 1 : NULL;

	if (base && strncmp(base, "dm-", 3) == 0 &&
	    isdigit((unsigned char)base[3])) {
		free(canon);
		return NULL;
	}
	return canon;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-mount flags and propagation of a mount that exists, as mount(2)
 * takes them: what a bind remount must restate, and one call per
 * propagation type; and mount(2)'s per-mount flags as mount_setattr(2)'s
 * attributes. Shared by the owner's calls by path
 * (lib/policy-kernel-engine.c), root's by descriptor for another user
 * (lib/policy-kernel-handover.c) and a bind made in one step
 * (lib/bind-detached.c).
 */
#include <errno.h>
#include <stdint.h>
#include <sys/mount.h>
#include <sys/statvfs.h>

#include "mountflags.h"

/* glibc 2.36's statvfs.h lacks it; the kernel's value (linux/statfs.h) */
#ifndef ST_NOSYMFOLLOW
#define ST_NOSYMFOLLOW 0x2000
#endif

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

unsigned long um_mount_flags(const struct statvfs *st)
{
	static const struct {
		unsigned long st, ms;
	} map[] = {
		{ ST_RDONLY, MS_RDONLY }, { ST_NOSUID, MS_NOSUID },
		{ ST_NODEV, MS_NODEV }, { ST_NOEXEC, MS_NOEXEC },
		{ ST_NOSYMFOLLOW, MS_NOSYMFOLLOW },
	};
	unsigned long fl = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(map); i++)
		if (st->f_flag & map[i].st)
			fl |= map[i].ms;
	return fl;
}

/* The per-mount flags of mount(2) and their mount_setattr(2) attributes. */
static const struct {
	unsigned long ms;
	uint64_t attr;
} mount_attrs[] = {
	{ MS_RDONLY, MOUNT_ATTR_RDONLY },
	{ MS_NOSUID, MOUNT_ATTR_NOSUID },
	{ MS_NODEV, MOUNT_ATTR_NODEV },
	{ MS_NOEXEC, MOUNT_ATTR_NOEXEC },
	{ MS_NOATIME, MOUNT_ATTR_NOATIME },
	{ MS_STRICTATIME, MOUNT_ATTR_STRICTATIME },
	{ MS_NODIRATIME, MOUNT_ATTR_NODIRATIME },
	{ MS_NOSYMFOLLOW, MOUNT_ATTR_NOSYMFOLLOW },
};

uint64_t um_mount_attrs(unsigned long fl)
{
	uint64_t attr = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(mount_attrs); i++)
		if (fl & mount_attrs[i].ms)
			attr |= mount_attrs[i].attr;
	return attr;
}

int um_set_propagation(const char *tgt, unsigned long fl)
{
	static const unsigned long types[] = { MS_SHARED, MS_SLAVE, MS_PRIVATE,
					       MS_UNBINDABLE };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(types); i++)
		if ((fl & types[i]) &&
		    mount("none", tgt, NULL, types[i] | (fl & MS_REC), NULL) < 0)
			return -errno;
	return 0;
}

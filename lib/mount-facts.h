/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_MOUNT_FACTS_H
#define USERMOUNT_MOUNT_FACTS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "lazymount.h"

/* What the kernel says of one mount that usermount decides or words by. */
struct um_mount_facts {
	uint64_t id;		/* mountinfo's mount ID */
	bool owned;		/* the series recorded an owner: @owner */
	uid_t owner;
	bool nomnt;
	uint64_t attr;		/* MOUNT_ATTR_*, of UM_FACTS_ATTR only */
};

/* The per-mount flags both sources show */
#define UM_FACTS_ATTR (MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | \
		       MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC | \
		       MOUNT_ATTR__ATIME | MOUNT_ATTR_NODIRATIME | \
		       MOUNT_ATTR_NOSYMFOLLOW)

int um_facts_from_fs(struct libmnt_fs *fs, struct um_mount_facts *f);
int um_facts_from_statmount(int dfd, const char *path, int flags,
			    struct um_mount_facts *f);
int um_facts_at(int dfd, const char *path, int flags,
		struct libmnt_table *tb, struct um_mount_facts *f);
int um_facts_reached(const char *path, struct libmnt_table *tb,
		     struct um_mount_facts *f);

#endif

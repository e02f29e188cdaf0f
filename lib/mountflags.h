/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_MOUNTFLAGS_H
#define USERMOUNT_MOUNTFLAGS_H

#include <stdint.h>
#include <sys/statvfs.h>

/* The MS_RDONLY, MS_NOSUID... flags statvfs(2) shows a mount has. */
unsigned long um_mount_flags(const struct statvfs *st);
/* The MOUNT_ATTR_* attributes of the MS_* per-mount flags in @fl. */
uint64_t um_mount_attrs(unsigned long fl);
/* One mount(2) per propagation type in @fl (with MS_REC): 0 or -errno. */
int um_set_propagation(const char *tgt, unsigned long fl);

#endif

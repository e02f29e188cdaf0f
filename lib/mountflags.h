/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_MOUNTFLAGS_H
#define USERMOUNT_MOUNTFLAGS_H

#include <sys/statvfs.h>

/* The MS_RDONLY, MS_NOSUID... flags statvfs(2) shows a mount has. */
unsigned long um_mount_flags(const struct statvfs *st);
/* One mount(2) per propagation type in @fl (with MS_REC): 0 or -errno. */
int um_set_propagation(const char *tgt, unsigned long fl);

#endif

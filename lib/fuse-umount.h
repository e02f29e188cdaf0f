/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_FUSE_UMOUNT_H
#define USERMOUNT_FUSE_UMOUNT_H

#include <stdbool.h>
#include "lazymount.h"

bool um_is_fuse_type(const char *type);
bool um_fuse_is_callers(struct libmnt_fs *fs);
int um_fuse_umount(struct libmnt_fs *fs, const char *fusermount3, bool lazy);

#endif

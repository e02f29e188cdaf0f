/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_MOUNTED_H
#define USERMOUNT_MOUNTED_H

#include <libmount.h>

struct um_mounted;

struct um_mounted *um_mounted_new(struct libmnt_cache *cache);
int um_mounted_has(struct um_mounted *m, struct libmnt_fs *fstab_fs);
void um_mounted_free(struct um_mounted *m);

#endif

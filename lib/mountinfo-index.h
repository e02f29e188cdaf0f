/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_MOUNTINFO_INDEX_H
#define USERMOUNT_MOUNTINFO_INDEX_H

#include <stddef.h>
#include <stdint.h>
#include "lazymount.h"

struct um_mounted;

struct um_mounted *um_mounted_new(struct libmnt_cache *cache);
struct um_mounted *um_mounted_from_text(char *text, size_t size,
					struct libmnt_cache *cache);
size_t um_mounted_on_target(struct um_mounted *m, const char *tgt,
			    uint32_t *out, size_t max);
int um_mounted_has(struct um_mounted *m, struct libmnt_fs *fstab_fs);
void um_mounted_free(struct um_mounted *m);

#endif

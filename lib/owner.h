/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_OWNER_H
#define USERMOUNT_OWNER_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "lazymount.h"

int um_parse_uid(const char *str, size_t len, uid_t *uid);
int um_opts_owner(const char *opts, uid_t *uid);
int um_fs_owner(struct libmnt_fs *fs, uid_t *uid);
bool um_fs_has_nomnt(struct libmnt_fs *fs);
int um_mount_id(const char *path, uint64_t *id);
int um_mount_id_at(int dfd, const char *path, int flags, uint64_t *id,
		   bool *root);
struct libmnt_fs *um_table_find_id(struct libmnt_table *tb, uint64_t id);
struct libmnt_fs *um_table_find_mount(struct libmnt_table *tb,
				      const char *path);
struct libmnt_fs *um_table_find_reached(struct libmnt_table *tb,
					const char *path);

#endif

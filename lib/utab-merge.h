/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_UTAB_MERGE_H
#define USERMOUNT_UTAB_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lazymount.h"

#include "utab-keys.h"

/* A line for libmount: its text (no newline), mountinfo ID, group. */
struct um_merge_line {
	const char *text;
	size_t len;
	unsigned long id;
	uint32_t group;	/* um_utab_keys_root(), or UM_UTAB_NO_GROUP */
	bool last;		/* utab's last line, without its newline */
};

typedef int (*um_merge_each)(void *arg, size_t i, struct libmnt_fs *fs);

int um_utab_merge(struct um_utab_keys *k, const struct um_merge_line *mounts,
		  size_t n, struct libmnt_cache *cache, um_merge_each each,
		  void *arg);
int um_utab_merge_by(struct um_utab_keys *k,
		     const struct um_merge_line *mounts, size_t n,
		     struct libmnt_cache *cache, um_merge_each each, void *arg,
		     uint32_t most);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_LEGACY_H
#define USERMOUNT_LEGACY_H

#include <stdbool.h>
#include <stddef.h>
#include "lazymount.h"

int um_legacy_user_is(const char *user_opts, const char *name);
bool um_legacy_may_umount(struct libmnt_context *cxt, const char *target);
bool um_legacy_helper_possible(struct libmnt_context *cxt, const char *name);
bool um_legacy_option_ok(const char *allowed, int c);
bool um_legacy_source_fixed(struct libmnt_context *cxt, char *why,
			    size_t whysz);
bool um_legacy_target_fixed(struct libmnt_context *cxt,
			    const char *fstab_target, char *why, size_t whysz);

/* Short options an ordinary user may give to each program's fallback. */
#define UM_LEGACY_MOUNT_OPTS "hlLUVvrist"
#define UM_LEGACY_UMOUNT_OPTS "hdilqVv"

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_SETUID_RULES_H
#define USERMOUNT_SETUID_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include "lazymount.h"

/* The setuid mode's checks beside libmount's fstab rules (setuid-rules.c). */

int um_setuid_user_is(const char *user_opts, const char *name);
bool um_setuid_may_umount(struct libmnt_context *cxt, const char *target);
bool um_setuid_helper_possible(struct libmnt_context *cxt, const char *name);
bool um_setuid_source_fixed(struct libmnt_context *cxt, char *why,
			    size_t whysz);
bool um_setuid_target_fixed(struct libmnt_context *cxt,
			    const char *fstab_target, char *why, size_t whysz);

#endif

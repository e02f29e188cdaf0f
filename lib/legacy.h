/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_LEGACY_H
#define USERMOUNT_LEGACY_H

#include <stdbool.h>
#include <libmount.h>

int um_legacy_user_is(const char *user_opts, const char *name);
bool um_legacy_may_umount(struct libmnt_context *cxt, const char *target);

#endif

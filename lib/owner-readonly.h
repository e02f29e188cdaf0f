/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_OWNER_READONLY_H
#define USERMOUNT_OWNER_READONLY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

bool um_owner_readonly_note(const char *target, uid_t uid, char *buf,
			    size_t sz);

#endif

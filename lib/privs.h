/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_PRIVS_H
#define USERMOUNT_PRIVS_H

#include <stdbool.h>
#include <sys/types.h>
#include "lazymount.h"

void um_privs_init(void);
int um_privs_drop(void);
int um_privs_give_up(void);
int um_privs_become(uid_t uid);
char *um_privs_canonicalize(const char *path);
int um_privs_apply_fstab(struct libmnt_context *cxt);
uid_t um_privs_fsuid(uid_t uid);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_OWNER_HELDBY_H
#define USERMOUNT_OWNER_HELDBY_H

#include <sys/types.h>

#include "lazymount.h"

dev_t um_mounted_devno(struct libmnt_context *cxt);
void um_report_held_by_users(dev_t devno, const char *target);

#endif

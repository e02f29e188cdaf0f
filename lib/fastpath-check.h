/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_FASTPATH_CHECK_H
#define USERMOUNT_FASTPATH_CHECK_H

#include <stdbool.h>

bool um_fc_umount_plain(const char *target);
bool um_fc_bind_plain(void);
char *um_fc_canonical(const char *path);

#endif

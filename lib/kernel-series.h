/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_KERNEL_SERIES_H
#define USERMOUNT_KERNEL_SERIES_H

#include <stdbool.h>

bool um_kernel_has_ownership(void);
int um_sysctl_read(const char *path, long *value);

#endif

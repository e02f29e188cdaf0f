/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_SETUID_FIXEDPATH_H
#define USERMOUNT_SETUID_FIXEDPATH_H

#include <stddef.h>

int um_path_fixed(const char *path, char *why, size_t whysz);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_LIBMOUNT_ENV_H
#define USERMOUNT_LIBMOUNT_ENV_H

#include <stdbool.h>

/* utab where no LIBMOUNT_UTAB moves it (libmount's mnt_get_utab_path) */
#define UM_UTAB_PATH "/run/mount/utab"

bool um_libmount_at_least(int major, int minor);
bool um_libmount_environ(void);
bool um_libmount_reads_env(void);
const char *um_utab_path(void);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_PIN_H
#define USERMOUNT_PIN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include "lazymount.h"

/*
 * Open absolute @path for root acting for @owner (lib/pin.c): an O_PATH
 * descriptor of its last component, or -errno with @why said.
 * @users_mounts: components on users' mounts are allowed.
 */
int um_pin_path(const char *path, uid_t owner, bool users_mounts, char *why,
		size_t sz);
/* @path's directory ("/" for "/x"), to free; *@name: its last part. */
char *um_path_dir(const char *path, const char **name);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_PIN_H
#define USERMOUNT_PIN_H

#include <stddef.h>
#include <sys/types.h>
#include "lazymount.h"

/*
 * Open absolute @path for root acting for @owner (lib/pin.c): an O_PATH
 * descriptor of its last component, or -errno with @why said.
 */
int um_pin_path(const char *path, uid_t owner, char *why, size_t sz);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_SETUID_ROOTCHILD_H
#define USERMOUNT_SETUID_ROOTCHILD_H

#include <stdbool.h>

int um_rootchild_run(int (*change)(void *), void *arg, bool utab);

#endif

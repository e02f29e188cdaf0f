/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_PRINTABLE_H
#define USERMOUNT_PRINTABLE_H

#include <stdio.h>

void um_put_printable(const char *s, FILE *out);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_PRINTABLE_H
#define USERMOUNT_PRINTABLE_H

#include <stdio.h>

void um_put_printable(const char *s, FILE *out);
char *um_printable(const char *s);
void um_warnx_printable(const char *name, const char *msg);
void um_print_entry(const char *target, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif

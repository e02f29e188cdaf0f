/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_PRINTABLE_H
#define USERMOUNT_PRINTABLE_H

#include <stdbool.h>
#include <stdio.h>
#include <wchar.h>

void um_put_printable(const char *s, FILE *out);
/* Is @wc one the listing escapes although iswprint() passes it? */
bool um_is_invisible(wchar_t wc);
char *um_printable(const char *s);
void um_warnx_printable(const char *name, const char *msg);
void um_print_entry(const char *target, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_NLS_H
#define USERMOUNT_NLS_H

#include <libintl.h>

/*
 * Two catalogues. usermount's own words are in its own (po/usermount.pot,
 * made by the build). Where it says what util-linux says, in util-linux's
 * words, it asks util-linux's catalogue (util-linux-locales), so that a
 * user reads the same sentence from either program; libmount's messages
 * come translated from there already.
 */
#define _(s) dgettext("usermount", s)
#define UL_(s) dgettext("util-linux", s)
/* usermount's own words in a table, translated where they are printed */
#define N_(s) s
/* usermount's own words with a number: the language's plural forms */
#define P_(s, p, n) dngettext("usermount", s, p, n)

void um_nls_init(void);

#endif

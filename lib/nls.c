// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The locale and the catalogues (lib/nls.h). util-linux's stays where
 * gettext looks by default (/usr/share/locale, util-linux-locales);
 * usermount's is under its own prefix.
 */
#include <locale.h>

#include "nls.h"

void um_nls_init(void)
{
	setlocale(LC_ALL, "");
	bindtextdomain("usermount", LOCALEDIR);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_SIGNALS_H
#define USERMOUNT_SIGNALS_H

void um_signals_init(void);
void um_signals_defer(void);
void um_signals_deliver(void);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_SETUID_OUTOFREACH_H
#define USERMOUNT_SETUID_OUTOFREACH_H

int um_out_of_reach(void);

#endif

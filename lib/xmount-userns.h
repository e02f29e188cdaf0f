/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_XMOUNT_USERNS_H
#define USERMOUNT_XMOUNT_USERNS_H

int um_userns_open(const char *idmap);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_LIST_HELD_H
#define USERMOUNT_LIST_HELD_H

#include <stddef.h>
#include <stdio.h>

struct um_held;

struct um_held *um_held_new(void);
FILE *um_held_file(struct um_held *h);
long um_held_lines(struct um_held *h);
size_t um_held_bytes(const struct um_held *h);
int um_held_replay(struct um_held *h, size_t upto, FILE *out);
void um_held_free(struct um_held *h);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_UTABKEYS_H
#define USERMOUNT_UTABKEYS_H

#include <stdbool.h>
#include <stddef.h>

struct um_utab_keys;

struct um_utab_keys *um_utab_keys_read(const char *path);
struct um_utab_keys *um_utab_keys_from_text(const char *text, size_t size);
bool um_utab_keys_match(const struct um_utab_keys *k, unsigned long id,
			const char *target);
size_t um_utab_keys_count(const struct um_utab_keys *k);
void um_utab_keys_free(struct um_utab_keys *k);
char *um_path_norm(char *path);

#endif

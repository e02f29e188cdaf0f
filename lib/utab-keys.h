/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_UTAB_KEYS_H
#define USERMOUNT_UTAB_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UM_UTAB_NO_GROUP UINT32_MAX

struct um_utab_keys;

struct um_utab_keys *um_utab_keys_read(const char *path);
struct um_utab_keys *um_utab_keys_from_text(const char *text, size_t size);
bool um_utab_keys_match(const struct um_utab_keys *k, unsigned long id,
			const char *target);
bool um_utab_keys_join(struct um_utab_keys *k, unsigned long id,
		       const char *target, uint32_t *key);
uint32_t um_utab_keys_root(const struct um_utab_keys *k, uint32_t key);
uint32_t um_utab_keys_lines(const struct um_utab_keys *k);
const char *um_utab_keys_line(const struct um_utab_keys *k, uint32_t i,
			      size_t *len, uint32_t *group, bool *last);
size_t um_utab_keys_count(const struct um_utab_keys *k);
void um_utab_keys_free(struct um_utab_keys *k);
char *um_path_norm(char *path);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_MOUNTINFO_H
#define USERMOUNT_MOUNTINFO_H

#include <stdbool.h>
#include <stddef.h>

const char *um_mi_target(const char *line, size_t *len);
char *um_mi_field(char **s);
size_t um_mi_decode(const char **r, char *w, bool tab_ends);
char *um_mi_mangle(const char *path);

#endif

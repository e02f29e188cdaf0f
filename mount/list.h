/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_LIST_H
#define USERMOUNT_LIST_H

#include <stdbool.h>
#include <stdio.h>
#include "lazymount.h"

/* list_mounts() cannot list on its own: use list_table() */
#define LIST_USE_LIBMOUNT 1

int list_mounts(const char *types, FILE *out);
int list_line(char *line, const char *types, char **buf, size_t *bufsz,
	      FILE *out);
int list_table(struct libmnt_table *tb, const char *types, bool labels,
	       FILE *out);

#endif

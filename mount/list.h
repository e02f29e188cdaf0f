/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_LIST_H
#define USERMOUNT_LIST_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include "lazymount.h"

#include "utab-keys.h"

/* list_mounts() cannot list on its own: use list_table() */
#define LIST_USE_LIBMOUNT 1

struct list_opts {
	const char *types;	/* -t, or NULL */
	blkid_cache labels;	/* -l: where labels come from, or NULL */
	bool nocanon;		/* -c: libmount's tables get no cache */
	bool owned;		/* --owned: only @owner's mounts */
	uid_t owner;
	/* list_mounts()'s own: */
	struct um_utab_keys *keys;	/* utab's, or NULL when it is empty */
	char *buf, *dec;		/* scratch, kept from line to line */
	size_t bufsz, decsz;
};

int list_mounts(struct list_opts *o, FILE *out);
int list_line(const char *line, struct list_opts *o, FILE *out);
void list_fs(struct libmnt_fs *fs, const struct list_opts *o, FILE *out);
int list_table(struct libmnt_table *tb, const struct list_opts *o,
	       FILE *out);
void list_opts_free(struct list_opts *o);

#endif

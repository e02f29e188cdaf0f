/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_CLI_OPTSMODE_H
#define USERMOUNT_CLI_OPTSMODE_H

#include <stdbool.h>

/*
 * mount's --options-mode, --options-source and --options-source-force,
 * gathered while the command line is read and turned into libmount's
 * MNT_OMODE_* bits at its end.
 */
struct um_optsmode {
	int mode;	/* MNT_OMODE_IGNORE ... REPLACE, or 0: not given */
	int source;	/* MNT_OMODE_FSTAB | MTAB | NOTAB, or 0: not given */
	bool force;	/* MNT_OMODE_FORCE */
};

/* --options-mode's words and --options-source's, NULL-ended */
struct um_optsmode_word {
	const char *name;
	int bits;
};
extern const struct um_optsmode_word um_optsmode_modes[];
extern const struct um_optsmode_word um_optsmode_sources[];

int um_optsmode_set_mode(struct um_optsmode *o, const char *word);
int um_optsmode_set_source(struct um_optsmode *o, const char *list);
int um_optsmode_bits(const struct um_optsmode *o);

#endif

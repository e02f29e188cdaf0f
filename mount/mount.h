/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_MOUNT_H
#define USERMOUNT_MOUNT_H

/*
 * mount(8)'s parts, one job a file: args.c (the command line), one.c (one
 * mount through the steps), all.c (mount -a and remount -a), list.c (the
 * listing), mount.c (main: which of them runs).
 */
#include <stdbool.h>
#include <stddef.h>
#include "lazymount.h"

#include "cli.h"
#include "mode.h"
#include "owner-opts.h"
#include "xmount-opts.h"

/* What the command line asks for; one context is made from it per mount. */
struct cli {
	enum um_mode mode;
	struct um_cxt_common common;	/* --fake, -v, -n, -c, -i, -N */
	bool all, sloppy;
	bool show_labels, oper, propa, move, fork, onlyonce;
	bool noswap;		/* -L, -U, --source, --target: no guessing */
	bool uncovered;		/* an option outside the setuid column */
	int rwonly;		/* -1 unset, 0 -r, 1 -w */
	int optsmode;		/* MNT_OMODE_* from --options-*, or 0 */
	char *optstr;		/* -o and option switches, ours taken out */
	const char *optpattern, *types, *prefix;
	char *idmap;		/* --map-users, --map-groups: X-mount.idmap */
	const char **fstab_paths;	/* -T, read once the rights are settled */
	size_t nfstab;
	struct libmnt_table *fstab;	/* -T: the files, in fstab_names */
	char *fstab_names;
	struct libmnt_cache *cache;	/* with -T: the files' and contexts' */
	struct um_ownopts own;
	bool owned;		/* --owned: list @owned_uid's mounts only */
	uid_t owned_uid;
	struct um_xopts rec;	/* the OPT=recursive words given */
};

/* args.c */
void parse_args(struct cli *cli, int argc, char **argv, char **source,
		char **target);
void place_args(const struct cli *cli, int argc, char **argv, char **source,
		char **target);
bool setuid_covered(const struct cli *cli, bool listing, const char *source,
		    const char *target);
void read_fstabs(struct cli *cli);
void free_cli(struct cli *cli);
bool remounting(const char *optstr);

/* one.c */
struct libmnt_context *new_context(const struct cli *cli);
int mount_one(const struct cli *cli, struct libmnt_context *cxt,
	      int *status);
int mount_single(struct cli *cli, char *source, char *target);

/* all.c */
int mount_all(const struct cli *cli);
int remount_all(const struct cli *cli);

#endif

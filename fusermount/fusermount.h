/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_FUSERMOUNT_H
#define USERMOUNT_FUSERMOUNT_H

#include <stdbool.h>
#include <stdint.h>
#include "lazymount.h"

/* The command line, as libfuse 3 and 2 pass it (fusermount3.1). */
struct fm_cli {
	const char *mountpoint;
	char *opts;		/* the -o strings, joined by commas */
	int comm_fd;		/* --comm-fd, or -1: _FUSE_COMMFD */
	bool unmount;		/* -u */
	bool lazy;		/* -z */
	bool quiet;		/* -q */
	bool auto_unmount;	/* --auto-unmount */
};

/* What -o asks of mount(2), split into its arguments. */
struct fm_request {
	char *target;		/* canonical (fm_target()) */
	char *source;		/* fsname=, else the subtype, else "fuse" */
	char *type;		/* fuse, fuse.SUBTYPE, fuseblk */
	char *kopts;		/* options for FUSE itself, for mount(2)'s data */
	unsigned long flags;	/* MS_* */
	bool auto_unmount;
	bool allow_other;	/* asked for: to word a refusal */
};

/* fuse-policy.c: the kernel decides, or libfuse's fusermount3 does */
void fm_policy_start(char **argv);

/* fuse-opts.c */
int fm_opts_parse(const char *opts, struct fm_request *req);
void fm_request_free(struct fm_request *req);

/* fuse-target.c */
char *fm_target(const char *path);
struct libmnt_table *fm_mount_table(void);
struct libmnt_fs *fm_topmost(struct libmnt_table *tb, const char *target);

/* fuse-mount.c */
int fm_mount(const struct fm_cli *cli);

/* fuse-watch.c */
int fm_watch(int sock, const char *target, int id);

/* fuse-umount.c */
int fm_unmount(const char *mountpoint, bool lazy, bool quiet);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_POLICY_H
#define USERMOUNT_POLICY_H

#include <stdbool.h>
#include "lazymount.h"

#include "cli.h"
#include "mode.h"
#include "owner-opts.h"
#include "xmount.h"

/*
 * Each step of a mount or umount asks the mode's policy through these
 * (lib/policy.c hands each to lib/policy-kernel.c or lib/policy-setuid.c),
 * so the programs' own steps name no mode and include no mode's header.
 */

/* The kernel mode's part of a mount: its own (lib/policy-kernel.c). */
struct um_owned;

/*
 * One mount as it goes through mount(8)'s steps; one field per mode. Each
 * step returns 0 to go on or an exit code (said already) to stop; what
 * libmount answered stays here, for the report and for mount -a -F.
 */
struct um_mount {
	struct um_ownopts own;	/* the series' options asked for */
	struct um_xmount x;	/* util-linux 2.39-2.42's newer options */
	/* kernel mode: what it asks the kernel, made at its first step */
	struct um_owned *kernel;
	struct {
		char *fstab_target;	/* the target fstab gave */
	} setuid;		/* setuid mode */
	/*
	 * libmount's status, as its last step returned it; its report words
	 * it. After the change, what mnt_context_mount() would return (0:
	 * done, even when a helper failed).
	 */
	int status;
	int refused;		/* a step's exit code before any report */
	unsigned long asked;	/* the mount(2) flags before the prepare */
	bool done;		/* the change ran in this process */
	bool may_retry;		/* setuid: a "no" may be tried again */
	bool retry;		/* ... and is to be: nothing was reported */
	char why[512];		/* the reason of a refusal */
};

void um_policy_context(enum um_mode mode, struct libmnt_context *cxt);
struct libmnt_context *um_policy_new_context(enum um_mode mode);
void um_policy_arguments(enum um_mode *mode, bool covered);
int um_policy_owned(enum um_mode mode);
bool um_policy_option_ignored(enum um_mode mode, enum um_setuid_col col);
char *um_policy_resolve(enum um_mode *mode, char *path);

void um_policy_mount_init(struct um_mount *m, bool may_retry);
int um_policy_fstab(enum um_mode mode, struct libmnt_context *cxt,
		    struct um_mount *m, bool named_both);
int um_policy_check(enum um_mode mode, struct libmnt_context *cxt,
		    struct um_mount *m);
int um_policy_prepare(enum um_mode mode, struct libmnt_context *cxt,
		      struct um_mount *m);
int um_policy_mount(enum um_mode mode, struct libmnt_context *cxt,
		    struct um_mount *m);
void um_policy_describe(enum um_mode mode, struct libmnt_context *cxt,
			struct um_mount *m);
const char *um_policy_explain(enum um_mode mode, struct libmnt_context *cxt,
			      struct um_mount *m);
void um_policy_mount_free(struct um_mount *m);

char *um_policy_umount_path(enum um_mode mode, bool restricted,
			    const char *arg);
int um_policy_change(enum um_mode mode, struct libmnt_context *cxt,
		     const char *helper, int (*change)(void *), void *arg);
int um_policy_describe_umount(enum um_mode mode, struct libmnt_context *cxt,
			      char *buf, size_t sz);
int um_policy_prepare_umount(enum um_mode *mode, struct libmnt_context *cxt,
			     const char *spec, int *status);
bool um_policy_umount_by_fusermount(enum um_mode mode,
				    struct libmnt_context *cxt, bool forced);
const char *um_policy_explain_umount(enum um_mode mode,
				     struct libmnt_context *cxt, bool forced,
				     char *buf, size_t sz);

#endif

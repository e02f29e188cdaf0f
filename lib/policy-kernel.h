/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_POLICY_KERNEL_H
#define USERMOUNT_POLICY_KERNEL_H

/*
 * The kernel mode's answer at each step (lib/policy-kernel.c, over the
 * engine in lib/policy-kernel-engine.c). Only lib/policy.c and
 * lib/policy-setuid-owned.c include this: the programs ask policy.h.
 */
#include "policy.h"

int um_policy_kernel_check(struct libmnt_context *cxt, struct um_mount *m);
int um_policy_kernel_check_caller(struct libmnt_context *cxt,
				  struct um_mount *m);
void um_policy_kernel_caller_prepared(struct libmnt_context *cxt,
				      struct um_mount *m);
void um_policy_kernel_prepare(struct libmnt_context *cxt, struct um_mount *m);
int um_policy_kernel_mount(struct libmnt_context *cxt, struct um_mount *m);
void um_policy_kernel_describe(struct libmnt_context *cxt,
			       struct um_mount *m);
int um_policy_kernel_verify(struct libmnt_context *cxt, struct um_mount *m);
const char *um_policy_kernel_explain(struct libmnt_context *cxt,
				     struct um_mount *m, int rc);
void um_policy_kernel_free(struct um_mount *m);
int um_policy_kernel_describe_umount(struct libmnt_context *cxt, char *buf,
				     size_t sz);
const char *um_policy_kernel_explain_umount(struct libmnt_context *cxt,
					    bool forced, char *buf,
					    size_t sz);

#endif

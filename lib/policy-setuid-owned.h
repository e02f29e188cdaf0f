/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_POLICY_SETUID_OWNED_H
#define USERMOUNT_POLICY_SETUID_OWNED_H

/*
 * The answer at the steps of its own of a setuid mount(8) on the series
 * (lib/policy-setuid-owned.c); at the others lib/policy.c asks the setuid
 * mode or the kernel mode, as that file says. Only lib/policy.c includes
 * this: the programs ask policy.h.
 */
#include "policy.h"

int um_policy_setuid_owned_check(struct libmnt_context *cxt,
				 struct um_mount *m);
void um_policy_setuid_owned_prepare(struct libmnt_context *cxt,
				    struct um_mount *m);
int um_policy_setuid_owned_prepare_mount(struct libmnt_context *cxt,
					 struct um_mount *m);

#endif

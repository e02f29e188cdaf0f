/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_POLICY_SETUID_H
#define USERMOUNT_POLICY_SETUID_H

/*
 * The setuid mode's answer at each step (lib/policy-setuid.c). Only
 * lib/policy.c includes this: the programs ask policy.h.
 */
#include "policy.h"

void um_policy_setuid_arguments(enum um_mode *mode, bool covered);
char *um_policy_setuid_resolve(enum um_mode *mode, char *path);
int um_policy_setuid_apply_fstab(struct libmnt_context *cxt);
int um_policy_setuid_check(struct libmnt_context *cxt, struct um_mount *m);
int um_policy_setuid_prepare_mount(struct libmnt_context *cxt,
				   struct um_mount *m);
int um_policy_setuid_change(struct libmnt_context *cxt, const char *helper,
			    int (*change)(void *), void *arg);
void um_policy_setuid_free(struct um_mount *m);
bool um_policy_setuid_umount_by_fusermount(struct libmnt_context *cxt,
					    bool forced);
int um_policy_setuid_prepare_umount(enum um_mode *mode,
				    struct libmnt_context *cxt,
				    const char *spec, int *status);

#endif

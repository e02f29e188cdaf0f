/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_POLICY_KERNEL_ENGINE_H
#define USERMOUNT_POLICY_KERNEL_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "lazymount.h"

#include "policy-kernel-handover.h"
#include "owner-opts.h"
#include "xmount.h"
#include "xmount-opts.h"

/* What one mount asks of the kernel's ownership, decided by the check. */
struct um_owned {
	unsigned long flags;	/* UM_MS_SETUSER | UM_MS_NOMNT, or 0 */
	unsigned long mflags;	/* the MS_* flags asked for */
	uid_t owner;		/* mount(2) runs with this fsuid */
	bool verify;		/* read the owner back after the mount */
	uint64_t below;		/* id of the mount the target was on */
	bool undone;		/* made, a later call failed, taken away */
	bool for_other;		/* root's mount for another user: handover */
	char *given_target;	/* then: the paths as the admin gave them */
	char *given_source;
	struct um_handover h;	/* then: the pinned paths and the mount */
};

int um_kmode_check(struct libmnt_context *cxt, struct um_ownopts *own,
		   const struct um_xopts *xo, struct um_owned *req);
int um_kmode_check_caller(struct libmnt_context *cxt, struct um_ownopts *own,
			  struct um_owned *req);
void um_kmode_caller_prepared(struct libmnt_context *cxt,
			      struct um_owned *req);
void um_kmode_prepare(struct libmnt_context *cxt, const struct um_owned *req);
int um_kmode_mount(struct libmnt_context *cxt, struct um_owned *req,
		   struct um_xmount *x);
void um_kmode_free(struct um_owned *req);
int um_kmode_describe(struct libmnt_context *cxt, const struct um_owned *req,
		      char *buf, size_t sz);
int um_kmode_describe_umount(struct libmnt_context *cxt, char *buf, size_t sz);
int um_kmode_verify(struct libmnt_context *cxt, const struct um_owned *req,
		    char *why, char *note, size_t sz);
const char *um_kmode_explain_mount(struct libmnt_context *cxt,
				   const struct um_owned *req, int rc,
				   char *buf, size_t sz);
const char *um_kmode_explain_umount(struct libmnt_context *cxt, bool forced,
				    char *buf, size_t sz);

#endif

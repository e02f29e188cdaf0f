/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_POLICY_KERNEL_HANDOVER_H
#define USERMOUNT_POLICY_KERNEL_HANDOVER_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* What root's mount for another user asks (lib/policy-kernel-handover.c). */
struct um_handover_req {
	const char *source;	/* as libmount prepared it */
	const char *target;	/* absolute, as the admin named it */
	const char *type;
	const char *data;	/* the filesystem's own options */
	unsigned long mflags;	/* MS_* */
	unsigned long ours;	/* UM_MS_SETUSER | UM_MS_NOMNT */
	uid_t owner;
};

/* The descriptors it works on, and what came of it. */
struct um_handover {
	int target;		/* the target, pinned */
	int source;		/* a bind's source, pinned, or -1 */
	int mnt;		/* the mount once attached, or -1 */
	uint64_t id;		/* its mount id */
	bool undone;		/* attached, then taken away again */
	char why[256];		/* why a path was refused */
};

void um_handover_init(struct um_handover *h);
void um_handover_free(struct um_handover *h);
int um_handover_pin(struct um_handover *h, const struct um_handover_req *r);
int um_handover_mount(struct um_handover *h, const struct um_handover_req *r,
		      int (*configure)(void *, int), void *arg);
int um_handover_undo(const struct um_handover *h);

#endif

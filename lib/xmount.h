/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_XMOUNT_H
#define USERMOUNT_XMOUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lazymount.h"

#include "xmount-opts.h"

/* One mount's newer options (lib/xmount-opts.c), what applying them needs */
struct um_xmount {
	struct um_xopts o;
	int userns;		/* X-mount.idmap's user namespace, or -1 */
	uint64_t below;		/* id of the mount the target was on */
	int parent;		/* the directory holding the target, or -1 */
	char *name;		/* the target's name in it */
	bool undone;		/* the new mount was taken away again */
	char *loopsrc;		/* X-mount.noloop: the source before prepare */
	bool guess;		/* no type given: libmount probes for one */
	bool applied;		/* done on the detached mount (handover) */
};

void um_xmount_init(struct um_xmount *x);
void um_xmount_free(struct um_xmount *x);
int um_xmount_take(struct libmnt_context *cxt, struct um_xmount *x,
		   char **opts);
int um_xmount_fstab(struct libmnt_context *cxt, struct um_xmount *x,
		    bool named_both);
int um_xmount_prepare(struct libmnt_context *cxt, struct um_xmount *x);
int um_xmount_prepared(struct libmnt_context *cxt, struct um_xmount *x);
int um_xmount_onlyonce(struct libmnt_context *cxt);
/* Does @cxt ask for X-mount.subdir, which libmount makes its own way? */
bool um_xmount_wants_subdir(struct libmnt_context *cxt);
void um_xmount_before(struct libmnt_context *cxt, struct um_xmount *x);
int um_xmount_configure(struct um_xmount *x, const char *tgt, int fd);
int um_xmount_apply(struct libmnt_context *cxt, struct um_xmount *x);

#endif

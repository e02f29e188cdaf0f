/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_BIND_DETACHED_H
#define USERMOUNT_BIND_DETACHED_H

#include <stdbool.h>
#include "lazymount.h"

/*
 * A detached bind of @path at @dirfd ("" for @dirfd itself; recursive
 * with MS_REC) with the per-mount flags of @fl: its fd, or -errno.
 */
int um_bind_detached(int dirfd, const char *path, unsigned long fl);
/*
 * The bind of @src on @tgt with the per-mount flags of @fl (MS_REC for a
 * recursive one) in one step, the target's last link followed if
 * @follow: 0 or an errno; ENOSYS, nothing done, where the kernel has not
 * the calls or opens the user no copy (then the two calls are hers).
 */
int um_bind_onestep(const char *src, const char *tgt, unsigned long fl,
		    bool follow);
/*
 * libmount's mount of what @cxt describes, prepared; but a bind with
 * per-mount flags in one step where the kernel has the calls, libmount
 * told the result. @asked: the mount(2) flags before libmount prepared;
 * @follow: a symbolic link as the target's last component is followed
 * (root's own mount, as mount(2) does). Returns as mnt_context_do_mount().
 */
int um_mount_onestep(struct libmnt_context *cxt, unsigned long asked,
		     bool follow);

#endif

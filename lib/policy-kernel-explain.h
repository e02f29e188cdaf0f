/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_POLICY_KERNEL_EXPLAIN_H
#define USERMOUNT_POLICY_KERNEL_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include "lazymount.h"

int um_explain_mount(struct libmnt_table *tb, const char *target,
		     const char *fstype, bool bind, uid_t uid, char *buf,
		     size_t bufsz);
int um_explain_bind(struct libmnt_table *tb, const char *source,
		    const char *target, bool recursive, uid_t uid, char *buf,
		    size_t bufsz);
struct um_mount_facts;
int um_explain_umount(const struct um_mount_facts *f, const char *fstype,
		      bool forced, uid_t uid, char *buf, size_t bufsz);
int um_explain_propagation(const struct um_mount_facts *f, bool recursive,
			   uid_t uid, char *buf, size_t bufsz);
int um_explain_move(struct libmnt_table *tb, const struct um_mount_facts *from,
		    const struct um_mount_facts *to, int err, uid_t uid,
		    char *buf, size_t bufsz);
int um_explain_locked(const struct um_mount_facts *f, uid_t uid, char *buf,
		      size_t bufsz);
int um_explain_busy(struct libmnt_table *tb, struct libmnt_fs *fs, uid_t me,
		    char *buf, size_t bufsz);
int um_explain_remount(const struct um_mount_facts *f, unsigned long asked,
		       uid_t uid, char *buf, size_t bufsz);
void um_user_name(uid_t uid, char *buf, size_t bufsz);
bool um_fstype_is_safe(const char *fstype);

#endif

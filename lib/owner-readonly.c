// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a user's bind came out as, when the kernel made it read-only.
 *
 * With the series a user's bind of what she does not own is read-only,
 * and stays so (kernel/README, patch 0019: root's recursive work on her
 * home must not write others' files through her binds); mount(2) says
 * nothing of it. mount says so after the fact, in the words util-linux
 * uses for a write-protected source, on its full way and on the owner's
 * fast path alike.
 */
#include <stdio.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include "owner-readonly.h"
#include "policy-kernel-explain.h"

/*
 * Is the mount on @target, which @uid just made by a bind that did not
 * ask for ro, read-only over a root someone else owns? Then fill @buf
 * with the warning and return true. A bind of a read-only mount, which
 * any bind inherits, is read-only over her own files too: not ours to
 * tell.
 */
bool um_owner_readonly_note(const char *target, uid_t uid, char *buf,
			    size_t sz)
{
	struct statvfs vfs;
	struct stat st;
	char who[64];

	if (statvfs(target, &vfs) < 0 || !(vfs.f_flag & ST_RDONLY))
		return false;
	if (stat(target, &st) < 0 || st.st_uid == uid)
		return false;
	um_user_name(st.st_uid, who, sizeof(who));
	snprintf(buf, sz, "WARNING: source not yours (owned by %s), "
		 "mounted read-only", who);
	return true;
}

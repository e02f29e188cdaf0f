// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a mount command asks of the tree, read from its libmount context before
 * the mount: the policies (lib/policy-kernel-engine.c) and the newer options
 * (lib/xmount.c) must agree on it.
 */
#include <string.h>
#include <sys/mount.h>

#include "request.h"

static bool none(const char *s)
{
	return !s || strcmp(s, "none") == 0;
}

/*
 * A change of propagation alone ("mount --make-shared DIR"): no other
 * flag, no source and no type. "mount -t tmpfs -o shared x DIR" has the
 * same flags, but is a new mount, which libmount makes shared after it.
 */
bool um_request_propagation_only(struct libmnt_context *cxt,
				 unsigned long mflags)
{
	return (mflags & MS_PROPAGATION) &&
	       !(mflags & ~(MS_PROPAGATION | MS_REC | MS_SILENT)) &&
	       none(mnt_context_get_source(cxt)) &&
	       none(mnt_context_get_fstype(cxt));
}

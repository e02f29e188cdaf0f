// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The policy of mount(8) installed setuid (the admin's opt-in) on a kernel
 * with the series, run by an ordinary user: fstab's user, users, owner
 * and group lines keep meaning what they mean in util-linux, and the mount
 * is the caller's in the kernel's eyes.
 *
 * The series gives an ordinary user no right to mount a device, so such a
 * line needs root's rights, as without the series. What is decided is
 * the setuid mode's (lib/policy-setuid.c): libmount's restricted context
 * applies the classic fstab policy with the caller's rights, the source
 * and the mountpoint are the fixed ones fstab names, the options those of
 * the setuid column, and anything else gives the rights up, here by
 * running again as the caller in the kernel mode (lib/mode.c). What is
 * made is an admin's --setuser=CALLER (lib/policy-kernel-handover.c):
 * the mountpoint and a bind's source pinned with her rights, the mount
 * made detached by root, in a root child out of her reach
 * (lib/setuid-rootchild.c), with the flags libmount gives a user line
 * (nosuid, nodev, noexec unless the line says otherwise), given its owner
 * and attached; then the owner is read back by the mount's id (the kernel
 * mode's verify). So her umount needs no rights: the kernel lets an owner
 * unmount her mount, and no user= line of root's is written to utab, which
 * only a setuid umount would read.
 *
 * Where util-linux differs: a "users" line lets any user mount it, but
 * only the one who mounted it (and root) unmount it, as the kernel
 * records one owner; and an administrator's mount for a user is counted
 * against her user.max_user_mounts but not refused by it (the series'
 * rule for root's mounts), so fstab's lines bound what she adds.
 */
#include "policy-kernel.h"
#include "policy-setuid.h"
#include "policy-setuid-owned.h"
#include "setuid-rules.h"

/*
 * After fstab: the setuid mode's fixed source, then the line's mount as
 * one root makes for her. A line that a mount.TYPE helper mounts
 * (fuse.sshfs, nfs) stays the helper's, which runs as the caller: the
 * run starts again as hers, in the kernel mode, as without the opt-in.
 * 0 or an exit code.
 */
int um_policy_setuid_owned_check(struct libmnt_context *cxt,
				 struct um_mount *m)
{
	if (m->may_retry && um_setuid_helper_possible(cxt, "mount")) {
		m->retry = true;
		return MNT_EX_FAIL;	/* not reported: the caller tries */
	}
	return um_policy_setuid_check(cxt, m) ?:
	       um_policy_kernel_check_caller(cxt, m);
}

/*
 * Before libmount prepares: its mount.TYPE helpers and its own mount(2)
 * are not used (the kernel mode's prepare), nor is utab: the kernel
 * records the owner.
 */
void um_policy_setuid_owned_prepare(struct libmnt_context *cxt,
				    struct um_mount *m)
{
	um_policy_kernel_prepare(cxt, m);
	mnt_context_disable_mtab(cxt, 1);
}

/*
 * libmount's prepare, with the setuid mode's fixed mountpoint; then the
 * flags fstab's policy implies for the line are the mount's. 0 or an
 * exit code.
 */
int um_policy_setuid_owned_prepare_mount(struct libmnt_context *cxt,
					 struct um_mount *m)
{
	int stop = um_policy_setuid_prepare_mount(cxt, m);

	if (!stop && !m->status)
		um_policy_kernel_caller_prepared(cxt, m);
	return stop;
}

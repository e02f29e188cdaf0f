/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel ABI of the "mount ownership and unprivileged mount syscall"
 * series (v6), in the one place usermount defines it.
 *
 * The bits are 26 and 27, which name internal superblock flags that
 * mount(2) never forwards: other kernels ignore them, so the series is
 * detected by its sysctls, and an owner asked for is checked in
 * mountinfo.  (The 2008 series used 24 and 25, MS_STRICTATIME and
 * MS_LAZYTIME since: a kernel with those values makes today's strictatime
 * and lazytime mounts owned or nomnt.)
 */
#ifndef USERMOUNT_ABI_H
#define USERMOUNT_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef UM_MS_SETUSER_VALUE
#define UM_MS_SETUSER UM_MS_SETUSER_VALUE
#else
#define UM_MS_SETUSER (1UL << 26) /* record the caller's fsuid as owner */
#endif

#ifdef UM_MS_NOMNT_VALUE
#define UM_MS_NOMNT UM_MS_NOMNT_VALUE
#else
#define UM_MS_NOMNT (1UL << 27) /* no unprivileged submounts below */
#endif

/*
 * mount_setattr(2)'s attribute that gives the top of a detached tree an
 * owner, the caller's fsuid (kernel/6.12/0037, kernel/6.1/0034:
 * provisional, a high bit). Another kernel refuses the bit (EINVAL).
 * Overridable as the two above (tests/vm/mount-otherbits: a kernel that
 * knows none of usermount's values).
 */
#ifdef UM_MOUNT_ATTR_SETUSER_VALUE
#define UM_MOUNT_ATTR_SETUSER UM_MOUNT_ATTR_SETUSER_VALUE
#else
#define UM_MOUNT_ATTR_SETUSER 0x80000000ULL
#endif

/* Present only on a kernel with the series. */
#define UM_SYSCTL_NR_USER_MOUNTS "/proc/sys/fs/nr_user_mounts"
#define UM_SYSCTL_MAX_USER_MOUNTS "/proc/sys/fs/max_user_mounts"
#define UM_SYSCTL_MAX_NAME "fs.max_user_mounts"
/* Mounts each uid may own, per user namespace (ucounts). */
#define UM_SYSCTL_MAX_PER_USER "/proc/sys/user/max_user_mounts"
#define UM_SYSCTL_MAX_PER_USER_NAME "user.max_user_mounts"

/* Words the kernel prints among a mount's options. */
#define UM_OPT_OWNER "user"	/* user=UID, printed by the kernel */
#define UM_OPT_NOMNT "nomnt"

/* Mount option words only usermount understands; never reach the kernel. */
#define UM_OPT_SETUSER "setuser"

/* Filesystem types the series marks FS_SAFE (fs/fuse/inode.c). */
#define UM_SAFE_FSTYPE "fuse"

/*
 * statmount(2) (Linux 6.8), as far as usermount asks it: the 6.12 layout,
 * which the system's headers (6.1) do not have, with the series' owner
 * (kernel/6.12/0025: the last spare word but one, and a high mask bit,
 * both provisional ABI). A kernel without 0025 leaves the bit unset in
 * the answer: that, not the kernel's version, says whether it knows
 * owners.
 */
#ifndef SYS_statmount
#define SYS_statmount 457
#endif
#define UM_STATX_MNT_ID_UNIQUE 0x00004000U	/* the 64-bit mount ID */
#define UM_STATMOUNT_MNT_BASIC 0x00000002U	/* mnt_id_old, mnt_attr */
#define UM_STATMOUNT_MNT_OWNER 0x80000000U	/* mnt_owner (the series) */
#define UM_STATMOUNT_NO_OWNER 0xffffffffU	/* mnt_owner: none */
#define UM_MOUNT_ATTR_NOMNT 0x40000000ULL	/* mnt_attr: nomnt (reported) */

struct um_mnt_id_req {
	uint32_t size;		/* 24: the first version */
	uint32_t spare;
	uint64_t mnt_id;	/* the unique ID, as statx gives it */
	uint64_t param;		/* the mask asked for */
};

struct um_statmount {
	uint32_t size;
	uint32_t mnt_opts;
	uint64_t mask;		/* what the kernel filled in */
	uint32_t sb_dev_major, sb_dev_minor;
	uint64_t sb_magic;
	uint32_t sb_flags, fs_type;
	uint64_t mnt_id, mnt_parent_id;
	uint32_t mnt_id_old;	/* mountinfo's ID */
	uint32_t mnt_parent_id_old;
	uint64_t mnt_attr;	/* MOUNT_ATTR_* */
	uint64_t mnt_propagation, mnt_peer_group, mnt_master;
	uint64_t propagate_from;
	uint32_t mnt_root, mnt_point;
	uint64_t mnt_ns_id;
	uint64_t spare2[48];
	uint32_t mnt_owner;	/* the series: in the caller's namespace */
	uint32_t spare3;
};
_Static_assert(sizeof(struct um_statmount) == 512, "statmount's size");
_Static_assert(offsetof(struct um_statmount, mnt_attr) == 64, "mnt_attr");
_Static_assert(offsetof(struct um_statmount, mnt_owner) == 504, "mnt_owner");

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel ABI of the "mount ownership and unprivileged mount syscall"
 * series (v6), in the one place usermount defines it.
 *
 * On kernels without the series, bits 24 and 25 of mount(2)'s flags are
 * MS_STRICTATIME and MS_LAZYTIME: never pass UM_MS_SETUSER or UM_MS_NOMNT
 * unless um_kernel_has_ownership() says the series is there.
 */
#ifndef USERMOUNT_ABI_H
#define USERMOUNT_ABI_H

#ifdef UM_MS_SETUSER_VALUE
#define UM_MS_SETUSER UM_MS_SETUSER_VALUE
#else
#define UM_MS_SETUSER (1UL << 24) /* record the caller's fsuid as owner */
#endif

#ifdef UM_MS_NOMNT_VALUE
#define UM_MS_NOMNT UM_MS_NOMNT_VALUE
#else
#define UM_MS_NOMNT (1UL << 25) /* no unprivileged submounts below */
#endif

/* Present only on a kernel with the series. */
#define UM_SYSCTL_NR_USER_MOUNTS "/proc/sys/fs/nr_user_mounts"
#define UM_SYSCTL_MAX_USER_MOUNTS "/proc/sys/fs/max_user_mounts"
#define UM_SYSCTL_MAX_NAME "fs.max_user_mounts"

/* Words the kernel prints among a mount's options. */
#define UM_OPT_OWNER "user"	/* user=UID, printed by the kernel */
#define UM_OPT_NOMNT "nomnt"

/* Mount option words only usermount understands; never reach the kernel. */
#define UM_OPT_SETUSER "setuser"

/* Filesystem types the series marks FS_SAFE (fs/fuse/inode.c). */
#define UM_SAFE_FSTYPE "fuse"

#endif

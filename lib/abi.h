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

#endif

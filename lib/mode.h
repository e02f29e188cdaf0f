/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_MODE_H
#define USERMOUNT_MODE_H

/*
 * Which rules apply to this run, decided once by um_mode_start() before
 * anything else; mount and umount then ask the mode's policy file
 * (lib/kernel-mode.c, lib/legacy.c) at each step.
 */
enum um_mode {
	UM_MODE_PLAIN,	/* root, or no setuid rights: libmount as util-linux */
	UM_MODE_KERNEL,	/* the kernel has the ownership series and judges */
	UM_MODE_SETUID,	/* no series, setuid caller: the classic fstab policy */
};

enum um_mode um_mode_start(char **argv);
void um_mode_give_up_setuid(enum um_mode *mode);

#endif

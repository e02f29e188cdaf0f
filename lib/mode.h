/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_MODE_H
#define USERMOUNT_MODE_H

#include <stdbool.h>

/*
 * Which rules apply to this run, decided once by um_mode_start() before
 * anything else; mount and umount then ask the mode's policy file
 * (lib/policy.c, which hands each step to lib/policy-kernel.c or
 * lib/policy-setuid.c).
 */
enum um_mode {
	/* root, or a setuid run that gave its rights up: libmount as
	 * util-linux */
	UM_MODE_PLAIN,
	/* the kernel has the ownership series and judges */
	UM_MODE_KERNEL,
	/* no series, an ordinary user: the classic fstab policy. With the
	 * setuid bit or without (libmount's restricted context applies it
	 * to any ordinary user; without the bit, the kernel refuses) */
	UM_MODE_SETUID,
	/* the series, mount(8) installed setuid (opt-in), an ordinary user:
	 * the classic fstab policy decides a user line as in UM_MODE_SETUID,
	 * root makes the mount and the kernel records the caller as its
	 * owner (lib/policy-setuid-owned.c); anything else runs as the
	 * caller, in UM_MODE_KERNEL */
	UM_MODE_SETUID_OWNED,
};

enum um_mode um_mode_start(char **argv, bool fstab_lines);
void um_mode_give_up_setuid(enum um_mode *mode);

#endif

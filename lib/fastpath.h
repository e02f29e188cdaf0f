/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_FASTPATH_H
#define USERMOUNT_FASTPATH_H

/*
 * An owner's "umount DIR" and "mount --bind SRC DIR" at the cost of the
 * system call (lib/fastpath.c). Called first thing in main(): the exit
 * code (0, done), or UM_FAST_DECLINED, and the tool goes its full way.
 */
#define UM_FAST_DECLINED (-1)

int um_fast_umount(int argc, char **argv);
int um_fast_mount(int argc, char **argv);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_FASTPATH_H
#define USERMOUNT_FASTPATH_H

#include <stdbool.h>

/*
 * An owner's "umount DIR" and "mount --bind SRC DIR" at the cost of the
 * system call (lib/fastpath.c). Called first thing in main(): true, done
 * (exit 0); false, and the tool goes its full way, which also words any
 * refusal.
 */
bool um_fast_umount(int argc, char **argv);
bool um_fast_mount(int argc, char **argv);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A few macros for unit tests: each check prints one TAP line. */
#ifndef USERMOUNT_TAP_H
#define USERMOUNT_TAP_H

#include <stdio.h>

static int tap_n, tap_failed;

#define CHECK(cond, name)                                                    \
	do {                                                                 \
		tap_n++;                                                     \
		if (cond) {                                                  \
			printf("ok %d - %s\n", tap_n, name);                 \
		} else {                                                     \
			tap_failed++;                                        \
			printf("not ok %d - %s (%s:%d)\n", tap_n, name,      \
			       __FILE__, __LINE__);                          \
		}                                                            \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif

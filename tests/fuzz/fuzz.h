/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared by the libFuzzer targets: a checked invariant aborts, so that
 * libFuzzer records the input as a crash, and inputs are copied to heap
 * buffers of their exact size, so that AddressSanitizer sees any read past
 * the end.
 */
#ifndef USERMOUNT_FUZZ_H
#define USERMOUNT_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_ASSERT(cond)                                                    \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, "%s:%d: invariant failed: %s\n",     \
				__FILE__, __LINE__, #cond);                  \
			abort();                                             \
		}                                                            \
	} while (0)

/* @data as a C string (it ends at the first NUL byte, if any). */
static inline char *fuzz_str(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* Is anything in @s but printable ASCII (what the C locale prints)? */
static inline int fuzz_has_unprintable(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			return 1;
	return 0;
}

#endif

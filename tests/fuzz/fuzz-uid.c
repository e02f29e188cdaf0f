// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * um_parse_uid() over any bytes. It may accept only what the kernel would
 * print for a uid: the canonical decimal form, which snprintf gives back
 * byte for byte, and never (uid_t)-1; and it must accept every such form.
 */
#include <errno.h>
#include <sys/types.h>

#include "owner.h"
#include "fuzz.h"

/*
 * Is @s (@len bytes) a uid as "%llu" prints one, below (uid_t)-1? Decided
 * by strtoull and a print back, not by the parser's own digit loop.
 */
static int canonical(const char *s, size_t len)
{
	char *copy, back[24];
	unsigned long long v;
	int ok = 0;

	if (len == 0 || len > 10)
		return 0;
	copy = strndup(s, len);
	if (!copy)
		abort();
	if (strlen(copy) == len && strspn(copy, "0123456789") == len) {
		v = strtoull(copy, NULL, 10);
		snprintf(back, sizeof(back), "%llu", v);
		ok = v < (uid_t)-1 && strcmp(back, copy) == 0;
	}
	free(copy);
	return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* exactly @size bytes, no NUL after them: the parser gets a length */
	char *s = malloc(size ? size : 1), back[16];
	uid_t uid = 77;
	int rc;

	if (!s)
		abort();
	memcpy(s, data, size);
	rc = um_parse_uid(s, size, &uid);
	FUZZ_ASSERT(rc == 0 || rc == -EINVAL);
	FUZZ_ASSERT((rc == 0) == canonical(s, size));
	if (rc == 0) {
		FUZZ_ASSERT(uid != (uid_t)-1);
		snprintf(back, sizeof(back), "%u", (unsigned)uid);
		FUZZ_ASSERT(strlen(back) == size && !memcmp(back, s, size));
	} else {
		FUZZ_ASSERT(uid == 77);	/* a refusal leaves *uid alone */
	}
	free(s);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listing's masking (lib/printable.c) over any bytes, in the C locale
 * and in C.UTF-8. Invariants: the output decodes (\xHH to a byte, any
 * other character as itself) to exactly the input, so the escapes are
 * unambiguous; in C it is printable ASCII only; in C.UTF-8 it is valid
 * UTF-8 of printable characters only: no C0, DEL or C1 control, raw or
 * encoded, ever reaches a terminal, and no bidi control, zero-width
 * character or mark (Cf, Mn, Me: row 40) either.
 */
#include <locale.h>
#include <wchar.h>
#include <wctype.h>

#include "printable.h"
#include "fuzz.h"

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* The output decoded back; FUZZ_ASSERTs that every escape is whole. */
static char *decode(const char *out, size_t len)
{
	char *s = malloc(len + 1), *d = s;
	size_t i;

	if (!s)
		abort();
	for (i = 0; i < len; i++) {
		if (out[i] == '\\' && i + 1 < len && out[i + 1] == 'x') {
			FUZZ_ASSERT(i + 3 < len);
			FUZZ_ASSERT(hexval(out[i + 2]) >= 0 &&
				    hexval(out[i + 3]) >= 0);
			*d++ = (char)(hexval(out[i + 2]) * 16 +
				      hexval(out[i + 3]));
			i += 3;
		} else {
			*d++ = out[i];
		}
	}
	*d = '\0';
	return s;
}

/*
 * The bidi and zero-width controls row 40 names, listed apart from
 * lib/printable-table.h: whatever that table holds, these never pass.
 */
static int is_named_control(wchar_t wc)
{
	return (wc >= 0x202a && wc <= 0x202e) ||
	       (wc >= 0x2066 && wc <= 0x2069) ||
	       (wc >= 0x200b && wc <= 0x200f) ||
	       (wc >= 0x2060 && wc <= 0x2064) || wc == 0xfeff || wc == 0x061c;
}

static void check_printable(const char *out, size_t len, int utf8)
{
	mbstate_t st;
	size_t i, n;
	wchar_t wc;

	memset(&st, 0, sizeof(st));
	for (i = 0; i < len; i += n) {
		if (!utf8) {
			FUZZ_ASSERT(out[i] >= 0x20 && out[i] < 0x7f);
			n = 1;
			continue;
		}
		n = mbrtowc(&wc, out + i, len - i, &st);
		FUZZ_ASSERT(n != (size_t)-1 && n != (size_t)-2 && n != 0);
		FUZZ_ASSERT(iswprint((wint_t)wc));
		FUZZ_ASSERT(!(wc >= 0x80 && wc < 0xa0));
		FUZZ_ASSERT(!is_named_control(wc));
		FUZZ_ASSERT(!um_is_invisible(wc));
	}
}

static void run(const char *in, int utf8)
{
	char *out = NULL, *back;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	if (!f)
		abort();
	um_put_printable(in, f);
	FUZZ_ASSERT(fclose(f) == 0);
	check_printable(out, len, utf8);
	back = decode(out, len);
	FUZZ_ASSERT(strcmp(back, in) == 0);
	free(back);
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = fuzz_str(data, size);

	FUZZ_ASSERT(setlocale(LC_CTYPE, "C"));
	run(in, 0);
	FUZZ_ASSERT(setlocale(LC_CTYPE, "C.UTF-8"));
	run(in, 1);
	free(in);
	return 0;
}

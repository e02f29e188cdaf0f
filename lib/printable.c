// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Names as they may reach a terminal.
 *
 * Any user picks a mountpoint's name and a FUSE server its source and
 * subtype. Masking only the C0 controls (as util-linux does) still lets
 * U+009B or U+009D, or raw bytes 0x80-0x9f that a terminal reads as C1
 * CSI or OSC, through. Here every character the current locale does not
 * call printable (mbrtowc, iswprint), and every byte of an invalid
 * sequence, is written as \xHH per byte. A backslash that would read as
 * the start of such an escape is itself written \x5c, so the output
 * decodes to one name only; any other backslash stays as it is, as in
 * util-linux's listing. The messages print names the same way (below).
 *
 * iswprint() also passes characters a terminal draws as nothing, over
 * their neighbour, or as an instruction to reorder the text around them:
 * "n7-rlo<U+202E>gpj.exe" shows as "n7-rloexe.jpg" (right-to-left
 * override), and U+200B hides in any name. So Unicode's format characters
 * (Cf) and nonspacing and enclosing marks (Mn, Me) are escaped as well
 * (row 40 of tests/security/README). Their ranges are a table here
 * (lib/printable-table.h): glibc's wctype has no query for a character's
 * category, and libmount has none either. Every Mn is escaped, the vowel
 * signs and points of Devanagari or Hebrew names too: a mark is drawn on
 * whatever comes before it, and which marks are harmless there depends
 * on the font, not on anything the listing can check.
 */
#include <err.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "lazymount.h"
#include "printable.h"
#include "printable-table.h"

/* The table is of code points: wchar_t must hold them (glibc, musl). */
#ifndef __STDC_ISO_10646__
#error "wchar_t is not ISO 10646: lib/printable-table.h does not apply"
#endif

static void put_escaped(const char *p, size_t n, FILE *out)
{
	static const char hex[] = "0123456789abcdef";

	for (; n; n--, p++) {
		unsigned char c = (unsigned char)*p;

		putc_unlocked('\\', out);
		putc_unlocked('x', out);
		putc_unlocked(hex[c >> 4], out);
		putc_unlocked(hex[c & 0xf], out);
	}
}

static int cmp_range(const void *key, const void *elem)
{
	uint32_t cp = *(const uint32_t *)key;
	const struct cp_range *r = elem;

	if (cp < r->first)
		return -1;
	return cp > r->last;
}

bool um_is_invisible(wchar_t wc)
{
	uint32_t cp = (uint32_t)wc;

	return bsearch(&cp, invisible, sizeof(invisible) / sizeof(*invisible),
		       sizeof(*invisible), cmp_range) != NULL;
}

/*
 * How long the printable character at @p is (at most @left bytes), or 0
 * if the @n bytes there must be escaped.
 */
static size_t printable_len(const char *p, size_t left, size_t *n)
{
	unsigned char c = (unsigned char)*p;
	mbstate_t st;
	wchar_t wc;
	size_t len;

	*n = 1;
	if (c < 0x80) {
		if (c < 0x20 || c == 0x7f || (c == '\\' && p[1] == 'x'))
			return 0;
		return 1;
	}
	memset(&st, 0, sizeof(st));
	len = mbrtowc(&wc, p, left, &st);
	if (len == (size_t)-1 || len == (size_t)-2 || len == 0)
		return 0;	/* invalid or cut short: this byte alone */
	if (!iswprint((wint_t)wc) || um_is_invisible(wc)) {
		*n = len;	/* a whole character not to print as it is */
		return 0;
	}
	return len;
}

/*
 * How many bytes at @p are printable ASCII other than a backslash: what
 * printable_len() says of each, found without its calls, since they are
 * nearly all there is (a listing's time is mostly here: bench/).
 */
static size_t plain_run(const char *p)
{
	const char *q = p;

	while ((unsigned char)*q >= 0x20 && (unsigned char)*q < 0x7f &&
	       *q != '\\')
		q++;
	return (size_t)(q - p);
}

void um_put_printable(const char *s, FILE *out)
{
	size_t left = strlen(s), len, n;
	const char *p = s, *run = s;

	while (left) {
		len = plain_run(p);
		if (len) {
			p += len;
			left -= len;
			continue;
		}
		len = printable_len(p, left, &n);
		if (len) {
			p += len;
			left -= len;
			continue;
		}
		fwrite_unlocked(run, 1, (size_t)(p - run), out);
		put_escaped(p, n, out);
		p += n;
		left -= n;
		run = p;
	}
	fwrite_unlocked(run, 1, (size_t)(p - run), out);
}

/*
 * @s as um_put_printable() writes it, in a string for messages, so that
 * they print a name as the listing does: on one line, without terminal
 * controls. NULL for NULL; the caller frees it. Out of memory ends the
 * program: printing the name raw instead is what this prevents.
 */
char *um_printable(const char *s)
{
	char *buf = NULL;
	size_t len;
	FILE *f;

	if (!s)
		return NULL;
	f = open_memstream(&buf, &len);
	if (!f)
		err(MNT_EX_SYSERR, "out of memory");
	um_put_printable(s, f);
	if (fclose(f) != 0)
		err(MNT_EX_SYSERR, "out of memory");
	return buf;
}

/*
 * util-linux's "mount: NAME: MESSAGE." with both printable: a message may
 * quote names too (a mountpoint, a source, an option).
 */
void um_warnx_printable(const char *name, const char *msg)
{
	char *n = um_printable(name), *m = um_printable(msg);

	warnx("%s: %s.", n, m);
	free(n);
	free(m);
}

/* -v's "%-25s: what" line of mount -a and umount -a, @target printable */
void um_print_entry(const char *target, const char *fmt, ...)
{
	char *t = um_printable(target);
	va_list ap;

	printf("%-25s: ", t ? t : "(null)");
	free(t);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The text of /proc/self/mountinfo: its space-separated fields and the
 * kernel's octal escapes. mount's listing and mount -a's index read the
 * file as text, not through libmount's table (bench/ has why); they share
 * these helpers so that one escape rule serves both, and tests/fuzz/ checks
 * it against libmount's.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mountinfo.h"

/* The target field (5th) of a line, as the kernel wrote it (escaped). */
const char *um_mi_target(const char *line, size_t *len)
{
	const char *p = line, *end;
	int i;

	for (i = 0; i < 4; i++) {
		p = strchr(p, ' ');
		if (!p)
			return NULL;
		p++;
	}
	end = strchr(p, ' ');
	*len = end ? (size_t)(end - p) : strlen(p);
	return p;
}

static int is_octal(char c)
{
	return c >= '0' && c <= '7';
}

/*
 * Decode *@r up to a space (or, with @tab_ends, a tab too) or its end into
 * @w, which may be *@r itself: the kernel writes \ooo for space, tab,
 * newline and backslash; any backslash with three octal digits is decoded,
 * as libmount's unmangle() does, which is the exact inverse. *@r is left
 * where it stopped; returns the length written (no NUL is added).
 */
size_t um_mi_decode(const char **r, char *w, bool tab_ends)
{
	const char *p = *r;
	char *w0 = w;
	size_t n;

	for (;;) {
		/* the plain run up to the next stop or backslash, at once:
		 * this is most of the listing's own time (bench/) */
		n = strcspn(p, tab_ends ? " \t\\" : " \\");
		if (w != p)
			memmove(w, p, n);
		w += n;
		p += n;
		if (*p != '\\')
			break;
		if (is_octal(p[1]) && is_octal(p[2]) && is_octal(p[3])) {
			*w++ = (char)(64 * (p[1] - '0') + 8 * (p[2] - '0') +
				      (p[3] - '0'));
			p += 4;
		} else {
			*w++ = *p++;
		}
	}
	*r = p;
	return (size_t)(w - w0);
}

/*
 * Cut the next space-separated field out of *@s and decode its octal
 * escapes in place. NULL when no field is left.
 */
char *um_mi_field(char **s)
{
	char *start = *s;
	const char *r = start;
	size_t n;

	if (!start || !*start)
		return NULL;
	n = um_mi_decode(&r, start, false);
	*s = (char *)(*r ? r + 1 : r);
	start[n] = '\0';
	return start;
}

/* @path escaped as the kernel escapes mountpoints (space, tab, nl, \). */
char *um_mi_mangle(const char *path)
{
	char *res = malloc(strlen(path) * 4 + 1), *w = res;

	if (!res)
		return NULL;
	for (; *path; path++) {
		if (strchr(" \t\n\\", *path))
			w += sprintf(w, "\\%03o", (unsigned char)*path);
		else
			*w++ = *path;
	}
	*w = '\0';
	return res;
}

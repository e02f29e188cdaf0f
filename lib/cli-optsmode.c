// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How mount combines the options of an fstab or mtab entry with those of
 * the command line: util-linux's words for libmount's options mode.
 *
 * libmount decides everything (mnt_context_set_optsmode()); this file
 * only reads the words, with util-linux 2.38.1's rules for what is a bad
 * word, so that the same command lines are refused.
 */
#include <errno.h>
#include <string.h>

#include "lazymount.h"
#include "cli-optsmode.h"

/* The words, NULL-ended; the shell completion lists them from here. */
const struct um_optsmode_word um_optsmode_modes[] = {
	{ "ignore", MNT_OMODE_IGNORE },
	{ "append", MNT_OMODE_APPEND },
	{ "prepend", MNT_OMODE_PREPEND },
	{ "replace", MNT_OMODE_REPLACE },
	{ NULL, 0 },
};

const struct um_optsmode_word um_optsmode_sources[] = {
	{ "fstab", MNT_OMODE_FSTAB },
	{ "mtab", MNT_OMODE_MTAB },
	{ "disable", MNT_OMODE_NOTAB },
	{ NULL, 0 },
};

/* The bits of the @n bytes at @s among @words, or -EINVAL. */
static int lookup(const struct um_optsmode_word *words, const char *s,
		  size_t n)
{
	for (; words->name; words++)
		if (strlen(words->name) == n &&
		    strncmp(words->name, s, n) == 0)
			return words->bits;
	return -EINVAL;
}

/* --options-mode WORD: the last one given counts. 0 or -EINVAL. */
int um_optsmode_set_mode(struct um_optsmode *o, const char *word)
{
	int bits = lookup(um_optsmode_modes, word, strlen(word));

	if (bits < 0)
		return bits;
	o->mode = bits;
	return 0;
}

/*
 * --options-source LIST: comma-separated words; the last list given
 * counts. An empty list is no list (the default applies), and an empty
 * word inside one is an error, as in util-linux: ",fstab", "fstab,,mtab"
 * and "fstab," are refused. 0 or -EINVAL.
 */
int um_optsmode_set_source(struct um_optsmode *o, const char *list)
{
	const char *p = list, *comma;
	int bits = 0, b;
	size_t n;

	while (*p) {
		comma = strchr(p, ',');
		n = comma ? (size_t)(comma - p) : strlen(p);
		/* a trailing comma makes the last word "word," */
		if (comma && comma[1] == '\0')
			n++;
		b = lookup(um_optsmode_sources, p, n);
		if (b < 0)
			return b;
		bits |= b;
		p += n;
		if (*p == ',')
			p++;
	}
	o->source = bits;
	return 0;
}

/*
 * What to hand to mnt_context_set_optsmode(), or 0 to leave libmount's
 * default (MNT_OMODE_AUTO). Once any of the three is given, an unnamed
 * mode is "prepend" and an unnamed source "fstab,mtab".
 */
int um_optsmode_bits(const struct um_optsmode *o)
{
	int bits = o->mode | o->source | (o->force ? MNT_OMODE_FORCE : 0);

	if (!bits)
		return 0;
	if (!o->mode)
		bits |= MNT_OMODE_PREPEND;
	if (!o->source)
		bits |= MNT_OMODE_FSTAB | MNT_OMODE_MTAB;
	return bits;
}

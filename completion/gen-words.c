// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Print the option words of mount's or umount's option table as bash
 * arrays, for the shell completion (completion/usermount.bash.in).
 *
 * The completion must offer the options --help lists, from the same table,
 * not from a second list kept by hand. The tables are static in the files
 * that read the command line (mount/args.c, umount/umount.c), so this
 * program is built with that file included below, a main in it renamed:
 * it reads the very array getopt and --help are made from. Parsing "mount --help" at build or completion
 * time would depend on the help layout, and a hidden option would put a
 * completion-only path into the installed programs; this adds nothing to
 * them.
 *
 * Built twice, with UM_TOOL_SOURCE naming that file and UM_TOOL its
 * command, and run at build time only; nothing here is installed.
 */
#define main um_tool_main
#include UM_TOOL_SOURCE
#undef main

#include <ctype.h>

/* Words go into bash source unquoted: allow only what option names use. */
static void check_word(const char *w)
{
	const char *p;

	for (p = w; *p; p++)
		if (!isalnum((unsigned char)*p) &&
		    *p != '-')
			errx(1, "option name \"%s\": unexpected character", w);
}

static void print_words(FILE *out, const char *tool,
			const struct um_option *opts)
{
	const struct um_option *o;
	char s[3] = "-?";

	/* what "-<TAB>" offers: each --help row once, by its long name */
	fprintf(out, "_usermount_%s_words=(", tool);
	for (o = opts; o->name || o->val; o++) {
		if (!um_option_listed(o))
			continue;
		if (o->name) {
			check_word(o->name);
			fprintf(out, " --%s", o->name);
		} else {
			s[1] = (char)o->val;
			check_word(s + 1);
			fprintf(out, " %s", s);
		}
	}
	fprintf(out, " )\n");
	/* every spelling that takes the next word as its argument */
	fprintf(out, "_usermount_%s_args=(", tool);
	for (o = opts; o->name || o->val; o++) {
		if (o->has_arg != required_argument)
			continue;
		if (o->val > 0 && o->val <= 0xff) {
			s[1] = (char)o->val;
			check_word(s + 1);
			fprintf(out, " %s", s);
		}
		if (o->name) {
			check_word(o->name);
			fprintf(out, " --%s", o->name);
		}
	}
	fprintf(out, " )\n");
}

int main(void)
{
	print_words(stdout, UM_TOOL, options);
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}

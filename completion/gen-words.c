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
 *
 * mount's also prints the words -o takes (UM_MOUNT_OPTION_WORDS), from
 * the tables the tools read them with: libmount's own maps (the kernel's
 * flags and the userspace words: user, users, owner, group, ...),
 * usermount's setuser and nomnt (lib/abi.h), the X-mount.* words
 * (lib/xmount-opts.c), and --options-mode's and --options-source's words
 * (lib/cli-optsmode.c).
 */
#define main um_tool_main
#include UM_TOOL_SOURCE
#undef main

#include <ctype.h>

#ifdef UM_MOUNT_OPTION_WORDS
#include "lib/abi.h"
#include "lib/cli-optsmode.h"
#include "lib/lazymount.h"
#include "lib/xmount-opts.h"
#endif

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

#ifdef UM_MOUNT_OPTION_WORDS
/* Mount option words go into bash source unquoted too. */
static void check_optword(const char *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)w[i]) && !strchr("-._=", w[i]))
			errx(1, "mount option \"%.*s\": unexpected character",
			     (int)n, w);
}

/*
 * One word: alone, or NAME= when it takes a value (@value '='), or both
 * when it may take one ('?').
 */
static void print_optword(FILE *out, const char *w, size_t n, char value)
{
	check_optword(w, n);
	if (value != '=')
		fprintf(out, " %.*s", (int)n, w);
	if (value)
		fprintf(out, " %.*s=", (int)n, w);
}

/* libmount's map: "NAME", "NAME=" and "NAME[=]"; prefixes ("x-") skipped */
static void print_optmap(FILE *out, const struct libmnt_optmap *m)
{
	size_t n;

	if (!m)
		errx(1, "libmount has no built-in option map");
	for (; m->name; m++) {
		if (m->mask & MNT_PREFIX)
			continue;
		n = strcspn(m->name, "[=");
		print_optword(out, m->name, n,
			      m->name[n] == '=' ? '=' :
			      m->name[n] == '[' ? '?' : 0);
	}
}

static void print_optsmode(FILE *out, const char *var,
			   const struct um_optsmode_word *w)
{
	fprintf(out, "_usermount_mount_%s=(", var);
	for (; w->name; w++) {
		check_word(w->name);
		fprintf(out, " %s", w->name);
	}
	fprintf(out, " )\n");
}

static void print_option_words(FILE *out)
{
	size_t i;

	fprintf(out, "_usermount_mount_optwords=(");
	print_optmap(out, mnt_get_builtin_optmap(MNT_LINUX_MAP));
	print_optmap(out, mnt_get_builtin_optmap(MNT_USERSPACE_MAP));
	/* setuser alone gives the mount to the caller */
	print_optword(out, UM_OPT_SETUSER, strlen(UM_OPT_SETUSER), '?');
	print_optword(out, UM_OPT_NOMNT, strlen(UM_OPT_NOMNT), 0);
	for (i = 0; i < UM_XM_COUNT; i++)
		print_optword(out, um_xmount_words[i].name,
			      strlen(um_xmount_words[i].name),
			      um_xmount_words[i].value);
	fprintf(out, " )\n");
	print_optsmode(out, "optsmodes", um_optsmode_modes);
	print_optsmode(out, "optssources", um_optsmode_sources);
}
#endif

int main(void)
{
	print_words(stdout, UM_TOOL, options);
#ifdef UM_MOUNT_OPTION_WORDS
	print_option_words(stdout);
#endif
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}

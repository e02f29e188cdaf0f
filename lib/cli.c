// SPDX-License-Identifier: GPL-2.0-or-later
/* getopt tables and --help text from one option table (see cli.h). */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lazymount.h"

#include "cli.h"
#include "help-ul.h"
#include "nls.h"

int um_getopt_init(struct um_getopt *g, const struct um_option *opts)
{
	size_t n = 0, i, nl = 0;
	char *s;

	while (opts[n].name || opts[n].val)
		n++;
	g->opts = opts;
	g->longopts = calloc(n + 1, sizeof(*g->longopts));
	g->shortopts = calloc(3 * n + 1, 1);
	if (!g->longopts || !g->shortopts) {
		um_getopt_free(g);
		return -ENOMEM;
	}
	/* GNU argument order, as util-linux: "mount DEV DIR -o ro" works */
	s = g->shortopts;
	for (i = 0; i < n; i++) {
		if (opts[i].val > 0 && opts[i].val <= 0xff &&
		    !strchr(g->shortopts, opts[i].val)) {
			*s++ = (char)opts[i].val;
			if (opts[i].has_arg == required_argument)
				*s++ = ':';
			else if (opts[i].has_arg == optional_argument) {
				*s++ = ':';
				*s++ = ':';
			}
		}
		if (opts[i].name) {
			g->longopts[nl].name = opts[i].name;
			g->longopts[nl].has_arg = opts[i].has_arg;
			g->longopts[nl].val = opts[i].val;
			nl++;
		}
	}
	return 0;
}

void um_getopt_free(struct um_getopt *g)
{
	free(g->longopts);
	free(g->shortopts);
	g->longopts = NULL;
	g->shortopts = NULL;
}

/*
 * The next option on the command line, as getopt_long() returns it, once
 * checked against the sets in @excl that may not go together (@seen: see
 * um_check_exclusive()); -1 after the last.
 */
int um_getopt_next(struct um_getopt *g, int argc, char **argv,
		   const um_excl_t *excl, int *seen)
{
	int c = getopt_long(argc, argv, g->shortopts, g->longopts, NULL);

	if (c != -1)
		um_check_exclusive(g->opts, excl, seen, c);
	return c;
}

/* The setuid column of option @c (from getopt); its first row says it. */
enum um_setuid_col um_option_setuid(const struct um_option *opts, int c)
{
	const struct um_option *o;

	for (o = opts; o->name || o->val; o++)
		if (o->val == c)
			return o->setuid;
	return UM_SETUID_DROPS;
}

/*
 * One --help row in util-linux's layout: the option column 25 wide, a
 * longer one on a line of its own. @help is usermount's own words; a
 * phrase that is util-linux's own ("display this help") comes from
 * util-linux's catalogue when usermount's has none.
 */
static void put_row(FILE *out, const char *left, const char *help)
{
	const char *t = _(help);

	if (t == help)
		t = UL_(help);
	if (strlen(left) < 25)
		fprintf(out, "%-25s%s\n", left, t);
	else
		fprintf(out, "%s\n%25s%s\n", left, "", t);
}

/*
 * A row for @word ("--all", "-s", "LABEL=<label>"): util-linux's line in
 * the user's language where util-linux has one (help-ul.h), else ours.
 */
void um_usage_row(FILE *out, const struct um_ul_help *ul, const char *word,
		  const char *left, const char *help)
{
	if (!um_ul_help_put(out, ul, word))
		put_row(out, left, help);
}

void um_usage_options(FILE *out, const struct um_option *opts,
		      const struct um_ul_help *ul)
{
	const struct um_option *o;
	char left[64], word[40];

	for (o = opts; o->name || o->val; o++) {
		int n = 0;

		if (!um_option_listed(o))
			continue;
		if (o->val > 0 && o->val <= 0xff)
			n = snprintf(left, sizeof(left), " -%c%s", o->val,
				     o->name ? "," : "");
		else
			n = snprintf(left, sizeof(left), "    ");
		if (o->name)
			n += snprintf(left + n, sizeof(left) - n, " --%s",
				      o->name);
		if (o->arg)
			snprintf(left + n, sizeof(left) - n,
				 o->has_arg == optional_argument ? "[=%s]" :
								   " %s",
				 o->arg);
		if (o->name)
			snprintf(word, sizeof(word), "--%s", o->name);
		else
			snprintf(word, sizeof(word), "-%c", o->val);
		um_usage_row(out, ul, word, left, o->help);
	}
}

/*
 * --help up to its options, util-linux's frame in util-linux's words:
 * @synopsis is util-linux's msgid for @prog's (the same words as
 * usermount's), @summary usermount's own line. Returns what
 * um_usage_options() and um_usage_row() translate with (help-ul.h).
 */
struct um_ul_help *um_usage_begin(const char *prog, const char *synopsis,
				  const char *summary)
{
	struct um_ul_help *ul = um_ul_help_load(prog);

	fputs(UL_("\nUsage:\n"), stdout);
	printf(UL_(synopsis), prog);
	printf("\n%s\n", _(summary));
	fputs(UL_("\nOptions:\n"), stdout);
	return ul;
}

/* --help's last line, naming manual page @man; the run ends there. */
void um_usage_end(struct um_ul_help *ul, const char *man)
{
	printf(UL_("\nFor more details see %s.\n"), man);
	um_ul_help_free(ul);
	exit(MNT_EX_SUCCESS);
}

/*
 * -N/--namespace takes a path or a PID; a PID names /proc/PID/ns/mnt.
 * Returns a string to free.
 */
char *um_ns_path(const char *arg)
{
	char *p = NULL;
	size_t i, n = strlen(arg);

	for (i = 0; i < n; i++)
		if (arg[i] < '0' || arg[i] > '9')
			break;
	if (n && i == n && n < 11) {
		if (asprintf(&p, "/proc/%s/ns/mnt", arg) < 0)
			return NULL;
		return p;
	}
	return strdup(arg);
}

/* -N NS: libmount works in that mount namespace (a PID or a path). */
void um_context_set_ns(struct libmnt_context *cxt, const char *arg)
{
	char *ns = um_ns_path(arg);

	if (!ns || mnt_context_set_target_ns(cxt, ns))
		err(MNT_EX_SYSERR, UL_("failed to set target namespace to %s"),
		    ns ? ns : arg);
	free(ns);
}

/*
 * The switches of struct um_cxt_common, once the program's own are set;
 * -N last, as each program did on its own.
 */
void um_context_set_common(struct libmnt_context *cxt,
			   const struct um_cxt_common *c)
{
	mnt_context_enable_fake(cxt, c->fake);
	mnt_context_enable_verbose(cxt, c->verbose);
	mnt_context_disable_mtab(cxt, c->nomtab);
	mnt_context_disable_canonicalize(cxt, c->nocanon);
	mnt_context_disable_helpers(cxt, c->nohelpers);
	if (c->ns)
		um_context_set_ns(cxt, c->ns);
}

void um_bad_usage(const char *msg)
{
	if (msg)
		warnx("%s", msg);
	fprintf(stderr, UL_("Try '%s --help' for more information.\n"),
		program_invocation_short_name);
	exit(MNT_EX_USAGE);
}

void um_print_version(void)
{
	const char *ver = NULL;

	mnt_get_library_version(&ver);
	printf("%s from %s (libmount %s)\n", program_invocation_short_name,
	       PACKAGE_STRING, ver);
	exit(MNT_EX_SUCCESS);
}

/* How --help names option @c: "--name", or "-c" for a short-only one. */
static void put_option_name(FILE *out, const struct um_option *opts, int c)
{
	for (; opts->val; opts++)
		if (opts->val == c && opts->name) {
			fprintf(out, " --%s", opts->name);
			return;
		}
	fprintf(out, " -%c", c);
}

/*
 * Options that may not go together, as util-linux refuses them: each row
 * of @excl a set of option values in ASCII order ended by 0, the rows in
 * the order of their first values, the table ended by an empty row;
 * @seen holds, per row, the first option of it given so far. A second,
 * different one of a row ends the run with util-linux's words.
 *
 * Like util-linux, the search stops at the first row whose first value
 * sorts after @c, and within a row after the first value above @c. Its
 * umount table lists {O, R, t} after {R, a}, so --test-opts is never
 * noted there and "umount -O x -R" goes ahead; the same table here gives
 * users the same answers.
 */
void um_check_exclusive(const struct um_option *opts, const um_excl_t *excl,
			int *seen, int c)
{
	const int *o;
	size_t r;

	for (r = 0; excl[r][0] && excl[r][0] <= c; r++) {
		for (o = excl[r]; *o && *o < c; o++)
			;
		if (*o != c)
			continue;
		if (!seen[r]) {
			seen[r] = c;
			continue;
		}
		if (seen[r] == c)
			continue;
		fprintf(stderr, UL_("%s: mutually exclusive arguments:"),
			program_invocation_short_name);
		for (o = excl[r]; *o; o++)
			put_option_name(stderr, opts, *o);
		fputc('\n', stderr);
		exit(MNT_EX_USAGE);
	}
}

/*
 * At exit: output that could not be written is an error, as in
 * util-linux ("write error", exit 1), except for a reader that went away
 * (EPIPE); a failing stderr only sets the exit code.
 */
static void close_stdout(void)
{
	errno = 0;
	if ((fflush(stdout) != 0 || ferror(stdout)) && errno != EPIPE) {
		if (errno)
			warn(UL_("write error"));
		else
			warnx(UL_("write error"));
		_exit(EXIT_FAILURE);
	}
	if (fflush(stderr) != 0 || ferror(stderr))
		_exit(EXIT_FAILURE);
}

void um_close_stdout_atexit(void)
{
	atexit(close_stdout);
}

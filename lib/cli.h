/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_CLI_H
#define USERMOUNT_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "nls.h"

/*
 * The setuid column: what an ordinary user's option does to a setuid run
 * (util-linux's "restricted" options, as libfuse's "safe" column). Left
 * out of a row it is UM_SETUID_DROPS: an option nobody vetted gives the
 * rights up.
 */
enum um_setuid_col {
	UM_SETUID_DROPS = 0,	/* the run goes on as the caller */
	UM_SETUID_KEEPS,	/* the fstab policy covers it */
	UM_SETUID_IGNORED,	/* it would only weaken the checks: ignored */
};

/*
 * One row per command-line option: getopt's tables, --help and the setuid
 * column are all made from it, so an option is described in one place.
 */
struct um_option {
	const char *name;	/* long name, or NULL for a short-only option */
	int has_arg;		/* no_argument, required_argument, ... */
	int val;		/* short letter, or an id above 0xff */
	const char *arg;	/* argument name for --help */
	const char *help;	/* N_(words); NULL: an alias, not listed */
	enum um_setuid_col setuid;	/* see above */
};

/*
 * Rows mount and umount share, word for word and column for column (as
 * util-linux's two programs do), written once so the tables cannot drift
 * apart. Each table keeps its own order: it is the order of --help. A row
 * that names its program takes its whole help text, so that xgettext
 * finds each program's sentence (N_, nls.h). "display this help" and
 * "display version" are util-linux's own phrases, from its catalogue.
 */
#define UM_OPTION_HELP \
	{ "help", no_argument, 'h', NULL, "display this help", \
	  UM_SETUID_KEEPS }
#define UM_OPTION_INTERNAL_ONLY(help) \
	{ "internal-only", no_argument, 'i', NULL, help, UM_SETUID_KEEPS }
#define UM_OPTION_NAMESPACE(help) \
	{ "namespace", required_argument, 'N', "<ns>", help, UM_SETUID_DROPS }
#define UM_OPTION_NO_MTAB \
	{ "no-mtab", no_argument, 'n', NULL, N_("do not write to utab"), \
	  UM_SETUID_DROPS }
#define UM_OPTION_TEST_OPTS \
	{ "test-opts", required_argument, 'O', "<list>", \
	  N_("limit the set of filesystems (use with -a)"), UM_SETUID_DROPS }
#define UM_OPTION_VERBOSE \
	{ "verbose", no_argument, 'v', NULL, N_("say what is being done"), \
	  UM_SETUID_KEEPS }
#define UM_OPTION_VERSION \
	{ "version", no_argument, 'V', NULL, "display version", \
	  UM_SETUID_KEEPS }
#define UM_OPTION_END \
	{ NULL, 0, 0, NULL, NULL, UM_SETUID_DROPS }

/* Rows without help text are aliases (--ro, --rw): not in --help, and not
 * offered by the shell completion either (completion/gen-words.c). */
static inline int um_option_listed(const struct um_option *o)
{
	return o->help != NULL;
}

struct um_getopt {
	struct option *longopts;
	char *shortopts;
	const struct um_option *opts;	/* the table they were made from */
};

/*
 * The switches both programs hand to each libmount context they make, as
 * util-linux's two do: --fake, -v, -n, -c, -i and -N.
 */
struct um_cxt_common {
	bool fake, verbose, nomtab, nocanon, nohelpers;
	const char *ns;		/* -N: a PID or a path */
};

/* Rows of options that may not go together (util-linux's "excl" tables). */
typedef int um_excl_t[4];

int um_getopt_init(struct um_getopt *g, const struct um_option *opts);
void um_getopt_free(struct um_getopt *g);
int um_getopt_next(struct um_getopt *g, int argc, char **argv,
		   const um_excl_t *excl, int *seen);
struct um_ul_help;
void um_usage_options(FILE *out, const struct um_option *opts,
		      const struct um_ul_help *ul);
void um_usage_row(FILE *out, const struct um_ul_help *ul, const char *word,
		  const char *left, const char *help);
struct um_ul_help *um_usage_begin(const char *prog, const char *synopsis,
				  const char *summary);
void __attribute__((__noreturn__)) um_usage_end(struct um_ul_help *ul,
						const char *man);
char *um_ns_path(const char *arg);
struct libmnt_context;
void um_context_set_ns(struct libmnt_context *cxt, const char *arg);
void um_context_set_common(struct libmnt_context *cxt,
			   const struct um_cxt_common *c);
void um_check_exclusive(const struct um_option *opts, const um_excl_t *excl,
			int *seen, int c);
enum um_setuid_col um_option_setuid(const struct um_option *opts, int c);
void um_close_stdout_atexit(void);
void __attribute__((__noreturn__)) um_bad_usage(const char *msg);
void __attribute__((__noreturn__)) um_print_version(void);

#endif

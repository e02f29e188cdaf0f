// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount(8)'s command line: the option table (getopt, --help, exclusive
 * options, the setuid column and the shell completion are all made from
 * it), the options into struct cli, and the operands into a source and a
 * target. Nothing here acts on the system: -T's files are read only once
 * the rights are settled (read_fstabs()).
 */
#include <ctype.h>
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mount.h"
#include "cli-optsmode.h"
#include "help-ul.h"
#include "nls.h"

enum {
	OPT_SETUSER = 0x100,
	OPT_SOURCE,
	OPT_TARGET,
	OPT_SHARED,
	OPT_SLAVE,
	OPT_PRIVATE,
	OPT_UNBINDABLE,
	OPT_RSHARED,
	OPT_RSLAVE,
	OPT_RPRIVATE,
	OPT_RUNBINDABLE,
	OPT_TARGET_PREFIX,
	OPT_OPTMODE,
	OPT_OPTSRC,
	OPT_OPTSRC_FORCE,
	OPT_ONLYONCE,
	OPT_MAP_USERS,
	OPT_MAP_GROUPS,
	OPT_OWNED,
};

/*
 * --make-shared and its kin: the option word after "make-" is the
 * propagation type (propagation_word()). Each help is a whole sentence,
 * so that a translator sees it.
 */
#define PROPAGATION(type, id, help) \
	{ "make-" type, no_argument, id, NULL, help, UM_SETUID_DROPS }

static const struct um_option options[] = {
	{ "all", no_argument, 'a', NULL, N_("mount all filesystems in fstab"),
	  UM_SETUID_DROPS },
	{ "bind", no_argument, 'B', NULL, N_("mount a subtree somewhere else"),
	  UM_SETUID_DROPS },
	{ "no-canonicalize", no_argument, 'c', NULL,
	  N_("do not canonicalize paths"), UM_SETUID_DROPS },
	{ "fake", no_argument, 'f', NULL, N_("dry run; skip the mount(2) call"),
	  UM_SETUID_DROPS },
	{ "fork", no_argument, 'F', NULL,
	  N_("one process for each mount (use with -a)"), UM_SETUID_DROPS },
	UM_OPTION_HELP,
	UM_OPTION_INTERNAL_ONLY(N_("do not call the mount.<type> helpers")),
	{ "show-labels", no_argument, 'l', NULL, N_("show filesystem labels"),
	  UM_SETUID_KEEPS },
	{ "label", required_argument, 'L', "<label>",
	  N_("synonym for LABEL=<label>"), UM_SETUID_KEEPS },
	{ "mkdir", optional_argument, 'm', "<mode>",
	  N_("make a missing mountpoint (-o X-mount.mkdir[=<mode>])"),
	  UM_SETUID_DROPS },
	{ "map-groups", required_argument, OPT_MAP_GROUPS,
	  "<inner>:<outer>:<count>", N_("add a GID map to an ID-mapped mount"),
	  UM_SETUID_DROPS },
	{ "map-users", required_argument, OPT_MAP_USERS,
	  "<inner>:<outer>:<count>|<nsfile>",
	  N_("add a UID map to an ID-mapped mount, or name its user namespace"),
	  UM_SETUID_DROPS },
	{ "move", no_argument, 'M', NULL, N_("move a subtree somewhere else"),
	  UM_SETUID_DROPS },
	UM_OPTION_NO_MTAB,
	UM_OPTION_NAMESPACE(N_("perform mount in another namespace")),
	{ "onlyonce", no_argument, OPT_ONLYONCE, NULL,
	  N_("refuse if the source is already mounted on the target"),
	  UM_SETUID_DROPS },
	{ "options", required_argument, 'o', "<list>",
	  N_("comma-separated list of mount options"), UM_SETUID_DROPS },
	{ "owned", optional_argument, OPT_OWNED, "<user>",
	  N_("list only the mounts <user> owns (default: you)"),
	  UM_SETUID_KEEPS },
	{ "options-mode", required_argument, OPT_OPTMODE, "<mode>",
	  N_("how to join fstab's options with -o's"), UM_SETUID_DROPS },
	{ "options-source", required_argument, OPT_OPTSRC, "<source>",
	  N_("where default options come from (fstab,mtab,disable)"),
	  UM_SETUID_DROPS },
	{ "options-source-force", no_argument, OPT_OPTSRC_FORCE, NULL,
	  N_("read fstab/mtab even with source and target given"),
	  UM_SETUID_DROPS },
	UM_OPTION_TEST_OPTS,
	{ "read-only", no_argument, 'r', NULL,
	  N_("mount the filesystem read-only"), UM_SETUID_KEEPS },
	{ "ro", no_argument, 'r', NULL, NULL,
	  UM_SETUID_KEEPS },
	{ "rbind", no_argument, 'R', NULL,
	  N_("mount a subtree and all submounts somewhere else"),
	  UM_SETUID_DROPS },
	{ NULL, no_argument, 's', NULL,
	  N_("tolerate sloppy mount options rather than failing"),
	  UM_SETUID_KEEPS },
	{ "source", required_argument, OPT_SOURCE, "<src>",
	  N_("explicitly specifies source (path, label, uuid)"),
	  UM_SETUID_KEEPS },
	{ "target", required_argument, OPT_TARGET, "<target>",
	  N_("explicitly specifies mountpoint"), UM_SETUID_KEEPS },
	{ "target-prefix", required_argument, OPT_TARGET_PREFIX, "<path>",
	  N_("put every mountpoint below <path>"), UM_SETUID_DROPS },
	{ "types", required_argument, 't', "<list>",
	  N_("limit the set of filesystem types"), UM_SETUID_KEEPS },
	{ "fstab", required_argument, 'T', "<path>",
	  N_("alternative file to /etc/fstab"), UM_SETUID_DROPS },
	{ "uuid", required_argument, 'U', "<uuid>",
	  N_("synonym for UUID=<uuid>"), UM_SETUID_KEEPS },
	UM_OPTION_VERBOSE,
	UM_OPTION_VERSION,
	{ "read-write", no_argument, 'w', NULL,
	  N_("mount the filesystem read-write (default)"), UM_SETUID_DROPS },
	{ "rw", no_argument, 'w', NULL, NULL,
	  UM_SETUID_DROPS },
	{ "setuser", optional_argument, OPT_SETUSER, "<user>",
	  N_("make the mount owned by <user> (default: you)"),
	  UM_SETUID_DROPS },
	PROPAGATION("shared", OPT_SHARED, N_("mark a subtree as shared")),
	PROPAGATION("slave", OPT_SLAVE, N_("mark a subtree as slave")),
	PROPAGATION("private", OPT_PRIVATE, N_("mark a subtree as private")),
	PROPAGATION("unbindable", OPT_UNBINDABLE,
		    N_("mark a subtree as unbindable")),
	PROPAGATION("rshared", OPT_RSHARED,
		    N_("recursively mark a whole subtree as shared")),
	PROPAGATION("rslave", OPT_RSLAVE,
		    N_("recursively mark a whole subtree as slave")),
	PROPAGATION("rprivate", OPT_RPRIVATE,
		    N_("recursively mark a whole subtree as private")),
	PROPAGATION("runbindable", OPT_RUNBINDABLE,
		    N_("recursively mark a whole subtree as unbindable")),
	UM_OPTION_END
};

/* Options util-linux refuses together, one set a row. */
static const um_excl_t exclusive[] = {
	{ 'B', 'M', 'R' },		/* --bind, --move, --rbind */
	{ 'L', 'U', OPT_SOURCE },	/* --label, --uuid, --source */
	{ 0 }
};

/* --make-shared stands for the option "shared", and so on. */
static const char *propagation_word(int id)
{
	const struct um_option *o;

	for (o = options; o->name || o->val; o++)
		if (o->val == id && o->name)
			return o->name + strlen("make-");
	abort();	/* every OPT_* propagation id has its row */
}

bool remounting(const char *optstr)
{
	return optstr && mnt_optstr_get_option(optstr, "remount", NULL,
					       NULL) == 0;
}

static void __attribute__((__noreturn__)) usage(const struct um_option *o)
{
	/* what may name a source, for --help */
	static const char *const sources[][2] = {
		{ "LABEL=<label>", N_("the filesystem with that label") },
		{ "UUID=<uuid>", N_("the filesystem with that UUID") },
		{ "PARTLABEL=<label>", N_("the partition with that name") },
		{ "PARTUUID=<uuid>", N_("the partition with that UUID") },
		{ "ID=<id>", N_("the device with that udev hardware ID") },
		{ "<device>", N_("the device at that path") },
		{ "<directory>", N_("what --bind or --rbind binds") },
		{ "<file>", N_("a regular file, on a loop device") },
	};
	struct um_ul_help *ul;
	char left[32];
	size_t i;

	/* util-linux's synopsis is usermount's, word for word */
	ul = um_usage_begin("mount",
		" %1$s [-lhV]\n"
		" %1$s -a [options]\n"
		" %1$s [options] [--source] <source> | [--target] <directory>\n"
		" %1$s [options] <source> <directory>\n"
		" %1$s <operation> <mountpoint> [<target>]\n",
		N_("Mount a filesystem; on a kernel with mount ownership, as "
		   "its owner."));
	um_usage_options(stdout, o, ul);
	printf("\n%s", um_ul_help_header(ul, "Source:\n"));
	for (i = 0; i < sizeof(sources) / sizeof(sources[0]); i++) {
		snprintf(left, sizeof(left), " %s", sources[i][0]);
		um_usage_row(stdout, ul, sources[i][0], left, sources[i][1]);
	}
	um_usage_end(ul, "mount(8)");
}

static void append_option(struct cli *cli, const char *opt)
{
	char *o;

	/* util-linux's guard: such a list would not parse as meant */
	if (*opt == '=' || *opt == '\'' || *opt == '"' ||
	    isblank((unsigned char)*opt))
		errx(MNT_EX_USAGE, UL_("unsupported option format: %s"), opt);
	o = strdup(opt);

	if (!o || um_ownopts_take(&o, &cli->own) < 0)
		errx(MNT_EX_USAGE, "bad usage: invalid setuser option");
	if (o && um_xopts_take_recursive(&o, &cli->rec) < 0)
		err(MNT_EX_SYSERR, "failed to append options");
	if (o && mnt_optstr_append_option(&cli->optstr, o, NULL) < 0)
		err(MNT_EX_SYSERR, "failed to append options");
	free(o);
}

static void set_tag(char **source, const char *tag, const char *val)
{
	if (*source)
		um_bad_usage(UL_("source specified more than once"));
	if (asprintf(source, "%s=\"%s\"", tag, val) < 0)
		err(MNT_EX_SYSERR, "out of memory");
}

static int table_parser_errcb(struct libmnt_table *tb __attribute__((unused)),
			      const char *filename, int line)
{
	if (filename)
		warnx(UL_("%s: parse error at line %d -- ignored"), filename, line);
	return 1;
}

/* -T PATH, kept until the rights are settled (read_fstabs()). */
static void defer_fstab(struct cli *cli, const char *path)
{
	const char **more;

	more = realloc(cli->fstab_paths, (cli->nfstab + 1) * sizeof(*more));
	if (!more)
		err(MNT_EX_SYSERR, "out of memory");
	more[cli->nfstab++] = path;
	cli->fstab_paths = more;
}

/* -T PATH: one more file (or directory of *.fstab files) instead of fstab. */
static void add_fstab(struct cli *cli, const char *path)
{
	char *names = NULL;

	if (!cli->fstab) {
		cli->fstab = mnt_new_table();
		if (!cli->fstab)
			err(MNT_EX_SYSERR, "out of memory");
		mnt_table_set_parser_errcb(cli->fstab, table_parser_errcb);
	}
	if (mnt_table_parse_fstab(cli->fstab, path))
		errx(MNT_EX_USAGE, UL_("%s: failed to parse"), path);
	/* for messages: the files searched, as given */
	if (asprintf(&names, "%s%s%s", cli->fstab_names ?: "",
		     cli->fstab_names ? ", " : "", path) < 0)
		err(MNT_EX_SYSERR, "out of memory");
	free(cli->fstab_names);
	cli->fstab_names = names;
}

/*
 * NAME="VALUE", quoted so that a comma in VALUE stays in it; NAME alone
 * for no value.
 */
static void append_quoted(struct cli *cli, const char *name,
			  const char *value)
{
	char *o = NULL;

	if (!value || !*value) {
		append_option(cli, name);
		return;
	}
	if (asprintf(&o, "%s=\"%s\"", name, value) < 0)
		err(MNT_EX_SYSERR, "out of memory");
	append_option(cli, o);
	free(o);
}

/*
 * --map-users and --map-groups, as util-linux 2.42 reads them: each
 * INNER:OUTER:COUNT adds a map; a path names a user namespace, alone.
 */
static void add_idmap(struct cli *cli, char type, const char *arg)
{
	char *more = NULL;

	if (*arg == '=')
		arg++;
	if (cli->idmap && (*cli->idmap == '/' || *arg == '/'))
		um_bad_usage(UL_("bad usage"));
	if (*arg == '/')
		more = strdup(arg);
	else if (asprintf(&more, "%s%s%c:%s", cli->idmap ?: "",
			  cli->idmap ? " " : "", type, arg) < 0)
		more = NULL;
	if (!more)
		err(MNT_EX_SYSERR, "out of memory");
	free(cli->idmap);
	cli->idmap = more;
}

/* -o LIST: "move" is no option to libmount (not from fstab), but -M. */
static void add_options(struct cli *cli, const char *list)
{
	char *o;

	if (mnt_optstr_get_option(list, "move", NULL, NULL) != 0) {
		append_option(cli, list);
		return;
	}
	o = strdup(list);
	mnt_optstr_remove_option(&o, "move");
	if (o && *o)
		append_option(cli, o);
	free(o);
	cli->oper = cli->move = true;
}

/* Switches that set a field and nothing else. */
static bool flag_option(struct cli *cli, int c, const char *arg)
{
	switch (c) {
	case 'a': cli->all = true; break;
	case 'c': cli->common.nocanon = true; break;
	case 'f': cli->common.fake = true; break;
	case 'F': cli->fork = true; break;
	case 'i': cli->common.nohelpers = true; break;
	case 'l': cli->show_labels = true; break;
	case 'n': cli->common.nomtab = true; break;
	case 's': cli->sloppy = true; break;
	case 'v': cli->common.verbose = true; break;
	case 'N': cli->common.ns = arg; break;
	case 'O': cli->optpattern = arg; break;
	case 't': cli->types = arg; break;
	case OPT_TARGET_PREFIX: cli->prefix = arg; break;
	case OPT_ONLYONCE: cli->onlyonce = true; break;
	default:
		return false;
	}
	return true;
}

/* What is done: the mount options, an operation, a propagation change. */
static bool operation_option(struct cli *cli, int c, const char *arg)
{
	switch (c) {
	case 'r':
		append_option(cli, "ro");
		cli->rwonly = 0;
		break;
	case 'w':
		append_option(cli, "rw");
		cli->rwonly = 1;
		break;
	case 'o': add_options(cli, arg); break;
	case 'B':
		cli->oper = true;
		append_option(cli, "bind");
		break;
	case 'R':
		cli->oper = true;
		append_option(cli, "rbind");
		break;
	case 'M': cli->oper = cli->move = true; break;
	default:
		if (c < OPT_SHARED || c > OPT_RUNBINDABLE)
			return false;
		append_option(cli, propagation_word(c));
		cli->propa = true;
	}
	return true;
}

/* What is mounted where: -L, -U, --source, --target; -T's fstab. */
static bool name_option(struct cli *cli, int c, const char *arg,
			char **source, char **target)
{
	switch (c) {
	case 'L': set_tag(source, "LABEL", arg); break;
	case 'U': set_tag(source, "UUID", arg); break;
	case OPT_SOURCE:
		if (*source)
			um_bad_usage(UL_("source specified more than once"));
		*source = strdup(arg);
		break;
	case OPT_TARGET: *target = strdup(arg); break;
	case 'T':
		defer_fstab(cli, arg);
		return true;
	default:
		return false;
	}
	cli->noswap = true;	/* named for what it is: no guessing */
	return true;
}

/* util-linux 2.39-2.42's newer options, and the series' --setuser. */
static bool newer_option(struct cli *cli, struct um_optsmode *omode, int c,
			 const char *arg)
{
	switch (c) {
	case 'm':
		/* -m=MODE as well as -mMODE and --mkdir=MODE */
		if (arg && *arg == '=')
			arg++;
		append_quoted(cli, um_xmount_words[UM_XM_MKDIR].name, arg);
		break;
	case OPT_OPTMODE:
		if (um_optsmode_set_mode(omode, arg) < 0)
			um_bad_usage(UL_("bad usage"));
		break;
	case OPT_OPTSRC:
		if (um_optsmode_set_source(omode, arg) < 0)
			um_bad_usage(UL_("bad usage"));
		break;
	case OPT_OPTSRC_FORCE: omode->force = true; break;
	case OPT_MAP_USERS:
	case OPT_MAP_GROUPS:
		add_idmap(cli, c == OPT_MAP_USERS ? 'u' : 'g', arg);
		break;
	case OPT_SETUSER:
		if (um_ownopts_set_user(&cli->own, arg) < 0)
			um_bad_usage(_("--setuser needs a user name"));
		break;
	case OPT_OWNED:
		cli->owned = true;
		if (um_owned_uid(arg, &cli->owned_uid) < 0)
			um_bad_usage(_("--owned: no such user"));
		break;
	default:
		return false;
	}
	return true;
}

/*
 * The options into @cli, and -L, -U, --source, --target into @source and
 * @target. The maps given become the option X-mount.idmap="...".
 */
void parse_args(struct cli *cli, int argc, char **argv, char **source,
		char **target)
{
	int seen[sizeof(exclusive) / sizeof(exclusive[0])] = { 0 };
	struct um_optsmode omode = { 0 };
	struct um_getopt g;
	int c;

	if (um_getopt_init(&g, options) < 0)
		err(MNT_EX_SYSERR, "out of memory");
	while ((c = um_getopt_next(&g, argc, argv, exclusive, seen)) != -1) {
		if (um_option_setuid(options, c) == UM_SETUID_DROPS)
			cli->uncovered = true;
		if (c == 'h')
			usage(options);
		if (c == 'V')
			um_print_version();
		if (!flag_option(cli, c, optarg) &&
		    !operation_option(cli, c, optarg) &&
		    !name_option(cli, c, optarg, source, target) &&
		    !newer_option(cli, &omode, c, optarg))
			um_bad_usage(NULL);
	}
	um_getopt_free(&g);
	cli->optsmode = um_optsmode_bits(&omode);
	if (cli->idmap)
		append_quoted(cli, um_xmount_words[UM_XM_IDMAP].name,
			      cli->idmap);
}

/*
 * -T's files, read with the rights the command line left (a setuid run
 * reads no file the caller names as root: -T is outside the column).
 */
void read_fstabs(struct cli *cli)
{
	size_t i;

	for (i = 0; i < cli->nfstab; i++)
		add_fstab(cli, cli->fstab_paths[i]);
	/*
	 * libmount looks a device or a tag up in the fstab it reads itself
	 * through the context's cache; -T's files need the cache given.
	 */
	if (cli->fstab && !cli->common.nocanon) {
		cli->cache = mnt_new_cache();
		if (!cli->cache)
			err(MNT_EX_SYSERR, "out of memory");
		mnt_table_set_cache(cli->fstab, cli->cache);
	}
}

/*
 * Does the setuid mode's fstab policy cover this command line? Only the
 * classic user mount of one fstab entry ("mount DIR", "mount DEV") with
 * the options of the setuid column (-t is there, as in
 * util-linux's list, but only lists: the listing needs no rights).
 * Anything else gives the rights up before any file is read, and the
 * kernel then judges the caller as who they are, as util-linux does.
 */
bool setuid_covered(const struct cli *cli, bool listing,
			   const char *source, const char *target)
{
	if (cli->uncovered || listing || cli->types)
		return false;
	/* a user names an fstab entry, not both of its paths */
	return !(source && target);
}

/*
 * The operands after the options: "mount DIR", "mount DEV", "mount SRC
 * DIR", each as util-linux reads them; bad usage ends the run.
 */
void place_args(const struct cli *cli, int argc, char **argv,
		       char **source, char **target)
{
	if (cli->oper && (cli->types || cli->all || *source))
		um_bad_usage(UL_("bad usage"));
	if (cli->all) {
		if (argc)
			um_bad_usage(UL_("bad usage"));
		return;
	}
	if (argc == 1 && !(*source && *target)) {
		if (mnt_tag_is_valid(argv[0]) && *source)
			errx(MNT_EX_USAGE, UL_("source specified more than once"));
		if (mnt_tag_is_valid(argv[0]) || *target)
			*source = strdup(argv[0]);
		else
			*target = strdup(argv[0]);
	} else if (argc == 2 && !*source && !*target) {
		*source = strdup(argv[0]);
		*target = strdup(argv[1]);
	} else if (argc != 0) {
		um_bad_usage(UL_("bad usage"));
	}
}

void free_cli(struct cli *cli)
{
	free(cli->optstr);
	free(cli->idmap);
	free(cli->fstab_names);
	free(cli->fstab_paths);
	um_ownopts_free(&cli->own);
	mnt_unref_table(cli->fstab);
	mnt_unref_cache(cli->cache);
}

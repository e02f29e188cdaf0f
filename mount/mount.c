// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount(8) for kernels that know who owns a mount.
 *
 * A thin command line over the libmount context. Which rules apply is
 * decided once, at the start (lib/mode.c), and each mount goes through the
 * same steps: fstab, options, check, prepare, execute, finalize, report.
 * At each step the mode's policy has its say:
 *  - kernel ownership (lib/policy-kernel.c): the kernel decides; usermount
 *    makes the mount(2) that carries the owner and nomnt, reads back what
 *    the kernel recorded, and explains a refusal;
 *  - setuid (lib/policy-setuid.c): libmount's restricted context applies
 *    the classic fstab policy, as util-linux, with fixed paths;
 *  - plain (root, or no setuid bit): libmount, as util-linux.
 */
#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/wait.h>

#include "abi.h"
#include "cli.h"
#include "fastpath.h"
#include "lazymount.h"
#include "list.h"
#include "mode.h"
#include "policy.h"
#include "printable.h"
#include "mounted.h"
#include "optsmode.h"
#include "owner.h"
#include "ownopts.h"
#include "signals.h"
#include "xmount.h"

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
};

static const struct um_option options[] = {
	{ "all", no_argument, 'a', NULL, "mount all filesystems in fstab",
	  UM_SETUID_DROPS },
	{ "bind", no_argument, 'B', NULL, "mount a subtree somewhere else",
	  UM_SETUID_DROPS },
	{ "no-canonicalize", no_argument, 'c', NULL,
	  "do not canonicalize paths", UM_SETUID_DROPS },
	{ "fake", no_argument, 'f', NULL, "dry run; skip the mount(2) call",
	  UM_SETUID_DROPS },
	{ "fork", no_argument, 'F', NULL,
	  "one process for each mount (use with -a)", UM_SETUID_DROPS },
	{ "help", no_argument, 'h', NULL, "display this help",
	  UM_SETUID_KEEPS },
	{ "internal-only", no_argument, 'i', NULL,
	  "do not call the mount.<type> helpers", UM_SETUID_KEEPS },
	{ "show-labels", no_argument, 'l', NULL, "show filesystem labels",
	  UM_SETUID_KEEPS },
	{ "label", required_argument, 'L', "label",
	  "synonym for LABEL=<label>", UM_SETUID_KEEPS },
	{ "mkdir", optional_argument, 'm', "mode",
	  "make a missing mountpoint (-o X-mount.mkdir[=<mode>])",
	  UM_SETUID_DROPS },
	{ "map-groups", required_argument, OPT_MAP_GROUPS,
	  "<inner>:<outer>:<count>", "add a GID map to an ID-mapped mount",
	  UM_SETUID_DROPS },
	{ "map-users", required_argument, OPT_MAP_USERS,
	  "<inner>:<outer>:<count>|<nsfile>",
	  "add a UID map to an ID-mapped mount, or name its user namespace",
	  UM_SETUID_DROPS },
	{ "move", no_argument, 'M', NULL, "move a subtree somewhere else",
	  UM_SETUID_DROPS },
	{ "no-mtab", no_argument, 'n', NULL, "do not write to utab",
	  UM_SETUID_DROPS },
	{ "namespace", required_argument, 'N', "ns",
	  "perform mount in another namespace", UM_SETUID_DROPS },
	{ "onlyonce", no_argument, OPT_ONLYONCE, NULL,
	  "refuse if the source is already mounted on the target",
	  UM_SETUID_DROPS },
	{ "options", required_argument, 'o', "list",
	  "comma-separated list of mount options", UM_SETUID_DROPS },
	{ "options-mode", required_argument, OPT_OPTMODE, "mode",
	  "how to join fstab's options with -o's", UM_SETUID_DROPS },
	{ "options-source", required_argument, OPT_OPTSRC, "source",
	  "where default options come from (fstab,mtab,disable)",
	  UM_SETUID_DROPS },
	{ "options-source-force", no_argument, OPT_OPTSRC_FORCE, NULL,
	  "read fstab/mtab even with source and target given",
	  UM_SETUID_DROPS },
	{ "test-opts", required_argument, 'O', "list",
	  "limit the set of filesystems (use with -a)", UM_SETUID_DROPS },
	{ "read-only", no_argument, 'r', NULL, "mount the filesystem read-only",
	  UM_SETUID_KEEPS },
	{ "ro", no_argument, 'r', NULL, NULL,
	  UM_SETUID_KEEPS },
	{ "rbind", no_argument, 'R', NULL,
	  "mount a subtree and all submounts somewhere else", UM_SETUID_DROPS },
	{ NULL, no_argument, 's', NULL,
	  "tolerate sloppy mount options rather than failing",
	  UM_SETUID_KEEPS },
	{ "source", required_argument, OPT_SOURCE, "src",
	  "explicitly specifies source (path, label, uuid)", UM_SETUID_KEEPS },
	{ "target", required_argument, OPT_TARGET, "target",
	  "explicitly specifies mountpoint", UM_SETUID_KEEPS },
	{ "target-prefix", required_argument, OPT_TARGET_PREFIX, "path",
	  "put every mountpoint below <path>", UM_SETUID_DROPS },
	{ "types", required_argument, 't', "list",
	  "limit the set of filesystem types", UM_SETUID_KEEPS },
	{ "fstab", required_argument, 'T', "path",
	  "alternative file to /etc/fstab", UM_SETUID_DROPS },
	{ "uuid", required_argument, 'U', "uuid", "synonym for UUID=<uuid>",
	  UM_SETUID_KEEPS },
	{ "verbose", no_argument, 'v', NULL, "say what is being done",
	  UM_SETUID_KEEPS },
	{ "version", no_argument, 'V', NULL, "display version",
	  UM_SETUID_KEEPS },
	{ "read-write", no_argument, 'w', NULL,
	  "mount the filesystem read-write (default)", UM_SETUID_DROPS },
	{ "rw", no_argument, 'w', NULL, NULL,
	  UM_SETUID_DROPS },
	{ "setuser", optional_argument, OPT_SETUSER, "user",
	  "make the mount owned by <user> (default: you)", UM_SETUID_DROPS },
	{ "make-shared", no_argument, OPT_SHARED, NULL,
	  "mark a subtree as shared", UM_SETUID_DROPS },
	{ "make-slave", no_argument, OPT_SLAVE, NULL,
	  "mark a subtree as slave", UM_SETUID_DROPS },
	{ "make-private", no_argument, OPT_PRIVATE, NULL,
	  "mark a subtree as private", UM_SETUID_DROPS },
	{ "make-unbindable", no_argument, OPT_UNBINDABLE, NULL,
	  "mark a subtree as unbindable", UM_SETUID_DROPS },
	{ "make-rshared", no_argument, OPT_RSHARED, NULL,
	  "recursively mark a whole subtree as shared", UM_SETUID_DROPS },
	{ "make-rslave", no_argument, OPT_RSLAVE, NULL,
	  "recursively mark a whole subtree as slave", UM_SETUID_DROPS },
	{ "make-rprivate", no_argument, OPT_RPRIVATE, NULL,
	  "recursively mark a whole subtree as private", UM_SETUID_DROPS },
	{ "make-runbindable", no_argument, OPT_RUNBINDABLE, NULL,
	  "recursively mark a whole subtree as unbindable", UM_SETUID_DROPS },
	{ NULL, 0, 0, NULL, NULL, UM_SETUID_DROPS }
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

static bool remounting(const char *optstr)
{
	return optstr && mnt_optstr_get_option(optstr, "remount", NULL,
					       NULL) == 0;
}

/* What the command line asks for; one context is made from it per mount. */
struct cli {
	enum um_mode mode;
	bool all, fake, verbose, nomtab, nocanon, nohelpers, sloppy;
	bool show_labels, oper, propa, move, fork, onlyonce;
	bool noswap;		/* -L, -U, --source, --target: no guessing */
	bool uncovered;		/* an option outside the setuid column */
	int rwonly;		/* -1 unset, 0 -r, 1 -w */
	int optsmode;		/* MNT_OMODE_* from --options-*, or 0 */
	char *optstr;		/* -o and option switches, ours taken out */
	const char *optpattern, *types, *ns, *prefix;
	char *idmap;		/* --map-users, --map-groups: X-mount.idmap */
	const char **fstab_paths;	/* -T, read once the rights are settled */
	size_t nfstab;
	struct libmnt_table *fstab;	/* -T: the files, in fstab_names */
	char *fstab_names;
	struct libmnt_cache *cache;	/* with -T: the files' and contexts' */
	struct um_ownopts own;
	struct um_xopts rec;	/* the OPT=recursive words given */
};

static void __attribute__((__noreturn__)) usage(const struct um_option *o)
{
	/* what may name a source, for --help */
	static const char *const sources[][2] = {
		{ " LABEL=<label>", "the filesystem with that label" },
		{ " UUID=<uuid>", "the filesystem with that UUID" },
		{ " PARTLABEL=<label>", "the partition with that name" },
		{ " PARTUUID=<uuid>", "the partition with that UUID" },
		{ " ID=<id>", "the device with that udev hardware ID" },
		{ " <device>", "the device at that path" },
		{ " <directory>", "what --bind or --rbind binds" },
		{ " <file>", "a regular file, on a loop device" },
	};
	size_t i;

	printf("Usage:\n"
	       " mount [-lhV]\n"
	       " mount -a [options]\n"
	       " mount [options] [--source] <source> | [--target] <directory>\n"
	       " mount [options] <source> <directory>\n"
	       " mount <operation> <mountpoint> [<target>]\n\n"
	       "Mount a filesystem; on a kernel with mount ownership, as its "
	       "owner.\n\nOptions:\n");
	um_usage_options(stdout, o);
	printf("\nSource:\n");
	for (i = 0; i < sizeof(sources) / sizeof(sources[0]); i++)
		printf("%-28s %s\n", sources[i][0], sources[i][1]);
	printf("\nFor more details see mount(8).\n");
	exit(MNT_EX_SUCCESS);
}

static void append_option(struct cli *cli, const char *opt)
{
	char *o;

	/* util-linux's guard: such a list would not parse as meant */
	if (*opt == '=' || *opt == '\'' || *opt == '"' ||
	    isblank((unsigned char)*opt))
		errx(MNT_EX_USAGE, "unsupported option format: %s", opt);
	o = strdup(opt);

	if (!o || um_ownopts_take(&o, &cli->own) < 0)
		errx(MNT_EX_USAGE, "bad usage: invalid setuser option");
	if (o && um_xopts_take_recursive(&o, &cli->rec) < 0)
		err(MNT_EX_SYSERR, "failed to append options");
	if (o && mnt_optstr_append_option(&cli->optstr, o, NULL) < 0)
		err(MNT_EX_SYSERR, "failed to append options");
	free(o);
}

static struct libmnt_context *new_context(const struct cli *cli)
{
	struct libmnt_context *cxt = um_policy_new_context(cli->mode);

	mnt_context_enable_fake(cxt, cli->fake);
	mnt_context_enable_verbose(cxt, cli->verbose);
	mnt_context_disable_mtab(cxt, cli->nomtab);
	mnt_context_disable_canonicalize(cxt, cli->nocanon);
	mnt_context_disable_helpers(cxt, cli->nohelpers);
	mnt_context_enable_sloppy(cxt, cli->sloppy);
	if (cli->rwonly >= 0)
		mnt_context_enable_rwonly_mount(cxt, cli->rwonly);
	if (cli->fstab)
		mnt_context_set_fstab(cxt, cli->fstab);
	if ((cli->cache && mnt_context_set_cache(cxt, cli->cache)) ||
	    (cli->optsmode && mnt_context_set_optsmode(cxt, cli->optsmode)) ||
	    (cli->prefix && mnt_context_set_target_prefix(cxt, cli->prefix)))
		err(MNT_EX_SYSERR, "failed to set up libmount");
	if (cli->ns)
		um_context_set_ns(cxt, cli->ns);
	return cxt;
}

static int table_parser_errcb(struct libmnt_table *tb __attribute__((unused)),
			      const char *filename, int line)
{
	if (filename)
		warnx("%s: parse error at line %d -- ignored", filename, line);
	return 1;
}

/*
 * libmount names the default fstab in "can't find ... in /etc/fstab" even
 * when -T gave others; name the files that were searched instead.
 */
static void name_fstab(const struct cli *cli, int rc, char *buf, size_t sz)
{
	const char *def = mnt_get_fstab_path();
	size_t n = strlen(buf), d = strlen(def) + strlen(" in ");

	if (rc != -MNT_ERR_NOFSTAB || !cli->fstab_names || n < d ||
	    strncmp(buf + n - d, " in ", 4) != 0 ||
	    strcmp(buf + n - d + 4, def) != 0)
		return;
	snprintf(buf + n - d, sz - (n - d), " in %s", cli->fstab_names);
}

static int report(const struct cli *cli, struct libmnt_context *cxt, int rc,
		  const char *why)
{
	char buf[BUFSIZ] = { 0 };
	const char *spec = mnt_context_get_target(cxt);
	int lmrc = rc;

	if (!spec)
		spec = mnt_context_get_source(cxt);
	if (!spec)
		spec = "???";
	rc = mnt_context_get_excode(cxt, rc, buf, sizeof(buf));
	name_fstab(cli, lmrc, buf, sizeof(buf));
	if (why && rc != MNT_EX_SUCCESS)
		um_warnx_printable(spec, why);
	else if (*buf)
		um_warnx_printable(spec, buf);
	if (!why && *buf && mnt_context_syscall_called(cxt) &&
	    mnt_context_get_syscall_errno(cxt) != 0)
		fprintf(stderr, "       dmesg(1) may have more information "
				"after failed mount system call.\n");
	return rc;
}

static void success_message(struct libmnt_context *cxt)
{
	unsigned long fl = 0;
	char *tgt, *src;

	if (mnt_context_helper_executed(cxt) || mnt_context_get_status(cxt) != 1)
		return;
	mnt_context_get_mflags(cxt, &fl);
	tgt = um_printable(mnt_context_get_target(cxt));
	src = um_printable(mnt_context_get_source(cxt));
	if (fl & MS_MOVE)
		printf("mount: %s moved to %s.\n", src, tgt);
	else if (fl & MS_BIND)
		printf("mount: %s bound on %s.\n", src, tgt);
	else if (fl & MS_PROPAGATION)
		printf("mount: %s propagation flags changed.\n", tgt);
	else
		printf("mount: %s mounted on %s.\n", src, tgt);
	free(tgt);
	free(src);
}

/*
 * The options step: out of the options libmount assembled from the
 * command line and fstab, take setuser and nomnt, drop a kernel-printed
 * owner that a remount picked up from the mount table, and take
 * util-linux 2.39-2.42's newer words (lib/xmount.c).
 */
static int take_options(const struct cli *cli, struct libmnt_context *cxt,
			struct um_mount *m)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	const char *cur = fs ? mnt_fs_get_options(fs) : NULL;
	char *o = cur ? strdup(cur) : NULL;
	int rc = 0;

	if (cur && !o)
		err(MNT_EX_SYSERR, "out of memory");
	if (o && (um_ownopts_take(&o, &m->own) ?:
		  um_ownopts_drop_owner(&o)) == -EINVAL) {
		char *tgt = um_printable(mnt_context_get_target(cxt));

		warnx("%s: bad setuser option", tgt);
		free(tgt);
		rc = MNT_EX_USAGE;
	}
	if (!rc && cur)
		rc = um_xmount_take(cxt, &m->x, &o);
	if (!rc && cur && mnt_fs_set_options(fs, o))
		rc = MNT_EX_SYSERR;
	free(o);
	/* the command line's =recursive words come after fstab's */
	um_xopts_add_recursive(&m->x.o, &cli->rec);
	return rc;
}

/* One mount's change and its report, for um_policy_change(). */
struct change {
	const struct cli *cli;
	struct libmnt_context *cxt;
	struct um_mount *m;
	bool done;		/* the change ran in this process */
	int status;		/* then: libmount's status, or the policy's */
};

/*
 * The mount(2), the read-back, the utab update and the report. Returns
 * the exit code.
 */
static int mount_change(void *arg)
{
	struct change *c = arg;
	int rc, stop;

	/* until the mount is recorded and reported */
	um_signals_defer();
	um_xmount_before(c->cxt, &c->m->x);
	rc = um_policy_mount(c->cli->mode, c->cxt, c->m);
	stop = rc ? 0 : um_policy_verify(c->cli->mode, c->cxt, c->m);
	/* idmap, =recursive, owner and mode, on the mount made */
	if (!rc && !stop)
		stop = um_xmount_apply(c->cxt, &c->m->x);
	/* after a failure too: libmount 2.39+ ends its utab action */
	rc = mnt_context_finalize_mount(c->cxt) ?: rc;
	c->done = true;
	c->status = rc ?: stop;
	if (!stop) {
		stop = report(c->cli, c->cxt, rc,
			      um_policy_explain(c->cli->mode, c->cxt, c->m,
						rc));
		/* mount -a says it per entry, in its own words */
		if (stop == MNT_EX_SUCCESS && c->cli->verbose && !c->cli->all)
			success_message(c->cxt);
	}
	um_signals_deliver();
	return stop;
}

/*
 * Mount what @cxt describes, step by step; at each one the mode's policy
 * has its say (lib/policy.c). @rc carries libmount's status to the report;
 * @stop, once set, is the exit code and ends the steps. *@status, if
 * asked for, is what mnt_context_mount() would have returned (0: done,
 * even when a helper failed), or the policy's refusal: the success of a
 * mount -a -F child, as util-linux counts it.
 */
static int mount_one(const struct cli *cli, struct libmnt_context *cxt,
		     bool may_retry, int *status)
{
	struct um_mount m = { 0 };
	struct change c = { cli, cxt, &m, false, 0 };
	bool named_both;
	int rc, stop = 0;

	um_xmount_init(&m.x);
	if (cli->own.setuser && um_ownopts_set_user(&m.own, cli->own.user) < 0)
		err(MNT_EX_SYSERR, "out of memory");
	m.own.nomnt = cli->own.nomnt;

	/* mount SOURCE TARGET: libmount uses no fstab entry by default */
	named_both = !cli->all && mnt_context_get_source(cxt) &&
		     mnt_context_get_target(cxt);
	rc = um_policy_apply_fstab(cli->mode, cxt);
	if (!rc)
		stop = um_xmount_fstab(cxt, &m.x, named_both) ?:
		       take_options(cli, cxt, &m) ?:
		       um_policy_check(cli->mode, cxt, &m);
	/* after an fstab failure too: libmount's prepare words it */
	if (!stop) {
		um_policy_prepare(cli->mode, cxt, &m);
		stop = um_xmount_prepare(cxt, &m.x);
	}
	if (!stop) {
		rc = um_policy_prepare_mount(cli->mode, cxt, rc);
		stop = um_policy_prepared(cli->mode, cxt, &m, rc, may_retry);
	}
	if (!rc && !stop)
		stop = um_xmount_prepared(cxt, &m.x) ?:
		       (cli->onlyonce && !cli->all ? um_xmount_onlyonce(cxt) : 0);
	if (!rc && !stop)
		stop = um_policy_change(cli->mode, cxt, "mount", mount_change,
					&c);
	else if (!stop)
		stop = report(cli, cxt, rc,
			      um_policy_explain(cli->mode, cxt, &m, rc));
	if (status)
		*status = c.done ? c.status : rc ?: stop;
	um_policy_mount_free(&m);
	return stop;
}

/* Set up a context for one fstab entry with the command line's options. */
static struct libmnt_context *entry_context(const struct cli *cli,
					    struct libmnt_fs *ent)
{
	struct libmnt_context *cxt = new_context(cli);
	struct libmnt_fs *fs = mnt_copy_fs(NULL, ent);

	if (!fs || mnt_context_set_fs(cxt, fs) < 0)
		err(MNT_EX_SYSERR, "failed to set up a mount");
	mnt_unref_fs(fs);
	if (cli->optstr && mnt_context_append_options(cxt, cli->optstr) < 0)
		err(MNT_EX_SYSERR, "failed to append options");
	return cxt;
}

/* Does -t and -O select @fs? */
static bool selected(const struct cli *cli, struct libmnt_fs *fs)
{
	return (!cli->types || mnt_fs_match_fstype(fs, cli->types)) &&
	       (!cli->optpattern || mnt_fs_match_options(fs, cli->optpattern));
}

/* mount -a leaves out swap, the root filesystem and noauto entries. */
static bool entry_selected(const struct cli *cli, struct libmnt_fs *fs)
{
	const char *tgt = mnt_fs_get_target(fs);

	return !mnt_fs_is_swaparea(fs) &&
	       !(tgt && (strcmp(tgt, "/") == 0 || strcmp(tgt, "root") == 0)) &&
	       mnt_fs_get_option(fs, "noauto", NULL, NULL) != 0 &&
	       selected(cli, fs);
}

/* mount -a's count: exit 0 (all done), 32 (none) or 64 (some). */
struct tally {
	int done, failed;
	pid_t *children;	/* mount -a -F */
	size_t nchildren;
};

/* Mount @one (then free it) and count it; @what: "mounted", ... */
static void mount_counted(const struct cli *cli, struct libmnt_context *one,
			  const char *tgt, const char *what, struct tally *t)
{
	if (mount_one(cli, one, false, NULL) == MNT_EX_SUCCESS) {
		t->done++;
		if (cli->verbose && mnt_context_get_status(one))
			um_print_entry(tgt, "successfully %s", what);
	} else {
		t->failed++;
	}
	mnt_free_context(one);
}

/*
 * A -F child says nothing of its own, as util-linux's: stdio's streams go
 * to /dev/null, the descriptors stay, so a mount.TYPE helper it runs
 * still speaks.
 */
static void quiet_child(void)
{
	FILE *null = fopen("/dev/null", "w");

	if (!null)
		_exit(MNT_EX_SYSERR);
	stdout = null;
	stderr = null;
}

/*
 * mount -a -F: mount @one (then free it) in a child of its own. The
 * child's exit status is whether libmount's mount succeeded (mount_one's
 * status), which is what util-linux counts; its exit code is not used.
 */
static void mount_forked(const struct cli *cli, struct libmnt_context *one,
			 const char *tgt, struct tally *t)
{
	pid_t *more, pid;
	int status = 0;

	more = realloc(t->children, (t->nchildren + 1) * sizeof(*more));
	if (!more)
		err(MNT_EX_SYSERR, "out of memory");
	t->children = more;
	fflush(NULL);	/* nothing buffered is written twice */
	pid = fork();
	if (pid < 0)
		err(MNT_EX_SYSERR, "fork failed");
	if (pid == 0) {
		quiet_child();
		mount_one(cli, one, false, &status);
		_exit(status ? 1 : 0);
	}
	t->children[t->nchildren++] = pid;
	if (cli->verbose)
		um_print_entry(tgt, "mount successfully forked");
	mnt_free_context(one);
}

/* Wait for every -F child and count it: a child that did not exit 0 failed. */
static void wait_children(struct tally *t)
{
	size_t i;
	pid_t rc;
	int ws;

	for (i = 0; i < t->nchildren; i++) {
		do
			rc = waitpid(t->children[i], &ws, 0);
		while (rc < 0 && errno == EINTR);
		if (rc >= 0 && (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0))
			t->failed++;
		else
			t->done++;
	}
	free(t->children);
	t->children = NULL;
	t->nchildren = 0;
}

static int tally_status(const struct tally *t)
{
	if (t->failed == 0)
		return MNT_EX_SUCCESS;
	return t->done == 0 ? MNT_EX_FAIL : MNT_EX_SOMEOK;
}

static bool is_mounted(struct libmnt_context *cxt, struct um_mounted *index,
		       struct libmnt_fs *fs)
{
	int rc = index ? um_mounted_has(index, fs) : -EINVAL;

	if (rc < 0 && mnt_context_is_fs_mounted(cxt, fs, &rc) < 0)
		return false;
	return rc == 1;
}

/*
 * mount -a: every selected fstab entry not mounted yet. The fstab and the
 * mount table are read once (the table through lib/mounted.c's index);
 * each mount gets a fresh context.
 * Returns 0 (all mounted), 32 (none) or 64 (some), as util-linux.
 */
static int mount_all(const struct cli *cli)
{
	struct libmnt_context *cxt = new_context(cli);
	struct libmnt_table *fstab = NULL;
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	struct um_mounted *mounted = NULL;
	struct tally t = { 0 };

	if (!itr || mnt_context_get_fstab(cxt, &fstab) || !fstab)
		err(MNT_EX_SYSERR, "failed to read fstab");
	/*
	 * The index reads this namespace's table for targets as fstab has
	 * them; -N and --target-prefix need libmount's lookup.
	 */
	if (!cli->ns && !cli->prefix)
		mounted = um_mounted_new(mnt_context_get_cache(cxt));
	while (mnt_table_next_fs(fstab, itr, &fs) == 0) {
		const char *tgt = mnt_fs_get_target(fs);

		if (!entry_selected(cli, fs)) {
			if (cli->verbose)
				um_print_entry(tgt, "ignored");
			continue;
		}
		if (is_mounted(cxt, mounted, fs)) {
			if (cli->verbose)
				um_print_entry(tgt, "already mounted");
			continue;
		}
		if (cli->fork)
			mount_forked(cli, entry_context(cli, fs), tgt, &t);
		else
			mount_counted(cli, entry_context(cli, fs), tgt,
				      "mounted", &t);
	}
	wait_children(&t);
	um_mounted_free(mounted);
	mnt_free_iter(itr);
	mnt_free_context(cxt);
	return tally_status(&t);
}

/* The context for "mount [options] [source] [target]". */
static struct libmnt_context *single_context(const struct cli *cli,
					     const char *source,
					     const char *target)
{
	struct libmnt_context *cxt = new_context(cli);

	if ((source && mnt_context_set_source(cxt, source)) ||
	    (target && mnt_context_set_target(cxt, target)))
		err(MNT_EX_SYSERR, "failed to set source or target");
	if (cli->optstr && mnt_context_append_options(cxt, cli->optstr))
		err(MNT_EX_SYSERR, "failed to set options");
	if (cli->types && (strchr(cli->types, ',') ||
			   strncmp(cli->types, "no", 2) == 0))
		mnt_context_set_fstype_pattern(cxt, cli->types);
	else if (cli->types)
		mnt_context_set_fstype(cxt, cli->types);
	if (cli->move)
		mnt_context_set_mflags(cxt, MS_MOVE);
	/* fstab is searched for a named source as a source only, and so on */
	if (cli->noswap)
		mnt_context_disable_swapmatch(cxt, 1);
	/* --bind, --move and --make-* need no fstab, unless remounting */
	if ((cli->oper && !remounting(cli->optstr)) || cli->propa)
		mnt_context_set_optsmode(cxt, MNT_OMODE_NOTAB);
	return cxt;
}

/*
 * mount -a -o remount: remount every mounted filesystem that -t and -O
 * select, with the command line's options, as util-linux does; through
 * mount_one(), so an owned mount keeps its owner.
 */
static int remount_all(const struct cli *cli)
{
	struct libmnt_context *cxt = new_context(cli);
	struct libmnt_table *tb = NULL;
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	struct tally t = { 0 };

	if (!itr || mnt_context_get_mtab(cxt, &tb) || !tb)
		err(MNT_EX_SYSERR, "failed to read mtab");
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		const char *tgt = mnt_fs_get_target(fs);
		struct libmnt_context *one;

		if (!selected(cli, fs)) {
			if (cli->verbose)
				um_print_entry(tgt, "ignored");
			continue;
		}
		one = new_context(cli);
		if (mnt_context_set_target(one, tgt) ||
		    mnt_context_append_options(one, cli->optstr))
			err(MNT_EX_SYSERR, "failed to set up a remount");
		mount_counted(cli, one, tgt, "remounted", &t);
	}
	mnt_free_iter(itr);
	mnt_free_context(cxt);
	return tally_status(&t);
}

/* mount [-l] [-t TYPE]: the table as the kernel has it, owners included. */
static int print_all(const struct cli *cli)
{
	struct list_opts o = { .types = cli->types, .nocanon = cli->nocanon };
	struct libmnt_context *cxt;
	struct libmnt_table *tb = NULL;
	int rc = LIST_USE_LIBMOUNT;

	if (cli->show_labels && blkid_get_cache(&o.labels, NULL) < 0)
		o.labels = NULL;
	if (!cli->ns)
		rc = list_mounts(&o, stdout);
	if (rc == LIST_USE_LIBMOUNT) {
		cxt = new_context(cli);
		if (mnt_context_get_mtab(cxt, &tb) || !tb)
			err(MNT_EX_SYSERR, "failed to read mtab");
		rc = list_table(tb, &o, stdout);
		mnt_free_context(cxt);
	}
	if (o.labels)
		blkid_put_cache(o.labels);
	list_opts_free(&o);
	if (rc < 0)
		errx(MNT_EX_SYSERR, "failed to list mounts: %s", strerror(-rc));
	return MNT_EX_SUCCESS;
}

static void set_tag(char **source, const char *tag, const char *val)
{
	if (*source)
		um_bad_usage("source specified more than once");
	if (asprintf(source, "%s=\"%s\"", tag, val) < 0)
		err(MNT_EX_SYSERR, "out of memory");
}

/* Options util-linux refuses together, one set a row. */
static const um_excl_t exclusive[] = {
	{ 'B', 'M', 'R' },		/* --bind, --move, --rbind */
	{ 'L', 'U', OPT_SOURCE },	/* --label, --uuid, --source */
	{ 0 }
};

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
		errx(MNT_EX_USAGE, "%s: failed to parse", path);
	/* for messages: the files searched, as given */
	if (asprintf(&names, "%s%s%s", cli->fstab_names ?: "",
		     cli->fstab_names ? ", " : "", path) < 0)
		err(MNT_EX_SYSERR, "out of memory");
	free(cli->fstab_names);
	cli->fstab_names = names;
}

/* -m[MODE]: the option X-mount.mkdir[="MODE"], which libmount acts on. */
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
		um_bad_usage("bad usage");
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

/* The maps given become the option X-mount.idmap="...". */
static void parse_args(struct cli *cli, int argc, char **argv, char **source,
		       char **target)
{
	int seen[sizeof(exclusive) / sizeof(exclusive[0])] = { 0 };
	struct um_optsmode omode = { 0 };
	struct um_getopt g;
	int c;

	if (um_getopt_init(&g, options) < 0)
		err(MNT_EX_SYSERR, "out of memory");
	while ((c = getopt_long(argc, argv, g.shortopts, g.longopts, NULL)) !=
	       -1) {
		um_check_exclusive(options, exclusive, seen, c);
		if (um_option_setuid(options, c) == UM_SETUID_DROPS)
			cli->uncovered = true;
		switch (c) {
		case 'a': cli->all = true; break;
		case 'c': cli->nocanon = true; break;
		case 'f': cli->fake = true; break;
		case 'i': cli->nohelpers = true; break;
		case 'l': cli->show_labels = true; break;
		case 'n': cli->nomtab = true; break;
		case 's': cli->sloppy = true; break;
		case 'v': cli->verbose = true; break;
		case 'N': cli->ns = optarg; break;
		case 'O': cli->optpattern = optarg; break;
		case 't': cli->types = optarg; break;
		case 'h': usage(options);
		case 'V': um_print_version();
		case 'r':
			append_option(cli, "ro");
			cli->rwonly = 0;
			break;
		case 'w':
			append_option(cli, "rw");
			cli->rwonly = 1;
			break;
		case 'o':
			/* "move" is no option to libmount (not from fstab) */
			if (mnt_optstr_get_option(optarg, "move", NULL, NULL) ==
			    0) {
				char *o = strdup(optarg);

				mnt_optstr_remove_option(&o, "move");
				if (o && *o)
					append_option(cli, o);
				free(o);
				cli->oper = cli->move = true;
			} else {
				append_option(cli, optarg);
			}
			break;
		case 'B':
			cli->oper = true;
			append_option(cli, "bind");
			break;
		case 'R':
			cli->oper = true;
			append_option(cli, "rbind");
			break;
		case 'M':
			cli->oper = cli->move = true;
			break;
		case 'L':
			set_tag(source, "LABEL", optarg);
			cli->noswap = true;
			break;
		case 'U':
			set_tag(source, "UUID", optarg);
			cli->noswap = true;
			break;
		case OPT_SOURCE:
			if (*source)
				um_bad_usage("source specified more than once");
			*source = strdup(optarg);
			cli->noswap = true;
			break;
		case OPT_TARGET:
			*target = strdup(optarg);
			cli->noswap = true;
			break;
		case 'T':
			defer_fstab(cli, optarg);
			break;
		case 'F': cli->fork = true; break;
		case 'm':
			/* -m=MODE as well as -mMODE and --mkdir=MODE */
			if (optarg && *optarg == '=')
				optarg++;
			append_quoted(cli, "X-mount.mkdir", optarg);
			break;
		case OPT_TARGET_PREFIX: cli->prefix = optarg; break;
		case OPT_OPTMODE:
			if (um_optsmode_set_mode(&omode, optarg) < 0)
				um_bad_usage("bad usage");
			break;
		case OPT_OPTSRC:
			if (um_optsmode_set_source(&omode, optarg) < 0)
				um_bad_usage("bad usage");
			break;
		case OPT_OPTSRC_FORCE: omode.force = true; break;
		case OPT_ONLYONCE: cli->onlyonce = true; break;
		case OPT_MAP_USERS:
		case OPT_MAP_GROUPS:
			add_idmap(cli, c == OPT_MAP_USERS ? 'u' : 'g', optarg);
			break;
		case OPT_SETUSER:
			if (um_ownopts_set_user(&cli->own, optarg) < 0)
				um_bad_usage("--setuser needs a user name");
			break;
		default:
			if (c >= OPT_SHARED && c <= OPT_RUNBINDABLE) {
				append_option(cli, propagation_word(c));
				cli->propa = true;
				break;
			}
			um_bad_usage(NULL);
		}
	}
	um_getopt_free(&g);
	cli->optsmode = um_optsmode_bits(&omode);
	if (cli->idmap)
		append_quoted(cli, "X-mount.idmap", cli->idmap);
}

/*
 * -T's files, read with the rights the command line left (a setuid run
 * reads no file the caller names as root: -T is outside the column).
 */
static void read_fstabs(struct cli *cli)
{
	size_t i;

	for (i = 0; i < cli->nfstab; i++)
		add_fstab(cli, cli->fstab_paths[i]);
	/*
	 * libmount looks a device or a tag up in the fstab it reads itself
	 * through the context's cache; -T's files need the cache given.
	 */
	if (cli->fstab && !cli->nocanon) {
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
static bool setuid_covered(const struct cli *cli, bool listing,
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
static void place_args(const struct cli *cli, int argc, char **argv,
		       char **source, char **target)
{
	if (cli->oper && (cli->types || cli->all || *source))
		um_bad_usage("bad usage");
	if (cli->all) {
		if (argc)
			um_bad_usage("bad usage");
		return;
	}
	if (argc == 1 && !(*source && *target)) {
		if (mnt_tag_is_valid(argv[0]) && *source)
			errx(MNT_EX_USAGE, "source specified more than once");
		if (mnt_tag_is_valid(argv[0]) || *target)
			*source = strdup(argv[0]);
		else
			*target = strdup(argv[0]);
	} else if (argc == 2 && !*source && !*target) {
		*source = strdup(argv[0]);
		*target = strdup(argv[1]);
	} else if (argc != 0) {
		um_bad_usage("bad usage");
	}
}

/* "mount [options] [source] [target]", and the retry as the caller. */
static int mount_single(struct cli *cli, char *source, char *target)
{
	struct libmnt_context *cxt;
	int rc;

	/* the setuid mode resolves the name with the caller's rights */
	if (target)
		target = um_policy_resolve(&cli->mode, target);
	else
		source = um_policy_resolve(&cli->mode, source);

	cxt = single_context(cli, source, target);
	rc = mount_one(cli, cxt, true, NULL);
	mnt_free_context(cxt);
	if (rc == UM_RETRY_AS_CALLER) {
		um_mode_give_up_setuid(&cli->mode);
		cxt = single_context(cli, source, target);
		rc = mount_one(cli, cxt, false, NULL);
		mnt_free_context(cxt);
	}
	free(source);
	free(target);
	return rc;
}

static void free_cli(struct cli *cli)
{
	free(cli->optstr);
	free(cli->idmap);
	free(cli->fstab_names);
	free(cli->fstab_paths);
	um_ownopts_free(&cli->own);
	mnt_unref_table(cli->fstab);
	mnt_unref_cache(cli->cache);
}

int main(int argc, char **argv)
{
	struct cli cli = { .rwonly = -1 };
	char *source = NULL, *target = NULL;
	bool listing;
	int rc = um_fast_mount(argc, argv);

	/* an owner's mount --bind, done without libmount (lib/fastpath.c) */
	if (rc != UM_FAST_DECLINED)
		return rc;
	cli.mode = um_mode_start(argv);
	um_signals_init();
	um_close_stdout_atexit();
	setlocale(LC_ALL, "");
	mnt_init_debug(0);

	parse_args(&cli, argc, argv, &source, &target);
	argc -= optind;
	argv += optind;
	listing = !source && !target && argc == 0 && !cli.all;
	if (listing && (cli.oper || cli.optstr || cli.own.setuser))
		um_bad_usage("bad usage");
	if (!listing)
		place_args(&cli, argc, argv, &source, &target);
	um_policy_arguments(&cli.mode,
			    setuid_covered(&cli, listing, source, target));
	read_fstabs(&cli);

	if (listing)
		rc = print_all(&cli);
	else if (cli.all)
		rc = remounting(cli.optstr) ? remount_all(&cli) :
					      mount_all(&cli);
	else
		rc = mount_single(&cli, source, target);
	free_cli(&cli);
	return rc;
}

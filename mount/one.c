// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One mount through the steps: fstab, options, check, prepare, change,
 * verify, report. At each step the mode's policy has its say
 * (lib/policy.c); the newer util-linux options (lib/xmount.c) run inside
 * the step they belong to.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include "cli.h"
#include "mount.h"
#include "policy.h"
#include "printable.h"
#include "signals.h"

struct libmnt_context *new_context(const struct cli *cli)
{
	struct libmnt_context *cxt = um_policy_new_context(cli->mode);

	mnt_context_enable_sloppy(cxt, cli->sloppy);
	if (cli->rwonly >= 0)
		mnt_context_enable_rwonly_mount(cxt, cli->rwonly);
	if (cli->fstab)
		mnt_context_set_fstab(cxt, cli->fstab);
	if ((cli->cache && mnt_context_set_cache(cxt, cli->cache)) ||
	    (cli->optsmode && mnt_context_set_optsmode(cxt, cli->optsmode)) ||
	    (cli->prefix && mnt_context_set_target_prefix(cxt, cli->prefix)))
		err(MNT_EX_SYSERR, "failed to set up libmount");
	um_context_set_common(cxt, &cli->common);
	return cxt;
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

/* Root's mount for a user: fstab's policy words go (owner-opts.c). */
static int given_policy(const struct cli *cli, const struct um_mount *m,
			char **o)
{
	if (cli->mode != UM_MODE_KERNEL || !m->own.setuser)
		return 0;
	return um_ownopts_drop_policy(o);
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
		  um_ownopts_drop_owner(&o) ?: given_policy(cli, m, &o)) ==
			 -EINVAL) {
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
};

/*
 * The mount(2), the read-back, the utab update and the report. Returns
 * the exit code.
 */
static int mount_change(void *arg)
{
	struct change *c = arg;
	struct um_mount *m = c->m;
	int stop;

	/* until the mount is recorded and reported */
	um_signals_defer();
	stop = um_policy_mount(c->cli->mode, c->cxt, m);
	/* after a failure too: libmount 2.39+ ends its utab action */
	m->status = mnt_context_finalize_mount(c->cxt) ?: m->status;
	m->done = true;
	m->refused = stop;
	if (!stop) {
		stop = report(c->cli, c->cxt, m->status,
			      um_policy_explain(c->cli->mode, c->cxt, m));
		/* mount -a says it per entry, in its own words */
		if (stop == MNT_EX_SUCCESS && c->cli->common.verbose &&
		    !c->cli->all) {
			success_message(c->cxt);
			um_policy_describe(c->cli->mode, c->cxt, m);
		}
	}
	um_signals_deliver();
	return stop;
}

/*
 * The fstab and options steps: fstab, then setuser and nomnt taken out
 * of the options, and the policy's check. After an fstab failure
 * (m->status) only the prepare step goes on: libmount's prepare words it.
 */
static int fstab_step(const struct cli *cli, struct libmnt_context *cxt,
		      struct um_mount *m)
{
	/* mount SOURCE TARGET: libmount uses no fstab entry by default */
	bool named_both = !cli->all && mnt_context_get_source(cxt) &&
			  mnt_context_get_target(cxt);
	int stop = um_policy_fstab(cli->mode, cxt, m, named_both);

	if (stop || m->status)
		return stop;
	return take_options(cli, cxt, m) ?:
	       um_policy_check(cli->mode, cxt, m);
}

/* --onlyonce, last: on the paths libmount prepared. */
static int onlyonce_step(const struct cli *cli, struct libmnt_context *cxt,
			 const struct um_mount *m)
{
	if (m->status || !cli->onlyonce || cli->all)
		return 0;
	return um_xmount_onlyonce(cxt);
}

/* The command line's setuser and nomnt, for each mount. */
static void start_mount(const struct cli *cli, struct um_mount *m,
			bool may_retry)
{
	um_policy_mount_init(m, may_retry);
	if (cli->own.setuser && um_ownopts_set_user(&m->own, cli->own.user) < 0)
		err(MNT_EX_SYSERR, "out of memory");
	m->own.nomnt = cli->own.nomnt;
}

/*
 * Mount what @cxt describes, step by step; at each one the mode's policy
 * has its say (lib/policy.c). Each step returns 0 or an exit code, which
 * ends the steps; libmount's status goes in @m to the report. Returns the
 * exit code.
 */
static int steps(const struct cli *cli, struct libmnt_context *cxt,
		 struct um_mount *m)
{
	struct change c = { cli, cxt, m };
	int stop = fstab_step(cli, cxt, m) ?:
		   um_policy_prepare(cli->mode, cxt, m) ?:
		   onlyonce_step(cli, cxt, m);

	if (stop) {
		m->refused = stop;
		return stop;
	}
	if (m->status)
		return report(cli, cxt, m->status,
			      um_policy_explain(cli->mode, cxt, m));
	stop = um_policy_change(cli->mode, cxt, "mount", mount_change, &c);
	if (!m->done)
		m->refused = stop;	/* in a root child: its exit code */
	return stop;
}

/*
 * One mount, no retry. *@status, if asked for, is what
 * mnt_context_mount() would have returned (0: done, even when a helper
 * failed), or the policy's refusal: the success of a mount -a -F child,
 * as util-linux counts it.
 */
int mount_one(const struct cli *cli, struct libmnt_context *cxt,
	      int *status)
{
	struct um_mount m;
	int rc;

	start_mount(cli, &m, false);
	rc = steps(cli, cxt, &m);
	if (status)
		*status = m.status ?: m.refused;
	um_policy_mount_free(&m);
	return rc;
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
 * "mount [options] [source] [target]", and in the setuid mode, after a
 * "no" of the fstab policy, once more as the caller (the kernel words its
 * refusal then, as with util-linux).
 */
int mount_single(struct cli *cli, char *source, char *target)
{
	struct libmnt_context *cxt;
	struct um_mount m;
	bool retry;
	int rc;

	/* the setuid mode resolves the name with the caller's rights */
	if (target)
		target = um_policy_resolve(&cli->mode, target);
	else
		source = um_policy_resolve(&cli->mode, source);

	cxt = single_context(cli, source, target);
	start_mount(cli, &m, true);
	rc = steps(cli, cxt, &m);
	retry = m.retry;
	um_policy_mount_free(&m);
	mnt_free_context(cxt);
	if (retry) {
		um_mode_give_up_setuid(&cli->mode);
		cxt = single_context(cli, source, target);
		rc = mount_one(cli, cxt, NULL);
		mnt_free_context(cxt);
	}
	free(source);
	free(target);
	return rc;
}

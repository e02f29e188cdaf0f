// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * umount(8) for kernels that know who owns a mount.
 *
 * The mode is decided once, at the start (lib/mode.c). Kernel ownership
 * (lib/policy-kernel.c): the kernel decides whether the caller owns the
 * mount; /proc/self/mountinfo is read again only to say why it refused.
 * Setuid (lib/policy-setuid.c): libmount's restricted context
 * applies util-linux's rules (fstab pair, "users", the recorded user,
 * chdir to the parent and UMOUNT_NOFOLLOW); usermount first checks the
 * recorded user name exactly, on the entry libmount will unmount, which
 * libmount 2.38 does not; a "no" is tried again as the caller, as
 * util-linux does, so the kernel words the refusal.
 */
#include <err.h>
#include <errno.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <stdint.h>

#include "cli.h"
#include "fastpath.h"
#include "fuse-umount.h"
#include "lazymount.h"
#include "mode.h"
#include "owner.h"
#include "owner-heldby.h"
#include "policy.h"
#include "printable.h"
#include "privs.h"
#include "signals.h"
#include "nls.h"

/* the fusermount3 installed beside this program (Makefile.am) */
#ifndef UM_FUSERMOUNT3
#define UM_FUSERMOUNT3 "/usr/bin/fusermount3"
#endif

enum { OPT_FAKE = 0x100, OPT_OWNED, OPT_KEEP_FSTAB };

static const struct um_option options[] = {
	{ "all", no_argument, 'a', NULL, N_("unmount all filesystems"),
	  UM_SETUID_DROPS },
	{ "all-targets", no_argument, 'A', NULL,
	  N_("unmount all mountpoints of the given device in this namespace"),
	  UM_SETUID_DROPS },
	{ "no-canonicalize", no_argument, 'c', NULL,
	  N_("do not canonicalize paths"), UM_SETUID_IGNORED },
	{ "detach-loop", no_argument, 'd', NULL,
	  N_("if mounted loop device, also free this loop device"),
	  UM_SETUID_KEEPS },
	{ "fake", no_argument, OPT_FAKE, NULL,
	  N_("dry run; skip the umount(2) call"), UM_SETUID_DROPS },
	{ "force", no_argument, 'f', NULL,
	  N_("force unmount (in case of an unreachable NFS system)"),
	  UM_SETUID_DROPS },
	UM_OPTION_HELP,
	UM_OPTION_INTERNAL_ONLY(N_("do not call the umount.<type> helpers")),
	{ "keep-fstab", no_argument, OPT_KEEP_FSTAB, NULL,
	  N_("with --owned, leave the mount points /etc/fstab lists"),
	  UM_SETUID_DROPS },
	UM_OPTION_NO_MTAB,
	{ "lazy", no_argument, 'l', NULL,
	  N_("detach the filesystem now, clean up things later"),
	  UM_SETUID_KEEPS },
	UM_OPTION_TEST_OPTS,
	{ "owned", optional_argument, OPT_OWNED, "<user>",
	  N_("with --all, only the mounts <user> owns (default: you)"),
	  UM_SETUID_DROPS },
	{ "recursive", no_argument, 'R', NULL,
	  N_("recursively unmount a target with all its children"),
	  UM_SETUID_DROPS },
	{ "read-only", no_argument, 'r', NULL,
	  N_("in case unmounting fails, try to remount read-only"),
	  UM_SETUID_DROPS },
	{ "types", required_argument, 't', "<list>",
	  N_("limit the set of filesystem types"), UM_SETUID_DROPS },
	UM_OPTION_VERBOSE,
	UM_OPTION_VERSION,
	{ "quiet", no_argument, 'q', NULL,
	  N_("suppress 'not mounted' error messages"), UM_SETUID_KEEPS },
	UM_OPTION_NAMESPACE(N_("perform umount in another namespace")),
	UM_OPTION_END
};

/* Options util-linux refuses together, one set a row. */
static const um_excl_t exclusive[] = {
	{ 'A', 'a' },			/* --all-targets, --all */
	{ 'R', 'a' },			/* --recursive, --all */
	{ 'O', 'R', 't' },		/* --test-opts, --recursive, --types */
	{ 'R', 'r' },			/* --recursive, --read-only */
	{ 0 }
};

/* One run: what the command line asked for, and the mode it runs in. */
struct run {
	enum um_mode mode;
	bool quiet, forced;
	/* an ordinary user with util-linux's restricted options only */
	bool restricted;
	bool uncovered;		/* an option outside the setuid column */
	bool all, alltargets, recursive;
	struct um_cxt_common common;	/* --fake, -v, -n, -c, -i, -N */
	bool loopdel, lazy, rdonly;
	bool owned;		/* -a --owned: @owned_uid's mounts only */
	bool keep_fstab;	/* --owned --keep-fstab: not fstab's targets */
	uid_t owned_uid;
	const char *types, *optpattern;
	/* libmount's status, as the last umount's prepare step left it */
	int status;
	/* -R below the given mount: a refusal as "not mounted" is kept back */
	bool below, not_alone;
};

static void __attribute__((__noreturn__)) usage(void)
{
	/* util-linux's synopsis is usermount's, word for word */
	struct um_ul_help *ul = um_usage_begin("umount",
		" %1$s [-hV]\n"
		" %1$s -a [options]\n"
		" %1$s [options] <source> | <directory>\n",
		N_("Unmount filesystems; on a kernel with mount ownership, the "
		   "ones you own."));

	um_usage_options(stdout, options, ul);
	um_usage_end(ul, "umount(8)");
}

/* Why was the umount refused? NULL: libmount's message says it. */
static const char *explain(const struct run *u, struct libmnt_context *cxt,
			   char *buf, size_t sz)
{
	return um_policy_explain_umount(u->mode, cxt, u->forced, buf, sz);
}

/*
 * umount(2) was done but libmount could not take the mount's line out of
 * utab: root's file, which a user's umount cannot write. libmount says so
 * as a lock failure (16) where it cannot make utab.lock, and as "any
 * subsequent operation failed: Permission denied" (32) where the lock
 * file is there, as on every running system: one answer, util-linux's 16.
 */
static bool utab_left(struct libmnt_context *cxt, int rc)
{
	return getuid() != 0 && mnt_context_syscall_called(cxt) &&
	       mnt_context_get_syscall_errno(cxt) == 0 &&
	       (rc == -EACCES || rc == -EPERM);
}

static int report(struct run *u, struct libmnt_context *cxt, int rc)
{
	char buf[BUFSIZ] = { 0 }, why[512];
	const char *spec = mnt_context_get_target(cxt), *msg;

	if (utab_left(cxt, rc))
		rc = -MNT_ERR_LOCK;
	rc = mnt_context_get_excode(cxt, rc, buf, sizeof(buf));
	if (rc == MNT_EX_FAIL && mnt_context_syscall_called(cxt) &&
	    mnt_context_get_syscall_errno(cxt) == EINVAL) {
		u->not_alone = u->below;
		if (u->quiet || u->below)
			return rc;	/* -q: not mounted; -R: see umount_tree */
	}
	msg = rc != MNT_EX_SUCCESS ? explain(u, cxt, why, sizeof(why)) : NULL;
	if (!msg && *buf)
		msg = buf;
	if (!spec)
		spec = mnt_context_get_source(cxt);
	if (msg)
		um_warnx_printable(spec ? spec : "???", msg);
	return rc;
}

/* -v's "unmounted" line, the names escaped as the listing escapes them */
static void unmounted_message(const char *target, const char *source)
{
	char *tgt = um_printable(target), *src = um_printable(source);

	if (src)
		warnx(UL_("%s (%s) unmounted"), tgt, src);
	else
		warnx(UL_("%s unmounted"), tgt);
	free(tgt);
	free(src);
}

static void success_message(struct libmnt_context *cxt)
{
	if (mnt_context_helper_executed(cxt) ||
	    mnt_context_get_status(cxt) != 1 || !mnt_context_get_target(cxt))
		return;
	unmounted_message(mnt_context_get_target(cxt),
			  mnt_context_get_source(cxt));
}

/* -v's second line: what the mode knew of the mount unmounted (@what) */
static void described_message(struct libmnt_context *cxt, const char *what)
{
	char *tgt = um_printable(mnt_context_get_target(cxt));
	char *w = um_printable(what);

	warnx("%s: %s.", tgt, w);
	free(tgt);
	free(w);
}

/*
 * The filesystem's device, for root's look at who still holds it: root in
 * either of its modes (with the series present it is in kernel mode too),
 * never a user's umount through the setuid mode's root child.
 */
static dev_t umounted_devno(const struct run *u, struct libmnt_context *cxt)
{
	if (u->mode == UM_MODE_SETUID || getuid() != 0 || u->quiet)
		return 0;
	return um_mounted_devno(cxt);
}

/* One umount's change and its report, for um_policy_change(). */
struct change {
	struct run *u;
	struct libmnt_context *cxt;
};

/* The umount2, the utab update and the report; returns the exit code. */
static int umount_change(void *arg)
{
	struct change *c = arg;
	struct libmnt_context *cxt = c->cxt;
	dev_t devno = umounted_devno(c->u, cxt);
	bool verbose = mnt_context_is_verbose(cxt);
	char what[256];
	int rc;

	/* the mount is read now: the umount takes it away */
	if (verbose && um_policy_describe_umount(c->u->mode, cxt, what,
						 sizeof(what)) < 0)
		what[0] = '\0';
	/* until the change is recorded in utab and reported */
	um_signals_defer();
	rc = mnt_context_do_umount(cxt);
	rc = mnt_context_finalize_umount(cxt) ?: rc;
	rc = report(c->u, cxt, rc);
	if (rc == MNT_EX_SUCCESS && verbose) {
		success_message(cxt);
		if (what[0] && mnt_context_get_status(cxt) == 1)
			described_message(cxt, what);
	}
	if (rc == MNT_EX_SUCCESS)
		um_report_held_by_users(devno, mnt_context_get_target(cxt));
	um_signals_deliver();
	return rc;
}

/*
 * Is @fs, read from the table earlier, still there (-R, -A take some;
 * fusermount3 should have taken it)?
 * Asked in -N's namespace, where the table was read.
 */
static bool still_mounted(struct libmnt_context *cxt, struct libmnt_fs *fs)
{
	struct libmnt_ns *old = mnt_context_switch_target_ns(cxt);
	uint64_t id;
	bool yes;

	if (!old)
		err(MNT_EX_SYSERR, UL_("failed to switch namespace"));
	yes = um_mount_id(mnt_fs_get_target(fs), &id) == 0 &&
	      id == (uint64_t)mnt_fs_get_id(fs);
	if (!mnt_context_switch_ns(cxt, old))
		err(MNT_EX_SYSERR, UL_("failed to switch namespace"));
	return yes;
}

/*
 * A user's own FUSE mount without the series and the setuid bit:
 * unmounted by fusermount3 (lib/fuse-umount.c), and checked gone.
 */
static int fuse_umount(struct run *u, struct libmnt_context *cxt)
{
	struct libmnt_fs *fs = mnt_context_get_fs(cxt);
	int rc = um_fuse_umount(fs, UM_FUSERMOUNT3, u->lazy);

	if (rc != MNT_EX_SUCCESS)
		return rc;
	if (still_mounted(cxt, fs)) {
		um_warnx_printable(mnt_fs_get_target(fs),
				   _("fusermount3 reported it unmounted, but "
				     "it is still mounted"));
		return MNT_EX_FAIL;
	}
	/* fusermount3 says nothing; util-linux's setuid umount -v would */
	if (mnt_context_is_verbose(cxt))
		unmounted_message(mnt_fs_get_target(fs), mnt_fs_get_source(fs));
	return rc;
}

static int umount_one(struct run *u, struct libmnt_context *cxt,
		      const char *spec)
{
	struct change c = { u, cxt };
	int stop;

	if (mnt_context_set_target(cxt, spec))
		err(MNT_EX_SYSERR, UL_("failed to set umount target"));
	/*
	 * Step by step, not mnt_context_umount(): from 2.39 on libmount
	 * starts a utab "action" (/run/mount/utab.act) before the call and
	 * ends it only in the utab step, which that function skips after a
	 * failed umount2 and finalize does not. Each step returns 0 or an
	 * exit code; libmount's status goes in @u to the report.
	 */
	stop = um_policy_prepare_umount(&u->mode, cxt, spec, &u->status);
	if (!stop && u->status)
		stop = report(u, cxt, u->status);
	else if (!stop && um_policy_umount_by_fusermount(u->mode, cxt,
							 u->forced))
		stop = fuse_umount(u, cxt);
	else if (!stop)
		stop = um_policy_change(u->mode, cxt, "umount", umount_change,
					&c);
	mnt_reset_context(cxt);
	return stop;
}

/*
 * umount -R: children first, deepest first, the given mount last.  A mount
 * below that the kernel will not unmount alone ("not mounted", EINVAL,
 * for a mount still there) is a locked copy of others' mount in a user's
 * recursive bind: it goes only with its parent, whose umount takes it
 * (kernel/README), so it is left to that, unreported.
 */
static int umount_tree(struct run *u, struct libmnt_context *cxt,
		       struct libmnt_table *tb, struct libmnt_fs *fs, bool below)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_BACKWARD);
	struct libmnt_fs *child;
	int rc = MNT_EX_SUCCESS;

	if (!itr)
		err(MNT_EX_SYSERR, UL_("libmount iterator allocation failed"));
	while (rc == MNT_EX_SUCCESS &&
	       mnt_table_next_child_fs(tb, itr, fs, &child) == 0)
		rc = umount_tree(u, cxt, tb, child, true);
	mnt_free_iter(itr);
	if (rc != MNT_EX_SUCCESS || !still_mounted(cxt, fs))
		return rc;
	u->below = below;
	u->not_alone = false;
	rc = umount_one(u, cxt, mnt_fs_get_target(fs));
	/* locked, or gone since the table was read: the parent decides */
	if (u->not_alone)
		rc = MNT_EX_SUCCESS;
	u->below = u->not_alone = false;
	return rc;
}

/*
 * The mount table -R and -A work on: that of -N's namespace if given,
 * paths matched through the context's cache (symbolic links resolved).
 */
static struct libmnt_table *read_table(struct libmnt_context *cxt)
{
	struct libmnt_table *tb = mnt_new_table();
	struct libmnt_ns *old = mnt_context_switch_target_ns(cxt);

	if (!old)
		err(MNT_EX_SYSERR, UL_("failed to switch namespace"));
	if (!tb || mnt_table_parse_mtab(tb, NULL))
		err(MNT_EX_SYSERR, "failed to read mount table");
	if (!mnt_context_switch_ns(cxt, old))
		err(MNT_EX_SYSERR, UL_("failed to switch namespace"));
	mnt_table_set_cache(tb, mnt_context_get_cache(cxt));
	return tb;
}

/* util-linux's words for a name -R or -A finds no mount for */
static int not_mounted(const struct run *u, const char *spec)
{
	char *name;

	if (u->quiet)
		return MNT_EX_USAGE;
	name = um_printable(spec);
	warnx(access(spec, F_OK) == 0 ? UL_("%s: not mounted") : "%s: not found",
	      name);
	free(name);
	return MNT_EX_USAGE;
}

/* umount -R takes a mountpoint only, never a device or source name. */
static int umount_recursive(struct run *u, struct libmnt_context *cxt,
			    const char *spec)
{
	struct libmnt_table *tb = read_table(cxt);
	struct libmnt_fs *fs = mnt_table_find_target(tb, spec,
						     MNT_ITER_BACKWARD);
	int rc;

	/* each mount below is unmounted by its mountpoint, as nothing else */
	mnt_context_disable_swapmatch(cxt, 1);
	rc = fs ? umount_tree(u, cxt, tb, fs, false) : not_mounted(u, spec);
	mnt_unref_table(tb);
	return rc;
}

/*
 * umount -A: every mountpoint of the filesystem @spec names (same device
 * number: bind mounts included) in this namespace, last mounted first.
 * @spec is looked up as umount looks it up (mountpoint, source, tag, loop
 * image file).
 */
static int umount_alltargets(struct run *u, struct libmnt_context *cxt,
			     const char *spec)
{
	struct libmnt_table *tb;
	struct libmnt_fs *fs;
	struct libmnt_iter *itr;
	int rc = mnt_context_find_umount_fs(cxt, spec, &fs);
	dev_t devno;

	if (rc == 1 || rc < 0) {
		rc = rc == 1 ? not_mounted(u, spec) : report(u, cxt, rc);
		mnt_reset_context(cxt);
		return rc;
	}
	if (!mnt_fs_get_srcpath(fs) || !mnt_fs_get_devno(fs))
		errx(MNT_EX_USAGE,
		     "%s: failed to determine source (--all-targets is "
		     "unsupported on systems with regular mtab file).",
		     um_printable(spec));
	devno = mnt_fs_get_devno(fs);
	mnt_reset_context(cxt);	/* @fs was the context's */

	itr = mnt_new_iter(MNT_ITER_BACKWARD);
	if (!itr)
		err(MNT_EX_SYSERR, UL_("libmount iterator allocation failed"));
	tb = read_table(cxt);
	mnt_context_disable_swapmatch(cxt, 1);
	rc = MNT_EX_SUCCESS;
	while (rc == MNT_EX_SUCCESS && mnt_table_next_fs(tb, itr, &fs) == 0) {
		if (mnt_fs_get_devno(fs) != devno || !still_mounted(cxt, fs))
			continue;
		rc = u->recursive ? umount_tree(u, cxt, tb, fs, false) :
				    umount_one(u, cxt, mnt_fs_get_target(fs));
	}
	mnt_free_iter(itr);
	mnt_unref_table(tb);
	return rc;
}

static int umount_all(struct run *u, struct libmnt_context *cxt)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_BACKWARD);
	struct libmnt_fs *fs;
	int mntrc, ignored, rc = 0;

	if (!itr)
		err(MNT_EX_SYSERR, UL_("failed to initialize libmount iterator"));
	um_signals_defer();
	while (mnt_context_next_umount(cxt, itr, &fs, &mntrc, &ignored) == 0) {
		const char *tgt = mnt_fs_get_target(fs);
		int xrc;

		if (ignored) {
			if (mnt_context_is_verbose(cxt))
				um_print_entry(tgt, "ignored");
			continue;
		}
		xrc = report(u, cxt, mntrc);
		if (xrc == MNT_EX_SUCCESS && mnt_context_is_verbose(cxt))
			um_print_entry(tgt, "successfully unmounted");
		rc |= xrc;
		/* stop between two mounts, each recorded and reported */
		um_signals_deliver();
		um_signals_defer();
	}
	um_signals_deliver();
	mnt_free_iter(itr);
	return rc;
}

/*
 * --keep-fstab: is @fs mounted where fstab has a line? The mounts the
 * admin set up for her (a home given with setuser=, mounted at boot by
 * systemd's unit for it) outlive her sessions; what she mounted herself
 * does not (usermount-logout.service). By mount point, as fstab names
 * them: a bind's source there is a path, not mountinfo's device.
 */
static bool in_fstab(struct libmnt_table *fstab, struct libmnt_fs *fs)
{
	return fstab && mnt_table_find_target(fstab, mnt_fs_get_target(fs),
					      MNT_ITER_FORWARD);
}

/* Is @fs one that umount -a --owned was asked for? */
static bool owned_selected(const struct run *u, struct libmnt_fs *fs,
			   struct libmnt_table *fstab)
{
	uid_t owner;

	return um_fs_owner(fs, &owner) == 1 && owner == u->owned_uid &&
	       (!u->types || mnt_fs_match_fstype(fs, u->types)) &&
	       (!u->optpattern || mnt_fs_match_options(fs, u->optpattern)) &&
	       !in_fstab(fstab, fs);
}

/*
 * umount -a --owned[=USER]: every mount USER owns, last mounted first, so
 * that her mounts on her mounts go first; -t and -O narrow the choice. A
 * locked copy in her recursive bind is left to the mount above it, whose
 * umount takes it (as umount -R leaves it). Each failure is reported and
 * the rest still tried, as -a does.
 */
static int umount_owned(struct run *u, struct libmnt_context *cxt)
{
	struct libmnt_iter *itr;
	struct libmnt_table *tb, *fstab = NULL;
	struct libmnt_fs *fs;
	int xrc, rc = um_policy_owned(u->mode);

	if (rc)
		return rc;
	/* no fstab is one with no lines: then nothing is kept */
	if (u->keep_fstab && mnt_context_get_fstab(cxt, &fstab) != 0)
		fstab = NULL;
	/*
	 * Root naming a user unmounts by the names mountinfo gives, which
	 * she may change before each umount (a directory renamed, a link put
	 * in its place): done as her, the kernel refuses what is not hers.
	 */
	if (getuid() == 0 && u->owned_uid != 0) {
		rc = um_privs_become(u->owned_uid);
		if (rc < 0)
			errx(MNT_EX_SYSERR, "cannot act as uid %u: %s",
			     (unsigned int)u->owned_uid, strerror(-rc));
	}
	itr = mnt_new_iter(MNT_ITER_BACKWARD);
	if (!itr)
		err(MNT_EX_SYSERR, UL_("libmount iterator allocation failed"));
	tb = read_table(cxt);
	mnt_context_disable_swapmatch(cxt, 1);
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		if (!owned_selected(u, fs, fstab) || !still_mounted(cxt, fs))
			continue;
		u->below = true;
		u->not_alone = false;
		xrc = umount_one(u, cxt, mnt_fs_get_target(fs));
		if (!u->not_alone)
			rc |= xrc;
		u->below = u->not_alone = false;
	}
	mnt_free_iter(itr);
	mnt_unref_table(tb);
	return rc;
}

/*
 * The options, into @u only: nothing is acted on before the rights are
 * settled (um_policy_arguments(), once, after all of them).
 */
static void parse_args(struct run *u, int argc, char **argv)
{
	int seen[sizeof(exclusive) / sizeof(exclusive[0])] = { 0 };
	struct um_getopt g;
	enum um_setuid_col col;
	int c;

	if (um_getopt_init(&g, options) < 0)
		err(MNT_EX_SYSERR, "out of memory");
	while ((c = um_getopt_next(&g, argc, argv, exclusive, seen)) != -1) {
		col = um_option_setuid(options, c);
		/* ignored only while the setuid rights would still be kept */
		if (!u->uncovered && um_policy_option_ignored(u->mode, col))
			continue;
		/* util-linux ignores a user's -c, and drops its rights for
		 * any other option not in the column */
		if (col == UM_SETUID_DROPS) {
			u->restricted = false;
			u->uncovered = true;
		}
		switch (c) {
		case 'a': u->all = true; break;
		case 'A': u->alltargets = true; break;
		case 'c': u->common.nocanon = true; break;
		case 'd': u->loopdel = true; break;
		case OPT_FAKE: u->common.fake = true; break;
		case 'f': u->forced = true; break;
		case 'i': u->common.nohelpers = true; break;
		case 'l': u->lazy = true; break;
		case 'n': u->common.nomtab = true; break;
		case 'q': u->quiet = true; break;
		case 'r': u->rdonly = true; break;
		case 'R': u->recursive = true; break;
		case 'v': u->common.verbose = true; break;
		case 't': u->types = optarg; break;
		case 'O': u->optpattern = optarg; break;
		case OPT_OWNED:
			u->owned = true;
			if (um_owned_uid(optarg, &u->owned_uid) < 0)
				um_bad_usage(_("--owned: no such user"));
			break;
		case OPT_KEEP_FSTAB: u->keep_fstab = true; break;
		case 'N': u->common.ns = optarg; break;
		case 'h': usage();
		case 'V': um_print_version();
		default:
			um_bad_usage(NULL);
		}
	}
	um_getopt_free(&g);
}

/* The context every umount of the run starts from, in the mode's way. */
static struct libmnt_context *new_context(const struct run *u)
{
	/* Kernel mode: the kernel judges the owner, not libmount's policy */
	struct libmnt_context *cxt = um_policy_new_context(u->mode);

	mnt_context_enable_loopdel(cxt, u->loopdel);
	mnt_context_enable_force(cxt, u->forced);
	mnt_context_enable_lazy(cxt, u->lazy);
	mnt_context_enable_rdonly_umount(cxt, u->rdonly);
	if (u->optpattern &&
	    mnt_context_set_options_pattern(cxt, u->optpattern))
		err(MNT_EX_SYSERR, UL_("failed to set options pattern"));
	um_context_set_common(cxt, &u->common);
	return cxt;
}

/* umount [-A] [-R] NAME...: the sum of the exit codes, as util-linux. */
static int umount_named(struct run *u, struct libmnt_context *cxt, int argc,
			char **argv)
{
	int rc = 0;

	for (; argc > 0; argc--, argv++) {
		char *path = um_policy_umount_path(u->mode, u->restricted,
						  *argv);

		if (u->alltargets)
			rc += umount_alltargets(u, cxt, path ?: *argv);
		else if (u->recursive)
			rc += umount_recursive(u, cxt, path ?: *argv);
		else
			rc += umount_one(u, cxt, path ?: *argv);
		free(path);
	}
	return rc;
}

int main(int argc, char **argv)
{
	struct run u = { 0 };
	struct libmnt_context *cxt;
	int rc;

	/* an owner's umount DIR, done without libmount (lib/fastpath.c) */
	if (um_fast_umount(argc, argv))
		return MNT_EX_SUCCESS;
	u.mode = um_mode_start(argv, false);
	u.restricted = getuid() != 0;
	um_signals_init();
	um_close_stdout_atexit();
	um_nls_init();
	mnt_init_debug(0);

	parse_args(&u, argc, argv);
	argc -= optind;
	argv += optind;
	um_policy_arguments(&u.mode, !u.uncovered);
	cxt = new_context(&u);

	if (u.owned && (!u.all || argc))
		um_bad_usage(_("--owned goes with --all and no names"));
	if (u.keep_fstab && !u.owned)
		um_bad_usage(_("--keep-fstab goes with --all --owned"));
	if (u.owned) {
		rc = umount_owned(&u, cxt);
	} else if (u.all) {
		if (argc)
			um_bad_usage(UL_("unexpected number of arguments"));
		mnt_context_set_fstype_pattern(
			cxt, u.types ? u.types :
				       "noproc,nodevfs,nodevpts,nosysfs,"
				       "norpc_pipefs,nonfsd,noselinuxfs");
		rc = umount_all(&u, cxt);
	} else if (argc < 1) {
		um_bad_usage(UL_("bad usage"));
	} else {
		rc = umount_named(&u, cxt, argc, argv);
	}
	mnt_free_context(cxt);
	return rc < 256 ? rc : 255;
}

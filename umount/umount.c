// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * umount(8) for kernels that know who owns a mount.
 *
 * The mode is decided once, at the start (lib/mode.c). Kernel ownership
 * (lib/kernel-mode.c): the kernel decides whether the caller owns the
 * mount; /proc/self/mountinfo is read again only to say why it refused.
 * The setuid fallback (lib/legacy.c): libmount's restricted context
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
#include "heldby.h"
#include "lazymount.h"
#include "legacy.h"
#include "mode.h"
#include "owner.h"
#include "policy.h"
#include "printable.h"
#include "signals.h"

enum { OPT_FAKE = 0x100 };

static const struct um_option options[] = {
	{ "all", no_argument, 'a', NULL, "unmount all filesystems" },
	{ "all-targets", no_argument, 'A', NULL,
	  "unmount all mountpoints of the given device in this namespace" },
	{ "no-canonicalize", no_argument, 'c', NULL,
	  "do not canonicalize paths" },
	{ "detach-loop", no_argument, 'd', NULL,
	  "if mounted loop device, also free this loop device" },
	{ "fake", no_argument, OPT_FAKE, NULL,
	  "dry run; skip the umount(2) call" },
	{ "force", no_argument, 'f', NULL,
	  "force unmount (in case of an unreachable NFS system)" },
	{ "help", no_argument, 'h', NULL, "display this help" },
	{ "internal-only", no_argument, 'i', NULL,
	  "do not call the umount.<type> helpers" },
	{ "no-mtab", no_argument, 'n', NULL, "do not write to utab" },
	{ "lazy", no_argument, 'l', NULL,
	  "detach the filesystem now, clean up things later" },
	{ "test-opts", required_argument, 'O', "list",
	  "limit the set of filesystems (use with -a)" },
	{ "recursive", no_argument, 'R', NULL,
	  "recursively unmount a target with all its children" },
	{ "read-only", no_argument, 'r', NULL,
	  "in case unmounting fails, try to remount read-only" },
	{ "types", required_argument, 't', "list",
	  "limit the set of filesystem types" },
	{ "verbose", no_argument, 'v', NULL, "say what is being done" },
	{ "version", no_argument, 'V', NULL, "display version" },
	{ "quiet", no_argument, 'q', NULL,
	  "suppress 'not mounted' error messages" },
	{ "namespace", required_argument, 'N', "ns",
	  "perform umount in another namespace" },
	{ NULL, 0, 0, NULL, NULL }
};

/* Options util-linux refuses together, one set a row. */
static const um_excl_t exclusive[] = {
	{ 'A', 'a' },			/* --all-targets, --all */
	{ 'R', 'a' },			/* --recursive, --all */
	{ 'O', 'R', 't' },		/* --test-opts, --recursive, --types */
	{ 'R', 'r' },			/* --recursive, --read-only */
	{ 0 }
};

static enum um_mode mode;
static bool quiet, forced;
/* an ordinary user with util-linux's restricted options only */
static bool restricted;

static void __attribute__((__noreturn__)) usage(void)
{
	printf("Usage:\n"
	       " umount [-hV]\n"
	       " umount -a [options]\n"
	       " umount [options] <source> | <directory>\n\n"
	       "Unmount filesystems; on a kernel with mount ownership, the "
	       "ones you own.\n\nOptions:\n");
	um_usage_options(stdout, options);
	printf("\nFor more details see umount(8).\n");
	exit(MNT_EX_SUCCESS);
}

/* Why was the umount refused? NULL: libmount's message says it. */
static const char *explain(struct libmnt_context *cxt, char *buf, size_t sz)
{
	return um_policy_explain_umount(mode, cxt, forced, buf, sz);
}

static int report(struct libmnt_context *cxt, int rc)
{
	char buf[BUFSIZ] = { 0 }, why[512];
	const char *spec = mnt_context_get_target(cxt), *msg;

	rc = mnt_context_get_excode(cxt, rc, buf, sizeof(buf));
	if (quiet && rc == MNT_EX_FAIL && mnt_context_syscall_called(cxt) &&
	    mnt_context_get_syscall_errno(cxt) == EINVAL)
		return rc;	/* -q: not mounted */
	msg = rc != MNT_EX_SUCCESS ? explain(cxt, why, sizeof(why)) : NULL;
	if (!msg && *buf)
		msg = buf;
	if (!spec)
		spec = mnt_context_get_source(cxt);
	if (msg)
		um_warnx_printable(spec ? spec : "???", msg);
	return rc;
}

static void success_message(struct libmnt_context *cxt)
{
	char *tgt, *src;

	if (mnt_context_helper_executed(cxt) ||
	    mnt_context_get_status(cxt) != 1 || !mnt_context_get_target(cxt))
		return;
	tgt = um_printable(mnt_context_get_target(cxt));
	src = um_printable(mnt_context_get_source(cxt));
	if (src)
		warnx("%s (%s) unmounted", tgt, src);
	else
		warnx("%s unmounted", tgt);
	free(tgt);
	free(src);
}

/* The filesystem's device, for root's look at who still holds it. */
static dev_t umounted_devno(struct libmnt_context *cxt)
{
	if (mode != UM_MODE_PLAIN || geteuid() != 0 || quiet)
		return 0;
	return um_mounted_devno(mnt_context_get_target(cxt));
}

/* The umount2, the utab update and the report; returns the exit code. */
static int umount_change(void *arg)
{
	struct libmnt_context *cxt = arg;
	dev_t devno = umounted_devno(cxt);
	int rc;

	/* until the change is recorded in utab and reported */
	um_signals_defer();
	rc = mnt_context_do_umount(cxt);
	rc = mnt_context_finalize_umount(cxt) ?: rc;
	rc = report(cxt, rc);
	if (rc == MNT_EX_SUCCESS && mnt_context_is_verbose(cxt))
		success_message(cxt);
	if (rc == MNT_EX_SUCCESS)
		um_report_held_by_users(devno, mnt_context_get_target(cxt));
	um_signals_deliver();
	return rc;
}

static int umount_one(struct libmnt_context *cxt, const char *spec)
{
	int rc;

	if (mnt_context_set_target(cxt, spec))
		err(MNT_EX_SYSERR, "failed to set umount target");
	/*
	 * Step by step, not mnt_context_umount(): from 2.39 on libmount
	 * starts a utab "action" (/run/mount/utab.act) before the call and
	 * ends it only in the utab step, which that function skips after a
	 * failed umount2 and finalize does not.
	 */
	rc = um_policy_prepare_umount(&mode, cxt, spec);
	if (!rc)
		rc = um_policy_change(mode, cxt, "umount", umount_change, cxt);
	else
		rc = report(cxt, rc);
	mnt_reset_context(cxt);
	return rc;
}

/*
 * Is @fs, read from the table earlier, still there (-R, -A take some)?
 * Asked in -N's namespace, where the table was read.
 */
static bool still_mounted(struct libmnt_context *cxt, struct libmnt_fs *fs)
{
	struct libmnt_ns *old = mnt_context_switch_target_ns(cxt);
	uint64_t id;
	bool yes;

	if (!old)
		err(MNT_EX_SYSERR, "failed to switch namespace");
	yes = um_mount_id(mnt_fs_get_target(fs), &id) == 0 &&
	      id == (uint64_t)mnt_fs_get_id(fs);
	if (!mnt_context_switch_ns(cxt, old))
		err(MNT_EX_SYSERR, "failed to switch namespace");
	return yes;
}

/* umount -R: children first, deepest first, the given mount last. */
static int umount_tree(struct libmnt_context *cxt, struct libmnt_table *tb,
		       struct libmnt_fs *fs)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_BACKWARD);
	struct libmnt_fs *child;
	int rc = MNT_EX_SUCCESS;

	if (!itr)
		err(MNT_EX_SYSERR, "libmount iterator allocation failed");
	while (rc == MNT_EX_SUCCESS &&
	       mnt_table_next_child_fs(tb, itr, fs, &child) == 0)
		rc = umount_tree(cxt, tb, child);
	mnt_free_iter(itr);
	if (rc == MNT_EX_SUCCESS && still_mounted(cxt, fs))
		rc = umount_one(cxt, mnt_fs_get_target(fs));
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
		err(MNT_EX_SYSERR, "failed to switch namespace");
	if (!tb || mnt_table_parse_mtab(tb, NULL))
		err(MNT_EX_SYSERR, "failed to read mount table");
	if (!mnt_context_switch_ns(cxt, old))
		err(MNT_EX_SYSERR, "failed to switch namespace");
	mnt_table_set_cache(tb, mnt_context_get_cache(cxt));
	return tb;
}

/* util-linux's words for a name -R or -A finds no mount for */
static int not_mounted(const char *spec)
{
	char *name;

	if (quiet)
		return MNT_EX_USAGE;
	name = um_printable(spec);
	warnx(access(spec, F_OK) == 0 ? "%s: not mounted" : "%s: not found",
	      name);
	free(name);
	return MNT_EX_USAGE;
}

/* umount -R takes a mountpoint only, never a device or source name. */
static int umount_recursive(struct libmnt_context *cxt, const char *spec)
{
	struct libmnt_table *tb = read_table(cxt);
	struct libmnt_fs *fs = mnt_table_find_target(tb, spec,
						     MNT_ITER_BACKWARD);
	int rc;

	/* each mount below is unmounted by its mountpoint, as nothing else */
	mnt_context_disable_swapmatch(cxt, 1);
	rc = fs ? umount_tree(cxt, tb, fs) : not_mounted(spec);
	mnt_unref_table(tb);
	return rc;
}

/*
 * umount -A: every mountpoint of the filesystem @spec names (same device
 * number: bind mounts included) in this namespace, last mounted first.
 * @spec is looked up as umount looks it up (mountpoint, source, tag, loop
 * image file).
 */
static int umount_alltargets(struct libmnt_context *cxt, const char *spec,
			     bool recursive)
{
	struct libmnt_table *tb;
	struct libmnt_fs *fs;
	struct libmnt_iter *itr;
	int rc = mnt_context_find_umount_fs(cxt, spec, &fs);
	dev_t devno;

	if (rc == 1 || rc < 0) {
		rc = rc == 1 ? not_mounted(spec) : report(cxt, rc);
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
		err(MNT_EX_SYSERR, "libmount iterator allocation failed");
	tb = read_table(cxt);
	mnt_context_disable_swapmatch(cxt, 1);
	rc = MNT_EX_SUCCESS;
	while (rc == MNT_EX_SUCCESS && mnt_table_next_fs(tb, itr, &fs) == 0) {
		if (mnt_fs_get_devno(fs) != devno || !still_mounted(cxt, fs))
			continue;
		rc = recursive ? umount_tree(cxt, tb, fs) :
				 umount_one(cxt, mnt_fs_get_target(fs));
	}
	mnt_free_iter(itr);
	mnt_unref_table(tb);
	return rc;
}

static int umount_all(struct libmnt_context *cxt)
{
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_BACKWARD);
	struct libmnt_fs *fs;
	int mntrc, ignored, rc = 0;

	if (!itr)
		err(MNT_EX_SYSERR, "failed to initialize libmount iterator");
	um_signals_defer();
	while (mnt_context_next_umount(cxt, itr, &fs, &mntrc, &ignored) == 0) {
		const char *tgt = mnt_fs_get_target(fs);
		int xrc;

		if (ignored) {
			if (mnt_context_is_verbose(cxt))
				um_print_entry(tgt, "ignored");
			continue;
		}
		xrc = report(cxt, mntrc);
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

int main(int argc, char **argv)
{
	struct libmnt_context *cxt;
	int seen[sizeof(exclusive) / sizeof(exclusive[0])] = { 0 };
	struct um_getopt g;
	bool all = false, alltargets = false, recursive = false;
	const char *types = NULL;
	int c, rc = um_fast_umount(argc, argv);

	/* an owner's umount DIR, done without libmount (lib/fastpath.c) */
	if (rc != UM_FAST_DECLINED)
		return rc;
	rc = 0;
	mode = um_mode_start(argv);
	restricted = getuid() != 0;
	um_signals_init();
	um_close_stdout_atexit();
	setlocale(LC_ALL, "");
	mnt_init_debug(0);

	cxt = mnt_new_context();
	if (!cxt)
		err(MNT_EX_SYSERR, "libmount context allocation failed");
	/* Kernel mode: the kernel judges the owner, not libmount's policy */
	um_policy_context(mode, cxt);
	if (um_getopt_init(&g, options) < 0)
		err(MNT_EX_SYSERR, "out of memory");

	while ((c = getopt_long(argc, argv, g.shortopts, g.longopts, NULL)) !=
	       -1) {
		um_check_exclusive(options, exclusive, seen, c);
		if (um_policy_ignored_option(mode, c))
			continue;
		/* util-linux ignores a user's -c, and drops its rights for
		 * any other option not in this list */
		if (c != 'c' && !um_legacy_option_ok(UM_LEGACY_UMOUNT_OPTS, c))
			restricted = false;
		if (!um_policy_option(&mode, UM_LEGACY_UMOUNT_OPTS, c))
			um_policy_context(mode, cxt);	/* plain now */
		switch (c) {
		case 'a': all = true; break;
		case 'A': alltargets = true; break;
		case 'c': mnt_context_disable_canonicalize(cxt, 1); break;
		case 'd': mnt_context_enable_loopdel(cxt, 1); break;
		case OPT_FAKE: mnt_context_enable_fake(cxt, 1); break;
		case 'f':
			forced = true;
			mnt_context_enable_force(cxt, 1);
			break;
		case 'i': mnt_context_disable_helpers(cxt, 1); break;
		case 'l': mnt_context_enable_lazy(cxt, 1); break;
		case 'n': mnt_context_disable_mtab(cxt, 1); break;
		case 'q': quiet = true; break;
		case 'r': mnt_context_enable_rdonly_umount(cxt, 1); break;
		case 'R': recursive = true; break;
		case 'v': mnt_context_enable_verbose(cxt, 1); break;
		case 't': types = optarg; break;
		case 'O':
			if (mnt_context_set_options_pattern(cxt, optarg))
				err(MNT_EX_SYSERR,
				    "failed to set options pattern");
			break;
		case 'N': {
			char *ns = um_ns_path(optarg);

			if (!ns || mnt_context_set_target_ns(cxt, ns))
				err(MNT_EX_SYSERR,
				    "failed to set target namespace to %s",
				    ns ? ns : optarg);
			free(ns);
			break;
		}
		case 'h': usage();
		case 'V': um_print_version();
		default:
			um_bad_usage(NULL);
		}
	}
	um_getopt_free(&g);
	argc -= optind;
	argv += optind;

	if (all) {
		if (argc)
			um_bad_usage("unexpected number of arguments");
		mnt_context_set_fstype_pattern(
			cxt, types ? types :
				     "noproc,nodevfs,nodevpts,nosysfs,"
				     "norpc_pipefs,nonfsd,noselinuxfs");
		rc = umount_all(cxt);
	} else if (argc < 1) {
		um_bad_usage("bad usage");
	} else {
		for (; argc > 0; argc--, argv++) {
			char *path = um_policy_umount_path(mode, restricted,
							  *argv);

			if (alltargets)
				rc += umount_alltargets(cxt, path ?: *argv,
							recursive);
			else if (recursive)
				rc += umount_recursive(cxt, path ?: *argv);
			else
				rc += umount_one(cxt, path ?: *argv);
			free(path);
		}
	}
	mnt_free_context(cxt);
	return rc < 256 ? rc : 255;
}

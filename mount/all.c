// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount -a (with -F, one child a mount) and mount -a -o remount: each
 * entry selected goes through mount_one() with a context of its own, and
 * is counted as util-linux counts it.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "mount.h"
#include "mountinfo-index.h"
#include "printable.h"
#include "nls.h"

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
	if (mount_one(cli, one, NULL) == MNT_EX_SUCCESS) {
		t->done++;
		if (cli->common.verbose && mnt_context_get_status(one))
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
		err(MNT_EX_SYSERR, UL_("fork failed"));
	if (pid == 0) {
		quiet_child();
		mount_one(cli, one, &status);
		_exit(status ? 1 : 0);
	}
	t->children[t->nchildren++] = pid;
	if (cli->common.verbose)
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
 * mount table are read once (the table through lib/mountinfo-index.c's index);
 * each mount gets a fresh context.
 * Returns 0 (all mounted), 32 (none) or 64 (some), as util-linux.
 */
int mount_all(const struct cli *cli)
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
	if (!cli->common.ns && !cli->prefix)
		mounted = um_mounted_new(mnt_context_get_cache(cxt));
	while (mnt_table_next_fs(fstab, itr, &fs) == 0) {
		const char *tgt = mnt_fs_get_target(fs);

		if (!entry_selected(cli, fs)) {
			if (cli->common.verbose)
				um_print_entry(tgt, "ignored");
			continue;
		}
		if (is_mounted(cxt, mounted, fs)) {
			if (cli->common.verbose)
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

/*
 * mount -a -o remount: remount every mounted filesystem that -t and -O
 * select, with the command line's options, as util-linux does; through
 * mount_one(), so an owned mount keeps its owner.
 */
int remount_all(const struct cli *cli)
{
	struct libmnt_context *cxt = new_context(cli);
	struct libmnt_table *tb = NULL;
	struct libmnt_iter *itr = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	struct tally t = { 0 };

	if (!itr || mnt_context_get_mtab(cxt, &tb) || !tb)
		err(MNT_EX_SYSERR, UL_("failed to read mtab"));
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		const char *tgt = mnt_fs_get_target(fs);
		struct libmnt_context *one;

		if (!selected(cli, fs)) {
			if (cli->common.verbose)
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

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount(8) for kernels that know who owns a mount.
 *
 * A thin command line over the libmount context. Which rules apply is
 * decided once, at the start (lib/mode.c); the command line is read
 * (args.c), the rights settled once from it, and one action runs: the
 * listing, one mount (one.c) or all of fstab's (all.c). Each mount goes
 * through the same steps: fstab, options, check, prepare, execute,
 * finalize, report.
 * At each step the mode's policy has its say:
 *  - kernel ownership (lib/policy-kernel.c): the kernel decides; usermount
 *    makes the mount(2) that carries the owner and nomnt, reads back what
 *    the kernel recorded, and explains a refusal;
 *  - setuid (lib/policy-setuid.c): libmount's restricted context applies
 *    the classic fstab policy, as util-linux, with fixed paths;
 *  - setuid on the series (lib/policy-setuid-owned.c): the same policy
 *    for fstab's user lines, whose mounts root then gives to the caller;
 *  - plain (root, or no setuid bit): libmount, as util-linux.
 */
#include <err.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fastpath.h"
#include "list.h"
#include "mount.h"
#include "policy.h"
#include "signals.h"
#include "nls.h"

/* mount [-l] [-t TYPE]: the table as the kernel has it, owners included. */
static int print_all(const struct cli *cli)
{
	struct list_opts o = { .types = cli->types,
				.nocanon = cli->common.nocanon,
				.owned = cli->owned,
				.owner = cli->owned_uid };
	struct libmnt_context *cxt;
	struct libmnt_table *tb = NULL;
	int rc = cli->owned ? um_policy_owned(cli->mode) : 0;

	if (rc)
		return rc;
	rc = LIST_USE_LIBMOUNT;
	if (cli->show_labels && blkid_get_cache(&o.labels, NULL) < 0)
		o.labels = NULL;
	if (!cli->common.ns)
		rc = list_mounts(&o, stdout);
	if (rc == LIST_USE_LIBMOUNT) {
		cxt = new_context(cli);
		if (mnt_context_get_mtab(cxt, &tb) || !tb)
			err(MNT_EX_SYSERR, UL_("failed to read mtab"));
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

int main(int argc, char **argv)
{
	struct cli cli = { .rwonly = -1 };
	char *source = NULL, *target = NULL;
	bool listing;
	int rc;

	/* an owner's mount --bind, done without libmount (lib/fastpath.c) */
	if (um_fast_mount(argc, argv))
		return MNT_EX_SUCCESS;
	cli.mode = um_mode_start(argv, true);
	um_signals_init();
	um_close_stdout_atexit();
	um_nls_init();
	mnt_init_debug(0);

	parse_args(&cli, argc, argv, &source, &target);
	argc -= optind;
	argv += optind;
	listing = !source && !target && argc == 0 && !cli.all;
	if (listing && (cli.oper || cli.optstr || cli.own.setuser))
		um_bad_usage(UL_("bad usage"));
	if (!listing && cli.owned)
		um_bad_usage(_("--owned lists mounts: it takes no source or target"));
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

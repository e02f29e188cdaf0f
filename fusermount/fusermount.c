// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fusermount3 and fusermount: libfuse's mount helper, without privilege.
 *
 * libfuse runs this program when its own mount(2) is refused, and always
 * for -o auto_unmount: "fusermount3 -o OPTS -- MOUNTPOINT" with the
 * socket to pass the /dev/fuse descriptor back on in _FUSE_COMMFD,
 * "fusermount3 --auto-unmount -- MOUNTPOINT" (newer libfuse, Debian
 * 13's 3.17, after mounting by itself) to have its mount removed when
 * the daemon ends, and "fusermount3 -u -q -z -- MOUNTPOINT" to unmount.
 * libfuse 2 runs it as "fusermount", with the same arguments.
 *
 * On a kernel with the mount-ownership series the mount and the umount
 * are the caller's own system calls: the kernel decides, and a refusal
 * is explained from /proc/self/mountinfo. On any other kernel
 * fuse-policy.c hands the whole command line to libfuse's fusermount3.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fusermount.h"

static void __attribute__((__noreturn__)) usage(void)
{
	printf("Usage:\n"
	       " %1$s [options] <mountpoint>\n"
	       "\n"
	       "Mount or unmount a FUSE filesystem for libfuse, as the caller.\n"
	       "\n"
	       "Options:\n"
	       " -o <options>       mount options\n"
	       " -u                 unmount\n"
	       " -z                 lazy unmount (with -u)\n"
	       " -q                 no message when unmounting fails\n"
	       "     --auto-unmount unmount when the filesystem's daemon ends\n"
	       "     --comm-fd <fd> the socket to pass /dev/fuse on\n"
	       "                    (default: $_FUSE_COMMFD)\n"
	       " -h, --help         display this help\n"
	       " -V, --version      display version\n"
	       "\n"
	       "For more details see fusermount3(1).\n",
	       program_invocation_short_name);
	exit(EXIT_SUCCESS);
}

/* Several -o are one option string, as for mount(8). */
static void add_opts(struct fm_cli *cli, const char *opts)
{
	char *joined;

	if (!cli->opts) {
		joined = strdup(opts);
	} else if (asprintf(&joined, "%s,%s", cli->opts, opts) < 0) {
		joined = NULL;
	}
	if (!joined)
		err(EXIT_FAILURE, "cannot allocate memory");
	free(cli->opts);
	cli->opts = joined;
}

static int comm_fd_arg(const char *arg)
{
	char *end;
	long fd;

	fd = strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || fd < 0 || fd > 1 << 20)
		errx(EXIT_FAILURE, "invalid file descriptor: '%s'", arg);
	return (int)fd;
}

static void parse_args(int argc, char **argv, struct fm_cli *cli)
{
	enum { OPT_AUTO_UNMOUNT = 0x100, OPT_COMM_FD };
	static const struct option longopts[] = {
		{ "auto-unmount", no_argument, NULL, OPT_AUTO_UNMOUNT },
		{ "comm-fd", required_argument, NULL, OPT_COMM_FD },
		{ "help", no_argument, NULL, 'h' },
		{ "lazy", no_argument, NULL, 'z' },
		{ "options", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "unmount", no_argument, NULL, 'u' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	cli->comm_fd = -1;
	while ((c = getopt_long(argc, argv, "ho:quVz", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_AUTO_UNMOUNT:
			cli->auto_unmount = true;
			break;
		case OPT_COMM_FD:
			cli->comm_fd = comm_fd_arg(optarg);
			break;
		case 'h':
			usage();
		case 'o':
			add_opts(cli, optarg);
			break;
		case 'q':
			cli->quiet = true;
			break;
		case 'u':
			cli->unmount = true;
			break;
		case 'V':
			printf("%s from %s\n", program_invocation_short_name,
			       PACKAGE_STRING);
			exit(EXIT_SUCCESS);
		case 'z':
			cli->lazy = true;
			break;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n",
				program_invocation_short_name);
			exit(EXIT_FAILURE);
		}
	}
	if (optind >= argc)
		errx(EXIT_FAILURE, "missing mountpoint argument");
	if (optind + 1 < argc)
		errx(EXIT_FAILURE, "extra arguments after the mountpoint");
	cli->mountpoint = argv[optind];
}

int main(int argc, char **argv)
{
	struct fm_cli cli = { 0 };

	/* before anything else: libfuse's fusermount3, or no privilege */
	fm_policy_start(argv);
	parse_args(argc, argv, &cli);
	if (cli.lazy && !cli.unmount)
		errx(EXIT_FAILURE, "-z can only be used with -u");
	if (cli.unmount)
		return fm_unmount(cli.mountpoint, cli.lazy, cli.quiet);
	return fm_mount(&cli);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysmount, sysumount: raw mount(2) and umount2(2) for the kernel tests.
 *
 *   sysmount [-f FLAGS] [-u FSUID] [-s] [-F] [-r COUNT] [-w] SRC TARGET TYPE [DATA]
 *   sysumount [-f] [-l] [-n] [-r COUNT] TARGET
 *
 * FLAGS is a comma list of numbers (any base strtoul takes) and names:
 * rdonly nosuid nodev noexec remount bind move rec private slave shared
 * unbindable silent noatime strictatime lazytime nosymfollow setuser nomnt
 * (setuser and nomnt are the series' MS_SETUSER and MS_NOMNT, from
 * lib/abi.h).
 *   -u FSUID  setfsuid(FSUID) first: an administrator handing a mount over
 *   -s        mount on TARGET itself even if it is a symlink (O_PATH fd)
 *   -F        open /dev/fuse and replace "%fd" in DATA with its number;
 *             the fd is closed on exit, so the connection dies with us
 *   -r COUNT  do it COUNT times (stacked mounts, repeated umounts)
 *   -w        a racer: try up to COUNT times until one mount succeeds
 *             (a user waiting for a mount to become hers)
 * umount: -f MNT_FORCE, -l MNT_DETACH, -n UMOUNT_NOFOLLOW.
 *
 * On failure print "PROG: ...: STRERROR (ENAME)" and exit with a status
 * per errno: 1 EPERM, 3 EINVAL, 4 EBUSY, 5 ENOENT, 6 ENOTDIR, 7 EACCES,
 * 8 ENODEV, 9 anything else; 2 is a usage error.
 */
#ifndef _GNU_SOURCE /* config.h has it in the build */
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/mount.h>
#include <unistd.h>

#include "abi.h"

#ifndef UMOUNT_NOFOLLOW
#define UMOUNT_NOFOLLOW 8
#endif

static const char *prog = "sysmount";

static const struct {
	const char *name;
	unsigned long flag;
} names[] = {
	{ "rdonly", MS_RDONLY },	 { "nosuid", MS_NOSUID },
	{ "nodev", MS_NODEV },		 { "noexec", MS_NOEXEC },
	{ "remount", MS_REMOUNT },	 { "bind", MS_BIND },
	{ "move", MS_MOVE },		 { "rec", MS_REC },
	{ "private", MS_PRIVATE },	 { "slave", MS_SLAVE },
	{ "shared", MS_SHARED },	 { "unbindable", MS_UNBINDABLE },
	{ "silent", MS_SILENT },	 { "noatime", MS_NOATIME },
	{ "strictatime", MS_STRICTATIME }, { "lazytime", MS_LAZYTIME },
	{ "nosymfollow", MS_NOSYMFOLLOW },
	{ "setuser", UM_MS_SETUSER }, { "nomnt", UM_MS_NOMNT },
};

static int status_for(int err)
{
	switch (err) {
	case EPERM: return 1;
	case EINVAL: return 3;
	case EBUSY: return 4;
	case ENOENT: return 5;
	case ENOTDIR: return 6;
	case EACCES: return 7;
	case ENODEV: return 8;
	default: return 9;
	}
}

static int fail(const char *what, int err)
{
	const char *ename = strerrorname_np(err);

	fprintf(stderr, "%s: %s: %s (%s)\n", prog, what, strerror(err),
		ename ? ename : "?");
	return status_for(err);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: sysmount [-f FLAGS] [-u FSUID] [-s] [-F] [-r COUNT] [-w] SRC TARGET TYPE [DATA]\n"
		"       sysumount [-f] [-l] [-n] [-r COUNT] TARGET\n");
	exit(2);
}

static unsigned long parse_flags(char *s)
{
	unsigned long flags = 0;
	char *tok, *end;
	size_t i;

	for (tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
		errno = 0;
		unsigned long v = strtoul(tok, &end, 0);

		if (!errno && end != tok && !*end) {
			flags |= v;
			continue;
		}
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (!strcmp(tok, names[i].name))
				break;
		if (i == sizeof(names) / sizeof(names[0])) {
			fprintf(stderr, "%s: unknown flag %s\n", prog, tok);
			exit(2);
		}
		flags |= names[i].flag;
	}
	return flags;
}

/* replace each "%fd" in data with fd */
static char *subst_fd(const char *data, int fd)
{
	size_t len = strlen(data) + 64;
	char *res = malloc(len * 4), *o = res;
	const char *p;

	if (!res)
		exit(9);
	for (p = data; *p;) {
		if (!strncmp(p, "%fd", 3)) {
			o += sprintf(o, "%d", fd);
			p += 3;
		} else {
			*o++ = *p++;
		}
	}
	*o = 0;
	return res;
}

static int do_umount(int argc, char **argv)
{
	int flags = 0, count = 1, opt, i;

	while ((opt = getopt(argc, argv, "flnr:")) != -1) {
		switch (opt) {
		case 'f': flags |= MNT_FORCE; break;
		case 'l': flags |= MNT_DETACH; break;
		case 'n': flags |= UMOUNT_NOFOLLOW; break;
		case 'r': count = atoi(optarg); break;
		default: usage();
		}
	}
	if (argc - optind != 1)
		usage();
	for (i = 1; i <= count; i++) {
		if (umount2(argv[optind], flags)) {
			char what[64];

			snprintf(what, sizeof(what), "umount %d of %d", i,
				 count);
			return fail(what, errno);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long flags = 0;
	const char *src, *type, *data = NULL;
	char target[64], what[64];
	const char *tgt;
	int opt, sym = 0, fuse = 0, count = 1, fsuid = -1, race = 0, i;

	prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	if (strstr(prog, "umount"))
		return do_umount(argc, argv);

	while ((opt = getopt(argc, argv, "f:u:sFr:w")) != -1) {
		switch (opt) {
		case 'f': flags |= parse_flags(optarg); break;
		case 'u': fsuid = atoi(optarg); break;
		case 's': sym = 1; break;
		case 'F': fuse = 1; break;
		case 'r': count = atoi(optarg); break;
		case 'w': race = 1; break;
		default: usage();
		}
	}
	if (argc - optind < 3 || argc - optind > 4)
		usage();
	src = argv[optind];
	tgt = argv[optind + 1];
	type = argv[optind + 2];
	if (argc - optind == 4)
		data = argv[optind + 3];

	if (sym) {
		int fd = open(tgt, O_PATH | O_NOFOLLOW);

		if (fd < 0)
			return fail("open target", errno);
		snprintf(target, sizeof(target), "/proc/self/fd/%d", fd);
		tgt = target;
	}
	if (fuse) {
		int fd = open("/dev/fuse", O_RDWR);

		if (fd < 0)
			return fail("open /dev/fuse", errno);
		if (data)
			data = subst_fd(data, fd);
	}
	if (fsuid >= 0) {
		setfsuid(fsuid);
		if (setfsuid(-1) != fsuid) {
			fprintf(stderr, "%s: setfsuid(%d) failed\n", prog,
				fsuid);
			return 9;
		}
	}
	for (i = 1; i <= count; i++) {
		if (race) {
			if (mount(src, tgt, type, flags, data) == 0)
				return 0;
			if (i < count)
				continue;
		}
		if (race || mount(src, tgt, type, flags, data)) {
			snprintf(what, sizeof(what), "mount %d of %d", i,
				 count);
			return fail(count > 1 ? what : "mount", errno);
		}
	}
	return 0;
}

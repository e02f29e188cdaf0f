// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * newapi: the new mount API's calls, one per run, for the kernel tests.
 * The series leaves them to the namespace administrator, but for
 * mount_setattr() of the flags of an owner's own mounts (kernel/6.12 0027,
 * kernel/6.1 0025): an owner must get EPERM from the others, on a mount
 * of their own too.
 *
 *   newapi fsopen TYPE           fsopen(TYPE)
 *   newapi fspick PATH           fspick(PATH)
 *   newapi clone SRC TARGET      open_tree(SRC, OPEN_TREE_CLONE), then
 *                                move_mount() of the copy onto TARGET
 *   newapi move SRC TARGET       move_mount(SRC, TARGET)
 *   newapi setattr PATH ATTR...  mount_setattr(PATH): ATTR is +rdonly,
 *                                -nosuid, -nodev, +noexec, ..., +noatime
 *                                or +strictatime (the atime mode, which
 *                                clears the old one), rec (AT_RECURSIVE)
 *                                or private (the propagation)
 *
 * Success exits 0; a failed call prints "newapi: CALL: STRERROR (ENAME)"
 * and exits 1; 2 is a usage error.
 */
#ifndef _GNU_SOURCE /* config.h has it in the build */
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

static const struct {
	const char *name;
	unsigned long long attr;
} attrs[] = {
	{ "rdonly", MOUNT_ATTR_RDONLY },   { "nosuid", MOUNT_ATTR_NOSUID },
	{ "nodev", MOUNT_ATTR_NODEV },	   { "noexec", MOUNT_ATTR_NOEXEC },
	{ "nosymfollow", MOUNT_ATTR_NOSYMFOLLOW },
};

static int failed(const char *call)
{
	const char *ename = strerrorname_np(errno);

	fprintf(stderr, "newapi: %s: %s (%s)\n", call, strerror(errno),
		ename ? ename : "?");
	return 1;
}

static int usage(void)
{
	fputs("usage: newapi fsopen TYPE | fspick PATH | clone SRC TARGET |\n"
	      "              move SRC TARGET | setattr PATH [+-]ATTR...\n",
	      stderr);
	return 2;
}

static int parse_attr(const char *word, struct mount_attr *ma)
{
	size_t i;

	for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++) {
		if (strcmp(word + 1, attrs[i].name))
			continue;
		if (word[0] == '+')
			ma->attr_set |= attrs[i].attr;
		else if (word[0] == '-')
			ma->attr_clr |= attrs[i].attr;
		else
			return -1;
		return 0;
	}
	return -1;
}

static int do_setattr(int argc, char **argv)
{
	struct mount_attr ma = { 0 };
	unsigned int flags = 0;
	int i;

	for (i = 3; i < argc; i++) {
		if (!strcmp(argv[i], "rec")) {
			flags |= AT_RECURSIVE;
		} else if (!strcmp(argv[i], "private")) {
			ma.propagation = MS_PRIVATE;
		} else if (!strcmp(argv[i], "+noatime")) {
			ma.attr_clr |= MOUNT_ATTR__ATIME;
			ma.attr_set |= MOUNT_ATTR_NOATIME;
		} else if (!strcmp(argv[i], "+strictatime")) {
			ma.attr_clr |= MOUNT_ATTR__ATIME;
			ma.attr_set |= MOUNT_ATTR_STRICTATIME;
		} else if (parse_attr(argv[i], &ma)) {
			return usage();
		}
	}
	if (mount_setattr(AT_FDCWD, argv[2], flags, &ma, sizeof(ma)))
		return failed("mount_setattr");
	return 0;
}

static int do_clone(const char *src, const char *target)
{
	int fd = open_tree(AT_FDCWD, src, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);

	if (fd < 0)
		return failed("open_tree");
	if (move_mount(fd, "", AT_FDCWD, target, MOVE_MOUNT_F_EMPTY_PATH))
		return failed("move_mount");
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return usage();
	if (!strcmp(argv[1], "fsopen")) {
		if (fsopen(argv[2], FSOPEN_CLOEXEC) < 0)
			return failed("fsopen");
		return 0;
	}
	if (!strcmp(argv[1], "fspick")) {
		if (fspick(AT_FDCWD, argv[2], FSPICK_CLOEXEC) < 0)
			return failed("fspick");
		return 0;
	}
	if (!strcmp(argv[1], "setattr"))
		return do_setattr(argc, argv);
	if (argc != 4)
		return usage();
	if (!strcmp(argv[1], "clone"))
		return do_clone(argv[2], argv[3]);
	if (!strcmp(argv[1], "move")) {
		if (move_mount(AT_FDCWD, argv[2], AT_FDCWD, argv[3], 0))
			return failed("move_mount");
		return 0;
	}
	return usage();
}

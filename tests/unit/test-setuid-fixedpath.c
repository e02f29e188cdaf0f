// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/setuid-fixedpath.c on a real tree: which paths only root can
 * change. Needs root to give directories to another owner; skipped (77)
 * otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "setuid-fixedpath.h"
#include "tap.h"

static char top[] = "/tmp/um-fixedpath.XXXXXX", path[256];

static const char *at(const char *rel)
{
	snprintf(path, sizeof(path), "%s/%s", top, rel);
	return path;
}

static void mk(const char *rel, mode_t mode, uid_t uid)
{
	if (mkdir(at(rel), mode) < 0 || chmod(path, mode) < 0 ||
	    chown(path, uid, (gid_t)-1) < 0) {
		perror(path);
		exit(99);
	}
}

static int fixed(const char *rel)
{
	char why[256];

	return um_path_fixed(at(rel), why, sizeof(why)) == 0;
}

int main(void)
{
	char target[256];

	if (geteuid() != 0)
		return 77;
	if (!mkdtemp(top) || chmod(top, 0755) < 0)
		return 99;
	mk("root", 0755, 0);
	mk("root/m", 0755, 0);
	mk("user", 0755, 2001);
	mk("user/m", 0755, 2001);
	mk("sticky", 01777, 0);
	mk("sticky/hers", 0755, 2001);
	mk("sticky/roots", 0755, 0);
	mk("wide", 0777, 0);
	snprintf(target, sizeof(target), "%s", at("root"));
	if (symlink(target, at("link")) < 0)
		return 99;

	CHECK(fixed("root/m"), "below root-only directories");
	CHECK(fixed("user"), "a user's directory in a root-only one");
	CHECK(!fixed("user/m"), "below a user's directory");
	CHECK(fixed("sticky/roots"), "root's entry of a sticky directory");
	CHECK(!fixed("sticky/hers"), "a user's entry of a sticky directory");
	CHECK(!fixed("sticky/none"), "absent in a sticky directory");
	CHECK(fixed("root/none/deeper"), "absent where only root creates");
	CHECK(!fixed("wide/x"), "below a world-writable, not sticky one");
	CHECK(!fixed("link/m"), "through a symbolic link");
	CHECK(!fixed("link"), "a symbolic link itself");
	CHECK(um_path_fixed("relative", path, sizeof(path)) < 0,
	      "a relative path");

	if (system(strcat(strcpy(path, "rm -rf "), top)) != 0)
		return 99;
	return tap_done();
}

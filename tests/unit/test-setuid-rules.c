// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The recorded user of a setuid-mode mount is compared as a whole name, on
 * the mount libmount would unmount. The second part needs root (a private
 * mount namespace with a real tmpfs, utab and fstab of its own through
 * LIBMOUNT_UTAB and LIBMOUNT_FSTAB); it is skipped otherwise. The caller
 * is root there, so "root" is the caller's name.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "setuid-rules.h"
#include "tap.h"

static void names(void)
{
	CHECK(um_setuid_user_is("user=alice", "alice") == 1, "alice is alice");
	CHECK(um_setuid_user_is("user=alice", "alice2") == -1,
	      "alice2 is not alice");
	CHECK(um_setuid_user_is("user=alice2", "alice") == -1,
	      "alice is not alice2");
	CHECK(um_setuid_user_is("user=alice", "") == -1, "empty name");
	CHECK(um_setuid_user_is("user=alice", NULL) == -1, "unknown caller");
	CHECK(um_setuid_user_is("user=", "") == -1,
	      "an empty recorded name is no one's");
	CHECK(um_setuid_user_is("x-foo,user=bob", "bob") == 1,
	      "found after other options");
	CHECK(um_setuid_user_is("users", "bob") == 0, "nothing recorded");
	CHECK(um_setuid_user_is(NULL, "bob") == 0, "no options");
	CHECK(um_setuid_user_is("user_id=1", "1") == 0, "user_id is not user");
}

static char top[] = "/tmp/um-setuid.XXXXXX", mnt[64], utab[64], fstab[64];

static void put(const char *file, const char *line)
{
	FILE *f = fopen(file, "w");

	if (!f || fputs(line, f) < 0 || fclose(f) != 0) {
		perror(file);
		exit(99);
	}
}

/* um_setuid_may_umount() for @spec with this utab and fstab line. */
static bool may(const char *spec, const char *utab_opts, const char *fopts)
{
	struct libmnt_context *cxt = mnt_new_context();
	char line[256];
	bool ok;

	snprintf(line, sizeof(line), "SRC=umlookup TARGET=%s ROOT=/ OPTS=%s\n",
		 mnt, utab_opts);
	put(utab, line);
	snprintf(line, sizeof(line), "umlookup %s tmpfs %s 0 0\n", mnt, fopts);
	put(fstab, line);
	if (!cxt) {
		perror("mnt_new_context");
		exit(99);
	}
	ok = um_setuid_may_umount(cxt, spec);
	mnt_free_context(cxt);
	return ok;
}

static void lookup(void)
{
	if (geteuid() != 0 || unshare(CLONE_NEWNS) < 0 ||
	    mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) < 0 ||
	    !mkdtemp(top)) {
		printf("# lookup: skipped (needs root and mount namespaces)\n");
		return;
	}
	snprintf(mnt, sizeof(mnt), "%s/m", top);
	snprintf(utab, sizeof(utab), "%s/utab", top);
	snprintf(fstab, sizeof(fstab), "%s/fstab", top);
	if (mkdir(mnt, 0755) < 0 ||
	    mount("umlookup", mnt, "tmpfs", 0, NULL) < 0) {
		perror(mnt);
		exit(99);
	}
	setenv("LIBMOUNT_UTAB", utab, 1);
	setenv("LIBMOUNT_FSTAB", fstab, 1);

	CHECK(may(mnt, "user=root", "user"), "recorded caller, by target");
	CHECK(may("umlookup", "user=root", "user"),
	      "recorded caller, by source");
	CHECK(!may(mnt, "user=roo", "user"), "a prefix of the caller's name");
	CHECK(!may("umlookup", "user=roo", "user"),
	      "a prefix of the caller's name, by source");
	CHECK(!may(mnt, "user=rootx", "user"), "a longer name");
	CHECK(!may("umlookup", "user=alice", "user"), "someone else, by source");
	CHECK(may("umlookup", "user=alice", "users"), "users: anyone");
	CHECK(may("/nowhere", "user=alice", "user"),
	      "not mounted: libmount says so");

	umount(mnt);
	unlink(utab);
	unlink(fstab);
	rmdir(mnt);
	rmdir(top);
}

int main(void)
{
	names();
	lookup();
	return tap_done();
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The series' option words: "setuser[=USER]" and "nomnt".
 *
 * They are mount(2) flags, not filesystem options, and libmount does not
 * know them: they are taken out of an option string before libmount sees
 * it, and turned into UM_MS_SETUSER/UM_MS_NOMNT at the last step.
 */
#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lazymount.h"

#include "abi.h"
#include "owner.h"
#include "owner-opts.h"

int um_ownopts_set_user(struct um_ownopts *o, const char *user)
{
	if (user && !*user)
		return -EINVAL;
	free(o->user);
	o->user = user ? strdup(user) : NULL;
	if (user && !o->user)
		return -ENOMEM;
	o->setuser = true;
	return 0;
}

/*
 * Remove every setuser and nomnt from *@optstr (which may become NULL) and
 * record them in @o; the last setuser=USER wins, as the last of any option
 * does. Returns 0, or -EINVAL for "setuser=" with an empty value.
 */
int um_ownopts_take(char **optstr, struct um_ownopts *o)
{
	char *val;
	size_t sz;
	int rc;

	while (*optstr &&
	       mnt_optstr_get_option(*optstr, UM_OPT_SETUSER, &val, &sz) == 0) {
		char *user = NULL;

		if (val) {
			if (sz == 0)
				return -EINVAL;
			user = strndup(val, sz);
			if (!user)
				return -ENOMEM;
		}
		rc = um_ownopts_set_user(o, user);
		free(user);
		if (rc)
			return rc;
		if (mnt_optstr_remove_option(optstr, UM_OPT_SETUSER) < 0)
			return -EINVAL;
	}
	while (*optstr &&
	       mnt_optstr_get_option(*optstr, UM_OPT_NOMNT, NULL, NULL) == 0) {
		o->nomnt = true;
		if (mnt_optstr_remove_option(optstr, UM_OPT_NOMNT) < 0)
			return -EINVAL;
	}
	if (*optstr && !**optstr) {
		free(*optstr);
		*optstr = NULL;
	}
	return 0;
}

void um_ownopts_free(struct um_ownopts *o)
{
	free(o->user);
	memset(o, 0, sizeof(*o));
}

unsigned long um_ownopts_mflags(const struct um_ownopts *o)
{
	return (o->setuser ? UM_MS_SETUSER : 0) | (o->nomnt ? UM_MS_NOMNT : 0);
}

/* A user name, or a uid written as a plain decimal number. */
int um_resolve_user(const char *name, uid_t *uid)
{
	struct passwd *pw;

	errno = 0;
	pw = getpwnam(name);
	if (pw) {
		*uid = pw->pw_uid;
		return 0;
	}
	if (um_parse_uid(name, strlen(name), uid) == 0)
		return 0;
	return errno ? -errno : -ENOENT;
}

/* --owned[=USER]: USER's uid, or without USER the caller's. */
int um_owned_uid(const char *arg, uid_t *uid)
{
	if (!arg) {
		*uid = getuid();
		return 0;
	}
	return um_resolve_user(arg, uid);
}

/*
 * Drop a kernel-printed owner (user=UID) from an option string that
 * libmount built from the mount table for a remount: the owner is a mount
 * flag (MS_SETUSER), not a filesystem option, and the filesystem would
 * reject it. A plain "user" (the fstab policy word) is left alone.
 */
int um_ownopts_drop_owner(char **optstr)
{
	uid_t uid;

	while (*optstr && um_opts_owner(*optstr, &uid) == 1) {
		if (mnt_optstr_remove_option(optstr, UM_OPT_OWNER) < 0)
			return -EINVAL;
	}
	return 0;
}

/*
 * The first of fstab's policy words in @opts (user, users, owner, group:
 * util-linux's for a line users may mount), or NULL. With the series
 * they grant nothing; the kernel's rules decide.
 */
const char *um_ownopts_policy_word(const char *opts)
{
	static const char *const words[] = { "user", "users", "owner",
					     "group" };
	size_t i;

	for (i = 0; opts && i < sizeof(words) / sizeof(words[0]); i++)
		if (mnt_optstr_get_option(opts, words[i], NULL, NULL) == 0)
			return words[i];
	return NULL;
}

/*
 * Drop the policy words from a mount root gives to a user: the kernel's
 * owner replaces them, and libmount would record them in root's utab, a
 * line her umount cannot take out (umount.8, exit status 16).
 */
int um_ownopts_drop_policy(char **optstr)
{
	const char *word;

	while (*optstr && (word = um_ownopts_policy_word(*optstr)))
		if (mnt_optstr_remove_option(optstr, word) < 0)
			return -EINVAL;
	return 0;
}

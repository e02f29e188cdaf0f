/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_OWNER_OPTS_H
#define USERMOUNT_OWNER_OPTS_H

#include <stdbool.h>
#include <sys/types.h>

/* What the series' option words ask of one mount. */
struct um_ownopts {
	bool setuser;	/* setuser[=USER] or --setuser[=USER] */
	char *user;	/* USER as given; NULL means the caller */
	bool nomnt;
};

int um_ownopts_take(char **optstr, struct um_ownopts *o);
int um_ownopts_set_user(struct um_ownopts *o, const char *user);
void um_ownopts_free(struct um_ownopts *o);
unsigned long um_ownopts_mflags(const struct um_ownopts *o);
int um_resolve_user(const char *name, uid_t *uid);
int um_owned_uid(const char *arg, uid_t *uid);
const char *um_ownopts_policy_word(const char *opts);
int um_ownopts_drop_policy(char **optstr);
int um_ownopts_drop_owner(char **optstr);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_XMOUNT_OPTS_H
#define USERMOUNT_XMOUNT_OPTS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * What the mount options of util-linux 2.39 to 2.42 that usermount carries
 * out itself ask of one mount (lib/xmount-opts.c takes them out of the option
 * string, lib/xmount.c applies them).
 */
struct um_xopts {
	uid_t owner;		/* X-mount.owner=, or (uid_t)-1 */
	gid_t group;		/* X-mount.group=, or (gid_t)-1 */
	mode_t mode;		/* X-mount.mode=, or (mode_t)-1 */
	uint64_t rec_set;	/* MOUNT_ATTR_* of the OPT=recursive words */
	uint64_t rec_clr;
	char *idmap;		/* X-mount.idmap= as given, unquoted */
	bool noloop;		/* X-mount.noloop, where libmount lacks it */
	bool nocanon_source;	/* X-mount.nocanonicalize[=source|target] */
	bool nocanon_target;
	char *auto_fstypes;	/* X-mount.auto-fstypes=, below 2.41 */
	bool auto_given;	/* the first one counts, as in libmount */
	char *bad;		/* the word that did not parse */
};

/*
 * Every X-mount.* word the tools read: those lib/xmount-opts.c takes, and
 * libmount 2.38's own two (mkdir, subdir), which usermount only looks at.
 * One table, so that the parser, the policy and the shell completion
 * (completion/gen-words.c prints it) cannot name different words.
 */
enum um_xmount_id {
	UM_XM_OWNER,
	UM_XM_GROUP,
	UM_XM_MODE,
	UM_XM_IDMAP,
	UM_XM_NOLOOP,
	UM_XM_NOCANONICALIZE,
	UM_XM_AUTO_FSTYPES,
	UM_XM_MKDIR,
	UM_XM_SUBDIR,
	UM_XM_COUNT
};

struct um_xmount_word {
	const char *name;
	char value;	/* '=': takes a value, '?': may take one, 0: none */
};

extern const struct um_xmount_word um_xmount_words[UM_XM_COUNT];

/*
 * The libmount at hand carries out noloop, nocanonicalize and auto-fstypes
 * in its prepare step itself (2.41 and on).
 */
#define UM_XOPTS_LIB_PREPARE 0x1

void um_xopts_init(struct um_xopts *x);
int um_xopts_take(char **optstr, struct um_xopts *x, unsigned int lib);
int um_xopts_take_recursive(char **optstr, struct um_xopts *x);
void um_xopts_add_recursive(struct um_xopts *x, const struct um_xopts *later);
bool um_xopts_post_mount(const struct um_xopts *x);
void um_xopts_free(struct um_xopts *x);
unsigned int um_xopts_lib_features(void);
uint64_t um_xopts_vfs_attr(const char *vfs);

#endif

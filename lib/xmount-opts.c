// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mount options of util-linux 2.39 to 2.42 that libmount 2.38 lacks:
 * X-mount.owner=, X-mount.group=, X-mount.mode=, X-mount.idmap=, the
 * OPT=recursive words (ro=recursive, nosuid=recursive, ...), and, below
 * libmount 2.41, X-mount.noloop, X-mount.nocanonicalize[=TYPE] and
 * X-mount.auto-fstypes=LIST.
 *
 * Each is applied exactly once, whichever libmount runs:
 *  - owner, group, mode, idmap and =recursive are always taken out of the
 *    option string here, before libmount's prepare step, so that no
 *    libmount sees them, and lib/xmount.c applies them after the mount.
 *    (2.41 would act on owner, group and mode only in the "post" stage of
 *    mnt_context_mount(), which usermount's step-by-step mount never
 *    reaches, and on idmap and =recursive only when it makes the mount
 *    itself through the fd-based API; taking them out is the one way that
 *    holds for every mount usermount makes, its own mount(2) included.)
 *  - noloop, nocanonicalize and auto-fstypes act inside libmount's
 *    prepare step; the library's version, read at run time
 *    (um_xopts_lib_features()), tells whether it knows them (2.41 and on):
 *    then they stay in the string for libmount, else they are taken out
 *    and mount(8) applies them.
 *  - libmount 2.41 keeps no value of ro and rw in the options it merges,
 *    so the =recursive words are taken from the command line as given
 *    (um_xopts_take_recursive()) and from the fstab entry itself
 *    (lib/xmount.c), before libmount sees either.
 */
#include <errno.h>
#include <grp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include "lazymount.h"
#include "libmount-env.h"
#include "owner-opts.h"
#include "xmount-opts.h"

void um_xopts_init(struct um_xopts *x)
{
	memset(x, 0, sizeof(*x));
	x->owner = (uid_t)-1;
	x->group = (gid_t)-1;
	x->mode = (mode_t)-1;
}

void um_xopts_free(struct um_xopts *x)
{
	free(x->idmap);
	free(x->auto_fstypes);
	free(x->bad);
	um_xopts_init(x);
}

/* Does anything have to be done to the mount after mount(2)? */
bool um_xopts_post_mount(const struct um_xopts *x)
{
	return x->owner != (uid_t)-1 || x->group != (gid_t)-1 ||
	       x->mode != (mode_t)-1 || x->rec_set || x->rec_clr || x->idmap;
}

/* What the libmount in use does itself (2.41 and on: prepares them). */
unsigned int um_xopts_lib_features(void)
{
	return um_libmount_at_least(2, 41) ? UM_XOPTS_LIB_PREPARE : 0;
}

/* VFS words that take "=recursive" (mount_setattr(2)'s attributes). */
static const struct {
	const char *name;
	uint64_t set, clr;
} rec_words[] = {
	{ "ro", MOUNT_ATTR_RDONLY, 0 },
	{ "rw", 0, MOUNT_ATTR_RDONLY },
	{ "nosuid", MOUNT_ATTR_NOSUID, 0 },
	{ "suid", 0, MOUNT_ATTR_NOSUID },
	{ "nodev", MOUNT_ATTR_NODEV, 0 },
	{ "dev", 0, MOUNT_ATTR_NODEV },
	{ "noexec", MOUNT_ATTR_NOEXEC, 0 },
	{ "exec", 0, MOUNT_ATTR_NOEXEC },
	{ "nodiratime", MOUNT_ATTR_NODIRATIME, 0 },
	{ "diratime", 0, MOUNT_ATTR_NODIRATIME },
	{ "nosymfollow", MOUNT_ATTR_NOSYMFOLLOW, 0 },
	{ "symfollow", 0, MOUNT_ATTR_NOSYMFOLLOW },
	/* the atime modes are one field: each word sets all of it; the
	 * ones that only undo another mean the kernel's default, relatime */
	{ "noatime", MOUNT_ATTR_NOATIME, MOUNT_ATTR__ATIME },
	{ "relatime", MOUNT_ATTR_RELATIME, MOUNT_ATTR__ATIME },
	{ "strictatime", MOUNT_ATTR_STRICTATIME, MOUNT_ATTR__ATIME },
	{ "atime", MOUNT_ATTR_RELATIME, MOUNT_ATTR__ATIME },
	{ "norelatime", MOUNT_ATTR_RELATIME, MOUNT_ATTR__ATIME },
	{ "nostrictatime", MOUNT_ATTR_RELATIME, MOUNT_ATTR__ATIME },
};

/*
 * The MOUNT_ATTR_* flags mountinfo's per-mount options show (@vfs: its
 * field 6, "rw,nosuid,relatime"), by the same words.
 */
uint64_t um_xopts_vfs_attr(const char *vfs)
{
	char *opts = (char *)vfs, *name, *val;
	size_t nsz, vsz, i;
	uint64_t attr = 0;

	while (opts && mnt_optstr_next_option(&opts, &name, &nsz, &val,
					      &vsz) == 0) {
		for (i = 0; i < sizeof(rec_words) / sizeof(rec_words[0]); i++) {
			if (strlen(rec_words[i].name) != nsz ||
			    strncmp(rec_words[i].name, name, nsz) != 0)
				continue;
			attr &= ~rec_words[i].clr;
			attr |= rec_words[i].set;
		}
	}
	return attr;
}

/* @name=recursive: note its attribute (the last word wins). */
static bool take_recursive(struct um_xopts *x, const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(rec_words) / sizeof(rec_words[0]); i++) {
		if (strcmp(rec_words[i].name, name) != 0)
			continue;
		x->rec_set &= ~(rec_words[i].set | rec_words[i].clr);
		x->rec_clr &= ~(rec_words[i].set | rec_words[i].clr);
		x->rec_set |= rec_words[i].set;
		x->rec_clr |= rec_words[i].clr;
		return true;
	}
	return false;
}

static int parse_number(const char *s, int base, unsigned long max,
			unsigned long *out)
{
	char *end;

	errno = 0;
	*out = strtoul(s, &end, base);
	return !*s || *end || errno || *out > max || *s == '-' ? -EINVAL : 0;
}

/* A group name, or a number (users: um_resolve_user(), as setuser=). */
static int parse_group(const char *v, gid_t *gid)
{
	struct group *gr = getgrnam(v);
	unsigned long n;

	if (gr) {
		*gid = gr->gr_gid;
		return 0;
	}
	if (parse_number(v, 10, (gid_t)-2, &n) < 0)
		return -EINVAL;
	*gid = (gid_t)n;
	return 0;
}

const struct um_xmount_word um_xmount_words[UM_XM_COUNT] = {
	[UM_XM_OWNER] = { "X-mount.owner", '=' },
	[UM_XM_GROUP] = { "X-mount.group", '=' },
	[UM_XM_MODE] = { "X-mount.mode", '=' },
	[UM_XM_IDMAP] = { "X-mount.idmap", '=' },
	[UM_XM_NOLOOP] = { "X-mount.noloop", 0 },
	[UM_XM_NOCANONICALIZE] = { "X-mount.nocanonicalize", '?' },
	[UM_XM_AUTO_FSTYPES] = { "X-mount.auto-fstypes", '=' },
	[UM_XM_MKDIR] = { "X-mount.mkdir", '?' },
	[UM_XM_SUBDIR] = { "X-mount.subdir", '=' },
};

static bool is_word(const char *name, enum um_xmount_id id)
{
	return strcmp(name, um_xmount_words[id].name) == 0;
}

/*
 * One X-mount.* word of ours, @v its value (unquoted, or NULL). Returns 1
 * if taken, 0 if it is not ours, -EINVAL if its value does not parse.
 */
static int take_xmount(struct um_xopts *x, const char *name, const char *v,
		       unsigned int lib)
{
	unsigned long n;

	if (is_word(name, UM_XM_OWNER))
		return v && um_resolve_user(v, &x->owner) == 0 ? 1 : -EINVAL;
	if (is_word(name, UM_XM_GROUP))
		return v && parse_group(v, &x->group) == 0 ? 1 : -EINVAL;
	if (is_word(name, UM_XM_MODE)) {
		if (!v || parse_number(v, 8, 07777, &n) < 0)
			return -EINVAL;
		x->mode = (mode_t)n;
		return 1;
	}
	if (is_word(name, UM_XM_IDMAP)) {
		while (v && (*v == ' ' || *v == '\t'))
			v++;
		if (!v || !*v)
			return -EINVAL;
		free(x->idmap);
		x->idmap = strdup(v);
		return x->idmap ? 1 : -ENOMEM;
	}
	/* these act in libmount's prepare step: ours where it lacks them */
	if (lib & UM_XOPTS_LIB_PREPARE)
		return 0;
	if (is_word(name, UM_XM_NOLOOP)) {
		x->noloop = true;
		return 1;
	}
	if (is_word(name, UM_XM_NOCANONICALIZE)) {
		/* as util-linux: another value turns neither off */
		x->nocanon_source = !v || strcmp(v, "source") == 0;
		x->nocanon_target = !v || strcmp(v, "target") == 0;
		return 1;
	}
	if (is_word(name, UM_XM_AUTO_FSTYPES)) {
		/* as util-linux: the first counts; no list limits nothing */
		if (x->auto_given)
			return 1;
		x->auto_given = true;
		x->auto_fstypes = v && *v ? strdup(v) : NULL;
		return !v || !*v || x->auto_fstypes ? 1 : -ENOMEM;
	}
	return 0;
}

/* A value without the quotes around it, as a new string. */
static char *unquoted(const char *v, size_t sz)
{
	if (sz >= 2 && v[0] == '"' && v[sz - 1] == '"') {
		v++;
		sz -= 2;
	}
	return strndup(v, sz);
}

/* Only the OPT=recursive words (um_xopts_take_recursive()). */
#define ONLY_RECURSIVE 0x100

/* Decide about one word: 1 taken, 2 kept as @name alone, 0 kept, <0. */
static int take_one(struct um_xopts *x, const char *name, const char *v,
		    unsigned int lib)
{
	if (v && strcmp(v, "recursive") == 0 && take_recursive(x, name))
		return 2;
	if (lib & ONLY_RECURSIVE)
		return 0;
	return take_xmount(x, name, v, lib);
}

/*
 * Take the words above out of *@optstr (which may become NULL) into @x;
 * an OPT=recursive word stays as OPT, for the mount itself. @lib: what
 * libmount does itself (UM_XOPTS_LIB_PREPARE). Returns 0, or -EINVAL with
 * x->bad naming the word that did not parse.
 */
int um_xopts_take(char **optstr, struct um_xopts *x, unsigned int lib)
{
	char *p = *optstr, *out = NULL, *name, *val, *n = NULL, *v = NULL;
	size_t namesz, valsz;
	int rc = 0;

	while (p && rc >= 0 &&
	       mnt_optstr_next_option(&p, &name, &namesz, &val, &valsz) == 0) {
		n = strndup(name, namesz);
		v = val ? unquoted(val, valsz) : NULL;
		if (!n || (val && !v)) {
			rc = -ENOMEM;
			break;
		}
		rc = take_one(x, n, v, lib);
		if (rc == -EINVAL) {
			free(x->bad);
			x->bad = strndup(name, val ? (size_t)(val + valsz - name) :
						     namesz);
		} else if (rc == 0) {
			free(v);	/* kept as given, quotes and all */
			v = val ? strndup(val, valsz) : NULL;
			rc = val && !v ? -ENOMEM :
					 mnt_optstr_append_option(&out, n, v);
		} else if (rc == 2) {
			rc = mnt_optstr_append_option(&out, n, NULL);
		}
		free(n);
		free(v);
		n = v = NULL;
	}
	if (rc < 0) {
		free(out);
		return rc;
	}
	free(*optstr);
	*optstr = out;
	return 0;
}

/*
 * Only the OPT=recursive words, from the command line as given: libmount
 * 2.41 keeps no value of ro and rw in the options it merges ("ro" is all
 * that is left of "ro=recursive"), so they are taken before it sees them.
 */
int um_xopts_take_recursive(char **optstr, struct um_xopts *x)
{
	return um_xopts_take(optstr, x, ONLY_RECURSIVE);
}

/* @later's =recursive words after @x's (the command line after fstab). */
void um_xopts_add_recursive(struct um_xopts *x, const struct um_xopts *later)
{
	/* an atime word's clr holds the whole atime field */
	uint64_t mask = later->rec_set | later->rec_clr;

	x->rec_set = (x->rec_set & ~mask) | later->rec_set;
	x->rec_clr = (x->rec_clr & ~mask) | later->rec_clr;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The -o string libfuse passes, split into mount(2)'s arguments.
 *
 * libfuse sends the generic mount flags (rw, nosuid, nodev...), the
 * options of FUSE itself (default_permissions, allow_other, max_read=,
 * blksize=, the SELinux contexts), and options for the helper: fsname=
 * (the source, commas in it escaped with a backslash), subtype= (the
 * type fuse.SUBTYPE), blkdev (fuseblk), auto_unmount. fd=, rootmode=,
 * user_id= and group_id= are the helper's to set, and anything else is
 * unknown: both are refused, as libfuse's fusermount3 refuses them.
 * Nothing here is a permission check: the kernel makes those.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include "fusermount.h"

struct flag_opt {
	const char *name;
	unsigned long flag;
	bool set;
};

static const struct flag_opt flag_opts[] = {
	{ "async", MS_SYNCHRONOUS, false },
	{ "atime", MS_NOATIME, false },
	{ "dev", MS_NODEV, false },
	{ "diratime", MS_NODIRATIME, false },
	{ "dirsync", MS_DIRSYNC, true },
	{ "exec", MS_NOEXEC, false },
	{ "lazytime", MS_LAZYTIME, true },
	{ "noatime", MS_NOATIME, true },
	{ "nodev", MS_NODEV, true },
	{ "nodiratime", MS_NODIRATIME, true },
	{ "noexec", MS_NOEXEC, true },
	{ "nolazytime", MS_LAZYTIME, false },
	{ "norelatime", MS_RELATIME, false },
	{ "nostrictatime", MS_STRICTATIME, false },
	{ "nosuid", MS_NOSUID, true },
	{ "nosymfollow", MS_NOSYMFOLLOW, true },
	{ "relatime", MS_RELATIME, true },
	{ "ro", MS_RDONLY, true },
	{ "rw", MS_RDONLY, false },
	{ "strictatime", MS_STRICTATIME, true },
	{ "suid", MS_NOSUID, false },
	{ "symfollow", MS_NOSYMFOLLOW, false },
	{ "sync", MS_SYNCHRONOUS, true },
};

/* FUSE's own options, for mount(2)'s data: whole names, then prefixes */
static const char *const fuse_words[] = {
	"allow_other", "default_permissions",
};
static const char *const fuse_prefixes[] = {
	"blksize=", "context=", "defcontext=", "fscontext=", "max_read=",
	"rootcontext=",
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static char *xstrdup(const char *s)
{
	char *r = strdup(s);

	if (!r)
		err(EXIT_FAILURE, "cannot allocate memory");
	return r;
}

static bool word_in(const char *opt, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(opt, list[i]) == 0)
			return true;
	return false;
}

static bool prefix_in(const char *opt, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strncmp(opt, list[i], strlen(list[i])) == 0)
			return true;
	return false;
}

static bool mount_flag(const char *opt, unsigned long *flags)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(flag_opts); i++) {
		if (strcmp(opt, flag_opts[i].name) != 0)
			continue;
		if (flag_opts[i].set)
			*flags |= flag_opts[i].flag;
		else
			*flags &= ~flag_opts[i].flag;
		return true;
	}
	return false;
}

/* "@s,@add", or @add alone: a fresh string, or NULL */
static char *join(char *s, const char *add)
{
	char *r;

	if (!s)
		return strdup(add);
	if (asprintf(&r, "%s,%s", s, add) < 0)
		r = NULL;
	free(s);
	return r;
}

/*
 * The next option of @s, unescaped in place ("\," is a comma, "\\" a
 * backslash); *@s moves past it. NULL at the end.
 */
static char *next_opt(char **s)
{
	char *opt = *s, *r = *s, *w = *s;

	if (!opt || !*opt)
		return NULL;
	while (*r && *r != ',') {
		if (*r == '\\' && r[1])
			r++;
		*w++ = *r++;
	}
	*s = *r ? r + 1 : r;
	*w = '\0';
	return opt;
}

/* One option into @req; 0, or -1 when it is refused (said here). */
static int take_opt(const char *opt, struct fm_request *req, char **subtype)
{
	if (strncmp(opt, "fsname=", 7) == 0) {
		free(req->source);
		req->source = xstrdup(opt + 7);
	} else if (strncmp(opt, "subtype=", 8) == 0) {
		free(*subtype);
		*subtype = xstrdup(opt + 8);
	} else if (strcmp(opt, "blkdev") == 0) {
		free(req->type);
		req->type = xstrdup("fuseblk");
	} else if (strcmp(opt, "auto_unmount") == 0) {
		req->auto_unmount = true;
	} else if (strcmp(opt, "nonempty") == 0) {
		/* libfuse 2's: mounting on a non-empty directory is allowed */
	} else if (mount_flag(opt, &req->flags)) {
		/* a flag of mount(2) */
	} else if (strcmp(opt, "allow_root") == 0 ||
		   word_in(opt, fuse_words, ARRAY_SIZE(fuse_words)) ||
		   prefix_in(opt, fuse_prefixes, ARRAY_SIZE(fuse_prefixes))) {
		/* libfuse checks allow_root; the kernel knows allow_other */
		if (strncmp(opt, "allow_", 6) == 0) {
			req->allow_other = true;
			opt = "allow_other";
		}
		req->kopts = join(req->kopts, opt);
		if (!req->kopts)
			err(EXIT_FAILURE, "cannot allocate memory");
	} else {
		warnx("unknown option '%s'", opt);
		return -1;
	}
	return 0;
}

/* The type: fuseblk with blkdev, else fuse.SUBTYPE or fuse. */
static int set_type(struct fm_request *req, const char *subtype)
{
	if (!req->type && subtype && *subtype) {
		if (asprintf(&req->type, "fuse.%s", subtype) < 0)
			req->type = NULL;
	} else if (!req->type) {
		req->type = strdup("fuse");
	}
	if (!req->source)
		req->source = strdup(subtype && *subtype ? subtype : "fuse");
	return req->type && req->source ? 0 : -1;
}

int fm_opts_parse(const char *opts, struct fm_request *req)
{
	char *copy = strdup(opts ? opts : ""), *s = copy, *opt;
	char *subtype = NULL;
	int rc = 0;

	if (!copy)
		err(EXIT_FAILURE, "cannot allocate memory");
	/* what libfuse's own mount(2) asks, and the kernel forces anyway */
	req->flags = MS_NOSUID | MS_NODEV;
	while (rc == 0 && (opt = next_opt(&s)))
		if (*opt)	/* "a,,b" has an empty one */
			rc = take_opt(opt, req, &subtype);
	if (rc == 0 && set_type(req, subtype) < 0)
		err(EXIT_FAILURE, "cannot allocate memory");
	free(subtype);
	free(copy);
	return rc;
}

void fm_request_free(struct fm_request *req)
{
	free(req->target);
	free(req->source);
	free(req->type);
	free(req->kopts);
}

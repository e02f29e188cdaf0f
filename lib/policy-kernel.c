// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel mode's policy: the kernel has the ownership series and judges. At
 * each step lib/policy.c hands over to these; they ask the engine in
 * lib/policy-kernel-engine.c (the check, the mount(2) that carries the owner,
 * the read-back, the words of a refusal) with the mount's kernel field, the one
 * part of struct um_mount that is this mode's. Its struct is known to the
 * mode's files only (policy-kernel-engine.h): the programs see no part of
 * this mode.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>

#include "policy-kernel-engine.h"
#include "policy-kernel.h"
#include "printable.h"

/*
 * The mount's kernel field, made at the mode's first step. Zeroed, it
 * asks nothing of the kernel: what a step before the check (libmount's
 * prepare after an fstab failure, its report) must see.
 */
static struct um_owned *owned(struct um_mount *m)
{
	if (!m->kernel && !(m->kernel = calloc(1, sizeof(*m->kernel))))
		err(MNT_EX_SYSERR, "out of memory");
	return m->kernel;
}

/*
 * After fstab: what the series' options ask of the kernel, decided once
 * (the owner, nomnt, a handover for another user). 0 or an exit code.
 */
int um_policy_kernel_check(struct libmnt_context *cxt, struct um_mount *m)
{
	return um_kmode_check(cxt, &m->own, &m->x.o, owned(m));
}

/*
 * After fstab, in a setuid mount(8) on the series: the line's mount made
 * by root and given to the caller (lib/policy-setuid-owned.c). 0 or an
 * exit code.
 */
int um_policy_kernel_check_caller(struct libmnt_context *cxt,
				  struct um_mount *m)
{
	return um_kmode_check_caller(cxt, &m->own, owned(m));
}

/* ... and once libmount prepared it: the flags the line implies. */
void um_policy_kernel_caller_prepared(struct libmnt_context *cxt,
				      struct um_mount *m)
{
	um_kmode_caller_prepared(cxt, owned(m));
}

/* Before libmount prepares the mount: what libmount must not do itself. */
void um_policy_kernel_prepare(struct libmnt_context *cxt, struct um_mount *m)
{
	um_kmode_prepare(cxt, owned(m));
}

/* The mount, ours when it carries the owner; as mnt_context_do_mount(). */
int um_policy_kernel_mount(struct libmnt_context *cxt, struct um_mount *m)
{
	return um_kmode_mount(cxt, owned(m), &m->x);
}

/*
 * The kernel recorded the owner asked for? 0, or an exit code said. A
 * mount made, but not quite as asked, is told too (a user's bind of what
 * she does not own is read-only).
 */
int um_policy_kernel_verify(struct libmnt_context *cxt, struct um_mount *m)
{
	char note[sizeof(m->why)] = "";
	int stop = um_kmode_verify(cxt, owned(m), m->why, note, sizeof(note));

	if (stop)
		um_warnx_printable(mnt_context_get_target(cxt), m->why);
	else if (*note)
		um_warnx_printable(mnt_context_get_target(cxt), note);
	return stop;
}

/* -v: the mode and what the kernel recorded, after the success line. */
void um_policy_kernel_describe(struct libmnt_context *cxt,
			       struct um_mount *m)
{
	char what[256];
	char *tgt, *w;

	if (um_kmode_describe(cxt, owned(m), what, sizeof(what)) < 0)
		return;
	/* a user's name too, as the listing prints it */
	tgt = um_printable(mnt_context_get_target(cxt));
	w = um_printable(what);
	printf("mount: %s: %s.\n", tgt, w);
	free(tgt);
	free(w);
}

/* umount -v: what the kernel recorded on the mount about to go. */
int um_policy_kernel_describe_umount(struct libmnt_context *cxt, char *buf,
				     size_t sz)
{
	return um_kmode_describe_umount(cxt, buf, sz);
}

/* Which of the series' rules refused the mount (@rc), from mountinfo. */
const char *um_policy_kernel_explain(struct libmnt_context *cxt,
				     struct um_mount *m, int rc)
{
	if (!rc)
		return NULL;
	return um_kmode_explain_mount(cxt, owned(m), rc, m->why,
				      sizeof(m->why));
}

void um_policy_kernel_free(struct um_mount *m)
{
	if (!m->kernel)
		return;
	um_kmode_free(m->kernel);
	free(m->kernel);
	m->kernel = NULL;
}

/* Whose mount it is, when the kernel refused an umount. */
const char *um_policy_kernel_explain_umount(struct libmnt_context *cxt,
					    bool forced, char *buf, size_t sz)
{
	return um_kmode_explain_umount(cxt, forced, buf, sz);
}

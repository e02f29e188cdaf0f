// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Signals around a change of state.
 *
 * Between mount(2) or umount2(2) and the end of libmount's utab update a
 * signal that ends the tool leaves a mount made or taken away but neither
 * recorded in utab nor reported: a user mount without its user= entry,
 * or a stale user= entry for a mount that is gone. um_signals_defer()
 * catches the signals that end the tool (those not ignored by the caller,
 * as under nohup); um_signals_deliver(), called once the change is
 * recorded and reported, puts the caller's actions back and delivers the
 * first signal that came. Handlers, unlike a blocked mask, are reset by
 * execve(2): a mount helper still gets the signals as usual.
 *
 * SIGXFSZ is caught for good (um_signals_init()): a write to utab beyond
 * RLIMIT_FSIZE then fails with EFBIG, which libmount reports, instead of
 * killing the tool after mount(2).
 */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "signals.h"

static const int deferred_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM };
#define NR_DEFERRED (sizeof(deferred_signals) / sizeof(deferred_signals[0]))

static struct sigaction saved[NR_DEFERRED];
static bool deferring;
static volatile sig_atomic_t pending;

static void note_signal(int sig)
{
	if (!pending)
		pending = sig;
}

static void ignore_signal(int sig __attribute__((unused)))
{
}

static void set_handler(int sig, void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	/* libmount waits for helpers with waitpid(): no EINTR */
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

void um_signals_init(void)
{
	set_handler(SIGXFSZ, ignore_signal);
}

void um_signals_defer(void)
{
	size_t i;

	if (deferring)
		return;
	for (i = 0; i < NR_DEFERRED; i++) {
		sigaction(deferred_signals[i], NULL, &saved[i]);
		if (saved[i].sa_handler != SIG_IGN)
			set_handler(deferred_signals[i], note_signal);
	}
	deferring = true;
}

void um_signals_deliver(void)
{
	size_t i;
	int sig = pending;

	if (!deferring)
		return;
	for (i = 0; i < NR_DEFERRED; i++)
		sigaction(deferred_signals[i], &saved[i], NULL);
	deferring = false;
	pending = 0;
	if (sig) {
		fflush(stdout);
		raise(sig);
	}
}

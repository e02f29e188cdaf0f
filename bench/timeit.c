// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timeit: run groups of commands side by side, alternating, and print the
 * wall time and peak RSS of every command of every run.
 *
 *   timeit [-n RUNS] [-w WARMUP] [-E ERRLOG] [-C 1] GROUP...
 *   GROUP := -l LABEL [-u UID:GID] [-b SETUP] [-a AFTER] -c CMD [-c CMD]...
 *
 * A group is one tool doing one operation: its commands (split on blanks,
 * exec'd directly, no shell) run one after the other, each in its own
 * fork/exec'd process with stdin and stdout on /dev/null and stderr on
 * ERRLOG (default /dev/null). SETUP and AFTER are shell commands run
 * before and after each run of the group, untimed. Run r starts with
 * group r mod G, so every group takes every position equally often.
 *
 * Output, one line per command and run (warm-up runs are numbered 0):
 *   label,run,step,wall_us,maxrss_kib,status[,cpu_us]
 * status is the exit code, or 128+signal; with -C 1, cpu_us: the command's
 * user and system time (what it cost, where wall time also counts waiting
 * for a busy machine's CPUs). Exit 1 if any command or any
 * SETUP/AFTER failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#define MAX_GROUPS 16
#define MAX_CMDS 8
#define MAX_ARGS 64

struct tgroup {
	const char *label;
	const char *setup, *after;
	int uid, gid;		/* -1: as we are */
	int ncmds;
	char *argv[MAX_CMDS][MAX_ARGS];
};

static struct tgroup groups[MAX_GROUPS];
static int ngroups;
static const char *errlog = "/dev/null";
static int cpu_column;

static void __attribute__((__noreturn__)) usage(void)
{
	fprintf(stderr, "usage: timeit [-n RUNS] [-w WARMUP] [-E ERRLOG] "
			"[-C 1] -l LABEL [-u UID:GID] [-b SETUP] [-a AFTER] "
			"-c CMD [-c CMD]... [-l LABEL ...]\n");
	exit(2);
}

static void split(char *s, char **argv)
{
	int n = 0;
	char *tok, *save = NULL;

	for (tok = strtok_r(s, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (n == MAX_ARGS - 1)
			usage();
		argv[n++] = tok;
	}
	if (!n)
		usage();
	argv[n] = NULL;
}

static int shell(const char *cmd)
{
	int st;

	if (!cmd)
		return 0;
	st = system(cmd);
	if (st != 0)
		fprintf(stderr, "timeit: '%s' failed (%d)\n", cmd, st);
	return st != 0;
}

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static void child(const struct tgroup *g, char **argv)
{
	int in = open("/dev/null", O_RDONLY);
	int out = open("/dev/null", O_WRONLY);
	int errfd = open(errlog, O_WRONLY | O_CREAT | O_APPEND, 0644);

	if (in < 0 || out < 0 || errfd < 0)
		_exit(126);
	dup2(in, 0);
	dup2(out, 1);
	dup2(errfd, 2);
	if (g->uid >= 0) {
		if (setgroups(0, NULL) || setresgid(g->gid, g->gid, g->gid) ||
		    setresuid(g->uid, g->uid, g->uid))
			_exit(126);
	}
	execv(argv[0], argv);
	_exit(127);
}

static long long tv_us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000LL + tv->tv_usec;
}

/* Run one command; fill in its wall and CPU time, peak RSS, exit status. */
static void run_one(const struct tgroup *g, char **argv, long long *us,
		    long long *cpu, long *rss, int *status)
{
	struct rusage ru;
	long long t0 = now_us();
	pid_t pid = fork();
	int st;

	if (pid < 0) {
		perror("timeit: fork");
		exit(1);
	}
	if (pid == 0)
		child(g, argv);
	while (wait4(pid, &st, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("timeit: wait4");
			exit(1);
		}
	}
	*us = now_us() - t0;
	*cpu = tv_us(&ru.ru_utime) + tv_us(&ru.ru_stime);
	*rss = ru.ru_maxrss;
	*status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int main(int argc, char **argv)
{
	int runs = 7, warmup = 1, failed = 0, i, r;
	struct tgroup *g = NULL;

	for (i = 1; i < argc; i++) {
		const char *o = argv[i];
		char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!v || o[0] != '-' || !o[1] || o[2])
			usage();
		i++;
		switch (o[1]) {
		case 'n': runs = atoi(v); break;
		case 'w': warmup = atoi(v); break;
		case 'E': errlog = v; break;
		case 'C': cpu_column = atoi(v); break;
		case 'l':
			if (ngroups == MAX_GROUPS)
				usage();
			g = &groups[ngroups++];
			g->label = v;
			g->uid = g->gid = -1;
			break;
		case 'u':
			if (!g || sscanf(v, "%d:%d", &g->uid, &g->gid) != 2)
				usage();
			break;
		case 'b': if (!g) usage(); g->setup = v; break;
		case 'a': if (!g) usage(); g->after = v; break;
		case 'c':
			if (!g || g->ncmds == MAX_CMDS)
				usage();
			split(v, g->argv[g->ncmds++]);
			break;
		default:
			usage();
		}
	}
	if (!ngroups || runs < 1 || warmup < 0)
		usage();
	for (i = 0; i < ngroups; i++)
		if (!groups[i].ncmds)
			usage();

	for (r = 0; r < warmup + runs; r++) {
		int run = r < warmup ? 0 : r - warmup + 1;

		for (i = 0; i < ngroups; i++) {
			struct tgroup *cur = &groups[(i + r) % ngroups];
			int c;

			failed |= shell(cur->setup);
			for (c = 0; c < cur->ncmds; c++) {
				long long us, cpu;
				long rss;
				int st;

				run_one(cur, cur->argv[c], &us, &cpu, &rss,
					&st);
				failed |= st != 0;
				printf("%s,%d,%d,%lld,%ld,%d", cur->label, run, c,
				       us, rss, st);
				if (cpu_column)
					printf(",%lld", cpu);
				putchar('\n');
			}
			fflush(stdout);
			failed |= shell(cur->after);
		}
	}
	return failed;
}

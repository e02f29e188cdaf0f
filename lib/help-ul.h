/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_HELP_UL_H
#define USERMOUNT_HELP_UL_H

#include <stdbool.h>
#include <stdio.h>

/*
 * --help in the user's language where util-linux's --help has the same
 * line: util-linux's catalogue (util-linux-locales) is asked for its own
 * lines, and an option util-linux lists gets util-linux's translated line.
 * In English, or with no catalogue, usermount's own rows are printed.
 */
struct um_ul_help;

/* @prog: "mount" or "umount". NULL only when memory ran out. */
struct um_ul_help *um_ul_help_load(const char *prog);
void um_ul_help_free(struct um_ul_help *h);

/*
 * Print util-linux's translated lines that name @word ("--all", "-s",
 * "LABEL=<label>"): false, and nothing printed, unless there is at least
 * one and every one of them is translated.
 */
bool um_ul_help_put(FILE *out, const struct um_ul_help *h, const char *word);

/* util-linux's translation of section header @hdr ("Source:\n"), or @hdr. */
const char *um_ul_help_header(const struct um_ul_help *h, const char *hdr);

#endif

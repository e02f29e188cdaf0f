// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * util-linux's --help lines as keys into util-linux's catalogue (see
 * help-ul.h). A catalogue is looked up by the English text itself, so the
 * tables below hold util-linux's English lines byte for byte: they are
 * keys, never printed as they stand (usermount's English rows are its own,
 * in cli.c's table).
 *
 * util-linux 2.39 and later ask for one line at a time (Debian 13's
 * util-linux-locales); 2.38 asked for runs of lines in one msgid (Debian
 * 12's). Each line here is 2.39's msgid; the lines of one nonzero block
 * joined, a header with a blank line before it, are 2.38's (blocks are
 * numbered from 1). A run's
 * translation is split back into lines by its indentation (a line indented
 * past the option column continues the one before) and kept only when it
 * has as many lines as the run: a translator who changed the shape gets
 * usermount's English rows rather than misplaced ones.
 */
#include <stdlib.h>
#include <string.h>

#include "help-ul.h"
#include "nls.h"

struct um_ul_line {
	const char *msgid;
	unsigned int block;	/* 2.38's run; 0: a msgid of its own there too */
};

static const struct um_ul_line mount_lines[] = {
	{ " -a, --all               mount all filesystems mentioned in fstab\n", 1 },
	{ " -c, --no-canonicalize   don't canonicalize paths\n", 1 },
	{ " -f, --fake              dry run; skip the mount(2) syscall\n", 1 },
	{ " -F, --fork              fork off for each device (use with -a)\n", 1 },
	{ " -T, --fstab <path>      alternative file to /etc/fstab\n", 1 },
	{ " -i, --internal-only     don't call the mount.<type> helpers\n", 0 },
	{ " -l, --show-labels       show also filesystem labels\n", 0 },
	{ "     --map-groups <inner>:<outer>:<count>\n"
	  "                         add the specified GID map to an ID-mapped mount\n", 0 },
	{ "     --map-users <inner>:<outer>:<count>\n"
	  "                         add the specified UID map to an ID-mapped mount\n", 0 },
	{ "     --map-users /proc/<pid>/ns/user\n"
	  "                         specify the user namespace for an ID-mapped mount\n", 0 },
	{ " -m, --mkdir[=<mode>]    alias to '-o X-mount.mkdir[=<mode>]'\n", 0 },
	{ " -n, --no-mtab           don't write to /etc/mtab\n", 0 },
	{ "     --options-mode <mode>\n"
	  "                         what to do with options loaded from fstab\n", 2 },
	{ "     --options-source <source>\n"
	  "                         mount options source\n", 2 },
	{ "     --options-source-force\n"
	  "                         force use of options from fstab/mtab\n", 2 },
	{ "     --onlyonce          check if filesystem is already mounted\n", 0 },
	{ " -o, --options <list>    comma-separated list of mount options\n", 3 },
	{ " -O, --test-opts <list>  limit the set of filesystems (use with -a)\n", 3 },
	{ " -r, --read-only         mount the filesystem read-only (same as -o ro)\n", 3 },
	{ " -t, --types <list>      limit the set of filesystem types\n", 3 },
	{ "     --source <src>      explicitly specifies source (path, label, uuid)\n", 4 },
	{ "     --target <target>   explicitly specifies mountpoint\n", 4 },
	{ "     --target-prefix <path>\n"
	  "                         specifies path used for all mountpoints\n", 0 },
	{ " -v, --verbose           say what is being done\n", 0 },
	{ " -w, --rw, --read-write  mount the filesystem read-write (default)\n", 0 },
	{ " -N, --namespace <ns>    perform mount in another namespace\n", 0 },
	{ "Source:\n", 5 },
	{ " -L, --label <label>     synonym for LABEL=<label>\n", 5 },
	{ " -U, --uuid <uuid>       synonym for UUID=<uuid>\n", 5 },
	{ " LABEL=<label>           specifies device by filesystem label\n", 5 },
	{ " UUID=<uuid>             specifies device by filesystem UUID\n", 5 },
	{ " PARTLABEL=<label>       specifies device by partition label\n", 5 },
	{ " PARTUUID=<uuid>         specifies device by partition UUID\n", 5 },
	{ " ID=<id>                 specifies device by udev hardware ID\n", 5 },
	{ " <device>                specifies device by path\n", 6 },
	{ " <directory>             mountpoint for bind mounts (see --bind/rbind)\n", 6 },
	{ " <file>                  regular file for loopdev setup\n", 6 },
	{ "Operations:\n", 7 },
	{ " -B, --bind              mount a subtree somewhere else (same as -o bind)\n", 7 },
	{ " -M, --move              move a subtree to some other place\n", 7 },
	{ " -R, --rbind             mount a subtree and all submounts somewhere else\n", 7 },
	{ " --make-shared           mark a subtree as shared\n", 8 },
	{ " --make-slave            mark a subtree as slave\n", 8 },
	{ " --make-private          mark a subtree as private\n", 8 },
	{ " --make-unbindable       mark a subtree as unbindable\n", 8 },
	{ " --make-rshared          recursively mark a whole subtree as shared\n", 9 },
	{ " --make-rslave           recursively mark a whole subtree as slave\n", 9 },
	{ " --make-rprivate         recursively mark a whole subtree as private\n", 9 },
	{ " --make-runbindable      recursively mark a whole subtree as unbindable\n", 9 },
};

/* umount's lines were one msgid each in 2.38 too */
static const struct um_ul_line umount_lines[] = {
	{ " -a, --all               unmount all filesystems\n", 0 },
	{ " -A, --all-targets       unmount all mountpoints for the given device in the\n"
	  "                           current namespace\n", 0 },
	{ " -c, --no-canonicalize   don't canonicalize paths\n", 0 },
	{ " -d, --detach-loop       if mounted loop device, also free this loop device\n", 0 },
	{ "     --fake              dry run; skip the umount(2) syscall\n", 0 },
	{ " -f, --force             force unmount (in case of an unreachable NFS system)\n", 0 },
	{ " -i, --internal-only     don't call the umount.<type> helpers\n", 0 },
	{ " -n, --no-mtab           don't write to /etc/mtab\n", 0 },
	{ " -l, --lazy              detach the filesystem now, clean up things later\n", 0 },
	{ " -O, --test-opts <list>  limit the set of filesystems (use with -a)\n", 0 },
	{ " -R, --recursive         recursively unmount a target with all its children\n", 0 },
	{ " -r, --read-only         in case unmounting fails, try to remount read-only\n", 0 },
	{ " -t, --types <list>      limit the set of filesystem types\n", 0 },
	{ " -v, --verbose           say what is being done\n", 0 },
	{ " -q, --quiet             suppress 'not mounted' error messages\n", 0 },
	{ " -N, --namespace <ns>    perform umount in another namespace\n", 0 },
};

struct um_ul_help {
	const struct um_ul_line *lines;
	size_t n;
	char **tr;		/* per line: its translation, or NULL */
};

static bool is_header(const char *line)
{
	return line[0] != ' ';
}

/* 2.38's msgid for @block: its lines joined, a header after a blank line. */
static char *block_msgid(const struct um_ul_help *h, unsigned int block)
{
	size_t i, len = 1;
	char *s;

	for (i = 0; i < h->n; i++)
		if (h->lines[i].block == block)
			len += strlen(h->lines[i].msgid) + 1;
	s = calloc(1, len);
	if (!s)
		return NULL;
	for (i = 0; i < h->n; i++) {
		if (h->lines[i].block != block)
			continue;
		if (is_header(h->lines[i].msgid))
			strcat(s, "\n");
		strcat(s, h->lines[i].msgid);
	}
	return s;
}

/*
 * The next line of a run's translation from *@p, with the lines indented
 * past util-linux's option column that continue it; blank lines skipped.
 * NULL at the end or when memory ran out.
 */
static char *next_entry(const char **p)
{
	const char *s = *p, *e;

	while (*s == '\n')
		s++;
	if (!*s)
		return NULL;
	e = s;
	do {
		const char *nl = strchr(e, '\n');

		e = nl ? nl + 1 : e + strlen(e);
	} while (*e && strspn(e, " ") > 5);
	*p = e;
	return strndup(s, (size_t)(e - s));
}

/* Split the translation @t of @block over its lines; all or none. */
static void split_block(struct um_ul_help *h, unsigned int block,
			const char *t)
{
	char *got[32] = { NULL };
	size_t i, k = 0, want = 0;

	for (i = 0; i < h->n; i++)
		if (h->lines[i].block == block)
			want++;
	while (k < want + 1 && k < sizeof(got) / sizeof(got[0])) {
		got[k] = next_entry(&t);
		if (!got[k])
			break;
		k++;
	}
	if (k == want) {
		k = 0;
		for (i = 0; i < h->n; i++)
			if (h->lines[i].block == block)
				h->tr[i] = got[k++];
		return;
	}
	for (i = 0; i < k; i++)
		free(got[i]);
}

/*
 * Each run's msgid first (2.38: util-linux printed the run's translation,
 * even for a line that is also a msgid of its own, as umount's -c is),
 * then each line left untranslated by its own (2.39+).
 */
static void translate(struct um_ul_help *h)
{
	unsigned int b, last = 0;
	size_t i;

	for (i = 0; i < h->n; i++)
		if (h->lines[i].block > last)
			last = h->lines[i].block;
	for (b = 1; b <= last; b++) {
		char *id = block_msgid(h, b);
		const char *t = id ? UL_(id) : NULL;

		if (t && t != id)
			split_block(h, b, t);
		free(id);
	}
	for (i = 0; i < h->n; i++) {
		const char *id = h->lines[i].msgid, *t = UL_(id);

		if (!h->tr[i] && t != id)
			h->tr[i] = strdup(t);
	}
}

struct um_ul_help *um_ul_help_load(const char *prog)
{
	struct um_ul_help *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	if (strcmp(prog, "mount") == 0) {
		h->lines = mount_lines;
		h->n = sizeof(mount_lines) / sizeof(mount_lines[0]);
	} else {
		h->lines = umount_lines;
		h->n = sizeof(umount_lines) / sizeof(umount_lines[0]);
	}
	h->tr = calloc(h->n, sizeof(*h->tr));
	if (!h->tr) {
		free(h);
		return NULL;
	}
	translate(h);
	return h;
}

void um_ul_help_free(struct um_ul_help *h)
{
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->n; i++)
		free(h->tr[i]);
	free(h->tr);
	free(h);
}

/*
 * Does util-linux's English @line name @word? Its option column is the
 * text before the first two spaces after a word (or the line's end); a
 * name in it ends at a space, a comma or an optional argument's '['.
 */
static bool names(const char *line, const char *word)
{
	size_t wl = strlen(word);
	const char *s = line + strspn(line, " ");

	while (*s && *s != '\n') {
		size_t n = strcspn(s, " ,[\n");

		if (n == wl && strncmp(s, word, wl) == 0)
			return true;
		s += n;
		s += strcspn(s, " \n");		/* the rest of "[=<mode>]" */
		if (strncmp(s, "  ", 2) == 0)
			break;			/* the description */
		s += strspn(s, " ,");
	}
	return false;
}

bool um_ul_help_put(FILE *out, const struct um_ul_help *h, const char *word)
{
	size_t i, found = 0;

	if (!h)
		return false;
	for (i = 0; i < h->n; i++) {
		if (is_header(h->lines[i].msgid) ||
		    !names(h->lines[i].msgid, word))
			continue;
		if (!h->tr[i])
			return false;
		found++;
	}
	if (!found)
		return false;
	for (i = 0; i < h->n; i++)
		if (!is_header(h->lines[i].msgid) &&
		    names(h->lines[i].msgid, word))
			fputs(h->tr[i], out);
	return true;
}

const char *um_ul_help_header(const struct um_ul_help *h, const char *hdr)
{
	size_t i;

	for (i = 0; h && i < h->n; i++)
		if (strcmp(h->lines[i].msgid, hdr) == 0 && h->tr[i])
			return h->tr[i];
	return hdr;
}

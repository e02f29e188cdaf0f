// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listing's output held back in memory, line by line, compactly.
 *
 * The listing holds its output from the first mount a utab line could
 * belong to until libmount has merged utab (mount/list.c): with such a
 * mount near the top, that is nearly all of it, as much memory as the
 * table's text, and on a machine where each new page costs a fault that
 * memory is time too (bench/). A mount table repeats itself from line to
 * line ("... on /var/lib/x/pods/<id>/volumes/... type ... (rw,...)"), so
 * each line is kept as what it shares with the line before at its start
 * and at its end, and the bytes in between: a few bytes a line for such
 * tables, never much more than the line itself.
 *
 * A record: prefix length, suffix length, middle length (LEB128 each),
 * then the middle. Lines end with their newline.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list-held.h"

struct buf {
	char *p;
	size_t len, cap;
};

struct um_held {
	FILE *f;		/* what the listing writes to */
	struct buf cur, prev;	/* the line coming in, the one before */
	struct buf rec;		/* the records */
	size_t lines;
	/* replay: where it is */
	size_t at, done;
	struct buf line;
};

static int reserve(struct buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 256;
	char *p;

	while (cap - b->len < more)
		cap *= 2;
	if (cap == b->cap)
		return 0;
	p = realloc(b->p, cap);
	if (!p)
		return -ENOMEM;
	b->p = p;
	b->cap = cap;
	return 0;
}

static int put_num(struct buf *b, size_t n)
{
	if (reserve(b, 10) < 0)
		return -ENOMEM;
	do {
		b->p[b->len++] = (char)((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
		n >>= 7;
	} while (n);
	return 0;
}

static size_t get_num(const struct buf *b, size_t *at)
{
	size_t n = 0;
	int shift = 0;
	unsigned char c;

	do {
		c = (unsigned char)b->p[(*at)++];
		n |= (size_t)(c & 0x7f) << shift;
		shift += 7;
	} while (c & 0x80);
	return n;
}

/* The line in h->cur is complete: record it against h->prev. */
static int put_line(struct um_held *h)
{
	const char *c = h->cur.p, *p = h->prev.p;
	size_t n = h->cur.len, m = h->prev.len, pre = 0, suf = 0;
	struct buf tmp;
	uint64_t a, b;

	/* eight bytes at a time, then byte by byte */
	while (pre + 8 <= n && pre + 8 <= m) {
		memcpy(&a, c + pre, 8);
		memcpy(&b, p + pre, 8);
		if (a != b)
			break;
		pre += 8;
	}
	while (pre < n && pre < m && c[pre] == p[pre])
		pre++;
	while (suf + 8 <= n - pre && suf + 8 <= m - pre) {
		memcpy(&a, c + n - suf - 8, 8);
		memcpy(&b, p + m - suf - 8, 8);
		if (a != b)
			break;
		suf += 8;
	}
	while (suf < n - pre && suf < m - pre &&
	       c[n - 1 - suf] == p[m - 1 - suf])
		suf++;
	if (put_num(&h->rec, pre) < 0 || put_num(&h->rec, suf) < 0 ||
	    put_num(&h->rec, n - pre - suf) < 0 ||
	    reserve(&h->rec, n - pre - suf) < 0)
		return -ENOMEM;
	memcpy(h->rec.p + h->rec.len, c + pre, n - pre - suf);
	h->rec.len += n - pre - suf;
	h->lines++;
	tmp = h->prev;
	h->prev = h->cur;
	h->cur = tmp;
	h->cur.len = 0;
	return 0;
}

static ssize_t held_write(void *cookie, const char *data, size_t n)
{
	struct um_held *h = cookie;
	size_t i = 0, k;
	const char *nl;

	while (i < n) {
		nl = memchr(data + i, '\n', n - i);
		k = nl ? (size_t)(nl - (data + i)) + 1 : n - i;
		if (reserve(&h->cur, k) < 0)
			return -1;
		memcpy(h->cur.p + h->cur.len, data + i, k);
		h->cur.len += k;
		i += k;
		if (nl && put_line(h) < 0)
			return -1;
	}
	return (ssize_t)n;
}

struct um_held *um_held_new(void)
{
	cookie_io_functions_t io = { .write = held_write };
	struct um_held *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->f = fopencookie(h, "w", io);
	if (!h->f) {
		free(h);
		return NULL;
	}
	return h;
}

FILE *um_held_file(struct um_held *h)
{
	return h->f;
}

/* How many whole lines are held; -ENOMEM if one was lost. */
long um_held_lines(struct um_held *h)
{
	if (fflush(h->f) != 0 || ferror(h->f))
		return -ENOMEM;
	return (long)h->lines;
}

/* The bytes the held lines take. */
size_t um_held_bytes(const struct um_held *h)
{
	return h->rec.len;
}

/* Write the held lines up to line @upto (0-based, not included). */
int um_held_replay(struct um_held *h, size_t upto, FILE *out)
{
	struct buf *l = &h->line;
	size_t pre, suf, mid;

	for (; h->done < upto && h->done < h->lines; h->done++) {
		pre = get_num(&h->rec, &h->at);
		suf = get_num(&h->rec, &h->at);
		mid = get_num(&h->rec, &h->at);
		/* l holds the line before: keep its start, add mid, its end */
		if (reserve(l, mid + suf) < 0)
			return -ENOMEM;
		memmove(l->p + pre + mid, l->p + l->len - suf, suf);
		memcpy(l->p + pre, h->rec.p + h->at, mid);
		h->at += mid;
		l->len = pre + mid + suf;
		fwrite_unlocked(l->p, 1, l->len, out);
	}
	return 0;
}

void um_held_free(struct um_held *h)
{
	if (!h)
		return;
	fclose(h->f);	/* first: it may still write */
	free(h->cur.p);
	free(h->prev.p);
	free(h->rec.p);
	free(h->line.p);
	free(h);
}

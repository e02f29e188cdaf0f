// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hellofs: the smallest useful FUSE filesystem, for the kernel tests.
 * One directory holding one read-only file, "hello".
 *
 *   hellofs [FUSE OPTIONS] [SOURCE] MOUNTPOINT
 *
 * SOURCE is what mount.fuse passes first ("mount -t fuse.hellofs SOURCE
 * DIR" runs "hellofs SOURCE DIR -o ..."); hellofs has nothing to read
 * from it and drops it.
 *
 * It goes through libfuse's normal mount path: libfuse calls mount(2)
 * itself and only falls back to fusermount3 on EPERM, so on a kernel
 * with the usermount series it mounts without any setuid helper below a
 * mount its user owns.
 */
#define FUSE_USE_VERSION 31
#include <errno.h>
#include <fuse.h>
#include <string.h>
#include <sys/stat.h>

static const char hello_path[] = "/hello";
static const char hello_text[] = "hello from hellofs\n";

static int hello_getattr(const char *path, struct stat *st,
			 struct fuse_file_info *fi)
{
	(void)fi;
	memset(st, 0, sizeof(*st));
	if (!strcmp(path, "/")) {
		st->st_mode = S_IFDIR | 0755;
		st->st_nlink = 2;
	} else if (!strcmp(path, hello_path)) {
		st->st_mode = S_IFREG | 0444;
		st->st_nlink = 1;
		st->st_size = sizeof(hello_text) - 1;
	} else {
		return -ENOENT;
	}
	return 0;
}

static int hello_readdir(const char *path, void *buf, fuse_fill_dir_t fill,
			 off_t off, struct fuse_file_info *fi,
			 enum fuse_readdir_flags flags)
{
	(void)off;
	(void)fi;
	(void)flags;
	if (strcmp(path, "/"))
		return -ENOENT;
	fill(buf, ".", NULL, 0, 0);
	fill(buf, "..", NULL, 0, 0);
	fill(buf, hello_path + 1, NULL, 0, 0);
	return 0;
}

static int hello_open(const char *path, struct fuse_file_info *fi)
{
	if (strcmp(path, hello_path))
		return -ENOENT;
	if ((fi->flags & O_ACCMODE) != O_RDONLY)
		return -EACCES;
	return 0;
}

static int hello_read(const char *path, char *buf, size_t size, off_t off,
		      struct fuse_file_info *fi)
{
	size_t len = sizeof(hello_text) - 1;

	(void)fi;
	if (strcmp(path, hello_path))
		return -ENOENT;
	if ((size_t)off >= len)
		return 0;
	if (off + size > len)
		size = len - off;
	memcpy(buf, hello_text + off, size);
	return size;
}

static const struct fuse_operations hello_ops = {
	.getattr = hello_getattr,
	.readdir = hello_readdir,
	.open = hello_open,
	.read = hello_read,
};

/* Drop the first of two non-option arguments: the source. */
static int drop_source(int argc, char *argv[])
{
	int i, pos[2], n = 0;

	for (i = 1; i < argc && n < 2; i++) {
		if (!strcmp(argv[i], "-o")) {
			i++;	/* its value */
			continue;
		}
		if (argv[i][0] != '-')
			pos[n++] = i;
	}
	if (n < 2)
		return argc;
	for (i = pos[0]; i < argc - 1; i++)
		argv[i] = argv[i + 1];
	argv[argc - 1] = NULL;
	return argc - 1;
}

int main(int argc, char *argv[])
{
	argc = drop_source(argc, argv);
	return fuse_main(argc, argv, &hello_ops, NULL);
}

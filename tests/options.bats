#!/usr/bin/env bats
# mount(8)'s options of util-linux 2.38.1 beyond the basic ones, as root:
# -m/--mkdir and X-mount.mkdir, X-mount.subdir, --target-prefix,
# --options-mode, --options-source, --options-source-force, -F/--fork.
# Each is run by usermount and by util-linux's mount in the same test:
# the same exit status, words and mounts afterwards (same_as_util_linux).

load common

setup() {
	common_setup
	mkdir -p "$T/m" "$T/p"
}

teardown() {
	common_teardown
	# X-mount.subdir's mountpoint, which libmount 2.38 leaves behind
	rmdir /run/mount/tmptgt 2>/dev/null || true
}

# Mode and owner of each path, for comparing what a mkdir made.
modes() {
	local p
	for p in "$@"; do
		if [ -e "$p" ]; then
			stat -c '%n %a %U' "$p"
		else
			echo "$p absent"
		fi
	done
}

# Between the two runs of same_as_util_linux: no mounts, no $T/n.
reset_n() {
	umount_under "$T/n"
	umount_under "$T/m"
	rm -rf "$T/n"
}

# Run "$@" (mount arguments) twice, as same_as_util_linux does, and
# compare the modes of $T/n/a and $T/n/a/b afterwards too.
same_mkdir() {
	local made rc
	UL_RESET=reset_n same_as_util_linux mount "$@" || rc=$?
	umount_under "$T/n"
	made=$(modes "$T/n/a" "$T/n/a/b")
	[ -z "$rc" ] || return "$rc"
	# the same mkdir again, by usermount, to see what it made
	reset_n
	run "$MOUNT" "$@"
	umount_under "$T/n"
	echo "usermount made: $(modes "$T/n/a" "$T/n/a/b")"
	echo "util-linux made: $made"
	[ "$(modes "$T/n/a" "$T/n/a/b")" = "$made" ]
}

@test "-m, --mkdir[=MODE], -mMODE, -m=MODE: the mountpoint is made, mode 0755 or MODE, parents too, as util-linux" {
	same_mkdir -m -t tmpfs x "$T/n/a/b"
	[ "$status" -eq 0 ]
	[ "$(modes "$T/n/a")" = "$T/n/a 755 root" ]
	same_mkdir --mkdir -t tmpfs x "$T/n/a/b"
	same_mkdir --mkdir=0700 -t tmpfs x "$T/n/a/b"
	[ "$(modes "$T/n/a")" = "$T/n/a 700 root" ]
	same_mkdir -m0711 -t tmpfs x "$T/n/a/b"
	same_mkdir -m=0750 -t tmpfs x "$T/n/a/b"
	[ "$(modes "$T/n/a/b")" = "$T/n/a/b 750 root" ]
	# an empty mode is no mode
	same_mkdir --mkdir= -t tmpfs x "$T/n/a/b"
	[ "$(modes "$T/n/a/b")" = "$T/n/a/b 755 root" ]
	# an existing directory is used as it is
	reset_n
	mkdir -m 0701 "$T/n"
	UL_RESET='umount_under "$T/n"' same_as_util_linux mount -m0700 \
		-t tmpfs x "$T/n"
	[ "$status" -eq 0 ]
	umount_under "$T/n"
	[ "$(stat -c %a "$T/n")" = 701 ]
}

@test "-m: a bad mode, a mode given apart, -m alone: refused as util-linux, nothing made" {
	same_mkdir -mbad -t tmpfs x "$T/n/a/b"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/n/a/b: failed to parse mount options 'rw,X-mount.mkdir=\"bad\"'." ]
	[ ! -e "$T/n" ]
	same_mkdir -m0789 -t tmpfs x "$T/n/a/b"
	[ "$status" -eq 1 ]
	# -m takes its mode only attached: "-m 0700" is a third argument
	same_mkdir -m 0700 -t tmpfs x "$T/n/a/b"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "mount: bad usage" ]
	same_as_util_linux mount -m
	[ "$status" -eq 1 ]
	[ ! -e "$T/n" ]
}

@test "X-mount.mkdir[=MODE] and x-mount.mkdir in -o and in fstab make the mountpoint, as util-linux" {
	same_mkdir -o X-mount.mkdir -t tmpfs x "$T/n/a/b"
	[ "$status" -eq 0 ]
	same_mkdir -o X-mount.mkdir=0700 -t tmpfs x "$T/n/a/b"
	[ "$(modes "$T/n/a/b")" = "$T/n/a/b 700 root" ]
	same_mkdir -o x-mount.mkdir -t tmpfs x "$T/n/a/b"
	echo "umtest $T/n/a/b tmpfs X-mount.mkdir=0750,size=1m 0 0" >/etc/fstab
	same_mkdir "$T/n/a/b"
	[ "$status" -eq 0 ]
	[ "$(modes "$T/n/a/b")" = "$T/n/a/b 750 root" ]
	same_mkdir -a
	[ "$status" -eq 0 ]
	# without it, a missing mountpoint is an error
	reset_n
	same_mkdir -t tmpfs x "$T/n/a/b"
	[ "$status" -eq 32 ]
	[ ! -e "$T/n" ]
}

@test "--target-prefix: fstab's mountpoints below another directory, with -a and alone, as util-linux" {
	mkdir -p "$T/p/one" "$T/p/two"
	printf '%s\n' "one /one tmpfs size=1m 0 0" "two /two tmpfs size=2m 0 0" \
		"/ / none bind 0 0" "three /three tmpfs noauto 0 0" >"$T/alt"
	UL_RESET='umount_under "$T/p"' same_as_util_linux mount \
		--target-prefix "$T/p" -T "$T/alt" -a -v
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T" | sort)" = "$T/p/one tmpfs rw,relatime
$T/p/two tmpfs rw,relatime" ]
	# "/" is left out; mounted entries are found below the prefix
	[[ "$output" == *"/                        : ignored"* ]]
	same_as_util_linux mount --target-prefix "$T/p" -T "$T/alt" -a -v
	[ "$status" -eq 0 ]
	[[ "$output" == *"/one                     : already mounted"* ]]
	umount_under "$T/p"
	# one entry by its mountpoint; a missing one with -m
	UL_RESET='umount_under "$T/p"' same_as_util_linux mount \
		--target-prefix "$T/p" -T "$T/alt" /one
	[ "$status" -eq 0 ]
	is_mounted "$T/p/one"
	umount_under "$T/p"
	UL_RESET='umount_under "$T/p"; rm -rf "$T/p/three"' \
		same_as_util_linux mount --target-prefix "$T/p" -T "$T/alt" -m /three
	[ "$status" -eq 0 ]
	is_mounted "$T/p/three"
	umount_under "$T/p"
	# without -m the prefixed mountpoint must exist
	same_as_util_linux mount --target-prefix "$T/nowhere" -T "$T/alt" /one
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $T/nowhere/one: mount point does not exist." ]
	# source and target on the command line: the target is prefixed too
	UL_RESET='umount_under "$T/p"' same_as_util_linux mount \
		--target-prefix "$T/p" -t tmpfs x /two
	[ "$status" -eq 0 ]
	is_mounted "$T/p/two"
}

@test "--options-mode ignore|append|prepend|replace: fstab's options with -o's, as util-linux" {
	echo "umtest $T/m tmpfs size=1m,ro,noexec 0 0" >/etc/fstab
	local mode
	for mode in "" ignore append prepend replace; do
		UL_RESET='umount_under "$T/m"' same_as_util_linux mount \
			${mode:+--options-mode "$mode"} -o rw,nosuid "$T/m"
		[ "$status" -eq 0 ]
		echo "$mode: $(mount_opts "$T/m")"
		case $mode in
		ignore) [ "$(mount_opts "$T/m")" = rw,nosuid,relatime ] ;;
		append) [ "$(mount_opts "$T/m")" = ro,nosuid,noexec,relatime ] ;;
		replace) [ "$(mount_opts "$T/m")" = ro,noexec,relatime ] ;;
		*) [ "$(mount_opts "$T/m")" = rw,nosuid,noexec,relatime ] ;;
		esac
		umount_under "$T/m"
	done
	# the last one given counts
	UL_RESET='umount_under "$T/m"' same_as_util_linux mount \
		--options-mode replace --options-mode ignore -o nodev "$T/m"
	[ "$(mount_opts "$T/m")" = rw,nodev,relatime ]
}

@test "--options-source fstab|mtab|disable and lists of them, as util-linux" {
	echo "umtest $T/m tmpfs size=1m,ro 0 0" >/etc/fstab
	local src
	for src in fstab mtab disable fstab,mtab mtab,fstab "" fstab,disable; do
		UL_RESET='umount_under "$T/m"' same_as_util_linux mount \
			--options-source "$src" "$T/m"
		echo "$src: $status $(mount_opts "$T/m")"
		case $src in
		mtab)
			[ "$status" -eq 1 ]
			[ "$output" = "mount: $T/m: can't find in /etc/fstab." ] ;;
		disable | fstab,disable) [ "$status" -ne 0 ] ;;
		*) [ "$(mount_opts "$T/m")" = ro,relatime ] ;;
		esac
		umount_under "$T/m"
	done
	# a remount takes the options of the mount table
	mount -t tmpfs -o noexec umtest2 "$T/m"
	same_as_util_linux mount --options-source mtab -o remount,nodev "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/m")" = rw,nodev,noexec,relatime ]
	UL_RESET='mount -o remount,exec,dev "$T/m"' same_as_util_linux mount \
		--options-source mtab --options-mode ignore -o remount,nodev "$T/m"
	[ "$(mount_opts "$T/m")" = rw,nodev,relatime ]
}

@test "--options-source-force reads fstab with source and target given; --bind still does not, as util-linux" {
	echo "umtest $T/m tmpfs size=1m,ro,noexec 0 0" >/etc/fstab
	UL_RESET='umount_under "$T/m"' same_as_util_linux mount \
		--options-source-force -t tmpfs umtest "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/m")" = ro,noexec,relatime ]
	umount_under "$T/m"
	UL_RESET='umount_under "$T/m"' same_as_util_linux mount \
		--options-source-force --options-mode ignore umtest "$T/m"
	[ "$(mount_opts "$T/m")" = rw,relatime ]
	umount_under "$T/m"
	# a pair fstab does not have
	same_as_util_linux mount --options-source-force -t tmpfs other "$T/m"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/m: can't find in /etc/fstab." ]
	same_as_util_linux mount --options-source-force \
		--options-source mtab umtest "$T/m"
	[ "$status" -eq 1 ]
	# --bind, --move and --make-* never read fstab (util-linux's rule)
	mkdir "$T/a"
	UL_RESET='umount_under "$T/m"' same_as_util_linux mount \
		--options-source-force --bind "$T/a" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/m")" = rw,relatime ]
}

@test "--options-mode and --options-source: bad words are bad usage, as util-linux" {
	local args
	for args in "--options-mode bad" "--options-mode=" "--options-mode IGNORE" \
		"--options-source bad" "--options-source ,fstab" \
		"--options-source fstab," "--options-source fstab,,mtab" \
		"--options-source FSTAB" "--options-source ,"; do
		# shellcheck disable=SC2086
		same_as_util_linux mount $args "$T/m"
		[ "$status" -eq 1 ]
		[ "$output" = "mount: bad usage
Try 'mount --help' for more information." ]
	done
}

# Three fstab entries under $T.
three_entries() {
	mkdir -p "$T/m1" "$T/m2" "$T/m3"
	printf '%s\n' "a $T/m1 tmpfs size=1m 0 0" "b $T/m2 tmpfs size=2m 0 0" \
		"c $T/${1:-m3} tmpfs size=3m 0 0" >/etc/fstab
}

@test "-F/--fork with -a: every entry mounted by a child of its own; -v says so; the exit status counts the children, as util-linux" {
	three_entries
	UL_RESET='umount_under "$T"' same_as_util_linux mount -a -F
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(mounts_under "$T" | wc -l)" -eq 3 ]
	umount_under "$T"
	UL_RESET='umount_under "$T"' same_as_util_linux mount --all --fork -v
	# (a target of 25 characters or more is not padded)
	[ "$output" = "$T/m1: mount successfully forked
$T/m2: mount successfully forked
$T/m3: mount successfully forked" ]
	# mounted entries are left out before any child is made
	same_as_util_linux mount -a -F -v
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "$T/m2: already mounted" ]
	[[ "$output" != *forked* ]]
}

@test "-F: a child's failure is counted, its words are not shown (exit 64, 32), as util-linux" {
	three_entries nonexistent
	UL_RESET='umount_under "$T"' same_as_util_linux mount -a -F
	[ "$status" -eq 64 ]
	[ -z "$output" ]
	[ "$(mounts_under "$T" | wc -l)" -eq 2 ]
	umount_under "$T"
	# without -F the same failure is reported
	UL_RESET='umount_under "$T"' same_as_util_linux mount -a
	[ "$status" -eq 64 ]
	[[ "$output" == "mount: $T/nonexistent: mount point does not exist."* ]]
	umount_under "$T"
	echo "c $T/nonexistent tmpfs size=3m 0 0" >/etc/fstab
	same_as_util_linux mount -a -F
	[ "$status" -eq 32 ]
	# util-linux counts a child by libmount's status: a nofail entry
	# whose device is missing is a failure with -F, a success without
	echo "/dev/no-such-um-dev $T/m ext2 nofail 0 0" >/etc/fstab
	same_as_util_linux mount -a -F
	[ "$status" -eq 32 ]
	same_as_util_linux mount -a
	[ "$status" -eq 0 ]
	# -F without -a changes nothing
	UL_RESET='umount_under "$T/m"' same_as_util_linux mount -F -t tmpfs x \
		"$T/m"
	[ "$status" -eq 0 ]
	# nothing to mount: success
	: >/etc/fstab
	same_as_util_linux mount -a -F
	[ "$status" -eq 0 ]
}

@test "X-mount.subdir=DIR mounts a directory of the filesystem, as util-linux (a shared mountpoint, as util-linux 2.38 needs)" {
	[ -e /dev/loop-control ] && command -v mkfs.ext2 >/dev/null ||
		skip "no loop devices or mkfs.ext2 here"
	# util-linux 2.38 mounts in a namespace of its own and binds the
	# directory there: it reaches this namespace only through a shared
	# mount, as / is on most systems
	mount --bind "$T" "$T"
	mount --make-rshared "$T"
	mkdir -p "$T/tree/sub"
	echo inside >"$T/tree/sub/file"
	truncate -s 8M "$T/img"
	mkfs.ext2 -q -d "$T/tree" "$T/img"
	UL_RESET='umount_under "$T/m"' same_as_util_linux mount \
		-o loop,X-mount.subdir=sub "$T/img" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(cat "$T/m/file")" = inside ]
	umount_under "$T/m"
	same_as_util_linux mount -o loop,X-mount.subdir=nonexistent "$T/img" "$T/m"
	[ "$status" -eq 32 ]
	! is_mounted "$T/m" || false
	same_as_util_linux mount -o loop,X-mount.subdir= "$T/img" "$T/m"
	[ "$status" -eq 1 ]
}

@test "-o with a list that starts with =, a quote or a blank: refused as util-linux" {
	local o
	for o in =x '"x"' "'x'" " x" "	x"; do
		run "$MOUNT" -o "$o" -t tmpfs x "$T/m"
		[ "$status" -eq 1 ]
		[ "$output" = "mount: unsupported option format: $o" ]
		! is_mounted "$T/m" || false
		# util-linux 2.39 and later parse the whole list instead
		if ! libmount_fd_api; then
			same_as_util_linux mount -o "$o" -t tmpfs x "$T/m"
		fi
	done
}

@test "-a -v: one line per entry, not the single mount's words, as util-linux" {
	three_entries
	echo "d $T/m4 tmpfs noauto 0 0" >>/etc/fstab
	UL_RESET='umount_under "$T"' same_as_util_linux mount -a -v
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
	[ "${lines[0]}" = "$T/m1: successfully mounted" ]
	[ "${lines[3]}" = "$T/m4: ignored" ]
}

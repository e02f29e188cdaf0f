#!/usr/bin/env bats
# The mount options of util-linux 2.39 to 2.42 that libmount 2.38 lacks and
# usermount carries out itself (lib/xmount-opts.c, lib/xmount.c, lib/xmount-userns.c):
# X-mount.owner, X-mount.group, X-mount.mode, --onlyonce, X-mount.idmap
# with --map-users and --map-groups, OPT=recursive, X-mount.noloop and
# X-mount.nocanonicalize, X-mount.auto-fstypes. Each is checked against what util-linux 2.42's
# mount(8) documents (exit status, words, mountinfo and stat afterwards);
# where the util-linux beside this build has the option itself (2.41 and
# on: scripts/check-libmount), against that mount(8) as well, in the same
# test. util-linux 2.38.1 (/usr/bin/mount) has none of them: it ignores
# the X-mount words and refuses the switches.

load common

setup() {
	common_setup
	desktop_world
	mkdir -p "$T/m" "$T/a" "$T/b"
}

teardown() {
	[ -z "${NS_PID:-}" ] || kill "$NS_PID" 2>/dev/null || true
	umount_under "$T"
	[ -z "${LOOP:-}" ] || losetup -d "$LOOP" 2>/dev/null || true
	common_teardown
	rm -f /run/mount/utab
	desktop_world_end
}

# Is the util-linux mount(8) beside this build 2.41 or later?
ul_has_newopts() {
	local v
	v=$("$UL_MOUNT" -V | sed -n 's/.*util-linux \([0-9][0-9.]*\).*/\1/p')
	[ "$(printf '%s\n' 2.41 "$v" | sort -V | head -n 1)" = 2.41 ]
}

# same_as_util_linux where util-linux has the options; else run ours.
same_as_newer_util_linux() {
	if ul_has_newopts; then
		same_as_util_linux "$@"
	else
		shift
		run "$MOUNT" "$@"
	fi
}

# Mode, owner and group of a path, numeric.
owner_mode() {
	stat -c '%a %u %g' "$1"
}

# The options field of every mount at and below $1.
opts_under() {
	awk -v t="$1" "$MI_AWK"'
	{ m = unesc($5) } index(m, t) == 1 { print m, $6 }' /proc/self/mountinfo
}

@test "X-mount.owner, X-mount.group, X-mount.mode: the new mount's root gets them, by name or number" {
	UL_RESET='umount_under "$T/m"' same_as_newer_util_linux mount \
		-t tmpfs -o X-mount.owner=alice,X-mount.group=bob,X-mount.mode=0710 \
		x "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(owner_mode "$T/m")" = "710 2001 2002" ]
	umount "$T/m"
	# numbers; only the mode
	run "$MOUNT" -t tmpfs -o X-mount.owner=4242,X-mount.group=4343 x "$T/m"
	[ "$status" -eq 0 ]
	[ "$(owner_mode "$T/m")" = "1777 4242 4343" ]
	umount "$T/m"
	run "$MOUNT" -t tmpfs -o X-mount.mode=700 x "$T/m"
	[ "$status" -eq 0 ]
	[ "$(owner_mode "$T/m")" = "700 0 0" ]
	umount "$T/m"
	# nothing is left on the directory below
	[ "$(owner_mode "$T/m")" = "755 0 0" ]
	# a bind mount: the directory bound is changed, through the mount
	run "$MOUNT" --bind -o X-mount.mode=0750 "$T/a" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(owner_mode "$T/a")" = "750 0 0" ]
}

@test "X-mount.owner, X-mount.group, X-mount.mode from fstab; not recorded in utab" {
	echo "tmpfs $T/m tmpfs X-mount.owner=bob,X-mount.mode=0701 0 0" >/etc/fstab
	run "$MOUNT" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(owner_mode "$T/m")" = "701 2002 0" ]
	! grep -qs 'X-mount' /run/mount/utab || false
	umount "$T/m"
	# the command line comes after fstab: the last one wins
	run "$MOUNT" -o X-mount.mode=0705 "$T/m"
	[ "$status" -eq 0 ]
	[ "$(owner_mode "$T/m")" = "705 2002 0" ]
}

@test "X-mount.owner, group, mode: a value that does not parse is refused, exit 1, nothing mounted" {
	local o
	for o in X-mount.owner=no-such-user X-mount.owner= X-mount.owner \
		X-mount.group=no-such-group X-mount.group=-1 X-mount.mode=abc \
		X-mount.mode=10000 X-mount.mode=; do
		run "$MOUNT" -t tmpfs -o "$o" x "$T/m"
		echo "$o: $output"
		[ "$status" -eq 1 ]
		[[ "$output" == "mount: $T/m: failed to parse mount options '"*"$o"*"': Invalid argument." ]]
		[ -z "$(mounts_under "$T")" ]
	done
}

@test "X-mount.mode on a remount: the mounted root changes, the mount stays" {
	"$MOUNT" -t tmpfs x "$T/m"
	run "$MOUNT" -o remount,X-mount.mode=0700 "$T/m"
	[ "$status" -eq 0 ]
	[ "$(owner_mode "$T/m")" = "700 0 0" ]
	[ "$(mounts_under "$T" | wc -l)" -eq 1 ]
}

@test "X-mount.owner as an ordinary user without rights: refused by the kernel as util-linux refuses it" {
	chown alice "$T/m"
	UL_AS="as_user alice" same_as_util_linux mount -t tmpfs \
		-o X-mount.owner=alice,X-mount.mode=0700 x "$T/m"
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $T/m: must be superuser to use mount." ]
	[ "$(owner_mode "$T/m")" = "755 2001 0" ]
}

@test "--onlyonce: the same source on the same target is refused, exit 32, util-linux's words; another source is not" {
	"$MOUNT" -t tmpfs x "$T/m"
	UL_RESET=: same_as_newer_util_linux mount --onlyonce -t tmpfs x "$T/m"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/m: filesystem already mounted." ]
	[ "$(mounts_under "$T" | wc -l)" -eq 1 ]
	# without it, tmpfs mounts again on top
	run "$MOUNT" -t tmpfs x "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T" | wc -l)" -eq 2 ]
	run "$MOUNT" --onlyonce -t tmpfs y "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T" | wc -l)" -eq 3 ]
	# a bind of the same directory
	run "$MOUNT" --bind "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	run "$MOUNT" --onlyonce --bind "$T/a" "$T/b"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/b: filesystem already mounted." ]
	# from fstab
	echo "z $T/a tmpfs defaults 0 0" >/etc/fstab
	run "$MOUNT" "$T/a"
	[ "$status" -eq 0 ]
	run "$MOUNT" --onlyonce "$T/a"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/a: filesystem already mounted." ]
}

@test "--onlyonce with -a: ignored (mount -a skips what is mounted anyway)" {
	echo "z $T/a tmpfs defaults 0 0" >/etc/fstab
	"$MOUNT" -t tmpfs z "$T/a"
	run "$MOUNT" -a --onlyonce
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(mounts_under "$T/a" | wc -l)" -eq 1 ]
}

@test "ro=recursive, noexec=recursive with rbind: every submount; nosuid without it: the top only" {
	"$MOUNT" -t tmpfs src "$T/a"
	mkdir "$T/a/sub"
	"$MOUNT" -t tmpfs sub "$T/a/sub"
	# shared, $T/b would be $T/a's peer, and umount_under "$T/b" would
	# take $T/a's submounts away with its own
	mount --make-rprivate "$T/a"
	UL_RESET='umount_under "$T/b"' same_as_newer_util_linux mount \
		-o rbind,ro=recursive,noexec=recursive,nosuid "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	opts_under "$T/b"
	[ "$(mount_opts "$T/b")" = ro,nosuid,noexec,relatime ]
	[ "$(mount_opts "$T/b/sub")" = ro,noexec,relatime ]
	# the source is as it was
	[ "$(mount_opts "$T/a/sub")" = rw,relatime ]
	# a file cannot be made below
	! touch "$T/b/sub/f" 2>/dev/null || false
}

@test "OPT=recursive on a remount: added to the mount and its submounts, the rest kept" {
	"$MOUNT" -t tmpfs -o nodev src "$T/a"
	mkdir "$T/a/sub"
	"$MOUNT" -t tmpfs sub "$T/a/sub"
	run "$MOUNT" -o remount,nosuid=recursive,noatime=recursive "$T/a"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/a")" = rw,nosuid,nodev,noatime ]
	[ "$(mount_opts "$T/a/sub")" = rw,nosuid,noatime ]
	run "$MOUNT" -o remount,suid=recursive,relatime=recursive "$T/a"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/a/sub")" = rw,relatime ]
	# ro=recursive, then rw=recursive
	run "$MOUNT" -o remount,bind,ro=recursive "$T/a"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/a/sub")" = ro,relatime ]
	run "$MOUNT" -o remount,bind,rw=recursive "$T/a"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/a/sub")" = rw,relatime ]
}

@test "X-mount.idmap, --map-users, --map-groups: an idmapped mount with those maps" {
	"$MOUNT" -t tmpfs src "$T/a"
	chown 0:0 "$T/a"
	run "$MOUNT" --bind --map-users 0:4000:1 --map-groups 0:5000:1 \
		"$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/b")" == *idmapped* ]]
	# root's files show as 4000:5000 through the mount, only there
	[ "$(stat -c '%u %g' "$T/b")" = "4000 5000" ]
	[ "$(stat -c '%u %g' "$T/a")" = "0 0" ]
	[ "$(mounts_under "$T/b" | wc -l)" -eq 1 ]
	umount "$T/b"
	# the option, b: (both) as the default type
	run "$MOUNT" --bind -o 'X-mount.idmap=0:6000:1' "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[ "$(stat -c '%u %g' "$T/b")" = "6000 6000" ]
	umount "$T/b"
	run "$MOUNT" -t tmpfs -o 'X-mount.idmap="u:0:7000:1 g:0:7001:1"' x "$T/b"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/b")" == *idmapped* ]]
	[ "$(stat -c '%u %g' "$T/b")" = "7000 7001" ]
}

@test "X-mount.idmap=/proc/PID/ns/user and --map-users NSFILE: the namespace's maps" {
	unshare --user sleep 600 &
	NS_PID=$!
	# until the child is in its own user namespace
	while [ "$(readlink "/proc/$NS_PID/ns/user")" = "$(readlink /proc/self/ns/user)" ]; do
		sleep 0.1
	done
	# its uid 0 and gid 0 are 3000 and 3100 outside
	echo "0 3000 1" >"/proc/$NS_PID/uid_map"
	echo "0 3100 1" >"/proc/$NS_PID/gid_map"
	"$MOUNT" -t tmpfs src "$T/a"
	touch "$T/a/f"
	chown 42:42 "$T/a/f"
	run "$MOUNT" --bind --map-users "/proc/$NS_PID/ns/user" "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/b")" == *idmapped* ]]
	# root's files show as 3000:3100; ids the map lacks as the overflow id
	[ "$(stat -c '%u %g' "$T/b")" = "3000 3100" ]
	[ "$(stat -c '%u %g' "$T/b/f")" = "65534 65534" ]
	[ "$(stat -c '%u %g' "$T/a/f")" = "42 42" ]
	umount "$T/b"
	run "$MOUNT" --bind -o "X-mount.idmap=/proc/$NS_PID/ns/user" "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[ "$(stat -c '%u %g' "$T/b")" = "3000 3100" ]
}

@test "--map-users, X-mount.idmap: bad usage and bad maps refused before anything is mounted" {
	run "$MOUNT" -t tmpfs --map-users /proc/self/ns/user --map-users 0:1:1 \
		x "$T/m"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "mount: bad usage" ]
	run "$MOUNT" -t tmpfs --map-groups 0:1:1 --map-users /proc/self/ns/user \
		x "$T/m"
	[ "$status" -eq 1 ]
	local o
	for o in X-mount.idmap=garbage X-mount.idmap=u:1:2 X-mount.idmap= \
		X-mount.idmap=x:0:1:1; do
		run "$MOUNT" -t tmpfs -o "$o" x "$T/m"
		echo "$o: $output"
		[ "$status" -eq 1 ]
		[[ "$output" == "mount: $T/m: failed to parse mount options '"*"': Invalid argument." ]]
	done
	run "$MOUNT" -t tmpfs -o X-mount.idmap=/nonexistent x "$T/m"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/m: failed to parse mount options '/nonexistent': No such file or directory." ]
	# not a user namespace
	run "$MOUNT" -t tmpfs -o X-mount.idmap=/proc/self/ns/mnt x "$T/m"
	[ "$status" -eq 1 ]
	[ -z "$(mounts_under "$T")" ]
}

@test "X-mount.idmap the kernel refuses: exit 32, util-linux's words, no mount left" {
	# the initial user namespace cannot be attached to a mount
	run "$MOUNT" -t tmpfs -o X-mount.idmap=/proc/self/ns/user x "$T/m"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/m: mount_setattr() failed: cannot set ID-mapping: Operation not permitted." ]
	[ -z "$(mounts_under "$T")" ]
	! grep -qs "$T/m" /run/mount/utab || false
}

@test "X-mount.noloop: a regular file is given to the filesystem as it is, no loop device" {
	truncate -s 8M "$T/img"
	mkfs.ext4 -q "$T/img"
	run "$MOUNT" -o X-mount.noloop "$T/img" "$T/m"
	[ "$status" -eq 32 ]
	[ -z "$(mounts_under "$T")" ]
	[ -z "$(losetup -j "$T/img")" ]
	# without it: on a loop device
	run "$MOUNT" "$T/img" "$T/m"
	[ "$status" -eq 0 ]
	[[ "$(awk -v t="$T/m" '$5 == t { print $(NF-1) }' /proc/self/mountinfo)" == /dev/loop* ]]
	umount "$T/m"
}

@test "X-mount.nocanonicalize[=source|target]: the path as given" {
	mkdir -p "$T/real"
	ln -s real "$T/link"
	run "$MOUNT" -v -t tmpfs -o X-mount.nocanonicalize x "$T/m/../real"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: x mounted on $T/m/../real." ]
	umount "$T/real"
	run "$MOUNT" -v -t tmpfs -o X-mount.nocanonicalize=target x "$T/m/../real"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: x mounted on $T/m/../real." ]
	umount "$T/real"
	# =source leaves the target canonical
	run "$MOUNT" -v -t tmpfs -o X-mount.nocanonicalize=source x "$T/m/../real"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: x mounted on $T/real." ]
	umount "$T/real"
	# without it, as util-linux 2.38.1
	run "$MOUNT" -v --bind -o X-mount.nocanonicalize=target "$T/a/../b" "$T/m/../real"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: $T/b bound on $T/m/../real." ]
	umount "$T/real"
	run "$MOUNT" -v --bind -o X-mount.nocanonicalize=source "$T/a/../b" "$T/m/../real"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: $T/a/../b bound on $T/real." ]
}

@test "OPT=recursive from fstab, and the command line's after it" {
	"$MOUNT" -t tmpfs src "$T/a"
	mkdir "$T/a/sub"
	"$MOUNT" -t tmpfs sub "$T/a/sub"
	# shared, $T/b would be $T/a's peer, and umount_under "$T/b" would
	# take $T/a's submounts away with its own
	mount --make-rprivate "$T/a"
	echo "$T/a $T/b none rbind,noexec=recursive,nodev=recursive 0 0" >/etc/fstab
	run "$MOUNT" -o dev=recursive "$T/b"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/b/sub")" = rw,noexec,relatime ]
	umount_under "$T/b"
	run "$MOUNT" "$T/b"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/b/sub")" = rw,nodev,noexec,relatime ]
}

@test "setuid: --onlyonce, --map-users, --map-groups, -o X-mount.* from a user give up the rights, as util-linux's other options" {
	setuid_copies
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	local args
	for args in "--onlyonce" "-o X-mount.mode=0777" "-o X-mount.owner=alice" \
		"-o ro=recursive" "-o X-mount.noloop"; do
		# shellcheck disable=SC2086
		run as_user alice "$SUID/mount" $args "$T/m"
		echo "$args: $output"
		[ "$status" -eq 32 ]
		[ "${lines[0]}" = "mount: $T/m: must be superuser to use mount." ]
	done
	# the user namespace for the maps is made first, as util-linux makes
	# it: a process that was setuid may not write its maps
	local t
	for t in users groups; do
		run as_user alice "$SUID/mount" "--map-$t" 0:2001:1 "$T/m"
		echo "$t: $output"
		[ "$status" -eq 1 ]
		[ "$output" = "mount: $T/m: failed to parse mount options '${t:0:1}:0:2001:1': Permission denied." ]
	done
	[ -z "$(mounts_under "$T")" ]
}

@test "setuid: fstab's X-mount.owner, X-mount.mode, X-mount.idmap and =recursive for a user entry are applied, as util-linux's restricted mount applies them" {
	setuid_copies
	can_lift_limits || skip "no CAP_SYS_RESOURCE here (lib/setuid-rootchild.c)"
	echo "umtest $T/m tmpfs user,noauto,X-mount.owner=alice,X-mount.mode=0700 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(owner_mode "$T/m")" = "700 2001 0" ]
	[ "$(mount_opts "$T/m")" = rw,nosuid,nodev,noexec,relatime ]
	# and she may unmount it
	run as_user alice "$SUID/umount" "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$(mounts_under "$T")" ]
	echo "umtest $T/m tmpfs user,noauto,X-mount.idmap=0:4000:1,ro=recursive 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/m")" == ro,*idmapped* ]]
	[ "$(stat -c '%u %g' "$T/m")" = "4000 4000" ]
	run as_user alice "$SUID/umount" "$T/m"
	[ "$status" -eq 0 ]
	# a bad value: refused before anything is mounted
	echo "umtest $T/m tmpfs user,noauto,X-mount.mode=9 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 1 ]
	[[ "$output" == *"failed to parse mount options"* ]]
	[ -z "$(mounts_under "$T")" ]
}

# An ext4 image in $T/img, and a loop device on it in $LOOP.
ext4_image() {
	truncate -s 16M "$T/img"
	mkfs.ext4 -q "$T/img"
	LOOP=$(losetup -f --show "$T/img")
}

@test "X-mount.auto-fstypes: the probed type must be in the list, or not in a no-list; a type given is not limited" {
	ext4_image
	local fs="$T/m ext4 rw,relatime"
	local no="mount: $T/m: no valid filesystem type specified."
	local reset='umount_under "$T/m"'
	UL_RESET=$reset same_as_newer_util_linux mount \
		-o X-mount.auto-fstypes=ext4 "$LOOP" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T/m")" = "$fs" ]
	umount "$T/m"
	UL_RESET=$reset same_as_newer_util_linux mount \
		-o 'X-mount.auto-fstypes="noext2,xfs"' "$LOOP" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T/m")" = "$fs" ]
	umount "$T/m"
	# refused: exit 1, nothing tried, nothing mounted
	local o
	for o in X-mount.auto-fstypes=xfs X-mount.auto-fstypes=noext4 \
		'X-mount.auto-fstypes="ext2,btrfs"' \
		X-mount.auto-fstypes=xfs,X-mount.auto-fstypes=ext4; do
		same_as_newer_util_linux mount -o "$o" "$LOOP" "$T/m"
		echo "$o: $output"
		[ "$status" -eq 1 ]
		[ "$output" = "$no" ]
		[ -z "$(mounts_under "$T/m")" ]
	done
	# -t auto is no type either; a regular file: no loop device left
	same_as_newer_util_linux mount -t auto -o X-mount.auto-fstypes=vfat \
		"$T/img" "$T/m"
	[ "$status" -eq 1 ]
	[ "$output" = "$no" ]
	[ "$(losetup -j "$T/img" | wc -l)" -eq 1 ]
	# a type given, a bind mount, no list: not limited
	UL_RESET=$reset same_as_newer_util_linux mount -t ext4 \
		-o X-mount.auto-fstypes=xfs "$LOOP" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T/m")" = "$fs" ]
	umount "$T/m"
	UL_RESET=$reset same_as_newer_util_linux mount --bind \
		-o X-mount.auto-fstypes=xfs "$T/a" "$T/m"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	umount "$T/m"
	UL_RESET=$reset same_as_newer_util_linux mount \
		-o X-mount.auto-fstypes= "$LOOP" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T/m")" = "$fs" ]
}

@test "X-mount.auto-fstypes from fstab; the first one counts, the command line's after it" {
	ext4_image
	echo "$LOOP $T/m auto X-mount.auto-fstypes=xfs 0 0" >/etc/fstab
	same_as_newer_util_linux mount "$T/m"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/m: no valid filesystem type specified." ]
	same_as_newer_util_linux mount -o X-mount.auto-fstypes=ext4 "$T/m"
	[ "$status" -eq 1 ]
	[ -z "$(mounts_under "$T")" ]
	echo "$LOOP $T/m auto X-mount.auto-fstypes=ext4 0 0" >/etc/fstab
	run "$MOUNT" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T/m")" = "$T/m ext4 rw,relatime" ]
}

@test "setuid: X-mount.auto-fstypes from a user gives up the rights; in a user entry of fstab it limits the probe" {
	setuid_copies
	ext4_image
	echo "$LOOP $T/m auto user,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" -o X-mount.auto-fstypes=ext4 "$T/m"
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $T/m: must be superuser to use mount." ]
	[ -z "$(mounts_under "$T")" ]
	can_lift_limits || skip "no CAP_SYS_RESOURCE here (lib/setuid-rootchild.c)"
	echo "$LOOP $T/m auto user,noauto,X-mount.auto-fstypes=noext4 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/m: failed to determine filesystem type." ]
	[ -z "$(mounts_under "$T")" ]
	echo "$LOOP $T/m auto user,noauto,X-mount.auto-fstypes=ext4 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T/m")" = "$T/m ext4 rw,nosuid,nodev,noexec,relatime" ]
	run as_user alice "$SUID/umount" "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$(mounts_under "$T")" ]
}

@test "ro=recursive, rw=recursive from fstab: every submount, whichever libmount merges the options (mount and mount -a)" {
	"$MOUNT" -t tmpfs src "$T/a"
	mkdir "$T/a/ro" "$T/a/rw"
	"$MOUNT" -t tmpfs -o ro sub "$T/a/ro"
	"$MOUNT" -t tmpfs sub "$T/a/rw"
	# shared, $T/b would be $T/a's peer, and umount_under "$T/b" would
	# take $T/a's submounts away with its own
	mount --make-rprivate "$T/a"
	# each word on the submount that had the other, not on the original
	local w o
	for w in ro rw; do
		o=$([ $w = ro ] && echo rw || echo ro)
		echo "$T/a $T/b none rbind,$w=recursive 0 0" >/etc/fstab
		run "$MOUNT" "$T/b"
		echo "$w: $output"
		[ "$status" -eq 0 ]
		[ "$(mount_opts "$T/b")" = $w,relatime ]
		[ "$(mount_opts "$T/b/$o")" = $w,relatime ]
		[ "$(mount_opts "$T/a/$o")" = $o,relatime ]
		umount_under "$T/b"
	done
	# mount -a; and the command line's after fstab's
	echo "$T/a $T/b none rbind,ro=recursive 0 0" >/etc/fstab
	run "$MOUNT" -a
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/b/rw")" = ro,relatime ]
	umount_under "$T/b"
	run "$MOUNT" -o rw=recursive "$T/b"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/b/ro")" = rw,relatime ]
	umount_under "$T/b"
	# source and target named: no fstab entry is used
	run "$MOUNT" --rbind "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/b")" = rw,relatime ]
	[ "$(mount_opts "$T/b/rw")" = rw,relatime ]
	[ "$(mount_opts "$T/b/ro")" = ro,relatime ]
}

#!/usr/bin/env bats
# The setuid mode: a kernel without the mount-ownership series. Root acts like
# util-linux; an ordinary user gets libmount's restricted fstab policy
# through a setuid-root copy of the tools ($SUID/mount, $SUID/umount).
# Where util-linux's own setuid /usr/bin/mount is usable it is run the same
# way as a reference.

load common

setup() {
	common_setup
	setuid_copies
	SHM_MOUNTED=
	mkdir -p "$T/m" "$T/a" "$T/b"
	chmod 0755 "$T/m" "$T/a" "$T/b"
}

teardown() {
	if [ -n "${SHM_MOUNTED:-}" ]; then
		umount /dev/shm 2>/dev/null || true
	fi
	common_teardown
}

# The utab line libmount wrote for a target.
utab_line() {
	grep -F "TARGET=$1 " /run/mount/utab 2>/dev/null
}

# A private /dev/shm for device nodes owned by test users.
private_shm() {
	mount -t tmpfs -o mode=1777 umtest-shm /dev/shm
	SHM_MOUNTED=1
}

@test "setuid: user entry mounts through the setuid copy, nosuid,nodev,noexec, user= in utab" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab

	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	is_mounted "$T/m"
	[ "$(mounts_under "$T/m")" = "$T/m tmpfs rw,nosuid,nodev,noexec,relatime" ]
	run utab_line "$T/m"
	[ "$status" -eq 0 ]
	[[ "$output" == *"OPTS=user=alice"* ]]
}

@test "setuid: user entry without the setuid bit fails like util-linux's non-setuid copy" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	cp "$UL_MOUNT" "$T/ulmount"
	chmod 0755 "$T/ulmount"

	run as_user alice "$T/ulmount" "$T/m"
	ul_status=$status
	[ "$ul_status" -eq 32 ]
	[[ "$output" == *"$T/m: must be superuser to use mount."* ]]
	! is_mounted "$T/m" || false

	run as_user alice "$MOUNT" "$T/m"
	[ "$status" -eq "$ul_status" ]
	[[ "$output" == "mount: $T/m: "* ]]
	! is_mounted "$T/m" || false
	[ -z "$(mounts_under "$T")" ]
	! utab_line "$T/m" || false
}

@test "setuid: a mount not in fstab is refused as by util-linux, nothing mounted" {
	need_ul_setuid "$UL_MOUNT"

	run as_user alice "$UL_MOUNT" -t tmpfs x "$T/m"
	ul_status=$status
	[ "$ul_status" -ne 0 ]
	[[ "$output" == *"must be superuser to use mount"* ]]
	! is_mounted "$T/m" || false

	run as_user alice "$SUID/mount" -t tmpfs x "$T/m"
	[ "$status" -eq "$ul_status" ]
	[[ "$output" == "mount: $T/m: "* ]]
	! is_mounted "$T/m" || false
	[ -z "$(mounts_under "$T")" ]
}

@test "setuid: kernel refusals of an ordinary user get util-linux's message, not an ownership one" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab

	# non-setuid copy, fstab entry
	run as_user alice "$MOUNT" "$T/m"
	[ "$status" -eq 32 ]
	[[ "$output" == *"mount: $T/m: must be superuser to use mount."* ]]
	[[ "$output" != *"not allowed for users"* ]]
	# setuid copy, -t beyond the allow-list
	run as_user alice "$SUID/mount" -t tmpfs x "$T/m"
	[ "$status" -eq 32 ]
	[[ "$output" == *"mount: $T/m: must be superuser to use mount."* ]]
	# setuid copy, --bind
	run as_user alice "$SUID/mount" --bind "$T/a" "$T/b"
	[ "$status" -eq 32 ]
	[[ "$output" == *"mount: $T/b: must be superuser to use mount."* ]]
	[[ "$output" != *"you own"* ]]
	[ -z "$(mounts_under "$T")" ]
}

@test "setuid: user,exec is not noexec, exec,user is (same as util-linux)" {
	local ul=0
	[ "$(stat -c %a "$UL_MOUNT")" = 4755 ] && ul=1

	echo "umtest $T/m tmpfs user,exec,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/m")" = "rw,nosuid,nodev,relatime" ]
	umount "$T/m"
	if [ $ul = 1 ]; then
		run as_user alice "$UL_MOUNT" "$T/m"
		[ "$status" -eq 0 ]
		[ "$(mount_opts "$T/m")" = "rw,nosuid,nodev,relatime" ]
		umount "$T/m"
	fi

	echo "umtest $T/m tmpfs exec,user,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/m")" = "rw,nosuid,nodev,noexec,relatime" ]
	umount "$T/m"
	if [ $ul = 1 ]; then
		run as_user alice "$UL_MOUNT" "$T/m"
		[ "$status" -eq 0 ]
		[ "$(mount_opts "$T/m")" = "rw,nosuid,nodev,noexec,relatime" ]
		umount "$T/m"
	fi
	! is_mounted "$T/m" || false
}

@test "setuid: only the recorded user unmounts a user mount; alice2 is not alice" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"

	# util-linux's words and exit code: the caller tries as themselves
	run as_user bob "$SUID/umount" "$T/m"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $T/m: must be superuser to unmount." ]
	is_mounted "$T/m"

	# libmount 2.38.1 compares user=alice with strncmp: "alice2" passes
	run as_user alice2 "$SUID/umount" "$T/m"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $T/m: must be superuser to unmount." ]
	is_mounted "$T/m"
	utab_line "$T/m" | grep -q "OPTS=user=alice$"

	run as_user alice "$SUID/umount" "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	! is_mounted "$T/m" || false
	! utab_line "$T/m" || false
}

@test "setuid: util-linux's own umount lets alice2 unmount alice's mount (the bug usermount covers)" {
	need_ul_setuid "$UL_UMOUNT"
	need_ul_setuid "$UL_MOUNT"
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	run as_user alice "$UL_MOUNT" "$T/m"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"

	# bob is refused by util-linux as well ...
	run as_user bob "$UL_UMOUNT" "$T/m"
	[ "$status" -ne 0 ]
	is_mounted "$T/m"
	# ... but util-linux 2.38.1 takes alice2 for alice
	run as_user alice2 "$UL_UMOUNT" "$T/m"
	if [ "$status" -ne 0 ]; then
		skip "this util-linux refuses alice2 ($output)"
	fi
	! is_mounted "$T/m" || false
}

@test "setuid: users entry: alice mounts, bob unmounts" {
	echo "umtest $T/m tmpfs users,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/m")" = "rw,nosuid,nodev,noexec,relatime" ]

	run as_user bob "$SUID/umount" "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	! is_mounted "$T/m" || false
	! utab_line "$T/m" || false
}

# A block node owned (chown ARG) by alice or her group, an fstab entry with
# POLICY for it: bob is refused as by util-linux, alice mounts.
device_policy() {
	local owner=$1 policy=$2
	private_shm
	# in a directory of root's, as /dev is: a node in sticky /dev/shm
	# could be renamed by its owner (tests/security/pinning.bats)
	mkdir -m 0755 /dev/shm/umdev
	mknod /dev/shm/umdev/umblk b 7 200
	chown "$owner" /dev/shm/umdev/umblk
	echo "/dev/shm/umdev/umblk $T/m tmpfs $policy,noauto 0 0" >/etc/fstab

	# refused by the fstab policy, then (as util-linux) by the kernel
	run as_user bob "$SUID/mount" "$T/m"
	ours="$status|$output"
	[ "$status" -eq 32 ]
	[[ "$output" == "mount: $T/m: must be superuser to use mount."* ]]
	! is_mounted "$T/m" || false
	run as_user bob "$UL_MOUNT" "$T/m"
	[ "$ours" = "$status|$output" ]
	! is_mounted "$T/m" || false

	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/m")" = "rw,nosuid,nodev,relatime" ]
}

@test "setuid: owner entry: the owner of the /dev node mounts, bob is refused" {
	device_policy alice owner
}

@test "setuid: group entry: a member of the node's group mounts, bob is refused" {
	device_policy root:2001 group
}

@test "setuid: LIBMOUNT_FSTAB is ignored by the setuid copy, honoured for root" {
	echo "evil $T/m tmpfs user,noauto 0 0" >"$T/evil-fstab"
	: >/etc/fstab

	run as_user alice env LIBMOUNT_FSTAB="$T/evil-fstab" "$SUID/mount" "$T/m"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/m: can't find in /etc/fstab." ]
	! is_mounted "$T/m" || false

	# positive control: without setuid the variable does take effect
	run env LIBMOUNT_FSTAB="$T/evil-fstab" "$MOUNT" "$T/m"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	[ "$(awk -v t="$T/m" '$5 == t { print $(NF-1) }' /proc/self/mountinfo)" = evil ]
}

@test "setuid: LIBMOUNT_UTAB is ignored by the setuid copy" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	run as_user alice env LIBMOUNT_UTAB="$T/evil-utab" "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	[ ! -e "$T/evil-utab" ]
	utab_line "$T/m" | grep -q "OPTS=user=alice"

	run as_user alice env LIBMOUNT_UTAB="$T/evil-utab" "$SUID/umount" "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
	[ ! -e "$T/evil-utab" ]
	! utab_line "$T/m" || false
}

@test "setuid: LIBMOUNT_DEBUG prints nothing from the setuid copy" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	run as_user alice env LIBMOUNT_DEBUG=all "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	is_mounted "$T/m"
	run as_user alice env LIBMOUNT_DEBUG=all "$SUID/umount" "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	! is_mounted "$T/m" || false

	# control: the variable works on a copy without setuid
	run as_user alice env LIBMOUNT_DEBUG=all "$MOUNT" "$T/m"
	[[ "$output" == *"libmount:"* ]]
	! is_mounted "$T/m" || false
}

@test "setuid: LIBMOUNT_FORCE_MOUNT2 changes nothing for the setuid copy" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	echo "$T/a $T/b none user,bind,noauto 0 0" >>/etc/fstab
	run as_user alice env LIBMOUNT_FORCE_MOUNT2=always "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/m")" = "rw,nosuid,nodev,noexec,relatime" ]

	run as_user alice env LIBMOUNT_FORCE_MOUNT2=always "$SUID/mount" "$T/b"
	[ "$status" -eq 0 ]
	# every mount at $T/b carries nosuid (no bind left without it)
	[ "$(awk -v t="$T/b" '$5 == t' /proc/self/mountinfo | wc -l)" -eq 1 ]
	[[ ",$(mount_opts "$T/b")," == *",nosuid,"* ]]
	[[ ",$(mount_opts "$T/b")," == *",nodev,"* ]]
	[[ ",$(mount_opts "$T/b")," == *",noexec,"* ]]
}

@test "setuid: a user,bind,ro line is made in one step, never a bind without its flags; util-linux binds, then remounts" {
	command -v strace >/dev/null || skip "no strace"
	echo "$T/a $T/b none user,bind,ro,noauto 0 0" >/etc/fstab
	# strace run by root keeps the setuid bit of the traced program
	strace -f -e trace=mount,open_tree,mount_setattr,move_mount \
		-o "$T/trace" setpriv --reuid=2001 --regid=2001 --clear-groups \
		-- "$SUID/mount" "$T/b"
	cat "$T/trace"
	opts=",$(mount_opts "$T/b"),"
	[[ "$opts" == ,ro,*nosuid,nodev,noexec,* ]]
	grep -Eq 'open_tree\(AT_FDCWD, "[^"]*", OPEN_TREE_CLONE\|OPEN_TREE_CLOEXEC\) = [0-9]' "$T/trace"
	grep -Eq 'mount_setattr\(.*MOUNT_ATTR_RDONLY\|MOUNT_ATTR_NOSUID\|MOUNT_ATTR_NODEV\|MOUNT_ATTR_NOEXEC.* = 0' "$T/trace"
	grep -Eq 'move_mount\(.*MOVE_MOUNT_F_EMPTY_PATH\) = 0' "$T/trace"
	! grep -Eq '^[0-9]+ +mount\(' "$T/trace" || false
	[ "$(utab_line "$T/b" | grep -c user=alice)" -eq 1 ]
	run as_user alice "$SUID/umount" "$T/b"
	[ "$status" -eq 0 ]
	! is_mounted "$T/b" || false
	# util-linux 2.38's setuid mount: the bind first, then the remount
	need_ul_setuid "$UL_MOUNT"
	strace -f -e trace=mount -o "$T/ul.trace" setpriv --reuid=2001 \
		--regid=2001 --clear-groups -- "$UL_MOUNT" "$T/b"
	cat "$T/ul.trace"
	[ "$(grep -c 'MS_BIND' "$T/ul.trace")" -eq 2 ]
	grep -q 'MS_REMOUNT|MS_BIND' "$T/ul.trace"
	umount "$T/b"
}

# Output of "$@" with $1 (a path) replaced, and its status, as one string.
masked() {
	local p=$1 out rc=0
	shift
	out=$("$@" 2>&1) || rc=$?
	printf '%s|%s' "$rc" "${out//"$p"/PATH}"
}

@test "setuid: no probing of unreadable directories (CVE-2013-0157)" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	mkdir -p "$T/private/exists"
	chmod 0700 "$T/private"
	local tool p1 p2 a b
	for tool in mount umount; do
		for pair in "exists nothere" "exists/../../m nothere/../../m"; do
			p1=$T/private/${pair% *}
			p2=$T/private/${pair#* }
			a=$(masked "$p1" as_user alice "$SUID/$tool" "$p1")
			b=$(masked "$p2" as_user alice "$SUID/$tool" "$p2")
			echo "$tool: [$a] vs [$b]"
			[ "$a" = "$b" ]
			[ "${a%%|*}" -ne 0 ]
			[[ "$a" == *PATH* ]]
			! is_mounted "$T/m" || false
		done
	done
	# the exact answers, util-linux's
	run as_user alice "$SUID/mount" "$T/private/nothere"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/private/nothere: can't find in /etc/fstab." ]
	run as_user alice "$SUID/umount" "$T/private/nothere"
	[ "$status" -eq 1 ]
	[ "$output" = "umount: $T/private/nothere: Permission denied" ]
	[ -z "$(mounts_under "$T")" ]
}

@test "setuid: --setuser and nomnt need a kernel with mount ownership, nothing mounted" {
	local msg="mount: --setuser and nomnt need a kernel with mount ownership (no /proc/sys/fs/max_user_mounts)"

	run "$MOUNT" --setuser=alice --bind "$T/a" "$T/b"
	[ "$status" -eq 32 ]
	[ "$output" = "$msg" ]
	! is_mounted "$T/b" || false

	run "$MOUNT" -o bind,nomnt "$T/a" "$T/b"
	[ "$status" -eq 32 ]
	[ "$output" = "$msg" ]
	! is_mounted "$T/b" || false

	echo "$T/a $T/b none bind,setuser=alice 0 0" >/etc/fstab
	run "$MOUNT" -a
	[ "$status" -eq 32 ]
	[ "$output" = "$msg" ]
	! is_mounted "$T/b" || false
	[ -z "$(mounts_under "$T")" ]
	! utab_line "$T/b" || false
}

@test "setuid: beyond the allow-list the setuid copy acts as the caller" {
	run as_user alice "$SUID/mount" -t tmpfs x "$T/m"
	# 32: the kernel refused (EPERM), not libmount's policy (1)
	[ "$status" -eq 32 ]
	[[ "$output" == "mount: $T/m: "* ]]
	! is_mounted "$T/m" || false

	run as_user alice "$SUID/mount" --bind "$T/a" "$T/b"
	[ "$status" -eq 32 ]
	[[ "$output" == "mount: $T/b: "* ]]
	! is_mounted "$T/b" || false

	run as_user alice "$SUID/mount" -o suid,dev,exec -t tmpfs x "$T/m"
	[ "$status" -eq 32 ]
	! is_mounted "$T/m" || false
	[ -z "$(mounts_under "$T")" ]
	! utab_line "$T/m" || false
}

@test "setuid: a mount helper runs with the caller's rights, not root's" {
	[ -x /sbin/mount.fuse3 ] || skip "no mount.fuse3 (Debian fuse3)"
	mkdir -p "$T/f"
	chown alice:alice "$T/f"
	# libmount runs /sbin/mount.fuse for type fuse, which runs PROGRAM of
	# the "PROGRAM#SOURCE" form: a probe that records whom it runs as
	mkdir "$T/out"
	chown alice "$T/out"
	printf '#!/bin/sh\nid -u >%s/out/helper-euid\n' "$T" >"$T/probe"
	chmod 0755 "$T/probe"
	echo "$T/probe#x $T/f fuse user,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/f"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	[ "$(cat "$T/out/helper-euid")" = 2001 ]
}

@test "setuid: umount works from the mountpoint's parent with UMOUNT_NOFOLLOW" {
	command -v strace >/dev/null || skip "no strace"
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	as_user alice "$SUID/mount" "$T/m"
	# strace run by root keeps the setuid bit of the traced program
	strace -f -e trace=umount2,chdir -o "$T/trace" \
		setpriv --reuid=2001 --regid=2001 --clear-groups -- \
		"$SUID/umount" "$T/m"
	! is_mounted "$T/m" || false
	grep -Eq "chdir\\(\"$T\"\\) += 0" "$T/trace"
	grep -Eq 'umount2\("m", UMOUNT_NOFOLLOW\) += 0' "$T/trace"
	# no umount2 of the full path, which a symlink swap could redirect
	! grep -q "umount2(\"$T/m\"" "$T/trace" || false
}

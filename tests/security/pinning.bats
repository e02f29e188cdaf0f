#!/usr/bin/env bats
# Rows 8, 15, 19 of shared/security.md in the setuid mode: libmount
# checks the target against fstab, then mount(2) resolves the same path
# again as root. The setuid copy only mounts where no one but root can
# change what the path names (lib/setuid-fixedpath.c); elsewhere it refuses.

load ../common

setup() {
	common_setup
	setuid_copies
	mkdir -p "$T/home/alice/m" "$T/victim"
	chown alice:alice "$T/home/alice"
	chmod 0755 "$T/home" "$T/home/alice" "$T/home/alice/m"
}

teardown() {
	common_teardown
}

@test "row 8: a user entry below a directory the user can change is refused, nothing mounted" {
	echo "umtest $T/home/alice/m tmpfs user,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/home/alice/m"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/home/alice/m: mountpoint not fixed: $T/home/alice may be changed by users." ]
	[ -z "$(mounts_under "$T")" ]
	! utab_line "$T/home/alice/m" || false
}

@test "row 8: under a sticky directory, only a root-owned mountpoint is used" {
	mkdir -p "$T/sticky/hers" "$T/sticky/roots"
	chmod 1777 "$T/sticky"
	chown alice "$T/sticky/hers"
	chmod 0755 "$T/sticky/roots"
	printf '%s\n' "umtest $T/sticky/hers tmpfs user,noauto 0 0" \
		"umtest $T/sticky/roots tmpfs user,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/sticky/hers"
	[ "$status" -eq 1 ]
	[[ "$output" == *"$T/sticky/hers may be renamed by its owner." ]]
	! is_mounted "$T/sticky/hers" || false
	run as_user alice "$SUID/mount" "$T/sticky/roots"
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T")" = "$T/sticky/roots tmpfs rw,nosuid,nodev,noexec,relatime" ]
}

@test "row 8: a bounded rename race to a symlink never mounts on the victim" {
	echo "umtest $T/home/alice/m tmpfs user,noauto 0 0" >/etc/fstab
	# alice swaps her mountpoint for a symlink to a directory she cannot
	# mount on, as fast as she can, while she calls the setuid mount
	as_user alice sh -c '
		i=0
		while [ $i -lt 4000 ]; do
			mv "$1/m" "$1/d" 2>/dev/null; ln -sfn "$2" "$1/m"
			rm -f "$1/m"; mv "$1/d" "$1/m" 2>/dev/null
			i=$((i + 1))
		done' sh "$T/home/alice" "$T/victim" &
	local racer=$! n=0
	while kill -0 "$racer" 2>/dev/null && [ $n -lt 200 ]; do
		as_user alice "$SUID/mount" "$T/home/alice/m" 2>/dev/null || true
		n=$((n + 1))
	done
	wait "$racer" || true
	echo "tries: $n"
	! is_mounted "$T/victim" || false
	[ -z "$(mounts_under "$T")" ]
}

@test "row 15: a user entry reached through a symlinked parent is refused" {
	ln -s "$T/home/alice" "$T/link"
	mkdir -p "$T/fixed"
	echo "umtest $T/link/m tmpfs user,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/link/m"
	[ "$status" -ne 0 ]
	[ -z "$(mounts_under "$T")" ]
}

@test "row 19: a root-owned mountpoint path is mounted by a single mount(2) on that path" {
	command -v strace >/dev/null || skip "no strace"
	mkdir -p "$T/fixed"
	echo "umtest $T/fixed tmpfs user,noauto 0 0" >/etc/fstab
	# root's strace keeps the setuid bit of the traced copy
	strace -f -qq -o "$T/trace" \
		-e trace=mount,mount_setattr,move_mount,open_tree,fsmount \
		setpriv --reuid=2001 --regid=2001 --clear-groups -- \
		"$SUID/mount" "$T/fixed"
	cat "$T/trace"
	if libmount_fd_api; then
		# 2.39 on: a detached mount (fsmount), its flags set on the fd,
		# attached once by move_mount to the target, opened once
		[ "$(grep -c '^[0-9]* *fsmount(' "$T/trace")" -eq 1 ]
		grep -q "mount_setattr([0-9]*, \"\", AT_EMPTY_PATH, {attr_set=MOUNT_ATTR_NOSUID|MOUNT_ATTR_NODEV|MOUNT_ATTR_NOEXEC" "$T/trace"
		[ "$(grep -c '^[0-9]* *move_mount(' "$T/trace")" -eq 1 ]
		! grep -q '^[0-9]* *mount(' "$T/trace" || false
	else
		[ "$(grep -c 'mount(' "$T/trace")" -eq 1 ]
		grep -q "mount(\"umtest\", \"$T/fixed\", \"tmpfs\", MS_NOSUID|MS_NODEV|MS_NOEXEC" "$T/trace"
	fi
	is_mounted "$T/fixed"
}

@test "row 10: a loop image or bind source the user can swap is refused before it is opened" {
	command -v mkfs.ext2 >/dev/null || skip "no mkfs.ext2"
	mkdir -p "$T/m" "$T/home/alice/dir"
	truncate -s 4M "$T/home/alice/img"
	mkfs.ext2 -q "$T/home/alice/img"
	chown alice "$T/home/alice/img"
	printf '%s\n' "$T/home/alice/img $T/m ext2 user,loop,noauto 0 0" \
		"$T/home/alice/dir $T/m none user,bind,noauto 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/home/alice/img"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/home/alice/img: source not fixed: $T/home/alice may be changed by users." ]
	[ -z "$(losetup -j "$T/home/alice/img")" ]
	run as_user alice "$SUID/mount" "$T/home/alice/dir"
	[ "$status" -eq 1 ]
	[[ "$output" == *"source not fixed"* ]]
	[ -z "$(mounts_under "$T")" ]
}

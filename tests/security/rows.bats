#!/usr/bin/env bats
# Rows of shared/security.md that the setuid mode meets at its option
# and target checks (9, 12, 16, 17, 18, 22, 24). tests/security/README maps
# every row to its test.

load ../common

setup() {
	setuid_setup
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
}

teardown() {
	common_teardown
}

@test "rows 16, 18, 24: -o dev, suid, exec, allow_other or a page-long option from a user: refused, nothing mounted" {
	local o long
	long=x-$(printf '%05000d' 0)
	for o in dev suid exec allow_other "$long" "mode=0777\\,dev"; do
		run as_user alice "$SUID/mount" -o "$o" "$T/m"
		echo "${o:0:20}: $status ${output:0:200}"
		[ "$status" -ne 0 ]
		[ -z "$(mounts_under "$T")" ]
	done
	# the fstab entry alone: nosuid,nodev forced
	as_user alice "$SUID/mount" "$T/m"
	[ "$(mounts_under "$T")" = "$T/m tmpfs rw,nosuid,nodev,noexec,relatime" ]
}

@test "rows 17, 22: a user cannot mount over /proc/PID or /proc/self/fd" {
	local t
	for t in "/proc/$$" /proc/self/fd; do
		run as_user alice "$SUID/mount" -t tmpfs none "$t"
		echo "$t: $status $output"
		[ "$status" -ne 0 ]
		run as_user alice "$SUID/mount" --bind "$T/m" "$t"
		[ "$status" -ne 0 ]
	done
	! grep -q ' /proc/[0-9s][^ ]* ' /proc/self/mountinfo || false
}

@test "row 9: no chown or chmod by path, even with X-mount.owner and X-mount.mode" {
	command -v strace >/dev/null || skip "no strace"
	strace -f -qq -o "$T/trace" \
		-e trace=chown,lchown,fchownat,chmod,fchmodat \
		"$MOUNT" -t tmpfs -o X-mount.owner=alice,X-mount.mode=0777 \
		umtest "$T/m"
	cat "$T/trace"
	is_mounted "$T/m"
	# one of each, through the descriptor of the new mount's root
	[ "$(grep -c . "$T/trace")" -eq 2 ]
	grep -Eq '^[0-9]+ +fchownat\([0-9]+, "", 2001, -1, AT_EMPTY_PATH\) = 0$' \
		"$T/trace"
	grep -Eq '^[0-9]+ +chmod\("/proc/self/fd/[0-9]+", 0777\) += 0$' \
		"$T/trace"
	[ "$(stat -c %u:%a "$T/m")" = 2001:777 ]
}

@test "row 12: the setuid copy does not probe a user's image for a user" {
	command -v strace >/dev/null || skip "no strace"
	command -v mkfs.ext2 >/dev/null || skip "no mkfs.ext2"
	mkdir -p "$T/home"
	truncate -s 4M "$T/home/img"
	mkfs.ext2 -q -L umimg "$T/home/img"
	chown alice "$T/home/img"
	# beyond fstab the copy drops root and retries as alice (setuid.bats):
	# her own opens come after the drop; none may come before it
	for spec in "$T/home/img" LABEL=umimg; do
		strace -f -qq -o "$T/trace" \
			-e trace=open,openat,setuid,setresuid,setreuid \
			setpriv --reuid=2001 --regid=2001 --clear-groups -- \
			"$SUID/mount" "$spec" "$T/m" || true
		# the first setresuid is setpriv's, the second the copy's drop
		awk '/ set(res|re)?uid\(/ && ++n == 2 { exit }
		     /home\/img"|\/dev\/loop|blkid\.tab/ { print; bad = 1 }
		     END { exit bad }' "$T/trace"
		grep -c ' set\(res\|re\)\?uid(' "$T/trace"
	done
	[ -z "$(mounts_under "$T")" ]
}

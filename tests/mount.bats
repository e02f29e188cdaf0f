#!/usr/bin/env bats
# mount(8) as root on the host kernel, against util-linux's in the same run.

load common

setup() {
	common_setup
	mkdir -p "$T/a" "$T/b" "$T/m"
}

teardown() {
	common_teardown
}

@test "listing is util-linux's listing, line for line" {
	mount -t tmpfs -o size=1m "src with space" "$T/m"
	run "$MOUNT"
	[ "$status" -eq 0 ]
	ours=$output
	run "$UL_MOUNT"
	[ "$ours" = "$output" ]
	[[ "$ours" == *"src with space on $T/m type tmpfs (rw,relatime,size=1024k)"* ]]
}

@test "mount -t TYPE lists only that type, as util-linux" {
	mount -t tmpfs -o size=1m umlist "$T/m"
	run "$MOUNT" -t tmpfs
	[ "$status" -eq 0 ]
	ours=$output
	[[ "$ours" == *"umlist on $T/m type tmpfs"* ]]
	! grep -v ' type tmpfs ' <<<"$ours" || false
	[ "$ours" = "$("$UL_MOUNT" -t tmpfs)" ]
}

@test "mount -l lists like util-linux" {
	run "$MOUNT" -l -t tmpfs
	[ "$status" -eq 0 ]
	[ "$output" = "$("$UL_MOUNT" -l -t tmpfs)" ]
}

@test "mount -t tmpfs -o OPTS SRC DIR mounts, umount unmounts" {
	run "$MOUNT" -t tmpfs -o size=2m,mode=0700 umsrc "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	is_mounted "$T/m"
	grep -q "size=2048k,mode=700" <<<"$(grep " $T/m " /proc/self/mountinfo)"
	run "$UMOUNT" "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
}

@test "-r and -w: read-only and read-write" {
	"$MOUNT" -r -t tmpfs x "$T/m"
	[[ "$(mount_opts "$T/m")" == ro,* ]]
	"$UMOUNT" "$T/m"
	"$MOUNT" --read-only -t tmpfs x "$T/m"
	[[ "$(mount_opts "$T/m")" == ro,* ]]
	"$MOUNT" -w -o remount "$T/m"
	[[ "$(mount_opts "$T/m")" == rw,* ]]
}

@test "-o remount,ro changes the mount in place" {
	"$MOUNT" -t tmpfs x "$T/m"
	touch "$T/m/file"
	run "$MOUNT" -o remount,ro "$T/m"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/m")" == ro,* ]]
	[ -e "$T/m/file" ]
	[ "$(grep -c " $T/m " /proc/self/mountinfo)" -eq 1 ]
}

@test "--bind and -B bind a directory" {
	touch "$T/a/here"
	run "$MOUNT" --bind "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[ -e "$T/b/here" ]
	"$UMOUNT" "$T/b"
	"$MOUNT" -B "$T/a" "$T/b"
	[ -e "$T/b/here" ]
}

@test "--bind -o ro gives a read-only bind mount" {
	run "$MOUNT" --bind -o ro "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/b")" == ro,* ]]
	[[ "$(mount_opts "$T/a")" != ro,* ]]
}

@test "--rbind takes submounts along; --bind does not" {
	"$MOUNT" -t tmpfs x "$T/a"
	mkdir "$T/a/sub"
	"$MOUNT" -t tmpfs y "$T/a/sub"
	touch "$T/a/sub/deep"
	"$MOUNT" --bind "$T/a" "$T/b"
	[ ! -e "$T/b/sub/deep" ]
	"$UMOUNT" "$T/b"
	run "$MOUNT" -R "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[ -e "$T/b/sub/deep" ]
	is_mounted "$T/b/sub"
}

@test "--move and -o move move a mount" {
	"$MOUNT" -t tmpfs x "$T/a"
	touch "$T/a/f"
	run "$MOUNT" --move "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	! is_mounted "$T/a" || false
	[ -e "$T/b/f" ]
	run "$MOUNT" -o move "$T/b" "$T/m"
	[ "$status" -eq 0 ]
	[ -e "$T/m/f" ]
	! is_mounted "$T/b" || false
}

@test "--make-* set the propagation type" {
	"$MOUNT" -t tmpfs x "$T/m"
	mkdir "$T/m/s"
	"$MOUNT" -t tmpfs y "$T/m/s"
	pf() { awk -v t="$1" '$5 == t { for (i = 7; $i != "-"; i++) printf "%s ", $i }' /proc/self/mountinfo; }
	"$MOUNT" --make-shared "$T/m"
	[[ "$(pf "$T/m")" == shared:* ]]
	"$MOUNT" --make-private "$T/m"
	[ -z "$(pf "$T/m")" ]
	"$MOUNT" --make-unbindable "$T/m"
	[[ "$(pf "$T/m")" == unbindable* ]]
	"$MOUNT" --make-rshared "$T/m"
	[[ "$(pf "$T/m")" == shared:* && "$(pf "$T/m/s")" == shared:* ]]
	"$MOUNT" --bind "$T/m" "$T/b"
	"$MOUNT" --make-slave "$T/b"
	[[ "$(pf "$T/b")" == master:* ]]
	"$MOUNT" --make-rprivate "$T/m"
	[ -z "$(pf "$T/m/s")" ]
	"$MOUNT" --make-runbindable "$T/m"
	[[ "$(pf "$T/m/s")" == unbindable* ]]
	"$MOUNT" --make-rslave "$T/b"
	run "$MOUNT" --make-shared "$T/nonexistent"
	[ "$status" -eq 32 ]
}

@test "-f fakes: exit 0, nothing mounted" {
	run "$MOUNT" -f -t tmpfs x "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
}

@test "-v says what was done, as util-linux" {
	run "$MOUNT" -v -t tmpfs umv "$T/m"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: umv mounted on $T/m." ]
	run "$MOUNT" -v --bind "$T/a" "$T/b"
	[ "$output" = "mount: $T/a bound on $T/b." ]
	"$UMOUNT" "$T/m" "$T/b"
	run "$UL_MOUNT" -v -t tmpfs umv "$T/m"
	[ "$output" = "mount: umv mounted on $T/m." ]
}

@test "-n keeps utab unwritten; without it userspace options go to utab" {
	run "$MOUNT" -n -t tmpfs -o x-umtest=1 x "$T/m"
	[ "$status" -eq 0 ]
	! grep -qs "x-umtest" /run/mount/utab || false
	"$UMOUNT" "$T/m"
	"$MOUNT" -t tmpfs -o x-umtest=2 x "$T/m"
	grep -q "TARGET=$T/m .*x-umtest=2" /run/mount/utab
	"$UMOUNT" "$T/m"
	! grep -qs "x-umtest=2" /run/mount/utab || false
}

@test "--source and --target, and the fstab lookup with one argument" {
	run "$MOUNT" -t tmpfs --source umsrc --target "$T/m"
	[ "$status" -eq 0 ]
	grep -q " $T/m .* - tmpfs umsrc " /proc/self/mountinfo
	"$UMOUNT" "$T/m"
	echo "umfstab $T/m tmpfs size=3m 0 0" >/etc/fstab
	run "$MOUNT" "$T/m"
	[ "$status" -eq 0 ]
	grep -q " $T/m .* - tmpfs umfstab .*size=3072k" /proc/self/mountinfo
	"$UMOUNT" "$T/m"
	run "$MOUNT" umfstab
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
}

@test "-T uses another fstab" {
	echo "umalt $T/m tmpfs size=1m 0 0" >"$T/fstab"
	run "$MOUNT" -T "$T/fstab" "$T/m"
	[ "$status" -eq 0 ]
	grep -q " - tmpfs umalt " /proc/self/mountinfo
}

@test "-a mounts what is not mounted; exit codes 0, 64, 32 as util-linux" {
	mkdir -p "$T/c"
	cat >/etc/fstab <<-EOF2
	uma $T/a tmpfs size=1m 0 0
	umb $T/b tmpfs size=1m 0 0
	umn $T/m tmpfs noauto 0 0
	EOF2
	run "$MOUNT" -a
	[ "$status" -eq 0 ]
	is_mounted "$T/a"
	is_mounted "$T/b"
	! is_mounted "$T/m" || false
	run "$MOUNT" -a
	[ "$status" -eq 0 ]
	[ "$(grep -c " $T/a " /proc/self/mountinfo)" -eq 1 ]
	echo "umbad $T/missing tmpfs size=1m 0 0" >>/etc/fstab
	echo "umc $T/c tmpfs size=1m 0 0" >>/etc/fstab
	run "$MOUNT" -a
	[ "$status" -eq 64 ]
	is_mounted "$T/c"
	"$UMOUNT" "$T/c"
	run "$UL_MOUNT" -a
	[ "$status" -eq 64 ]
	echo "umbad $T/missing tmpfs size=1m 0 0" >/etc/fstab
	run "$MOUNT" -a
	[ "$status" -eq 32 ]
	run "$UL_MOUNT" -a
	[ "$status" -eq 32 ]
}

@test "-a: a mounted bind entry is skipped, another mount on its target is not it" {
	mkdir -p "$T/src/sub" "$T/c"
	cat >/etc/fstab <<-EOF2
	$T/src/sub $T/b none bind 0 0
	$T/src $T/c none bind 0 0
	EOF2
	for tool in "$MOUNT" "$UL_MOUNT"; do
		run "$tool" -a
		[ "$status" -eq 0 ]
		run "$tool" -a
		[ "$status" -eq 0 ]
		[ "$(grep -c " $T/b " /proc/self/mountinfo)" -eq 1 ]
		[ "$(grep -c " $T/c " /proc/self/mountinfo)" -eq 1 ]
		umount "$T/b" "$T/c"
	done
	# a tmpfs on the target is not the bind entry: both tools stack it
	for tool in "$MOUNT" "$UL_MOUNT"; do
		mount -t tmpfs other "$T/b"
		run "$tool" -a
		[ "$status" -eq 0 ]
		[ "$(grep -c " $T/b " /proc/self/mountinfo)" -eq 2 ]
		umount "$T/b" "$T/b" "$T/c"
	done
	# the root of the mount counts: $T/src bound on $T/b is not $T/src/sub
	for tool in "$MOUNT" "$UL_MOUNT"; do
		mount --bind "$T/src" "$T/b"
		run "$tool" -a
		[ "$(grep -c " $T/b " /proc/self/mountinfo)" -eq 2 ]
		umount "$T/b" "$T/b" "$T/c"
	done
}

@test "-a -t and -a -O select entries" {
	cat >/etc/fstab <<-EOF2
	uma $T/a tmpfs size=1m,x-grp=one 0 0
	$T/m $T/b none bind,x-grp=two 0 0
	EOF2
	run "$MOUNT" -a -t tmpfs
	[ "$status" -eq 0 ]
	is_mounted "$T/a"
	! is_mounted "$T/b" || false
	"$UMOUNT" "$T/a"
	run "$MOUNT" -a -O x-grp=two
	[ "$status" -eq 0 ]
	is_mounted "$T/b"
	! is_mounted "$T/a" || false
	run "$MOUNT" -a -t notmpfs -v
	[[ "$output" == *"$T/a"*"ignored"* ]]
}

@test "-L and -U: unknown label or uuid fails as in util-linux" {
	run "$MOUNT" -L no-such-label-um "$T/m"
	ours="$status $output"
	run "$UL_MOUNT" -L no-such-label-um "$T/m"
	[ "$ours" = "$status $output" ]
	run "$MOUNT" -U 00000000-0000-0000-0000-00000000abcd "$T/m"
	[ "$status" -eq 1 ]
	[[ "$output" == *"can't find UUID=\"00000000-0000-0000-0000-00000000abcd\""* ]]
	run "$MOUNT" LABEL=no-such-label-um "$T/m"
	[[ "$output" == *"can't find LABEL=no-such-label-um"* ]]
	! is_mounted "$T/m" || false
}

@test "-c, -i, -s and -N are accepted and do the mount" {
	run "$MOUNT" -c -i -s -t tmpfs x "$T/m"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	"$UMOUNT" "$T/m"
	run "$MOUNT" -N $$ -t tmpfs x "$T/m"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	run "$MOUNT" -N /nonexistent/ns -t tmpfs x "$T/b"
	[ "$status" -eq 2 ]
}

@test "root's bind with flags through a symbolic link, with -c: as util-linux" {
	ln -s b "$T/link"
	# 2.38 binds through the link (mount(2) follows it); 2.39 and on
	# refuse it (move_mount(2) does not): as the plain bind, either way
	reset='umount "$T/b" 2>/dev/null || :'
	UL_RESET=$reset same_as_util_linux mount -c --bind "$T/a" "$T/link"
	plain=$status
	eval "$reset"
	UL_RESET=$reset same_as_util_linux mount -c --bind -o ro \
		"$T/a" "$T/link"
	[ "$status" -eq "$plain" ]
	case $("$MOUNT" -V) in
	*"libmount 2.38"*)
		[ "$status" -eq 0 ]
		[[ "$(mount_opts "$T/b")" == ro,* ]]
		;;
	*)
		[ "$status" -eq 32 ]
		! is_mounted "$T/b" || false
		;;
	esac
}

@test "root's bind with ro and an atime mode of a noatime source: as util-linux" {
	mount -t tmpfs -o noatime src "$T/a"
	for atime in relatime strictatime; do
		UL_RESET='umount "$T/b"' same_as_util_linux mount --bind \
			-o "ro,$atime" "$T/a" "$T/b"
		[ "$status" -eq 0 ]
		[[ ",$(mount_opts "$T/b")," == ,ro,* ]]
		umount "$T/b"
	done
}

@test "exit codes and messages of failures match util-linux" {
	for args in "-t tmpfs x $T/nonexistent" "--bind $T/nonexistent $T/b" \
		"-t no-such-fs-type x $T/m" "-o remount $T/a"; do
		# shellcheck disable=SC2086
		run "$MOUNT" $args
		ours="$status|$output"
		# shellcheck disable=SC2086
		run "$UL_MOUNT" $args
		[ "$ours" = "$status|$output" ] || {
			echo "ours: $ours"; echo "util-linux: $status|$output"; false; }
		[ "$status" -ne 0 ]
	done
	! is_mounted "$T/m" || false
}

@test "usage errors exit 1; -h and -V exit 0" {
	run "$MOUNT" --no-such-option
	[ "$status" -eq 1 ]
	[[ "$output" == *"Try 'mount --help'"* ]]
	run "$MOUNT" -a "$T/m"
	[ "$status" -eq 1 ]
	run "$MOUNT" --bind -t tmpfs x "$T/m"
	[ "$status" -eq 1 ]
	run "$MOUNT" a b c
	[ "$status" -eq 1 ]
	run "$MOUNT" -h
	[ "$status" -eq 0 ]
	[[ "$output" == *"--setuser"* && "$output" == *"--make-rslave"* ]]
	run "$MOUNT" -V
	[ "$status" -eq 0 ]
	[[ "$output" == "mount from usermount "* ]]
}

@test "strictatime and lazytime reach the kernel as util-linux passes them" {
	# per-mount and superblock options of the mount on $1
	both_opts() {
		awk -v t="$1" '$5 == t { for (i = 7; $i != "-"; i++);
			o = $6 " " $(i + 3) } END { print o }' /proc/self/mountinfo
	}
	for opt in strictatime lazytime; do
		run "$MOUNT" -t tmpfs -o "$opt" x "$T/m"
		[ "$status" -eq 0 ]
		"$UL_MOUNT" -t tmpfs -o "$opt" x "$T/b"
		[ -n "$(both_opts "$T/m")" ]
		[ "$(both_opts "$T/m")" = "$(both_opts "$T/b")" ]
		umount "$T/m" "$T/b"
	done
}

@test "--setuser and nomnt are refused here, and nothing is mounted" {
	[ ! -e /proc/sys/fs/max_user_mounts ] || skip "kernel has the series"
	for args in "--setuser --bind $T/a $T/b" "--setuser=alice --bind $T/a $T/b" \
		"-o bind,nomnt $T/a $T/b" "-o bind,setuser=alice $T/a $T/b" \
		"-t tmpfs -o setuser x $T/b"; do
		# shellcheck disable=SC2086
		run "$MOUNT" $args
		[ "$status" -eq 32 ]
		[ "$output" = "mount: --setuser and nomnt need a kernel with mount ownership (no /proc/sys/fs/max_user_mounts)" ]
		! is_mounted "$T/b" || false
	done
	echo "$T/a $T/b none bind,setuser=alice 0 0" >/etc/fstab
	run "$MOUNT" -a
	[ "$status" -eq 32 ]
	! is_mounted "$T/b" || false
	"$MOUNT" -t tmpfs x "$T/m"
	run "$MOUNT" -o remount,nomnt "$T/m"
	[ "$status" -eq 32 ]
	[[ "$(mount_opts "$T/m")" != *strictatime* ]]
	! grep -q "lazytime" <<<"$(grep " $T/" /proc/self/mountinfo)" || false
}

# A kernel that shows the series' sysctls but ignores the bits: what an
# old series, a configure override that does not match the kernel, or a
# library that drops the flags looks like (in_fake_series). The mounts on
# $T/b are counted there afterwards.
fake_series() {
	in_fake_series sh -c '
		"$@"; rc=$?
		grep -c " $T/b " /proc/self/mountinfo
		exit $rc' sh "$@"
}

@test "read-back: an owner or nomnt the kernel did not record is undone, exit 32" {
	export T
	run fake_series "$MOUNT" --bind --setuser=alice "$T/a" "$T/b"
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $T/b: the kernel recorded no owner (asked: alice); the mount is undone." ]
	[ "${lines[1]}" = 0 ]
	run fake_series "$MOUNT" -t tmpfs -o setuser=bob,size=1m x "$T/b"
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $T/b: the kernel recorded no owner (asked: bob); the mount is undone." ]
	[ "${lines[1]}" = 0 ]
	run fake_series "$MOUNT" --rbind -o nomnt "$T/a" "$T/b"
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $T/b: the kernel did not record nomnt; the mount is undone." ]
	[ "${lines[1]}" = 0 ]
	# nothing was recorded in utab either
	! grep -qs " $T/b " /run/mount/utab || false
	# the same tools mount what they were asked for where no owner is asked
	run fake_series "$MOUNT" --bind "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = 1 ]
}

@test "a misspelled option by a user in kernel mode is named, not taken for a filesystem type" {
	need_ul_setuid "$UL_MOUNT"
	local src=$T/h/src dst=$T/h/dst
	mkdir -p "$src" "$dst"
	chown -R alice: "$T/h"
	# util-linux: root hears the kernel's EINVAL, a user that she is not
	run "$UL_MOUNT" -o bnid "$src" "$dst"
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $dst: wrong fs type, bad option, bad superblock on $src, missing codepage or helper program, or other error." ]
	ul="$status|$output"
	run as_user alice "$UL_MOUNT" -o bnid "$src" "$dst"
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $dst: must be superuser to use mount." ]
	# ours: root in kernel mode hears util-linux's words
	run in_fake_series "$MOUNT" -o bnid "$src" "$dst"
	[ "$status|$output" = "$ul" ]
	# a user: no filesystem type and no bind, so the word was meant as
	# neither; the kernel's refusal is not the point
	run as_user_in_fake_series alice "$MOUNT" -o bnid "$src" "$dst"
	echo "kernel mode: $status|$output"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $dst: unknown mount option 'bnid'." ]
	run as_user_in_fake_series alice "$MOUNT" -o ro,bnid,nosuid,bnid2 "$src" "$dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $dst: unknown mount options 'bnid,bnid2'." ]
	! is_mounted "$dst" || false
}

# mount.8's DIAGNOSTICS as text, one line a paragraph's tag
diagnostics() {
	mandoc -Tascii -O width=300 "$top_srcdir/man/mount.8" | col -b |
		sed -n '/^DIAGNOSTICS/,/^ENVIRONMENT/p'
}

@test "mount.8's DIAGNOSTICS lists the read-back's, the limits' and the read-only bind's messages, each its own" {
	command -v mandoc >/dev/null || skip "no mandoc"
	local f re n=0
	run diagnostics
	[ "$status" -eq 0 ]
	# every message of lib/policy-kernel-engine.c's mismatch(), as its own entry
	while IFS= read -r f; do
		re=$(sed 's/[().]/\\&/g; s/%s/[a-z]+/g' <<<"$f")
		echo "mismatch(): $f"
		grep -Eq "^ +mount: target: $re; the mount is undone$" <<<"$output"
		n=$((n + 1))
	done < <(sed -n '/^static const char \*mismatch(/,/^}/p' \
		"$top_srcdir/lib/policy-kernel-engine.c" | grep -o '"the kernel[^"]*"' |
		tr -d '"')
	[ "$n" -eq 4 ]
	! grep -q "are the same" <<<"$output" || false
	# lib/policy-kernel-explain.c's limits, both sysctls
	grep -q '"user mount limit reached (%s = %ld)"' "$top_srcdir/lib/policy-kernel-explain.c"
	for f in fs.max_user_mounts user.max_user_mounts; do
		grep -q "\"$f\"" "$top_srcdir/lib/abi.h"
		grep -Fqx "       mount: target: user mount limit reached ($f = n)" <<<"$output"
	done
	grep -Fqx "       mount: target: unknown mount option 'word'" <<<"$output"
	# lib/owner-readonly.c's note
	grep -q '"WARNING: source not yours (owned by %s), "' \
		"$top_srcdir/lib/owner-readonly.c"
	grep -Fqx "       mount: target: WARNING: source not yours (owned by name), mounted read-only" <<<"$output"
}

@test "-a -o remount,ro -t TYPE remounts every mount of that type, as util-linux" {
	for tool in "$MOUNT" "$UL_MOUNT"; do
		run unshare --mount --propagation private -- sh -c '
			mount -t ramfs r1 "$1/a" && mount -t ramfs r2 "$1/b" &&
			mount -t tmpfs t1 "$1/m" &&
			"$2" -a -o remount,ro -t ramfs || exit 9
			for d in a b m; do
				awk -v t="$1/$d" "\$5 == t { print substr(\$6, 1, 2) }" \
					/proc/self/mountinfo
			done' sh "$T" "$tool"
		[ "$status" -eq 0 ]
		[ "${lines[*]}" = "ro ro rw" ]
	done
}

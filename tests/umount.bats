#!/usr/bin/env bats
# umount(8) as root on the host kernel, against util-linux's in the same run.

load common

setup() {
	common_setup
	mkdir -p "$T/a" "$T/b" "$T/m"
}

teardown() {
	common_teardown
}

@test "umount DIR and umount SOURCE unmount" {
	mount -t tmpfs umsrc-$$ "$T/m"
	run "$UMOUNT" "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	! is_mounted "$T/m" || false
	mount -t tmpfs umsrc-$$ "$T/m"
	run "$UMOUNT" umsrc-$$
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
}

@test "not mounted: exit 32 and util-linux's message; -q silences it" {
	run "$UMOUNT" "$T/m"
	ours="$status|$output"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $T/m: not mounted." ]
	run "$UL_UMOUNT" "$T/m"
	[ "$ours" = "$status|$output" ]
	run "$UMOUNT" -q "$T/m"
	[ "$status" -eq 32 ]
	[ -z "$output" ]
	run "$UMOUNT" "$T/nonexistent"
	ours="$status|$output"
	run "$UL_UMOUNT" "$T/nonexistent"
	[ "$ours" = "$status|$output" ]
}

@test "-v says what was unmounted, as util-linux" {
	mount -t tmpfs umv "$T/m"
	run "$UMOUNT" -v "$T/m"
	[ "$status" -eq 0 ]
	ours=$output
	mount -t tmpfs umv "$T/m"
	run "$UL_UMOUNT" -v "$T/m"
	[ "$ours" = "$output" ]
	[ "$ours" = "umount: $T/m unmounted" ]
}

@test "busy: exit 32; -l detaches lazily" {
	mount -t tmpfs x "$T/m"
	exec 9<"$T/m"
	cd "$T/m"
	run "$UMOUNT" "$T/m"
	[ "$status" -eq 32 ]
	[[ "$output" == *"target is busy"* ]]
	is_mounted "$T/m"
	run "$UMOUNT" -l "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
	cd /
	exec 9<&-
}

@test "-f forces" {
	mount -t tmpfs x "$T/m"
	run "$UMOUNT" -f "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
}

@test "-R unmounts a tree, children first" {
	mount -t tmpfs x "$T/m"
	mkdir -p "$T/m/s/t" "$T/m/u"
	mount -t tmpfs y "$T/m/s"
	mkdir -p "$T/m/s/t"
	mount -t tmpfs z "$T/m/s/t"
	mount -t tmpfs w "$T/m/u"
	run "$UMOUNT" "$T/m"
	[ "$status" -eq 32 ]
	run "$UMOUNT" -R "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$(mounts_under "$T/m")" ]
	run "$UMOUNT" -R "$T/m"
	[ "$status" -ne 0 ]
}

@test "-r on a busy mount does what util-linux does" {
	mount -t tmpfs x "$T/m"
	exec 9<"$T/m"
	run "$UMOUNT" -r "$T/m"
	ours="$status|$output"
	run "$UL_UMOUNT" -r "$T/m"
	exec 9<&-
	[ "$ours" = "$status|$output" ]
	is_mounted "$T/m"
}

@test "-n leaves utab as it was; without it the entry goes" {
	mount -t tmpfs -o x-umtest=3 x "$T/m"
	grep -q "x-umtest=3" /run/mount/utab
	run "$UMOUNT" -n "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
	grep -q "x-umtest=3" /run/mount/utab
	mount -t tmpfs -o x-umtest=4 x "$T/b"
	"$UMOUNT" "$T/b"
	! grep -q "x-umtest=4" /run/mount/utab || false
}

@test "-a -t TYPE unmounts all of that type, in a namespace of its own" {
	run unshare --mount --propagation private -- sh -c '
		mount -t ramfs r1 "$1/a" && mount -t ramfs r2 "$1/b" &&
		mount -t tmpfs t1 "$1/m" &&
		"$2" -a -t ramfs || exit 9
		grep -c " - ramfs " /proc/self/mountinfo
		grep -c " $1/m " /proc/self/mountinfo' sh "$T" "$UMOUNT"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = 0 ]
	[ "${lines[1]}" = 1 ]
}

@test "-a -O selects by option" {
	run unshare --mount --propagation private -- sh -c '
		mount -t tmpfs -o x-sel=1 r1 "$1/a" && mount -t tmpfs r2 "$1/b" &&
		"$2" -a -O x-sel=1 || exit 9
		grep -c " $1/a " /proc/self/mountinfo
		grep -c " $1/b " /proc/self/mountinfo' sh "$T" "$UMOUNT"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = 0 ]
	[ "${lines[1]}" = 1 ]
}

@test "-d frees the loop device (accepted without one)" {
	mount -t tmpfs x "$T/m"
	run "$UMOUNT" -d "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
}

@test "-c and -N are accepted" {
	mount -t tmpfs x "$T/m"
	run "$UMOUNT" -c "$T/m"
	[ "$status" -eq 0 ]
	mount -t tmpfs x "$T/m"
	run "$UMOUNT" -N $$ "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
}

@test "several targets: each is tried, the exit codes add up as util-linux" {
	mount -t tmpfs x "$T/a"
	run "$UMOUNT" "$T/a" "$T/b" "$T/m"
	ours=$status
	[ "$status" -eq 64 ]
	! is_mounted "$T/a" || false
	mount -t tmpfs x "$T/a"
	run "$UL_UMOUNT" "$T/a" "$T/b" "$T/m"
	[ "$ours" -eq "$status" ]
}

@test "usage: no argument, bad option, -a with a path exit 1; -h, -V exit 0" {
	run "$UMOUNT"
	[ "$status" -eq 1 ]
	run "$UMOUNT" --bogus
	[ "$status" -eq 1 ]
	run "$UMOUNT" -a "$T/m"
	[ "$status" -eq 1 ]
	run "$UMOUNT" -h
	[ "$status" -eq 0 ]
	[[ "$output" == *"--recursive"* ]]
	run "$UMOUNT" -V
	[ "$status" -eq 0 ]
}

@test "-A unmounts every mountpoint of the filesystem, as util-linux; -A -R their trees" {
	for tool in "$UMOUNT" "$UL_UMOUNT"; do
		mkdir -p "$T/c" "$T/other"
		mount -t tmpfs umA "$T/a"
		mount --bind "$T/a" "$T/b"
		mount --bind "$T/a" "$T/c"
		mount -t tmpfs unrelated "$T/other"
		run "$tool" -A "$T/b"
		[ "$status" -eq 0 ]
		! is_mounted "$T/a" || false
		! is_mounted "$T/b" || false
		! is_mounted "$T/c" || false
		is_mounted "$T/other"
		umount "$T/other"
	done
	mount -t tmpfs umA "$T/a"
	mkdir "$T/a/sub"
	mount -t tmpfs child "$T/a/sub"
	mount --rbind "$T/a" "$T/b"
	run "$UMOUNT" -A "$T/a"
	[ "$status" -ne 0 ]	# busy: a submount is in the way
	run "$UMOUNT" -A -R "$T/a"
	[ "$status" -eq 0 ]
	[ -z "$(mounts_under "$T/a")" ]
	[ -z "$(mounts_under "$T/b")" ]
	run "$UMOUNT" -A "$T/a"
	[ "$status" -ne 0 ]
	[[ "$output" == *"not mounted"* ]]
}

# Run "umount ARGS" with each tool on the same fresh tree (made by $1, a
# function) and compare exit status, message and the mounts left below $T.
same_umount_as_util_linux() {
	local make=$1 tool res=()
	shift
	for tool in "$UMOUNT" "$UL_UMOUNT"; do
		"$make"
		run "$tool" "$@"
		res+=("$status|$output|$(mounts_under "$T")")
		echo "$tool: ${res[-1]}"
		common_teardown
	done
	[ "${res[0]}" = "${res[1]}" ]
}

umount_tree_in_m() {
	mount -t tmpfs umR-$$ "$T/m"
	mkdir -p "$T/m/s"
	mount -t tmpfs umRs-$$ "$T/m/s"
	ln -sfn "$T/m" "$T/link"
}

@test "-R takes a mountpoint (through a symbolic link too), never a source; what -R or -A finds nothing for is 'not found' or 'not mounted', as util-linux" {
	same_umount_as_util_linux umount_tree_in_m -R "$T/link"
	[ "$status" -eq 0 ]
	same_umount_as_util_linux umount_tree_in_m -R umR-$$
	[ "$status" -eq 1 ]
	[ "$output" = "umount: umR-$$: not found" ]
	same_umount_as_util_linux umount_tree_in_m -R "$T/nonexistent"
	[ "$output" = "umount: $T/nonexistent: not found" ]
	same_umount_as_util_linux umount_tree_in_m -R "$T/b"
	[ "$output" = "umount: $T/b: not mounted" ]
	same_umount_as_util_linux umount_tree_in_m -A "$T/nonexistent"
	[ "$status" -eq 1 ]
	[ "$output" = "umount: $T/nonexistent: not found" ]
	same_umount_as_util_linux umount_tree_in_m -A -R "$T/b"
	[ "$output" = "umount: $T/b: not mounted" ]
}

# A process in a mount namespace of its own with a tree on $T/m, bound
# on $T/b too; prints its pid.
tree_in_other_ns() {
	rm -f "$T/ready"
	unshare --mount --propagation private sh -c "
		mount -t tmpfs umN-$$ '$T/m' && mkdir '$T/m/s' &&
		mount -t tmpfs umNs-$$ '$T/m/s' &&
		mount --rbind '$T/m' '$T/b' && touch '$T/ready' &&
		exec sleep 60" >/dev/null 2>&1 3>&- &
	local pid=$!
	while [ ! -e "$T/ready" ] && kill -0 "$pid" 2>/dev/null; do
		sleep 0.1
	done
	[ -e "$T/ready" ] && echo "$pid"
}


@test "-R and -A with -N look in that namespace, as util-linux" {
	local tool pid
	for tool in "$UMOUNT" "$UL_UMOUNT"; do
		pid=$(tree_in_other_ns)
		run "$tool" -N "/proc/$pid/ns/mnt" -R "$T/m"
		left=$(grep -c " $T/[mb]" "/proc/$pid/mountinfo" || true)
		echo "$tool -R: $status|$output|$left left"
		kill "$pid"
		[ "$status" -eq 0 ]
		[ "$left" = 2 ]		# b and b/s
		pid=$(tree_in_other_ns)
		run "$tool" -N "/proc/$pid/ns/mnt" -A -R "$T/m"
		left=$(grep -c " $T/[mb]" "/proc/$pid/mountinfo" || true)
		echo "$tool -A -R: $status|$output|$left left"
		kill "$pid"
		[ "$status" -eq 0 ]
		[ "$left" = 0 ]
	done
}

umount_image_twice() {
	truncate -s 8M "$T/img"
	mkfs.ext2 -q -L umA-$$ "$T/img"
	mount -o loop "$T/img" "$T/a"
	mount --bind "$T/a" "$T/b"
}

@test "-A takes what umount takes: a loop image's file, a LABEL=, as util-linux" {
	[ -e /dev/loop-control ] && command -v mkfs.ext2 >/dev/null ||
		skip "no loop devices or mkfs.ext2 here"
	export BLKID_FILE=$T/blkid.tab	# a cache that knows no older image
	same_umount_as_util_linux umount_image_twice -A "$T/img"
	[ "$status" -eq 0 ]
	[ -z "$(mounts_under "$T")" ]
	[ -z "$(losetup -j "$T/img")" ]
	same_umount_as_util_linux umount_image_twice -A LABEL=umA-$$
	[ "$status" -eq 0 ]
	[ -z "$(mounts_under "$T")" ]
}

@test "libmount is loaded at its first call, not linked; root and users here go the full way" {
	run readelf -d "$MOUNT" "$UMOUNT"
	[ "$status" -eq 0 ]
	[[ "$output" == *"(NEEDED)"*"libc.so"* ]]
	# (the paths may say libmount: check-libmount's build-libmount/)
	! grep -E 'NEEDED.*lib(mount|blkid)' <<<"$output" || false
	run env LD_DEBUG=files "$MOUNT" -V
	[ "$status" -eq 0 ]
	[[ "$output" == *"file=libmount.so.1 "* ]]
	[[ "$output" == *"mount from usermount"*"(libmount "* ]]
	mount -t tmpfs umsrc-$$ "$T/m"
	run env LD_DEBUG=files "$UMOUNT" "$T/m"
	[ "$status" -eq 0 ]
	[[ "$output" == *"file=libmount.so.1 "* ]]
	! is_mounted "$T/m" || false
	# a user, on a kernel without the series
	[ -e /proc/sys/fs/max_user_mounts ] && skip "the kernel has the series"
	mount -t tmpfs umsrc-$$ "$T/m"
	run as_user alice env LD_DEBUG=files "$UMOUNT" "$T/m"
	[ "$status" -eq 32 ]
	[[ "$output" == *"file=libmount.so.1 "* ]]
	[[ "$output" == *"umount: $T/m: must be superuser to unmount."* ]]
	is_mounted "$T/m"
}

@test "a user's umount of a path that does not exist: util-linux's words and exit 1, in kernel mode too" {
	need_ul_setuid "$UL_UMOUNT"
	local p=$UM_ROOT/home/alice/nonexistent ul
	# util-linux looks the path up as the user before anything else
	run as_user alice "$UL_UMOUNT" "$p"
	[ "$status" -eq 1 ]
	[ "$output" = "umount: $p: No such file or directory" ]
	ul="$status|$output"
	run as_user_in_fake_series alice "$UMOUNT" "$p"
	echo "kernel mode: $status|$output"
	[ "$status|$output" = "$ul" ]
	run as_user alice "$UMOUNT" "$p"
	[ "$status|$output" = "$ul" ]
	# -l is a user's option to util-linux; -f is not: it drops the
	# setuid rights first, and the user hears what root hears
	run as_user alice "$UL_UMOUNT" -l "$p"
	[ "$status|$output" = "$ul" ]
	run as_user_in_fake_series alice "$UMOUNT" -l "$p"
	[ "$status|$output" = "$ul" ]
	run as_user alice "$UL_UMOUNT" -f "$p"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $p: no mount point specified." ]
	ul="$status|$output"
	run as_user_in_fake_series alice "$UMOUNT" -f "$p"
	[ "$status|$output" = "$ul" ]
	run "$UL_UMOUNT" "$p"
	[ "$status|$output" = "$ul" ]
	run in_fake_series "$UMOUNT" "$p"
	[ "$status|$output" = "$ul" ]
}

#!/usr/bin/env bats
# usermount's fusermount3 and fusermount (fusermount/, fusermount3.1)
# used by FUSE programs from Debian: sshfs and squashfuse (libfuse 3,
# which runs fusermount3), fuse2fs, bindfs and archivemount (libfuse 2,
# which runs fusermount).  Run through tests/run-bats on both guest
# kernels.  In that namespace only, the built helper is bound over
# /usr/bin/fusermount3 (Debian's fusermount is a symbolic link to it),
# Debian's own setuid fusermount3 is kept reachable at $T/debian for the
# helper to run on a kernel without the series (USERMOUNT_FUSERMOUNT3),
# and /etc/fuse.conf is the test's.
#
# With the series libfuse mounts by its own mount(2) where the kernel
# allows it (fuseprogs.bats), so the helper is what it runs for
# auto_unmount, where its own mount(2) is refused (the helper's message
# then says why), and to unmount; and, to show the helper's mount for
# each program, where libfuse's own mount(2) gets EPERM from strace's
# fault injection (libfuse's fallback path, as on a refusal).  Without
# the series every program must do what it does with Debian's setuid
# fusermount3, run by the same command with Debian's helper in place.
# Also usermount's umount and mount refusing bob on alice's mount, whose
# root FUSE hides from him: they name her as the helper does.
#
# FM_HELPER names another helper to test (default: the built one), e.g.
# a copy of Debian's fusermount3 without the setuid bit, to see these
# tests fail without usermount's.

load ../common
load fuse-common

setup() {
	[ -n "${UM_IN_NS:-}" ] || skip "run through tests/run-bats"
	fuse_programs_ready
	common_setup
	H=$T/home
	mkdir -p "$H/src" "$H/mnt" "$H/nm/mnt" "$T/log" "$T/free"
	echo hello >"$H/src/file"
	chown -R alice:alice "$H"
	chmod 1777 "$T/log"
	chmod 0777 "$T/free"
	# Debian's, setuid root as installed, for the helper without the series
	touch "$T/debian"
	mount --bind /usr/bin/fusermount3 "$T/debian"
	export USERMOUNT_FUSERMOUNT3=$T/debian
	# the fusermount3 umount runs for a user's FUSE mount without the
	# series: the one installed beside it, here where ours is bound
	export USERMOUNT_UMOUNT_FUSERMOUNT3=/usr/bin/fusermount3
	FM=${FM_HELPER:-$top_builddir/fusermount/fusermount3}
	mount --bind "$FM" /usr/bin/fusermount3
	LIMITS="$(cat /proc/sys/fs/max_user_mounts \
		/proc/sys/user/max_user_mounts 2>/dev/null || true)"
	fuse_world
}

teardown() {
	[ -n "${T:-}" ] || return 0
	local rc=0
	if series; then
		set -- $LIMITS
		echo "$1" >/proc/sys/fs/max_user_mounts
		echo "$2" >/proc/sys/user/max_user_mounts
	fi
	for pid in $(pgrep -u 2001); do
		kill "$pid" 2>/dev/null || true
	done
	common_teardown
	alice_gone || rc=1
	umount /etc/fuse.conf
	# ours, and Debian's where a failed test left it on top
	while umount /usr/bin/fusermount3 2>/dev/null; do :; done
	return $rc
}

# wait (bounded) until $1 is mounted (or, with "!", not mounted)
wait_for() {
	local i not=
	[ "$1" != "!" ] || { not=1; shift; }
	for i in $(seq 300); do
		if is_mounted "$1"; then [ -z "$not" ] && return 0
		else [ -n "$not" ] && return 0; fi
		sleep 0.1
	done
	if [ -n "$not" ]; then no "$1: still mounted"
	else no "$1: not mounted"; fi
}

# --- the programs, as alice, on $H/mnt (or $DIR), options in "$@" ---

sshfs_as_alice() {
	as_user alice sshfs -o ssh_command="$T/sftp-ssh" "$@" \
		"localhost:$H/src" "${DIR:-$H/mnt}"
}
squashfuse_as_alice() {
	[ -e "$H/img.sqfs" ] ||
		as_user alice mksquashfs "$H/src" "$H/img.sqfs" -quiet \
			-no-progress -noappend >/dev/null
	as_user alice squashfuse "$@" "$H/img.sqfs" "${DIR:-$H/mnt}"
}
fuse2fs_as_alice() {
	[ -e "$H/img.ext2" ] ||
		as_user alice mke2fs -q -t ext2 -E root_owner=2001:2001 \
			-d "$H/src" "$H/img.ext2" 4M >/dev/null
	as_user alice fuse2fs "$@" "$H/img.ext2" "${DIR:-$H/mnt}"
}
bindfs_as_alice() {
	as_user alice bindfs --no-allow-other "$@" "$H/src" "${DIR:-$H/mnt}"
}
archivemount_as_alice() {
	[ -e "$H/a.tar" ] || as_user alice tar -C "$H/src" -cf "$H/a.tar" file
	as_user alice archivemount "$@" "$H/a.tar" "${DIR:-$H/mnt}"
}

# the helper each program's library runs
helper_of() {
	case $1 in
	sshfs | squashfuse) echo fusermount3 ;;
	*) echo fusermount ;;
	esac
}

# PROGRAM [OPTION...]: run it as alice, its own mount(2) made to fail with
# EPERM (strace's fault injection in the program's process only; the
# helper libfuse then runs is not traced).  Bats's descriptor 3 is
# closed so that a daemon does not hold it.
through_helper() {
	local prog=$1
	shift
	TRACE=$T/log/trace.$prog
	run as_user alice strace -qq -o "$TRACE" -e trace=mount,execve \
		-e inject=mount:error=EPERM -- "$prog" "$@" \
		$(args_of "$prog") 3>&-
}

# the arguments of each program but its options
args_of() {
	case $1 in
	sshfs) echo "-o ssh_command=$T/sftp-ssh localhost:$H/src $H/mnt" ;;
	squashfuse) echo "$H/img.sqfs $H/mnt" ;;
	fuse2fs) echo "$H/img.ext2 $H/mnt" ;;
	bindfs) echo "--no-allow-other $H/src $H/mnt" ;;
	archivemount) echo "$H/a.tar $H/mnt" ;;
	esac
}

# the images the programs read, made by alice
images() {
	as_user alice mksquashfs "$H/src" "$H/img.sqfs" -quiet -no-progress \
		-noappend >/dev/null
	as_user alice mke2fs -q -t ext2 -E root_owner=2001:2001 \
		-d "$H/src" "$H/img.ext2" 4M >/dev/null
	as_user alice tar -C "$H/src" -cf "$H/a.tar" file
}

# the mount on $H/mnt is alice's (user=2001, her ids), of type $1
alices() {
	local line
	line=$(awk -v t="$H/mnt" '$5 == t { l = $(NF-2) " " $6 " " $NF }
		END { print l }' /proc/self/mountinfo)
	[[ "$line" == "$1 rw,nosuid,nodev,relatime,user=2001 "*"user_id=2001,group_id=2001"* ]] ||
		no "mountinfo: $line; want $1, alice's"
}

# alice reads the file through the mount on $H/mnt
reads() {
	run as_user alice cat "$H/mnt/file"
	[ "$output" = hello ] || no "read: $output"
}

# alice unmounts $H/mnt with `$1 -u` (fusermount3 or fusermount)
unmounts() {
	run as_user alice "$1" -u "$H/mnt"
	[ "$status" -eq 0 ] && [ -z "$output" ] ||
		no "$1 -u: status $status: $output"
	! is_mounted "$H/mnt" || no "$H/mnt still mounted"
	! series || is_mounted "$H"
	alice_gone
}

@test "fusermount: fusermount3 and fusermount are usermount's, with no setuid bit" {
	series || skip "without the series they run Debian's (below)"
	run fusermount3 -V
	[ "$output" = "fusermount3 from usermount 0.1" ]
	run fusermount -V
	[ "$output" = "fusermount from usermount 0.1" ]
	run find -L /usr/bin/fusermount3 /usr/bin/fusermount -perm /6000
	[ -z "$output" ]
}

@test "fusermount: each program mounts through the helper as alice, reads, and unmounts with its -u" {
	series || skip "the plain kernel's are below"
	images
	local prog type
	for prog in sshfs squashfuse fuse2fs bindfs archivemount; do
		case $prog in
		fuse2fs) type=fuse.ext4 ;;
		bindfs) type=fuse ;;
		*) type=fuse.$prog ;;
		esac
		through_helper "$prog"
		[ "$status" -eq 0 ] || no "$prog: status $status: $output"
		# libfuse's own mount(2) was refused, so the helper made it
		grep -q 'mount(.*) = -1 EPERM (Operation not permitted) (INJECTED)' \
			"$TRACE" || no "$prog: no refused mount(2):" "$(cat "$TRACE")"
		alices "$type" || no "$prog"
		reads
		unmounts "$(helper_of "$prog")"
	done
}

@test "fusermount: bob's fusermount3 -u of alice's mount says whose it is" {
	series || skip "no user's FUSE mount without the series"
	through_helper sshfs
	[ "$status" -eq 0 ]
	run as_user bob fusermount3 -u "$H/mnt"
	[ "$status" -eq 1 ]
	[ "$output" = "fusermount3: failed to unmount $H/mnt: Operation not permitted: not mounted by you (owned by alice, uid 2001)" ]
	is_mounted "$H/mnt"
	run as_user bob fusermount -u -z "$H/mnt"
	[ "$status" -eq 1 ]
	[ "$output" = "fusermount: failed to unmount $H/mnt: Operation not permitted: not mounted by you (owned by alice, uid 2001)" ]
	run as_user bob fusermount3 -u -q "$H/mnt"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	unmounts fusermount3
}

@test "fusermount: bob's umount of alice's mount names her though he may not stat it; so does his mount on it" {
	series || skip "no user's FUSE mount without the series"
	local id
	run squashfuse_as_alice 3>&-
	[ "$status" -eq 0 ]
	alices fuse.squashfuse
	id=$(mount_id "$H/mnt")
	[ -n "$id" ]
	# without allow_other her FUSE mount hides its root from bob
	run as_user bob stat "$H/mnt"
	[ "$status" -eq 1 ]
	[[ "$output" == *"Permission denied"* ]]
	run as_user bob "$UMOUNT" "$H/mnt"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/mnt: not mounted by you (owned by alice, uid 2001)." ]
	[ "$(mount_id "$H/mnt")" = "$id" ]
	run as_user bob "$MOUNT" --bind "$T/free" "$H/mnt"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/mnt: not under a mount you own ($H/mnt is owned by alice)." ]
	[ "$(mount_id "$H/mnt")" = "$id" ]
	unmounts fusermount3
}

# PROGRAM [OPTION...]: alice's mount with auto_unmount (libfuse leaves it
# to the helper) goes when the daemon is killed
auto_unmounted() {
	local prog=$1
	shift
	"${prog}_as_alice" -o auto_unmount "$@" </dev/null >"$T/log/auto.out" \
		2>&1 3>&- &
	wait_for "$H/mnt"
	[[ "$(mount_opts "$H/mnt")" == *,user=2001 ]] ||
		no "not alice's: $(mount_opts "$H/mnt")"
	reads
	# the helper stays, as alice, to unmount
	pgrep -u 2001 -x "$(helper_of "$prog")"
	for pid in $(pgrep -u 2001 -x "$prog"); do
		kill -KILL "$pid"
	done
	wait_for ! "$H/mnt"
	is_mounted "$H"
	alice_gone
	[ ! -s "$T/log/auto.out" ] || no "output: $(cat "$T/log/auto.out")"
}

@test "fusermount: auto_unmount: the mount goes when sshfs (libfuse 3) is killed" {
	series || skip "no user's FUSE mount without the series"
	auto_unmounted sshfs
}

@test "fusermount: auto_unmount: the mount goes when squashfuse (libfuse 3) and bindfs (libfuse 2) are killed" {
	series || skip "no user's FUSE mount without the series"
	auto_unmounted squashfuse
	auto_unmounted bindfs
}

# status $1, message $2 of the helper $3 after libfuse's own mount(2) on
# $DIR was refused; nothing mounted there
helper_refused() {
	[ "$status" -eq "$1" ] && [ "$output" = "$3: mount failed: Operation not permitted: $2" ] ||
		no "status $status: $output;" \
			"want $1: $3: mount failed: Operation not permitted: $2"
	! is_mounted "${DIR:-$H/mnt}" || no "${DIR:-$H/mnt} is mounted"
}

@test "fusermount: refused at user.max_user_mounts, with the helper's message, nothing mounted" {
	series || skip "the limits exist only with the series"
	images
	# alice owns $H, so the limit is reached
	echo 1 >/proc/sys/user/max_user_mounts
	run squashfuse_as_alice
	helper_refused 4 "user mount limit reached (user.max_user_mounts = 1)" fusermount3
	run bindfs_as_alice
	helper_refused 1 "user mount limit reached (user.max_user_mounts = 1)" fusermount
	# auto_unmount goes to the helper first: refused all the same
	run squashfuse_as_alice -o auto_unmount
	helper_refused 4 "user mount limit reached (user.max_user_mounts = 1)" fusermount3
}

@test "fusermount: refused at fs.max_user_mounts, with the helper's message, nothing mounted" {
	series || skip "the limits exist only with the series"
	images
	local nr
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	echo "$nr" >/proc/sys/fs/max_user_mounts
	run sshfs_as_alice
	helper_refused 1 "user mount limit reached (fs.max_user_mounts = $nr)" fusermount3
	run archivemount_as_alice
	helper_refused 1 "user mount limit reached (fs.max_user_mounts = $nr)" fusermount
}

@test "fusermount: refused inside a nomnt mount, with the helper's message, nothing mounted" {
	series || skip "nomnt needs the series"
	images
	"$MOUNT" --bind --setuser=alice -o nomnt "$H/nm" "$H/nm"
	DIR=$H/nm/mnt
	run squashfuse_as_alice
	helper_refused 4 "$H/nm is a nomnt mount: no submounts allowed" fusermount3
	run squashfuse_as_alice -o auto_unmount
	helper_refused 4 "$H/nm is a nomnt mount: no submounts allowed" fusermount3
	run fuse2fs_as_alice
	# fuse2fs 1.47.0 exits 0 whatever fuse_main returned
	helper_refused 0 "$H/nm is a nomnt mount: no submounts allowed" fusermount
}

@test "fusermount: refused below a mount alice does not own, and allow_other, with the helper's message" {
	series || skip "every user mount is refused without the series"
	images
	DIR=$T/free run squashfuse_as_alice
	DIR=$T/free helper_refused 4 "not under a mount you own ($UM_ROOT has no owner)" fusermount3
	run bindfs_as_alice -o allow_other
	helper_refused 1 "allow_other is for root only: the kernel refuses it on users' mounts" fusermount
}

# --- go-fuse (gocryptfs) and bazil's fuse (rclone): always the helper ---

# gocryptfs: alice's encrypted directory $H/cipher (made once, cheap
# scrypt), mounted on $H/mnt, in the background (it stays until
# unmounted), options in "$@"
gocryptfs_as_alice() {
	if [ ! -e "$H/cipher/gocryptfs.conf" ]; then
		echo secret >"$T/pass"
		chmod 0644 "$T/pass"
		as_user alice mkdir -p "$H/cipher"
		as_user alice gocryptfs -q -init -scryptn 10 \
			-passfile "$T/pass" "$H/cipher" >/dev/null
	fi
	as_user alice gocryptfs -q -passfile "$T/pass" "$@" "$H/cipher" \
		"${DIR:-$H/mnt}" 3>&-
}

# rclone with its local backend: alice's $H/src on $H/mnt, options in
# "$@" (--daemon: in the background once mounted)
rclone_as_alice() {
	as_user alice env RCLONE_CONFIG=/nonexistent timeout 120 rclone mount \
		-q "$@" "$H/src" "${DIR:-$H/mnt}" 3>&-
}

@test "fusermount: gocryptfs (go-fuse) and rclone run fusermount3 always: alice's mounts, unmounted with fusermount3 -u" {
	series || skip "the plain kernel's are below"
	for p in gocryptfs rclone; do
		command -v "$p" >/dev/null ||
			no "$p is missing: run scripts/setup-debian"
	done
	run gocryptfs_as_alice
	[ "$status" -eq 0 ] || no "gocryptfs: status $status: $output"
	wait_for "$H/mnt"
	alices fuse.gocryptfs
	as_user alice sh -c 'echo hello >"$1"' sh "$H/mnt/file"
	reads
	unmounts fusermount3
	run rclone_as_alice --daemon
	[ "$status" -eq 0 ] || no "rclone: status $status: $output"
	wait_for "$H/mnt"
	alices fuse.rclone
	reads
	unmounts fusermount3
}

@test "fusermount: gocryptfs and rclone are refused inside a nomnt mount, with the helper's message" {
	series || skip "nomnt needs the series"
	"$MOUNT" --bind --setuser=alice -o nomnt "$H/nm" "$H/nm"
	DIR=$H/nm/mnt run gocryptfs_as_alice
	[ "$status" -ne 0 ]
	[[ "$output" == *"fusermount3: mount failed: Operation not permitted: $H/nm is a nomnt mount: no submounts allowed"* ]] ||
		no "gocryptfs: $output"
	! is_mounted "$H/nm/mnt"
	# in the foreground, where its log has the helper's words
	DIR=$H/nm/mnt run rclone_as_alice
	[ "$status" -ne 0 ]
	[[ "$output" == *"mount failed: Operation not permitted: $H/nm is a nomnt mount: no submounts allowed"* ]] ||
		no "rclone: $output"
	! is_mounted "$H/nm/mnt"
}

# --- without the series: what Debian's setuid fusermount3 does ---

# type, source, per-mount and superblock options of the mount on $H/mnt
mount_fields() {
	awk -v t="$H/mnt" '$5 == t { print $(NF-2), $(NF-1), $6, $NF }' \
		/proc/self/mountinfo
}

# PROGRAM [OPTION...]: run with the helper in place, then with Debian's
# bound over it: the same status, output and mount on $H/mnt, which
# each run's helper then unmounts
as_debian() {
	local prog=$1 a b
	shift
	run "${prog}_as_alice" "$@" 3>&-
	a="$status $output $(mount_fields)"
	as_user alice "$(helper_of "$prog")" -u "$H/mnt" 2>/dev/null || true
	alice_gone
	mount --bind "$T/debian" /usr/bin/fusermount3
	run "${prog}_as_alice" "$@" 3>&-
	b="$status $output $(mount_fields)"
	as_user alice "$(helper_of "$prog")" -u "$H/mnt" 2>/dev/null || true
	umount /usr/bin/fusermount3
	alice_gone
	[ "$a" = "$b" ] || no "$prog with usermount's: $a" "with Debian's: $b"
	MOUNTED="$a"
}

@test "fusermount: without the series each program works as with Debian's fusermount3" {
	series && skip "the series' rules are above"
	images
	local prog
	for prog in sshfs squashfuse fuse2fs bindfs archivemount; do
		as_debian "$prog"
		# mounted by Debian's setuid fusermount3 through ours
		[[ "$MOUNTED" == "0  "*"user_id=2001,group_id=2001"* ]] ||
			no "$prog: $MOUNTED"
	done
}

# go-fuse runs the first fusermount3 in PATH with _FUSE_COMMFD as its
# whole environment, so USERMOUNT_FUSERMOUNT3 cannot reach the helper:
# here it is found first in PATH (a wrapper that notes the run), and
# Debian's stays at /usr/bin/fusermount3, the configured fallback, as
# after make install below /usr/local.
@test "fusermount: without the series gocryptfs (go-fuse) runs ours first in PATH, and works as with Debian's" {
	series && skip "the series' rules are above"
	umount /usr/bin/fusermount3
	mkdir -m 0755 "$T/bin"
	printf '#!/bin/sh\necho "$0" >>%s\nexec %s "$@"\n' "$T/log/ours" "$FM" \
		>"$T/bin/fusermount3"
	chmod 0755 "$T/bin/fusermount3"
	PATH=$T/bin:$PATH run gocryptfs_as_alice
	a="$status $output $(mount_fields)"
	[ "$(cat "$T/log/ours")" = "$T/bin/fusermount3" ] || no "ours did not run"
	PATH=$T/bin:$PATH as_user alice fusermount3 -u "$H/mnt"
	alice_gone
	! is_mounted "$H/mnt"
	run gocryptfs_as_alice
	b="$status $output $(mount_fields)"
	fusermount3 -u "$H/mnt"
	alice_gone
	mount --bind "$FM" /usr/bin/fusermount3
	[ "$a" = "$b" ] || no "with usermount's: $a" "with Debian's: $b"
	[[ "$a" == "0 "*" fuse.gocryptfs $H/cipher "*"user_id=2001,group_id=2001"* ]] ||
		no "not mounted: $a"
}

@test "fusermount: without the series, unmount and allow_other as with Debian's fusermount3" {
	series && skip "the series' rules are above"
	images
	as_debian squashfuse -o allow_other
	[[ "$MOUNTED" == "4 fusermount3: option allow_other only allowed if 'user_allow_other' is set in /etc/fuse.conf"* ]]
	run squashfuse_as_alice
	[ "$status" -eq 0 ]
	# bob's unmount, refused by Debian's policy through ours
	run as_user bob fusermount3 -u "$H/mnt"
	[ "$status" -eq 1 ]
	a=$output
	mount --bind "$T/debian" /usr/bin/fusermount3
	run as_user bob fusermount3 -u "$H/mnt"
	umount /usr/bin/fusermount3
	[ "$output" = "$a" ]
	unmounts fusermount3
}

# util-linux's umount, setuid root as Debian installs it, lets a user
# unmount a FUSE mount made for her (user_id=); ours, without the bit,
# hands it to fusermount3 (lib/fuse-umount.c). Compared with util-linux's
# own setuid umount in the real system (tests/system/fuse.bats).
@test "fusermount: without the series, her umount of her FUSE mount goes through fusermount3; bob's is refused" {
	series && skip "the kernel decides with the series (above)"
	images
	run squashfuse_as_alice
	[ "$status" -eq 0 ]
	run as_user bob "$UMOUNT" "$H/mnt"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/mnt: must be superuser to unmount." ]
	is_mounted "$H/mnt"
	run as_user alice "$UMOUNT" "$H/mnt"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	alice_gone
	! is_mounted "$H/mnt" || no "still mounted"
	# lazily (-l: fusermount3 -z), and -f stays the kernel's refusal
	run squashfuse_as_alice
	[ "$status" -eq 0 ]
	run as_user alice "$UMOUNT" -f "$H/mnt"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/mnt: must be superuser to unmount." ]
	run as_user alice "$UMOUNT" -l "$H/mnt"
	[ "$status" -eq 0 ]
	alice_gone
	! is_mounted "$H/mnt" || no "still mounted"
	# -v says it as util-linux's does (fusermount3 says nothing)
	run squashfuse_as_alice
	[ "$status" -eq 0 ]
	run as_user alice "$UMOUNT" -v "$H/mnt"
	[ "$status" -eq 0 ]
	[ "$output" = "umount: $H/mnt (squashfuse) unmounted" ]
	alice_gone
	! is_mounted "$H/mnt" || no "still mounted"
}

# The hand-over is for the caller whose uid is the mount's user_id=, seen
# from the initial namespace: in a user namespace of her own her uid is
# another (65534 unmapped, 0 as its root). libmount's own user_id= check
# refuses first, and usermount's (lib/fuse-umount.c) would: nothing goes
# to fusermount3, and the mount stays.
@test "fusermount: without the series, her umount from a user namespace of hers hands nothing to fusermount3" {
	series && skip "the kernel decides with the series (above)"
	images
	run squashfuse_as_alice
	[ "$status" -eq 0 ]
	# unmapped: she is nobody there
	run as_user alice unshare -U -- "$UMOUNT" "$H/mnt"
	echo "$output"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/mnt: must be superuser to unmount." ]
	is_mounted "$H/mnt"
	# its root, -l too: not root of the namespace the mount is in
	run as_user alice unshare -r -- "$UMOUNT" "$H/mnt"
	echo "$output"
	[ "$status" -eq 32 ]
	is_mounted "$H/mnt"
	run as_user alice unshare -r -- "$UMOUNT" -l "$H/mnt"
	[ "$status" -eq 32 ]
	is_mounted "$H/mnt"
	run as_user alice "$UMOUNT" "$H/mnt"
	[ "$status" -eq 0 ]
	alice_gone
	! is_mounted "$H/mnt" || no "still mounted"
}

@test "fusermount: without the series and without Debian's fusermount3, a clear refusal" {
	series && skip "needs no fallback with the series"
	images
	USERMOUNT_FUSERMOUNT3=$T/none run squashfuse_as_alice
	[ "$status" -eq 4 ]
	[ "$output" = "fusermount3: this kernel lets no user mount FUSE without privilege, and libfuse's fusermount3 is not installed ($T/none)" ]
	! is_mounted "$H/mnt"
	USERMOUNT_FUSERMOUNT3=$top_builddir/fusermount/fusermount3 run \
		as_user alice fusermount3 -u "$H/mnt"
	[ "$status" -eq 1 ]
	[[ "$output" == *"is this program, not libfuse's fusermount3" ]]
}

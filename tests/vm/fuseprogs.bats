#!/usr/bin/env bats
# FUSE programs from Debian, written elsewhere, used by alice with no
# setuid fusermount: sshfs and squashfuse (libfuse 3), fuse2fs, bindfs
# and archivemount (libfuse 2).  Run through tests/run-bats (its own
# mount namespace, users alice 2001 and bob 2002) on both guest kernels
# (tests/vm/suites).  In that namespace only, a copy of fusermount3
# without its setuid bit is bound over /usr/bin/fusermount3 (libfuse 2's
# fusermount is a symbolic link to it) and /etc/fuse.conf is the test's.
#
# With the series, root gives alice $H (mount --bind --setuser=alice)
# and each program mounts below it by libfuse's own mount(2) (strace
# shows the program's process making it, so no fusermount was needed),
# is listed as hers (user=2001), is unmounted by usermount's umount and
# by fusermount3 -u (and libfuse 2's fusermount -u), and is refused
# allow_other.  Without the series the same mount(2) fails with EPERM,
# libfuse falls back to fusermount3, whose own mount(2) fails the same
# way without the setuid bit: each program is refused with fusermount's
# message and nothing is mounted.  tests/vm/README.md, "FUSE programs".

load ../common
load fuse-common

setup() {
	# the binds below are for a private namespace only
	[ -n "${UM_IN_NS:-}" ] || skip "run through tests/run-bats"
	fuse_programs_ready
	common_setup
	H=$T/home
	mkdir -p "$H/src" "$H/mnt" "$T/log" "$T/free"
	echo hello >"$H/src/file"
	chown -R alice:alice "$H"
	chmod 1777 "$T/log"
	# anyone may write here, below no mount of alice's (not sticky:
	# fusermount refuses a sticky directory not hers before mount(2))
	chmod 0777 "$T/free"
	NTRACE=0
	# fusermount3 as a distribution would ship it without the setuid bit
	cp /usr/bin/fusermount3 "$T/fusermount3"
	chmod 0755 "$T/fusermount3"
	mount --bind "$T/fusermount3" /usr/bin/fusermount3
	fuse_world
}

teardown() {
	[ -n "${T:-}" ] || return 0
	local rc=0
	common_teardown
	# the binds go whatever the daemons do
	alice_gone || rc=1
	umount /etc/fuse.conf /usr/bin/fusermount3
	return $rc
}

# alice runs a FUSE program (its command line in "$@") under strace,
# which records mount(2) and execve(2) of the program's own process in
# $TRACE, not of its children: a setuid fusermount it falls back to
# would run with its privilege, as it does untraced.  Bats's descriptor
# 3 is closed so that a daemon does not hold it.
fuse_as_alice() {
	TRACE=$T/log/trace.$((++NTRACE))
	run as_user alice strace -qq -s 256 -o "$TRACE" \
		-e trace=mount,execve -- "$@" 3>&-
}

# the program's own process mounted it: libfuse's mount(2) of TYPE,
# SOURCE on TARGET with alice's ids, no fallback to fusermount
direct_mount() {
	local call="mount(\"$2\", \"$3\", \"$1\", MS_NOSUID|MS_NODEV, \""
	local data='fd=[0-9]+,rootmode=40000,user_id=2001,group_id=2001'
	grep -F "$call" "$TRACE" | grep -E "$data.*\) = 0$" ||
		no "no direct mount in the trace:" "$(cat "$TRACE")"
}

# libfuse's own mount(2) on $1 was refused with EPERM (it then falls back
# to fusermount, whose message the test checks)
fallback_refused() {
	grep -F "mount(" "$TRACE" | grep -F ", \"$1\", " |
		grep -q ') = -1 EPERM (Operation not permitted)$' ||
		no "no refused mount(2) on $1 in the trace:" "$(cat "$TRACE")"
}

# mountinfo of the mount on $1: type, source, per-mount and
# superblock options
mount_line() {
	awk -v t="$1" '$5 == t { l = $(NF-2) " " $(NF-1) " " $6 " " $NF }
		END { print l }' /proc/self/mountinfo
}

# TYPE SOURCE [SUPER_OPTS]: the mount on $H/mnt is alice's, as the
# series records it, with the ids libfuse gave
owned_by_alice() {
	local want="$1 $2 rw,nosuid,nodev,relatime,user=2001"
	want="$want ${3:-rw,user_id=2001,group_id=2001}"
	[ "$(mount_line "$H/mnt")" = "$want" ] ||
		no "mountinfo: $(mount_line "$H/mnt"), want: $want"
}

# TYPE SOURCE [SUPER_OPTS]: usermount's mount lists the mount on $H/mnt
# with user=2001, as util-linux's does
listed_as_alice() {
	local opts=${3:-rw,user_id=2001,group_id=2001} want
	want="$2 on $H/mnt type $1 (rw,nosuid,nodev,relatime,user=2001,"
	want="$want${opts#rw,})"
	run "$MOUNT" -t "$1"
	[ "$status" -eq 0 ] && [ "$output" = "$want" ] ||
		no "mount -t $1: status $status: $output; want: $want"
	run "$UL_MOUNT" -t "$1"
	[ "$status" -eq 0 ] && [ "$output" = "$want" ] ||
		no "util-linux's mount -t $1: status $status: $output"
}

# the mount on $H/mnt is gone, and only it
unmounted() {
	! is_mounted "$H/mnt" || no "$H/mnt still mounted"
	series || return 0
	is_mounted "$H"
}

# the execve(2) and mount(2) calls of a trace of every process (strace -f):
# "execve ARGV0" and "mount TARGET TYPE RESULT"
trace_summary() {
	local call='^[0-9]+ +mount\("[^"]*", "([^"]*)", "([^"]*)", .*\)'
	sed -nE -e 's/^[0-9]+ +execve\("[^"]*", \["([^"]*)".*/execve \1/p' \
		-e "s/$call = (-1 )?([A-Z0-9]+).*/mount \\1 \\2 \\4/p" "$1"
}

# the mount just tried on $3 ($H/mnt by default) was refused by the
# kernel: exit status $1 and the message of fusermount ($2: fusermount3,
# or libfuse 2's fusermount) after libfuse's own mount(2) failed
refused_by() {
	local want="$2: mount failed: Operation not permitted" t=${3:-$H/mnt}
	[ "$status" -eq "$1" ] && [ "$output" = "$want" ] ||
		no "status $status: $output; want $1: $want"
	fallback_refused "$t"
	! is_mounted "$t" || no "$t is mounted"
}

# with the series: the mount just tried (TYPE SOURCE [SUPER_OPTS]) is
# alice's, made by libfuse's own mount(2), silently
mounted_directly() {
	[ "$status" -eq 0 ] && [ -z "$output" ] ||
		no "status $status: $output"
	direct_mount "$1" "$2" "$H/mnt"
	owned_by_alice "$@"
	listed_as_alice "$@"
}

# alice reads $H/mnt/file, writes $H/mnt/new and reads it back
alice_reads_and_writes() {
	run as_user alice cat "$H/mnt/file"
	[ "$output" = hello ] || no "read: $output"
	as_user alice sh -c 'echo new >"$1"' sh "$H/mnt/new"
	run as_user alice cat "$H/mnt/new"
	[ "$output" = new ] || no "read back: $output"
}

# alice unmounts $H/mnt with usermount's umount
umount_by_alice() {
	run as_user alice "$UMOUNT" "$H/mnt"
	[ "$status" -eq 0 ] && [ -z "$output" ] ||
		no "umount: status $status: $output"
	unmounted
}

# `$@` (a *_as_alice with its options) mounts on $H/mnt; alice unmounts
# it with `$1 -u` (fusermount3, or libfuse 2's fusermount)
fusermount_unmounts() {
	local fm=$1
	shift
	"$@"
	[ "$status" -eq 0 ] || no "mount: status $status: $output"
	[[ "$(mount_opts "$H/mnt")" == *,user=2001 ]] ||
		no "not alice's: $(mount_line "$H/mnt")"
	run as_user alice "$fm" -u "$H/mnt"
	[ "$status" -eq 0 ] && [ -z "$output" ] ||
		no "$fm -u: status $status: $output"
	unmounted
	alice_gone
}

# how many times the kernel log says patch 0006 refused allow_other
kernel_refused_allow_other() {
	dmesg | grep -c 'fuse: allow_other needs privilege' || true
}

# `$@` (a *_as_alice with options that ask for allow_other) is refused
# with exit status $1 and the messages of fusermount ($2: fusermount3,
# or libfuse 2's fusermount): with the test's empty fuse.conf by its
# policy; with user_allow_other by the kernel, in libfuse's mount(2) and
# in fusermount's (patch 0006 says why in the kernel log)
allow_other_refused() {
	local rc=$1 fm=$2 k0 want
	shift 2
	"$@"
	want="$fm: option allow_other only allowed if 'user_allow_other'"
	want="$want is set in /etc/fuse.conf"
	[ "$status" -eq "$rc" ] && [ "$output" = "$want" ] ||
		no "status $status: $output; want $rc: $want"
	unmounted
	echo user_allow_other >"$T/fuse.conf"
	k0=$(kernel_refused_allow_other)
	"$@"
	refused_by "$rc" "$fm"
	series || return 0
	[ "$(kernel_refused_allow_other)" -gt "$k0" ] ||
		no "no 'allow_other needs privilege' in the kernel log"
}

@test "fuseprogs: fusermount3 and fusermount have no setuid bit here" {
	run find -L /usr/bin/fusermount3 /usr/bin/fusermount -perm /6000
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run getcap /usr/bin/fusermount3
	[ -z "$output" ]
	cmp /usr/bin/fusermount3 "$T/fusermount3"
	[ "$(readlink /usr/bin/fusermount)" = fusermount3 ]
}

# --- sshfs (libfuse 3) against sftp-server on a pipe ---

# [OPTION...]
sshfs_as_alice() {
	fuse_as_alice sshfs -o ssh_command="$T/sftp-ssh" "$@" \
		"localhost:$H/src" "$H/mnt"
}

@test "sshfs (libfuse 3): alice mounts it by mount(2), reads, writes, umount(8)" {
	sshfs_as_alice
	if ! series; then
		refused_by 1 fusermount3
		return
	fi
	mounted_directly fuse.sshfs "localhost:$H/src"
	alice_reads_and_writes
	# through to the directory
	[ "$(cat "$H/src/new")" = new ]
	umount_by_alice
}

@test "sshfs: fusermount3 -u unmounts it without the setuid bit" {
	series || skip "nothing to unmount without the series"
	sshfs_as_alice
	[ "$status" -eq 0 ]
	# without the setuid bit fusermount3 -u is umount2(2) as the caller:
	# the kernel refuses bob, as the mount is alice's
	run as_user bob fusermount3 -u "$H/mnt"
	[ "$status" -eq 1 ]
	[ "$output" = "fusermount3: failed to unmount $H/mnt:"\
" Operation not permitted" ]
	is_mounted "$H/mnt"
	run as_user alice fusermount3 -u "$H/mnt"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	unmounted
}

@test "sshfs: allow_other is refused by fusermount3 and by the kernel" {
	allow_other_refused 1 fusermount3 sshfs_as_alice -o allow_other
}

# wait (bounded) for a mount on $1 made by a program in the background
wait_mounted() {
	local i
	for i in $(seq 300); do
		is_mounted "$1" && return 0
		sleep 0.1
	done
	echo "$1 not mounted"
	return 1
}

@test "sshfs: auto_unmount: fusermount3 mounts without the setuid bit, but cannot unmount for a dead daemon" {
	series || skip "refused like any mount without the series"
	# libfuse leaves auto_unmount to fusermount3, which stays to unmount
	# when the daemon ends: traced with its children, in the background
	as_user alice strace -f -qq -s 256 -o "$T/log/auto" \
		-e trace=mount,umount2,clone,execve -- \
		sshfs -o ssh_command="$T/sftp-ssh" -o auto_unmount \
		"localhost:$H/src" "$H/mnt" \
		</dev/null >"$T/log/auto.out" 2>&1 3>&- &
	spid=$!
	wait_mounted "$H/mnt"
	owned_by_alice fuse.sshfs "localhost:$H/src"
	run trace_summary "$T/log/auto"
	[[ "$output" == *"execve fusermount3"*"mount . fuse.sshfs 0"* ]]
	[[ "$output" != *"mount $H/mnt "* ]]
	pgrep -u 2001 -x fusermount3
	for pid in $(pgrep -u 2001 -x sshfs); do
		kill -KILL "$pid"
	done
	# strace ends with the last of them
	wait "$spid" || true
	[ ! -s "$T/log/auto.out" ]
	# fusermount3 checks the mount in a mount namespace of its own
	# before it unmounts; without CAP_SYS_ADMIN it gets none, so it
	# leaves the mount (its message goes to a closed stderr). strace
	# splits the line ("<unfinished ...>", "<... clone resumed>") when
	# another traced process stops meanwhile, as the killed ones do.
	grep -E 'clone|umount2' "$T/log/auto" || true	# shown on failure
	grep -q 'clone(.*flags=CLONE_NEWNS' "$T/log/auto"
	grep -Eq '(clone\(.*flags=CLONE_NEWNS\)|<\.\.\. clone resumed>.*) = -1 EPERM' \
		"$T/log/auto"
	! grep -q 'umount2(' "$T/log/auto" || false
	is_mounted "$H/mnt"
	umount_by_alice
}

# --- squashfuse (libfuse 3) on an image made by mksquashfs ---

# alice's squashfs image of $H/src
make_sqfs() {
	as_user alice mksquashfs "$H/src" "$H/img.sqfs" -quiet -no-progress \
		-noappend >/dev/null
}

# [OPTION...]
squashfuse_as_alice() {
	make_sqfs
	fuse_as_alice squashfuse "$@" "$H/img.sqfs" "$H/mnt"
}

@test "squashfuse (libfuse 3): alice mounts it by mount(2), reads, umount(8)" {
	squashfuse_as_alice
	if ! series; then
		refused_by 4 fusermount3
		return
	fi
	mounted_directly fuse.squashfuse squashfuse
	run as_user alice cat "$H/mnt/file"
	[ "$output" = hello ]
	# read-only, whatever the mount options say
	run as_user alice sh -c 'echo new >"$1"' sh "$H/mnt/new"
	[ "$status" -eq 2 ]
	[[ "$output" == *"$H/mnt/new: Read-only file system" ]]
	as_user alice test ! -e "$H/mnt/new"
	umount_by_alice
}

@test "squashfuse: fusermount3 -u unmounts it without the setuid bit" {
	series || skip "nothing to unmount without the series"
	fusermount_unmounts fusermount3 squashfuse_as_alice
}

@test "squashfuse: allow_other is refused by fusermount3 and by the kernel" {
	allow_other_refused 4 fusermount3 squashfuse_as_alice -o allow_other
}

@test "squashfuse and bindfs: refused below a mount alice does not own" {
	series || skip "every user mount is refused without the series"
	make_sqfs
	fuse_as_alice squashfuse "$H/img.sqfs" "$T/free"
	refused_by 4 fusermount3 "$T/free"
	fuse_as_alice bindfs --no-allow-other "$H/src" "$T/free"
	refused_by 1 fusermount "$T/free"
}

@test "libfuse's fallback, traced: fusermount3 and libfuse 2's fusermount call mount(2) as alice" {
	# Where the kernel refuses alice's mount: without the series her
	# home, with it a directory below no mount of hers.  strace -f follows
	# the helpers; the kernel would ignore a traced program's setuid bit,
	# so this shows the path each library takes, not what the bit gives.
	local dir=$H/mnt
	! series || dir=$T/free
	make_sqfs
	run as_user alice strace -f -qq -s 256 -o "$T/log/sq" \
		-e trace=mount,execve -- squashfuse "$H/img.sqfs" "$dir" 3>&-
	[ "$status" -eq 4 ]
	[ "$output" = "fusermount3: mount failed: Operation not permitted" ]
	run trace_summary "$T/log/sq"
	# libfuse 3: mount(2), then fusermount3 with the subtype, then without
	[ "$output" = "execve squashfuse
mount $dir fuse.squashfuse EPERM
execve fusermount3
mount . fuse.squashfuse EPERM
execve fusermount3
mount . fuse EPERM" ]
	run as_user alice strace -f -qq -s 256 -o "$T/log/bind" \
		-e trace=mount,execve -- \
		bindfs --no-allow-other "$H/src" "$dir" 3>&-
	[ "$status" -eq 1 ]
	[ "$output" = "fusermount: mount failed: Operation not permitted" ]
	run trace_summary "$T/log/bind"
	# libfuse 2: mount(2), then fusermount (no subtype to drop)
	[ "$output" = "execve bindfs
mount $dir fuse EPERM
execve fusermount
mount . fuse EPERM" ]
	! is_mounted "$dir" || false
}

# --- fuse2fs (libfuse 2) on an ext2 image made by mke2fs ---

# [OPTION...]
fuse2fs_as_alice() {
	[ -e "$H/img.ext2" ] ||
		as_user alice mke2fs -q -t ext2 -E root_owner=2001:2001 \
			-d "$H/src" "$H/img.ext2" 4M >/dev/null
	fuse_as_alice fuse2fs "$@" "$H/img.ext2" "$H/mnt"
}

@test "fuse2fs (libfuse 2): alice mounts it by mount(2), reads, writes, umount(8)" {
	fuse2fs_as_alice
	if ! series; then
		# fuse2fs 1.47.0 exits 0 whatever fuse_main returned
		refused_by 0 fusermount
		return
	fi
	mounted_directly fuse.ext4 "$H/img.ext2"
	alice_reads_and_writes
	umount_by_alice
	# written back to the image, which is clean
	alice_gone
	run debugfs -R 'cat /new' "$H/img.ext2"
	[ "${lines[-1]}" = new ]
	run e2fsck -fn "$H/img.ext2"
	[ "$status" -eq 0 ]
}

@test "fuse2fs: fusermount3 -u and libfuse 2's fusermount -u unmount it without the setuid bit" {
	series || skip "nothing to unmount without the series"
	fusermount_unmounts fusermount3 fuse2fs_as_alice
	fusermount_unmounts fusermount fuse2fs_as_alice
}

@test "fuse2fs: allow_other is refused by fusermount and by the kernel" {
	# fuse2fs 1.47.0 exits 0 whatever fuse_main returned
	allow_other_refused 0 fusermount fuse2fs_as_alice -o allow_other
}

# --- bindfs (libfuse 2) ---

# [OPTION...]
bindfs_as_alice() {
	fuse_as_alice bindfs "$@" "$H/src" "$H/mnt"
}

@test "bindfs (libfuse 2): alice mounts it by mount(2), reads, writes, umount(8)" {
	bindfs_as_alice --no-allow-other
	if ! series; then
		refused_by 1 fusermount
		return
	fi
	mounted_directly fuse "$H/src" \
		rw,user_id=2001,group_id=2001,default_permissions
	alice_reads_and_writes
	# through to the directory
	[ "$(cat "$H/src/new")" = new ]
	umount_by_alice
}

@test "bindfs: fusermount3 -u and libfuse 2's fusermount -u unmount it without the setuid bit" {
	series || skip "nothing to unmount without the series"
	fusermount_unmounts fusermount3 bindfs_as_alice --no-allow-other
	fusermount_unmounts fusermount bindfs_as_alice --no-allow-other
}

@test "bindfs: its default allow_other is refused by fusermount and by the kernel" {
	allow_other_refused 1 fusermount bindfs_as_alice
}

# --- archivemount (libfuse 2) on a tar archive ---

# [OPTION...]
archivemount_as_alice() {
	[ -e "$H/a.tar" ] || as_user alice tar -C "$H/src" -cf "$H/a.tar" file
	fuse_as_alice archivemount "$@" "$H/a.tar" "$H/mnt"
}

@test "archivemount (libfuse 2): alice mounts it by mount(2), reads, writes, umount(8)" {
	archivemount_as_alice
	if ! series; then
		refused_by 1 fusermount
		return
	fi
	mounted_directly fuse.archivemount archivemount
	alice_reads_and_writes
	umount_by_alice
	# archivemount writes the archive back when it ends
	alice_gone
	run tar -xOf "$H/a.tar" new
	[ "$output" = new ]
}

@test "archivemount: fusermount3 -u and libfuse 2's fusermount -u unmount it without the setuid bit" {
	series || skip "nothing to unmount without the series"
	fusermount_unmounts fusermount3 archivemount_as_alice
	fusermount_unmounts fusermount archivemount_as_alice
}

@test "archivemount: allow_other is refused by fusermount and by the kernel" {
	allow_other_refused 1 fusermount archivemount_as_alice -o allow_other
}

#!/usr/bin/env bats
# Six flaws found by attacking the setuid mode and the listing (rows
# 25-30 of tests/security/README), each with util-linux 2.38.1 beside it
# where it is the oracle: what it does in the same case is printed with
# the test (bats --verbose-run, or the log) and said in the README.

load ../common

setup() {
	setuid_setup
}

teardown() {
	# a stopped process must not outlive a failed test
	pkill -CONT -f -- "$SUID/mount" 2>/dev/null || true
	alice_cgroup_end
	common_teardown
	desktop_world_end
	rm -f /run/mount/utab /run/mount/utab.lock /run/mount/utab.act
}

# Bytes a terminal takes for C1 controls: U+009B and U+009D as UTF-8, and
# raw 0x9b, 0x9d, 0x80; and ESC.
C1_NAME=$'csi\xc2\x9b31m osc\xc2\x9d0;x raw\x9b\x9d\x80 esc\x1b[1m'
C1_SHOWN='csi\xc2\x9b31m osc\xc2\x9d0;x raw\x9b\x9d\x80 esc\x1b[1m'

# Does stdin hold a byte above 0x7e or a control character but newline?
has_unprintable() {
	LC_ALL=C grep -q $'[^\n -~]'
}

@test "row 29: the listing masks C1 controls and invalid bytes as \\xHH, in C and UTF-8, with and without utab" {
	mkdir "$T/$C1_NAME"
	mount -t tmpfs "$C1_NAME" "$T/$C1_NAME"
	local loc utab line
	for utab in empty lines; do
		if [ "$utab" = lines ]; then
			# a desktop's utab: the listing goes through libmount
			echo "SRC=x TARGET=/nowhere ROOT=/ OPTS=x-gvfs-show" \
				>/run/mount/utab
		fi
		for loc in C C.UTF-8; do
			run env LC_ALL=$loc "$MOUNT" -t tmpfs
			[ "$status" -eq 0 ]
			line=$(grep -F " on $T/" <<<"$output")
			echo "$utab $loc: $line"
			[ "$line" = "$C1_SHOWN on $T/$C1_SHOWN type tmpfs (rw,relatime)" ]
			! has_unprintable <<<"$output" || false
		done
	done
	# util-linux 2.38.1 masks only C0 controls: C1 goes to the terminal
	run env LC_ALL=C.UTF-8 "$UL_MOUNT" -t tmpfs
	echo "util-linux: $(grep -F " on $T/" <<<"$output" | od -c | head -n 3)"
	[[ "$output" == *$'\xc2\x9b31m'* ]]
}

@test "row 29: a printable UTF-8 name stays as it is in UTF-8, and a backslash only escapes where it would be read as \\x" {
	local name=$'caf\xc3\xa9 \xe2\x82\xac a\\x41 b\\040'
	mkdir "$T/$name"
	mount -t tmpfs umtest "$T/$name"
	run env LC_ALL=C.UTF-8 "$MOUNT" -t tmpfs
	[ "$status" -eq 0 ]
	[[ "$output" == *"umtest on $T/"$'caf\xc3\xa9 \xe2\x82\xac'' a\x5cx41 b\040 type tmpfs'* ]]
	# the C locale prints no byte above 0x7e
	run env LC_ALL=C "$MOUNT" -t tmpfs
	[[ "$output" == *"umtest on $T/caf\\xc3\\xa9 \\xe2\\x82\\xac a\\x5cx41 b\\040 type tmpfs"* ]]
}

@test "row 29: FUSE subtype and fsname with C1 controls are masked" {
	fusefs=${USERMOUNT_VM_BINDIR:-$top_builddir/tests/vm}/fuse/hellofs
	[ -x "$fusefs" ] && [ -c /dev/fuse ] || skip "no hellofs or /dev/fuse"
	mkdir "$T/f"
	"$fusefs" -o subtype=$'e\xc2\x9bvil',fsname=$'s\x9drc' "$T/f"
	run env LC_ALL=C.UTF-8 "$MOUNT"
	umount -l "$T/f"
	[ "$status" -eq 0 ]
	[[ "$output" == *"s\\x9drc on $T/f type fuse.e\\xc2\\x9bvil ("* ]]
	! has_unprintable <<<"$output" || false
}

# An ext2 image in a root-only directory, an fstab "user,loop" entry for it.
loop_entry() {
	[ -e /dev/loop-control ] && command -v mkfs.ext2 >/dev/null ||
		skip "no loop devices or mkfs.ext2 here"
	truncate -s 4M "$T/img"
	mkfs.ext2 -q "$T/img"
	echo "$T/img $T/m ext2 user,loop,noauto 0 0" >/etc/fstab
}

@test "row 25: alice2 cannot unmount alice's loop mount by naming its image; util-linux's message and exit code" {
	loop_entry
	run as_user alice "$SUID/mount" "$T/m"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	local spec
	for spec in "$T/img" "$T/m" "$(findmnt -no SOURCE "$T/m")"; do
		run as_user alice2 "$SUID/umount" "$spec"
		echo "alice2, $spec: $status $output"
		[ "$status" -eq 32 ]
		[[ "$output" == "umount: "*": must be superuser to unmount." ]]
		is_mounted "$T/m"
		run as_user bob "$SUID/umount" "$spec"
		[ "$status" -eq 32 ]
		is_mounted "$T/m"
	done
	run as_user alice "$SUID/umount" "$T/img"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
}

@test "row 25: util-linux 2.38.1 on the same loop mount (the oracle)" {
	need_ul_setuid "$UL_MOUNT"
	loop_entry
	run as_user alice "$UL_MOUNT" "$T/m"
	[ "$status" -eq 0 ]
	run as_user bob "$UL_UMOUNT" "$T/img"
	echo "util-linux, bob: $status $output"
	[ "$status" -eq 32 ]
	is_mounted "$T/m"
	run as_user alice2 "$UL_UMOUNT" "$T/img"
	echo "util-linux, alice2: $status $output"
	# 2.38.1 lets alice2 through: user=alice is compared as a prefix
	if is_mounted "$T/m"; then
		umount "$T/m"
	fi
}

@test "a user's umount of root's mount of a user entry: util-linux's message and exit code" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	"$MOUNT" "$T/m"
	run as_user alice "$SUID/umount" "$T/m"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $T/m: must be superuser to unmount." ]
	is_mounted "$T/m"
	if [ "$(stat -c %a "$UL_UMOUNT")" = 4755 ]; then
		run as_user alice "$UL_UMOUNT" "$T/m"
		[ "$status" -eq 32 ]
		[ "$output" = "umount: $T/m: must be superuser to unmount." ]
	fi
}

# "$@" as alice under strace run by root (which keeps the setuid bit),
# following children: the opens of FILE that succeeded.
opened_by() {
	local file=$1
	shift
	strace -f -qq -o "$T/trace" -e trace=open,openat \
		setpriv --reuid=2001 --regid=2001 --clear-groups -- "$@" \
		>"$T/out" 2>&1 || true
	grep -F "\"$file\"" "$T/trace" | grep -v '= -1 ' || true
}

# $T/secret: a file alice may not read, an image whose label is in fstab
unreadable_image() {
	truncate -s 4M "$T/secret"
	mkfs.ext2 -q -L umnolabel "$T/secret"
	chmod 0600 "$T/secret"
}

@test "row 27: with tag lines in fstab, a path alice names is never opened or probed as root" {
	command -v strace >/dev/null || skip "no strace"
	command -v mkfs.ext2 >/dev/null || skip "no mkfs.ext2"
	mkdir -p "$T/m2"
	# Debian's default fstab has UUID= lines; this one has both kinds
	printf '%s\n' "LABEL=umnolabel $T/m2 ext2 user,noauto 0 0" \
		"UUID=0a0a0a0a-0000-4000-8000-000000000000 $T/m2 ext2 user,noauto 0 0" \
		"umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	unreadable_image
	local opens
	opens=$(opened_by "$T/secret" "$SUID/mount" "$T/secret")
	echo "usermount: $(cat "$T/out") | opens: $opens"
	[ -z "$opens" ]
	[ -z "$(mounts_under "$T")" ]
	# the same message whether the file exists or not
	sed "s|$T/secret|PATH|g" "$T/out" >"$T/out.secret"
	opened_by "$T/nothing" "$SUID/mount" "$T/nothing" >/dev/null
	sed "s|$T/nothing|PATH|g" "$T/out" >"$T/out.nothing"
	diff "$T/out.secret" "$T/out.nothing"
	run as_user alice "$SUID/mount" "$T/secret"
	local st=$status
	run as_user alice "$SUID/mount" "$T/nothing"
	[ "$status" -eq "$st" ]
	# the fstab entries themselves still work
	as_user alice "$SUID/mount" "$T/m"
	is_mounted "$T/m"
}

@test "row 27: util-linux 2.38.1 opens the file as root (the oracle)" {
	command -v strace >/dev/null || skip "no strace"
	command -v mkfs.ext2 >/dev/null || skip "no mkfs.ext2"
	need_ul_setuid "$UL_MOUNT"
	echo "LABEL=umnolabel $T/m ext2 user,noauto 0 0" >/etc/fstab
	unreadable_image
	local opens
	opens=$(opened_by "$T/secret" "$UL_MOUNT" "$T/secret")
	echo "util-linux: $(cat "$T/out") | opens: $opens"
	if is_mounted "$T/m"; then
		echo "util-linux mounted the image alice may not read"
		umount "$T/m"
	fi
}

# The pid holding utab's flock lock, if any (from /proc/locks).
lock_holder() {
	local ino
	ino=$(stat -c %i /run/mount/utab.lock 2>/dev/null) || return 0
	awk -v ino="$ino" '$2 == "FLOCK" { n = split($6, a, ":");
		if (a[n] == ino) print $5 }' /proc/locks
}

# Wait up to 10 s for "$@" to print something; print it.
wait_for() {
	local i out
	for i in $(seq 1 100); do
		out=$("$@")
		if [ -n "$out" ]; then
			echo "$out"
			return 0
		fi
		sleep 0.1
	done
	return 1
}

# alice's setuid mount of $T/m under strace, in the background, with
# strace's options "$@" (a delay that holds it in a chosen place).
alice_mount_bg() {
	strace -f -qq -o "$T/trace" "$@" -- \
		setpriv --reuid=2001 --regid=2001 --clear-groups -- \
		"$SUID/mount" "$T/m" >"$T/out" 2>&1 &
	BG=$!
}

# The oldest process running the setuid copy of $1 (mount unless named):
# the one alice started.
tool_pid() {
	pgrep -o -f -- "^$SUID/${1:-mount} $T/m\$" || true
}

# The processes it started, if any.
tool_children() {
	local p
	p=$(tool_pid "$@")
	[ -z "$p" ] || pgrep -P "$p" || true
}

@test "row 26: alice cannot stop the process holding utab's lock; root's mount goes on" {
	command -v strace >/dev/null || skip "no strace"
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	mkdir "$T/r"
	# 3 s inside libmount's utab update, with the lock held
	alice_mount_bg -e trace=rename,renameat,renameat2 \
		-e inject=rename,renameat,renameat2:delay_enter=3000000
	local holder
	holder=$(wait_for lock_holder)
	echo "holder $holder: $(ps -o ruid=,euid=,sid=,args= -p "$holder")"
	[ "$(ps -o ruid= -p "$holder" | tr -d ' ')" = 0 ]
	run as_user alice kill -STOP "$holder"
	echo "alice's kill -STOP: $status $output"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Operation not permitted"* ]]
	# the tool she started she may stop: it holds nothing
	as_user alice kill -STOP "$(tool_pid)"
	run timeout 20 "$MOUNT" -t tmpfs umroot "$T/r"
	[ "$status" -eq 0 ]
	as_user alice kill -CONT "$(tool_pid)"
	wait "$BG"
	cat "$T/out"
	is_mounted "$T/m"
	grep -q "TARGET=$T/m .*OPTS=user=alice" /run/mount/utab
}

@test "row 26: alice's SIGKILL of her mount at mount(2) leaves the mount recorded as hers" {
	command -v strace >/dev/null || skip "no strace"
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	alice_mount_bg -e trace=$MOUNT_CALL \
		-e inject=$MOUNT_CALL:delay_exit=2000000
	# the change has begun: the root child is there, in its mount call
	wait_for tool_children
	sleep 0.5
	as_user alice kill -KILL "$(tool_pid)"
	wait "$BG" || true
	is_mounted "$T/m"
	grep -q "TARGET=$T/m .*OPTS=user=alice" /run/mount/utab
	run as_user alice "$SUID/umount" "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
}

@test "row 26: a lock holder that does not let go: a clear error within seconds, nothing mounted; util-linux waits" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	mkdir -p /run/mount
	(exec 9>/run/mount/utab.lock && flock 9 && exec sleep 60) &
	local holder=$!
	wait_for lock_holder >/dev/null
	run timeout 30 setpriv --reuid=2001 --regid=2001 --clear-groups -- \
		"$SUID/mount" "$T/m"
	echo "usermount: $status $output"
	[ "$status" -eq 16 ]
	[ "$output" = "mount: /run/mount/utab.lock is held by another process; gave up after 5 seconds, nothing was changed" ]
	! is_mounted "$T/m" || false
	if [ "$(stat -c %a "$UL_MOUNT")" = 4755 ]; then
		run timeout 8 setpriv --reuid=2001 --regid=2001 \
			--clear-groups -- "$UL_MOUNT" "$T/m"
		echo "util-linux: $status (124: still waiting after 8 s)"
	fi
	kill "$holder" 2>/dev/null || true
	wait "$holder" || true
	while umount "$T/m" 2>/dev/null; do :; done
}

@test "row 28: a umount cut short by alice's limits never leaves her line for root's later mount" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	as_user alice "$SUID/mount" "$T/m"
	run bash -c 'ulimit -f 0; exec setpriv --reuid=2001 --regid=2001 --clear-groups -- "$0" "$1"' "$SUID/umount" "$T/m"
	echo "umount under ulimit -f 0: $status $output"
	if is_mounted "$T/m"; then
		# refused before anything changed: the line is still right
		[ "$status" -ne 0 ]
		grep -q "TARGET=$T/m .*OPTS=user=alice" /run/mount/utab
		umount "$T/m"
	else
		[ "$status" -eq 0 ]
	fi
	! grep -q "TARGET=$T/m " /run/mount/utab || false
	# root mounts the same source on the same place: root's, not alice's
	"$MOUNT" -t tmpfs umtest "$T/m"
	run "$MOUNT" -t tmpfs
	[[ "$output" == *"umtest on $T/m type tmpfs (rw,relatime)"* ]]
	run as_user alice "$SUID/umount" "$T/m"
	[ "$status" -eq 32 ]
	is_mounted "$T/m"
}

# The cgroup v2 hierarchy as mounted here, if it is.
cgroup2_dir() {
	awk '{ for (i = 7; i < NF && $i != "-"; i++) ; }
	     $(i + 1) == "cgroup2" && $4 == "/" { print $5; exit }' \
		/proc/self/mountinfo
}

# alice's cgroups as systemd makes them on a login: $CG is root's (as
# user-2001.slice), $CG/user@2001.service is delegated to her (the
# directory and the files systemd chowns, Delegate=yes), and $APP is a
# cgroup she made in it, as her desktop does for each terminal. All is
# removed by alice_cgroup_end.
alice_cgroup() {
	CG2=$(cgroup2_dir)
	[ -n "$CG2" ] || skip "no cgroup2 mounted here"
	CG=$CG2/usermount-test.$$.$BATS_TEST_NUMBER
	mkdir "$CG" || skip "cannot make a cgroup here"
	mkdir "$CG/user@2001.service"
	(cd "$CG/user@2001.service" &&
		chown 2001:2001 . cgroup.procs cgroup.threads \
			cgroup.subtree_control)
	APP=$CG/user@2001.service/app.scope
	as_user alice mkdir "$APP"
	[ -e "$APP/cgroup.kill" ] && [ -e "$APP/cgroup.freeze" ] ||
		skip "no cgroup.kill or cgroup.freeze (kernel before 5.14)"
}

alice_cgroup_end() {
	local i d
	[ -n "${CG:-}" ] && [ -d "$CG" ] || return 0
	echo 0 >"$APP/cgroup.freeze" 2>/dev/null || true
	echo 1 >"$CG/cgroup.kill"
	for i in $(seq 1 50); do
		grep -q '^populated 0' "$CG/cgroup.events" && break
		sleep 0.1
	done
	for d in "$APP" "$CG/user@2001.service" "$CG"; do
		[ ! -d "$d" ] || rmdir "$d"
	done
}

# Wait up to 10 s for "$@" to succeed.
until_true() {
	local i
	for i in $(seq 1 100); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

not_mounted() {
	! is_mounted "$1"
}

# "$@" run by alice from her cgroup $APP (root puts it there), under
# strace with the options in the array TRACE, in the background.
alice_app_bg() {
	strace -f -qq -o "$T/trace" "${TRACE[@]}" -- \
		sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$APP" \
		setpriv --reuid=2001 --regid=2001 --clear-groups -- "$@" \
		>"$T/out" 2>&1 &
	BG=$!
}

# The nice value of process $1 (field 19 of its stat; ps shows none for
# SCHED_IDLE).
nice_of() {
	sed 's/.*) //' "/proc/$1/stat" | cut -d ' ' -f 17
}

# Each process of the setuid copy: its cgroup, scheduling, nice value, I/O
# class and CPUs.
show_tools() {
	local p
	for p in "$@"; do
		echo "$p: $(ps -o ruid=,args= -p "$p")"
		echo "  cgroup $(grep '^0::' "/proc/$p/cgroup")," \
			"$(chrt -p "$p" | sed -n 's/.*policy: //p')," \
			"nice $(nice_of "$p")," \
			"$(ionice -p "$p")," \
			"$(grep Cpus_allowed_list "/proc/$p/status" | tr -d '\t')"
	done
}

@test "row 39: alice's cgroup.kill at her umount2 leaves no user= line for root's later mount; util-linux's does" {
	command -v strace >/dev/null || skip "no strace"
	alice_cgroup
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	as_user alice "$SUID/mount" "$T/m"
	# each umount2 (libmount probes the kernel's flags first) is held 2 s
	TRACE=(-e trace=umount2 -e inject=umount2:delay_exit=2000000)
	alice_app_bg "$SUID/umount" "$T/m"
	# the root child is in umount2's return, the mount gone, utab not yet
	until_true not_mounted "$T/m"
	as_user alice sh -c 'echo 1 >"$1/cgroup.kill"' sh "$APP"
	# strace ends with the last process it traces
	wait "$BG" || true
	cat "$T/out" "$T/trace"
	! is_mounted "$T/m" || false
	! grep "TARGET=$T/m " /run/mount/utab || false
	# root's mount on the same place is root's, not alice's
	"$MOUNT" -t tmpfs umtest "$T/m"
	run as_user alice "$SUID/umount" "$T/m"
	[ "$status" -eq 32 ]
	is_mounted "$T/m"
	umount "$T/m"
	if [ "$(stat -c %a "$UL_UMOUNT")" = 4755 ]; then
		as_user alice "$UL_MOUNT" "$T/m"
		alice_app_bg "$UL_UMOUNT" "$T/m"
		until_true not_mounted "$T/m"
		as_user alice sh -c 'echo 1 >"$1/cgroup.kill"' sh "$APP"
		wait "$BG" || true
		echo "util-linux: mounted: $(is_mounted "$T/m" && echo yes ||
			echo no); utab: $(grep "TARGET=$T/m " /run/mount/utab)"
	fi
}

@test "row 39: alice freezes her cgroup at her mount(2): the mount is made and recorded, root's mount goes on" {
	command -v strace >/dev/null || skip "no strace"
	alice_cgroup
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	mkdir "$T/r"
	TRACE=(-e trace=$MOUNT_CALL -e inject=$MOUNT_CALL:delay_exit=2000000)
	alice_app_bg "$SUID/mount" "$T/m"
	until_true is_mounted "$T/m"
	show_tools "$(tool_pid)" $(tool_children)
	as_user alice sh -c 'echo 1 >"$1/cgroup.freeze"' sh "$APP"
	# alice's tool is frozen; the change is not
	local rec
	rec=$(wait_for grep -s "TARGET=$T/m .*OPTS=user=alice" \
		/run/mount/utab) ||
		true
	echo "while frozen: $(grep frozen "$APP/cgroup.events"); utab: $rec"
	[ -n "$rec" ]
	is_mounted "$T/m"
	run timeout 20 "$MOUNT" -t tmpfs umroot "$T/r"
	[ "$status" -eq 0 ]
	echo 0 >"$APP/cgroup.freeze"
	wait "$BG"
	cat "$T/out"
}

@test "row 39: the root child runs with root's cgroup and default scheduling, whatever alice set" {
	command -v strace >/dev/null || skip "no strace"
	[ "$(nproc)" -ge 2 ] || skip "one CPU: affinity cannot differ"
	alice_cgroup
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	# long enough for the reads below on a loaded machine: with
	# libmount's fd API the mount shows at move_mount(), and the child
	# is gone 2 s later
	TRACE=(-e trace=$MOUNT_CALL -e inject=$MOUNT_CALL:delay_exit=8000000)
	alice_app_bg nice -n 19 taskset -c 0 ionice -c 3 chrt -i 0 \
		"$SUID/mount" "$T/m"
	until_true is_mounted "$T/m"
	local tool child
	tool=$(tool_pid)
	child=$(tool_children)
	show_tools "$tool" "$child"
	# what alice set holds for her tool
	grep -qx "0::${APP#"$CG2"}" "/proc/$tool/cgroup"
	[ "$(nice_of "$tool")" = 19 ]
	# and for none of it in the root child
	! grep -q "${APP#"$CG2"}" "/proc/$child/cgroup" || false
	[ "$(nice_of "$child")" = 0 ]
	[[ "$(chrt -p "$child")" == *"policy: SCHED_OTHER"$'\n'* ]]
	[[ "$(ionice -p "$child")" == none* ||
		"$(ionice -p "$child")" == "best-effort: prio 4" ]]
	[ "$(awk '/^Cpus_allowed_list/ { print $2 }' "/proc/$child/status")" != 0 ]
	wait "$BG"
	grep -q "TARGET=$T/m .*OPTS=user=alice" /run/mount/utab
}

# alice's mount from cgroup $1 in a mount namespace where "$2" is done to
# the cgroup2 mount first: the root child cannot leave $1. Her mount
# reaches the test's namespace: the tests' tmpfs is shared (desktop_world).
mount_stuck_in() {
	run unshare --mount --propagation unchanged -- sh -c '
		echo $$ >"$1/cgroup.procs" && $2 "$3" &&
		exec setpriv --reuid=2001 --regid=2001 --clear-groups -- "$4" "$5"' \
		sh "$1" "$2" "$CG2" "$SUID/mount" "$T/m"
	echo "from $1, cgroup2 after $2: $status $output"
}

@test "row 39: a root child that cannot leave a cgroup alice owns changes nothing; one root owns or no cgroup2 is no reason to refuse" {
	alice_cgroup
	desktop_world
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	mount_stuck_in "$APP" "mount -o remount,bind,ro"
	[ "$status" -eq 2 ]
	[ "$output" = "mount: cannot leave cgroup ${APP#"$CG2"} (Read-only file system), which a user may freeze or kill; nothing was changed" ]
	! is_mounted "$T/m" || false
	! grep "TARGET=$T/m " /run/mount/utab || false
	# a cgroup of root's: she can neither freeze nor kill it
	mount_stuck_in "$CG" "mount -o remount,bind,ro"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	grep -q "TARGET=$T/m .*OPTS=user=alice" /run/mount/utab
	# root's umount: libmount 2.40+ knows a utab line by the mount's ID,
	# which the copy in this namespace does not have
	umount "$T/m"
	# no cgroup2 here: nothing to leave by
	mount_stuck_in "$APP" "umount"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	grep -q "TARGET=$T/m .*OPTS=user=alice" /run/mount/utab
	umount "$T/m"
}

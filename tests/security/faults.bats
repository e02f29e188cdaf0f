#!/usr/bin/env bats
# Faults on the real kernel, no mocks: strace makes mount(2), umount2(2) and
# the syscalls of libmount's utab update (lock open, flock, temp file open,
# write, rename) fail or get a signal, RLIMIT_FSIZE makes the utab write too
# big. Rows 1, 2 and 23 of shared/security.md, and nothing half done: after
# each fault utab holds its old or its new content, never a part; no temp
# file is left in /run/mount; the mount is made and reported, or not made.
# util-linux's mount/umount get the same faults where they agree; where
# they differ, the test says what util-linux 2.38.1 does.

load ../common

OLD="SRC=umold TARGET=/umold ROOT=/ OPTS=x-old"

# The utab line of the mount on $2 (source $1, options $3); from 2.39 on
# libmount puts the mount's id first.
entry() {
	local id
	if libmount_fd_api; then
		id=$(awk -v t="$2" '$5 == t { i = $1 } END { print i }' \
			/proc/self/mountinfo)
		echo "ID=$id SRC=$1 TARGET=$2 ROOT=/ OPTS=$3"
	else
		echo "SRC=$1 TARGET=$2 ROOT=/ OPTS=$3"
	fi
}

# After util-linux was killed by SIGXFSZ: 2.38 leaves nothing behind;
# 2.41 leaves its action lock file, utab.act (taken away here).
killed_ul_leftovers() {
	if libmount_fd_api; then
		[ -e /run/mount/utab.act ]
		rm -f /run/mount/utab.act
	fi
	no_stray_files
}

setup() {
	command -v strace >/dev/null || skip "no strace"
	common_setup
	setuid_copies
	mkdir -p "$T/m"
	chmod 0755 "$T/m"
	if [ -e /run/mount/utab ]; then
		cp -p /run/mount/utab "$T/utab.before-test"
	fi
	echo "$OLD" >/run/mount/utab
	cp /run/mount/utab "$T/utab.old"
}

teardown() {
	common_teardown
	rm -f /run/mount/utab /run/mount/utab.act
	if [ -e "$T/utab.before-test" ]; then
		cp -p "$T/utab.before-test" /run/mount/utab
	fi
}

# "$@" under strace (its own options first, then --): status, output
traced() {
	run strace -qq -o "$T/trace" "$@"
}

# Back to the state setup() made, after a reference run of util-linux.
reset_state() {
	while umount "$T/m" 2>/dev/null; do :; done
	cp "$T/utab.old" /run/mount/utab
	# util-linux 2.41 leaves its action file after a failed mount
	# (mnt_context_mount() skips the utab step that removes it); usermount
	# must not, which no_stray_files checks before this
	rm -f /run/mount/utab.act
}

# utab is byte for byte the old file, or the old file and LINE
utab_old() {
	cmp /run/mount/utab "$T/utab.old"
}

utab_old_and() {
	cmp /run/mount/utab <(cat "$T/utab.old"; echo "$1")
}

# nothing in /run/mount but utab, libmount's (flock) lock file and, from
# libmount 2.39 on, the file it touches for each change (utab.event)
no_stray_files() {
	! ls -A /run/mount | grep -vxE 'utab|utab\.lock|utab\.event' || false
}

# A utab bigger than RLIMIT_FSIZE 1 (1024 bytes): old entries for others
big_utab() {
	local i
	for i in $(seq 1 40); do
		echo "SRC=umold$i TARGET=/umold/$i ROOT=/ OPTS=x-old"
	done >/run/mount/utab
	cp /run/mount/utab "$T/utab.old"
}

# Which call $1 of "$@" is the utab update's: for openat(2), the one that
# creates libmount's utab temp file (its name is random, so strace -P
# cannot pick it); for write(2), the first write after it (the setuid
# copy's root child writes to cgroup.procs first, lib/setuid-outofreach.c).
# Counted in a dry run in which strace answers mount(2) and umount2(2)
# with 0 without running them; utab is put back after.
# strace counts each process's calls on its own (-f: the setuid copy makes
# its change in a child, lib/setuid-rootchild.c).
utab_call_nth() {
	local call=$1
	shift
	strace -f -qq -o "$T/dry" -e trace=openat,write,$MOUNT_CALL,umount2 \
		-e inject=$MOUNT_CALL,umount2:retval=0 -- "$@" >/dev/null 2>&1 || :
	cp "$T/utab.old" /run/mount/utab
	awk -v call="$call" '{ p = $1 ~ /^[0-9]+$/ ? $1 : 0; c = p ? $2 : $1 }
	     index(c, call "(") == 1 { n[p]++ }
	     call == "write" && tmp[p] && c ~ /^write\(/ { print n[p]; exit }
	     /utab\.[^"]+", O_RDWR\|O_CREAT\|O_EXCL/ { tmp[p] = 1
		if (call == "openat") { print n[p]; exit } }' "$T/dry"
}

# The faults of libmount's utab update, as strace options: open of the lock
# file, flock, open of the temp file (-e inject=openat:...:when=N, N from
# utab_call_nth), write of the new table, rename over utab.
UTAB_FAULTS=(
	"-P /run/mount/utab.lock -e trace=openat -e inject=openat:error=EACCES"
	"-e trace=flock -e inject=flock:error=EIO"
	"-e trace=openat -e inject=openat:error=ENOSPC:when=TMP"
	"-e trace=write -e inject=write:error=ENOSPC:when=TMP"
	"-e trace=rename -e inject=rename:error=EIO"
)

# one fault of UTAB_FAULTS with the number of the utab update's call
# filled in
utab_fault() {
	local f=$1 call
	shift
	if [[ "$f" == *when=TMP* ]]; then
		call=${f#*inject=}
		call=${call%%:*}
		f=${f/when=TMP/when=$(utab_call_nth "$call" "$@")}
	fi
	echo "$f"
}

@test "nothing half done (rows 1, 2): mount(2) failing with EPERM, EBUSY, ENOMEM, EIO: exit 32 and util-linux's message, nothing mounted, utab untouched" {
	local e ours
	for e in EPERM EBUSY ENOMEM EIO; do
		traced -e trace=$MOUNT_CALL -e inject=$MOUNT_CALL:error=$e -- \
			"$MOUNT" -t tmpfs -o x-foo umfault "$T/m"
		ours="$status|$output"
		echo "$e: $ours"
		[ "$status" -eq 32 ]
		[[ "$output" == "mount: $T/m: "* ]]
		! is_mounted "$T/m" || false
		utab_old
		no_stray_files

		traced -e trace=$MOUNT_CALL -e inject=$MOUNT_CALL:error=$e -- \
			"$UL_MOUNT" -t tmpfs -o x-foo umfault "$T/m"
		[ "$ours" = "$status|$output" ]
		reset_state
	done
	[ -z "$(mounts_under "$T")" ]
}

@test "row 1: the utab update failing (lock, flock, temp file, write, rename): mount made and reported as by util-linux, utab the old file, no temp file" {
	local fault f tool ours
	for fault in "${UTAB_FAULTS[@]}"; do
		for tool in "$MOUNT" "$UL_MOUNT"; do
			f=$(utab_fault "$fault" "$tool" -t tmpfs -o x-foo umfault "$T/m")
			# shellcheck disable=SC2086
			traced $f -- "$tool" -t tmpfs -o x-foo umfault "$T/m"
			echo "$tool $f: $status|$output"
			grep -q INJECTED "$T/trace"
			[ "$tool" = "$MOUNT" ] && ours="$status|$output"
			[ "$ours" = "$status|$output" ]
			# 16: lock not taken; 32: failed after it (libmount's codes)
			[[ "$status" == 16 || "$status" == 32 ]]
			[[ "$output" == "mount: $T/m: filesystem was mounted, but "* ]]
			is_mounted "$T/m"
			utab_old
			no_stray_files
			reset_state
		done
	done
}

@test "rows 1, 23: ulimit -f 1 while mount writes utab: utab intact, the tool not killed, the mount reported" {
	big_utab
	run bash -c "ulimit -f 1; exec \"\$0\" -t tmpfs -o x-foo umfault \"\$1\"" \
		"$MOUNT" "$T/m"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/m: filesystem was mounted, but any subsequent operation failed: File too large." ]
	is_mounted "$T/m"
	utab_old
	no_stray_files
	reset_state

	# util-linux (2.38.1, 2.41.5) leaves utab intact too, but SIGXFSZ
	# kills it after the mount: made and never reported (exit 153)
	run bash -c "ulimit -f 1; exec \"\$0\" -t tmpfs -o x-foo umfault \"\$1\"" \
		"$UL_MOUNT" "$T/m"
	echo "util-linux: $status|$output"
	[ "$status" -eq 153 ]
	is_mounted "$T/m"
	utab_old
	killed_ul_leftovers
}

@test "row 2: SIGTERM, SIGINT, SIGHUP at mount(2) or at the utab rename: the mount made and recorded, then the signal" {
	local sig n call
	for sig in TERM INT HUP; do
		n=$(kill -l "$sig")
		for call in $MOUNT_CALL rename; do
			traced -e trace=$call -e inject=$call:signal=SIG$sig -- \
				"$MOUNT" -t tmpfs -o x-foo umfault "$T/m"
			echo "$sig at $call: $status|$output"
			[ "$status" -eq $((128 + n)) ]
			[ -z "$output" ]
			is_mounted "$T/m"
			utab_old_and "$(entry umfault "$T/m" x-foo)"
			no_stray_files
			reset_state
		done
	done

	# a signal the caller ignores (nohup) stays ignored
	run env ASAN_OPTIONS="$NO_LSAN" \
		bash -c 'trap "" HUP; exec strace -qq -o "$0" -e trace=$3 \
		-e inject=$3:signal=SIGHUP -- "$1" -t tmpfs umfault "$2"' \
		"$T/trace" "$MOUNT" "$T/m" "$MOUNT_CALL"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	reset_state

	# util-linux 2.38.1: killed after mount(2), the mount not in utab
	traced -e trace=$MOUNT_CALL -e inject=$MOUNT_CALL:signal=SIGTERM -- \
		"$UL_MOUNT" -t tmpfs -o x-foo umfault "$T/m"
	echo "util-linux: $status|$output"
	is_mounted "$T/m"
	utab_old
}

@test "nothing half done (row 2): umount2 failing with EBUSY, EIO: exit 32 and util-linux's message, still mounted, utab entry kept" {
	local e ours entry
	for e in EBUSY EIO; do
		for tool in "$UMOUNT" "$UL_UMOUNT"; do
			"$MOUNT" -t tmpfs -o x-foo umfault "$T/m"
			entry=$(entry umfault "$T/m" x-foo)
			traced -e trace=umount2 -e inject=umount2:error=$e -- \
				"$tool" "$T/m"
			echo "$tool $e: $status|$output"
			[ "$tool" = "$UMOUNT" ] && ours="$status|$output"
			[ "$ours" = "$status|$output" ]
			[ "$status" -eq 32 ]
			[[ "$output" == "umount: $T/m: "* ]]
			is_mounted "$T/m"
			utab_old_and "$entry"
			# util-linux 2.41 leaves utab.act here (reset_state)
			if [ "$tool" = "$UMOUNT" ] || ! libmount_fd_api; then
				no_stray_files
			fi
			reset_state
		done
	done
}

@test "row 2: the utab update failing during umount: unmounted and reported as by util-linux, utab the old file, no temp file" {
	local fault f tool ours
	for fault in "${UTAB_FAULTS[@]}"; do
		for tool in "$UMOUNT" "$UL_UMOUNT"; do
			echo "$OLD" >"$T/utab.old"
			reset_state
			"$MOUNT" -t tmpfs -o x-foo umfault "$T/m"
			cp /run/mount/utab "$T/utab.old"
			f=$(utab_fault "$fault" "$tool" "$T/m")
			# shellcheck disable=SC2086
			traced $f -- "$tool" "$T/m"
			echo "$tool $f: $status|$output"
			grep -q INJECTED "$T/trace"
			[ "$tool" = "$UMOUNT" ] && ours="$status|$output"
			[ "$ours" = "$status|$output" ]
			[[ "$status" == 16 || "$status" == 32 ]]
			[[ "$output" == "umount: $T/m: filesystem was unmounted, but "* ]]
			! is_mounted "$T/m" || false
			# the old file, with the entry of the mount now gone
			utab_old
			no_stray_files
		done
	done
}

@test "row 2: ulimit -f 1 while umount writes utab: utab intact, the tool not killed, the umount reported" {
	big_utab
	"$MOUNT" -t tmpfs -o x-foo umfault "$T/m"
	cp /run/mount/utab "$T/utab.old"
	run bash -c "ulimit -f 1; exec \"\$0\" \"\$1\"" "$UMOUNT" "$T/m"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $T/m: filesystem was unmounted, but any subsequent operation failed: File too large." ]
	! is_mounted "$T/m" || false
	utab_old
	no_stray_files

	# util-linux (2.38.1, 2.41.5): utab intact, but killed by SIGXFSZ
	# (exit 153)
	"$MOUNT" -t tmpfs -o x-foo umfault "$T/m"
	cp /run/mount/utab "$T/utab.old"
	run bash -c "ulimit -f 1; exec \"\$0\" \"\$1\"" "$UL_UMOUNT" "$T/m"
	echo "util-linux: $status|$output"
	[ "$status" -eq 153 ]
	! is_mounted "$T/m" || false
	utab_old
	killed_ul_leftovers
}

@test "row 2: SIGTERM, SIGINT, SIGHUP at umount2 or at the utab rename: unmounted, its utab entry gone, then the signal" {
	local sig n call
	for sig in TERM INT HUP; do
		n=$(kill -l "$sig")
		for call in umount2 rename; do
			"$MOUNT" -t tmpfs -o x-foo umfault "$T/m"
			traced -e trace=$call -e inject=$call:signal=SIG$sig -- \
				"$UMOUNT" "$T/m"
			echo "$sig at $call: $status|$output"
			[ "$status" -eq $((128 + n)) ]
			[ -z "$output" ]
			! is_mounted "$T/m" || false
			utab_old
			no_stray_files
		done
	done

	# util-linux 2.38.1: killed after umount2, a stale entry left in utab
	"$MOUNT" -t tmpfs -o x-foo umfault "$T/m"
	traced -e trace=umount2 -e inject=umount2:signal=SIGTERM -- \
		"$UL_UMOUNT" "$T/m"
	echo "util-linux: $status|$output"
	! is_mounted "$T/m" || false
}

# The setuid mode: alice's user mount of an fstab entry. strace run by
# root keeps the setuid bit of the program it runs; -f follows the child
# that makes the change as root (lib/setuid-rootchild.c).
ALICE=(setpriv --reuid=2001 --regid=2001 --clear-groups --)

@test "nothing half done (setuid, rows 1, 2): mount(2) failing as alice: exit 32, nothing mounted, no user= entry" {
	echo "umfault $T/m tmpfs user,noauto 0 0" >/etc/fstab
	local e
	for e in EPERM EBUSY ENOMEM EIO; do
		traced -f -e trace=$MOUNT_CALL -e inject=$MOUNT_CALL:error=$e -- \
			"${ALICE[@]}" "$SUID/mount" "$T/m"
		echo "$e: $status|$output"
		[ "$status" -eq 32 ]
		[[ "$output" == "mount: $T/m: "* ]]
		! is_mounted "$T/m" || false
		utab_old
		no_stray_files
	done
}

@test "row 1 (setuid): the utab update failing as alice: the mount reported, utab the old file, no temp file" {
	echo "umfault $T/m tmpfs user,noauto 0 0" >/etc/fstab
	local f
	for f in "${UTAB_FAULTS[@]}"; do
		f=$(utab_fault "$f" "${ALICE[@]}" "$SUID/mount" "$T/m")
		# shellcheck disable=SC2086
		traced -f $f -- "${ALICE[@]}" "$SUID/mount" "$T/m"
		echo "$f: $status|$output"
		grep -q INJECTED "$T/trace"
		[[ "$status" == 16 || "$status" == 32 ]]
		[[ "$output" == "mount: $T/m: filesystem was mounted, but "* ]]
		is_mounted "$T/m"
		utab_old
		no_stray_files
		reset_state
	done
}

@test "rows 1, 23 (setuid): ulimit -f 1 as alice: her limit does not reach the utab update, the mount recorded and reported" {
	echo "umfault $T/m tmpfs user,noauto 0 0" >/etc/fstab
	big_utab
	run bash -c "ulimit -f 1; exec ${ALICE[*]} \"\$0\" \"\$1\"" "$SUID/mount" "$T/m"
	if ! can_lift_limits; then
		# a root without CAP_SYS_RESOURCE: refused, nothing done
		[ "$status" -eq 2 ]
		[ "$output" = "mount: cannot lift the file size limit for the utab update; nothing was changed" ]
		! is_mounted "$T/m" || false
		utab_old
		no_stray_files
		skip "no CAP_SYS_RESOURCE here: refused before any change"
	fi
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	is_mounted "$T/m"
	utab_old_and "$(entry umfault "$T/m" user=alice)"
	no_stray_files
	run bash -c "ulimit -f 1; exec ${ALICE[*]} \"\$0\" \"\$1\"" "$SUID/umount" "$T/m"
	[ "$status" -eq 0 ]
	! is_mounted "$T/m" || false
	utab_old
}

@test "row 2 (setuid): SIGTERM at alice's mount(2) and umount2: each change recorded in utab, then the signal" {
	echo "umfault $T/m tmpfs user,noauto 0 0" >/etc/fstab
	traced -f -e trace=$MOUNT_CALL -e inject=$MOUNT_CALL:signal=SIGTERM -- \
		"${ALICE[@]}" "$SUID/mount" "$T/m"
	[ "$status" -eq 143 ]
	is_mounted "$T/m"
	utab_old_and "$(entry umfault "$T/m" user=alice)"
	no_stray_files

	traced -f -e trace=umount2 -e inject=umount2:signal=SIGTERM -- \
		"${ALICE[@]}" "$SUID/umount" "$T/m"
	[ "$status" -eq 143 ]
	! is_mounted "$T/m" || false
	utab_old
	no_stray_files
}

@test "row 2 (setuid): ulimit -f 1 at alice's umount: the line goes with the mount, the umount reported" {
	echo "umfault $T/m tmpfs user,noauto 0 0" >/etc/fstab
	big_utab
	"${ALICE[@]}" "$SUID/mount" "$T/m"
	cp /run/mount/utab "$T/utab.mounted"
	run bash -c "ulimit -f 1; exec ${ALICE[*]} \"\$0\" \"\$1\"" "$SUID/umount" "$T/m"
	if ! can_lift_limits; then
		[ "$status" -eq 2 ]
		[ "$output" = "umount: cannot lift the file size limit for the utab update; nothing was changed" ]
		is_mounted "$T/m"
		cmp /run/mount/utab "$T/utab.mounted"
		no_stray_files
		skip "no CAP_SYS_RESOURCE here: refused before any change"
	fi
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	! is_mounted "$T/m" || false
	utab_old
	no_stray_files
}

# Helpers shared by the in-guest kernel suites (kernel.bats,
# containment.bats): test users, the raw syscall helpers, mount table
# queries, expected outcomes on the patched and the plain kernel, and a
# setup/teardown that leaves no mount and no count behind.
#
# Helpers (sysmount, sysumount, newapi, fuse/hellofs) come from
# $USERMOUNT_VM_BINDIR, default: this directory.

BIN=${USERMOUNT_VM_BINDIR:-$BATS_TEST_DIRNAME}
SYSMOUNT=$BIN/sysmount
SYSUMOUNT=$BIN/sysumount
HELLOFS=$BIN/fuse/hellofs
WORK=${USERMOUNT_VM_WORK:-/run/usermount-work}

load series
as_alice() { setpriv --reuid=2001 --regid=2001 --init-groups -- "$@"; }
as_bob() { setpriv --reuid=2002 --regid=2002 --init-groups -- "$@"; }

# per-mount options (mountinfo field 6) of the topmost mount on $1
mnt_opts() {
	awk -v p="$1" '$5 == p { o = $6 } END { print o }' /proc/self/mountinfo
}
# options column of /proc/self/mounts for the topmost mount on $1
mounts_opts() {
	awk -v p="$1" '$2 == p { o = $4 } END { print o }' /proc/self/mounts
}
nmounts() { awk -v p="$1" '$5 == p' /proc/self/mountinfo | wc -l; }
# mounts on $1 owned by uid $2
nmounts_owned() {
	awk -v p="$1" -v u="user=$2" '$5 == p && index("," $6 ",", "," u ",")' \
		/proc/self/mountinfo | wc -l
}
nr_user() { cat /proc/sys/fs/nr_user_mounts; }
has_opt() { [[ ",$1," == *",$2,"* ]]; }

allowed() {
	[ "$status" -eq 0 ] && return 0
	echo "expected success, got status $status: $output"
	return 1
}
refused() {
	[ "$status" -eq 1 ] && [[ "$output" == *"Operation not permitted"* ]] &&
		return 0
	echo "expected EPERM (status 1), got status $status: $output"
	return 1
}
# a program's rename, unlink or rmdir refused with EBUSY
busy() {
	[ "$status" -ne 0 ] && [[ "$output" == *"Device or resource busy"* ]] &&
		return 0
	echo "expected EBUSY, got status $status: $output"
	return 1
}
# allowed on the patched kernel, refused (EPERM) without the series
allowed_if_patched() {
	if series; then allowed; else refused; fi
}

# admin gives $1 to uid $2: a bind mount of itself with MS_SETUSER, the
# owner taken from the fsuid
admin_own() {
	"$SYSMOUNT" -u "$2" -f bind,setuser "$1" "$1" none
}

setup() {
	[ "$(id -u)" = 0 ] || skip "must run as root"
	getent passwd alice >/dev/null ||
		skip "no test users: use tests/vm/run or tests/vm/host-check"
	[ -x "$SYSMOUNT" ] || skip "build $SYSMOUNT first (make check-vm)"
	AH=$(getent passwd alice | cut -d: -f6)
	BH=$(getent passwd bob | cut -d: -f6)
	mkdir -p "$AH/src/sub" "$AH/mnt" "$AH/mnt2" "$WORK"
	echo data >"$AH/src/file"
	ln -sfn mnt "$AH/link"
	chown -R 2001:2001 "$AH"
	if series; then
		MAX0=$(cat /proc/sys/fs/max_user_mounts)
		# absent on a series without the per-user limit
		UMAX0=$(cat /proc/sys/user/max_user_mounts 2>/dev/null || true)
		NR0=$(nr_user)
	fi
}

# every mount below the homes, the work area and over fusermount3, newest
# first
test_mounts() {
	awk -v a="$AH" -v b="$BH" -v w="$WORK" '
		function under(p, d) { return p == d || index(p, d "/") == 1 }
		under($5, a) || under($5, b) || under($5, w) ||
		$5 ~ /^(\/usr)?\/bin\/fusermount3$/ { print $5 }' \
		/proc/self/mountinfo | tac
}

teardown() {
	local m i
	for i in 1 2 3; do
		for m in $(test_mounts); do
			umount -l "$m" 2>/dev/null || true
		done
	done
	[ -z "$(test_mounts)" ] || { echo "left mounted: $(test_mounts)"; return 1; }
	rm -rf "${AH:?}"/* "$WORK"/* 2>/dev/null || true
	if series && [ -n "${MAX0:-}" ]; then
		echo "$MAX0" >/proc/sys/fs/max_user_mounts
		[ -z "$UMAX0" ] || echo "$UMAX0" >/proc/sys/user/max_user_mounts
		# nothing a test made may stay counted
		[ "$(nr_user)" -eq "$NR0" ] ||
			{ echo "nr_user_mounts $(nr_user), was $NR0"; return 1; }
	fi
}

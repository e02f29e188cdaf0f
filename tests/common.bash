# Shared by the bats suites; run inside tests/run-bats's namespace.
# The programs under test: the build's, or installed ones (tests/vm/deb.bats
# runs tests/vm/tools.bats against the Debian package's /usr/bin/mount).
MOUNT=${UM_MOUNT:-$top_builddir/mount/mount}
UMOUNT=${UM_UMOUNT:-$top_builddir/umount/umount}
# The libmount this build runs on, and whether it mounts through the
# fd-based API (2.39 on: fsopen/fsmount/move_mount instead of mount(2),
# utab lines with ID=, utab.event and utab.act files in /run/mount).
UM_LIBMOUNT=$("$MOUNT" -V | sed -n 's/.*(libmount \([0-9][0-9.]*\).*/\1/p')
libmount_fd_api() {
	[ "$(printf '%s\n' 2.39 "$UM_LIBMOUNT" | sort -V | head -n 1)" = 2.39 ]
}
# The call that attaches a new mount: mount(2) for libmount 2.38,
# move_mount(2) from 2.39 on (after fsopen, fsconfig, fsmount).
MOUNT_CALL=mount
libmount_fd_api && MOUNT_CALL=move_mount

# util-linux's programs of the libmount this build uses (configure.ac);
# where usermount's package is installed (tests/vm/deb.bats runs
# tools.bats so), util-linux's are diverted to *.util-linux
UL_MOUNT=${UM_UL_BINDIR:-/usr/bin}/mount
UL_UMOUNT=${UM_UL_BINDIR:-/usr/bin}/umount
[ ! -x "$UL_MOUNT.util-linux" ] || UL_MOUNT=$UL_MOUNT.util-linux
[ ! -x "$UL_UMOUNT.util-linux" ] || UL_UMOUNT=$UL_UMOUNT.util-linux

common_setup() {
	T=$(mktemp -d "$UM_ROOT/t.XXXXXX")
	chmod 0755 "$T"
	: >/etc/fstab
}

# Unmount everything at and below directory $1, deepest first.
umount_under() {
	local m
	awk -v t="$1" "$MI_AWK"'
	{ m = unesc($5) } index(m, t) == 1 { printf "%s%c", m, 0 }' \
		/proc/self/mountinfo | sort -rz | while read -r -d '' m; do
			umount -l "$m" 2>/dev/null || true
		done
}

# The world of a desktop system: the tests' tmpfs is shared, as everything
# is under the / that systemd makes rshared (a mount made in $T is shared
# too), and utab holds other tools' lines for mounts elsewhere (udisks2, a
# FUSE helper, libmount 2.41's ID= form) beside its lock file. A test that
# calls it must pass there as on a bare namespace; its teardown calls
# desktop_world_end.
desktop_world() {
	mount --make-rshared "$UM_ROOT"
	mkdir -p /run/mount
	cat >>/run/mount/utab <<-'EOF'
		SRC=/dev/sdz1 TARGET=/media/alice/USB\040STICK ROOT=/ ATTRS=uhelper=udisks2
		SRC=gvfsd-fuse TARGET=/run/user/2001/gvfs ROOT=/ OPTS=helper=fuse
		ID=999999 SRC=/dev/sdz2 TARGET=/media/alice/DATA ROOT=/ OPTS=uhelper=udisks2
	EOF
	# libmount's lock file, left by the first update, mode 0644
	: >>/run/mount/utab.lock
}

desktop_world_end() {
	mount --make-rprivate "$UM_ROOT"
}

common_teardown() {
	# unmount whatever a test left under its directory
	umount_under "$T"
	: >/etc/fstab
}

# One command line given to usermount's and to util-linux's program, one
# after the other: the same exit status, the same words and the same
# mounts under $T afterwards (sorted: mount -F mounts in parallel). $1
# names the pair: mount or umount, or suid-mount or suid-umount for the
# setuid copies (setuid_copies) against util-linux's setuid programs.
# Optional: $UL_AS, a command both runs go through ("as_user alice");
# $UL_RESET, a command run between the two runs to put things back;
# $UL_FSTAB, the file -T named, which util-linux's messages call
# /etc/fstab all the same ("can't find ... in /etc/fstab"). The last run,
# util-linux's, leaves its status and output for more checks.
same_as_util_linux() {
	local pair=$1 ours theirs
	local -a as
	shift
	read -ra as <<<"${UL_AS:-}"
	case $pair in
	mount) run "${as[@]}" "$MOUNT" "$@" ;;
	umount) run "${as[@]}" "$UMOUNT" "$@" ;;
	suid-mount) run "${as[@]}" "$SUID/mount" "$@" ;;
	suid-umount) run "${as[@]}" "$SUID/umount" "$@" ;;
	esac
	ours="$status|$output|$(mounts_under "$T" | sort)"
	echo "usermount: $ours"
	[ -z "${UL_RESET:-}" ] || eval "$UL_RESET"
	case $pair in
	mount | suid-mount) run "${as[@]}" "$UL_MOUNT" "$@" ;;
	umount | suid-umount) run "${as[@]}" "$UL_UMOUNT" "$@" ;;
	esac
	if [ -n "${UL_FSTAB:-}" ]; then
		output=${output//" in /etc/fstab."/" in $UL_FSTAB."}
	fi
	theirs="$status|$output|$(mounts_under "$T" | sort)"
	echo "util-linux: $theirs"
	[ "$ours" = "$theirs" ]
}

# mountinfo with its octal escapes (\040 \011 \012 \134) decoded in the
# target field, so tests compare real names.
MI_AWK='
function unesc(s,   r, i, c, o) {
	r = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		o = substr(s, i + 1, 3)
		if (c == "\\" && o ~ /^[0-7][0-7][0-7]$/) {
			r = r sprintf("%c", substr(o, 1, 1) * 64 + substr(o, 2, 1) * 8 + substr(o, 3, 1))
			i += 3
		} else
			r = r c
	}
	return r
}'

# Mounts under a directory, as "target fstype per-mount-options" lines.
mounts_under() {
	awk -v t="$1" "$MI_AWK"'
	{ m = unesc($5) } index(m, t) == 1 { print m, $(NF-2), $6 }' \
		/proc/self/mountinfo
}

# The mountinfo ID of the topmost mount on $1.
mount_id() {
	awk -v t="$1" "$MI_AWK"'
	unesc($5) == t { i = $1 } END { print i }' /proc/self/mountinfo
}

is_mounted() {
	awk -v t="$1" "$MI_AWK"'
	unesc($5) == t { f = 1 } END { exit !f }' /proc/self/mountinfo
}

# Per-mount options of the topmost mount on a target (mountinfo field 6).
mount_opts() {
	awk -v t="$1" "$MI_AWK"'
	unesc($5) == t { o = $6 } END { print o }' /proc/self/mountinfo
}

# The propagation of the topmost mount on a target: mountinfo's optional
# fields ("shared:N master:M", "unbindable"), empty for a private mount.
mount_tags() {
	awk -v t="$1" "$MI_AWK"'
	unesc($5) == t {
		o = ""
		for (i = 7; $i != "-"; i++)
			o = o (o == "" ? "" : " ") $i
	} END { print o }' /proc/self/mountinfo
}

as_user() {
	local uid
	uid=$(id -u "$1")
	shift
	setpriv --reuid="$uid" --regid="$uid" --clear-groups -- "$@"
}

# A setuid-root copy of the tools: the setuid mode's classic fstab policy.
setuid_copies() {
	SUID=$T/suid
	mkdir -p "$SUID"
	chmod 0755 "$SUID"
	cp "$MOUNT" "$UMOUNT" "$SUID/"
	chown root:root "$SUID/mount" "$SUID/umount"
	chmod 4755 "$SUID/mount" "$SUID/umount"
}

# Can root here raise a hard resource limit (CAP_SYS_RESOURCE in the
# bounding set)? Some containers run without it; the setuid copy then
# refuses a change the caller's limits would cut short (lib/setuid-rootchild.c).
can_lift_limits() {
	local bnd
	bnd=$(awk '/^CapBnd:/ { print $2 }' /proc/self/status)
	(( (0x$bnd >> 24) & 1 ))
}

# The setuid mode's world: the copies and a mountpoint $T/m that only
# root can change, so fstab entries on it are fixed (lib/setuid-fixedpath.c).
setuid_setup() {
	common_setup
	setuid_copies
	mkdir -p "$T/m"
	chmod 0755 "$T/m"
}

# util-linux's setuid mount/umount, when the machine has them that way.
need_ul_setuid() {
	[ "$(stat -c %a "$1" 2>/dev/null)" = 4755 ] &&
		[ "$(stat -c %u "$1")" = 0 ] ||
		skip "$1 is not setuid root here"
}

# A kernel that shows the series' sysctls, faked with a tmpfs over
# /proc/sys/fs in a mount namespace of the command's own: the tools run in
# kernel ownership mode, and the host kernel refuses a user's mount(2) and
# umount2(2) with EPERM as the series does for what its rules forbid.
in_fake_series() {
	unshare --mount --propagation private -- sh -c '
		mount -t tmpfs fakesysctl /proc/sys/fs &&
		echo 0 >/proc/sys/fs/nr_user_mounts &&
		echo 100 >/proc/sys/fs/max_user_mounts || exit 99
		exec "$@"' sh "$@"
}

# as_user's command, in_fake_series
as_user_in_fake_series() {
	local uid
	uid=$(id -u "$1")
	shift
	in_fake_series setpriv --reuid="$uid" --regid="$uid" --clear-groups \
		-- "$@"
}

# LeakSanitizer cannot run under ptrace: with a sanitizer build (configure
# --enable-sanitizers) leaks are checked everywhere except under strace.
NO_LSAN="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
strace() {
	ASAN_OPTIONS=$NO_LSAN command strace "$@"
}

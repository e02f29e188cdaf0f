# Shared by the bats suites; run inside tests/run-bats's namespace.
MOUNT=$top_builddir/mount/mount
UMOUNT=$top_builddir/umount/umount
UL_MOUNT=/usr/bin/mount
UL_UMOUNT=/usr/bin/umount

common_setup() {
	T=$(mktemp -d "$UM_ROOT/t.XXXXXX")
	chmod 0755 "$T"
	: >/etc/fstab
}

common_teardown() {
	# unmount whatever a test left under its directory, deepest first
	local m
	awk -v t="$T" 'index($5, t) == 1 { print $5 }' /proc/self/mountinfo |
		sort -r | while read -r m; do
			umount -l "$(printf '%b' "$m")" 2>/dev/null || true
		done
	: >/etc/fstab
}

# Mounts under a directory, as "target fstype per-mount-options" lines.
mounts_under() {
	awk -v t="$1" 'index($5, t) == 1 { print $5, $(NF-2), $6 }' \
		/proc/self/mountinfo
}

is_mounted() {
	awk -v t="$1" '$5 == t { f = 1 } END { exit !f }' /proc/self/mountinfo
}

# Per-mount options of the topmost mount on a target (mountinfo field 6).
mount_opts() {
	awk -v t="$1" '$5 == t { o = $6 } END { print o }' /proc/self/mountinfo
}

as_user() {
	local uid
	uid=$(id -u "$1")
	shift
	setpriv --reuid="$uid" --regid="$uid" --clear-groups -- "$@"
}

# A setuid-root copy of the tools, for the legacy fstab fallback.
setuid_copies() {
	SUID=$T/suid
	mkdir -p "$SUID"
	chmod 0755 "$SUID"
	cp "$MOUNT" "$UMOUNT" "$SUID/"
	chown root:root "$SUID/mount" "$SUID/umount"
	chmod 4755 "$SUID/mount" "$SUID/umount"
}

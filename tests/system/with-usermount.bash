# The scaffolding of the suites that need usermount's package on the
# series' kernel (usermount.bats, rootwork.bats) or, setting
# SYS_PLAIN_TOO, on Debian's own kernel too (fuse.bats, package.bats):
# the system booted once for the file, or the one already started used
# and left running; every test skipped, saying which is missing, on an
# image without them.

sys() { "$BATS_TEST_DIRNAME/run" "$@"; }

# mountinfo_at PATH: the line of /proc/self/mountinfo whose mount point
# is PATH, the topmost one, as the system sees it
mountinfo_at() {
	sys awk -v p="$1" '$5 == p { l = $0 } END { if (l == "") exit 1; print l }' \
		/proc/self/mountinfo
}

# shellcheck disable=SC2034 # used by the suites that load this file
# SQ_IMAGE: shell text alice runs to make ~/sq.img, a squashfs image of
# hers holding f ("packed"), for squashfuse
SQ_IMAGE='mkdir -p ~/sqsrc && echo packed >~/sqsrc/f &&
	rm -f ~/sq.img && mksquashfs ~/sqsrc ~/sq.img -quiet -no-progress >/dev/null'

setup_file() {
	export SYS_STARTED_HERE='' SYS_MISSING='' SYS_PLAIN=''
	if ! "$BATS_TEST_DIRNAME/run" --status; then
		"$BATS_TEST_DIRNAME/run" --start >&3 2>&1
		SYS_STARTED_HERE=1
	fi
	# asked once: what the image has decides for every test
	if ! sys sh -c "dpkg-query -W -f='\${Status}' usermount 2>/dev/null" |
		grep -q ' installed$'; then
		SYS_MISSING="the image has no usermount package (USERMOUNT_SYSTEM_DEBS)"
	elif ! sys test -e /proc/sys/fs/max_user_mounts; then
		# Debian's own kernel: a suite that checks what usermount
		# changes there too (fuse.bats) sets SYS_PLAIN_TOO=1
		SYS_PLAIN=1
		[ -n "${SYS_PLAIN_TOO:-}" ] ||
			SYS_MISSING="the booted kernel lacks the series (no /proc/sys/fs/max_user_mounts; USERMOUNT_SYSTEM_KERNEL_DEBS)"
	fi
}

teardown_file() {
	[ -z "$SYS_STARTED_HERE" ] || "$BATS_TEST_DIRNAME/run" --stop
}

setup() {
	[ -z "$SYS_MISSING" ] || skip "$SYS_MISSING"
}

# series_only WHY: skip the test on Debian's own kernel, saying WHY
series_only() {
	[ -z "$SYS_PLAIN" ] || skip "without the series: $1"
}

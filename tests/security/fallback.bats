#!/usr/bin/env bats
# Five flaws found by attacking the setuid fallback and the listing (rows
# 25-29 of tests/security/README), each with util-linux 2.38.1 beside it
# where it is the oracle: what it does in the same case is printed with
# the test (bats --verbose-run, or the log) and said in the README.

load ../common

setup() {
	common_setup
	setuid_copies
	mkdir -p "$T/m"
	chmod 0755 "$T/m"
}

teardown() {
	common_teardown
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

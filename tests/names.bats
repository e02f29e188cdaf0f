#!/usr/bin/env bats
# Mountpoints whose names the mount table escapes or a parser might rewrite:
# listing shows them as util-linux does, umount matches them exactly.

load common

setup() {
	common_setup
}

teardown() {
	common_teardown
}

names=("with space" $'with\ttab' $'with\nnewline' 'back\slash'
	'lit\040eral' 'x (deleted)' 'comma,user=0')

@test "listing shows escaped names as util-linux does, controls as \\xHH" {
	local i=0
	for n in "${names[@]}"; do
		mkdir "$T/$n"
		mount -t tmpfs "src$((i++))" "$T/$n"
	done
	run "$MOUNT" -t tmpfs
	[ "$status" -eq 0 ]
	# util-linux prints '?' for a control character, usermount \xHH
	# (lib/printable.c): the same lines otherwise
	[ "$output" = "$("$UL_MOUNT" -t tmpfs |
		sed 's/with?tab/with\\x09tab/; s/with?newline/with\\x0anewline/')" ]
	[[ "$output" == *"on $T/with space type"* ]]
	[[ "$output" == *"on $T/with\\x09tab type"* ]]
	[[ "$output" == *"on $T/with\\x0anewline type"* ]]
	[[ "$output" == *"on $T/back\\slash type"* ]]
	[[ "$output" == *"on $T/lit\\040eral type"* ]]
	[[ "$output" == *"on $T/x (deleted) type"* ]]
}

@test "control characters in a source are masked, as in targets" {
	mkdir "$T/m"
	mount -t tmpfs $'src\twith\ntab' "$T/m"
	run "$MOUNT" -t tmpfs
	# util-linux prints sources raw, so a FUSE server could forge a line
	[[ "$output" == *"src\\x09with\\x0atab on $T/m type tmpfs"* ]]
	[ "$(grep -c "on $T/m type" <<<"$output")" -eq 1 ]
}

@test "umount finds each name exactly" {
	for n in "${names[@]}"; do
		mkdir "$T/$n"
		mount -t tmpfs x "$T/$n"
	done
	for n in "${names[@]}"; do
		run "$UMOUNT" "$T/$n"
		[ "$status" -eq 0 ] || { echo "failed on [$n]: $output"; false; }
		! is_mounted "$T/$n" || false
	done
	[ -z "$(mounts_under "$T")" ]
}

@test "a \" (deleted)\" suffix is never stripped (CVE-2021-3996)" {
	mkdir -p "$T/d" "$T/d/ (deleted)"
	mount -t tmpfs inner "$T/d/ (deleted)"
	run "$UMOUNT" -l "$T/d/"
	[ "$status" -eq 32 ]
	is_mounted "$T/d/ (deleted)"
	mkdir -p "$T/x" "$T/x (deleted)"
	mount -t tmpfs plain "$T/x"
	mount -t tmpfs suffixed "$T/x (deleted)"
	run "$UMOUNT" "$T/x (deleted)"
	[ "$status" -eq 0 ]
	is_mounted "$T/x"
	! is_mounted "$T/x (deleted)" || false
}

@test "a literal \\040 in a name is not a space" {
	mkdir "$T/a b"
	mkdir "$T/a\\040b"
	mount -t tmpfs spaced "$T/a b"
	run "$UMOUNT" "$T/a\\040b"
	[ "$status" -eq 32 ]
	is_mounted "$T/a b"
	mount -t tmpfs literal "$T/a\\040b"
	run "$UMOUNT" "$T/a\\040b"
	[ "$status" -eq 0 ]
	is_mounted "$T/a b"
}

@test "a source that looks like options does not become one" {
	mkdir "$T/m"
	mount -t tmpfs "fake,user=0,users" "$T/m"
	run "$MOUNT" -t tmpfs
	[[ "$output" == *"fake,user=0,users on $T/m type tmpfs (rw,relatime)"* ]]
}

@test "empty sources, ro and bind mounts list as in util-linux, with and without utab" {
	mkdir "$T/m" "$T/n"
	mount -t tmpfs "" "$T/m"
	mount -t tmpfs -o ro ro-src "$T/m"
	mount --bind -o ro "$T/m" "$T/m"
	run "$MOUNT"
	[ "$status" -eq 0 ]
	[ "$output" = "$("$UL_MOUNT")" ]
	[[ "$output" == *$'\n'" on $T/m type tmpfs (rw,relatime)"* ]]
	# a userspace option in utab is merged into the listing
	"$MOUNT" -t tmpfs -o x-umlist=1 utabbed "$T/n"
	run "$MOUNT"
	[ "$output" = "$("$UL_MOUNT")" ]
	[[ "$output" == *"utabbed on $T/n type tmpfs (rw,relatime,x-umlist=1)"* ]]
}

@test "mount -a knows an entry on a target with a space or backslash is mounted" {
	mkdir "$T/src" "$T/with space" "$T/back\\slash"
	printf '%s\n' "$T/src $T/with\\040space none bind 0 0" \
		"$T/src $T/back\\134slash none bind 0 0" >/etc/fstab
	run "$MOUNT" -a
	[ "$status" -eq 0 ]
	is_mounted "$T/with space"
	is_mounted "$T/back\\slash"
	run "$MOUNT" -a
	[ "$status" -eq 0 ]
	[ "$(mounts_under "$T/with space" | wc -l)" -eq 1 ]
	[ "$(mounts_under "$T/back\\slash" | wc -l)" -eq 1 ]
}

@test "a FUSE subtype and fsname with control characters are masked in the listing" {
	fusefs=${USERMOUNT_VM_BINDIR:-$top_builddir/tests/vm}/fuse/hellofs
	[ -x "$fusefs" ] && [ -c /dev/fuse ] || skip "no hellofs or /dev/fuse"
	mkdir "$T/f"
	"$fusefs" -o subtype=$'evil\033[31m',fsname=$'src\033]0;x\a' "$T/f"
	run "$MOUNT"
	umount -l "$T/f"
	[ "$status" -eq 0 ]
	[[ "$output" == *"src\\x1b]0;x\\x07 on $T/f type fuse.evil\\x1b[31m ("* ]]
	[[ "$output" != *$'\033'* ]]
}

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

# usermount's last words are util-linux's ($1: its status and output) with
# the name $n, newline and all, escaped as $e: a message on one line
escaped_ul() {
	local ul=$1
	echo "util-linux: $ul"
	echo "usermount: $status|$output"
	[ "$status|$output" = "${ul//"$n"/"$e"}" ]
	[[ "$output" != *$'\033'* ]]
}

# umount -v $1 of a tmpfs "s$n" on $2: util-linux's (its words in $ul),
# then ours
umount_v_both() {
	mount -t tmpfs "s$n" "$2"
	run "$UL_UMOUNT" -v "$1"
	ul="$status|$output"
	mount -t tmpfs "s$n" "$2"
	run "$UMOUNT" -v "$1"
}

@test "messages and -v escape control characters in names as the listing does, on one line" {
	n=$'c\nn\tt\x1be' e='c\x0an\x09t\x1be'
	mkdir -p "$T/$n"
	chmod 0777 "$T/$n"
	# the listing's escapes, which the messages follow
	mount -t tmpfs "s$n" "$T/$n"
	run "$MOUNT" -t tmpfs
	[[ "$output" == *"s$e on $T/$e type tmpfs"* ]]
	umount "$T/$n"
	# umount's report(): util-linux prints the name raw, on two lines
	run "$UL_UMOUNT" "$T/$n"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $T/$n: not mounted." ]
	run "$UMOUNT" "$T/$n"
	[ "$output" = "umount: $T/$e: not mounted." ]
	escaped_ul "32|umount: $T/$n: not mounted."
	# mount's report(), util-linux's dmesg line on a line of its own
	run "$UL_MOUNT" -t tmpfs x "$T/$n/sub"
	ul="$status|$output"
	run "$MOUNT" -t tmpfs x "$T/$n/sub"
	[ "${lines[0]}" = "mount: $T/$e/sub: mount point does not exist." ]
	[ "${#lines[@]}" -eq 2 ]
	escaped_ul "$ul"
	# -v of both
	run "$UL_MOUNT" -v -t tmpfs "s$n" "$T/$n"
	ul="$status|$output"
	umount "$T/$n"
	run "$MOUNT" -v -t tmpfs "s$n" "$T/$n"
	[ "$output" = "mount: s$e mounted on $T/$e." ]
	escaped_ul "$ul"
	umount "$T/$n"
	umount_v_both "$T/$n" "$T/$n"
	[ "$output" = "umount: $T/$e unmounted" ]
	escaped_ul "$ul"
	# by the source's name, which -v names too
	mkdir "$T/m"
	umount_v_both "s$n" "$T/m"
	[ "$output" = "umount: $T/m (s$e) unmounted" ]
	escaped_ul "$ul"
	# a user's: the path looked up, the kernel's refusal explained
	need_ul_setuid "$UL_UMOUNT"
	run as_user alice "$UL_UMOUNT" "$T/$n/sub"
	ul="$status|$output"
	run as_user alice "$UMOUNT" "$T/$n/sub"
	[ "$output" = "umount: $T/$e/sub: No such file or directory" ]
	escaped_ul "$ul"
	run as_user_in_fake_series alice "$UMOUNT" "$T/$n/sub"
	escaped_ul "$ul"
	run as_user_in_fake_series alice "$MOUNT" -o $'b\x1bnid' "$T/$n" "$T/$n"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/$e: unknown mount option 'b\\x1bnid'." ]
	[[ "$output" != *$'\033'* ]]
}

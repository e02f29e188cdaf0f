#!/usr/bin/env bats
# LABEL=, UUID=, -L, -U, -l and loop devices, on a real ext2 image.

load common

UUID=0d1e2f30-1111-2222-3333-444455556666

setup() {
	[ -e /dev/loop-control ] && command -v mkfs.ext2 >/dev/null ||
		skip "no loop devices or mkfs.ext2 here"
	common_setup
	export BLKID_FILE=$T/blkid.tab	# a cache that knows no older image
	mkdir -p "$T/m"
	truncate -s 8M "$T/img"
	mkfs.ext2 -q -L umlabel-$$ -U "$UUID" "$T/img"
	DEV=
}

teardown() {
	common_teardown
	[ -z "$DEV" ] || losetup -d "$DEV" 2>/dev/null || true
}

@test "-o loop mounts an image; -l shows its label as util-linux; -d frees the loop" {
	run "$MOUNT" -o loop "$T/img" "$T/m"
	[ "$status" -eq 0 ]
	is_mounted "$T/m"
	run "$MOUNT" -l -t ext2
	[[ "$output" == *" on $T/m type ext2 (rw,relatime) [umlabel-$$]"* ]]
	ul=$("$UL_MOUNT" -l -t ext2)
	echo "ours: $output"; echo "util-linux: $ul"
	[ "$output" = "$ul" ]
	run "$UMOUNT" -d "$T/m"
	[ "$status" -eq 0 ]
	[ -z "$(losetup -j "$T/img")" ]
}

@test "-L, LABEL=, -U and UUID= find the filesystem through libblkid" {
	DEV=$(losetup -f --show "$T/img")
	for src in "-L umlabel-$$" "LABEL=umlabel-$$" "-U $UUID" "UUID=$UUID"; do
		# shellcheck disable=SC2086
		run "$MOUNT" $src "$T/m"
		[ "$status" -eq 0 ] || { echo "$src: $output"; false; }
		grep -q " $T/m .* - ext2 $DEV " /proc/self/mountinfo
		"$UMOUNT" "$T/m"
	done
	echo "LABEL=umlabel-$$ $T/m ext2 ro 0 0" >/etc/fstab
	run "$MOUNT" "$T/m"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/m")" == ro,* ]]
}

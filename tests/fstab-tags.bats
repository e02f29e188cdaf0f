#!/usr/bin/env bats
# Every way to name a filesystem, on the command line and in fstab, in
# every pairing, with /etc/fstab and with -T/--fstab FILE: found (or not)
# as util-linux's mount finds it, in the same test. The filesystem is an
# ext2 image with a label and a UUID, in a GPT partition with a name and
# a UUID of its own, on a loop device.

load common

FSUUID=0d1e2f30-aaaa-bbbb-cccc-444455556666
PARTUUID=7a6b5c4d-1111-2222-3333-123456789abc

setup() {
	[ -e /dev/loop-control ] && command -v mkfs.ext2 >/dev/null &&
		command -v sfdisk >/dev/null ||
		skip "no loop devices, mkfs.ext2 or sfdisk here"
	common_setup
	export BLKID_FILE=$T/blkid.tab	# a cache that knows no older image
	LABEL=umtag-$$
	PARTLABEL=umpart-$$
	mkdir -p "$T/m"
	truncate -s 16M "$T/img"
	printf 'label: gpt\nstart=2048, size=20480, name="%s", uuid=%s\n' \
		"$PARTLABEL" "$PARTUUID" | sfdisk -q "$T/img"
	LOOP=$(losetup -f --show -P "$T/img")
	# without udev the partition's node may need asking for
	[ -b "${LOOP}p1" ] || partx -a "$LOOP" 2>/dev/null || true
	DEV=${LOOP}p1
	[ -b "$DEV" ] || skip "no partition devices on loop devices here"
	mkfs.ext2 -q -L "$LABEL" -U "$FSUUID" "$DEV"
	# a path that is not the device's own name: libmount canonicalizes
	ln -s "$DEV" "$T/devlink"
}

teardown() {
	common_teardown
	if [ -n "${LOOP:-}" ]; then
		partx -d "$LOOP" 2>/dev/null || true
		losetup -d "$LOOP" 2>/dev/null || true
	fi
}

# The forms that name the filesystem, in fstab and on the command line.
fstab_forms() {
	printf '%s\n' "$DEV" "$T/devlink" "LABEL=$LABEL" "UUID=$FSUUID" \
		"PARTLABEL=$PARTLABEL" "PARTUUID=$PARTUUID"
}

cli_forms() {
	fstab_forms
	printf '%s\n' "-L $LABEL" "-U $FSUUID" "--source LABEL=$LABEL" \
		"--source $DEV" "$T/m" "--target $T/m"
}

# Each command-line form against fstab line "$1 $T/m ext2 ro 0 0", with
# $2 ("" or "-T FILE") on the command line: util-linux's answer, and
# mounted read-only from the fstab line.
every_form_finds() {
	local form
	while read -r form; do
		# shellcheck disable=SC2086
		UL_RESET='umount "$T/m"' same_as_util_linux mount $2 $form
		[ "$status" -eq 0 ] || { echo "fstab $1, command line $form"; false; }
		[[ "$(mount_opts "$T/m")" == ro,* ]]
		umount "$T/m"
	done < <(cli_forms)
}

@test "/etc/fstab: every source form on the command line finds every source form of the fstab line, as util-linux" {
	local line
	while read -r line; do
		echo "$line $T/m ext2 ro 0 0" >/etc/fstab
		every_form_finds "$line" ""
	done < <(fstab_forms)
}

@test "-T FILE: every source form finds every form of FILE's line, as util-linux; /etc/fstab is not read" {
	local line
	echo "$DEV $T/m ext2 rw,noexec 0 0" >/etc/fstab
	while read -r line; do
		echo "$line $T/m ext2 ro 0 0" >"$T/alt"
		every_form_finds "$line" "-T $T/alt"
	done < <(fstab_forms)
	UL_RESET='umount "$T/m"' same_as_util_linux mount --fstab "$T/alt" \
		"UUID=$FSUUID"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/m")" == ro,* ]]
}

@test "-T DIR: the *.fstab files of a directory, as util-linux" {
	mkdir "$T/fstab.d"
	echo "LABEL=$LABEL $T/m ext2 ro 0 0" >"$T/fstab.d/10-data.fstab"
	echo "$DEV $T/other ext2 rw 0 0" >"$T/fstab.d/ignored"
	every_form_finds "LABEL=$LABEL" "-T $T/fstab.d"
}

@test "-a with tags in -T FILE: mounted once, then found mounted, as util-linux" {
	local line
	while read -r line; do
		echo "$line $T/m ext2 ro 0 0" >"$T/alt"
		UL_RESET='umount_under "$T/m"' same_as_util_linux mount \
			-T "$T/alt" -a -v
		[ "$status" -eq 0 ]
		[ "$output" = "$T/m: successfully mounted" ]
		same_as_util_linux mount -T "$T/alt" -a -v
		[ "$output" = "$T/m: already mounted" ]
		umount_under "$T/m"
	done < <(fstab_forms)
}

@test "not found: util-linux's words, naming the file -T gave" {
	echo "LABEL=other-$$ $T/x ext2 ro 0 0" >/etc/fstab
	cp /etc/fstab "$T/alt2"
	local fstab
	for fstab in "" "$T/alt2"; do
		UL_FSTAB=${fstab:-/etc/fstab}
		same_as_util_linux mount ${fstab:+-T "$fstab"} "UUID=$FSUUID"
		[ "$status" -eq 1 ]
		[ "$output" = "mount: UUID=$FSUUID: can't find in $UL_FSTAB." ]
		same_as_util_linux mount ${fstab:+-T "$fstab"} -L "$LABEL"
		[ "$output" = "mount: LABEL=\"$LABEL\": can't find mount source LABEL=\"$LABEL\" in $UL_FSTAB." ]
		same_as_util_linux mount ${fstab:+-T "$fstab"} --source "$DEV"
		[ "$output" = "mount: $DEV: can't find mount source $DEV in $UL_FSTAB." ]
		same_as_util_linux mount ${fstab:+-T "$fstab"} --target "$T/m"
		[ "$output" = "mount: $T/m: can't find mount point in $UL_FSTAB." ]
		same_as_util_linux mount ${fstab:+-T "$fstab"} "$T/devlink"
		[ "$output" = "mount: $T/devlink: can't find in $UL_FSTAB." ]
	done
	# more than one -T: all are named, as given
	UL_FSTAB="$T/alt2, $T/alt2" same_as_util_linux mount -T "$T/alt2" \
		-T "$T/alt2" "$T/m"
	[ "$output" = "mount: $T/m: can't find in $T/alt2, $T/alt2." ]
	! is_mounted "$T/m" || false
}

@test "-c with -T: no canonical names and no tags looked up, as util-linux" {
	echo "LABEL=$LABEL $T/m ext2 ro 0 0" >"$T/alt"
	UL_FSTAB=$T/alt same_as_util_linux mount -c -T "$T/alt" "$DEV"
	[ "$status" -eq 1 ]
	# the tag line matches the tag as text, but cannot be evaluated
	UL_FSTAB=$T/alt same_as_util_linux mount -c -T "$T/alt" "LABEL=$LABEL"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/m: can't find LABEL=$LABEL." ]
}

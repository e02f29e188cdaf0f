#!/usr/bin/env bats
# The setuid mode (a kernel without the series) and util-linux 2.38.1's
# newer mount options, given by an ordinary user: util-linux's setuid mount
# keeps its rights only for -h -l -L -U -V -v -r -i -s -t, --source and
# --target, and gives them up for any other option, so the kernel refuses
# the mount. The setuid copy ($SUID/mount) must answer the same, with
# util-linux's setuid /usr/bin/mount beside it in each test, and
# X-mount.mkdir must never make a directory as root for a user.

load common

setup() {
	setuid_setup
	need_ul_setuid "$UL_MOUNT"
	UL_AS="as_user alice"
	# alice's own directory below a root-only one
	mkdir -p "$T/alice"
	chown alice:alice "$T/alice"
}

teardown() {
	common_teardown
	rm -f /run/mount/utab
}

@test "setuid: -m, --target-prefix, --options-mode, --options-source, --options-source-force, -T, -a -F give up the rights: refused as by util-linux" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	cp /etc/fstab "$T/alt"
	mkdir -p "$T/alice/$T/m"	# where --target-prefix puts $T/m
	local args
	for args in "-m" "--mkdir=0700" "--target-prefix $T/alice" \
		"--options-mode ignore" "--options-source fstab" \
		"--options-source-force" "-T $T/alt" "-F"; do
		# shellcheck disable=SC2086
		same_as_util_linux suid-mount $args "$T/m"
		[ "$status" -eq 32 ]
		[[ "${lines[0]}" == "mount: "*"$T/m: must be superuser to use mount." ]]
	done
	echo "umtest $T/m tmpfs user 0 0" >/etc/fstab
	same_as_util_linux suid-mount -a -F
	[ "$status" -eq 32 ]
	[ -z "$output" ]
	same_as_util_linux suid-mount -a
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $T/m: must be superuser to use mount." ]
	[ -z "$(mounts_under "$T")" ]
	! grep -qs "$T/m" /run/mount/utab || false
}

@test "setuid: the allowed options keep the rights: a user entry mounts, as with util-linux" {
	echo "umtest $T/m tmpfs user,noauto 0 0" >/etc/fstab
	UL_RESET='umount "$T/m"' same_as_util_linux suid-mount -v -r "$T/m"
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$T/m")" = ro,nosuid,nodev,noexec,relatime ]
	UL_RESET='umount "$T/m"' same_as_util_linux suid-mount --target "$T/m"
	[ "$status" -eq 0 ]
}

@test "setuid: fstab's X-mount.mkdir for a user: never made as root; as the caller where they may, as util-linux" {
	# below a directory only root may change: nobody makes it
	echo "umtest $T/n tmpfs user,noauto,X-mount.mkdir 0 0" >/etc/fstab
	same_as_util_linux suid-mount "$T/n"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/n: operation permitted for root only." ]
	[ ! -e "$T/n" ]
	# below alice's directory: made by alice (util-linux gives its rights
	# up and tries again as her), then the kernel refuses the mount
	echo "umtest $T/alice/n tmpfs user,noauto,X-mount.mkdir=0700 0 0" \
		>/etc/fstab
	UL_RESET='stat -c "%U %a" "$T/alice/n" >"$T/made"; rm -rf "$T/alice/n"' \
		same_as_util_linux suid-mount "$T/alice/n"
	[ "$status" -eq 32 ]
	[ "${lines[0]}" = "mount: $T/alice/n: must be superuser to use mount." ]
	[ "$(cat "$T/made")" = "alice 700" ]
	[ "$(stat -c "%U %a" "$T/alice/n")" = "alice 700" ]
	[ -z "$(mounts_under "$T")" ]
	! grep -qs "$T/alice/n" /run/mount/utab || false
}

@test "setuid: -m as a user: the mountpoint is made as the caller, the mount refused, as util-linux" {
	echo "umtest $T/alice/n tmpfs user,noauto 0 0" >/etc/fstab
	UL_RESET='stat -c "%U %a" "$T/alice/n" >"$T/made"; rm -rf "$T/alice/n"' \
		same_as_util_linux suid-mount -m "$T/alice/n"
	[ "$status" -eq 32 ]
	[ "$(cat "$T/made")" = "alice 755" ]
	[ "$(stat -c "%U %a" "$T/alice/n")" = "alice 755" ]
	# where the caller may not make it, nothing is made
	same_as_util_linux suid-mount -m "$T/n"
	[ "$status" -ne 0 ]
	[ ! -e "$T/n" ]
	[ -z "$(mounts_under "$T")" ]
}

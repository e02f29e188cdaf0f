#!/usr/bin/env bats
# The system test bed comes up as a Debian system does: systemd as PID 1
# with its units, / shared, sshd, a PAM and logind session for a user
# logging in, and Debian's own setuid fusermount3 (before usermount's
# package is installed).
#
# Runs on this machine, as root; every command goes to the system
# through tests/system/run. The system is booted once for the file
# (setup_file), or the one already started (tests/system/run --start,
# make check-system) is used and left running.

sys() { "$BATS_TEST_DIRNAME/run" "$@"; }

# dpkg -S of a program by the path its package ships: /usr/bin on
# Debian 13, /bin on Debian 12 (/bin a symbolic link to usr/bin both)
dpkg_owner() {
	sys sh -c "dpkg -S /usr/bin/$1 2>/dev/null || dpkg -S /bin/$1"
}

# usermount's package installed (an image made with it in
# USERMOUNT_SYSTEM_DEBS): the tests of Debian's own mount and
# fusermount3 then skip, usermount.bats has what replaces them
skip_if_usermount() {
	if sys sh -c "dpkg-query -W -f='\${Status}' usermount 2>/dev/null" |
		grep -q ' installed$'; then
		skip "usermount's package is installed (usermount.bats)"
	fi
}

setup_file() {
	export SYS_STARTED_HERE=
	if ! "$BATS_TEST_DIRNAME/run" --status; then
		"$BATS_TEST_DIRNAME/run" --start >&3 2>&1
		SYS_STARTED_HERE=1
	fi
}

teardown_file() {
	[ -z "$SYS_STARTED_HERE" ] || "$BATS_TEST_DIRNAME/run" --stop
}

@test "systemd is PID 1" {
	run sys cat /proc/1/comm
	[ "$status" = 0 ]
	[ "$output" = systemd ]
	run sys readlink /proc/1/exe
	[ "$status" = 0 ]
	[ "$output" = /usr/lib/systemd/systemd ]
}

@test "the system is running (or degraded: the failed units are named)" {
	run sys systemctl is-system-running --wait
	echo "is-system-running: $output"
	if [ "$output" = degraded ]; then
		run sys systemctl --failed --no-legend --plain
		echo "# degraded; failed units:" >&3
		printf '#   %s\n' "${lines[@]}" >&3
		[ "${#lines[@]}" -gt 0 ]
		return 0
	fi
	[ "$output" = running ]
	[ "$status" = 0 ]
}

@test "the booted kernel is the image's own, Debian's" {
	# the image the system booted, whatever the tree's script now keys
	kver=$(cat "$("$BATS_TEST_DIRNAME/run" --image)/kernel-version")
	[ -n "$kver" ]
	run sys sh -c 'uname -r; cat /proc/cmdline; dpkg -S "/boot/vmlinuz-$(uname -r)"'
	[ "$status" = 0 ]
	[ "${lines[0]}" = "$kver" ]
	[[ ${lines[1]} = *root=/dev/vda* ]]
	[ "${lines[2]}" = "linux-image-$kver: /boot/vmlinuz-$kver" ]
}

@test "/ is shared, as systemd makes it, and read-write (booted ro, remounted from fstab)" {
	run sys findmnt -no PROPAGATION /
	[ "$status" = 0 ]
	[ "$output" = shared ]
	run sys findmnt -no OPTIONS /
	[ "$status" = 0 ]
	[[ $output = rw,* ]]
	run sys systemctl is-active systemd-remount-fs.service
	[ "$output" = active ]
}

@test "alice logs in over ssh with a logind session of hers" {
	# asked from inside her login: the session lives as long as it
	run sys --user alice sh -c 'id -un; echo "$XDG_SESSION_ID"
		loginctl show-session "$XDG_SESSION_ID" -p Name -p Remote -p Class -p Service -p State
		systemctl --user is-system-running --wait'
	echo "$output"
	[ "$status" = 0 ]
	[ "${lines[0]}" = alice ]
	[ -n "${lines[1]}" ]
	[[ $output = *Name=alice* ]]
	[[ $output = *Remote=yes* ]]
	[[ $output = *Class=user* ]]
	[[ $output = *Service=sshd* ]]
	[[ $output = *State=active* ]]
	# her user manager (user@2001.service) runs
	[ "${lines[-1]}" = running ]
	# her home is hers
	run sys stat -c '%U %a' /home/alice
	[ "$status" = 0 ]
	[ "$output" = "alice 700" ]
}

@test "fusermount3 is Debian's, setuid root, not diverted (no usermount package)" {
	skip_if_usermount
	run sys stat -c '%a %U' /usr/bin/fusermount3
	[ "$status" = 0 ]
	[ "$output" = "4755 root" ]
	run dpkg_owner fusermount3
	[ "$status" = 0 ]
	[[ $output = "fuse3: "*/bin/fusermount3 ]]
	run sys dpkg-divert --list '*fusermount*'
	[ "$status" = 0 ]
	[ -z "$output" ]
	run sys dpkg-query -W -f='${Status}' usermount
	[ "$status" != 0 ] || [[ $output != *installed* ]]
}

@test "util-linux's mount is the system's: alice may not mount" {
	skip_if_usermount
	run dpkg_owner mount
	[ "$status" = 0 ]
	[[ $output = "mount: "*/bin/mount ]]
	run sys --user alice sh -c 'mkdir -p ~/m && mount --bind ~ ~/m'
	echo "$output"
	[ "$status" != 0 ]
	[[ $output = *"must be superuser"* ]] || [[ $output = *"not permitted"* ]] ||
		[[ $output = *"permission denied"* ]]
}

#!/usr/bin/env bats
# usermount installed as an admin installs it (its Debian package, with
# apt) on the series' kernel, and set up as usermount(7)'s "ENABLING
# USER MOUNTS" says: fstab gives alice and bob their homes, systemd
# mounts them at boot through /usr/bin/mount (usermount's, after the
# package's diversion). What a user sees: her home hers, her own binds
# below it, a bind elsewhere refused, her binds gone at logout where she
# enabled usermount-logout.service and kept where she did not.
#
# Needs the image made with usermount's package and the series' kernel
# (tests/system/README); every test skips, saying which is missing,
# otherwise. Runs on this machine, as root; every command goes to the
# system through tests/system/run. The system is booted once for the
# file, or the one already started is used and left running.

load with-usermount

# wait_logged_out UID: her user manager stopped (the last session closed;
# logind stops it after UserStopDelaySec, 10 s by default), up to 90 s
# (inactive, not deactivating: its units' ExecStop, the logout unit's
# umount, run while it stops)
wait_logged_out() {
	sys sh -c "i=0; until case \$(systemctl show -P ActiveState user@$1.service) in
		inactive|failed) true ;; *) false ;; esac; do
		i=\$((i + 1)); [ \$i -le 90 ] || exit 1; sleep 1; done"
}

# /home/alice is mounted, alice's (the kernel's user=2001), and its
# unit from fstab active
home_is_hers() {
	run mountinfo_at /home/alice
	echo "$output"
	[ "$status" = 0 ]
	[[ $output = *,user=2001[\ ,]* ]]
	run sys systemctl is-active home-alice.mount
	[ "$output" = active ]
}

@test "at boot systemd mounted /home/alice from fstab, hers, with usermount's mount" {
	run sys grep -E '^/home/alice[[:space:]]+/home/alice[[:space:]]+none[[:space:]]+bind,setuser=alice,nofail[[:space:]]' /etc/fstab
	[ "$status" = 0 ]
	home_is_hers
	run sys /usr/bin/mount -V
	echo "$output"
	[ "$status" = 0 ]
	[[ $output = "mount from usermount "* ]]
	# util-linux's, put aside by the package, is not setuid
	run sys stat -c '%a' /usr/bin/mount.util-linux
	[ "$output" = 755 ]
	# mount -a finds fstab's mounts in place: nothing to do, nothing said
	run sys mount -a
	echo "$output"
	[ "$status" = 0 ]
	[ -z "$output" ]
	run mountinfo_at /home/alice
	[[ $output = *,user=2001[\ ,]* ]]
	run sys sh -c 'awk '\''$5 == "/home/alice"'\'' /proc/self/mountinfo | wc -l'
	[ "$output" = 1 ]
}

@test "alice binds in her home, the bind is hers, she lists and unmounts it" {
	run sys --user alice sh -c 'mkdir -p ~/a ~/b && mount --bind ~/a ~/b'
	echo "$output"
	[ "$status" = 0 ]
	run mountinfo_at /home/alice/b
	echo "$output"
	[ "$status" = 0 ]
	[[ $output = *,user=2001[\ ,]* ]]
	[[ $output = *[\ ,]nosuid[\ ,]* ]]
	[[ $output = *[\ ,]nodev[\ ,]* ]]
	run sys --user alice mount --owned
	echo "$output"
	[ "$status" = 0 ]
	[[ $output = *" on /home/alice/b "* ]]
	run sys --user alice umount /home/alice/b
	echo "$output"
	[ "$status" = 0 ]
	run mountinfo_at /home/alice/b
	[ "$status" = 1 ]
	# her home stays
	run mountinfo_at /home/alice
	[[ $output = *,user=2001[\ ,]* ]]
}

@test "alice's bind outside her home is refused with exit 32" {
	run sys --user alice sh -c 'mkdir -p ~/a && mkdir -p /tmp/x-alice && mount --bind ~/a /tmp/x-alice'
	echo "$output"
	[ "$status" = 32 ]
	# the mount /tmp is on: a tmpfs of root's on trixie, / on bookworm
	local holder
	holder=$(sys findmnt -no TARGET -T /tmp)
	[ "$output" = "mount: /tmp/x-alice: not under a mount you own ($holder has no owner)." ]
	run mountinfo_at /tmp/x-alice
	[ "$status" = 1 ]
	sys rmdir /tmp/x-alice
}

# bind_and_log_out NAME UID: NAME binds ~/c on ~/d in an ssh login of
# her own, which then ends; back when her user manager has stopped
bind_and_log_out() {
	run sys --user "$1" sh -c 'mkdir -p ~/c ~/d && mount --bind ~/c ~/d'
	echo "$output"
	[ "$status" = 0 ]
	run mountinfo_at "/home/$1/d"
	[ "$status" = 0 ]
	run wait_logged_out "$2"
	[ "$status" = 0 ]
}

@test "with usermount-logout.service enabled, alice's bind goes at logout, her home stays" {
	run sys --user alice sh -c 'systemctl --user enable --now usermount-logout.service &&
		systemctl --user is-active usermount-logout.service'
	echo "$output"
	[ "$status" = 0 ]
	[ "${lines[-1]}" = active ]
	# her manager stops with her last session, and the unit with it
	bind_and_log_out alice 2001
	run mountinfo_at /home/alice/d
	echo "$output"
	[ "$status" = 1 ]
	home_is_hers
	# as she found it: not enabled
	sys rm -f /home/alice/.config/systemd/user/default.target.wants/usermount-logout.service
}

@test "without the unit (bob), his bind stays after logout" {
	run sys test -e /home/bob/.config/systemd/user/default.target.wants/usermount-logout.service
	[ "$status" != 0 ]
	bind_and_log_out bob 2002
	run mountinfo_at /home/bob/d
	echo "$output"
	[ "$status" = 0 ]
	[[ $output = *,user=2002[\ ,]* ]]
	sys umount /home/bob/d
}

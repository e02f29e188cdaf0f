#!/usr/bin/env bats
# Root's daily work beside users' mounts, in the real system (issue 28):
# shadow-utils renaming /etc/shadow, chown -R of a home, deluser
# --remove-home of a user who has binds, dpkg replacing a file a user
# bound, and services that set up mount namespaces of their own
# (ProtectHome=, PrivateTmp=, ProtectSystem=). Each must work as on a
# system without user mounts, and never reach through a user's bind into
# root's files.
#
# Needs the image with usermount's package and the series' kernel
# (tests/system/README); skips otherwise. The system is booted once for
# the file, or the one already started is used and left running.

load with-usermount

# mounts_below PATH: the mount points at and below PATH, one a line
mounts_below() {
	sys findmnt -rn -o TARGET -R "$1"
}

# alice's binds in her home: ~/b of ~/a (hers), ~/etcview of /etc
# (root's: read-only, the kernel's rule for a bind of what she does not own)
alice_binds() {
	run sys --user alice sh -c 'mkdir -p ~/a ~/b ~/etcview && echo hers >~/a/f &&
		mount --bind ~/a ~/b && mount --bind /etc ~/etcview'
	echo "$output"
	[ "$status" = 0 ]
	run sys findmnt -rn -o OPTIONS /home/alice/etcview
	[[ ,$output, = *,ro,* ]]
}

alice_unbinds() {
	sys --user alice umount /home/alice/b /home/alice/etcview
}

@test "root's chown -R of alice's home stops at her read-only bind of /etc: root's files stay root's" {
	alice_binds
	run sys chown -R alice: /home/alice
	echo "$output"
	# chown says so for each file below the bind, and fails
	[ "$status" = 1 ]
	[[ $output = *"changing ownership of '/home/alice/etcview/passwd': Read-only file system"* ]]
	run sys stat -c '%U:%G %n' /etc /etc/passwd /etc/shadow /home/alice/a/f
	echo "$output"
	[ "${lines[0]}" = "root:root /etc" ]
	[ "${lines[1]}" = "root:root /etc/passwd" ]
	[ "${lines[2]}" = "root:shadow /etc/shadow" ]
	[ "${lines[3]}" = "alice:alice /home/alice/a/f" ]
	alice_unbinds
}

@test "passwd -l and usermod -L rename /etc/shadow while users have mounts and a sandbox holds /etc" {
	alice_binds
	# a sandbox of hers started earlier, with /etc bound in it, running on
	sys --user alice sh -c 'bwrap --ro-bind / / --bind ~ ~ --dev /dev sleep 60 \
		</dev/null >/dev/null 2>&1 &'
	run sys sh -c 'passwd -l alice && usermod -L bob &&
		passwd -S alice | cut -d" " -f2 && passwd -S bob | cut -d" " -f2'
	echo "$output"
	[ "$status" = 0 ]
	[ "${lines[-2]}" = L ]
	[ "${lines[-1]}" = L ]
	# back as they were (no password: -d, as adduser --disabled-password left them is "*")
	run sys sh -c 'usermod -p "*" alice && usermod -p "*" bob'
	[ "$status" = 0 ]
	sys pkill -u alice -x bwrap || true
	alice_unbinds
}

@test "services with ProtectHome=read-only, PrivateTmp=, ProtectSystem=strict start beside her mounts and leave them as they were" {
	alice_binds
	run sys systemd-run --wait -q -P -G -p ProtectHome=read-only \
		-p PrivateTmp=yes -p ProtectSystem=strict \
		sh -c 'cat /home/alice/b/f; touch /home/alice/b/g'
	echo "$output"
	# the service reads her file and may not write: read-only for it
	[ "$status" = 1 ]
	[ "${lines[0]}" = hers ]
	[[ ${lines[1]} = *"Read-only file system" ]]
	run sys systemd-run --wait -q -P -G -p ProtectHome=tmpfs \
		-p BindReadOnlyPaths=/home/alice cat /home/alice/b/f
	[ "$status" = 0 ]
	[ "$output" = hers ]
	# her mounts as before, still hers and writable for her
	run sys findmnt -rn -o TARGET,OPTIONS -R /home/alice
	echo "$output"
	[[ $output = *"/home/alice/b rw,nosuid,nodev,"*"user=2001"* ]]
	run sys --user alice touch /home/alice/b/g
	[ "$status" = 0 ]
	alice_unbinds
}

@test "apt-get install --reinstall replaces a file alice has bound; her bind keeps the old one" {
	run sys --user alice sh -c 'touch ~/copyright &&
		mount --bind /usr/share/doc/sshfs/copyright ~/copyright'
	echo "$output"
	[ "$status" = 0 ]
	run sys sh -c 'apt-get install -q -y --no-download --reinstall sshfs >/dev/null 2>&1; echo $?'
	[ "$output" = 0 ]
	run sys findmnt -rn -o TARGET /home/alice/copyright
	[ "$output" = /home/alice/copyright ]
	sys --user alice umount /home/alice/copyright
}

@test "deluser --remove-home of a user with binds: his home and mounts go, nothing of root's is touched" {
	run sys sh -c 'adduser --disabled-password --comment "" --quiet carol &&
		mount --bind --setuser=carol /home/carol /home/carol &&
		runuser -u carol -- sh -c "mkdir ~/a ~/b ~/etcview && echo x >~/a/f &&
			mount --bind ~/a ~/b && mount --bind /etc ~/etcview"'
	echo "$output"
	[ "$status" = 0 ]
	run mounts_below /home/carol
	[ "${#lines[@]}" = 3 ]
	run sys sh -c 'ls /etc | wc -l; cat /proc/sys/fs/nr_user_mounts'
	local etc_before=${lines[0]} nr_before=${lines[1]}
	run sys deluser --remove-home carol
	echo "$output"
	[ "$status" = 0 ]
	# his home and his three mounts are gone, and their count with them
	run sys test -e /home/carol
	[ "$status" = 1 ]
	run mounts_below /home/carol
	[ -z "$output" ]
	run sys cat /proc/sys/fs/nr_user_mounts
	[ "$output" = $((nr_before - 3)) ]
	run sys sh -c 'ls /etc | wc -l'
	[ "$output" = "$etc_before" ]
	run sys stat -c '%U %n' /etc/passwd
	[ "$output" = "root /etc/passwd" ]
	run sys id carol
	[ "$status" = 1 ]
}

# Helpers of the suites that run Debian's FUSE programs as alice
# (fuseprogs.bats, fusermount.bats): loaded after ../common.

load series

# a failed check: say why (the lines in "$@"), return 1
no() {
	printf '%s\n' "$@"
	return 1
}

# the programs are installed and alice may open /dev/fuse (as
# tests/vm/init makes it in the guest)
fuse_programs_ready() {
	local p
	for p in sshfs squashfuse mksquashfs fuse2fs mke2fs bindfs \
		archivemount /usr/lib/openssh/sftp-server; do
		command -v "$p" >/dev/null ||
			no "$p is missing: run scripts/setup-debian"
	done
	as_user alice test -r /dev/fuse -a -w /dev/fuse ||
		no "alice cannot open /dev/fuse: run in the guest (tests/vm/run)"
}

# $T/sftp-ssh, sshfs's "ssh": the SFTP server on the other end of its
# pipe, no network; its messages go to a file in $T/log, not to the
# test's output pipe, which it would hold open
sftp_ssh() {
	printf '#!/bin/sh\nexec /usr/lib/openssh/sftp-server 2>>%s\n' \
		"$T/log/sftp-server" >"$T/sftp-ssh"
	chmod 0755 "$T/sftp-ssh"
}

# the rest of both setups: an empty /etc/fuse.conf (no
# user_allow_other unless a test says so), sshfs's "ssh", and with the
# series $H given to alice
fuse_world() {
	: >"$T/fuse.conf"
	mount --bind "$T/fuse.conf" /etc/fuse.conf
	sftp_ssh
	if series; then
		"$MOUNT" --bind --setuser=alice "$H" "$H"
		[[ "$(mount_opts "$H")" == *,user=2001 ]]
	fi
}

# alice's FUSE daemons end when their mount is gone; fuse2fs and
# archivemount write their image back before they do.  Wait for them.
alice_gone() {
	local i
	for i in $(seq 300); do
		pgrep -u 2001 >/dev/null || return 0
		sleep 0.1
	done
	echo "alice's processes still running: $(pgrep -a -u 2001)"
	return 1
}

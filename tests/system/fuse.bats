#!/usr/bin/env bats
# alice's FUSE programs in the real system (issue 28; issue 27's
# real-system half): Debian's sshfs (to the system's own sshd, with a
# key of hers), squashfuse, bindfs, fuse2fs, archivemount (libfuse 2),
# gocryptfs and rclone (whose Go libraries always run fusermount3), run
# by alice in an ssh login of hers below her home, which fstab gave her. Each is listed as hers (the
# kernel's user=2001), used, and unmounted; "unmount everything I own"
# (umount -a --owned --keep-fstab) takes every FUSE mount and bind of
# hers and leaves her home; a bubblewrap sandbox of hers started before
# she mounts sees her mounts; sshfs runs as a user service with
# NoNewPrivileges=yes (no setuid program can help it there); sshfs with
# auto_unmount, killed, leaves no mount; at user.max_user_mounts, at
# fs.max_user_mounts and inside a nomnt mount squashfuse, sshfs and gocryptfs are all refused
# with fusermount3's reason, nothing mounted (no setuid fallback); the
# only setuid mount or FUSE helper in the system is usermount's
# fusermount3 (issue 27's "no setuid leftovers").
#
# Needs the image with usermount's package (tests/system/README); skips
# otherwise. With the series' kernel, as above. On Debian's own kernel
# (an image without USERMOUNT_SYSTEM_KERNEL_DEBS) the same programs work
# as with Debian's setuid fusermount3, which usermount's runs there: each
# mounted for her (user_id=2001, no owner), used and unmounted, `umount`
# of her own FUSE mount included (through fusermount3, as util-linux's
# setuid umount lets her, compared in the same test); what needs the
# series is skipped, and NoNewPrivileges refuses sshfs as on Debian. The
# system is booted once for the file, or the one already started is used
# and left running. Every test leaves no mount of alice's but her home
# (none on Debian's kernel, where fstab's setuser= line fails).

SYS_PLAIN_TOO=1
load with-usermount

# as_alice SCRIPT: SCRIPT run by sh in an ssh login of alice's
as_alice() {
	sys --user alice sh -c "$1"
}

# hers_fuse PATH TYPE: PATH is a FUSE mount of TYPE, alice's, nosuid and
# nodev: the kernel's owner with the series, else made for her by
# Debian's fusermount3 (her user_id, no owner)
hers_fuse() {
	run mountinfo_at "$1"
	echo "$output"
	[ "$status" = 0 ]
	if [ -z "$SYS_PLAIN" ]; then
		[[ $output = *,user=2001[\ ,]* ]]
	else
		[[ $output != *,user=* ]]
		[[ $output, = *,user_id=2001,group_id=2001,* ]]
	fi
	[[ $output = *[\ ,]nosuid[\ ,]* ]]
	[[ $output = *[\ ,]nodev[\ ,]* ]]
	[[ $output = *" - $2 "* ]]
}

# only_home_left: alice has no mount but her home (fstab's; on Debian's
# kernel, where fstab's setuser= line fails, none)
only_home_left() {
	run sys findmnt -rn -o TARGET -R /home/alice
	echo "$output"
	if [ -z "$SYS_PLAIN" ]; then
		[ "$output" = /home/alice ]
	else
		[ -z "$output" ]
	fi
}

setup() {
	[ -z "$SYS_MISSING" ] || skip "$SYS_MISSING"
}

teardown() {
	[ -z "$SYS_MISSING" ] || return 0
	# whatever a failed test left: a limit lowered, her mounts but her
	# home, her daemons
	[ -z "${LIMIT_WAS:-}" ] || sys sh -c "echo ${LIMIT_WAS#* } >/proc/sys/${LIMIT_WAS%% *}"
	if [ -n "$SYS_PLAIN" ]; then
		sys chmod u-s /usr/bin/umount.util-linux
		# her FUSE mounts are root's there: root takes what is left
		sys sh -c "awk '/[ ,]user_id=2001,/ { print \$5 }' /proc/self/mountinfo |
			xargs -r -n 1 umount -l"
	fi
	as_alice 'umount -a --owned --keep-fstab' >/dev/null 2>&1 || true
	# (one name at a time: pkill matches nothing with a pattern longer
	# than a process name's 15 characters)
	sys sh -c 'for p in sshfs squashfuse bindfs fuse2fs gocryptfs archivemount \
		rclone bwrap; do pkill -u alice -x "$p"; done; true'
}

# sshfs_ready: root serves /srv/share over ssh; alice has a key of hers,
# made in the system, that her own authorized_keys takes (once per boot)
sshfs_ready() {
	sys sh -c 'mkdir -p /srv/share && echo shared >/srv/share/file'
	as_alice '[ -e ~/.ssh/id_fuse ] || { mkdir -p ~/.ssh &&
		ssh-keygen -q -t ed25519 -N "" -f ~/.ssh/id_fuse &&
		cat ~/.ssh/id_fuse.pub >>~/.ssh/authorized_keys; }'
}

# ssh expands the ~ in these itself
SSHFS_OPTS='-o IdentityFile=~/.ssh/id_fuse -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=~/.ssh/known_hosts_fuse'

# sshfs_remote [OPTION...]: alice mounts /srv/share on ~/remote with
# sshfs, and it is hers
sshfs_remote() {
	sshfs_ready
	run as_alice "mkdir -p ~/remote && sshfs $* $SSHFS_OPTS alice@localhost:/srv/share ~/remote"
	echo "$output"
	[ "$status" = 0 ]
	hers_fuse /home/alice/remote fuse.sshfs
}

@test "sshfs to the system's own sshd: hers, read, unmounted with fusermount3 -u" {
	sshfs_remote
	run as_alice 'cat ~/remote/file'
	[ "$output" = shared ]
	if [ -z "$SYS_PLAIN" ]; then
		# listed with her mounts
		run as_alice 'mount --owned'
		echo "$output"
		[[ $output = *" on /home/alice/remote type fuse.sshfs "* ]]
	fi
	run as_alice 'fusermount3 -u ~/remote'
	echo "$output"
	[ "$status" = 0 ]
	only_home_left
}

@test "squashfuse of an image she made: hers, read, unmounted with umount" {
	run as_alice "$SQ_IMAGE && mkdir -p ~/sq && squashfuse ~/sq.img ~/sq"
	echo "$output"
	[ "$status" = 0 ]
	hers_fuse /home/alice/sq fuse.squashfuse
	run as_alice 'cat ~/sq/f'
	[ "$output" = packed ]
	run as_alice 'umount ~/sq'
	echo "$output"
	[ "$status" = 0 ]
	only_home_left
}

@test "bindfs of her own directory: hers, written through, unmounted with umount" {
	run as_alice 'mkdir -p ~/bsrc ~/bfs && bindfs --no-allow-other ~/bsrc ~/bfs && echo through >~/bfs/g'
	echo "$output"
	[ "$status" = 0 ]
	hers_fuse /home/alice/bfs fuse
	run as_alice 'cat ~/bsrc/g'
	[ "$output" = through ]
	run as_alice 'umount ~/bfs'
	[ "$status" = 0 ]
	only_home_left
}

@test "fuse2fs of an ext4 image she made: hers, written, unmounted, the image clean" {
	run as_alice 'mkdir -p ~/e2 && rm -f ~/e2.img &&
		PATH=$PATH:/usr/sbin; mke2fs -q -F -t ext4 -E root_owner=2001:2001 ~/e2.img 8M && fuse2fs ~/e2.img ~/e2 &&
		echo inside >~/e2/h'
	echo "$output"
	[ "$status" = 0 ]
	hers_fuse /home/alice/e2 fuse.ext4
	run as_alice 'fusermount3 -u ~/e2'
	[ "$status" = 0 ]
	only_home_left
	# the daemon wrote the filesystem back: fsck finds it clean with her file
	run as_alice 'PATH=$PATH:/usr/sbin; sleep 1; e2fsck -fn ~/e2.img >/dev/null 2>&1 &&
		debugfs -R "cat /h" ~/e2.img 2>/dev/null'
	echo "$output"
	[ "$status" = 0 ]
	[ "$output" = inside ]
}

@test "gocryptfs (go-fuse runs fusermount3): hers, her file encrypted below, unmounted" {
	run as_alice 'rm -rf ~/cipher ~/plain && mkdir -p ~/cipher ~/plain &&
		gocryptfs -q -init -extpass "echo pw" -scryptn 10 ~/cipher &&
		gocryptfs -q -extpass "echo pw" ~/cipher ~/plain && echo secret >~/plain/s'
	echo "$output"
	[ "$status" = 0 ]
	hers_fuse /home/alice/plain fuse.gocryptfs
	run as_alice 'cat ~/plain/s; grep -rl secret ~/cipher; true'
	echo "$output"
	[ "$output" = secret ]
	run as_alice 'fusermount3 -u ~/plain'
	[ "$status" = 0 ]
	only_home_left
}

@test "archivemount (libfuse 2) of a tar she made: hers, read, unmounted with fusermount -u" {
	run as_alice 'mkdir -p ~/tsrc ~/ar && echo archived >~/tsrc/f &&
		tar -C ~/tsrc -cf ~/a.tar f && archivemount ~/a.tar ~/ar'
	echo "$output"
	[ "$status" = 0 ]
	hers_fuse /home/alice/ar fuse.archivemount
	run as_alice 'cat ~/ar/f'
	[ "$output" = archived ]
	run as_alice 'fusermount -u ~/ar'
	echo "$output"
	[ "$status" = 0 ]
	only_home_left
}

@test "rclone mount of a local directory (bazil's fuse runs fusermount3): hers, read, unmounted" {
	run as_alice 'mkdir -p ~/rsrc ~/rc && echo cloned >~/rsrc/f &&
		RCLONE_CONFIG=/nonexistent timeout 120 rclone mount -q --daemon ~/rsrc ~/rc &&
		i=0; until grep -q " /home/alice/rc " /proc/self/mountinfo; do
			i=$((i + 1)); [ $i -le 60 ] || exit 1; sleep 0.5; done'
	echo "$output"
	[ "$status" = 0 ]
	hers_fuse /home/alice/rc fuse.rclone
	run as_alice 'cat ~/rc/f'
	[ "$output" = cloned ]
	run as_alice 'fusermount3 -u ~/rc'
	echo "$output"
	[ "$status" = 0 ]
	only_home_left
}

@test "umount -a --owned --keep-fstab takes her FUSE mounts and binds, last first, and leaves her home" {
	series_only "no mount is owned"
	sshfs_ready
	run as_alice "mkdir -p ~/remote ~/bsrc ~/bfs ~/a ~/b &&
		sshfs $SSHFS_OPTS alice@localhost:/srv/share ~/remote &&
		bindfs --no-allow-other ~/bsrc ~/bfs && mount --bind ~/a ~/b && mount --bind ~/a ~/b/ &&
		mount --owned | wc -l"
	echo "$output"
	[ "$status" = 0 ]
	# her home, sshfs, bindfs and two binds stacked on ~/b
	[ "${lines[-1]}" = 5 ]
	run as_alice 'umount -a --owned --keep-fstab'
	echo "$output"
	[ "$status" = 0 ]
	only_home_left
	run sys systemctl is-active home-alice.mount
	[ "$output" = active ]
	# the daemons end with their mounts (their next read of /dev/fuse
	# fails), a moment later
	run sys sh -c 'i=0; while pgrep -a -u alice -x "sshfs|bindfs"; do
		i=$((i + 1)); [ $i -le 20 ] || exit 1; sleep 0.5; done'
	echo "$output"
	[ "$status" = 0 ]
}

@test "a bubblewrap sandbox of hers, started before she mounts, sees her new mounts" {
	series_only "alice's bind is refused"
	# the sandbox waits for ~/go, then reads through her later mounts
	as_alice 'mkdir -p ~/a ~/b ~/bsrc ~/bfs && echo hers >~/a/f && echo fused >~/bsrc/f &&
		rm -f ~/go ~/seen &&
		bwrap --ro-bind / / --bind ~ ~ --dev /dev sh -c "
			while [ ! -e ~/go ]; do sleep 0.2; done
			cat ~/b/f ~/bfs/f >~/seen.tmp 2>&1; mv ~/seen.tmp ~/seen" \
			</dev/null >/dev/null 2>&1 &'
	run as_alice 'mount --bind ~/a ~/b && bindfs --no-allow-other ~/bsrc ~/bfs && touch ~/go &&
		i=0; until [ -e ~/seen ]; do i=$((i + 1)); [ $i -le 100 ] || exit 1; sleep 0.2; done;
		cat ~/seen'
	echo "$output"
	[ "$status" = 0 ]
	[ "${lines[0]}" = hers ]
	[ "${lines[1]}" = fused ]
	run as_alice 'umount ~/b ~/bfs'
	[ "$status" = 0 ]
	only_home_left
}

@test "sshfs as her user service with NoNewPrivileges=yes mounts and unmounts on the series" {
	series_only "no setuid helper runs under NoNewPrivileges (below)"
	sshfs_ready
	run as_alice "mkdir -p ~/remote && systemd-run --user -q --unit=fuse-nnp \
		-p NoNewPrivileges=yes sshfs -f $SSHFS_OPTS alice@localhost:/srv/share ~/remote &&
		i=0; until grep -q ' /home/alice/remote ' /proc/self/mountinfo; do
			i=\$((i + 1)); [ \$i -le 60 ] || exit 1; sleep 0.5; done"
	echo "$output"
	[ "$status" = 0 ]
	hers_fuse /home/alice/remote fuse.sshfs
	run as_alice 'cat ~/remote/file'
	[ "$output" = shared ]
	# stopped, sshfs unmounts as it ends (libfuse runs fusermount3 -u, in
	# the service, still without privilege)
	run as_alice 'systemctl --user stop fuse-nnp; systemctl --user reset-failed fuse-nnp 2>/dev/null; true'
	only_home_left
}

@test "without the series, sshfs with NoNewPrivileges is refused as with Debian's fusermount3, nothing mounted" {
	[ -n "$SYS_PLAIN" ] || skip "with the series it mounts (above)"
	sshfs_ready
	# the setuid bit means nothing there: ours runs Debian's as alice,
	# which the kernel refuses, in Debian's words
	run as_alice "mkdir -p ~/remote && setpriv --no-new-privs sshfs $SSHFS_OPTS alice@localhost:/srv/share ~/remote"
	echo "$output"
	[ "$status" != 0 ]
	[[ $output = *"fusermount3: mount failed: Operation not permitted"* ]]
	only_home_left
}

@test "without the series, umount of her own FUSE mount works as util-linux's setuid umount; bob's is refused in its words" {
	[ -n "$SYS_PLAIN" ] || skip "with the series the kernel decides (above)"
	local ours theirs
	run as_alice "$SQ_IMAGE && mkdir -p /tmp/alice-sq && squashfuse ~/sq.img /tmp/alice-sq"
	[ "$status" = 0 ]
	hers_fuse /tmp/alice-sq fuse.squashfuse
	# bob: ours, then util-linux's setuid root as Debian installs it
	# (in this boot only; teardown takes the bit away again)
	ours=$(sys --user bob sh -c 'umount /tmp/alice-sq 2>&1; echo "status $?"')
	sys chmod u+s /usr/bin/umount.util-linux
	theirs=$(sys --user bob sh -c 'umount.util-linux /tmp/alice-sq 2>&1; echo "status $?"')
	echo "ours: $ours"
	echo "util-linux's: $theirs"
	[ "$ours" = "${theirs//umount.util-linux:/umount:}" ]
	[ "$ours" = "umount: /tmp/alice-sq: must be superuser to unmount.
status 32" ]
	hers_fuse /tmp/alice-sq fuse.squashfuse
	# alice: ours unmounts it, quietly, as util-linux's does
	for prog in umount umount.util-linux; do
		run as_alice "mountpoint -q /tmp/alice-sq || squashfuse ~/sq.img /tmp/alice-sq
			$prog /tmp/alice-sq"
		echo "$prog: $output"
		[ "$status" = 0 ]
		[ -z "$output" ]
		run mountinfo_at /tmp/alice-sq
		[ "$status" = 1 ]
	done
	# -v: util-linux's line (fusermount3 itself says nothing)
	run as_alice "squashfuse ~/sq.img /tmp/alice-sq && umount -v /tmp/alice-sq"
	[ "$status" = 0 ]
	ours=$output
	run as_alice "squashfuse ~/sq.img /tmp/alice-sq &&
		umount.util-linux -v /tmp/alice-sq"
	[ "$status" = 0 ]
	echo "ours: $ours"
	echo "util-linux's: $output"
	[ "$ours" = "${output//umount.util-linux:/umount:}" ]
	[ "$ours" = "umount: /tmp/alice-sq (squashfuse) unmounted" ]
}

@test "sshfs with auto_unmount: killed, its mount goes with it" {
	sshfs_remote -o auto_unmount
	run sys pkill -KILL -u alice -x sshfs
	[ "$status" = 0 ]
	# fusermount3's watcher (usermount's, without privilege) unmounts it
	run sys sh -c 'i=0; while grep -q " /home/alice/remote " /proc/self/mountinfo; do
		i=$((i + 1)); [ $i -le 20 ] || exit 1; sleep 0.5; done'
	[ "$status" = 0 ]
	only_home_left
}

# refused_everywhere MESSAGE: squashfuse and sshfs (libfuse 3, which
# falls back to fusermount3) and gocryptfs (fusermount3 always) are
# refused with fusermount3's MESSAGE, and nothing of hers is mounted
# (run as alice in $DIR, which she may write)
refused_everywhere() {
	local dir=$1 msg="fusermount3: mount failed: Operation not permitted: $2"
	run as_alice "$SQ_IMAGE && mkdir -p $dir/sq && squashfuse ~/sq.img $dir/sq"
	echo "$output"
	[ "$status" != 0 ]
	[[ $output = *"$msg"* ]]
	run as_alice "mkdir -p $dir/remote && sshfs $SSHFS_OPTS alice@localhost:/srv/share $dir/remote"
	echo "$output"
	[ "$status" != 0 ]
	[[ $output = *"$msg"* ]]
	run as_alice "rm -rf ~/cipher && mkdir -p ~/cipher $dir/plain &&
		gocryptfs -q -init -extpass 'echo pw' -scryptn 10 ~/cipher &&
		gocryptfs -q -extpass 'echo pw' ~/cipher $dir/plain"
	echo "$output"
	[ "$status" != 0 ]
	[[ $output = *"$msg"* ]]
}

# at_limit SYSCTL VALUE MESSAGE: /proc/sys/SYSCTL set to VALUE (teardown
# puts it back), every program refused with MESSAGE, nothing of hers left
at_limit() {
	LIMIT_WAS="$1 $(sys cat "/proc/sys/$1")"
	sys sh -c "echo $2 >/proc/sys/$1"
	refused_everywhere /home/alice "$3"
	only_home_left
}

@test "at user.max_user_mounts every program is refused with fusermount3's reason, no fallback mounts" {
	series_only "no user limits"
	sshfs_ready
	# her home is hers: one mount, the limit
	at_limit user/max_user_mounts 1 "user mount limit reached (user.max_user_mounts = 1)"
}

@test "at fs.max_user_mounts every program is refused with fusermount3's reason, no fallback mounts" {
	series_only "no user limits"
	local nr
	sshfs_ready
	# every user mount there is (the homes fstab gives), the limit
	nr=$(sys cat /proc/sys/fs/nr_user_mounts)
	at_limit fs/max_user_mounts "$nr" "user mount limit reached (fs.max_user_mounts = $nr)"
}

@test "inside a nomnt mount every program is refused with fusermount3's reason, no fallback mounts" {
	series_only "no nomnt"
	sshfs_ready
	run sys sh -c 'mkdir -p /home/alice/nm && chown alice: /home/alice/nm &&
		mount --bind --setuser=alice -o nomnt /home/alice/nm /home/alice/nm'
	[ "$status" = 0 ]
	refused_everywhere /home/alice/nm "/home/alice/nm is a nomnt mount: no submounts allowed"
	run sys findmnt -rn -o TARGET -R /home/alice
	echo "$output"
	[ "$output" = "/home/alice
/home/alice/nm" ]
	run as_alice 'umount ~/nm'
	[ "$status" = 0 ]
}

@test "no setuid program in the system mounts for users: the only setuid FUSE or mount helper is usermount's fusermount3" {
	run sys sh -c 'find / -xdev -perm -4000 -type f 2>/dev/null | grep -E "mount" | sort'
	echo "$output"
	[ "$output" = /usr/bin/fusermount3 ]
	# diverted by the name fuse3 ships it by: /usr/bin on trixie, /bin on bookworm
	run sys sh -c 'if dpkg-query -L fuse3 | grep -qx /usr/bin/fusermount3; then
			dpkg-divert --listpackage /usr/bin/fusermount3
		else dpkg-divert --listpackage /bin/fusermount3; fi'
	[ "$output" = usermount ]
	# which, on the series, gives its rights up at start: alice's sshfs
	# through it is hers, made with her rights, not root's
	sshfs_remote
	run as_alice 'fusermount3 -u ~/remote'
	[ "$status" = 0 ]
}

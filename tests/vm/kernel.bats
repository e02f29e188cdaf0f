#!/usr/bin/env bats
# Kernel rules of the usermount series, both sides of each.
#
# Runs as root, with test users alice (2001) and bob (2002):
#  - in the patched guest:  tests/vm/run bats tests/vm/kernel.bats
#    every "allowed" case must be allowed;
#  - on a kernel without the series: tests/vm/host-check (private mount
#    namespace, own passwd/group) -- the same user operations must be
#    refused with EPERM.
# The series is detected by /proc/sys/fs/max_user_mounts.
#
# Helpers and setup/teardown: kernel-common.bash.

load kernel-common

@test "sysctls: nr_user_mounts read-only, max_user_mounts 1024 by default" {
	if ! series; then
		[ ! -e /proc/sys/fs/nr_user_mounts ]
		skip "kernel without the series: no sysctls"
	fi
	[ "$(stat -c %a /proc/sys/fs/nr_user_mounts)" = 444 ]
	[ "$(stat -c %a /proc/sys/fs/max_user_mounts)" = 644 ]
	[ "$MAX0" -eq 1024 ]
	run sh -c 'echo 5 > /proc/sys/fs/nr_user_mounts'
	[ "$status" -ne 0 ]
	run as_alice sh -c 'echo 5 > /proc/sys/fs/max_user_mounts'
	[ "$status" -ne 0 ]
	[ "$(cat /proc/sys/fs/max_user_mounts)" -eq 1024 ]
}

@test "admin hands a mount to alice: user=2001 in mounts and mountinfo" {
	run admin_own "$AH" 2001
	allowed
	if series; then
		has_opt "$(mnt_opts "$AH")" user=2001
		has_opt "$(mounts_opts "$AH")" user=2001
		# fsuid 2001 dropped CAP_MKNOD: nodev, but not nosuid
		has_opt "$(mnt_opts "$AH")" nodev
		! has_opt "$(mnt_opts "$AH")" nosuid || false
		[ "$(nr_user)" -eq $((NR0 + 1)) ]
	else
		! grep -q user= <<<"$(mnt_opts "$AH")" || false
	fi
}

@test "alice bind-mounts below her mount: owned by her, nosuid,nodev" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
	series || return 0
	opts=$(mnt_opts "$AH/mnt")
	has_opt "$opts" user=2001
	has_opt "$opts" nosuid
	has_opt "$opts" nodev
	[ "$(cat "$AH/mnt/file")" = data ]
	[ "$(nr_user)" -eq $((NR0 + 2)) ]
}

@test "bob cannot mount in alice's mount, nor unmount hers" {
	admin_own "$AH" 2001
	run as_bob "$SYSMOUNT" -f bind "$BH" "$AH/mnt" none
	refused
	run as_bob "$SYSMOUNT" -f bind,setuser "$BH" "$AH/mnt" none
	refused
	"$SYSMOUNT" -f bind "$AH/src" "$AH/mnt2" none
	run as_bob "$SYSUMOUNT" "$AH/mnt2"
	refused
	run as_alice "$SYSUMOUNT" "$AH/mnt2"
	refused # root's mount, below alice's: not hers
	[ "$(nmounts "$AH/mnt2")" -eq 1 ]
}

@test "alice unmounts her own mount; bob cannot" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
	series || "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	run as_bob "$SYSUMOUNT" "$AH/mnt"
	refused
	run as_alice "$SYSUMOUNT" "$AH/mnt"
	allowed_if_patched
	if series; then
		[ "$(nmounts "$AH/mnt")" -eq 0 ]
		[ "$(nr_user)" -eq $((NR0 + 1)) ]
	fi
}

@test "alice's recursive bind: every copy owned by her" {
	admin_own "$AH" 2001
	mount -t tmpfs sub "$AH/src/sub"
	run as_alice "$SYSMOUNT" -f bind,rec "$AH/src" "$AH/mnt" none
	allowed_if_patched
	series || return 0
	has_opt "$(mnt_opts "$AH/mnt")" user=2001
	has_opt "$(mnt_opts "$AH/mnt/sub")" user=2001
	has_opt "$(mnt_opts "$AH/mnt/sub")" nosuid
	# the source stays root's
	! grep -q user= <<<"$(mnt_opts "$AH/src/sub")" || false
	[ "$(nr_user)" -eq $((NR0 + 3)) ]
}

@test "a new tmpfs is refused to alice (not FS_SAFE)" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" none "$AH/mnt" tmpfs
	refused
	run as_alice "$SYSMOUNT" -f setuser none "$AH/mnt" tmpfs
	refused
	[ "$(nmounts "$AH/mnt")" -eq 0 ]
}

@test "a symlink as mountpoint is refused to alice" {
	admin_own "$AH" 2001
	# on the link itself (O_PATH|O_NOFOLLOW fd)
	run as_alice "$SYSMOUNT" -s -f bind "$AH/src" "$AH/link" none
	refused
	[ "$(nmounts "$AH/link")" -eq 0 ]
	# through the link, onto the directory: an ordinary user mount
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/link" none
	allowed_if_patched
}

@test "alice cannot mount outside her mounts" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$WORK" none
	refused
	# root's mount below hers is not hers either
	mount -t tmpfs rootfs "$AH/mnt"
	mkdir "$AH/mnt/d"
	chown 2001 "$AH/mnt/d"
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt/d" none
	refused
}

@test "nomnt: blocks alice's submounts, shown, set and cleared by remount" {
	"$SYSMOUNT" -u 2001 -f bind,setuser,nomnt "$AH" "$AH" none
	"$SYSMOUNT" -u 2001 -f remount,bind,setuser,nomnt none "$AH" none
	if series; then
		has_opt "$(mnt_opts "$AH")" nomnt
		has_opt "$(mounts_opts "$AH")" nomnt
		has_opt "$(mnt_opts "$AH")" user=2001
	fi
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	refused
	# the privileged may still mount there
	run "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed
	umount "$AH/mnt"
	# remount without nomnt clears it
	"$SYSMOUNT" -u 2001 -f remount,bind,setuser none "$AH" none
	! has_opt "$(mnt_opts "$AH")" nomnt || false
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
}

@test "limit: fs.max_user_mounts stops alice with EPERM, nothing leaks" {
	admin_own "$AH" 2001
	if ! series; then
		run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
		refused
		return 0
	fi
	nr=$(nr_user)
	echo $((nr + 3)) >/proc/sys/fs/max_user_mounts
	run as_alice "$SYSMOUNT" -r 3 -f bind "$AH/src" "$AH/mnt" none
	allowed
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	refused
	# a recursive bind over the limit fails whole
	run as_alice "$SYSMOUNT" -f bind,rec "$AH/src" "$AH/mnt2" none
	refused
	[ "$(nr_user)" -eq $((nr + 3)) ]
	[ "$(nmounts "$AH/mnt")" -eq 3 ]
	[ "$(nmounts "$AH/mnt2")" -eq 0 ]
	# CAP_SYS_ADMIN is not held to the limit
	run "$SYSMOUNT" -u 2001 -f bind,setuser "$AH/src" "$AH/mnt2" none
	allowed
	[ "$(nr_user)" -eq $((nr + 4)) ]
	umount "$AH/mnt2"
	run as_alice "$SYSUMOUNT" -r 3 "$AH/mnt"
	allowed
	[ "$(nr_user)" -eq "$nr" ]
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed
	# 0 turns unprivileged mounting off
	echo 0 >/proc/sys/fs/max_user_mounts
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt2" none
	refused
}

@test "forced umount: refused to the owner of a bind (not FS_SAFE)" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
	series || "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	run as_alice "$SYSUMOUNT" -f "$AH/mnt"
	refused
	[ "$(nmounts "$AH/mnt")" -eq 1 ]
	run as_alice "$SYSUMOUNT" -l "$AH/mnt"
	allowed_if_patched
}

@test "fuse by hand: alice mounts fuse, ids default to hers, allow_other refused" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -F -f nosuid,nodev alice "$AH/mnt" fuse.hand \
		"fd=%fd,rootmode=40000,allow_other"
	refused
	run as_alice "$SYSMOUNT" -F alice "$AH/mnt" fuse \
		"fd=%fd,rootmode=40000,user_id=2002,group_id=2001"
	if series; then [ "$status" -eq 3 ]; else refused; fi
	run as_alice "$SYSMOUNT" -F -f nosuid,nodev alice "$AH/mnt" fuse.hand \
		"fd=%fd,rootmode=40000"
	allowed_if_patched
	series || return 0
	opts=$(mounts_opts "$AH/mnt")
	has_opt "$opts" user=2001
	has_opt "$opts" user_id=2001
	has_opt "$opts" group_id=2001
	# the daemon is gone; the owner may force it away (FS_SAFE)
	run as_bob "$SYSUMOUNT" -f "$AH/mnt"
	refused
	run as_alice "$SYSUMOUNT" -f "$AH/mnt"
	allowed
	[ "$(nmounts "$AH/mnt")" -eq 0 ]
}

@test "fuse by hand: user_id and group_id default to the fsuid and fsgid, as the owner" {
	admin_own "$AH" 2002
	# real ids alice's, effective (so filesystem) ids bob's, no capability
	run setpriv --ruid=2001 --euid=2002 --rgid=2001 --egid=2002 \
		--clear-groups -- "$SYSMOUNT" -F -f nosuid,nodev bob "$AH/mnt" \
		fuse.hand "fd=%fd,rootmode=40000"
	allowed_if_patched
	series || return 0
	opts=$(mounts_opts "$AH/mnt")
	has_opt "$opts" user=2002
	has_opt "$opts" user_id=2002
	has_opt "$opts" group_id=2002
	umount -l "$AH/mnt"
}

@test "fuse via libfuse: hellofs mounts with no setuid fusermount3" {
	[ -x "$HELLOFS" ] || skip "hellofs not built"
	# no helper to fall back to: libfuse's own mount(2) must do it
	for f in /usr/bin/fusermount3 /bin/fusermount3; do
		[ -e "$f" ] && mount --bind /dev/null "$f"
	done
	admin_own "$AH" 2001
	run as_alice "$HELLOFS" "$AH/mnt"
	if ! series; then
		[ "$status" -ne 0 ]
		[ "$(nmounts "$AH/mnt")" -eq 0 ]
		return 0
	fi
	allowed
	opts=$(mounts_opts "$AH/mnt")
	has_opt "$opts" user=2001
	has_opt "$opts" user_id=2001
	has_opt "$opts" group_id=2001
	grep -q " $AH/mnt fuse.hellofs " /proc/self/mounts
	run as_alice cat "$AH/mnt/hello"
	allowed
	[ "$output" = "hello from hellofs" ]
	run as_alice "$HELLOFS" -o allow_other "$AH/mnt2"
	[ "$status" -ne 0 ]
	[ "$(nmounts "$AH/mnt2")" -eq 0 ]
	run as_bob "$SYSUMOUNT" "$AH/mnt"
	refused
	run as_alice "$SYSUMOUNT" "$AH/mnt"
	allowed
	[ "$(nmounts "$AH/mnt")" -eq 0 ]
}

@test "remount drops the owner without MS_SETUSER, keeps it with it" {
	admin_own "$AH" 2001
	"$SYSMOUNT" -u 2001 -f remount,bind none "$AH" none
	! grep -q user= <<<"$(mnt_opts "$AH")" || false
	! series || [ "$(nr_user)" -eq "$NR0" ]
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	refused
	"$SYSMOUNT" -u 2001 -f remount,bind,setuser none "$AH" none
	if series; then
		has_opt "$(mnt_opts "$AH")" user=2001
		[ "$(nr_user)" -eq $((NR0 + 1)) ]
	fi
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
}

@test "new mount and superblock remount with MS_SETUSER (tmpfs by admin)" {
	"$SYSMOUNT" -u 2001 -f setuser,nosuid t "$AH/mnt" tmpfs
	! series || has_opt "$(mnt_opts "$AH/mnt")" user=2001
	"$SYSMOUNT" -u 2001 -f remount,setuser,nosuid t "$AH/mnt" tmpfs
	! series || has_opt "$(mnt_opts "$AH/mnt")" user=2001
	"$SYSMOUNT" -f remount,nosuid t "$AH/mnt" tmpfs
	! grep -q user= <<<"$(mnt_opts "$AH/mnt")" || false
	run as_alice "$SYSUMOUNT" "$AH/mnt"
	refused
}

@test "move ignores MS_SETUSER; namespace copies own nothing" {
	admin_own "$AH" 2001
	"$SYSMOUNT" -u 2001 -f bind,setuser "$AH/src" "$AH/mnt" none
	"$SYSMOUNT" -f move,setuser "$AH/mnt" "$AH/mnt2" none
	if series; then
		has_opt "$(mnt_opts "$AH/mnt2")" user=2001
	fi
	run unshare -m cat /proc/self/mountinfo
	allowed
	! grep -q 'user=' <<<"$output" || false
}

@test "propagation into alice's mount: copies inherit owner, nosuid and nodev" {
	mkdir -p "$WORK/a" "$AH/peer"
	mount -t tmpfs shared "$WORK/a"
	mount --make-shared "$WORK/a"
	mkdir "$WORK/a/sub"
	# a peer of $WORK/a, owned by alice and nosuid
	"$SYSMOUNT" -u 2001 -f bind,setuser "$WORK/a" "$AH/peer" none
	"$SYSMOUNT" -u 2001 -f remount,bind,setuser,nosuid none "$AH/peer" none
	mount -t tmpfs sub "$WORK/a/sub"
	[ "$(nmounts "$AH/peer/sub")" -eq 1 ]
	# the original stays root's, suid allowed
	! grep -q user= <<<"$(mnt_opts "$WORK/a/sub")" || false
	! has_opt "$(mnt_opts "$WORK/a/sub")" nosuid || false
	if series; then
		has_opt "$(mnt_opts "$AH/peer/sub")" user=2001
		has_opt "$(mnt_opts "$AH/peer/sub")" nosuid
		# forced for the owner, not waived by root's capabilities
		has_opt "$(mnt_opts "$AH/peer/sub")" nodev
		[ "$(nr_user)" -eq $((NR0 + 2)) ]
	fi
	# hers, so alice may unmount the copy
	run as_alice "$SYSUMOUNT" "$AH/peer/sub"
	allowed_if_patched
}

@test "200 user mounts and umounts: owner and nr_user_mounts stay right" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -r 200 -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
	series || return 0
	[ "$(nr_user)" -eq $((NR0 + 201)) ]
	[ "$(nmounts "$AH/mnt")" -eq 200 ]
	[ "$(nmounts_owned "$AH/mnt" 2001)" -eq 200 ]
	run as_bob "$SYSUMOUNT" "$AH/mnt"
	refused
	run as_alice "$SYSUMOUNT" -r 200 "$AH/mnt"
	allowed
	[ "$(nmounts "$AH/mnt")" -eq 0 ]
	[ "$(nr_user)" -eq $((NR0 + 1)) ]
}

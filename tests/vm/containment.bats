#!/usr/bin/env bats
# Containment: what a user mounts or unmounts stays in that user's mounts,
# and programs that know nothing of the series see the kernel they expect.
#
# Runs as root in the guest, once on the patched kernel and once on the
# plain one (tests/vm/suites), each time in a private mount namespace of
# its own with / made rshared as systemd does at boot
# (USERMOUNT_ROOT_PROPAGATION=shared) and again with / private.  On the
# patched kernel every attack here is refused or contained; on the plain
# kernel the same user operations are refused (EPERM) and the results seen
# by root are the same.
#
# Helpers and setup/teardown: kernel-common.bash.

load kernel-common

UL_MOUNT=/usr/bin/mount
NEWAPI=$BIN/newapi

setup_file() {
	if [ "${USERMOUNT_ROOT_PROPAGATION:-}" = shared ]; then
		mount --make-rshared /
	fi
}

# root without CAP_SYS_ADMIN (a sandboxed service)
nocap() { setpriv --bounding-set=-sys_admin -- "$@"; }

# a new mount API call refused with EPERM
refused_new() {
	[ "$status" -eq 1 ] && [[ "$output" == *"(EPERM)"* ]] && return 0
	echo "expected EPERM from the new mount API, got $status: $output"
	return 1
}

# mountinfo lines of mounts at or below $1
mounts_below() {
	awk -v p="$1" '$5 == p || index($5, p "/") == 1' /proc/self/mountinfo
}

# superblock options (after the " - type source" fields) of the top mount
sb_opts() {
	awk -v p="$1" '$5 == p { for (i = 7; $i != "-"; i++); o = $(i + 3) }
		END { print o }' /proc/self/mountinfo
}

# neither owned nor nomnt: what a program unaware of the series expects
no_series_opts() {
	! grep -q 'user=' <<<"$1" || return 1
	! has_opt "$1" nomnt || return 1
}

@test "rshared /: alice's copy of / cannot put her file over root's /etc" {
	admin_own "$AH" 2001
	mkdir -p "$AH/r" "$AH/r2" "$AH/evil"
	echo 'root::0:0::/root:/bin/sh' >"$AH/evil/passwd"
	chown -R 2001:2001 "$AH/r" "$AH/r2" "$AH/evil"
	before=$(mounts_below /etc)
	sum=$(md5sum </etc/passwd)
	# a plain bind of / would show what root's mounts cover: refused
	run as_alice "$SYSMOUNT" -f bind / "$AH/r2" none
	refused
	run as_alice "$SYSMOUNT" -f bind,rec / "$AH/r" none
	allowed_if_patched
	if series; then
		run as_alice "$SYSMOUNT" -f bind "$AH/evil/passwd" \
			"$AH/r/etc/passwd" none
		allowed
		has_opt "$(mnt_opts "$AH/r/etc/passwd")" user=2001
	fi
	[ "$(mounts_below /etc)" = "$before" ]
	[ "$(md5sum </etc/passwd)" = "$sum" ]
}

@test "bob's copy of the homes cannot cover alice's files" {
	homes=$(dirname "$AH")
	admin_own "$AH" 2001
	admin_own "$BH" 2002
	echo mine >"$AH/.bashrc"
	mkdir -p "$BH/h" "$BH/evil"
	echo evil >"$BH/evil/bashrc"
	chown -R 2002:2002 "$BH/h" "$BH/evil"
	run as_bob "$SYSMOUNT" -f bind,rec "$homes" "$BH/h" none
	allowed_if_patched
	if series; then
		run as_bob "$SYSMOUNT" -f bind "$BH/evil/bashrc" \
			"$BH/h/alice/.bashrc" none
		allowed
		has_opt "$(mnt_opts "$BH/h/alice/.bashrc")" user=2002
	fi
	[ "$(cat "$AH/.bashrc")" = mine ]
	[ "$(nmounts "$AH/.bashrc")" -eq 0 ]
}

@test "a user's mount reaches her own peers, never root's, a slave or another namespace" {
	mkdir -p "$WORK/h" "$WORK/peer" "$WORK/slave" "$WORK/a2"
	mount -t tmpfs h "$WORK/h"
	mount --make-shared "$WORK/h"
	mkdir -p "$WORK/h/a/mnt" "$WORK/h/a/y"
	chown -R 2001:2001 "$WORK/h/a"
	mount --bind "$WORK/h" "$WORK/peer"
	mount --bind "$WORK/h" "$WORK/slave"
	mount --make-slave "$WORK/slave"
	# alice's mount, a peer of $WORK/h's group; a second one of hers
	"$SYSMOUNT" -u 2001 -f bind,setuser "$WORK/h/a" "$WORK/h/a" none
	"$SYSMOUNT" -u 2001 -f bind,setuser "$WORK/h/a" "$WORK/a2" none
	unshare -m --propagation unchanged sleep 600 &
	ns=$!
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$WORK/h/a/mnt" none
	allowed_if_patched
	other=$(nsenter -t "$ns" -m awk '$5 ~ /\/a\/mnt$/' /proc/self/mountinfo)
	kill "$ns"
	[ "$(nmounts "$WORK/peer/a/mnt")" -eq 0 ]
	[ "$(nmounts "$WORK/slave/a/mnt")" -eq 0 ]
	[ -z "$other" ]
	series || return 0
	has_opt "$(mnt_opts "$WORK/h/a/mnt")" user=2001
	# her other mount of the same group is hers: it gets the copy
	[ "$(nmounts "$WORK/a2/mnt")" -eq 1 ]
	has_opt "$(mnt_opts "$WORK/a2/mnt")" user=2001
	# root's own mounts still propagate into hers, owned by her (the
	# copy below hers, on $WORK/h itself, is root's)
	mount -t tmpfs rootm "$WORK/peer/a/y"
	[ "$(nmounts_owned "$WORK/h/a/y" 2001)" -eq 1 ]
	[ "$(nmounts_owned "$WORK/a2/y" 2001)" -eq 1 ]
}

@test "a user's FUSE mount on a shared owned mount stays in her mounts" {
	[ -x "$HELLOFS" ] || skip "hellofs not built"
	for f in /usr/bin/fusermount3 /bin/fusermount3; do
		[ -e "$f" ] && mount --bind /dev/null "$f"
	done
	mkdir -p "$WORK/h" "$WORK/peer"
	mount -t tmpfs h "$WORK/h"
	mount --make-shared "$WORK/h"
	mkdir -p "$WORK/h/a/f"
	chown -R 2001:2001 "$WORK/h/a"
	mount --bind "$WORK/h" "$WORK/peer"
	"$SYSMOUNT" -u 2001 -f bind,setuser "$WORK/h/a" "$WORK/h/a" none
	run as_alice "$HELLOFS" "$WORK/h/a/f"
	if ! series; then
		[ "$status" -ne 0 ]
		[ "$(nmounts "$WORK/h/a/f")" -eq 0 ]
		return 0
	fi
	allowed
	[ "$(as_alice cat "$WORK/h/a/f/hello")" = "hello from hellofs" ]
	[ "$(nmounts "$WORK/peer/a/f")" -eq 0 ]
	run as_alice "$SYSUMOUNT" "$WORK/h/a/f"
	allowed
}

@test "umount stays in the owner's mounts: root's original survives" {
	mkdir -p "$WORK/a" "$AH/peer"
	mount -t tmpfs a "$WORK/a"
	mount --make-shared "$WORK/a"
	mkdir "$WORK/a/sub"
	# alice's peer of $WORK/a: root's mount below it reaches her copy
	"$SYSMOUNT" -u 2001 -f bind,setuser "$WORK/a" "$AH/peer" none
	mount -t tmpfs sub "$WORK/a/sub"
	[ "$(nmounts "$AH/peer/sub")" -eq 1 ]
	run as_alice "$SYSUMOUNT" "$AH/peer/sub"
	allowed_if_patched
	[ "$(nmounts "$WORK/a/sub")" -eq 1 ]
	! series || [ "$(nmounts "$AH/peer/sub")" -eq 0 ]
}

@test "umount of a copy of root's mount: locked; the copy goes only whole" {
	mkdir -p "$WORK/victim"
	mount -t tmpfs victim "$WORK/victim"
	admin_own "$AH" 2001
	mkdir "$AH/r"
	chown 2001:2001 "$AH/r"
	run as_alice "$SYSMOUNT" -f bind,rec / "$AH/r" none
	allowed_if_patched
	if series; then
		run as_alice "$SYSUMOUNT" "$AH/r$WORK/victim"
		[ "$status" -eq 3 ] # EINVAL: locked
		run as_alice "$SYSUMOUNT" -l "$AH/r$WORK/victim"
		[ "$status" -eq 3 ]
		run as_alice "$SYSUMOUNT" -l "$AH/r"
		allowed
		[ "$(nmounts "$AH/r")" -eq 0 ]
	fi
	[ "$(nmounts "$WORK/victim")" -eq 1 ]
}

@test "an owner's lazy umount takes no mount of someone else with it" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
	series || return 0
	mount -t tmpfs rootsub "$AH/mnt/sub"
	run as_alice "$SYSUMOUNT" -l "$AH/mnt"
	refused
	run as_alice "$SYSUMOUNT" "$AH/mnt"
	[ "$status" -eq 4 ] # EBUSY
	[ "$(nmounts "$AH/mnt/sub")" -eq 1 ]
	umount "$AH/mnt/sub"
	run as_alice "$SYSUMOUNT" -l "$AH/mnt"
	allowed
}

@test "nomnt holds through a peer group" {
	mkdir -p "$WORK/a" "$WORK/n" "$AH/c"
	mount -t tmpfs a "$WORK/a"
	mount --make-shared "$WORK/a"
	mkdir "$WORK/a/x"
	chown 2001:2001 "$WORK/a/x" "$AH/c"
	# alice's, nomnt, a peer of $WORK/a
	"$SYSMOUNT" -u 2001 -f bind,setuser,nomnt "$WORK/a" "$WORK/n" none
	! series || has_opt "$(mnt_opts "$WORK/n")" nomnt
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$WORK/n/x" none
	refused
	run as_alice "$SYSMOUNT" -f bind "$WORK/a" "$AH/c" none
	allowed_if_patched
	if series; then
		run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/c/x" none
		allowed
	fi
	[ "$(nmounts "$WORK/n/x")" -eq 0 ]
	[ "$(nmounts "$WORK/a/x")" -eq 0 ]
}

@test "a user's nomnt on her own bind is honoured" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind,nomnt "$AH/src" "$AH/mnt" none
	allowed_if_patched
	series || return 0
	has_opt "$(mnt_opts "$AH/mnt")" nomnt
	has_opt "$(mnt_opts "$AH/mnt")" user=2001
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt/sub" none
	refused
}

@test "a bind copy of bob's FUSE mount cannot abort bob's filesystem" {
	[ -x "$HELLOFS" ] || skip "hellofs not built"
	for f in /usr/bin/fusermount3 /bin/fusermount3; do
		[ -e "$f" ] && mount --bind /dev/null "$f"
	done
	admin_own "$AH" 2001
	admin_own "$BH" 2002
	mkdir -p "$BH/f" "$AH/b"
	chown 2002:2002 "$BH/f"
	chown 2001:2001 "$AH/b"
	run as_bob "$HELLOFS" "$BH/f"
	if ! series; then
		[ "$status" -ne 0 ]
		return 0
	fi
	allowed
	run as_alice "$SYSMOUNT" -f bind "$BH/f" "$AH/b" none
	allowed
	run as_alice "$SYSUMOUNT" -f "$AH/b"
	refused
	run as_bob cat "$BH/f/hello"
	allowed
	[ "$output" = "hello from hellofs" ]
	run as_alice "$SYSUMOUNT" "$AH/b"
	allowed
	# the owner of the connection may force it
	run as_bob "$SYSUMOUNT" -f "$BH/f"
	allowed
}

@test "a user namespace's root in the initial mount namespace gets FUSE's user rules" {
	admin_own "$AH" 2001
	run as_alice unshare -U --map-root-user "$SYSMOUNT" -F \
		-f nosuid,nodev alice "$AH/mnt" fuse.hand \
		"fd=%fd,rootmode=40000,allow_other"
	refused
	[ "$(nmounts "$AH/mnt")" -eq 0 ]
	# uid 0 of her namespace is alice: the mount is hers, no more
	run as_alice unshare -U --map-root-user "$SYSMOUNT" -F \
		-f nosuid,nodev alice "$AH/mnt" fuse.hand \
		"fd=%fd,rootmode=40000,user_id=0,group_id=0"
	allowed_if_patched
	series || return 0
	opts=$(mounts_opts "$AH/mnt")
	has_opt "$opts" user=2001
	# fuse prints the ids as its connection's namespace (hers) sees them
	has_opt "$opts" user_id=0
	! has_opt "$opts" allow_other || false
}

@test "permission first: bob's new mount of an unknown type is EPERM, not ENODEV" {
	admin_own "$AH" 2001
	run as_bob "$SYSMOUNT" none "$AH/mnt" nosuchfs
	refused
	run nocap "$SYSMOUNT" none "$AH/mnt" nosuchfs
	refused
	run as_alice "$SYSMOUNT" none "$AH/mnt" nosuchfs
	if series; then [ "$status" -eq 8 ]; else refused; fi
	[ "$(nmounts "$AH/mnt")" -eq 0 ]
}

@test "hidden stays hidden: no plain bind over others' mounts, copies locked" {
	mkdir -p "$WORK/data/hidden" "$AH/peek"
	echo secret >"$WORK/data/hidden/secret"
	mount -t tmpfs cover "$WORK/data/hidden"
	chown 2001:2001 "$AH/peek"
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind "$WORK/data" "$AH/peek" none
	refused
	[ ! -e "$AH/peek/hidden/secret" ]
	run as_alice "$SYSMOUNT" -f bind,rec "$WORK/data" "$AH/peek" none
	allowed_if_patched
	series || return 0
	[ ! -e "$AH/peek/hidden/secret" ]
	run as_alice "$SYSUMOUNT" "$AH/peek/hidden"
	[ "$status" -eq 3 ] # EINVAL: locked
	run as_alice "$SYSUMOUNT" -l "$AH/peek/hidden"
	[ "$status" -eq 3 ]
	[ ! -e "$AH/peek/hidden/secret" ]
	run as_alice "$SYSUMOUNT" -l "$AH/peek"
	allowed
	# her own mounts below do not stop a plain bind
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed
	run as_alice "$SYSMOUNT" -f bind "$AH" "$AH/mnt2" none
	allowed
}

@test "per-user limit: alice cannot take bob's share, nor as a user namespace's root" {
	admin_own "$AH" 2001
	admin_own "$BH" 2002
	if ! series; then
		[ ! -e /proc/sys/user/max_user_mounts ]
		run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
		refused
		return 0
	fi
	[ "$(cat /proc/sys/user/max_user_mounts)" -eq 256 ]
	echo 10 >/proc/sys/user/max_user_mounts
	# 9 binds and her home make 10
	run as_alice "$SYSMOUNT" -r 20 -f bind "$AH/src" "$AH/mnt" none
	refused
	[ "$(nmounts "$AH/mnt")" -eq 9 ]
	[ "$(nr_user)" -lt "$(cat /proc/sys/fs/max_user_mounts)" ]
	mkdir -p "$BH/mnt"
	run as_bob "$SYSMOUNT" -f bind "$BH" "$BH/mnt" none
	allowed
	# root still hands alice a mount: counted, not refused
	run "$SYSMOUNT" -u 2001 -f bind,setuser "$AH/src" "$AH/mnt2" none
	allowed
	run as_alice "$SYSUMOUNT" -r 9 "$AH/mnt"
	allowed
	# as root of her own user and mount namespace she spends her share
	run as_alice unshare -Urm "$SYSMOUNT" -r 20 -f bind,setuser \
		"$AH/src" "$AH/mnt" none
	refused
	[ "$(nr_user)" -lt "$(cat /proc/sys/fs/max_user_mounts)" ]
	umount "$BH/mnt"
	run as_bob "$SYSMOUNT" -f bind "$BH" "$BH/mnt" none
	allowed
}

@test "bits 26 and 27: owner and nomnt with the series, ignored without" {
	mkdir -p "$WORK/t" "$WORK/u"
	"$SYSMOUNT" -f nosuid t "$WORK/t" tmpfs
	"$SYSMOUNT" -f nosuid,setuser,nomnt t "$WORK/u" tmpfs
	if series; then
		has_opt "$(mnt_opts "$WORK/u")" user=0
		has_opt "$(mnt_opts "$WORK/u")" nomnt
	else
		[ "$(mnt_opts "$WORK/u")" = "$(mnt_opts "$WORK/t")" ]
		[ "$(sb_opts "$WORK/u")" = "$(sb_opts "$WORK/t")" ]
	fi
}

@test "util-linux's mount: strictatime, lazytime, remount,strictatime keep their meaning" {
	mkdir -p "$WORK/t"
	"$UL_MOUNT" -t tmpfs -o strictatime t "$WORK/t"
	opts=$(mnt_opts "$WORK/t")
	! has_opt "$opts" relatime || false
	! has_opt "$opts" noatime || false
	no_series_opts "$opts"
	umount "$WORK/t"
	"$UL_MOUNT" -t tmpfs -o lazytime t "$WORK/t"
	has_opt "$(sb_opts "$WORK/t")" lazytime
	no_series_opts "$(mnt_opts "$WORK/t")"
	umount "$WORK/t"
	"$UL_MOUNT" -t tmpfs t "$WORK/t"
	has_opt "$(mnt_opts "$WORK/t")" relatime
	"$UL_MOUNT" -o remount,strictatime "$WORK/t"
	opts=$(mnt_opts "$WORK/t")
	! has_opt "$opts" relatime || false
	no_series_opts "$opts"
}

@test "systemd-style raw mounts: root without CAP_SYS_ADMIN gets EPERM" {
	mkdir -p "$WORK/s" "$WORK/src"
	# MS_NOSUID|MS_NODEV|MS_STRICTATIME, as systemd mounts /run and /tmp
	"$SYSMOUNT" -f nosuid,nodev,strictatime run "$WORK/s" tmpfs
	opts=$(mnt_opts "$WORK/s")
	has_opt "$opts" nosuid
	! has_opt "$opts" relatime || false
	no_series_opts "$opts"
	mkdir "$WORK/s/d"
	run nocap "$SYSMOUNT" -f bind "$WORK/src" "$WORK/s/d" none
	refused
	run nocap "$SYSMOUNT" none "$WORK/s/d" tmpfs
	refused
	run nocap "$SYSMOUNT" -f remount,bind,nosuid none "$WORK/s" none
	refused
	run nocap "$SYSUMOUNT" "$WORK/s"
	refused
	run nocap "$SYSUMOUNT" -l "$WORK/s"
	refused
	[ "$(nmounts "$WORK/s")" -eq 1 ]
	[ "$(nmounts "$WORK/s/d")" -eq 0 ]
}

@test "fsopen and fspick stay closed to owners and to root without CAP_SYS_ADMIN; open_tree gives her a copy of her own, which she attaches on her mounts only; move_mount is the owner's within her mounts; mount_setattr clears no forced flag" {
	[ -x "$NEWAPI" ] || skip "build $NEWAPI first (make check-vm)"
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
	series || "$SYSMOUNT" -f bind,nosuid,nodev "$AH/src" "$AH/mnt" none
	for who in as_alice nocap; do
		run $who "$NEWAPI" fsopen fuse
		refused_new
		run $who "$NEWAPI" fspick "$AH/mnt"
		refused_new
		run $who "$NEWAPI" setattr "$AH/mnt" -nosuid -nodev
		refused_new
	done
	# open_tree(OPEN_TREE_CLONE) and move_mount (kernel/README, "Her
	# bind in one step"): root without CAP_SYS_ADMIN gets a copy of its
	# own, which goes on no mount of hers; hers goes on hers
	run nocap "$NEWAPI" clone "$AH/src" "$AH/mnt2"
	refused_new
	[ "$(nmounts "$AH/mnt2")" -eq 0 ]
	if series; then nr=$(nr_user); fi
	run as_alice "$NEWAPI" clone "$AH/src" "$AH/mnt2"
	if series; then
		allowed
		[ "$(nmounts_owned "$AH/mnt2" 2001)" -eq 1 ]
		has_opt "$(mnt_opts "$AH/mnt2")" nosuid
		has_opt "$(mnt_opts "$AH/mnt2")" nodev
		[ "$(nr_user)" -eq $((nr + 1)) ]
		as_alice "$SYSUMOUNT" "$AH/mnt2"
		[ "$(nr_user)" -eq "$nr" ]
		run as_alice "$NEWAPI" clone "$AH/src" /tmp
		refused_new
		[ "$(nr_user)" -eq "$nr" ]
	else
		refused_new
	fi
	[ "$(nmounts "$AH/mnt2")" -eq 0 ]
	if ! series; then
		run as_alice "$NEWAPI" move "$AH/mnt" "$AH/mnt2"
		refused_new
		return 0
	fi
	has_opt "$(mnt_opts "$AH/mnt")" nosuid
	has_opt "$(mnt_opts "$AH/mnt")" nodev
	# root of her own user and mount namespace: the copies stay locked
	run as_alice unshare -Urm "$NEWAPI" setattr "$AH/mnt" -nosuid
	refused_new
	# her move (kernel/README, "Her moves"), from a parent that is not
	# shared (upstream's rule, / rshared or not); root without
	# CAP_SYS_ADMIN none
	run nocap "$NEWAPI" move "$AH/mnt" "$AH/mnt2"
	refused_new
	as_alice "$SYSMOUNT" -f private none "$AH" none
	run as_alice "$NEWAPI" move "$AH/mnt" "$AH/mnt2"
	allowed
	[ "$(nmounts "$AH/mnt")" -eq 0 ]
	[ "$(nmounts "$AH/mnt2")" -eq 1 ]
	has_opt "$(mnt_opts "$AH/mnt2")" user=2001
}

# Names under others' mounts (patch 0016): a user's mount on a name is,
# to everyone but its owner, what a mount in another mount namespace is:
# rename over the name, unlink and rmdir succeed and take the mount away.
# On the plain kernel the user's bind that would put it there is refused
# and root's and bob's operations succeed as they do with no mount.

# $1 (alice or bob) binds directory $2 at HOME/c in the home root gave her
copy_into_home() {
	local home uid
	case $1 in
	alice) home=$AH uid=2001 ;;
	bob) home=$BH uid=2002 ;;
	esac
	admin_own "$home" "$uid"
	mkdir -p "$home/c"
	chown "$uid:$uid" "$home/c"
	run "as_$1" "$SYSMOUNT" -f bind "$2" "$home/c" none
	allowed_if_patched
}

@test "a user's mount on root's name: root's rename, rm and rmdir succeed, her mounts go" {
	mkdir -p "$WORK/etc/empty"
	echo old >"$WORK/etc/passwd"
	echo x >"$WORK/etc/gone"
	copy_into_home alice "$WORK/etc"
	copy_into_home bob "$WORK/etc"
	if series; then
		nr=$(nr_user)
		as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/passwd" none
		as_bob "$SYSMOUNT" -f bind /dev/null "$BH/c/passwd" none
		as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/gone" none
		as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/c/empty" none
		[ "$(nr_user)" -eq $((nr + 4)) ]
		has_opt "$(mnt_opts "$AH/c/passwd")" user=2001
		has_opt "$(mnt_opts "$BH/c/passwd")" user=2002
	fi
	# shadow-utils, dpkg, visudo: write a new file, rename it over
	echo new >"$WORK/etc/passwd+"
	run mv -f "$WORK/etc/passwd+" "$WORK/etc/passwd"
	allowed
	[ "$(cat "$WORK/etc/passwd")" = new ]
	[ "$(nmounts "$AH/c/passwd")" -eq 0 ]
	[ "$(nmounts "$BH/c/passwd")" -eq 0 ]
	run rm "$WORK/etc/gone"
	allowed
	run rmdir "$WORK/etc/empty"
	allowed
	[ ! -e "$WORK/etc/gone" ] && [ ! -e "$WORK/etc/empty" ]
	[ "$(nmounts "$AH/c/gone")" -eq 0 ]
	[ "$(nmounts "$AH/c/empty")" -eq 0 ]
	series || return 0
	# the four are uncounted; the copies they sat in stay
	[ "$(nr_user)" -eq "$nr" ]
	[ "$(nmounts "$AH/c")" -eq 1 ]
	[ "$(nmounts "$BH/c")" -eq 1 ]
}

@test "root's rmdir takes a user's recursive bind on the name whole, locked copies too" {
	mkdir -p "$WORK/etc/d" "$WORK/data/hidden"
	mount -t tmpfs cover "$WORK/data/hidden"
	copy_into_home alice "$WORK/etc"
	if series; then
		nr=$(nr_user)
		as_alice "$SYSMOUNT" -f bind,rec "$WORK/data" "$AH/c/d" none
		[ "$(nr_user)" -eq $((nr + 2)) ]
		run as_alice "$SYSUMOUNT" "$AH/c/d/hidden"
		[ "$status" -eq 3 ] # EINVAL: locked
	fi
	run rmdir "$WORK/etc/d"
	allowed
	[ -z "$(mounts_below "$AH/c/d")" ]
	[ "$(nmounts "$WORK/data/hidden")" -eq 1 ]
	! series || [ "$(nr_user)" -eq "$nr" ]
}

@test "bob saves his file while alice's mount sits on her copy of it; his own mount keeps it busy for him" {
	mkdir -p "$BH/proj"
	echo v1 >"$BH/proj/notes"
	chown -R 2002:2002 "$BH/proj"
	copy_into_home alice "$BH/proj"
	if series; then
		nr=$(nr_user)
		as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/notes" none
		[ "$(cat "$AH/c/notes")" = data ]
		# bob's own mount on the same name, through his own copy
		copy_into_home bob "$BH/proj"
		as_bob "$SYSMOUNT" -f bind /dev/null "$BH/c/notes" none
		run as_bob sh -c "echo v2 >$BH/proj/.notes.new &&
			mv -f $BH/proj/.notes.new $BH/proj/notes"
		busy
		[ "$(cat "$BH/proj/notes")" = v1 ]
		as_bob "$SYSUMOUNT" "$BH/c/notes"
	fi
	# an editor's save: a new file renamed over the old one
	run as_bob sh -c "echo v2 >$BH/proj/.notes.new &&
		mv -f $BH/proj/.notes.new $BH/proj/notes"
	allowed
	[ "$(cat "$BH/proj/notes")" = v2 ]
	[ "$(nmounts "$AH/c/notes")" -eq 0 ]
	# bob's home and his copy stay counted, alice's mount on notes does not
	! series || [ "$(nr_user)" -eq $((nr + 2)) ]
}

@test "the owner's own mount keeps the name busy for her; root's mount on it or on hers keeps it busy" {
	admin_own "$AH" 2001
	mkdir -p "$AH/pub/d" "$AH/c"
	for f in f g h; do echo v1 >"$AH/pub/$f"; done
	echo v2 >"$AH/pub/f+"
	chown -R 2001:2001 "$AH/pub" "$AH/c"
	run as_alice "$SYSMOUNT" -f bind "$AH/pub" "$AH/c" none
	allowed_if_patched
	series || return 0
	as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/f" none
	as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/c/d" none
	run as_alice mv -f "$AH/pub/f+" "$AH/pub/f"
	busy
	run as_alice rm -f "$AH/pub/f"
	busy
	run as_alice rmdir "$AH/pub/d"
	busy
	# as root of her own user namespace she is uid 2001 all the same
	run as_alice unshare -Ur mv -f "$AH/pub/f+" "$AH/pub/f"
	busy
	[ "$(cat "$AH/pub/f")" = v1 ]
	[ "$(nmounts "$AH/c/f")" -eq 1 ]
	[ "$(nmounts "$AH/c/d")" -eq 1 ]
	# root's own mount on the name, beside hers: busy for root
	as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/g" none
	mount --bind "$AH/src/file" "$AH/pub/g"
	run rm -f "$AH/pub/g"
	busy
	# root's mount stacked on hers sits on her mount, not on the name,
	# and would go with it: busy for root
	as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/h" none
	mount --bind /dev/null "$AH/c/h"
	run rm -f "$AH/pub/h"
	busy
	[ "$(nmounts "$AH/c/h")" -eq 2 ]
	# without root's mount on hers the name is free for root
	umount "$AH/c/h"
	run rm -f "$AH/pub/h"
	allowed
	[ "$(nmounts "$AH/c/h")" -eq 0 ]
}

# In a mount namespace of its own (tests/vm/containment.bats "passwd -l"):
# /etc a bind of a writable copy with shadow entries for the test users,
# alice's home hers, her copy of /etc in it, her file on one name in it,
# then shadow-utils as root.
# (in a mount namespace of its own) / as $PROP says, /etc a writable copy
private_etc() {
	[ "$PROP" != shared ] || mount --make-rshared /
	mkdir -p "$WORK/etc.copy"
	cp -a /etc/. "$WORK/etc.copy"
	mount --bind "$WORK/etc.copy" /etc
}

shadow_utils_in_ns() {
	set -eux
	private_etc
	sed -i '/^alice:/d; /^bob:/d' /etc/shadow
	echo 'alice:$6$s$h:19000:0:99999:7:::' >>/etc/shadow
	echo 'bob:$6$s$h:19000:0:99999:7:::' >>/etc/shadow
	"$SYSMOUNT" -u 2001 -f bind,setuser "$AH" "$AH" none
	if ! series; then
		! as_alice "$SYSMOUNT" -f bind /etc "$AH/c" none
		passwd -l bob
		grep -q '^bob:!' /etc/shadow
		echo "shadow-utils done"
		return 0
	fi
	as_alice "$SYSMOUNT" -f bind /etc "$AH/c" none
	nr=$(nr_user)
	as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/shadow" none
	[ "$(nmounts "$AH/c/shadow")" -eq 1 ]
	[ "$(nr_user)" -eq $((nr + 1)) ]
	passwd -l bob
	grep -q '^bob:!' /etc/shadow
	[ "$(nmounts "$AH/c/shadow")" -eq 0 ]
	[ "$(nr_user)" -eq "$nr" ]
	as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/shadow" none
	usermod -L alice
	grep -q '^alice:!' /etc/shadow
	[ "$(nmounts "$AH/c/shadow")" -eq 0 ]
	as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/passwd" none
	usermod -c 'bob renamed' bob
	grep -q '^bob:x:2002:2002:bob renamed:' /etc/passwd
	[ "$(nmounts "$AH/c/passwd")" -eq 0 ]
	[ "$(nr_user)" -eq "$nr" ]
	echo "shadow-utils done"
}

@test "passwd -l, usermod -L and usermod -c replace /etc files alice mounted on in her copy" {
	command -v passwd >/dev/null && command -v usermod >/dev/null ||
		skip "no shadow-utils"
	mkdir -p "$AH/c"
	chown 2001:2001 "$AH/c"
	run unshare -m --propagation private \
		env AH="$AH" WORK="$WORK" SYSMOUNT="$SYSMOUNT" \
		PROP="${USERMOUNT_ROOT_PROPAGATION:-}" \
		bash -c "$(declare -f series as_alice nmounts nr_user \
			private_etc shadow_utils_in_ns); shadow_utils_in_ns"
	allowed
	[[ "$output" == *"shadow-utils done"* ]]
	# the namespace is gone, and with it every mount it counted
	! series || [ "$(nr_user)" -eq "$NR0" ]
}

# Root's recursive work on a home (patch 0018): alice's bind of what she
# does not own is read-only and locked, so root's chown -R, find -delete,
# rm -rf, deluser --remove-home and a restore with cp -a, tar or rsync -a
# stop there with EROFS.  On the plain kernel her bind is refused and the
# same tools run through her home alone: root's files are the same after.

# root's directory with root's files; alice binds it at $AH/.cache/x
root_tree_in_home() {
	mkdir -p "$WORK/rootdir/sub"
	echo secret >"$WORK/rootdir/a.conf"
	echo keep >"$WORK/rootdir/sub/file"
	admin_own "$AH" 2001
	as_alice mkdir -p "$AH/.cache/x"
	run as_alice "$SYSMOUNT" -f bind "$WORK/rootdir" "$AH/.cache/x" none
	allowed_if_patched
	series || return 0
	has_opt "$(mnt_opts "$AH/.cache/x")" user=2001
	has_opt "$(mnt_opts "$AH/.cache/x")" ro
}

# root's files are as root left them, and no more
root_tree_intact() {
	[ "$(stat -c %u:%g "$WORK/rootdir" "$WORK/rootdir/a.conf" \
		"$WORK/rootdir/sub" "$WORK/rootdir/sub/file" | sort -u)" = 0:0 ]
	[ "$(cat "$WORK/rootdir/a.conf")" = secret ]
	[ "$(cat "$WORK/rootdir/sub/file")" = keep ]
	[ "$(find "$WORK/rootdir" | wc -l)" -eq 4 ]
}

# the tool's status: on the patched kernel it met EROFS at alice's bind
stopped_at_bind() {
	if series; then
		[ "$status" -ne 0 ]
		[[ "$output" == *"Read-only file system"* ]]
	else
		allowed
	fi
}

@test "root's chown -R, find -delete and rm -rf of alice's home stop at her bind of root's directory" {
	root_tree_in_home
	run chown -R alice: "$AH"
	stopped_at_bind
	root_tree_intact
	# her own files were given to her all the same
	[ "$(stat -c %U "$AH/src/file")" = alice ]
	run find "$AH" -name '*.conf' -delete
	stopped_at_bind
	root_tree_intact
	run bash -c 'rm -rf "$1"/.cache/x/*' sh "$AH"
	stopped_at_bind
	root_tree_intact
	run rm -rf "$AH/.cache"
	stopped_at_bind
	root_tree_intact
	# not even root makes her bind writable again
	series || return 0
	run mount -o remount,bind,rw "$AH/.cache/x"
	[ "$status" -ne 0 ]
	has_opt "$(mnt_opts "$AH/.cache/x")" ro
}

@test "a restore into alice's home as root (cp -a, tar, rsync -a) writes nothing through her bind of root's directory" {
	root_tree_in_home
	mkdir -p "$WORK/backup/.cache/x"
	echo planted >"$WORK/backup/.cache/x/a.conf"
	echo planted >"$WORK/backup/.cache/x/new"
	run cp -a "$WORK/backup/." "$AH/"
	stopped_at_bind
	root_tree_intact
	tar -C "$WORK/backup" -cf "$WORK/backup.tar" .
	run tar -C "$AH" -xf "$WORK/backup.tar"
	stopped_at_bind
	root_tree_intact
	if command -v rsync >/dev/null; then
		run rsync -a "$WORK/backup/" "$AH/"
		stopped_at_bind
		root_tree_intact
	fi
}

@test "bob's bind of alice's directory is read-only too; his own stays writable" {
	mkdir -p "$AH/shared"
	echo hers >"$AH/shared/f"
	chown -R 2001:2001 "$AH/shared"
	chmod 0755 "$AH"
	admin_own "$BH" 2002
	as_bob mkdir -p "$BH/a" "$BH/own" "$BH/b"
	run as_bob "$SYSMOUNT" -f bind "$AH/shared" "$BH/a" none
	allowed_if_patched
	run as_bob "$SYSMOUNT" -f bind "$BH/own" "$BH/b" none
	allowed_if_patched
	series || return 0
	has_opt "$(mnt_opts "$BH/a")" ro
	has_opt "$(mnt_opts "$BH/b")" rw
	run chown -R bob: "$BH"
	[ "$status" -ne 0 ]
	[ "$(stat -c %U "$AH/shared/f")" = alice ]
	[ "$(stat -c %U "$BH/own")" = bob ]
	as_bob touch "$BH/b/new"
	[ -e "$BH/own/new" ]
}

# deluser --remove-home alice, in a mount namespace with a copy of /etc
deluser_in_ns() {
	set -eux
	private_etc
	mount -t tmpfs spool /var/mail
	deluser --remove-home alice || echo "deluser: $?"
	! grep -q '^alice:' /etc/passwd
	echo "deluser done"
}

@test "deluser --remove-home alice removes her home, never root's files through her bind" {
	command -v deluser >/dev/null || skip "no adduser"
	root_tree_in_home
	run unshare -m --propagation private \
		env AH="$AH" WORK="$WORK" \
		PROP="${USERMOUNT_ROOT_PROPAGATION:-}" \
		bash -c "$(declare -f private_etc deluser_in_ns); deluser_in_ns"
	echo "$output"
	[[ "$output" == *"deluser done"* ]]
	root_tree_intact
	[ ! -e "$AH/src/file" ]
}

# What root mounted in a user's mount (patch 0019): the administrator
# pins alice's authorized_keys with a bind of an approved key; alice
# cannot cover it by mounting on its directory or on her home.

@test "root's pin of alice's authorized_keys stays what sshd reads: she covers neither it nor a directory above it" {
	admin_own "$AH" 2001
	mkdir -p "$AH/.ssh"
	echo alice-key >"$AH/.ssh/authorized_keys"
	chown -R 2001:2001 "$AH/.ssh"
	echo approved-key >"$WORK/approved"
	mount --bind "$WORK/approved" "$AH/.ssh/authorized_keys"
	# (with / rshared the homes' peers hold copies too: count, compare)
	local home ssh
	home=$(nmounts "$AH")
	ssh=$(nmounts "$AH/.ssh")
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/.ssh" none
	refused
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH" none
	refused
	run as_alice "$SYSMOUNT" -f bind,rec "$AH/src" "$AH" none
	refused
	[ "$(cat "$AH/.ssh/authorized_keys")" = approved-key ]
	[ "$(nmounts "$AH")" -eq "$home" ]
	[ "$(nmounts "$AH/.ssh")" -eq "$ssh" ]
	# elsewhere in her home she binds as before
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
	# and bob no more than she does over his own home
	admin_own "$BH" 2002
	mkdir -p "$BH/d/e"
	chown -R 2002:2002 "$BH/d"
	mount -t tmpfs root-policy "$BH/d/e"
	local e
	e=$(nmounts "$BH/d/e")
	run as_bob "$SYSMOUNT" -f bind "$BH/d" "$BH/d" none
	refused
	[ "$(nmounts "$BH/d/e")" -eq "$e" ]
	[ "$(nmounts "$BH/d")" -eq 0 ]
}

# Debian's sshd (scripts/get-sshd: unpacked, never installed) on
# 127.0.0.1 in a mount (and network) namespace of its own, with its
# privilege separation user in a copy of /etc: which of the keys in
# $WORK/ssh let alice log in (sshd reads her authorized_keys as her)
sshd_logins_in_ns() {
	set -eu
	private_etc
	echo 'sshd:x:105:65534::/run/sshd:/usr/sbin/nologin' >>/etc/passwd
	# its privilege separation directory, empty and root's
	[ -d /run/sshd ] || mkdir -m 0755 /run/sshd
	mount -t tmpfs -o mode=0755 sshd-run /run/sshd
	ip link set lo up
	cat >"$WORK/ssh/sshd_config" <<-EOF
	ListenAddress 127.0.0.1:2222
	HostKey $WORK/ssh/host
	PidFile $WORK/ssh/pid
	UsePAM no
	AuthenticationMethods publickey
	PrintMotd no
	PrintLastLog no
	EOF
	# it listens before it goes to the background
	"$SSHD" -f "$WORK/ssh/sshd_config" -E "$WORK/ssh/log"
	for key in approved alice; do
		if HOME=$WORK/ssh ssh -F none -i "$WORK/ssh/$key" -p 2222 \
			-o BatchMode=yes -o StrictHostKeyChecking=no \
			-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
			alice@127.0.0.1 'echo "as $(id -un)"'; then
			echo "$key key: logged in"
		else
			echo "$key key: refused"
		fi
	done
	kill "$(cat "$WORK/ssh/pid")"
}

@test "sshd reads root's pin of alice's authorized_keys after she tried to cover it, not her own key" {
	SSHD=$("$top_srcdir/scripts/get-sshd" --print-path)
	[ -x "$SSHD" ] || skip "no sshd: run scripts/get-sshd"
	admin_own "$AH" 2001
	mkdir -p "$WORK/ssh" "$AH/.ssh" "$AH/src/.ssh"
	ssh-keygen -q -t ed25519 -N '' -f "$WORK/ssh/host"
	ssh-keygen -q -t ed25519 -N '' -f "$WORK/ssh/approved"
	ssh-keygen -q -t ed25519 -N '' -f "$WORK/ssh/alice"
	cp "$WORK/ssh/alice.pub" "$AH/.ssh/authorized_keys"
	# the tree she would put over her home: her own key in it too
	cp "$WORK/ssh/alice.pub" "$AH/src/.ssh/authorized_keys"
	chmod 0700 "$AH/.ssh" "$AH/src/.ssh"
	chown -R 2001:2001 "$AH/.ssh" "$AH/src/.ssh"
	cp "$WORK/ssh/approved.pub" "$WORK/ssh/pinned"
	mount --bind "$WORK/ssh/pinned" "$AH/.ssh/authorized_keys"
	run as_alice "$SYSMOUNT" -f bind "$AH/src/.ssh" "$AH/.ssh" none
	refused
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH" none
	refused
	# the guest's kernel has no network namespaces: its lo is its own
	local net=
	[ ! -e /proc/self/ns/net ] || net=-n
	run unshare -m $net --propagation private \
		env AH="$AH" WORK="$WORK" SSHD="$SSHD" \
		PROP="${USERMOUNT_ROOT_PROPAGATION:-}" \
		bash -c "$(declare -f private_etc sshd_logins_in_ns)
			sshd_logins_in_ns"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"approved key: logged in"* ]]
	[[ "$output" == *"alice key: refused"* ]]
	[[ "$output" == *"as alice"* ]]
}

@test "hidden stays hidden: alice's recursive bind past root's unbindable mount is refused" {
	mkdir -p "$WORK/data/secret"
	echo hidden >"$WORK/data/secret/file"
	mount -t tmpfs mask "$WORK/data/secret"
	mount --make-unbindable "$WORK/data/secret"
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind,rec "$WORK/data" "$AH/mnt" none
	refused
	[ "$(nmounts "$AH/mnt")" -eq 0 ]
	[ ! -e "$AH/mnt/secret/file" ]
	# a plain bind is refused too, as before (root's mount below)
	run as_alice "$SYSMOUNT" -f bind "$WORK/data" "$AH/mnt" none
	refused
}

# The same rules for the other callers (issue 30: "vary each"): a user
# namespace's root is the user who made it, to the series as to file
# permissions; root without CAP_SYS_ADMIN (a sandboxed service) keeps
# root's files but not the administrator's rules, so in a mount root gave
# to uid 0 it is a user like the others.

@test "root without CAP_SYS_ADMIN and bob as a user namespace's root replace names alice mounted on, hers from her user namespace too" {
	mkdir -p "$WORK/etc"
	echo old >"$WORK/etc/passwd"
	echo x >"$WORK/etc/gone"
	mkdir -p "$BH/proj"
	echo v1 >"$BH/proj/notes"
	chown -R 2002:2002 "$BH/proj"
	copy_into_home alice "$WORK/etc"
	mkdir -p "$AH/c2"
	chown 2001:2001 "$AH/c2"
	run as_alice "$SYSMOUNT" -f bind "$BH/proj" "$AH/c2" none
	allowed_if_patched
	if series; then
		nr=$(nr_user)
		# made as root of her own user namespace: hers all the same
		run as_alice unshare -Ur "$SYSMOUNT" -f bind "$AH/src/file" \
			"$AH/c/passwd" none
		allowed
		has_opt "$(mnt_opts "$AH/c/passwd")" user=2001
		as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c/gone" none
		as_alice "$SYSMOUNT" -f bind "$AH/src/file" "$AH/c2/notes" none
		[ "$(nr_user)" -eq $((nr + 3)) ]
	fi
	echo new >"$WORK/etc/passwd+"
	run nocap mv -f "$WORK/etc/passwd+" "$WORK/etc/passwd"
	allowed
	[ "$(cat "$WORK/etc/passwd")" = new ]
	[ "$(nmounts "$AH/c/passwd")" -eq 0 ]
	run nocap rm "$WORK/etc/gone"
	allowed
	[ "$(nmounts "$AH/c/gone")" -eq 0 ]
	run as_bob unshare -Ur sh -c "echo v2 >$BH/proj/.notes.new &&
		mv -f $BH/proj/.notes.new $BH/proj/notes"
	allowed
	[ "$(cat "$BH/proj/notes")" = v2 ]
	[ "$(nmounts "$AH/c2/notes")" -eq 0 ]
	! series || [ "$(nr_user)" -eq "$nr" ]
}

# root's pin of alice's authorized_keys, root's unbindable mask over
# $WORK/data/secret and root's directory $WORK/rootdir
root_policy_mounts() {
	mkdir -p "$AH/.ssh" "$WORK/data/secret" "$WORK/rootdir"
	echo alice-key >"$AH/.ssh/authorized_keys"
	chown -R 2001:2001 "$AH/.ssh"
	echo approved-key >"$WORK/approved"
	mount --bind "$WORK/approved" "$AH/.ssh/authorized_keys"
	echo hidden >"$WORK/data/secret/file"
	mount -t tmpfs mask "$WORK/data/secret"
	mount --make-unbindable "$WORK/data/secret"
	echo secret >"$WORK/rootdir/a.conf"
}

@test "as root of her own user namespace alice gets her rules: read-only binds of root's files, no cover, nothing past a mask, no namespace file" {
	admin_own "$AH" 2001
	root_policy_mounts
	mkdir -p "$AH/x" "$AH/ns"
	touch "$AH/ns/file"
	chown -R 2001:2001 "$AH/x" "$AH/ns"
	local ssh
	ssh=$(nmounts "$AH/.ssh")
	run as_alice unshare -Ur "$SYSMOUNT" -f bind "$WORK/rootdir" "$AH/x" none
	allowed_if_patched
	if series; then
		has_opt "$(mnt_opts "$AH/x")" ro
		has_opt "$(mnt_opts "$AH/x")" user=2001
		run as_alice unshare -Ur "$SYSMOUNT" -f remount,bind none \
			"$AH/x" none
		refused
		has_opt "$(mnt_opts "$AH/x")" ro
		run as_alice unshare -Ur sh -c "echo mine >$AH/x/a.conf"
		[ "$status" -ne 0 ]
		[[ "$output" == *"Read-only file system"* ]]
	fi
	[ "$(cat "$WORK/rootdir/a.conf")" = secret ]
	run as_alice unshare -Ur "$SYSMOUNT" -f bind "$AH/src" "$AH/.ssh" none
	refused
	run as_alice unshare -Ur "$SYSMOUNT" -f bind,rec "$AH/src" "$AH" none
	refused
	[ "$(cat "$AH/.ssh/authorized_keys")" = approved-key ]
	[ "$(nmounts "$AH/.ssh")" -eq "$ssh" ]
	run as_alice unshare -Ur "$SYSMOUNT" -f bind,rec "$WORK/data" \
		"$AH/mnt" none
	refused
	[ "$(nmounts "$AH/mnt")" -eq 0 ]
	# her own user namespace's file: upstream needs CAP_SYS_ADMIN over
	# the mount namespace (the initial one here), the series the same
	run as_alice unshare -Ur "$SYSMOUNT" -f bind /proc/self/ns/user \
		"$AH/ns/file" none
	refused
	[ "$(nmounts "$AH/ns/file")" -eq 0 ]
}

@test "root without CAP_SYS_ADMIN, in a mount root gave to uid 0, gets a user's rules too" {
	root_policy_mounts
	mkdir -p "$WORK/r/own" "$WORK/r/hers" "$WORK/r/data" "$WORK/r/ns" \
		"$WORK/r/ssh" "$AH/shared"
	touch "$WORK/r/nsfile"
	echo hers >"$AH/shared/f"
	chown -R 2001:2001 "$AH/shared"
	"$SYSMOUNT" -u 0 -f bind,setuser "$WORK/r" "$WORK/r" none
	if ! series; then
		run nocap "$SYSMOUNT" -f bind "$WORK/rootdir" "$WORK/r/own" none
		refused
		[ "$(nmounts "$WORK/r/own")" -eq 0 ]
		return 0
	fi
	has_opt "$(mnt_opts "$WORK/r")" user=0
	# root's own files: a writable bind, as for any user's own
	run nocap "$SYSMOUNT" -f bind "$WORK/rootdir" "$WORK/r/own" none
	allowed
	has_opt "$(mnt_opts "$WORK/r/own")" rw
	# alice's files: read-only and locked, for root as for bob
	run nocap "$SYSMOUNT" -f bind "$AH/shared" "$WORK/r/hers" none
	allowed
	has_opt "$(mnt_opts "$WORK/r/hers")" ro
	run nocap "$SYSMOUNT" -f remount,bind none "$WORK/r/hers" none
	refused
	run nocap sh -c "echo root >$WORK/r/hers/f"
	[ "$status" -ne 0 ]
	[ "$(cat "$AH/shared/f")" = hers ]
	# root's pin is the administrator's, not uid 0's: not to be copied
	# without it nor past root's mask
	run nocap "$SYSMOUNT" -f bind "$AH/.ssh" "$WORK/r/ssh" none
	refused
	run nocap "$SYSMOUNT" -f bind,rec "$WORK/data" "$WORK/r/data" none
	refused
	[ "$(nmounts "$WORK/r/data")" -eq 0 ]
	run nocap "$SYSMOUNT" -f bind /proc/self/ns/user "$WORK/r/nsfile" none
	refused
	[ "$(nmounts "$WORK/r/nsfile")" -eq 0 ]
}

# A user's sandboxes (patch 0021): her mount reaches the copies of her
# home in mount namespaces of user namespaces she made, as a setuid
# fusermount's mount does; bob's sandbox receives nothing of hers.

# $1 (alice or bob) starts sandbox $2... in the background: it says ready
# in $SYNC, waits for go, then reads alice's $AH/mnt/marker
sandbox_bg() {
	local who=$1
	shift
	"as_$who" "$@" sh -c 'touch "$1/ready.$2"
		while [ ! -e "$1/go" ]; do sleep 0.1; done
		cat "$3/marker" 2>&1 || true' sh "$SYNC" "$who" "$AH/mnt" \
		>"$SYNC/out.$who" 2>&1 &
}

sandboxes_see() {
	SYNC=$WORK/sync
	mkdir -p "$SYNC"
	chmod 1777 "$SYNC"
	admin_own "$AH" 2001
	mount --make-shared "$AH"
	echo seen >"$AH/src/marker"
	chown 2001:2001 "$AH/src/marker"
	sandbox_bg alice "$@"
	sandbox_bg bob "$@"
	until [ -e "$SYNC/ready.alice" ] && [ -e "$SYNC/ready.bob" ]; do
		sleep 0.1
	done
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
	touch "$SYNC/go"
	wait
	echo "alice's sandbox: $(cat "$SYNC/out.alice")"
	echo "bob's sandbox: $(cat "$SYNC/out.bob")"
	if series; then
		[ "$(cat "$SYNC/out.alice")" = seen ]
	else
		[[ "$(cat "$SYNC/out.alice")" == *"No such file"* ]]
	fi
	[[ "$(cat "$SYNC/out.bob")" == *"No such file"* ]]
}

@test "alice's unshare -Urm --propagation slave sandbox sees what she mounts later; bob's does not" {
	sandboxes_see unshare -Urm --propagation slave
}

@test "alice's bubblewrap sandbox sees what she mounts later; bob's does not" {
	command -v bwrap >/dev/null || skip "no bubblewrap"
	sandboxes_see bwrap --unshare-user --bind / / --dev /dev --proc /proc
}

# The propagation tags (mountinfo's optional fields) of the top mount on $1
tags_of() {
	awk -v p="$1" '$5 == p { o = ""; for (i = 7; $i != "-"; i++)
		o = o (o == "" ? "" : " ") $i } END { print o }' /proc/self/mountinfo
}

@test "alice sets the propagation of her own mounts only: bob, root without CAP_SYS_ADMIN and bob's user namespace's root change nothing; root's / keeps its own" {
	admin_own "$AH" 2001
	run as_alice "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	allowed_if_patched
	series || "$SYSMOUNT" -f bind "$AH/src" "$AH/mnt" none
	roots=$(tags_of /)
	mnt=$(tags_of "$AH/mnt")
	for who in as_bob nocap "as_bob unshare -Ur"; do
		for p in private shared unbindable rec,slave; do
			run $who "$SYSMOUNT" -f "$p" none "$AH/mnt" none
			refused
		done
	done
	[ "$(tags_of "$AH/mnt")" = "$mnt" ]
	run as_alice "$SYSMOUNT" -f shared none "$AH/mnt" none
	allowed_if_patched
	[ "$(tags_of /)" = "$roots" ]
	series || return 0
	[[ "$(tags_of "$AH/mnt")" == shared:* ]]
	# her own user namespace's root is she, in the same mount namespace
	run as_alice unshare -Ur "$SYSMOUNT" -f private none "$AH/mnt" none
	allowed
	[ -z "$(tags_of "$AH/mnt")" ]
	# her home, a peer of / where / is rshared: hers to take out of the
	# group; / keeps its group and root's mounts still reach /
	run as_alice "$SYSMOUNT" -f rec,private none "$AH" none
	allowed
	[ -z "$(tags_of "$AH")" ]
	[ "$(tags_of /)" = "$roots" ]
	has_opt "$(mnt_opts "$AH")" user=2001
	# root's mount in her tree: her recursive change is refused whole
	mount -t tmpfs rootm "$AH/mnt2"
	mount --make-shared "$AH/mnt2"
	inner=$(tags_of "$AH/mnt2")
	run as_alice "$SYSMOUNT" -f rec,shared none "$AH" none
	refused
	[ -z "$(tags_of "$AH")" ]
	[ "$(tags_of "$AH/mnt2")" = "$inner" ]
	run as_alice "$SYSMOUNT" -f private none "$AH/mnt2" none
	refused
	[ "$(tags_of "$AH/mnt2")" = "$inner" ]
}

@test "alice's umount of her recursive bind of / takes her locked copies of root's mounts, none of root's; never a copy alone; bob and root without CAP_SYS_ADMIN take nothing" {
	admin_own "$AH" 2001
	mkdir -p "$AH/r"
	chown 2001:2001 "$AH/r"
	others() {
		awk -v r="$AH/r" '$5 != r && index($5, r "/") != 1 { print $5 }' \
			/proc/self/mountinfo | sort
	}
	before=$(others)
	nr=$(series && nr_user || echo 0)
	run as_alice "$SYSMOUNT" -f bind,rec / "$AH/r" none
	allowed_if_patched
	series || return 0
	[ "$(nmounts_owned "$AH/r/proc" 2001)" -eq 1 ]
	# a copy alone would show what it covers
	run as_alice "$SYSUMOUNT" "$AH/r/proc"
	[ "$status" -eq 3 ]
	run as_alice "$SYSUMOUNT" -l "$AH/r/proc"
	[ "$status" -eq 3 ]
	[ "$(nmounts "$AH/r/proc")" -eq 1 ]
	for who in as_bob nocap "as_bob unshare -Ur"; do
		run $who "$SYSUMOUNT" "$AH/r"
		refused
	done
	# the copy of her own home inside is hers, not locked: it goes first
	run as_alice "$SYSUMOUNT" "$AH/r"
	busy
	run as_alice "$SYSUMOUNT" "$AH/r$AH"
	allowed
	# her user namespace's root is she: the top takes the copies with it
	run as_alice unshare -Ur "$SYSUMOUNT" "$AH/r"
	allowed
	[ -z "$(mounts_below "$AH/r")" ]
	[ "$(nr_user)" -eq "$nr" ]
	[ "$(others)" = "$before" ]
}

#!/usr/bin/env bats
# usermount's own tools as admin and as users, through tests/run-bats (its
# own namespace, users alice 2001 and bob 2002, its own passwd and fstab).
# On the patched kernel (tests/vm/run) every rule allows the owner; on a
# kernel without the series (the host) the same steps are refused, as they
# are for util-linux without a setuid bit.

load ../common

load series

setup() {
	common_setup
	H=$T/home
	mkdir -p "$H/src" "$H/dst" "$H/fuse" "$T/other"
	touch "$H/src/file"
	chown -R alice:alice "$H"
	FUSEFS=$top_builddir/tests/vm/fuse/hellofs
	MAX=$(cat /proc/sys/fs/max_user_mounts 2>/dev/null || true)
	UMAX=$(cat /proc/sys/user/max_user_mounts 2>/dev/null || true)
}

teardown() {
	[ -z "${RACER:-}" ] || stop_racer
	[ -z "${SHARED_WORLD:-}" ] || desktop_world_end
	[ -z "$MAX" ] || echo "$MAX" >/proc/sys/fs/max_user_mounts
	[ -z "$UMAX" ] || echo "$UMAX" >/proc/sys/user/max_user_mounts
	common_teardown
}

# The admin's part: alice owns $H.
own_home() {
	"$MOUNT" --bind --setuser=alice "$H" "$H"
}

# The last `run` was refused and left nothing: exit 32, mount's message
# MSG, no mount on TARGET, the user mount count back at NR.
refused_undone() {
	local msg=$1 target=$2 nr=$3

	[ "$status" -eq 32 ]
	[ "$output" = "mount: $msg" ]
	! is_mounted "$target" || false
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq "$nr" ]
}

@test "tools: no setuid or file capability on the built binaries" {
	run find "$MOUNT" "$UMOUNT" -perm /6000
	[ -z "$output" ]
	run getcap "$MOUNT" "$UMOUNT"
	[ -z "$output" ]
}

@test "tools: mount -v says the mode and the owner the kernel recorded" {
	series || skip "kernel ownership mode only"
	own_home
	run as_user alice "$MOUNT" -v --bind "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: $H/src bound on $H/dst.
mount: $H/dst: kernel ownership mode: owned by alice (uid 2001)." ]
	run "$MOUNT" -v -t tmpfs -o nomnt x "$T/other"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: x mounted on $T/other.
mount: $T/other: kernel ownership mode: no owner recorded (root's), nomnt." ]
	# what the kernel recorded, named: bob for uid 2002
	mkdir -p "$T/bobs"
	chown bob: "$T/bobs"
	run "$MOUNT" -v --bind --setuser=2002 "$T/bobs" "$T/bobs"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: $T/bobs bound on $T/bobs.
mount: $T/bobs: kernel ownership mode: owned by bob (uid 2002)." ]
}

@test "tools: umount -v says the owner the kernel had recorded on the mount it took" {
	series || skip "kernel ownership mode only"
	own_home
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	run as_user alice "$UMOUNT" -v "$H/dst"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[0]}" == "umount: $H/dst "*unmounted ]]
	[ "${lines[1]}" = "umount: $H/dst: kernel ownership mode: owned by alice (uid 2001)." ]
	! is_mounted "$H/dst" || false
	"$MOUNT" -t tmpfs -o nomnt x "$T/other"
	run "$UMOUNT" -v "$T/other"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "umount: $T/other: kernel ownership mode: no owner recorded (root's), nomnt." ]
	# a refused umount adds nothing of the kind
	"$MOUNT" --bind "$H/src" "$H/dst"
	run as_user alice "$UMOUNT" -v "$H/dst"
	[ "$status" -ne 0 ]
	[[ "$output" != *"ownership mode"* ]]
	umount "$H/dst"
}

@test "tools: admin's mount --bind --setuser=alice makes alice the owner" {
	run "$MOUNT" --bind --setuser=alice "$H" "$H"
	if ! series; then
		[ "$status" -eq 32 ]
		[[ "$output" == *"need a kernel with mount ownership"* ]]
		! is_mounted "$H" || false
		return
	fi
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H")" == *",user=2001"* ]]
	run "$MOUNT"
	[[ "$output" == *" on $H type "*"user=2001"* ]]
}

@test "tools: --setuser to a user who cannot reach the directory says so" {
	series || skip "needs the series"
	mkdir -p "$T/closed/dir"
	chmod 0700 "$T/closed"
	run "$MOUNT" --bind --setuser=alice "$T/closed/dir" "$T/closed/dir"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/closed/dir: alice (the new owner) cannot reach the source or the mountpoint." ]
	! is_mounted "$T/closed/dir" || false
}

@test "tools: the fstab form with mount -a gives the same owned mount" {
	# as usermount.7 writes it: nofail keeps a boot on another kernel going
	echo "$H $H none bind,setuser=alice,nofail 0 0" >/etc/fstab
	run "$MOUNT" -a
	if ! series; then
		[ "$status" -eq 32 ]
		! is_mounted "$H" || false
		return
	fi
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H")" == *",user=2001"* ]]
	run "$MOUNT" -a
	[ "$status" -eq 0 ]
	[ "$(grep -c " $H " /proc/self/mountinfo)" -eq 1 ]
}

@test "tools: alice binds below her mount and unmounts it, no setuid" {
	! series || own_home
	run as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	if ! series; then
		[ "$status" -eq 32 ]
		[[ "$output" == *"must be superuser to use mount"* ]]
		! is_mounted "$H/dst" || false
		return
	fi
	[ "$status" -eq 0 ]
	[ -e "$H/dst/file" ]
	opts=$(mount_opts "$H/dst")
	[[ "$opts" == *nosuid* && "$opts" == *nodev* && "$opts" == *user=2001* ]]
	run as_user alice "$MOUNT" -t fuse
	[ "$status" -eq 0 ]
	run as_user alice "$UMOUNT" "$H/dst"
	[ "$status" -eq 0 ]
	! is_mounted "$H/dst" || false
}

@test "tools: bob may not unmount alice's mount; the message names her" {
	series || skip "needs the series: without it bob is refused as root-only"
	own_home
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	run as_user bob "$UMOUNT" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/dst: not mounted by you (owned by alice, uid 2001)." ]
	is_mounted "$H/dst"
	run as_user bob "$UMOUNT" "$T"
	[ "$status" -eq 32 ]
	[[ "$output" == *"must be superuser to unmount."* ]]
}

@test "tools: bob may not mount below alice's mount" {
	! series || own_home
	chmod 0777 "$H/dst"
	run as_user bob "$MOUNT" --bind "$T/other" "$H/dst"
	[ "$status" -eq 32 ]
	! is_mounted "$H/dst" || false
	series || return 0
	[ "$output" = "mount: $H/dst: not under a mount you own ($H is owned by alice)." ]
}

@test "tools: a mount with no owner is refused with that reason" {
	mkdir -p "$T/free"
	chmod 0777 "$T/free"
	run as_user alice "$MOUNT" --bind "$H/src" "$T/free"
	[ "$status" -eq 32 ]
	! is_mounted "$T/free" || false
	series || return 0
	[[ "$output" == "mount: $T/free: not under a mount you own ("*" has no owner)." ]]
}

@test "tools: tmpfs is not a filesystem type for users" {
	! series || own_home
	run as_user alice "$MOUNT" -t tmpfs x "$H/dst"
	[ "$status" -eq 32 ]
	! is_mounted "$H/dst" || false
	series || return 0
	[ "$output" = "mount: $H/dst: filesystem type tmpfs is not allowed for users." ]
}

@test "tools: nomnt stops submounts and is shown" {
	series || skip "nomnt needs the series (refusal covered in mount.bats)"
	"$MOUNT" --bind --setuser=alice -o nomnt "$H" "$H"
	[[ "$(mount_opts "$H")" == *nomnt* ]]
	run as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: $H is a nomnt mount: no submounts allowed." ]
	! is_mounted "$H/dst" || false
}

@test "tools: a user's bind with nomnt is nomnt; with nomnt,ro read-only too, in her own bind remount" {
	series || skip "nomnt needs the series"
	own_home
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	run as_user alice "$MOUNT" --bind -o nomnt "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == *,nomnt,user=2001* ]]
	as_user alice "$UMOUNT" "$H/dst"
	# ro on a bind takes a bind remount, which the kernel lets her make
	run as_user alice "$MOUNT" --bind -o nomnt,ro "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,*nomnt,user=2001 ]]
	as_user alice "$UMOUNT" "$H/dst"
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq "$nr" ]
}

@test "tools: a user's bind with ro or noexec is made with them; nosuid,nodev need no second call" {
	series || skip "needs the series"
	own_home
	echo data >"$H/src/f"
	# util-linux 2.38.1 leaves the bind read-write here and says
	# "Unknown error 5005"
	run as_user alice "$MOUNT" --bind -o ro "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,*user=2001 ]]
	run as_user alice sh -c "echo x >'$H/dst/f'"
	[[ "$output" == *"Read-only file system"* ]]
	[ "$(cat "$H/src/f")" = data ]
	as_user alice "$UMOUNT" "$H/dst"
	run as_user alice "$MOUNT" --bind -o noexec,nosymfollow "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == rw,nosuid,nodev,noexec,*nosymfollow,user=2001 ]]
	as_user alice "$UMOUNT" "$H/dst"
	# the kernel forces nosuid and nodev on a user's mount already
	run as_user alice "$MOUNT" --bind -o nosuid,nodev "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$(mount_opts "$H/dst")" == *nosuid,nodev*user=2001* ]]
	as_user alice "$UMOUNT" "$H/dst"
	! is_mounted "$H/dst" || false
}

# The kernel makes a user's bind of what she does not own read-only
# (kernel/README, patch 0019); mount says so, as util-linux does of a
# write-protected source, on the owner's fast path and on the full way.
@test "tools: alice's bind of root's directory is read-only, and mount says so; of her own, nothing is said" {
	series || skip "needs the series"
	own_home
	mkdir -p "$T/rootdir"
	run as_user alice "$MOUNT" --bind "$T/rootdir" "$H/dst"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: $H/dst: WARNING: source not yours (owned by root), mounted read-only." ]
	[[ ",$(mount_opts "$H/dst")," == *,ro,*user=2001* ]]
	as_user alice "$UMOUNT" "$H/dst"
	# the same on the full way (an option: libmount's)
	run as_user alice "$MOUNT" --bind -o nodev "$T/rootdir" "$H/dst"
	[ "$status" -eq 0 ]
	[ "$output" = "mount: $H/dst: WARNING: source not yours (owned by root), mounted read-only." ]
	as_user alice "$UMOUNT" "$H/dst"
	run as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ ",$(mount_opts "$H/dst")," == *,rw,*user=2001* ]]
	as_user alice "$UMOUNT" "$H/dst"
	! is_mounted "$H/dst" || false
}

@test "tools: flag values the kernel does not know: the read-back refuses and undoes" {
	series || skip "needs the series (faked on the host in mount.bats)"
	# named mount, as it would be installed
	local other=(bash -c 'exec -a mount "$@"' bash
		"$top_builddir/tests/vm/mount-otherbits")
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	run "${other[@]}" --bind --setuser=alice "$H" "$H"
	refused_undone "$H: the kernel recorded no owner (asked: alice); the mount is undone." \
		"$H" "$nr"
	own_home
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	run as_user alice "${other[@]}" --bind -o nomnt "$H/src" "$H/dst"
	refused_undone "$H/dst: the kernel did not record nomnt; the mount is undone." \
		"$H/dst" "$nr"
	# the same steps with the right values
	as_user alice "$MOUNT" --bind -o nomnt "$H/src" "$H/dst"
	[[ "$(mount_opts "$H/dst")" == *,nomnt,user=2001* ]]
}

@test "tools: the user mount limit is named with its value" {
	series || skip "fs.max_user_mounts exists only with the series"
	own_home
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	echo "$nr" >/proc/sys/fs/max_user_mounts
	run as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: user mount limit reached (fs.max_user_mounts = $nr)." ]
	! is_mounted "$H/dst" || false
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq "$nr" ]
	echo $((nr + 1)) >/proc/sys/fs/max_user_mounts
	run as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq $((nr + 1)) ]
	as_user alice "$UMOUNT" "$H/dst"
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq "$nr" ]
}

@test "tools: the per-user limit is named with its value" {
	series || skip "user.max_user_mounts exists only with the series"
	own_home
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	# her home and one bind: her share is used up, the global one is not
	echo 2 >/proc/sys/user/max_user_mounts
	run as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: user mount limit reached (user.max_user_mounts = 2)." ]
	[ "$(awk -v t="$H/dst" '$5 == t' /proc/self/mountinfo | wc -l)" -eq 1 ]
	as_user alice "$UMOUNT" "$H/dst"
}

@test "tools: a remount keeps the owner; --setuser on remount changes it" {
	series || skip "owners exist only with the series"
	own_home
	run "$MOUNT" -o remount,bind,ro "$H"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H")" == ro,*user=2001* ]]
	run "$MOUNT" -o remount,bind,rw --setuser=bob "$H"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H")" == rw,*user=2002* ]]
}

@test "tools: mount -a -o remount keeps the owners" {
	series || skip "owners exist only with the series"
	run unshare --mount --propagation private -- sh -c '
		"$1" --bind --setuser=alice "$2" "$2" &&
		"$1" -a -o remount,bind,ro -O user=2001 || exit 9
		awk -v t="$2" "\$5 == t { print \$6 }" /proc/self/mountinfo' \
		sh "$MOUNT" "$H"
	[ "$status" -eq 0 ]
	[[ "$output" == ro,*user=2001* ]]
}

# An owner restricts her own mounts in the kernel (kernel/6.12 0027,
# kernel/6.1 0025; issue 26, item 1), through raw mount(2) and
# mount_setattr(), as other programs ask for it.  Without the series every step is refused, as for root's mounts.
SYSMOUNT_T=$top_builddir/tests/vm/sysmount
NEWAPI_T=$top_builddir/tests/vm/newapi
# root without CAP_SYS_ADMIN
nocap_root() {
	setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin -- "$@"
}
# A remount or mount_setattr() the kernel refused with EPERM
refused_eperm() {
	[ "$status" -eq 1 ]
	[[ "$output" == *"EPERM"* || "$output" == *"Operation not permitted"* ]]
}
# The mount on $1: alice's bind of her own directory, or, without the
# series, root's
alices_bind() {
	if series; then
		own_home
		as_user alice "$SYSMOUNT_T" -f bind "$H/src" "$1" none
		[[ "$(mount_opts "$1")" == rw,nosuid,nodev,*user=2001* ]]
	else
		"$SYSMOUNT_T" -f bind "$H/src" "$1" none
	fi
}

@test "tools: kernel: alice makes her own bind ro, noexec, nosymfollow, noatime and back; nosuid and nodev stay" {
	alices_bind "$H/dst"
	before=$(mount_opts "$H/dst")
	run as_user alice "$SYSMOUNT_T" \
		-f remount,bind,rdonly,nosuid,nodev,noexec,nosymfollow,noatime \
		none "$H/dst" none
	if ! series; then
		refused_eperm
		run as_user alice "$NEWAPI_T" setattr "$H/dst" +rdonly
		refused_eperm
		[ "$(mount_opts "$H/dst")" = "$before" ]
		return
	fi
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$H/dst")" = ro,nosuid,nodev,noexec,noatime,nosymfollow,user=2001 ]
	run sh -c "echo root >'$H/dst/new'"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Read-only file system"* ]]
	run as_user alice sh -c "echo alice >'$H/dst/new'"
	[[ "$output" == *"Read-only file system"* ]]
	[ ! -e "$H/src/new" ]
	run as_user alice "$SYSMOUNT_T" -f remount,bind,nosuid,nodev,strictatime \
		none "$H/dst" none
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$H/dst")" = rw,nosuid,nodev,user=2001 ]
	as_user alice sh -c "echo alice >'$H/dst/new'"
	[ "$(cat "$H/src/new")" = alice ]
	# what the kernel forced stays: a remount must restate it
	run as_user alice "$SYSMOUNT_T" -f remount,bind,rdonly,nodev none \
		"$H/dst" none
	refused_eperm
	run as_user alice "$SYSMOUNT_T" -f remount,bind,rdonly,nosuid none \
		"$H/dst" none
	refused_eperm
	[ "$(mount_opts "$H/dst")" = rw,nosuid,nodev,user=2001 ]
	# the same through mount_setattr()
	run as_user alice "$NEWAPI_T" setattr "$H/dst" +rdonly +noexec +noatime
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$H/dst")" = ro,nosuid,nodev,noexec,noatime,user=2001 ]
	run as_user alice "$NEWAPI_T" setattr "$H/dst" -nosuid
	refused_eperm
	run as_user alice "$NEWAPI_T" setattr "$H/dst" -rdonly -nodev
	refused_eperm
	# her mount's propagation is hers too (kernel/6.12 0030)
	mount --make-shared "$H/dst"
	run as_user alice "$NEWAPI_T" setattr "$H/dst" private
	[ "$status" -eq 0 ]
	[ -z "$(mount_tags "$H/dst")" ]
	[ "$(mount_opts "$H/dst")" = ro,nosuid,nodev,noexec,noatime,user=2001 ]
	run as_user alice "$NEWAPI_T" setattr "$H/dst" -rdonly -noexec +strictatime
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$H/dst")" = rw,nosuid,nodev,user=2001 ]
}

@test "tools: kernel: bob, root without CAP_SYS_ADMIN and alice change no flag of a mount that is not theirs" {
	alices_bind "$H/dst"
	mkdir -p "$T/rootdir"
	"$SYSMOUNT_T" -f bind "$T/rootdir" "$T/rootdir" none
	mine=$(mount_opts "$H/dst")
	roots=$(mount_opts "$T/rootdir")
	for who in "as_user bob" nocap_root; do
		run $who "$SYSMOUNT_T" -f remount,bind,rdonly,nosuid,nodev none \
			"$H/dst" none
		refused_eperm
		run $who "$NEWAPI_T" setattr "$H/dst" +rdonly
		refused_eperm
		run $who "$SYSMOUNT_T" -f remount,bind,rdonly none "$T/rootdir" none
		refused_eperm
		run $who "$NEWAPI_T" setattr "$T/rootdir" +rdonly
		refused_eperm
	done
	# the kernel makes no user namespace for a chrooted process
	# (tests/vm/deb.bats runs this file in a chroot)
	local userns=yes hows=("as_user alice")
	as_user alice unshare --user true 2>/dev/null || userns=no
	[ "$userns" = no ] || hows+=("as_user alice unshare -r")
	for how in "${hows[@]}"; do
		run $how "$SYSMOUNT_T" -f remount,bind,rdonly none "$T/rootdir" none
		refused_eperm
		run $how "$NEWAPI_T" setattr "$T/rootdir" +noexec
		refused_eperm
		# a superblock remount of her own mount, a change of its owner
		run $how "$SYSMOUNT_T" -f remount,rdonly,nosuid,nodev none \
			"$H/dst" none
		refused_eperm
		run $how "$SYSMOUNT_T" -f remount,bind,setuser,rdonly,nosuid,nodev \
			none "$H/dst" none
		refused_eperm
	done
	[ "$(mount_opts "$H/dst")" = "$mine" ]
	[ "$(mount_opts "$T/rootdir")" = "$roots" ]
	echo root >"$T/rootdir/f"
	series || return 0
	[ "$userns" = yes ] || skip "no user namespace in a chroot"
	# root of her own user namespace, she is still alice: hers she changes
	run as_user alice unshare -r "$SYSMOUNT_T" \
		-f remount,bind,rdonly,nosuid,nodev none "$H/dst" none
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$H/dst")" = ro,nosuid,nodev,relatime,user=2001 ]
	run as_user alice unshare -r "$NEWAPI_T" setattr "$H/dst" -rdonly
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$H/dst")" = "$mine" ]
}

@test "tools: kernel: alice's recursive mount_setattr over root's mount in her tree is refused whole; hers alone works" {
	mkdir -p "$H/src/in"
	chown alice: "$H/src/in"
	alices_bind "$H/dst"
	"$SYSMOUNT_T" root "$H/dst/in" tmpfs
	mine=$(mount_opts "$H/dst")
	roots=$(mount_opts "$H/dst/in")
	run as_user alice "$NEWAPI_T" setattr "$H/dst" rec +rdonly
	refused_eperm
	[ "$(mount_opts "$H/dst")" = "$mine" ]
	[ "$(mount_opts "$H/dst/in")" = "$roots" ]
	run as_user alice "$NEWAPI_T" setattr "$H/dst" +rdonly
	if ! series; then
		refused_eperm
		return
	fi
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == ro,* ]]
	[ "$(mount_opts "$H/dst/in")" = "$roots" ]
	echo root >"$H/dst/in/f"
	# her own tree: every mount of it
	umount "$H/dst/in"
	as_user alice "$SYSMOUNT_T" -f bind "$H/src" "$H/dst/in" none
	run as_user alice "$NEWAPI_T" setattr "$H/dst" rec -rdonly +noexec
	[ "$status" -eq 0 ]
	[ "$(mount_opts "$H/dst")" = rw,nosuid,nodev,noexec,relatime,user=2001 ]
	[ "$(mount_opts "$H/dst/in")" = rw,nosuid,nodev,noexec,relatime,user=2001 ]
}

@test "tools: kernel: the read-only the kernel gave alice's bind of root's files stays, for her and for root" {
	series || skip "needs the series: without it alice binds nothing"
	own_home
	mkdir -p "$T/rootdir"
	echo secret >"$T/rootdir/f"
	as_user alice "$SYSMOUNT_T" -f bind "$T/rootdir" "$H/dst" none
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,*user=2001* ]]
	run as_user alice "$SYSMOUNT_T" -f remount,bind,nosuid,nodev none \
		"$H/dst" none
	refused_eperm
	run as_user alice "$NEWAPI_T" setattr "$H/dst" -rdonly
	refused_eperm
	run "$SYSMOUNT_T" -f remount,bind,nosuid,nodev none "$H/dst" none
	refused_eperm
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,*user=2001* ]]
	run sh -c "echo root >'$H/dst/f'"
	[[ "$output" == *"Read-only file system"* ]]
	[ "$(cat "$T/rootdir/f")" = secret ]
	# she may restrict it further
	run as_user alice "$NEWAPI_T" setattr "$H/dst" +noexec
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,noexec,*user=2001* ]]
}

@test "tools: kernel: the noexec root gave with alice's home stays there and in her bind of it; her own ro she lifts" {
	series || skip "needs the series: without it alice binds nothing"
	"$MOUNT" --bind --setuser=alice -o noexec,nosymfollow "$H" "$H"
	[[ "$(mount_opts "$H")" == rw,*noexec,*nosymfollow,user=2001 ]]
	printf '#!/bin/sh\necho ran\n' >"$H/src/x"
	chmod 755 "$H/src/x"
	chown alice: "$H/src/x"
	run as_user alice "$SYSMOUNT_T" -f remount,bind,nosuid,nodev,nosymfollow \
		none "$H" none
	refused_eperm
	run as_user alice "$NEWAPI_T" setattr "$H" -noexec
	refused_eperm
	run as_user alice "$NEWAPI_T" setattr "$H" -nosymfollow
	refused_eperm
	[[ "$(mount_opts "$H")" == rw,*noexec,*nosymfollow,user=2001 ]]
	# her bind of her own directory in it keeps root's noexec
	as_user alice "$SYSMOUNT_T" -f bind "$H/src" "$H/dst" none
	[[ "$(mount_opts "$H/dst")" == rw,nosuid,nodev,noexec,*user=2001 ]]
	run as_user alice "$SYSMOUNT_T" -f remount,bind,nosuid,nodev none \
		"$H/dst" none
	refused_eperm
	run as_user alice "$NEWAPI_T" setattr "$H/dst" -noexec
	refused_eperm
	run as_user alice "$H/dst/x"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Permission denied"* ]]
	# what she adds herself she lifts again
	run as_user alice "$NEWAPI_T" setattr "$H/dst" +rdonly
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,noexec,*user=2001 ]]
	run as_user alice "$NEWAPI_T" setattr "$H/dst" -rdonly -nosymfollow
	refused_eperm
	run as_user alice "$NEWAPI_T" setattr "$H/dst" -rdonly
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == rw,nosuid,nodev,noexec,*nosymfollow,user=2001 ]]
}

@test "tools: alice remounts her own bind read-only and back with mount -o remount,bind; bob cannot, nor she lift nosuid" {
	series || skip "needs the series: without it alice binds nothing"
	own_home
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	run as_user alice "$MOUNT" -o remount,bind,ro "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,*user=2001 ]]
	run as_user bob "$MOUNT" -o remount,bind,rw "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: not mounted by you (owned by alice, uid 2001)." ]
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,*user=2001 ]]
	run as_user alice "$MOUNT" -o remount,bind,rw,noexec "$H/dst"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == rw,nosuid,nodev,noexec,*user=2001 ]]
	run as_user alice "$MOUNT" -o remount,bind,suid "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: nosuid and nodev stay on a user's mount." ]
	run as_user alice "$MOUNT" -o remount,ro "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: the filesystem's options are root's; the owner changes her mount's flags with -o remount,bind." ]
	[[ "$(mount_opts "$H/dst")" == rw,nosuid,nodev,noexec,*user=2001 ]]
	# root's noexec with her home: she lifts only what she set
	umount "$H/dst"
	"$MOUNT" -o remount,bind,noexec "$H"
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	run as_user alice "$MOUNT" -o remount,bind,exec "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: noexec stays: root set it, or it came with the source of the bind or with files you do not own (you lift only what you set)." ]
	[[ "$(mount_opts "$H/dst")" == rw,nosuid,nodev,noexec,*user=2001 ]]
}

@test "tools: alice's bind remount of her nomnt bind keeps nomnt, nosuid and nodev without naming them" {
	series || skip "needs the series: without it alice binds nothing"
	own_home
	as_user alice "$MOUNT" --bind -o nomnt "$H/src" "$H/dst"
	run as_user alice "$MOUNT" -o remount,bind,ro "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,*nomnt,user=2001 ]]
	run as_user alice "$MOUNT" -o remount,bind,rw "$H/dst"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == rw,nosuid,nodev,*nomnt,user=2001 ]]
	# nomnt still holds: nothing of hers below it
	mkdir -p "$H/src/sub"
	chown alice: "$H/src/sub"
	run as_user alice "$MOUNT" --bind "$H/src" "$H/dst/sub"
	[ "$status" -eq 32 ]
	! is_mounted "$H/dst/sub" || false
}

@test "tools: alice's bind remount of the nomnt home root gave her keeps nomnt without naming it" {
	series || skip "needs the series: without it alice owns nothing"
	"$MOUNT" --bind --setuser=alice -o nomnt "$H" "$H"
	[[ "$(mount_opts "$H")" == *,nomnt,user=2001 ]]
	run as_user alice "$MOUNT" -o remount,bind,ro "$H"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$(mount_opts "$H")" == ro,*nomnt,user=2001 ]]
	run as_user alice "$MOUNT" -o remount,bind,rw "$H"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H")" == rw,*nomnt,user=2001 ]]
	# made by another program: no utab line for libmount to restate
	umount "$H"
	"$SYSMOUNT_T" -u 2001 -f bind,setuser,nomnt "$H" "$H" none
	run as_user alice "$MOUNT" -o remount,bind,ro "$H"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$(mount_opts "$H")" == ro,*nomnt,user=2001 ]]
}

# Root's mounts in alice's source: a tmpfs with another below it.
roots_mounts_in_src() {
	mkdir -p "$H/src/r" "$H/src/own"
	chown alice: "$H/src/own"
	mount -t tmpfs roots "$H/src/r"
	mkdir "$H/src/r/deeper"
	mount -t tmpfs deeper "$H/src/r/deeper"
}

@test "tools: alice unmounts her recursive bind of root's mounts with umount and umount -R, never a copy alone; the counts come back" {
	series || skip "needs the series: without it alice binds nothing"
	shared_world
	own_home
	roots_mounts_in_src
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	as_user alice "$MOUNT" --rbind "$H/src" "$H/dst"
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq $((nr + 3)) ]
	[[ "$(mount_opts "$H/dst/r/deeper")" == *user=2001* ]]
	# a copy alone would show what it covers
	run as_user alice "$UMOUNT" "$H/dst/r/deeper"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/dst/r/deeper: a copy of another's mount in your recursive bind goes only with the mount above it (umount that, or umount -R)." ]
	is_mounted "$H/dst/r/deeper"
	run as_user bob "$UMOUNT" -R "$H/dst"
	[ "$status" -ne 0 ]
	is_mounted "$H/dst/r/deeper"
	run as_user alice "$UMOUNT" -R "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ -z "$(mounts_under "$H/dst")" ]
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq "$nr" ]
	is_mounted "$H/src/r/deeper"

	# a plain umount takes the copies too, not while one is in use
	as_user alice "$MOUNT" --rbind "$H/src" "$H/dst"
	# a cwd in a copy keeps the tree in use
	cd "$H/dst/r/deeper"
	run as_user alice "$UMOUNT" "$H/dst"
	cd /
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/dst: target is busy: 1 mount below it (umount -R unmounts it with it)." ]
	cd "$H/dst/r/deeper"
	run as_user alice "$UMOUNT" -R "$H/dst"
	cd /
	[ "$status" -eq 32 ]
	is_mounted "$H/dst/r/deeper"
	run as_user alice "$UMOUNT" "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$(mounts_under "$H/dst")" ]

	# a mount of her own inside goes first: -R does that
	as_user alice "$MOUNT" --rbind "$H/src" "$H/dst"
	as_user alice "$MOUNT" --bind "$H/src/own" "$H/dst/own"
	run as_user alice "$UMOUNT" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/dst: target is busy: 2 mounts below it (umount -R unmounts them with it)." ]
	run as_user alice "$UMOUNT" -R "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$(mounts_under "$H/dst")" ]
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq "$nr" ]
}

@test "tools: an fstab user or users line grants nothing with the series: the refusal says so and what root can do" {
	series || skip "without the series the fstab policy is the setuid mode's"
	shared_world
	mkdir -p "$T/cdrom" "$T/tmp" "$T/stick"
	truncate -s 8M "$T/stick.img"
	mkfs.ext4 -q "$T/stick.img"
	cat >/etc/fstab <<-EOF
		/dev/sr0 $T/cdrom udf,iso9660 user,noauto 0 0
		$T/stick.img $T/stick ext4 users,noauto,loop 0 0
		tmpfs $T/tmp tmpfs user,noauto 0 0
	EOF
	hint=' gives users no rights on a kernel with mount ownership unless mount is installed setuid: root can mount it for you with --setuser; see usermount(7)).'
	# the installer's cdrom line: refused by the kernel (EPERM)
	run as_user alice "$MOUNT" "$T/cdrom"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/cdrom: filesystem type udf,iso9660 is not allowed for users (fstab's \"user\"$hint" ]
	# a USB stick's image: refused before mount(2) (here: no loop device)
	# (libmount 2.38: EPERM, exit 1; 2.41: its loop device error, 32)
	run as_user alice "$MOUNT" "$T/stick"
	case $status in
	1) [ "$output" = "mount: $T/stick: Operation not permitted (fstab's \"users\"$hint" ] ;;
	32) [ "$output" = "mount: $T/stick: failed to setup loop device for $T/stick.img (fstab's \"users\"$hint" ] ;;
	*) false ;;
	esac
	run as_user alice "$MOUNT" "$T/tmp"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/tmp: filesystem type tmpfs is not allowed for users (fstab's \"user\"$hint" ]
	for d in cdrom stick tmp; do
		! is_mounted "$T/$d" || false
	done
	# what the message says: root mounts the line for her; hers to unmount
	# (not the stick: the guest's kernel has no loop devices)
	"$MOUNT" --setuser=alice "$T/tmp"
	[[ "$(mount_opts "$T/tmp")" == *,user=2001 ]]
	# no utab line of root's with fstab's policy word: hers to unmount
	! grep -F "TARGET=$T/tmp " /run/mount/utab 2>/dev/null || false
	run as_user alice "$UMOUNT" "$T/tmp"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	! is_mounted "$T/tmp" || false
}

# issue 29, item 2: the admin's opt-in (mount(8) installed setuid) keeps
# fstab's user lines working on the series, the mount the caller's own.
@test "tools: mount(8) installed setuid mounts an fstab user line for the caller: hers in the kernel, nosuid,nodev,noexec, no utab line, her umount needs no rights" {
	series || skip "without the series the setuid side is tests/setuid.bats"
	shared_world
	setuid_copies
	mkdir -p "$T/tmp" "$T/cdrom"
	cat >/etc/fstab <<-EOF
		tmpfs $T/tmp tmpfs user,noauto,size=1m 0 0
		tmpfs $T/cdrom tmpfs,ramfs user,noauto,exec 0 0
	EOF
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	run as_user alice "$SUID/mount" "$T/tmp"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	opts=$(mount_opts "$T/tmp")
	echo "$opts"
	[[ ",$opts," == *,nosuid,* && ",$opts," == *,nodev,* ]]
	[[ ",$opts," == *,noexec,* && "$opts" == *,user=2001 ]]
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq $((nr + 1)) ]
	# the kernel keeps the owner: no line of root's that names her
	! grep -F "TARGET=$T/tmp " /run/mount/utab 2>/dev/null || false
	# hers to use as any user mount, and to unmount without any rights
	as_user alice touch "$T/tmp/hers"
	[ "$(stat -c %U "$T/tmp/hers")" = alice ]
	run as_user alice "$UMOUNT" "$T/tmp"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	! is_mounted "$T/tmp" || false
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq "$nr" ]
	# a list of types, as the installer's CD line ("udf,iso9660"): the
	# first one that mounts; the line's exec stays
	run as_user alice "$SUID/mount" "$T/cdrom"
	[ "$status" -eq 0 ]
	grep -q " $T/cdrom .* - tmpfs tmpfs " /proc/self/mountinfo
	opts=$(mount_opts "$T/cdrom")
	[[ ",$opts," == *,nosuid,* && ",$opts," == *,nodev,* ]]
	[[ ",$opts," != *,noexec,* ]]
	[[ "$opts" == *,user=2001 ]]
	run as_user alice "$UMOUNT" "$T/cdrom"
	[ "$status" -eq 0 ]
	! is_mounted "$T/cdrom" || false
}

# alice's "mount TARGET" through the setuid copy ($SUID) is refused with
# the status and message of the copy without the bit, nothing mounted
refused_as_without_bit() {
	local target=$1 plain

	run as_user alice "$MOUNT" "$target"
	plain="$status|$output"
	run as_user alice "$SUID/mount" "$target"
	[ "$status|$output" = "$plain" ]
	[ "$status" -ne 0 ]
	! is_mounted "$target" || false
}

@test "tools: setuid mount(8) on the series: a users line is its mounter's, a root line is refused as without the bit, and the rest runs as the caller" {
	series || skip "without the series the setuid side is tests/setuid.bats"
	shared_world
	setuid_copies
	own_home
	mkdir -p "$T/shared" "$T/rootonly"
	cat >/etc/fstab <<-EOF
		tmpfs $T/shared tmpfs users,noauto 0 0
		tmpfs $T/rootonly tmpfs noauto 0 0
	EOF
	run as_user bob "$SUID/mount" "$T/shared"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/shared")" == *,user=2002 ]]
	# "users": util-linux lets any user unmount it; the kernel records
	# one owner, and only bob (or root) unmounts his mount
	run as_user alice "$UMOUNT" "$T/shared"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $T/shared: not mounted by you (owned by bob, uid 2002)." ]
	is_mounted "$T/shared"
	run as_user bob "$UMOUNT" "$T/shared"
	[ "$status" -eq 0 ]
	! is_mounted "$T/shared" || false
	# a line without user: the kernel's answer, as the copy without the bit
	refused_as_without_bit "$T/rootonly"
	[ "$status" -eq 32 ]
	# beyond fstab's policy the copy runs as the caller: her own bind
	run as_user alice "$SUID/mount" --bind "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == *user=2001* ]]
	# and her --setuser for another user stays refused
	run as_user alice "$SUID/mount" --setuser=bob --bind "$H/src" "$H/fuse"
	[ "$status" -ne 0 ]
	! is_mounted "$H/fuse" || false
	# so does a user line that names another owner: it is root's to give
	mkdir -p "$T/given"
	echo "tmpfs $T/given tmpfs user,noauto,setuser=bob 0 0" >/etc/fstab
	run as_user alice "$SUID/mount" "$T/given"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: --setuser: only root may make a mount owned by another user" ]
	! is_mounted "$T/given" || false
	# a line a mount.TYPE helper mounts (helper=, fuse.TYPE) stays the
	# helper's, run as the caller: the kernel judges her, as without the bit
	echo "tmpfs $H/fuse tmpfs user,noauto,helper=none 0 0" >/etc/fstab
	refused_as_without_bit "$H/fuse"
}

@test "tools: setuid mount(8) on the series: a user line's paths are fixed and pinned: no link of hers, no mount of another user's on the way" {
	series || skip "without the series the setuid side is tests/setuid.bats"
	shared_world
	setuid_copies
	own_home
	root_dir
	cat >/etc/fstab <<-EOF
		tmpfs $H/stick tmpfs user,noauto 0 0
		$H/src $T/other none user,bind,noauto 0 0
		tmpfs $T/bobs/m tmpfs user,noauto 0 0
	EOF
	# her link where the line's mountpoint is: root's directory stays bare
	ln -s "$T/etc" "$H/stick"
	chown -h alice: "$H/stick"
	run as_user alice "$SUID/mount" "$H/stick"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $T/etc: mountpoint not fixed: $H may be changed by users." ]
	! is_mounted "$T/etc" || false
	[ "$(cat "$T/etc/shadow")" = root ]
	# a bind line's source in her home: hers to swap, refused
	run as_user alice "$SUID/mount" "$T/other"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $H/src: source not fixed: $H may be changed by users." ]
	! is_mounted "$T/other" || false
	# a mountpoint of root's on a mount bob owns: bob could stack his own
	# mounts there at any time; the pinned walk refuses it
	mkdir -p "$T/bobs"
	"$MOUNT" -t tmpfs -o mode=0755 --setuser=bob bobs "$T/bobs"
	mkdir "$T/bobs/m"
	run as_user alice "$SUID/mount" "$T/bobs/m"
	echo "$output"
	[ "$status" -eq 32 ]
	[[ "$output" == "mount: $T/bobs/m: not given to alice: "*bob* ]]
	! is_mounted "$T/bobs/m" || false
}

# The targets of the mounts uid $1 owns, from mountinfo's per-mount
# options (field 6), sorted.
owned_targets() {
	awk -v u="user=$1" "$MI_AWK"'
	{ n = split($6, o, ",") ; for (i = 1; i <= n; i++) if (o[i] == u) print unesc($5) }' \
		/proc/self/mountinfo | sort
}

@test "tools: mount --owned lists a user's mounts; umount -a --owned unmounts them, her recursive bind whole, and no one else's" {
	if ! series; then
		run "$MOUNT" --owned
		[ "$status" -eq 32 ]
		[ "$output" = "mount: --owned needs a kernel with mount ownership (no /proc/sys/fs/max_user_mounts)" ]
		run as_user alice "$UMOUNT" -a --owned
		[ "$status" -eq 32 ]
		[ "$output" = "umount: --owned needs a kernel with mount ownership (no /proc/sys/fs/max_user_mounts)" ]
		return
	fi
	shared_world
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	own_home
	roots_mounts_in_src
	mkdir "$H/b" "$T/bobs"
	chown alice: "$H/b"
	chown bob: "$T/bobs"
	"$MOUNT" --bind --setuser=bob "$T/bobs" "$T/bobs"
	as_user bob mkdir "$T/bobs/m"
	as_user bob "$MOUNT" --bind "$T/bobs" "$T/bobs/m"
	as_user alice "$MOUNT" --rbind "$H/src" "$H/dst"
	as_user alice "$MOUNT" --bind "$H/src/own" "$H/dst/own"
	as_user alice "$MOUNT" --bind "$H/src/own" "$H/b"
	theirs=$(owned_targets 2002)
	# the listing: hers, as the kernel records them; -t narrows it
	run as_user alice "$MOUNT" --owned
	[ "$status" -eq 0 ]
	[ "$(sed 's/^.* on \(.*\) type .*$/\1/' <<<"$output" | sort)" = "$(owned_targets 2001)" ]
	[ "$(grep -c '[(,]user=2001[,)]' <<<"$output")" -eq "${#lines[@]}" ]
	[ "${#lines[@]}" -ge 5 ]
	mine=$output
	run "$MOUNT" --owned=bob
	[ "$status" -eq 0 ]
	[ "$(sed 's/^.* on \(.*\) type .*$/\1/' <<<"$output" | sort)" = "$theirs" ]
	run as_user alice "$MOUNT" --owned -t tmpfs
	[ "$status" -eq 0 ]
	[ "$output" = "$mine" ]
	run as_user alice "$MOUNT" --owned -t ext4
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run "$MOUNT" --owned --bind "$H/src" "$H/dst"
	[ "$status" -eq 1 ]
	# bob may not: nothing of hers goes
	before=$(owned_targets 2001)
	run as_user bob "$UMOUNT" -a --owned=alice
	[ "$status" -eq 32 ]
	[[ "$output" == *"umount: $H/dst/own: not mounted by you (owned by alice, uid 2001)."* ]]
	[ "$(owned_targets 2001)" = "$before" ]
	# hers go, last mounted first, copies with the mount above them; her
	# home stays, held by root's mounts in it
	run as_user alice "$UMOUNT" -a --owned
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H: target is busy: 1 mount below it is not yours." ]
	[ "$(owned_targets 2001)" = "$H" ]
	[ "$(owned_targets 2002)" = "$theirs" ]
	is_mounted "$H/src/r/deeper"
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq $((nr + 3)) ]
	# root names bob: his go, unmounted as bob (the names are his to
	# change: the kernel then judges each umount as his), and a name
	# nobody has is bad usage
	run strace -f -qq -e trace=setresuid,umount2 -o "$T/trace" \
		"$UMOUNT" -a --owned=bob
	[ "$status" -eq 0 ]
	[ -z "$(owned_targets 2002)" ]
	cat "$T/trace"
	[ "$(grep -Ec '^[0-9]+ +umount2\(.* = 0$' "$T/trace")" -eq 2 ]
	[ "$(sed -n '/umount2(/q; /setresuid(2002, 2002, 2002) *= 0$/p' "$T/trace" | wc -l)" -eq 1 ]
	run "$UMOUNT" -a --owned=no-such-user-um
	[ "$status" -eq 1 ]
	[ "$output" = "umount: --owned: no such user
Try 'umount --help' for more information." ]
}

# The command usermount-logout.service runs when alice's user manager
# stops, read from the unit, with this tree's umount.
logout_command() {
	sed -n 's|^ExecStop=@bindir@/umount ||p' \
		"$top_srcdir/systemd/usermount-logout.service.in"
}

@test "tools: at logout (usermount-logout.service's command) alice's mounts go, the home fstab gives her stays" {
	if ! series; then
		run as_user alice "$UMOUNT" $(logout_command)
		[ "$status" -eq 32 ]
		[ "$output" = "umount: --owned needs a kernel with mount ownership (no /proc/sys/fs/max_user_mounts)" ]
		return
	fi
	[ "$(logout_command)" = "--all --owned --keep-fstab" ]
	shared_world
	mkdir "$H/tmp" "$T/bobs"
	chown alice: "$H/tmp"
	chown bob: "$T/bobs"
	# the admin's: her home, and bob's, from fstab as systemd mounts them
	cat >/etc/fstab <<-EOF
	UUID=0b4e3c6d-5b6a-4f7e-9d1c-2a3b4c5d6e7f / ext4 errors=remount-ro 0 1
	LABEL=swap none swap sw 0 0
	$H $H none bind,setuser=alice,nofail 0 0
	$T/bobs $T/bobs none bind,setuser=bob,nofail 0 0
	EOF
	"$MOUNT" "$H"
	"$MOUNT" "$T/bobs"
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	as_user alice "$MOUNT" -o ro --bind "$H/src" "$H/src"
	as_user alice "$MOUNT" --bind "$H/dst" "$H/tmp"
	as_user bob "$MOUNT" --bind "$T/bobs" "$T/bobs"
	theirs=$(owned_targets 2002)
	[ "$(owned_targets 2001 | wc -l)" -eq 5 ]	# with a copy of the ro bind at dst
	run as_user alice "$UMOUNT" $(logout_command)
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(owned_targets 2001)" = "$H" ]
	[ "$(owned_targets 2002)" = "$theirs" ]
	# root naming her, as a PAM session hook would: the same
	as_user alice "$MOUNT" --bind "$H/dst" "$H/tmp"
	run "$UMOUNT" -a --owned=alice --keep-fstab
	[ "$status" -eq 0 ]
	[ "$(owned_targets 2001)" = "$H" ]
	# without --keep-fstab the home goes too; alone it is bad usage
	run as_user alice "$UMOUNT" -a --owned
	[ "$status" -eq 0 ]
	[ -z "$(owned_targets 2001)" ]
	run as_user alice "$UMOUNT" -a --keep-fstab
	[ "$status" -eq 1 ]
	[ "$output" = "umount: --keep-fstab goes with --all --owned
Try 'umount --help' for more information." ]
}

@test "tools: root's umount -R of alice's recursive bind takes it whole" {
	series || skip "needs the series: without it alice binds nothing"
	shared_world
	own_home
	roots_mounts_in_src
	as_user alice "$MOUNT" --rbind "$H/src" "$H/dst"
	run "$UMOUNT" -R "$H/dst"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ -z "$(mounts_under "$H/dst")" ]
	is_mounted "$H/src/r/deeper"
}

@test "tools: alice sets the propagation of her own bind; bob cannot, nor she over root's mount inside" {
	if ! series; then
		# no owners: root's bind, and her change refused as before
		mount --bind "$H/src" "$H/dst"
		mount --make-shared "$H/dst"
		run as_user alice "$MOUNT" --make-private "$H/dst"
		[ "$status" -eq 32 ]
		[[ "$output" == "mount: "*"must be superuser to use mount."* ]]
		[[ "$(mount_tags "$H/dst")" == shared:* ]]
		return
	fi
	shared_world
	own_home
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	for p in shared:private:'' private:shared:shared unbindable:shared:unbindable; do
		IFS=: read -r want was tag <<<"$p"
		run as_user alice "$MOUNT" "--make-$want" "$H/dst"
		[ "$status" -eq 0 ]
		[ -z "$output" ]
		case $want in
		shared) [[ "$(mount_tags "$H/dst")" == shared:* ]] ;;
		private) [ -z "$(mount_tags "$H/dst")" ] ;;
		unbindable) [ "$(mount_tags "$H/dst")" = unbindable ] ;;
		esac
	done
	[[ "$(mount_opts "$H/dst")" == *user=2001 ]]
	run as_user bob "$MOUNT" --make-private "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: not mounted by you (owned by alice, uid 2001)." ]
	[ "$(mount_tags "$H/dst")" = unbindable ]
	# root's mount inside hers: her recursive change is refused whole
	mkdir -p "$H/src/r"
	mount -t tmpfs roots "$H/dst/r"
	mount --make-shared "$H/dst/r"
	run as_user alice "$MOUNT" --make-rprivate "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: a mount below is not yours: a recursive change reaches only a tree of your own mounts." ]
	[ "$(mount_tags "$H/dst")" = unbindable ]
	[[ "$(mount_tags "$H/dst/r")" == shared:* ]]
	run as_user alice "$MOUNT" --make-private "$H/dst/r"
	[ "$status" -eq 32 ]
	[[ "$(mount_tags "$H/dst/r")" == shared:* ]]
}

# Moves within her own mounts (kernel/6.12 0032, kernel/6.1 0030; issue 26,
# item 3), with / shared as systemd leaves it.
@test "tools: alice moves her own mounts within hers; others cannot; a refusal names the rule" {
	mkdir -p "$H/to" "$H/p" "$H/src/m" "$H/src/r"
	chown alice: "$H/to" "$H/p" "$H/src/m" "$H/src/r"
	if ! series; then
		mount --bind "$H/src" "$H/dst"
		run as_user alice "$MOUNT" --move "$H/dst" "$H/to"
		[ "$status" -eq 32 ]
		[[ "$output" == "mount: "*"must be superuser to use mount."* ]]
		is_mounted "$H/dst"
		return
	fi
	shared_world
	own_home
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	# out of a shared mount: the kernel's rule for everyone, and the way
	run as_user alice "$MOUNT" --move "$H/dst" "$H/to"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/to: the kernel moves no mount out of a shared mount: make $H private first (mount --make-private)." ]
	is_mounted "$H/dst"
	as_user alice "$MOUNT" --make-private "$H"
	run as_user alice "$MOUNT" --move "$H/dst" "$H/to"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	! is_mounted "$H/dst" || false
	[[ "$(mount_opts "$H/to")" == *nosuid,nodev*user=2001 ]]
	# bob, root without CAP_SYS_ADMIN and bob's user namespace's root
	run as_user bob "$MOUNT" --move "$H/to" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: not mounted by you (owned by alice, uid 2001)." ]
	run nocap_root "$SYSMOUNT_T" -f move "$H/to" "$H/dst" none
	refused_eperm
	if as_user bob unshare --user true 2>/dev/null; then
		run as_user bob unshare -r "$SYSMOUNT_T" -f move "$H/to" "$H/dst" none
		refused_eperm
	fi
	is_mounted "$H/to"
	! is_mounted "$H/dst" || false
	# onto root's directory, and with root's mount inside
	run as_user alice "$MOUNT" --move "$H/to" "$T/other"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/other: you may move your mounts only onto a mount of your own without nomnt." ]
	mount -t tmpfs roots "$H/to/r"
	run as_user alice "$MOUNT" --move "$H/to" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: you may move only a tree of your own mounts from a mount of your own, not out of a nomnt mount, and not over another's mount." ]
	is_mounted "$H/to/r"
	umount "$H/to/r"
	# into a shared mount: copies reach only her own mounts, not root's
	as_user alice "$MOUNT" --bind "$H/src" "$H/p"
	as_user alice "$MOUNT" --move "$H/to" "$H/p/m"
	as_user alice "$MOUNT" --make-shared "$H"
	mkdir -p "$T/other/copy"
	mount --bind "$H" "$T/other/copy"
	# root's copy is her home's peer: what reaches one reaches the other
	[[ "$(mount_tags "$T/other/copy")" == shared:* ]]
	[ "$(mount_tags "$T/other/copy" | cut -d' ' -f1)" = \
		"$(mount_tags "$H" | cut -d' ' -f1)" ]
	run as_user alice "$MOUNT" --move "$H/p/m" "$H/dst"
	[ "$status" -eq 0 ]
	is_mounted "$H/dst"
	[[ "$(mount_opts "$H/dst")" == *user=2001 ]]
	! is_mounted "$T/other/copy/dst" || false
	umount "$T/other/copy"
	# every mount of hers goes with umount -a --owned; the count is back
	run as_user alice "$UMOUNT" -a --owned
	[ "$status" -eq 0 ]
	! is_mounted "$H/dst" || false
	! is_mounted "$H/p" || false
}

@test "tools: a bind with flags is made in one step, root's and with the series alice's: never a bind without them in between" {
	command -v strace >/dev/null || skip "no strace"
	strace -f -e trace=mount,open_tree,mount_setattr,move_mount \
		-o "$T/trace" "$MOUNT" --bind -o ro,noexec "$H/src" "$H/dst"
	cat "$T/trace"
	[[ "$(mount_opts "$H/dst")" == ro,*noexec* ]]
	grep -Eq 'open_tree\(AT_FDCWD, "[^"]*", OPEN_TREE_CLONE\|OPEN_TREE_CLOEXEC\) = [0-9]' "$T/trace"
	grep -Eq 'mount_setattr\(.*MOUNT_ATTR_RDONLY\|MOUNT_ATTR_NOEXEC.* = 0' "$T/trace"
	grep -Eq 'move_mount\(.*MOVE_MOUNT_F_EMPTY_PATH(\|MOVE_MOUNT_T_SYMLINKS)?\) = 0' "$T/trace"
	! grep -Eq '^[0-9]+ +mount\(' "$T/trace" || false
	umount "$H/dst"
	# with the series, alice's own too: the kernel opens her a copy
	series || return 0
	own_home
	strace -f -e trace=mount,open_tree,mount_setattr,move_mount \
		-o "$T/trace" setpriv --reuid=2001 --regid=2001 \
		--clear-groups -- "$MOUNT" --bind -o ro,noexec "$H/src" "$H/dst"
	cat "$T/trace"
	[[ "$(mount_opts "$H/dst")" == ro,*noexec*user=2001 ]]
	grep -Eq 'open_tree\(AT_FDCWD, "[^"]*", OPEN_TREE_CLONE\|OPEN_TREE_CLOEXEC\) = [0-9]' "$T/trace"
	grep -Eq 'mount_setattr\(.*MOUNT_ATTR_RDONLY\|MOUNT_ATTR_NOEXEC.* = 0' "$T/trace"
	grep -Eq 'move_mount\(.*MOVE_MOUNT_F_EMPTY_PATH\) = 0' "$T/trace"
	! grep -Eq '^[0-9]+ +mount\(' "$T/trace" || false
	run as_user alice "$UMOUNT" "$H/dst"
	[ "$status" -eq 0 ]
	! is_mounted "$H/dst" || false
	# a copy of a directory with root's mount below is refused as her
	# bind is, with the same message
	mkdir -p "$H/src/in"
	mount -t tmpfs rootfs "$H/src/in"
	run as_user alice "$MOUNT" --bind -o ro "$H/src" "$H/dst"
	echo "$output"
	[ "$status" -eq 32 ]
	run as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	[ "$status" -eq 32 ]
	bind_msg=${output}
	[ "$bind_msg" = "mount: $H/dst: a mount below the source is not yours, and a bind would show what it covers (mount --rbind takes it along)." ]
	run as_user alice "$MOUNT" --bind -o ro "$H/src" "$H/dst"
	[ "$output" = "$bind_msg" ]
	! is_mounted "$H/dst" || false
	umount "$H/src/in"
}

@test "tools: alice's bind over root's mount, or of a tree with root's mount below: the refusal says which and what to do" {
	series || skip "without the series alice binds nothing: the refusal is util-linux's"
	shared_world
	own_home
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	mkdir -p "$H/src/in" "$H/dst/in"
	chown alice: "$H/src/in" "$H/dst/in"
	mount -t tmpfs roots "$H/src/in"
	mkdir "$H/b"
	chown alice: "$H/b"
	run as_user alice "$MOUNT" --bind "$H/src" "$H/b"
	refused_undone "$H/b: a mount below the source is not yours, and a bind would show what it covers (mount --rbind takes it along)." "$H/b" "$nr"
	# what it says works: root's mount comes along
	run as_user alice "$MOUNT" --rbind "$H/src" "$H/b"
	[ "$status" -eq 0 ]
	is_mounted "$H/b/in"
	as_user alice "$UMOUNT" -R "$H/b"
	# her own mount below is no reason
	umount "$H/src/in"
	as_user alice "$MOUNT" --bind "$H/dst" "$H/src/in"
	run as_user alice "$MOUNT" --bind "$H/src" "$H/b"
	[ "$status" -eq 0 ]
	as_user alice "$UMOUNT" "$H/b"
	as_user alice "$UMOUNT" "$H/src/in"
	# root's mount below the mountpoint: hers would hide it
	mount -t tmpfs roots "$H/dst/in"
	hides="$H/dst: a mount below the mountpoint is not yours, and your mount would hide it."
	run as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	refused_undone "$hides" "$H/dst" "$nr"
	run as_user alice "$MOUNT" --rbind "$H/src" "$H/dst"
	refused_undone "$hides" "$H/dst" "$nr"
	umount "$H/dst/in"
}

@test "tools: alice's one-step bind in the world systemd makes (/ rshared): hers with its flags, and no copy anywhere else" {
	series || skip "without the series alice binds nothing"
	command -v strace >/dev/null || skip "no strace"
	shared_world
	own_home
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	before=$(wc -l </proc/self/mountinfo)
	strace -f -e trace=mount,open_tree,mount_setattr,move_mount \
		-o "$T/trace" setpriv --reuid=2001 --regid=2001 \
		--clear-groups -- "$MOUNT" --bind -o ro,noexec "$H/src" "$H/dst"
	cat "$T/trace"
	grep -Eq 'move_mount\(.*MOVE_MOUNT_F_EMPTY_PATH\) = 0' "$T/trace"
	! grep -Eq '^[0-9]+ +mount\(' "$T/trace" || false
	[[ "$(mount_opts "$H/dst")" == ro,nosuid,nodev,noexec,*user=2001* ]]
	# one mount more, hers, charged once: propagation made no other
	[ "$(wc -l </proc/self/mountinfo)" -eq $((before + 1)) ]
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq $((nr + 1)) ]
	grep -q " $H/dst .*shared:" /proc/self/mountinfo
	run as_user alice "$UMOUNT" "$H/dst"
	[ "$status" -eq 0 ]
	! is_mounted "$H/dst" || false
	[ "$(wc -l </proc/self/mountinfo)" -eq "$before" ]
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq "$nr" ]
}

@test "tools: strictatime and lazytime keep their meaning with the series" {
	mkdir -p "$T/m"
	run "$MOUNT" -t tmpfs -o strictatime x "$T/m"
	[ "$status" -eq 0 ]
	opts=$(mount_opts "$T/m")
	[[ ",$opts," != *,relatime,* && ",$opts," != *,noatime,* ]]
	[[ "$opts" != *user=* && ",$opts," != *,nomnt,* ]]
	umount "$T/m"
	run "$MOUNT" -t tmpfs -o lazytime x "$T/m"
	[ "$status" -eq 0 ]
	grep -q " $T/m .* - tmpfs x .*lazytime" /proc/self/mountinfo
	opts=$(mount_opts "$T/m")
	[[ "$opts" != *user=* && ",$opts," != *,nomnt,* ]]
}

@test "tools: forced unmount by the owner only for fuse" {
	series || skip "owners exist only with the series"
	own_home
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	run as_user alice "$UMOUNT" -f "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/dst: forced unmount by the owner is allowed only for fuse." ]
	is_mounted "$H/dst"
}

@test "tools: beyond fstab's user lines a setuid copy runs as the caller: alice's mount is hers" {
	series || skip "the setuid side is tests/setuid.bats"
	own_home
	setuid_copies
	run as_user alice "$SUID/mount" --bind "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	# run as root, the kernel would have recorded no owner
	[[ "$(mount_opts "$H/dst")" == *user=2001* ]]
	run as_user alice "$SUID/mount" --bind "$H/src" "$T/other"
	[ "$status" -eq 32 ]
	! is_mounted "$T/other" || false
}

@test "tools: mount -t fuse.hellofs through mount.fuse, umount by alice" {
	[ -x "$FUSEFS" ] || skip "tests/vm/fuse/hellofs not built"
	! series || own_home
	run as_user alice env PATH="${FUSEFS%/*}:$PATH" \
		"$MOUNT" -t fuse.hellofs hellofs "$H/fuse"
	if ! series; then
		[ "$status" -ne 0 ]
		! is_mounted "$H/fuse" || false
		return
	fi
	[ "$status" -eq 0 ]
	opts=$(mount_opts "$H/fuse")
	[[ "$opts" == *user=2001* ]]
	grep -q " $H/fuse .* - fuse.hellofs .*user_id=2001,group_id=2001" /proc/self/mountinfo
	run as_user alice "$UMOUNT" "$H/fuse"
	[ "$status" -eq 0 ]
	! is_mounted "$H/fuse" || false
	# forced unmount by the owner is allowed for fuse
	as_user alice env PATH="${FUSEFS%/*}:$PATH" \
		"$MOUNT" -t fuse.hellofs hellofs "$H/fuse"
	run as_user alice "$UMOUNT" -f "$H/fuse"
	[ "$status" -eq 0 ]
	! is_mounted "$H/fuse" || false
}

@test "tools: --setuser on a new mount, not only a bind mount" {
	mkdir -p "$T/new"
	run "$MOUNT" -t tmpfs --setuser=bob -o size=1m fresh "$T/new"
	if ! series; then
		[ "$status" -eq 32 ]
		! is_mounted "$T/new" || false
		return
	fi
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/new")" == *user=2002* ]]
	run as_user bob "$UMOUNT" "$T/new"
	[ "$status" -eq 0 ]
	! is_mounted "$T/new" || false
	# a propagation word with a new mount is no propagation change: the
	# owner is still recorded (libmount sets "shared" by a second call)
	run "$MOUNT" -t tmpfs --setuser=bob -o size=1m,shared fresh "$T/new"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/new")" == *user=2002* ]]
	[ "$(findmnt -no PROPAGATION --mountpoint "$T/new")" = shared ]
	run as_user bob "$UMOUNT" "$T/new"
	[ "$status" -eq 0 ]
	! is_mounted "$T/new" || false
}

@test "tools: hostile FUSE names: user=0 in fsname and subtype is no owner; names match exactly" {
	[ -x "$FUSEFS" ] || skip "tests/vm/fuse/hellofs not built"
	series || skip "needs the series: run by make check-vm"
	own_home
	local d="$H/f x"$'\n'"y\\z"
	mkdir -p "$d" "$H/f"
	chown alice:alice "$d" "$H/f"
	# libfuse unescapes "\," in -o; the kernel gets "user=0,user=0"
	run as_user alice "$FUSEFS" \
		-o 'fsname=user=0\,user=0 (deleted),subtype=user=0' "$d"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	[[ "$(mount_opts "$d")" == *user=2001* ]]
	# the kernel's owner is alice, whatever the fsname or subtype say;
	# without allow_other the FUSE server lets bob not even stat the
	# mountpoint, yet umount names her, from the mount the kernel says
	# the path reaches
	run as_user bob "$UMOUNT" "$d"
	[ "$status" -eq 32 ]
	# the name as the listing writes it: one line, the newline \x0a
	[ "$output" = "umount: $H/f x\\x0ay\\z: not mounted by you (owned by alice, uid 2001)." ]
	is_mounted "$d"
	# listed as itself, control characters masked, nothing rewritten
	run "$MOUNT" -t fuse.user=0
	[ "$status" -eq 0 ]
	[ "$output" = "user=0,user=0 (deleted) on $H/f x\\x0ay\\z type fuse.user=0 (rw,nosuid,nodev,relatime,user=2001,user_id=2001,group_id=2001)" ]
	# a prefix of the name is not the mount
	run as_user alice "$UMOUNT" "$H/f"
	[ "$status" -eq 32 ]
	is_mounted "$d"
	run as_user alice "$UMOUNT" "$d"
	[ "$status" -eq 0 ]
	! is_mounted "$d" || false
}

# fact KEY TARGET: KEY's value on TARGET's line of mount-facts' $output
fact() {
	awk -v k="$1" -v t="$2" '$2 == t {
		for (i = 3; i <= NF; i++)
			if (index($i, k "=") == 1)
				print substr($i, length(k) + 2)
	}' <<<"$output"
}

# usermount asks statmount(2) for a mount's owner, nomnt and flags where
# the kernel tells owners (kernel/6.12/0025), and reads mountinfo where it
# does not (6.1): the two must say the same of every mount, to anyone.
@test "tools: statmount and mountinfo tell root, alice and bob the same owner, nomnt and flags" {
	local facts=$top_builddir/tests/vm/mount-facts u out
	series || skip "needs the series: run by make check-vm"
	[ -x "$FUSEFS" ] || skip "tests/vm/fuse/hellofs not built"
	own_home
	mkdir -p "$H/ro" "$H/nomnt" "$T/bob"
	chown alice:alice "$H/ro" "$H/nomnt"
	"$MOUNT" --bind --setuser=alice -o ro,noexec "$H/src" "$H/ro"
	as_user alice "$MOUNT" --bind -o nomnt "$H/src" "$H/nomnt"
	"$MOUNT" -t tmpfs --setuser=bob -o size=1m,noatime bobs "$T/bob"
	as_user alice "$FUSEFS" "$H/fuse"
	run "$facts"
	echo "$output"
	if [ "$status" -eq 2 ]; then
		# no statmount() owner: only on the kernel without 0025
		[[ "$(uname -r)" == 6.1.* ]]
		[ "$output" = "statmount: this kernel does not tell owners" ]
		umount "$H/fuse"
		return
	fi
	for u in root alice bob; do
		run as_user "$u" "$facts"
		echo "# as $u"; echo "$output"
		[ "$status" -eq 0 ]
		[ "$(fact owner "$H")" = 2001 ]
		[ "$(fact owner "$H/ro")" = 2001 ]
		[ $(($(fact attr "$H/ro") & 0x9)) -eq 9 ]	# ro, noexec
		[ "$(fact owner "$H/nomnt")" = 2001 ]
		[ "$(fact nomnt "$H/nomnt")" = 1 ]
		[ "$(fact attr "$H/nomnt")" = 0x6 ]	# nosuid, nodev
		[ "$(fact nomnt "$H")" = 0 ]
		[ "$(fact owner "$T/bob")" = 2002 ]
		[ $(($(fact attr "$T/bob") & 0x10)) -eq 16 ]	# noatime
		[ "$(fact owner "$UM_ROOT")" = - ]
		# FUSE lets alice alone look at her mount (no allow_other)
		if [ "$u" = alice ]; then
			[ "$(fact owner "$H/fuse")" = 2001 ]
		else
			[ -z "$(fact owner "$H/fuse")" ]
		fi
	done
	umount "$H/fuse"
}

@test "tools: -m makes a missing mountpoint as the caller: alice's below her mount, root's for --setuser" {
	! series || own_home
	run as_user alice "$MOUNT" -m --bind "$H/src" "$H/new/dir"
	# the directory is the caller's, made with her rights, either way
	[ "$(stat -c '%U %a' "$H/new" "$H/new/dir")" = "alice 755
alice 755" ]
	if ! series; then
		[ "$status" -eq 32 ]
		[ "${lines[0]}" = "mount: $H/new/dir: must be superuser to use mount." ]
		! is_mounted "$H/new/dir" || false
	else
		[ "$status" -eq 0 ]
		[[ "$(mount_opts "$H/new/dir")" == *,user=2001 ]]
	fi
	run "$MOUNT" --mkdir=0711 --bind --setuser=alice "$H/src" "$T/made/here"
	echo "$output"
	if ! series; then
		[ "$status" -eq 32 ]
		# refused before anything was made
		[ ! -e "$T/made" ]
		return
	fi
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/made/here")" == *,user=2001 ]]
	umount "$T/made/here"
	[ "$(stat -c '%U %a' "$T/made" "$T/made/here")" = "root 711
root 711" ]
	# mode 0700: made by root, out of alice's reach, as asked
	run "$MOUNT" -m0700 --bind --setuser=alice "$H/src" "$T/closed/here"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/closed/here: alice (the new owner) cannot reach the source or the mountpoint." ]
	[ "$(stat -c '%U %a' "$T/closed/here")" = "root 700" ]
	! is_mounted "$T/closed/here" || false
}

@test "tools: alice's -a -F and --target-prefix with her own -T fstab; --options-mode" {
	! series || own_home
	printf '%s\n' "$H/src /dst none bind 0 0" >"$H/alt"
	chown alice "$H/alt"
	run as_user alice "$MOUNT" --target-prefix "$H" -T "$H/alt" -a -F
	echo "$output"
	if ! series; then
		# the child's refusal is counted, not shown, as util-linux
		[ "$status" -eq 32 ]
		[ -z "$output" ]
		! is_mounted "$H/dst" || false
	else
		[ "$status" -eq 0 ]
		[[ "$(mount_opts "$H/dst")" == *,user=2001 ]]
		as_user alice "$UMOUNT" "$H/dst"
	fi
	# fstab's ro, which a user's bind cannot have, left out
	echo "$H/src $H/dst none bind,ro 0 0" >/etc/fstab
	run as_user alice "$MOUNT" --options-mode ignore -o bind "$H/dst"
	echo "$output"
	if ! series; then
		[ "$status" -eq 32 ]
		return
	fi
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == rw,*,user=2001 ]]
}

@test "tools: setuser or nomnt with X-mount.subdir is refused before anything is done" {
	run "$MOUNT" -t tmpfs -o X-mount.subdir=x,setuser=alice x "$H/dst"
	if ! series; then
		[ "$status" -eq 32 ]
		[[ "$output" == *"need a kernel with mount ownership"* ]]
	else
		[ "$status" -eq 1 ]
		[ "$output" = "mount: $H/dst: setuser and nomnt cannot be used with X-mount.subdir" ]
	fi
	! is_mounted "$H/dst" || false
	[ -z "$(mounts_under "$T")" ]
}

@test "tools: a remount below --target-prefix keeps the owner" {
	if series; then
		own_home
	else
		"$MOUNT" --bind "$H" "$H"
	fi
	# the target as fstab would have it, below the prefix
	run "$MOUNT" --target-prefix "${T%/*}" -o remount,bind,ro "/${T##*/}/home"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H")" == ro,* ]]
	series || return 0
	[[ "$(mount_opts "$H")" == *,user=2001 ]]
}

# libmount is loaded by the dynamic loader's "file=" line for it
loads_libmount() {
	[[ "$1" == *"file=libmount.so.1 "* ]]
}

# The loader's trace is there (libc loaded), and libmount is not in it.
no_libmount() {
	[[ "$1" == *"file=libc.so.6 "* && "$1" != *"file=libmount.so.1 "* ]]
}

@test "tools: an owner's bind and umount need no libmount; the result is the full way's" {
	series || skip "the owner's fast path needs the series"
	own_home
	run as_user alice env LD_DEBUG=files "$MOUNT" --bind "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	no_libmount "$output"
	[[ "$output" != *"mount:"* ]]
	opts=$(mount_opts "$H/dst")
	[[ "$opts" == *nosuid* && "$opts" == *nodev* && "$opts" == *user=2001* ]]
	[ -e "$H/dst/file" ]
	run as_user alice env LD_DEBUG=files "$UMOUNT" "$H/dst"
	[ "$status" -eq 0 ]
	no_libmount "$output"
	[[ "$output" != *"umount:"* ]]
	! is_mounted "$H/dst" || false
	# a relative source and mountpoint are canonicalised, as by libmount
	run as_user alice sh -c 'cd "$1" && exec env LD_DEBUG=files "$2" -B src ./dst/' \
		sh "$H" "$MOUNT"
	[ "$status" -eq 0 ]
	no_libmount "$output"
	[ -e "$H/dst/file" ]
	[[ "$(mount_opts "$H/dst")" == *user=2001* ]]
	as_user alice "$UMOUNT" "$H/dst"
}

@test "tools: a refused owner's bind or umount is worded by the full way" {
	series || skip "the owner's fast path needs the series"
	own_home
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	run as_user bob env LD_DEBUG=files "$UMOUNT" "$H/dst"
	[ "$status" -eq 32 ]
	loads_libmount "$output"
	[[ "$output" == *"umount: $H/dst: not mounted by you (owned by alice, uid 2001)."* ]]
	is_mounted "$H/dst"
	as_user alice "$UMOUNT" "$H/dst"
	run as_user alice "$UMOUNT" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $H/dst: not mounted." ]
	chmod 0777 "$H/dst"
	run as_user bob "$MOUNT" --bind "$T/other" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: not under a mount you own ($H is owned by alice)." ]
	! is_mounted "$H/dst" || false
}

# In a mount namespace of its own (owned mounts are not copied into one)
# whose /run/mount and utab (the lines on stdin) are alice's, so that
# libmount may write them as her: alice owns $H, then runs the shell
# commands $1; prints their status, utab, and whether $H/dst is mounted.
alice_with_utab() {
	export MOUNT UMOUNT H
	unshare --mount --propagation private -- sh -c '
		mount -t tmpfs -o mode=0755,uid=2001,gid=2001 utab /run/mount &&
		cat >/run/mount/utab && chown 2001:2001 /run/mount/utab &&
		"$MOUNT" --bind --setuser=alice "$H" "$H" || exit 99
		setpriv --reuid=2001 --regid=2001 --clear-groups -- sh -c "$1" 2>&1
		echo "STATUS=$?"
		cat /run/mount/utab
		grep -q " $H/dst " /proc/self/mountinfo && echo STILL-MOUNTED
		exit 0' sh "$1"
}

@test "tools: an owned mount with a utab line goes the full way, which removes the line" {
	series || skip "the owner's fast path needs the series"
	# a line as an admin's helper= mount leaves
	run alice_with_utab '"$MOUNT" --bind "$H/src" "$H/dst" &&
		exec env LD_DEBUG=files "$UMOUNT" "$H/dst"' \
		<<<"SRC=$H/src TARGET=$H/dst ROOT=/ OPTS=helper=none"
	[ "$status" -eq 0 ]
	loads_libmount "$output"
	[[ "$output" == *STATUS=0* ]]
	[[ "$output" != *"TARGET=$H/dst "* && "$output" != *STILL-MOUNTED* ]]
}

@test "tools: alice as root of a user namespace of her own: no fast path, and the kernel still refuses" {
	series || skip "the owner's fast path needs the series"
	# the kernel makes no user namespace for a chrooted process
	# (tests/vm/deb.bats runs this file in a chroot)
	as_user alice unshare --user true 2>/dev/null ||
		skip "no user namespace in a chroot"
	own_home
	# uid 0 with every capability there: usermount goes the full way, as
	# for root, and the kernel judges by her real rights
	run as_user alice unshare --user --map-root-user \
		env LD_DEBUG=files "$MOUNT" --bind "$H/src" "$T/other"
	[ "$status" -eq 32 ]
	loads_libmount "$output"
	[ "$(grep -v $'^ *[0-9]*:\t' <<<"$output" | head -n 1)" = \
		"mount: $T/other: permission denied." ]
	! is_mounted "$T/other" || false
	# naming another owner: bob's uid does not exist in her namespace
	run as_user alice unshare --user --map-root-user \
		"$MOUNT" --bind --setuser=bob "$H/src" "$H/dst"
	[ "$status" -eq 2 ]
	[ "$output" = "mount: cannot switch to uid 2002" ]
	! is_mounted "$H/dst" || false
}

@test "tools: a utab line alice cannot write, for her mount by another spelling or by its ID: the full way" {
	series || skip "the owner's fast path needs the series"
	own_home
	local line lock
	# utab's lock file missing (a new namespace) and there (every
	# running system): the same answer
	for lock in no yes; do
		for line in "SRC=$H/src TARGET=$H//dst/ ROOT=/ OPTS=helper=none" \
			"ID=@ SRC=elsewhere TARGET=/elsewhere ROOT=/ OPTS=helper=none"; do
			utab_line_left "$line" "$lock"
		done
	done
}

# alice's umount of her bind, for which root's utab has $1 (@: its mount
# ID), with utab.lock there ($2 yes) or not
utab_line_left() {
	mkdir -p /run/mount
	rm -f /run/mount/utab.lock
	[ "$2" = no ] || : >/run/mount/utab.lock
	as_user alice "$MOUNT" --bind "$H/src" "$H/dst"
	# root's utab, as on every system: alice cannot write it
	echo "${1/@/$(mount_id "$H/dst")}" >/run/mount/utab
	run as_user alice env LD_DEBUG=files "$UMOUNT" "$H/dst"
	rm -f /run/mount/utab /run/mount/utab.lock
	loads_libmount "$output"
	! is_mounted "$H/dst" || false
	# libmount, finding the line, cannot take it out of root's utab (16;
	# util-linux's setuid umount could); finding none (2.38 reads no
	# ID=), it says nothing (0)
	case $status in
	0) [[ "$output" != *"umount: "* ]] ;;
	16) [[ "$output" == *"umount: $H/dst: filesystem was unmounted, but failed to update userspace mount table."* ]] ;;
	*) grep -v '^ *[0-9]*:' <<<"$1 (lock: $2): $output"; false ;;
	esac
}

@test "tools: the fast path is only for a caller without rights: capabilities, LIBMOUNT_*, a writable utab" {
	series || skip "the owner's fast path needs the series"
	# a utab alice may write: libmount may record the mount there
	run alice_with_utab \
		'exec env LD_DEBUG=files "$MOUNT" --bind "$H/src" "$H/dst"' \
		</dev/null
	[ "$status" -eq 0 ]
	loads_libmount "$output"
	[[ "$output" == *STATUS=0*STILL-MOUNTED* ]]
	# her umount too, with no line there: libmount would lock utab
	run alice_with_utab '"$MOUNT" --bind "$H/src" "$H/dst" &&
		exec env LD_DEBUG=files "$UMOUNT" "$H/dst"' </dev/null
	[ "$status" -eq 0 ]
	loads_libmount "$output"
	[[ "$output" == *STATUS=0* && "$output" != *STILL-MOUNTED* ]]
	own_home
	# CAP_SYS_ADMIN in effect: the full way (which reads the owner back)
	run setpriv --reuid=2001 --regid=2001 --clear-groups \
		--inh-caps=+sys_admin --ambient-caps=+sys_admin \
		env LD_DEBUG=files "$MOUNT" --bind "$H/src" "$H/dst"
	[ "$status" -eq 32 ]
	loads_libmount "$output"
	[[ "$output" == *"mount: $H/dst: the kernel recorded no owner (asked: alice); the mount is undone."* ]]
	! is_mounted "$H/dst" || false
	run as_user alice env LD_DEBUG=files LIBMOUNT_DEBUG=0 "$MOUNT" --bind "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	loads_libmount "$output"
	run as_user alice env LD_DEBUG=files LIBMOUNT_UTAB=/nonexistent "$UMOUNT" "$H/dst"
	[ "$status" -eq 0 ]
	loads_libmount "$output"
	! is_mounted "$H/dst" || false
}

@test "tools: util-linux 2.39+ options for a user: X-mount.mode and --onlyonce work, idmap and =recursive are refused first" {
	series || skip "needs the series"
	own_home
	chmod 0755 "$H/src"
	run as_user alice "$MOUNT" --bind -o X-mount.mode=0700 "$H/src" "$H/dst"
	[ "$status" -eq 0 ]
	[ "$(stat -c %a "$H/dst")" = 700 ]
	[[ "$(mount_opts "$H/dst")" == *user=2001* ]]
	run as_user alice "$MOUNT" --onlyonce --bind "$H/src" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: filesystem already mounted." ]
	[ "$(grep -c " $H/dst " /proc/self/mountinfo)" -eq 1 ]
	as_user alice "$UMOUNT" "$H/dst"
	! is_mounted "$H/dst" || false
	nr=$(cat /proc/sys/fs/nr_user_mounts)
	run as_user alice "$MOUNT" --bind -o X-mount.idmap=b:2001:0:1 \
		"$H/src" "$H/dst"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $H/dst: X-mount.idmap: only root may make an idmapped mount" ]
	! is_mounted "$H/dst" || false
	run as_user alice "$MOUNT" --bind -o ro=recursive "$H/src" "$H/dst"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: $H/dst: =recursive: only root may change the mounts below a mount" ]
	! is_mounted "$H/dst" || false
	[ "$(cat /proc/sys/fs/nr_user_mounts)" -eq "$nr" ]
}

# The world systemd makes (/ rshared, other tools' utab lines), from a
# test's middle on: its rounds before ran with / private.
shared_world() {
	[ -n "${SHARED_WORLD:-}" ] && return
	SHARED_WORLD=1
	desktop_world
}

# Root acting for a user (security.md rows 31, 32): a directory of root's
# with a file, the stand-in for /etc, and alice's links to it.
root_dir() {
	mkdir -p "$T/etc"
	echo root >"$T/etc/shadow"
	chmod 0755 "$T/etc"
}

# Nothing of alice's is on root's directory, and it is as root left it.
root_dir_intact() {
	! is_mounted "$T/etc" || false
	[ "$(stat -c '%U %a' "$T/etc")" = "root 755" ]
	[ "$(cat "$T/etc/shadow")" = root ]
}

@test "tools: --setuser=alice on her symbolic link (last component) is refused; util-linux follows it" {
	series || skip "owners exist only with the series"
	root_dir
	as_user alice ln -s "$T/etc" "$H/share"
	run "$MOUNT" --bind --setuser=alice "$H/share" "$H/share"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/share: not given to alice: $H/share is a symbolic link." ]
	root_dir_intact
	# the oracle: util-linux follows her link onto root's directory
	run "$UL_MOUNT" --bind "$H/share" "$H/share"
	[ "$status" -eq 0 ]
	is_mounted "$T/etc"
	umount "$T/etc"
}

@test "tools: --setuser=alice through her symbolic link in a parent, tmpfs, command line and fstab: refused" {
	series || skip "owners exist only with the series"
	root_dir
	as_user alice ln -s "$T" "$H/p"
	run "$MOUNT" -t tmpfs --setuser=alice t "$H/p/etc"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/p/etc: not given to alice: $H/p is a symbolic link." ]
	root_dir_intact
	# as Debian's installer writes fstab: tag lines, a CD drive for users
	cat >/etc/fstab <<-EOF
		UUID=0b9a0b9a-0000-4000-8000-00000000beef none swap sw 0 0
		/dev/sr0 /media/cdrom0 udf,iso9660 user,noauto 0 0
		t $H/p/etc tmpfs setuser=alice 0 0
	EOF
	run "$MOUNT" -a
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/p/etc: not given to alice: $H/p is a symbolic link." ]
	root_dir_intact
}

@test "tools: --setuser=alice of her symbolic link as the bind's source is refused" {
	series || skip "owners exist only with the series"
	as_user alice ln -s / "$H/root"
	run "$MOUNT" --bind --setuser=alice "$H/root" "$H/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/dst: not given to alice: $H/root is a symbolic link." ]
	! is_mounted "$H/dst" || false
}

@test "tools: --setuser=alice through a mount bob owns is refused; through her own it is made" {
	series || skip "owners exist only with the series"
	mkdir -p "$T/bobs/x"
	"$MOUNT" --bind --setuser=bob "$T/bobs" "$T/bobs"
	run "$MOUNT" -t tmpfs --setuser=alice t "$T/bobs/x"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $T/bobs/x: not given to alice: $T/bobs is on a mount owned by bob." ]
	! is_mounted "$T/bobs/x" || false
	# what she could swap in below her own mount she could mount there
	own_home
	run "$MOUNT" -t tmpfs --setuser=alice t "$H/dst"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$H/dst")" == *,user=2001* ]]
}

@test "tools: -m with --setuser=alice in a directory she may write is refused before anything is made" {
	series || skip "owners exist only with the series"
	run "$MOUNT" -m --bind --setuser=alice "$H/src" "$H/new"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/new: not given to alice: X-mount.mkdir in $H, which she may change." ]
	[ ! -e "$H/new" ]
	# libmount would make every missing level: the first that exists counts
	run "$MOUNT" -m --bind --setuser=alice "$H/src" "$H/new/deeper"
	[ "$status" -eq 32 ]
	[ "$output" = "mount: $H/new/deeper: not given to alice: X-mount.mkdir in $H, which she may change." ]
	[ ! -e "$H/new" ]
}

# Start alice's racer, the script $1 with arguments, as fast as she can
# until stop_racer: setpriv execs it, so $RACER is the loop itself, and it
# holds none of bats' descriptors (bats would wait for it).
start_racer() {
	local script=$1
	shift
	setpriv --reuid=2001 --regid=2001 --clear-groups -- \
		sh -c "$script" sh "$@" </dev/null >/dev/null 2>&1 3>&- &
	RACER=$!
}

stop_racer() {
	kill "$RACER" 2>/dev/null || true
	wait "$RACER" 2>/dev/null || true
}

# A racer that ends on its own: waited for (up to 30 s, then stopped), so
# that under load a swap that comes late is still made before the checks.
wait_racer() {
	local i
	for i in $(seq 300); do
		kill -0 "$RACER" 2>/dev/null || break
		sleep 0.1
	done
	stop_racer
}

# alice swaps $1 between a directory and a link to root's directory.
swap_racer() {
	start_racer 'while :; do
		rm -rf "$1"; ln -s "$2" "$1"; rm -f "$1"; mkdir "$1"
	done' "$1" "$T/etc"
}

@test "tools: the admin's --setuser=alice while she swaps a link in: never on root's directory" {
	series || skip "owners exist only with the series"
	root_dir
	local i ok=0 world
	for world in private rshared; do
		[ "$world" = private ] || shared_world
		swap_racer "$H/share"
		for i in $(seq 5); do
			if "$MOUNT" --bind --setuser=alice "$H/share" \
				"$H/share" 2>/dev/null; then
				ok=$((ok + 1))
				[[ "$(mount_opts "$H/share")" == *,user=2001* ]]
				umount -l "$H/share"
			fi
			root_dir_intact
		done
		stop_racer
		root_dir_intact
	done
	echo "made $ok of 10"
}

# alice stacks a bind of root's directory on $1, with mount(2) in a tight
# loop (tests/vm/sysmount -w), as an attacker would.
# On one vCPU she rarely runs in the instant between two calls of the
# admin's mount; the admin's mount pauses after each mount(2) and
# move_mount(2) instead (strace's delay_exit), so the racer runs there.
slow_mount() {
	strace -f -qq -o /dev/null -e trace=mount,move_mount \
		-e inject=mount,move_mount:delay_exit=300000 "$MOUNT" "$@"
}
stack_racer() {
	start_racer 'while :; do "$1" -w -r 100000000 -f bind "$2" "$3" none
	done' "$top_builddir/tests/vm/sysmount" "$T/etc" "$1"
}

# Round $2 (of 1-4) of the admin's slow_mount ${@:3} while alice stacks
# binds on $1: rounds 1-2 with / private, 3-4 in the world systemd makes.
# What she stacked after the hand-over must go before the next round.
stacked_round() {
	local target=$1 round=$2

	shift 2
	[ "$round" -lt 3 ] || shared_world
	stack_racer "$target"
	run slow_mount "$@"
	stop_racer
}

# Field $2 (or the whole line) of the lowest mount on $1: the admin's.
lowest_mount() {
	awk -v t="$1" -v f="${2:-0}" '$5 == t { print $f; exit }' \
		/proc/self/mountinfo
}

@test "tools: X-mount.owner and mode with --setuser=alice while she stacks binds: root's directory stays root's" {
	series || skip "owners exist only with the series"
	root_dir
	mkdir -p "$T/srv/t"
	local i
	for i in 1 2 3 4; do
		stacked_round "$T/srv/t" "$i" -t tmpfs --setuser=alice \
			-o X-mount.owner=alice,X-mount.mode=0700 t "$T/srv/t"
		[ "$status" -eq 0 ]
		root_dir_intact
		lowest_mount "$T/srv/t" | grep -q ' - tmpfs t rw'
		umount_under "$T/srv/t"
	done
}

@test "tools: the admin's --setuser=alice --bind -o ro is read-only, even while she stacks binds" {
	series || skip "owners exist only with the series"
	root_dir
	mkdir -p "$T/pub"
	local i
	for i in 1 2 3 4; do
		stacked_round "$T/pub" "$i" --bind --setuser=alice -o ro \
			"$T/pub" "$T/pub"
		[ "$status" -eq 0 ]
		lowest_mount "$T/pub" 6 | grep -q '^ro,.*user=2001'
		umount_under "$T/pub"
	done
}

@test "tools: root's own X-mount.owner below alice's directory while she swaps a parent: root's mount stays root's" {
	mkdir -p "$T/x/t" "$H/a/t"
	chown alice "$H/a"
	"$MOUNT" -t tmpfs -o mode=0755 roots "$T/x/t"
	# the moment root's new mount is there, alice swaps a parent of its
	# name for a link to where root's other mount is
	start_racer 'until mountpoint -q "$1/a/t"; do :; done
		mv "$1/a" "$1/a2" && ln -s "$2" "$1/a"' "$H" "$T/x"
	run slow_mount -t tmpfs -o X-mount.owner=alice,X-mount.mode=0700 \
		t "$H/a/t"
	wait_racer
	[ "$status" -eq 0 ]
	[ -L "$H/a" ]
	# root's other mount is as root left it; the new one is alice's
	[ "$(stat -c '%U %a' "$T/x/t")" = "root 755" ]
	[ "$(stat -c '%U %a' "$H/a2/t")" = "alice 700" ]
}

@test "tools: strace: the admin's --setuser mount names no path of the target once the mount exists" {
	series || skip "owners exist only with the series"
	mkdir -p "$T/srv/t"
	# the calls that make, change or open something; libmount's reads for
	# its utab line are bookkeeping, not acts on the target
	run strace -f -qq -e trace=mount,umount2,move_mount,mount_setattr,open_tree,fsmount,open,openat,openat2,chown,fchownat,lchown,chmod,fchmodat,mkdir,mkdirat \
		"$MOUNT" -t tmpfs --setuser=alice \
		-o X-mount.owner=alice,X-mount.mode=0700 t "$T/srv/t"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/srv/t")" == *,user=2001* ]]
	[ "$(stat -c '%U %a' "$T/srv/t")" = "alice 700" ]
	# from the attach on: descriptors only
	after=$(sed -n '/^move_mount(/,$p' <<<"$output")
	[ -n "$after" ]
	echo "$after"
	! grep -F "\"$T/srv" <<<"$after" || false
}

# Root's --setuser mount is given its owner while it is detached
# (MOUNT_ATTR_SETUSER, kernel/6.12/0037): hers the moment it is attached,
# with / rshared too, and no remount follows. nomnt, which mount_setattr(2)
# does not take, still comes with the bind remount that hands it over.
@test "tools: strace: the admin's --setuser mount is hers before it is attached; with nomnt, the remount hands it over" {
	series || skip "owners exist only with the series"
	shared_world
	mkdir -p "$T/srv/t" "$T/srv/src" "$T/srv/b" "$T/srv/n"
	for how in "-t tmpfs t" "--bind $T/srv/src"; do
		set -- $how
		dst=$T/srv/t
		[ "$1" = -t ] || dst=$T/srv/b
		run strace -f -qq -e trace=mount,move_mount,mount_setattr \
			"$MOUNT" "$@" --setuser=alice "$dst"
		echo "$output"
		[ "$status" -eq 0 ]
		[[ "$(mount_opts "$dst")" == *,user=2001* ]]
		before=$(sed -n '/^move_mount(/q;p' <<<"$output")
		grep -q '^mount_setattr(.*attr_set=[^,]*0x80000000' <<<"$before"
		! grep -q MS_REMOUNT <<<"$output" || false
		run as_user alice "$UMOUNT" "$dst"
		[ "$status" -eq 0 ]
	done
	run strace -f -qq -e trace=mount,move_mount,mount_setattr \
		"$MOUNT" -t tmpfs --setuser=alice -o nomnt n "$T/srv/n"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$(mount_opts "$T/srv/n")" == *,user=2001* ]]
	[[ ",$(mount_opts "$T/srv/n")," == *,nomnt,* ]]
	! grep -q '^mount_setattr(.*0x80000000' <<<"$output" || false
	grep -q '^mount(.*MS_REMOUNT|MS_BIND' <<<"$output"
	umount "$T/srv/n"
}

# Root's umount of a filesystem users' binds still hold (kernel/README,
# "a user's bind keeps root's filesystem in use"): usermount names them;
# util-linux says nothing.
@test "tools: root's umount of a filesystem alice's bind still holds names her mount and how to remove it" {
	series || skip "owners exist only with the series"
	own_home
	mkdir -p "$T/vol"
	"$MOUNT" -t tmpfs usbstick "$T/vol"
	mkdir "$T/vol/photos"
	as_user alice "$MOUNT" --bind "$T/vol/photos" "$H/dst"
	# util-linux, the same steps: nothing said
	run "$UL_UMOUNT" "$T/vol"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	"$MOUNT" -t tmpfs usbstick "$T/vol"
	mkdir "$T/vol/photos"
	as_user alice "$MOUNT" --bind "$T/vol/photos" "$H/src"
	run "$UMOUNT" "$T/vol"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "umount: $T/vol: the filesystem stays in use by users' mounts of it; umount -l them to release it:" ]
	[ "${lines[1]}" = "        $H/src (alice)" ]
	[ "${#lines[@]}" -eq 2 ]
	# -q: not a word; while root has a mount of it: nothing to say
	"$MOUNT" -t tmpfs usbstick "$T/vol"
	mkdir -p "$T/vol/photos" "$T/vol2"
	as_user alice "$MOUNT" --bind "$T/vol/photos" "$H/fuse"
	"$MOUNT" --bind "$T/vol" "$T/vol2"
	run "$UMOUNT" "$T/vol"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run "$UMOUNT" -q "$T/vol2"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	umount -l "$H/dst" "$H/src" "$H/fuse"
}

#!/usr/bin/env bats
# The Debian package (make deb: deb/usermount_VERSION_ARCH.deb, debian/)
# installed for real, on a throwaway root: the guest's read-only 9p root
# (the host's /) under an overlay whose upper layer is a tmpfs, entered
# with chroot. Nothing reaches the host's /usr. dpkg installs, upgrades,
# removes and purges the package there; util-linux's mount and umount,
# their manual pages and bash completions are compared byte for byte with
# the guest's own before and after, and the installed programs run
# tests/vm/tools.bats and a user's owned mounts. util-linux's setuid
# mount and umount lose the bit while diverted (a stat override on
# /bin/mount and /bin/umount, the names dpkg knows them by) and get it back
# on removal. fuse3's setuid fusermount3 and its page are diverted too,
# fuse3's loses the bit the same way, and libfuse runs usermount's,
# which is setuid and gives the rights up on the series' kernel.
# tests/vm/suites runs this in a private mount namespace, on the kernel
# with the series and on the plain one, where the tests that need the
# series skip and fuse3's fusermount3 must work as on stock Debian.

# util-linux's files the package diverts, and where they go meanwhile
DIVERTED=(
	/bin/mount:/usr/bin/mount.util-linux
	/bin/umount:/usr/bin/umount.util-linux
	/usr/share/man/man8/mount.8.gz:/usr/share/man/man8/mount.util-linux.8.gz
	/usr/share/man/man8/umount.8.gz:/usr/share/man/man8/umount.util-linux.8.gz
	/usr/share/bash-completion/completions/mount:/usr/share/bash-completion/completions/mount.util-linux.diverted
	/usr/share/bash-completion/completions/umount:/usr/share/bash-completion/completions/umount.util-linux.diverted
	/bin/fusermount3:/usr/bin/fusermount3.fuse3
	/usr/share/man/man1/fusermount3.1.gz:/usr/share/man/man1/fusermount3.fuse3.1.gz
)
# of those, the setuid programs, which stay without the bit (mode 755)
# while the package is installed
NOSUID=(/bin/mount /bin/umount /bin/fusermount3)

setup_file() {
	local debs
	debs=("$top_builddir"/deb/usermount_*.deb)
	if [ ! -f "${debs[0]}" ]; then
		export NO_DEB="no package in $top_builddir/deb: run make deb first"
		return 0
	fi
	export DEB=${debs[0]}
	# the originals: util-linux's as the host has them
	[ -z "$(dpkg-divert --listpackage /bin/mount)" ] &&
		/usr/bin/mount -V | grep -q 'from util-linux' || {
		echo "this machine's /usr/bin/mount is not util-linux's" >&2
		return 1
	}
	# util-linux's mount package as installed (tests/vm/Makemodule.am)
	export MOUNT_DEB
	MOUNT_DEB=$(echo "$top_builddir"/tests/vm/mount-repack/mount_*.deb)
	[ -f "$MOUNT_DEB" ]
	export B
	B=$(mktemp -d /run/usermount-deb.XXXXXX)
	mount -t tmpfs -o mode=0755 usermount-deb "$B"
	mkdir "$B/upper" "$B/work" "$B/root" "$B/pkg" "$B/dpkg"
	export R=$B/root
	# the guest's passwd and group, which have alice and bob, and
	# alice2, whom util-linux 2.38.1 takes for alice
	{ cat /etc/passwd; echo "alice2:x:2003:2003::/nonexistent:/bin/sh"; } \
		>"$B/passwd"
	{ cat /etc/group; echo "alice2:x:2003:"; } >"$B/group"
	chmod 0644 "$B/passwd" "$B/group"
	# the real dpkg database, on a tmpfs: through 9p under
	# emulation its 3,000 files cost dpkg a minute a run
	cp -a /var/lib/dpkg/. "$B/dpkg/"
	dpkg-deb -x "$DEB" "$B/pkg"
}

# The root: the kernel's overlayfs (the guest kernel has OVERLAY_FS), the
# host's / read-only below, a tmpfs with xattrs above. redirect_dir=on
# lets dpkg rename a directory of the lower layer, as it may on a real
# root.
mount_root() {
	local o="lowerdir=/,upperdir=$B/upper,workdir=$B/work,redirect_dir=on"
	mount -t overlay -o "$o" usermount-deb-root "$R"
	mountpoint -q "$R"
	mount --bind "$B/dpkg" "$R/var/lib/dpkg"
	mount -t proc proc "$R/proc"
	mount -t sysfs sysfs "$R/sys"
	mount --rbind /dev "$R/dev"
	mount -t tmpfs -o mode=0755 usermount-deb-run "$R/run"
	mount --bind "$B/passwd" "$R/etc/passwd"
	mount --bind "$B/group" "$R/etc/group"
	# man-db's switch for its dpkg trigger: mandb over 9p
	# under emulation takes minutes (the pages are checked as files)
	rm -f "$R/var/lib/man-db/auto-update"
}

teardown_file() {
	[ -n "${B:-}" ] || return 0
	umount -R -l "$R" 2>/dev/null
	umount -l "$B"
	rmdir "$B"
}

setup() {
	[ -z "${NO_DEB:-}" ] || skip "$NO_DEB"
	mountpoint -q "$R" || mount_root
}

# needs_series (series.bash) skips on the plain kernel: the package's
# layout, modes and removal are checked on both; what users do with it,
# on the series
load series

# in_root CMD...: CMD in the throwaway root, with a clean environment
in_root() {
	chroot "$R" env -i LANG=C HOME=/root DEBIAN_FRONTEND=noninteractive \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		"$@"
}

as() {
	local u=$1
	shift
	in_root setpriv --reuid="$u" --regid="$u" --clear-groups -- "$@"
}

usermount_diversions() {
	in_root dpkg-divert --list | grep ' by usermount$' | sort
}

want_diversions() {
	local d
	for d in "${DIVERTED[@]}"; do
		echo "diversion of ${d%%:*} to ${d#*:} by usermount"
	done | sort
}

# same FILE ORIG [MODE]: FILE in the root is ORIG byte for byte, same mode
# and owner, or MODE ("755 root root") if given
same() {
	local want=${3:-$(stat -c '%a %U %G' "$2")}
	cmp "$R$1" "$2" || return 1
	[ "$(stat -c '%a %U %G' "$R$1")" = "$want" ] || {
		echo "$1: $(stat -c '%a %U %G' "$R$1"), not $want as $2" >&2
		return 1
	}
}

# nosuid NAME: util-linux's NAME, one of NOSUID
nosuid() {
	local n
	for n in "${NOSUID[@]}"; do
		[ "$n" != "$1" ] || return 0
	done
	return 1
}

# the package's stat overrides, one a line: "root root 755 /bin/mount"
usermount_statoverrides() {
	local n
	for n in "${NOSUID[@]}"; do
		in_root dpkg-statoverride --list "$n" || true
	done
}

# util-linux's files at their own names, as on the host, and nothing of
# the package's left
util_linux_restored() {
	local d
	for d in "${DIVERTED[@]}"; do
		same "${d%%:*}" "${d%%:*}" || return 1
		[ ! -e "$R${d#*:}" ] || { echo "${d#*:} left" >&2; return 1; }
	done
	# setuid root again, as the mount package has them
	for d in "${NOSUID[@]}"; do
		[ "$(stat -c '%a %U' "$R$d")" = "4755 root" ] || return 1
	done
	[ -z "$(usermount_statoverrides)" ] || { usermount_statoverrides; return 1; }
	[ ! -e "$R/var/lib/usermount" ]
	[ -z "$(usermount_diversions)" ] || { usermount_diversions; return 1; }
	[ "$(in_root sh -c 'command -v mount')" = /usr/bin/mount ] &&
		in_root mount -V | grep -q '^mount from util-linux'
}

# the package's files in place, util-linux's under the diverted names,
# its setuid programs without the bit by the package's stat overrides
usermount_installed() {
	local d f readme
	[ "$(usermount_diversions)" = "$(want_diversions)" ] ||
		{ usermount_diversions; return 1; }
	[ "$(usermount_statoverrides)" = "$(printf 'root root 755 %s\n' "${NOSUID[@]}")" ] ||
		{ usermount_statoverrides; return 1; }
	for d in "${DIVERTED[@]}"; do
		if nosuid "${d%%:*}"; then
			same "${d#*:}" "${d%%:*}" "755 root root" || return 1
		else
			same "${d#*:}" "${d%%:*}" || return 1
		fi
	done
	# README.Debian, compressed by dh_compress once past 4 KiB
	readme=$(cd "$B/pkg" && echo usr/share/doc/usermount/README.Debian*)
	for f in /usr/bin/mount /usr/bin/umount /usr/bin/fusermount3 \
		/usr/share/man/man8/mount.8.gz /usr/share/man/man8/umount.8.gz \
		/usr/share/man/man1/fusermount3.1.gz \
		/usr/share/man/man7/usermount.7.gz \
		/usr/share/bash-completion/completions/mount \
		/usr/share/bash-completion/completions/umount \
		"/$readme"; do
		cmp "$R$f" "$B/pkg$f" || return 1
	done
}

# dpkg_i DEB PACKAGE: dpkg -i DEB leaves PACKAGE installed and usermount's
# files and diversions in place
dpkg_i() {
	run in_root dpkg -i "$1"
	echo "$output"
	[ "$status" -eq 0 ]
	usermount_installed
	run in_root dpkg-query -W -f '${Status}' "$2"
	[ "$output" = "install ok installed" ]
}

@test "deb: it depends on libmount1, which the programs load at run time" {
	# no NEEDED entry names it (lib/lazymount.h): debian/control does
	run dpkg-deb -f "$DEB" Depends
	[ "$status" -eq 0 ]
	[[ ", $output," == *", libmount1 (>= 2.38),"* ]]
	run readelf -d "$B/pkg/usr/bin/mount" "$B/pkg/usr/bin/umount"
	[ "$status" -eq 0 ]
	[[ "$output" == *"(NEEDED)"*"libc.so"* ]]
	! grep -E 'NEEDED.*lib(mount|blkid)' <<<"$output" || false
}

@test "deb: dpkg -i installs it and diverts util-linux's six files and fuse3's two" {
	dpkg_i "$DEB" usermount
}

@test "deb: mount and umount on PATH are usermount's, with no setuid bit" {
	local c
	for c in mount umount; do
		run in_root sh -c "command -v $c"
		[ "$output" = "/usr/bin/$c" ]
		run in_root "$c" -V
		[[ "$output" == "$c from usermount "* ]]
		# merged /usr: the name util-linux's package uses is ours too
		cmp "$R/bin/$c" "$B/pkg/usr/bin/$c"
		[ "$(stat -c '%a %U %G' "$R/usr/bin/$c")" = "755 root root" ]
		[ -z "$(getcap "$R/usr/bin/$c")" ]
		run in_root "$c.util-linux" -V
		[[ "$output" == "$c.util-linux from util-linux "* ]]
	done
	run in_root dpkg -S /usr/bin/mount
	[ "$output" = "usermount: /usr/bin/mount" ]
}

@test "deb: the logout unit is a user unit systemd accepts, installed and not enabled" {
	local unit=/usr/lib/systemd/user/usermount-logout.service
	run in_root dpkg -S "$unit"
	[ "$output" = "usermount: $unit" ]
	run grep '^ExecStop=' "$R$unit"
	[ "$output" = "ExecStop=/usr/bin/umount --all --owned --keep-fstab" ]
	run in_root systemd-analyze verify --man=no "$unit"
	echo "$output"
	[ "$status" -eq 0 ]
	# an admin's choice, as logind's KillUserProcesses is
	[ -z "$(find "$R/etc/systemd/user" -name usermount-logout.service 2>/dev/null)" ]
}

@test "deb: the package's autopkgtest (debian/tests) passes on the installed package" {
	run grep -c '^Tests:' "$top_srcdir/debian/tests/control"
	[ "$output" = 1 ]
	cp "$top_srcdir/debian/tests/installed-tools" "$R/tmp/"
	run in_root /tmp/installed-tools
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[-1]}" = "installed-tools: ok" ]
	rm "$R/tmp/installed-tools"
}

@test "deb: util-linux's mount and umount stay, without their setuid bit" {
	local c
	# Debian's, as the mount package ships them
	[ "$(stat -c '%a %U' /usr/bin/mount)" = "4755 root" ]
	[ "$(stat -c '%a %U' /usr/bin/umount)" = "4755 root" ]
	for c in mount umount; do
		[ "$(stat -c '%a %U %G' "$R/usr/bin/$c.util-linux")" = "755 root root" ]
		cmp "$R/usr/bin/$c.util-linux" "/usr/bin/$c"
	done
	# nothing setuid named so but usermount's fusermount3, which
	# gives the rights up on the series' kernel (below)
	run in_root find /usr/bin /usr/sbin /usr/libexec /usr/local -perm -4000 \
		\( -name '*mount*' -o -name 'fusermount*' \)
	[ "$status" -eq 0 ]
	[ "$output" = /usr/bin/fusermount3 ]
	cmp "$R/usr/bin/fusermount3" "$B/pkg/usr/bin/fusermount3"
}

# util-linux 2.38.1 compares the user= it recorded for a user mount with
# the caller's name as a prefix: alice2 passes for alice (tests/setuid.bats)
@test "deb: alice2 cannot unmount alice's user mount through umount.util-linux" {
	needs_series
	local m=/run/ul s=/usr/local/bin/mount-setuid-copy
	mkdir -p "$R$m"
	cp "$R/etc/fstab" "$B/fstab"
	echo "usermount-ul $m tmpfs user,noauto 0 0" >>"$R/etc/fstab"
	# alice's mount as util-linux makes it for her: root's, with
	# user=alice in utab (a setuid copy made for it, then removed)
	install -m 4755 "$R/usr/bin/mount.util-linux" "$R$s"
	run as alice "$s" "$m"
	rm -f "$R$s"
	echo "alice: $status $output"
	[ "$status" -eq 0 ]
	in_root mountpoint -q "$m"
	grep -q "TARGET=$m .*user=alice" "$R/run/mount/utab"
	run as alice2 umount.util-linux "$m"
	echo "alice2: $status $output"
	[ "$status" -ne 0 ]
	in_root mountpoint -q "$m"
	run as alice2 umount.util-linux -l "$m"
	[ "$status" -ne 0 ]
	in_root mountpoint -q "$m"
	# nor does util-linux's fstab "user" policy mount for alice
	in_root umount.util-linux "$m"
	run as alice mount.util-linux "$m"
	echo "alice: $status $output"
	[ "$status" -ne 0 ]
	! in_root mountpoint -q "$m" || false
	cp "$B/fstab" "$R/etc/fstab"
}

@test "deb: tools.bats passes with the installed programs" {
	needs_series
	run chroot "$R" env -i LANG=C HOME=/root \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		top_srcdir="$top_srcdir" top_builddir="$top_builddir" \
		USERMOUNT_VM_BINDIR="$USERMOUNT_VM_BINDIR" \
		UM_MOUNT=/usr/bin/mount UM_UMOUNT=/usr/bin/umount \
		"$top_srcdir/tests/run-bats" "$top_srcdir/tests/vm/tools.bats"
	echo "$output"
	[ "$status" -eq 0 ]
	# every test ran, none skipped but the one that needs a user
	# namespace, which the kernel makes for no chrooted process
	[ "$(grep -c '^ok ' <<<"$output")" -eq \
		"$(grep -c '^@test ' "$top_srcdir/tests/vm/tools.bats")" ]
	[ "$(grep -c '# skip' <<<"$output")" -eq \
		"$(grep -c '# skip no user namespace in a chroot$' <<<"$output")" ]
	echo "# tools.bats with the package: $(grep -c '^ok ' <<<"$output") ok" >&3
}

@test "deb: alice binds below her mount and unmounts with the mount on PATH" {
	needs_series
	local h=/run/alice
	mkdir -p "$R$h/src" "$R$h/dst"
	chown -R alice:alice "$R$h"
	in_root mount --bind --setuser=alice "$h" "$h"
	run as alice mount --bind "$h/src" "$h/dst"
	[ "$status" -eq 0 ]
	run as alice mount
	[[ "$output" == *" on $h/dst type "*"user=2001"* ]]
	run as bob umount "$h/dst"
	[ "$status" -eq 32 ]
	[ "$output" = "umount: $h/dst: not mounted by you (owned by alice, uid 2001)." ]
	run as alice umount "$h/dst"
	[ "$status" -eq 0 ]
	run in_root grep -c " $h/dst " /proc/self/mountinfo
	[ "$output" = 0 ]
	in_root umount "$h"
}

# wait (bounded) until nothing is mounted on $1 in the root
unmounted_in_root() {
	local i
	for i in $(seq 300); do
		in_root awk -v t="$1" '$5 == t { f = 1 } END { exit f }' \
			/proc/self/mountinfo && return 0
		sleep 0.1
	done
	echo "$1 still mounted"
	return 1
}

# a squashfs image of a file "hello" at $1/img, alice's, and $1/mnt
alice_squashfs() {
	mkdir -p "$R$1/src" "$R$1/mnt"
	echo hello >"$R$1/src/file"
	chown -R alice:alice "$R$1"
	as alice mksquashfs "$1/src" "$1/img" -quiet -no-progress -noappend \
		>/dev/null
}

@test "deb: fusermount3 is usermount's and setuid, fuse3's is aside without the bit" {
	# the files (-V would be fuse3's on a kernel without the series)
	cmp "$R/usr/bin/fusermount3" "$B/pkg/usr/bin/fusermount3"
	[ "$(readlink "$R/usr/bin/fusermount")" = fusermount3 ]
	[ "$(stat -c '%a %U' "$R/usr/bin/fusermount3")" = "4755 root" ]
	[ "$(stat -c '%a %U' "$R/usr/bin/fusermount3.fuse3")" = "755 root" ]
	run in_root dpkg-statoverride --list /bin/fusermount3
	[ "$output" = "root root 755 /bin/fusermount3" ]
}

@test "deb: with the series, alice's auto_unmount mount through the setuid fusermount3 is hers" {
	local h=/run/alice-fuse
	needs_series
	alice_squashfs "$h"
	in_root mount --bind --setuser=alice "$h" "$h"
	# libfuse leaves auto_unmount to /usr/bin/fusermount3: ours
	run as alice squashfuse -o auto_unmount "$h/img" "$h/mnt" 3>&-
	[ "$status" -eq 0 ]
	run in_root awk -v t="$h/mnt" '$5 == t { print $6 }' /proc/self/mountinfo
	[ "$output" = rw,nosuid,nodev,relatime,user=2001 ]
	run as alice cat "$h/mnt/file"
	[ "$output" = hello ]
	pkill -KILL -u 2001 -x squashfuse
	unmounted_in_root "$h/mnt"
	in_root umount "$h"
}

# Each of these would mount with the rights the setuid bit gives; the
# kernel refuses them to a user, so a mount here means rights were kept.
@test "deb: with the series, the setuid fusermount3 lends no rights: bob on alice's mount, allow_other, a user namespace's root" {
	local h=/run/alice-fuse-lend
	needs_series
	alice_squashfs "$h"
	mkdir -m 1777 "$R$h/pub"
	chmod 0644 "$R$h/img"
	in_root mount --bind --setuser=alice "$h" "$h"
	# bob, on a directory he may write in alice's mount
	run as bob squashfuse "$h/img" "$h/pub" 3>&-
	echo "$output"
	[ "$status" -ne 0 ]
	[[ "$output" == *"not under a mount you own"*"alice"* ]]
	# alice, asking for what only root may have
	run as alice squashfuse -o allow_other "$h/img" "$h/mnt" 3>&-
	echo "$output"
	[ "$status" -ne 0 ]
	[[ "$output" == *"allow_other is for root only"* ]]
	# alice as her user namespace's root: the setuid bit of a file
	# whose owner the namespace does not map is not honoured, and its
	# root is alice to the kernel
	run as alice unshare -r squashfuse -o allow_other "$h/img" "$h/mnt" 3>&-
	echo "$output"
	[ "$status" -ne 0 ]
	run in_root awk -v h="$h/" 'index($5, h) == 1 { print $5 }' \
		/proc/self/mountinfo
	[ -z "$output" ]
	in_root umount "$h"
}

@test "deb: without the series, alice's squashfuse goes through ours to fuse3's, as on stock Debian" {
	local h=/run/alice-fuse-plain
	[ ! -e /proc/sys/fs/max_user_mounts ] || skip "the kernel has the series"
	alice_squashfs "$h"
	# mount(2) is refused to her: libfuse runs /usr/bin/fusermount3,
	# ours, which runs fuse3's with its rights: root's mount, as stock
	run as alice squashfuse "$h/img" "$h/mnt" 3>&-
	[ "$status" -eq 0 ]
	run in_root awk -v t="$h/mnt" '$5 == t { print $(NF-2), $6 }' \
		/proc/self/mountinfo
	[ "$output" = "fuse.squashfuse rw,nosuid,nodev,relatime" ]
	run as alice cat "$h/mnt/file"
	[ "$output" = hello ]
	# fuse3's policy: bob does not unmount it, alice does (the mount
	# table says so: FUSE lets no one else, root neither, stat it)
	run as bob fusermount3 -u "$h/mnt"
	[ "$status" -ne 0 ]
	run in_root awk -v t="$h/mnt" '$5 == t { print $(NF-2) }' \
		/proc/self/mountinfo
	[ "$output" = fuse.squashfuse ]
	run as alice fusermount3 -u "$h/mnt"
	[ "$status" -eq 0 ]
	unmounted_in_root "$h/mnt"
}

@test "deb: the setuid fusermount3 gives its rights up where /proc is not mounted" {
	local h=/run/alice-noproc
	alice_squashfs "$h"
	run unshare -m --propagation private sh -c '
		umount -l "$1/proc" &&
		chroot "$1" setpriv --reuid=alice --regid=alice --clear-groups \
			-- env -i PATH=/usr/bin:/bin squashfuse "$2/img" "$2/mnt"' \
		sh "$R" "$h" 3>&-
	echo "$output"
	[ "$status" -ne 0 ]
	[[ "$output" == *"fusermount3: /proc is not mounted: cannot tell whether this kernel lets users mount FUSE"* ]]
	run in_root awk -v t="$h/mnt" '$5 == t' /proc/self/mountinfo
	[ -z "$output" ]
}

@test "deb: dpkg -i again upgrades it over itself, diversions kept" {
	needs_series
	dpkg_i "$DEB" usermount
}

@test "deb: an upgrade of util-linux's mount package goes to the diverted names" {
	needs_series
	dpkg_i "$MOUNT_DEB" mount
	# dpkg unpacked them 4755, as the package says, but for the override
	[ "$(stat -c '%a' "$R/usr/bin/mount.util-linux")" = 755 ]
	[ "$(stat -c '%a' "$R/usr/bin/umount.util-linux")" = 755 ]
}

@test "deb: dpkg-statoverride sets the setuid mode up, kept by upgrades" {
	needs_series
	local c
	for c in mount umount; do
		in_root dpkg-statoverride --update --add root root 4755 \
			"/usr/bin/$c"
	done
	run in_root dpkg -i "$DEB"
	[ "$status" -eq 0 ]
	for c in mount umount; do
		[ "$(stat -c '%a %U' "$R/usr/bin/$c")" = "4755 root" ]
	done
	# so installed, on the series mount gives alice fstab's user line:
	# made by root, hers in the kernel, no utab line; her umount as hers
	local m=/run/um-user
	mkdir -p "$R$m"
	cp "$R/etc/fstab" "$B/fstab"
	echo "usermount-user $m tmpfs user,noauto 0 0" >>"$R/etc/fstab"
	run as alice mount "$m"
	echo "alice: $status $output"
	cp "$B/fstab" "$R/etc/fstab"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	grep -q " $R$m .*,user=2001 \(.* \)\?- tmpfs usermount-user " /proc/self/mountinfo
	! grep -q "TARGET=$m " "$R/run/mount/utab" 2>/dev/null || false
	run as alice2 umount "$m"
	[ "$status" -eq 32 ]
	in_root mountpoint -q "$m"
	run as alice umount "$m"
	[ "$status" -eq 0 ]
	! in_root mountpoint -q "$m" || false
	# README.Debian's way back
	for c in mount umount; do
		in_root dpkg-statoverride --remove "/usr/bin/$c"
	done
	in_root chmod 0755 /usr/bin/mount /usr/bin/umount
	run in_root dpkg -i "$DEB"
	[ "$status" -eq 0 ]
	for c in mount umount; do
		[ "$(stat -c '%a' "$R/usr/bin/$c")" = 755 ]
	done
	usermount_installed
}

@test "deb: dpkg -r gives util-linux its files back, byte for byte" {
	run in_root dpkg -r usermount
	echo "$output"
	[ "$status" -eq 0 ]
	util_linux_restored
	[ ! -e "$R/usr/share/man/man7/usermount.7.gz" ]
}

@test "deb: dpkg -P purges it; installed again and purged at once, the same" {
	run in_root dpkg -P usermount
	[ "$status" -eq 0 ]
	run in_root dpkg-query -W -f '${Status}' usermount
	[ "$status" -ne 0 ] || [ "$output" = "unknown ok not-installed" ]
	[ ! -e "$R/usr/share/doc/usermount" ]
	util_linux_restored
	dpkg_i "$DEB" usermount
	run in_root dpkg -P usermount
	echo "$output"
	[ "$status" -eq 0 ]
	util_linux_restored
	run in_root dpkg-statoverride --list
	[[ "$output" != *usermount* && "$output" != */usr/bin/mount* ]]
}

@test "deb: an admin's setuid util-linux is kept, and an override of their own" {
	needs_series
	local d
	# README.Debian's way back to util-linux's setuid mount
	dpkg_i "$DEB" usermount
	in_root dpkg-statoverride --remove /bin/mount
	in_root chmod 4755 /usr/bin/mount.util-linux
	for d in "$DEB" "$MOUNT_DEB"; do
		run in_root dpkg -i "$d"
		echo "$output"
		[ "$status" -eq 0 ]
		[ "$(stat -c '%a' "$R/usr/bin/mount.util-linux")" = 4755 ]
		[ "$(stat -c '%a' "$R/usr/bin/umount.util-linux")" = 755 ]
		run in_root dpkg-statoverride --list /bin/mount
		[ -z "$output" ]
	done
	run in_root dpkg -P usermount
	[ "$status" -eq 0 ]
	util_linux_restored
	# an override the admin made before: not the package's to change
	in_root dpkg-statoverride --add root root 4755 /bin/umount
	run in_root dpkg -i "$DEB"
	[ "$status" -eq 0 ]
	[ "$(stat -c '%a' "$R/usr/bin/umount.util-linux")" = 4755 ]
	[ "$(stat -c '%a' "$R/usr/bin/mount.util-linux")" = 755 ]
	run in_root dpkg -P usermount
	[ "$status" -eq 0 ]
	run in_root dpkg-statoverride --list /bin/umount
	[ "$output" = "root root 4755 /bin/umount" ]
	in_root dpkg-statoverride --remove /bin/umount
	util_linux_restored
}

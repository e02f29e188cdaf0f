#!/usr/bin/env bats
# usermount's package through its life in the real system (issue 28), as
# apt and dpkg do it for an admin: util-linux's mount package and fuse3
# reinstalled under usermount's diversions (their files land beside
# ours, not setuid, ours stay in place), usermount removed (util-linux's
# and fuse3's programs back where their packages ship them, setuid root
# again, no diversion left) and installed again from its .deb file.
# The names are those the packages ship: /usr/bin on trixie (Debian 13's
# mount and fuse3 ship /usr/bin/mount and /usr/bin/fusermount3), /bin
# on bookworm.
#
# usermount reinstalled over itself (what an upgrade unpacks) keeps its
# fusermount3 setuid root and the others' copies without the bit. The
# initramfs generators with usermount installed: initramfs-tools (klibc's
# mount) and dracut (usermount's, which loads libmount at its first call:
# the initramfs has it and it mounts there).
#
# Needs the image with usermount's package, and the .deb file
# (USERMOUNT_SYSTEM_DEBS, as for the image) to install it again; skips
# otherwise. On Debian's own kernel (no series) the same, but for alice's
# binds, which only the series allows. The system is booted
# once for the file, or the one already started is used and left
# running; the package is installed again at the end, as found.

SYS_PLAIN_TOO=1
load with-usermount

setup() {
	[ -z "$SYS_MISSING" ] || skip "$SYS_MISSING"
	B=$(pkgbin)
}

# the usermount .deb file the image was made with
usermount_deb() {
	local d
	for d in ${USERMOUNT_SYSTEM_DEBS:-}; do
		case ${d##*/} in usermount_*.deb) echo "$d"; return 0 ;; esac
	done
	return 1
}

# usermount_back DEB [--reinstall]: usermount's package installed from
# its file, as an admin would (not --no-download: apt 3.0 then fails on a
# file to install, "Pathname to install is not absolute"; nothing is
# downloaded); prints apt's status
usermount_back() {
	sys sh -c 'cat >/root/usermount.deb' <"$1" &&
		sys sh -c "cd /root && apt-get install -q -y ${2:-} ./usermount.deb >/dev/null 2>&1
			echo \$?; rm -f usermount.deb"
}

# alice_binds_on_series: on the series' kernel, alice binds in her home
# and unmounts it (nothing to do on Debian's own kernel)
alice_binds_on_series() {
	[ -z "$SYS_PLAIN" ] || return 0
	run sys --user alice sh -c 'mkdir -p ~/a ~/b && mount --bind ~/a ~/b && umount ~/b'
	echo "$output"
	[ "$status" = 0 ]
}

# whatever a test did, the package is installed again for the suites
# after this file
teardown() {
	local deb
	[ -z "$SYS_MISSING" ] || return 0
	deb=$(usermount_deb) || return 0
	sys sh -c "dpkg-query -W -f='\${Status}' usermount | grep -q ' installed\$'" ||
		usermount_back "$deb" >/dev/null
}

# pkgbin: the directory Debian's mount and fuse3 packages ship their
# programs in, the names dpkg knows and usermount diverts: /usr/bin on
# trixie, /bin on bookworm (merged /usr: the same files, but dpkg -S
# knows only the /bin names)
pkgbin() {
	if sys sh -c 'dpkg-query -L mount | grep -qx /usr/bin/mount'; then
		echo /usr/bin
	else
		echo /bin
	fi
}

# programs: each program's name, as dpkg knows it, mode and packages
# (dpkg -S, its diversion lines left out; sorted: dpkg's order varies),
# one a line
programs() {
	sys sh -c 'for f in '"$B"'/mount '"$B"'/umount '"$B"'/fusermount3; do
		echo "$f $(stat -c %a "$f") $(dpkg -S "$f" | grep -v "^diversion " |
			cut -d: -f1 | tr -d " " | tr , "\n" | sort | paste -sd,)"; done'
}

@test "apt-get install --reinstall mount fuse3 under the diversions: util-linux's and fuse3's copies beside ours, not setuid; ours in place" {
	run sys sh -c 'apt-get install -q -y --no-download --reinstall mount fuse3 >/dev/null 2>&1; echo $?'
	[ "$output" = 0 ]
	run sys /usr/bin/mount -V
	[[ $output = "mount from usermount "* ]]
	run sys /usr/bin/mount.util-linux -V
	echo "$output"
	[[ $output = "mount.util-linux from util-linux 2."* ]]
	run sys stat -c '%a %n' /usr/bin/mount.util-linux /usr/bin/umount.util-linux /usr/bin/fusermount3.fuse3
	echo "$output"
	[ "${lines[0]}" = "755 /usr/bin/mount.util-linux" ]
	[ "${lines[1]}" = "755 /usr/bin/umount.util-linux" ]
	[ "${lines[2]}" = "755 /usr/bin/fusermount3.fuse3" ]
	# dpkg says whose each name is: the diversion, by the name shipped
	run sys dpkg-divert --listpackage "$B/mount"
	[ "$output" = usermount ]
	run sys dpkg-divert --listpackage "$B/fusermount3"
	[ "$output" = usermount ]
	# alice's mounts work as before
	alice_binds_on_series
}

@test "usermount reinstalled over itself (as an upgrade unpacks it): its fusermount3 stays setuid root, util-linux's and fuse3's copies 0755" {
	local deb
	deb=$(usermount_deb) || skip "no usermount .deb in USERMOUNT_SYSTEM_DEBS to install it again"
	run usermount_back "$deb" --reinstall
	[ "$output" = 0 ]
	run sys stat -c '%a %U %n' /usr/bin/fusermount3 /usr/bin/fusermount3.fuse3 \
		/usr/bin/mount /usr/bin/umount /usr/bin/mount.util-linux /usr/bin/umount.util-linux
	echo "$output"
	[ "$output" = "4755 root /usr/bin/fusermount3
755 root /usr/bin/fusermount3.fuse3
755 root /usr/bin/mount
755 root /usr/bin/umount
755 root /usr/bin/mount.util-linux
755 root /usr/bin/umount.util-linux" ]
	# without the series ours must run fuse3's for her: still works
	if [ -n "$SYS_PLAIN" ]; then
		run sys --user alice sh -c "$SQ_IMAGE && mkdir -p /tmp/alice-sq &&
			squashfuse ~/sq.img /tmp/alice-sq && cat /tmp/alice-sq/f && umount /tmp/alice-sq"
		echo "$output"
		[ "$status" = 0 ]
		[ "$output" = packed ]
	fi
}

@test "usermount removed gives util-linux and fuse3 their programs back, setuid root; installed again, ours are back" {
	local deb
	deb=$(usermount_deb) || skip "no usermount .deb in USERMOUNT_SYSTEM_DEBS to install it again"
	run sys sh -c 'apt-get remove -q -y usermount >/dev/null 2>&1; echo $?'
	[ "$output" = 0 ]
	run programs
	echo "$output"
	[ "${lines[0]}" = "$B/mount 4755 mount" ]
	[ "${lines[1]}" = "$B/umount 4755 mount" ]
	[ "${lines[2]}" = "$B/fusermount3 4755 fuse3" ]
	run sys sh -c 'dpkg-divert --list | grep -c usermount; dpkg-statoverride --list | grep -cE " (/usr)?/bin/(u?mount|fusermount3)\$"; ls /usr/bin/*.util-linux /usr/bin/*.fuse3 2>/dev/null | wc -l'
	echo "$output"
	[ "$output" = "0
0
0" ]
	run sys /usr/bin/mount -V
	[[ $output = "mount from util-linux 2."* ]]
	if [ -z "$SYS_PLAIN" ]; then
		# util-linux 2.41's mount, setuid, gives its rights up for a
		# command line its user policy does not cover (a --bind) and
		# runs on as alice: the series' kernel decides, and her bind in
		# her home is made, hers (util-linux's umount unmounts it the
		# same way)
		run sys --user alice sh -c 'mkdir -p ~/a ~/b && mount --bind ~/a ~/b'
		echo "$output"
		[ "$status" = 0 ]
		run sys findmnt -rn -o OPTIONS /home/alice/b
		[[ ,$output, = *,user=2001,* ]]
		run sys --user alice umount /home/alice/b
		[ "$status" = 0 ]
	fi

	# installed again from its file, as an admin would
	run usermount_back "$deb"
	[ "$output" = 0 ]
	run programs
	echo "$output"
	# on trixie both packages list the name (the diversion gives it to
	# usermount); on bookworm usermount's /usr/bin names are not the
	# /bin names dpkg knows the others by
	local ours=,usermount
	[ "$B" = /usr/bin ] || ours=
	[ "${lines[0]}" = "$B/mount 755 mount$ours" ]
	[ "${lines[1]}" = "$B/umount 755 mount$ours" ]
	[ "${lines[2]}" = "$B/fusermount3 4755 fuse3$ours" ]
	run sys sh -c 'for f in mount umount fusermount3; do dpkg-divert --listpackage '"$B"'/$f; done; mount -V'
	echo "$output"
	[ "${lines[0]}" = usermount ]
	[ "${lines[1]}" = usermount ]
	[ "${lines[2]}" = usermount ]
	[[ ${lines[3]} = "mount from usermount "* ]]
	run sys stat -c '%a' /usr/bin/mount.util-linux
	[ "$output" = 755 ]
	alice_binds_on_series
}

@test "update-initramfs with usermount installed: the initramfs is made, with initramfs-tools' own mount, none of usermount's programs" {
	run sys sh -c 'update-initramfs -u -k "$(uname -r)" >/dev/null 2>&1; echo $?'
	[ "$output" = 0 ]
	# every file in it, against usermount's three programs, byte for byte
	run sys sh -c 'rm -rf /tmp/ir && unmkinitramfs "/boot/initrd.img-$(uname -r)" /tmp/ir &&
		find /tmp/ir -type f -name "*mount*" | while read -r f; do
			for p in /usr/bin/mount /usr/bin/umount /usr/bin/fusermount3; do
				cmp -s "$f" "$p" && echo "$f is $p"
			done; done
		cmp /tmp/ir/bin/mount /usr/lib/klibc/bin/mount && echo klibc; rm -rf /tmp/ir'
	echo "$output"
	[ "$status" = 0 ]
	# klibc's mount is the one there: the lazy load of libmount is
	# nothing initramfs-tools sees
	[ "$output" = klibc ]
}

# dracut_initramfs [OPTION...]: dracut's initramfs for the running
# kernel, made with OPTIONs (not host-only) and unpacked in /tmp/d. The
# image has dracut-core beside initramfs-tools, which stays the
# system's generator; /boot is not touched.
dracut_initramfs() {
	sys sh -c "rm -rf /tmp/d /tmp/d.img && mkdir /tmp/d &&
		dracut -q --no-hostonly --force $* /tmp/d.img \"\$(uname -r)\" 2>&1 &&
		cd /tmp/d && lsinitrd --unpack /tmp/d.img >/dev/null 2>&1"
}

@test "dracut with usermount installed: its mount goes in with the libmount it loads, and mounts there, with and without systemd's modules" {
	local omit
	sys sh -c 'command -v dracut >/dev/null' || skip "no dracut in the image"
	for omit in "" "--omit systemd"; do
		run dracut_initramfs $omit
		echo "dracut $omit: $output"
		[ "$status" = 0 ]
		# the mount in it is usermount's, byte for byte, and libmount,
		# which none of its NEEDED entries names, is there (findmnt's,
		# from dracut's base module)
		run sys sh -c 'cmp /tmp/d/usr/bin/mount /usr/bin/mount && echo ours;
			ls /tmp/d/usr/lib/*/libmount.so.1 >/dev/null && echo libmount'
		echo "$output"
		[ "$output" = "ours
libmount" ]
		# and runs there: root mounts a tmpfs with it, chrooted into the
		# initramfs, in a mount namespace of its own
		run sys sh -c 'mkdir -p /tmp/d/m && unshare -m --propagation private sh -c "
			mount -t proc proc /tmp/d/proc &&
			chroot /tmp/d /usr/bin/mount -t tmpfs initramfs /m &&
			chroot /tmp/d /usr/bin/mount -V &&
			grep -c \" /tmp/d/m \" /proc/self/mountinfo"'
		echo "$output"
		[ "$status" = 0 ]
		[[ ${lines[0]} = "mount from usermount "*"(libmount "* ]]
		[ "${lines[1]}" = 1 ]
	done
	sys rm -rf /tmp/d /tmp/d.img
}

# --help in German, with the system's util-linux-locales: every line
# util-linux's own mount and umount translate, usermount's say the same
# (its summary line and mount's "Operations:" heading are its own), with
# Debian 12's catalogue (runs of lines a msgid) and Debian 13's (a line a
# msgid) as each release ships it. A German locale is compiled into /tmp.
@test "mount --help and umount --help in German say every line util-linux's translate, as util-linux's do" {
	local prog tl ours theirs en extra
	run sys sh -c 'mkdir -p /tmp/loc &&
		localedef -i de_DE -f UTF-8 /tmp/loc/de_DE.UTF-8'
	[ "$status" = 0 ]
	for prog in mount umount; do
		tl=$B/$prog.util-linux
		ours=$(sys --user alice env LOCPATH=/tmp/loc LANG=de_DE.UTF-8 $B/$prog --help)
		theirs=$(sys --user alice env LOCPATH=/tmp/loc LANG=de_DE.UTF-8 "$tl" --help)
		en=$(sys --user alice env LANG=C.UTF-8 "$tl" --help)
		# the synopsis names the program as it was called
		theirs=${theirs//$prog.util-linux/$prog} en=${en//$prog.util-linux/$prog}
		# util-linux's translated lines that ours lacks
		extra=$(comm -23 <(printf '%s\n' "$theirs" | sort -u) \
			<(printf '%s\n' "$en" "$ours" | sort -u))
		echo "$prog: $extra"
		case $prog in
		mount) [ "$extra" = "Ein Dateisystem einhängen.
Operationen:" ] ;;
		umount) [ "$extra" = "Dateisysteme aushängen." ] ;;
		esac
		[[ $ours == *" -a, --all               alle "* ]]
	done
}

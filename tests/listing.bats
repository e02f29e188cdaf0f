#!/usr/bin/env bats
# The listing streams mountinfo and merges utab through libmount on the few
# mounts a utab line could belong to (mount/list.c, lib/utab-keys.c): its
# output must be, byte for byte, that of the listing from libmount's whole
# table (USERMOUNT_LIST=table), on the same tables, with the libmount in
# use (2.38: utab lines match by root, source and target, the last mount
# first; 2.41: by ID when the line has one).

load common

setup() {
	common_setup
	export LIBMOUNT_UTAB=$T/utab
	: >"$LIBMOUNT_UTAB"
}

teardown() {
	common_teardown
}

# A name as libmount writes it in utab (and the kernel in mountinfo).
mangle() {
	local s=$1
	s=${s//\\/\\134}
	s=${s// /\\040}
	s=${s//$'\t'/\\011}
	s=${s//$'\n'/\\012}
	printf '%s' "$s"
}

# utab_line SRC TARGET [ROOT [MORE]]: a line as libmount 2.38 writes it.
utab_line() {
	printf 'SRC=%s TARGET=%s ROOT=%s %s\n' "$(mangle "$1")" \
		"$(mangle "$2")" "${3:-/}" "${4:-OPTS=x-none}"
}

# Both listings of "mount ARGS" into $T/new and $T/old; equal, or a diff.
same_both_ways() {
	# called as "same_both_ways ... || ...", where errexit is off
	"$MOUNT" "$@" >"$T/new" || return
	USERMOUNT_LIST=table "$MOUNT" "$@" >"$T/old" || return
	diff -u "$T/old" "$T/new"
}

names=("with space" $'with\ttab' $'with\nnewline' 'back\slash'
	'lit\040eral' $'bad\xff\xfeutf8' $'ctl\033[31m' 'x (deleted)')

@test "hostile names and utab lines: the same output both ways, at every -t and -l" {
	local i=0 n opts=(user=alice X-mount.umtest=1 helper=umfuse
		uhelper=udisks2 'X-a=1,user=bob')
	for n in "${names[@]}"; do
		mkdir "$T/$n"
		mount -t tmpfs "s $n" "$T/$n"
		utab_line "s $n" "$T/$n" / "OPTS=${opts[i % 5]}" >>"$LIBMOUNT_UTAB"
		i=$((i + 1))
	done
	# a line for a mount that is gone, a comment, an empty line
	utab_line gone "$T/gone" / OPTS=x-gone >>"$LIBMOUNT_UTAB"
	printf '# comment\n\n' >>"$LIBMOUNT_UTAB"
	# the target written with slashes libmount ignores
	mkdir "$T/slashes"
	mount -t tmpfs slashsrc "$T/slashes"
	utab_line slashsrc "$T//slashes/" / OPTS=x-slashes >>"$LIBMOUNT_UTAB"
	# a bind mount of a subdirectory: its root, its BINDSRC, ATTRS
	mkdir -p "$T/src/sub" "$T/bind"
	mount --bind "$T/src/sub" "$T/bind"
	src=$(awk -v t="$T/bind" "$MI_AWK"'
		unesc($5) == t { for (i = 7; $i != "-"; i++); print $(i + 2) }' \
		/proc/self/mountinfo)
	root=$(awk -v t="$T/bind" "$MI_AWK"'
		unesc($5) == t { print $4 }' /proc/self/mountinfo)
	printf 'SRC=%s TARGET=%s ROOT=%s BINDSRC=%s ATTRS=attr1 OPTS=uhelper=b\n' \
		"$src" "$(mangle "$T/bind")" "$root" "$(mangle "$T/src/sub")" \
		>>"$LIBMOUNT_UTAB"

	for args in "-t tmpfs" "-t notmpfs" "-l" "-l -t tmpfs" ""; do
		# shellcheck disable=SC2086
		same_both_ways $args || { echo "differ: mount $args"; false; }
	done
	# what libmount merges is there, on the right lines
	grep -qxF "s with space on $T/with space type tmpfs (rw,relatime,user=alice)" "$T/new"
	grep -qF "slashsrc on $T/slashes type tmpfs (rw,relatime,x-slashes)" "$T/new"
	[[ "$(grep -F " on $T/bind type " "$T/new")" == *,uhelper=b\) ]]
	grep -qF "on $T/back\\slash type tmpfs (rw,relatime,uhelper=udisks2)" "$T/new"
	grep -qF "on $T/with\\x09tab type tmpfs (rw,relatime,X-mount.umtest=1)" "$T/new"
	grep -qF "on $T/with\\x0anewline type tmpfs (rw,relatime,helper=umfuse)" "$T/new"
	grep -qF "on $T/bad\\xff\\xfeutf8 type tmpfs" "$T/new"
	grep -qF "on $T/ctl\\x1b[31m type tmpfs" "$T/new"
	! grep -qF "x-gone" "$T/new" || false
	# util-linux agrees where it prints names as we do (not controls)
	"$UL_MOUNT" >"$T/ul"
	for n in "with space" 'back\slash' 'lit\040eral' 'x (deleted)' \
		slashes bind; do
		[ "$(grep -F " on $T/$n type " "$T/ul")" = \
		  "$(grep -F " on $T/$n type " "$T/new")" ]
	done
}

@test "stacked mounts with one source and target: utab lines go to the last ones" {
	mkdir "$T/s" "$T/t"
	for i in 1 2 3; do
		mount -t tmpfs same "$T/s"
	done
	mount -t tmpfs other "$T/t"
	mount -t tmpfs same "$T/t"
	{
		utab_line same "$T/s" / OPTS=x-first
		utab_line same "$T/t" / OPTS=x-lower
		utab_line same "$T/s" / OPTS=x-second
	} >>"$LIBMOUNT_UTAB"
	same_both_ways
	grep -F " on $T/s type" "$T/new" >"$T/s.lines"
	[ "$(sed -n 1p "$T/s.lines")" = "same on $T/s type tmpfs (rw,relatime)" ]
	[ "$(sed -n 2p "$T/s.lines")" = "same on $T/s type tmpfs (rw,relatime,x-first)" ]
	[ "$(sed -n 3p "$T/s.lines")" = "same on $T/s type tmpfs (rw,relatime,x-second)" ]
	grep -qxF "same on $T/t type tmpfs (rw,relatime,x-lower)" "$T/new"
	grep -qxF "other on $T/t type tmpfs (rw,relatime)" "$T/new"
}

@test "utab lines with ID= (libmount 2.41's): the same output both ways" {
	mkdir "$T/a" "$T/b" "$T/c"
	mount -t tmpfs ida "$T/a"
	mount -t tmpfs idb "$T/b"
	mount -t tmpfs idc "$T/c"
	{
		# right ID, wrong target: 2.41 merges it, 2.38 does not
		echo "ID=$(mount_id "$T/a") SRC=ida TARGET=$T/elsewhere ROOT=/ OPTS=x-byid"
		# right target, an ID no mount has: 2.41 merges it nowhere
		echo "ID=999999 SRC=idb TARGET=$T/b ROOT=/ OPTS=x-noid"
		# 2.38's line, no ID
		utab_line idc "$T/c" / OPTS=x-noidline
		# an ID as a 64-bit number: libmount keeps an int
		echo "ID=$((4294967296 + $(mount_id "$T/b"))) SRC=x TARGET=/x ROOT=/ OPTS=x-wrap"
	} >>"$LIBMOUNT_UTAB"
	same_both_ways
	grep -qF "idc on $T/c type tmpfs (rw,relatime,x-noidline)" "$T/new"
	if libmount_fd_api; then
		grep -qF "ida on $T/a type tmpfs (rw,relatime,x-byid)" "$T/new"
	else
		grep -qxF "ida on $T/a type tmpfs (rw,relatime)" "$T/new"
		grep -qF "idb on $T/b type tmpfs (rw,relatime,x-noid)" "$T/new"
	fi
}

@test "a table of several read blocks with utab lines all through it" {
	local long i
	# targets of nearly 4 kB: mountinfo of over 300 kB, lines across
	# the blocks it is read in
	long=$(printf 'd%.0s' $(seq 1 240))
	long=$(printf "$long/%.0s" $(seq 1 15))$long
	mkdir "$T/src"
	for i in $(seq 1 90); do
		mkdir -p "$T/$long.$i"
		mount --bind "$T/src" "$T/$long.$i"
		[ $((i % 7)) != 3 ] ||
			utab_line tmpfs "$T/$long.$i" / "OPTS=x-n=$i" >>"$LIBMOUNT_UTAB"
	done
	[ "$(wc -c </proc/self/mountinfo)" -gt 300000 ]
	same_both_ways
	same_both_ways -t tmpfs
	[ "$(grep -c "x-n=" "$T/new")" -eq 0 ]	# binds' root is /src
	: >"$LIBMOUNT_UTAB"
	src=$(awk -v t="$T/$long.1" "$MI_AWK"'
		unesc($5) == t { for (i = 7; $i != "-"; i++); print $(i + 2) }' \
		/proc/self/mountinfo)
	root=$(awk -v t="$T/$long.1" "$MI_AWK"'
		unesc($5) == t { print $4 }' /proc/self/mountinfo)
	for i in $(seq 1 90); do
		[ $((i % 7)) != 3 ] ||
			utab_line "$src" "$T/$long.$i" "$root" "OPTS=x-n=$i"
	done >>"$LIBMOUNT_UTAB"
	same_both_ways
	[ "$(grep -c "x-n=" "$T/new")" -eq 13 ]
	[[ "$(grep -F " on $T/$long.87 type " "$T/new")" == *,x-n=87\) ]]
}

@test "the two listings are two ways: only the streamed one hands libmount a few lines" {
	command -v strace >/dev/null || skip "no strace"
	mkdir "$T/m"
	mount -t tmpfs s "$T/m"
	utab_line s "$T/m" / OPTS=x-m >>"$LIBMOUNT_UTAB"
	strace -f -e trace=memfd_create -o "$T/new.trace" "$MOUNT" >/dev/null
	USERMOUNT_LIST=table strace -f -e trace=memfd_create \
		-o "$T/old.trace" "$MOUNT" >/dev/null
	grep -q 'memfd_create("usermount-list"' "$T/new.trace"
	! grep -q 'memfd_create' "$T/old.trace" || false
}

@test "an empty or missing utab: the table streams, the same both ways" {
	mkdir "$T/m"
	mount -t tmpfs s "$T/m"
	same_both_ways
	rm -f "$LIBMOUNT_UTAB"
	same_both_ways
	grep -qxF "s on $T/m type tmpfs (rw,relatime)" "$T/new"
}

@test "a /dev/root source is named as libmount names it, with and without utab" {
	[ -e /dev/loop-control ] && command -v mkfs.ext2 >/dev/null ||
		skip "no loop devices or mkfs.ext2 here"
	truncate -s 4M "$T/img"
	mkfs.ext2 -q "$T/img"
	dev=$(losetup -f --show "$T/img")
	mkdir "$T/r" "$T/dev"
	# a /dev of this test's own, in a namespace of its own, names the
	# loop device /dev/root, as a kernel's root= does
	cat >"$T/inner" <<-EOF
	set -e
	mount -t tmpfs dev /dev
	mknod /dev/root b $(stat -c '0x%t 0x%T' "$dev")
	mknod $dev b $(stat -c '0x%t 0x%T' "$dev")
	mount -t ext2 /dev/root "$T/r"
	grep -q " $T/r .* - ext2 /dev/root " /proc/self/mountinfo
	"$MOUNT" -t ext2 >"$T/new"
	USERMOUNT_LIST=table "$MOUNT" -t ext2 >"$T/old"
	"$UL_MOUNT" -t ext2 >"$T/ul"
	# libmount merges after naming the device
	echo "SRC=$dev TARGET=$T/r ROOT=/ OPTS=x-root" >"$LIBMOUNT_UTAB"
	"$MOUNT" >"$T/new.utab"
	USERMOUNT_LIST=table "$MOUNT" >"$T/old.utab"
	umount "$T/r"
	EOF
	run unshare -m --propagation private sh "$T/inner"
	losetup -d "$dev"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	cat "$T/new" "$T/ul"
	diff "$T/old" "$T/new"
	diff "$T/ul" "$T/new"
	diff "$T/old.utab" "$T/new.utab"
	grep -qxF "$dev on $T/r type ext2 (rw,relatime)" "$T/new"
	grep -qxF "$dev on $T/r type ext2 (rw,relatime,x-root)" "$T/new.utab"
}

@test "more than 64 utab lines: libmount merges a few groups at a time, the same output" {
	local i id
	mkdir "$T/b"
	for i in $(seq 1 90); do
		mkdir "$T/b/$i"
		mount -t tmpfs "s$i" "$T/b/$i"
	done
	mount -t tmpfs s9 "$T/b/9"	# stacked: one key, two mounts
	id=$(mount_id "$T/b/11")
	{
		# for the lower of the two on b/9, 90 lines before the upper's:
		# a batch apart, one group all the same
		utab_line s9 "$T/b/9" / OPTS=x-early
		# newest first, so groups come in another order than mounts
		for i in $(seq 90 -1 1); do
			utab_line "s$i" "$T/b/$i" / "OPTS=x-i=$i"
		done
		utab_line s7 "$T/b/7" / OPTS=x-again
		utab_line gone "$T/b/gone" / OPTS=x-gone
		# one line joins two mounts' groups: ID of one, target of another
		echo "ID=$id SRC=s12 TARGET=$T/b/12 ROOT=/ OPTS=x-cross"
	} >>"$LIBMOUNT_UTAB"
	same_both_ways
	same_both_ways -t tmpfs
	grep -qxF "s7 on $T/b/7 type tmpfs (rw,relatime,x-again)" "$T/new"
	if libmount_fd_api; then	# by its ID
		grep -qxF "s11 on $T/b/11 type tmpfs (rw,relatime,x-cross)" "$T/new"
	else
		grep -qxF "s12 on $T/b/12 type tmpfs (rw,relatime,x-cross)" "$T/new"
	fi
	[ "$(grep -c ' on '"$T"'/b/9 type' "$T/new")" -eq 2 ]
	grep -qxF "s9 on $T/b/9 type tmpfs (rw,relatime,x-early)" "$T/new"
	grep -qxF "s9 on $T/b/9 type tmpfs (rw,relatime,x-i=9)" "$T/new"
	[ "$(grep -c ',x-i=' "$T/new")" -ge 87 ]
}

@test "an ordinary user's listing reads the utab libmount reads (2.38: LIBMOUNT_UTAB is root's only)" {
	mkdir "$T/u" "$T/v"
	mount -t tmpfs su "$T/u"
	mount -t tmpfs sv "$T/v"
	utab_line su "$T/u" / OPTS=x-fromenv >>"$LIBMOUNT_UTAB"
	chmod 0644 "$LIBMOUNT_UTAB"
	utab_line sv "$T/v" / OPTS=x-fromrun >>/run/mount/utab
	as_user alice env LIBMOUNT_UTAB="$LIBMOUNT_UTAB" "$MOUNT" >"$T/new"
	as_user alice env LIBMOUNT_UTAB="$LIBMOUNT_UTAB" USERMOUNT_LIST=table \
		"$MOUNT" >"$T/old"
	sed -i "\\|TARGET=$T/v |d" /run/mount/utab
	diff -u "$T/old" "$T/new"
	if libmount_fd_api; then
		grep -qxF "su on $T/u type tmpfs (rw,relatime,x-fromenv)" "$T/new"
		grep -qxF "sv on $T/v type tmpfs (rw,relatime)" "$T/new"
	else
		grep -qxF "su on $T/u type tmpfs (rw,relatime)" "$T/new"
		grep -qxF "sv on $T/v type tmpfs (rw,relatime,x-fromrun)" "$T/new"
	fi
}

# Names with characters a terminal draws as nothing or uses to reorder
# the text around them (row 40 of tests/security/README), written as the
# listing must show them: each one's UTF-8 bytes as \xHH. "printf %b"
# makes the name itself. U+202E (right-to-left override) shows
# "n7-rlo<U+202E>gpj.exe" as "n7-rloexe.jpg"; then U+200B-U+200F,
# U+202A-U+202D, U+2060-U+2064, U+2066-U+2069, U+FEFF and U+061C; a
# combining acute (U+0301, Mn) and an enclosing circle (U+20DD, Me); a
# soft hyphen (U+00AD) and a tag letter (U+E0041), both Cf.
format_names=('n7-rlo\xe2\x80\xaegpj.exe'
	'zw\xe2\x80\x8b\xe2\x80\x8c\xe2\x80\x8d\xe2\x80\x8e\xe2\x80\x8f.'
	'bidi\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad.'
	'join\xe2\x81\xa0\xe2\x81\xa1\xe2\x81\xa2\xe2\x81\xa3\xe2\x81\xa4.'
	'iso\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9.'
	'bom\xef\xbb\xbf alm\xd8\x9c.'
	'mark e\xcc\x81 circle\xe2\x83\x9d.'
	'soft\xc2\xadhyphen tag\xf3\xa0\x81\x81.')

@test "row 40: bidi controls, zero-width characters and marks list as \\xHH on every path; util-linux passes them" {
	local e n way opts
	for e in "${format_names[@]}"; do
		n=$(printf '%b' "$e")
		mkdir "$T/$n"
		mount -t tmpfs "s-$n" "$T/$n"
	done
	export LC_ALL=C.UTF-8
	for way in stream utab table; do
		: >"$LIBMOUNT_UTAB"
		[ "$way" != utab ] ||	# each line through libmount's merge
			for e in "${format_names[@]}"; do
				n=$(printf '%b' "$e")
				utab_line "s-$n" "$T/$n" / OPTS=x-f
			done >>"$LIBMOUNT_UTAB"
		if [ "$way" = table ]; then
			USERMOUNT_LIST=table "$MOUNT" -t tmpfs >"$T/out"
		else
			"$MOUNT" -t tmpfs >"$T/out"
		fi
		echo "$way:"
		grep -F " on $T/" "$T/out"
		opts="(rw,relatime)"
		[ "$way" != utab ] || opts="(rw,relatime,x-f)"
		for e in "${format_names[@]}"; do
			grep -qxF "s-$e on $T/$e type tmpfs $opts" "$T/out"
		done
	done
	# util-linux 2.38.1 prints them raw: "n7-rloexe.jpg" on a terminal
	: >"$LIBMOUNT_UTAB"
	"$UL_MOUNT" -t tmpfs >"$T/ul"
	echo "util-linux:"
	grep -F " on $T/" "$T/ul" | od -c | grep -A1 -F 'n   7   -   r   l   o'
	for e in "${format_names[@]}"; do
		n=$(printf '%b' "$e")
		grep -qF "s-$n on $T/$n type tmpfs" "$T/ul"
	done
}

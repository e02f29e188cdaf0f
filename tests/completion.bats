#!/usr/bin/env bats
# The bash completion (completion/usermount.bash.in): options from the
# programs' option tables, filesystem types, fstab targets, and for umount
# the mount points decoded from mountinfo. Hostile mount point names are
# offered literally and never run (security.md row 11, CVE-2018-7738).
#
# The completion functions are driven as bash-completion drives them:
# COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set, the function
# called, COMPREPLY read back (NUL-separated, so newlines survive). compopt
# works only under readline, so it is recorded instead. The last tests type
# into a real interactive bash under tmux, where readline quotes the names.

load common

COMPLETION=$top_builddir/completion/usermount.bash
BASH_COMPLETION=/usr/share/bash-completion/bash_completion

setup() {
	common_setup
	[ -f "$BASH_COMPLETION" ] ||
		{ echo "bash-completion not installed" >&2; return 1; }
	[ -f "$COMPLETION" ]
	cd "$T"
}

teardown() {
	cd /
	# a tmux server kept open would hold bats's output open
	[ ! -S "$T/tmux.sock" ] ||
		tmux -S "$T/tmux.sock" kill-server 2>/dev/null || true
	common_teardown
}

# comp [as USER] FUNC WORD...: COMP_WORDS are the words as bash splits
# them ("=" and ":" are words of their own, written without spaces around
# them in COMP_LINE); the cursor is at the end of the last one. Leaves the
# candidates in the array "reply" and the compopt calls in $T/compopt.
# Extra shell code to run after sourcing may be given in $PRE.
DRIVER='
	source "$1"
	source "$2"
	log=$3
	compopt() { printf "%s\n" "$*" >>"$log"; }
	eval "$4"
	f=$5
	shift 5
	COMP_WORDS=("$@")
	COMP_CWORD=$(($# - 1))
	COMP_LINE=
	prev=
	for w; do
		if [[ -n $COMP_LINE && $w != [=:] && $prev != [=:] ]]; then
			COMP_LINE+=" "
		fi
		COMP_LINE+=$w
		prev=$w
	done
	COMP_POINT=${#COMP_LINE}
	COMPREPLY=()
	"$f" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
	for r in "${COMPREPLY[@]}"; do printf "%s\0" "$r"; done
'
comp() {
	local who=()
	if [ "$1" = as ]; then
		who=(as_user "$2")
		shift 2
	fi
	: >"$T/compopt"
	chmod 0666 "$T/compopt"
	"${who[@]}" bash --norc --noprofile -c "$DRIVER" driver \
		"$BASH_COMPLETION" "$COMPLETION" "$T/compopt" "${PRE-}" \
		"$@" >"$T/reply"
	mapfile -d '' reply <"$T/reply"
}

# has NAME: NAME is among the candidates, byte for byte.
has() {
	local r
	for r in "${reply[@]}"; do
		[ "$r" = "$1" ] && return 0
	done
	echo "not offered: [$1]; offered:" >&2
	printf '  [%s]\n' "${reply[@]}" >&2
	return 1
}

# has_word NAME: a candidate that the shell reads back as the one word NAME
# (umount's are quoted for the shell, completion/usermount.bash.in).
# Reading them back runs nothing unless the quoting is wrong:
# no_side_effects sees that.
has_word() {
	local r
	local -a w
	for r in "${reply[@]}"; do
		eval "w=($r)"
		[ "${#w[@]}" -eq 1 ] && [ "${w[0]}" = "$1" ] && return 0
	done
	echo "not offered as a word: [$1]; offered:" >&2
	printf '  [%s]\n' "${reply[@]}" >&2
	return 1
}

# Hostile mount point names: spaces, tab, newline, command substitutions,
# backticks, globs, quotes, backslashes, a literal "\040", a colon. The
# command substitutions name whole paths, so their "/"s make directories.
hostile_names() {
	names=("$T/with space" "$T/tab"$'\t'"x" "$T/new"$'\n'"line"
		"$T/\$(touch $T/pwned-subst)" "$T/\`touch $T/pwned-tick\`"
		"$T/\$(touch\${IFS}pwned-ifs)" "$T/star*" "$T/q'uo\"te"
		"$T/back\\slash" "$T/lit\\040eral" "$T/a:colon=eq")
}

mount_hostile() {
	local n i=0
	hostile_names
	for n in "${names[@]}"; do
		mkdir -p "$n"
		mount -t tmpfs "hostile$((i++))" "$n"
	done
}

no_side_effects() {
	local p
	p=$(find "$T" / -maxdepth 1 -name 'pwned*' 2>/dev/null)
	[ -z "$p" ] || { echo "evaluated: $p" >&2; return 1; }
}

@test "option words are --help's options, from the same table" {
	local tool want
	for tool in mount umount; do
		comp "_usermount_$tool" "$tool" -
		# each --help row by its long name, else its short one
		want=$("$top_builddir/$tool/$tool" --help |
			sed -n '/^ *-/s/^ *\(-[a-zA-Z]\)\{0,1\},\{0,1\} *\(--[a-z-]*\)\{0,1\}.*/\1 \2/p' |
			awk '{ print $NF }' | sort)
		[ -n "$want" ]
		[ "$(printf '%s\n' "${reply[@]}" | sort)" = "$want" ]
	done
	comp _usermount_mount mount --fs
	[ "${reply[*]}" = --fstab ]
	# aliases without a --help row are not offered
	comp _usermount_mount mount --r
	[ "$(printf '%s\n' "${reply[@]}" | sort | tr '\n' ' ')" = \
		"--rbind --read-only --read-write " ]
	comp _usermount_umount umount --la
	[ "${reply[*]}" = --lazy ]
}

@test "filesystem types after -t, in a comma list and with no" {
	comp _usermount_mount mount -t tmp
	has tmpfs
	[ "${#reply[@]}" -eq 1 ]
	comp _usermount_mount mount --types ext4,notm
	[ "${reply[*]}" = ext4,notmpfs ]
	comp _usermount_umount umount -t pro
	has proc
	# every type the kernel lists is offered
	comp _usermount_mount mount -t ''
	local t
	while read -r a b; do
		t=${b:-$a}
		has "$t"
	done </proc/filesystems
	# no files or mount points after -t
	[ ! -s "$T/compopt" ]
}

@test "mount offers fstab targets: all for root, user entries for users" {
	mkdir "$T/dir"
	printf '%s\n' "# $T/comment" \
		"src1 $T/fs-root tmpfs defaults 0 0" \
		"src2 $T/fs-user\\040sp tmpfs noauto,user 0 0" \
		"src3 $T/fs-users tmpfs users 0 0" \
		"src4 $T/fs-back\\134040 tmpfs owner 0 0" >/etc/fstab
	# a last line without its newline
	printf 'src5 %s tmpfs group' "$T/fs-group" >>/etc/fstab
	comp _usermount_mount mount "$T/fs"
	[ "$(printf '%s\n' "${reply[@]}" | sort)" = "$(printf '%s\n' \
		"$T/fs-back\\040" "$T/fs-group" "$T/fs-root" "$T/fs-user sp" \
		"$T/fs-users")" ]
	grep -qx -- '-o filenames' "$T/compopt"
	comp as alice _usermount_mount mount "$T/fs"
	[ "$(printf '%s\n' "${reply[@]}" | sort)" = "$(printf '%s\n' \
		"$T/fs-back\\040" "$T/fs-group" "$T/fs-user sp" "$T/fs-users")" ]
	# files too, as the source may be a file
	comp _usermount_mount mount "$T/di"
	has "$T/dir"
	# -T/--fstab names another fstab
	echo "src $T/other tmpfs defaults 0 0" >"$T/fstab"
	comp _usermount_mount mount -T "$T/fstab" "$T/"
	has "$T/other"
	[[ " ${reply[*]} " != *" $T/fs-root "* ]]
	comp _usermount_mount mount --fstab = "$T/fstab" "$T/o"
	[ "${reply[*]}" = "$T/other" ]
}

@test "umount offers hostile mount points quoted and runs none (row 11)" {
	mount_hostile
	comp _usermount_umount umount "$T/"
	local n
	for n in "${names[@]}"; do
		has_word "$n"
	done
	# exactly these, each once, and the directories they are in are not
	# mount points
	[ "${#reply[@]}" -eq "${#names[@]}" ]
	# quoted here, not by readline (which would list basenames)
	! grep -qx -- '-o filenames' "$T/compopt" || false
	no_side_effects
	# typed with quotes or backslashes: matched after removing them, and
	# nothing typed is expanded either. Inside an open quote the literal
	# name goes to readline's filename quoting.
	comp _usermount_umount umount "'$T/with s"
	[ "${reply[*]}" = "$T/with space" ]
	grep -qx -- '-o filenames' "$T/compopt"
	comp _usermount_umount umount "$T/with\\ s"
	[ "${reply[*]}" = "$T/with\\ space" ]
	# a last backslash, as an open quote
	comp _usermount_umount umount "$T/with\\"
	[ "${reply[*]}" = "$T/with space" ]
	grep -qx -- '-o filenames' "$T/compopt"
	comp _usermount_umount umount "\"$T/\\\$(touch "
	[ "${#reply[@]}" -eq 1 ]
	[ "${reply[0]}" = "$T/\$(touch $T/pwned-subst)" ]
	comp _usermount_umount umount "$T/\\\`"
	[ "${#reply[@]}" -eq 1 ]
	has_word "$T/\`touch $T/pwned-tick\`"
	comp _usermount_umount umount "$T/st"
	[ "${reply[*]}" = "$T/star\\*" ]
	comp _usermount_umount umount "$T/lit"
	[ "${#reply[@]}" -eq 1 ]
	has_word "$T/lit\\040eral"
	comp _usermount_umount umount "$T/ba"
	[ "${#reply[@]}" -eq 1 ]
	has_word "$T/back\\slash"
	comp _usermount_umount umount "$T/q\\'"
	[ "${#reply[@]}" -eq 1 ]
	has_word "$T/q'uo\"te"
	comp _usermount_umount umount "$T/ne"
	[ "${#reply[@]}" -eq 1 ]
	has_word "$T/new"$'\n'"line"
	# readline starts the word after an unquoted ":": the candidates
	# start there too
	comp _usermount_umount umount "$T/a" : co
	[ "${reply[*]}" = "colon=eq" ]
	no_side_effects
}

@test "umount offers an ordinary user only mounts they may unmount" {
	mkdir "$T/mine" "$T/users" "$T/root"
	mount -t tmpfs x "$T/mine"
	mount -t tmpfs x "$T/users"
	mount -t tmpfs x "$T/root"
	printf '%s\n' "x $T/users tmpfs users,noauto 0 0" \
		"x $T/mine tmpfs user,noauto 0 0" \
		"x $T/notmounted tmpfs user,noauto 0 0" >/etc/fstab
	comp as alice _usermount_umount umount "$T/"
	[ "$(printf '%s\n' "${reply[@]}" | sort)" = \
		"$(printf '%s\n' "$T/mine" "$T/users")" ]
	comp _usermount_umount umount "$T/"
	[ "$(printf '%s\n' "${reply[@]}" | sort)" = \
		"$(printf '%s\n' "$T/mine" "$T/root" "$T/users")" ]
}

@test "owned mounts (user=UID in mountinfo) are offered to their owner" {
	# The host kernel has no owned mounts: a mountinfo as the series
	# writes it, read by the same function umount's completion uses.
	printf '%s\n' \
		"1 0 0:1 / /own rw,nosuid,nodev,relatime,user=2001 shared:1 - tmpfs x rw" \
		"2 0 0:2 / /own\\040sp\\012nl rw,user=2001 - tmpfs x rw" \
		"3 0 0:3 / /other rw,user=2002 - tmpfs x rw" \
		"4 0 0:4 / /prefix rw,user=20011 - tmpfs x rw" \
		"5 0 0:5 / /first-counts rw,user=2002,user=2001 - tmpfs x rw" \
		"6 0 0:6 / /notakey rw,user_id=2001 - fuse x rw,user_id=2001" \
		"7 0 0:7 / /super rw - fuse x rw,user=2001" \
		"8 0 0:8 / /\$(touch\\040$T/pwned-mi) rw,user=2001 - tmpfs x rw" \
		"9 0 0:9 / /listed rw - tmpfs x rw" >"$T/mountinfo"
	local uid
	for uid in 2001 0; do
		PRE="_test_mi() {
			_usermount_mountpoints '$T/mountinfo' $uid /listed
			COMPREPLY=(\"\${_usermount_names[@]}\")
		}" comp _test_mi umount /
		[ "$uid" = 0 ] && break
		[ "$(printf '%s\n' "${reply[@]}" | sort)" = "$(printf '%s\n' \
			"/\$(touch $T/pwned-mi)" /listed /own $'/own sp\nnl')" ]
		no_side_effects
	done
	# root: every mount point
	[ "${#reply[@]}" -eq 9 ]
}

@test "--setuser= and --owned= complete user names" {
	comp _usermount_mount mount --setuser = ali
	[ "$(printf '%s\n' "${reply[@]}" | sort | tr '\n' ' ')" = \
		"alice alice2 " ]
	comp _usermount_mount mount --owned = ali
	[ "$(printf '%s\n' "${reply[@]}" | sort | tr '\n' ' ')" = \
		"alice alice2 " ]
	comp _usermount_umount umount -a --owned = ali
	[ "$(printf '%s\n' "${reply[@]}" | sort | tr '\n' ' ')" = \
		"alice alice2 " ]
}

# sorted REPLY: the candidates sorted, one line each
sorted() {
	printf '%s\n' "${reply[@]}" | sort
}

@test "-o offers the tools' option words, the project's own among them" {
	comp _usermount_mount mount -o ''
	local w
	# libmount's words (the kernel's flags and the userspace ones), the
	# series' (lib/abi.h) and the X-mount.* words (lib/xmount-opts.c)
	for w in ro rw noatime nosuid nosymfollow rbind defaults noauto \
		user users owner group nouser _netdev nofail comment= loop \
		loop= setuser setuser= nomnt; do
		has "$w"
	done
	# every X-mount.* word mount(8) documents (nine of them)
	local xwords
	xwords=$(sed 's/\\-/-/g' "$top_srcdir/man/mount.8" |
		grep -o 'X-mount\.[a-z-]*' | sort -u)
	[ "$(wc -l <<<"$xwords")" -eq 9 ]
	for w in $xwords; do
		has "$w" 2>/dev/null || has "$w="
	done
	# no libmount prefix pattern ("x-") and nothing twice
	[ -z "$(sorted | grep -x -e x- -e X-)" ]
	[ -z "$(sorted | uniq -d)" ]
	# a word that takes a value ends with "=", one that may has both
	comp _usermount_mount mount -o X-mount.ow
	[ "${reply[*]}" = X-mount.owner= ]
	comp _usermount_mount mount --options X-mount.mk
	[ "$(sorted | tr '\n' ' ')" = "X-mount.mkdir X-mount.mkdir= " ]
	# the list goes on with a comma: no space after a word
	grep -qx -- '-o nospace' "$T/compopt"
	# umount -O and mount -O take the same words
	comp _usermount_umount umount -O nofa
	[ "${reply[*]}" = nofail ]
	comp _usermount_mount mount --test-opts nofa
	[ "${reply[*]}" = nofail ]
	# not after other options, nor as files
	comp _usermount_mount mount -L nofa
	[ "${#reply[@]}" -eq 0 ]
}

@test "-o completes the word after the last comma, keeping the list" {
	comp _usermount_mount mount -o ro,noat
	[ "${reply[*]}" = ro,noatime ]
	comp _usermount_mount mount -o rw,nosuid,nodi
	[ "${reply[*]}" = rw,nosuid,nodiratime ]
	comp _usermount_mount mount -o ro,nom
	[ "$(sorted | tr '\n' ' ')" = "ro,nomand ro,nomnt " ]
	# --options=LIST: readline's word starts after the "="
	comp _usermount_mount mount --options = bind,ow
	[ "${reply[*]}" = bind,owner ]
	# no match, no candidates
	comp _usermount_mount mount -o ro,zzz
	[ "${#reply[@]}" -eq 0 ]
}

@test "-o setuser= and X-mount.owner= complete users, X-mount.group= groups" {
	# bash splits at "=", and readline replaces only what follows it
	comp _usermount_mount mount -o setuser = ali
	[ "$(sorted | tr '\n' ' ')" = "alice alice2 " ]
	comp _usermount_mount mount -o ro,nomnt,setuser = bo
	[ "${reply[*]}" = bob ]
	comp _usermount_mount mount --options = noexec,setuser = ali
	[ "$(sorted | tr '\n' ' ')" = "alice alice2 " ]
	comp _usermount_mount mount -o X-mount.owner = bo
	[ "${reply[*]}" = bob ]
	# run-bats gives each test user a group of its name
	comp _usermount_mount mount -o X-mount.group = alice
	[ "$(sorted | tr '\n' ' ')" = "alice alice2 " ]
	comp _usermount_mount mount -o X-mount.nocanonicalize = s
	[ "${reply[*]}" = source ]
	# every user getent lists is offered
	comp _usermount_mount mount -o setuser = ''
	local u
	for u in $(getent passwd | cut -d: -f1); do
		has "$u"
	done
	# a value nothing here knows: no candidates, no files
	comp _usermount_mount mount -o comment = x
	[ "${#reply[@]}" -eq 0 ]
}

@test "--options-mode and --options-source: the words mount takes" {
	comp _usermount_mount mount --options-mode ''
	[ "${reply[*]}" = "ignore append prepend replace" ]
	comp _usermount_mount mount --options-mode = ap
	[ "${reply[*]}" = append ]
	comp _usermount_mount mount --options-source ''
	[ "${reply[*]}" = "fstab mtab disable" ]
	# a comma list, as mount reads it
	comp _usermount_mount mount --options-source fstab,m
	[ "${reply[*]}" = fstab,mtab ]
	comp _usermount_mount mount --options-source = mtab,d
	[ "${reply[*]}" = mtab,disable ]
	# mount takes every word offered (the same table), and not others
	local w
	mkdir "$T/d"
	comp _usermount_mount mount --options-mode ''
	for w in "${reply[@]}"; do
		"$MOUNT" --fake --no-mtab --options-mode "$w" -t tmpfs x "$T/d"
	done
	comp _usermount_mount mount --options-source ''
	for w in "${reply[@]}"; do
		"$MOUNT" --fake --no-mtab --options-source "$w" \
			-t tmpfs x "$T/d"
	done
	! "$MOUNT" --fake --no-mtab --options-mode bogus -t tmpfs x "$T/d" \
		2>/dev/null || false
}

@test "umount offers full paths, path sources, and ~/ and ./ forms" {
	mkdir -p "$T/a/mnt" "$T/b/mnt" "$T/home/m" "$T/cwd/sub"
	mount -t tmpfs x "$T/a/mnt"
	mount -t tmpfs x "$T/b/mnt"
	mount -t tmpfs x "$T/home/m"
	mount -t tmpfs x "$T/cwd/sub"
	# a source that is a path, as a device's is, and an NFS-like one
	mkdir "$T/src" "$T/nfs"
	mount -t tmpfs "$T/srcdev" "$T/src"
	mount -t tmpfs "server:$T/export" "$T/nfs"
	comp _usermount_umount umount "$T/"
	[ "$(sorted)" = "$(printf '%s\n' "$T/a/mnt" "$T/b/mnt" "$T/cwd/sub" \
		"$T/home/m" "$T/nfs" "$T/src" "$T/srcdev")" ]
	comp _usermount_umount umount "$T/srcd"
	[ "${reply[*]}" = "$T/srcdev" ]
	# readline's word starts after the ":"
	comp _usermount_umount umount server : "$T/exp"
	[ "${reply[*]}" = "$T/export" ]
	# relative to $HOME and to the current directory, as util-linux's
	PRE="HOME='$T/home'" comp _usermount_umount umount '~/'
	[ "${reply[*]}" = '~/m' ]
	PRE="cd '$T/cwd'" comp _usermount_umount umount ./
	[ "${reply[*]}" = ./sub ]
	PRE="cd '$T/cwd'" comp _usermount_umount umount su
	[ "${reply[*]}" = sub ]
	# the full paths only once the word starts with "/"
	PRE="cd '$T/cwd'; HOME='$T/home'" comp _usermount_umount umount ''
	has sub
	has ./sub
	has '~/m'
	has "$T/cwd/sub"
	# an ordinary user: the mount's source is offered with its target
	printf '%s\n' "$T/srcdev $T/src tmpfs user,noauto 0 0" >/etc/fstab
	comp as alice _usermount_umount umount "$T/"
	[ "$(sorted)" = "$(printf '%s\n' "$T/src" "$T/srcdev")" ]
}

# A real interactive bash under tmux: readline inserts the candidate with
# its own quoting, and the line runs umount on the literal name.
tmux_type() {
	tmux -S "$T/tmux.sock" send-keys -t t "$@"
}

# An interactive bash with the completion loaded, in tmux session "t".
tmux_bash() {
	cat >"$T/rc" <<-EOF
		source $BASH_COMPLETION
		source $COMPLETION
		PS1='$ '
		# the function keeps the command name, so the completion
		# for umount is used; it logs the arguments it was given
		umount() { printf '%s\0' "\$@" >>$T/args; $UMOUNT "\$@"; }
	EOF
	tmux -S "$T/tmux.sock" new-session -d -s t -x 200 -y 50 \
		"bash --rcfile $T/rc -i" </dev/null >/dev/null 2>&1 3>&-
	sleep 0.5
}

# screen: what the tmux window shows
screen() {
	tmux -S "$T/tmux.sock" capture-pane -p -t t
}

@test "interactive: TAB TAB lists full paths; -o completes in the list" {
	command -v tmux >/dev/null || skip "tmux not installed"
	mkdir -p "$T/a/mnt" "$T/b/mnt"
	mount -t tmpfs x "$T/a/mnt"
	mount -t tmpfs x "$T/b/mnt"
	tmux_bash
	tmux_type -l "umount $T/"
	tmux_type Tab Tab
	sleep 0.5
	# each listed by its path, not both as "mnt"
	screen | grep -qF -- "$T/a/mnt"
	screen | grep -qF -- "$T/b/mnt"
	tmux_type C-u
	tmux_type -l "mount -o ro,noat"
	tmux_type Tab
	sleep 0.3
	screen | grep -qx -- '\$ mount -o ro,noatime'
	tmux_type C-u
	tmux_type -l "mount -o nosuid,setuser=alic"
	tmux_type Tab
	sleep 0.3
	screen | grep -q -- 'mount -o nosuid,setuser=alice$'
	tmux -S "$T/tmux.sock" kill-server
}

@test "interactive: TAB completes hostile names that umount then unmounts" {
	command -v tmux >/dev/null || skip "tmux not installed"
	mount_hostile
	tmux_bash
	local i n typed
	# each name, and a prefix that only it has, typed quoted
	local pick=("$T/\$(touch $T/pwned-subst)" "$T/\$(touch "
		"$T/\`touch $T/pwned-tick\`" "$T/\`"
		"$T/new"$'\n'"line" "$T/new"
		"$T/star*" "$T/st"
		"$T/q'uo\"te" "$T/q")
	for ((i = 0; i < ${#pick[@]}; i += 2)); do
		n=${pick[i]}
		typed=$(printf %q "${pick[i + 1]}")
		rm -f "$T/args"
		tmux_type -l "umount $typed"
		tmux_type Tab
		sleep 0.3
		tmux_type Enter
		for _ in $(seq 50); do
			[ -s "$T/args" ] && ! is_mounted "$n" && break
			sleep 0.1
		done
		mapfile -d '' args <"$T/args"
		[ "${args[0]%/}" = "$n" ] ||
			{ echo "umount got [${args[*]}] for [$n]"; false; }
		! is_mounted "$n" || { echo "still mounted: $n"; false; }
	done
	tmux -S "$T/tmux.sock" kill-server
	no_side_effects
}

#!/usr/bin/env bats
# Messages in the user's language (lib/nls.h): util-linux's words through
# util-linux's catalogue (util-linux-locales), as util-linux's own programs
# say them in the same run; usermount's own words in po/usermount.pot.
# German, compiled with localedef into the test's directory (LOCPATH):
# nothing of the machine's locales is changed.

load common

setup() {
	common_setup
	mkdir -p "$T/m" "$T/loc"
	[ -f /usr/share/locale/de/LC_MESSAGES/util-linux.mo ] || {
		echo "util-linux-locales is not installed (scripts/setup-debian)" >&2
		return 1
	}
	localedef -i de_DE -f UTF-8 "$T/loc/de_DE.UTF-8"
	# the util-linux whose catalogue is installed: the system's (a
	# util-linux built for another libmount has none of its own)
	DEB_UMOUNT=/usr/bin/umount
	[ ! -x "$DEB_UMOUNT.util-linux" ] || DEB_UMOUNT=$DEB_UMOUNT.util-linux
	DEB_MOUNT=/usr/bin/mount
	[ ! -x "$DEB_MOUNT.util-linux" ] || DEB_MOUNT=$DEB_MOUNT.util-linux
}

teardown() {
	common_teardown
}

# CMD... in German
de() {
	LOCPATH=$T/loc LANG=de_DE.UTF-8 LC_ALL='' LANGUAGE='' "$@"
}

@test "nls: umount -v and bad usage say util-linux's words in German, as util-linux's umount does" {
	mount -t tmpfs x "$T/m"
	run de "$UMOUNT" -v "$T/m"
	[ "$status" -eq 0 ]
	[ "$output" = "umount: $T/m ausgehängt" ]
	mount -t tmpfs x "$T/m"
	run de "$DEB_UMOUNT" -v "$T/m"
	[ "$output" = "umount: $T/m ausgehängt" ]
	run de "$UMOUNT" --no-such-option
	[ "$status" -eq 1 ]
	ours=${lines[1]}
	run de "$DEB_UMOUNT" --no-such-option
	[ "${lines[1]}" = "$ours" ]
	[ "$ours" = "Rufen Sie »umount --help« auf, um weitere Informationen zu erhalten." ]
	run de "$UMOUNT" -a x
	[ "$status" -eq 1 ]
	ours=$output
	run de "$DEB_UMOUNT" -a x
	[ "$output" = "$ours" ]
	[ "${lines[0]}" = "umount: unerwartete Anzahl an Argumenten" ]
}

# The lines of $1 (a --help) that are not in $2: each once, sorted.
only_in() {
	comm -23 <(printf '%s\n' "$1" | sort -u) <(printf '%s\n' "$2" | sort -u)
}

@test "nls: --help says util-linux's lines in German through the system's catalogue, as util-linux's mount and umount do" {
	run de "$MOUNT" --help
	[ "$status" -eq 0 ]
	ours=$output
	run de "$DEB_MOUNT" --help
	[ "$status" -eq 0 ]
	# all of util-linux's but its one-line summary and its "Operations:"
	# heading (usermount lists --bind and --make-* among the options)
	[ "$(only_in "$output" "$ours")" = "Ein Dateisystem einhängen.
Operationen:" ]
	[[ "$ours" == *" -a, --all               alle in fstab aufgeführten Dateisysteme einhängen"* ]]
	# a line util-linux 2.38 asked for in a run of lines (the Source: run)
	[[ "$ours" == *"
Quelle:
 LABEL=<Kennung>         Angabe des Gerätes mittels Dateisystemkennung"* ]]
	# util-linux's own phrase in usermount's own row
	[[ "$ours" == *" -h, --help              diese Hilfe anzeigen"* ]]
	# usermount's own options in its own words (no catalogue of them)
	[[ "$ours" == *"     --setuser[=<user>]  make the mount owned by <user> (default: you)"* ]]
	run de "$UMOUNT" --help
	[ "$status" -eq 0 ]
	ours=$output
	run de "$DEB_UMOUNT" --help
	[ "$(only_in "$output" "$ours")" = "Dateisysteme aushängen." ]
	[[ "$ours" == *"     --owned[=<user>]    with --all, only the mounts <user> owns (default: you)"* ]]
}

@test "nls: --help in English is usermount's own, in util-linux's layout" {
	run "$MOUNT" --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"
 -a, --all               mount all filesystems in fstab
"* ]]
	# an option column wider than util-linux's 24 gets a line of its own
	[[ "$output" == *"
     --options-source-force
                         read fstab/mtab even with source and target given
"* ]]
	[[ "$output" == *"
Source:
 LABEL=<label>           the filesystem with that label
"* ]]
	[ "${lines[0]}" = "Usage:" ]
	[ "${lines[${#lines[@]} - 1]}" = "For more details see mount(8)." ]
}

@test "nls: --help in German keeps no translation it made: no definite leak under valgrind" {
	command -v valgrind >/dev/null || skip "valgrind is not installed"
	! ldd "$MOUNT" | grep -q libasan || skip "ASan build"
	local tool
	for tool in "$MOUNT" "$UMOUNT"; do
		run de valgrind -q --error-exitcode=9 --leak-check=full \
			--errors-for-leak-kinds=definite "$tool" --help
		echo "$output" | grep '^==' || true
		[ "$status" -eq 0 ]
	done
}

# The entries of util-linux's English --help on stdin, NUL-separated: a
# line with the lines indented past its option column that continue it.
help_entries() {
	awk '/^ {6,}[^ ]/ && n { e = e "\n" $0; next }
		{ if (n) printf "%s\n%c", e, 0; e = $0; n = 1 }
		END { if (n) printf "%s\n%c", e, 0 }'
}

# CMD... in German with catalogue $1 where gettext looks for
# util-linux's, in a mount namespace of its own
de_with() {
	de unshare -m sh -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' \
		sh "$1" /usr/share/locale/de/LC_MESSAGES/util-linux.mo "${@:2}"
}

@test "nls: --help through util-linux 2.41's catalogue (one line a msgid), as Debian 13's util-linux-locales ships it" {
	local mo=${UM_UL_BINDIR%/bin}/share/locale/de/LC_MESSAGES/util-linux.mo
	# the oracle's lines are msgids from 2.39 on: the 2.41 pass only
	[ "${UM_UL_BINDIR:-/usr/bin}" != /usr/bin ] && [ -f "$mo" ] ||
		skip "util-linux 2.41 pass only (scripts/check-libmount)"
	local tool e t n mount_de
	for tool in mount umount; do
		ours=$(de_with "$mo" "$top_builddir/$tool/$tool" --help)
		# the oracle: util-linux 2.41.5's own --help lines (its msgids;
		# it is built without NLS) looked up in the same catalogue
		n=0
		while IFS= read -r -d '' e; do
			t=$(de_with "$mo" gettext -d util-linux -- "$e")
			[ "$t" != "${e%$'\n'}" ] || continue
			case $t in
			"Ein Dateisystem einhängen." | "Dateisysteme aushängen." |\
			Operationen:) continue ;;
			esac
			[[ "$ours" == *"$t"* ]] || {
				echo "$tool --help lacks: $t" >&2
				return 1
			}
			n=$((n + 1))
		done < <("$UM_UL_BINDIR/$tool" --help | help_entries)
		echo "$tool: $n lines" >&2
		[ "$n" -gt 14 ]
		[ "$tool" = umount ] || mount_de=$ours
	done
	# a line for an option 2.38 did not have, from 2.41's catalogue
	[[ "$mount_de" == *"     --onlyonce          überprüfen, ob"* ]]
}

@test "nls: usermount's own words stay English without a catalogue of theirs, the util-linux line beside them German" {
	run de "$UMOUNT" -a --keep-fstab
	[ "$status" -eq 1 ]
	[ "$output" = "umount: --keep-fstab goes with --all --owned
Rufen Sie »umount --help« auf, um weitere Informationen zu erhalten." ]
}

@test "nls: po/usermount.pot, made by the build, holds usermount's own messages and none of util-linux's" {
	local pot=$top_builddir/po/usermount.pot
	[ -f "$pot" ]
	grep -qx 'msgid "--keep-fstab goes with --all --owned"' "$pot"
	grep -qx 'msgid "not under a mount you own (%s is owned by %s)"' "$pot"
	grep -q '"a mount below the source is not yours, and a bind would show what it covers "' "$pot"
	# a number's words in the language's plural forms (P_, lib/nls.h)
	grep -qx 'msgid_plural "target is busy: %d mounts below it are not yours"' "$pot"
	grep -qx 'msgid_plural "unknown mount options '"'%s'"'"' "$pot"
	! grep -q 'msgid "target is busy: %d %s below it' "$pot" || false
	! grep -qx 'msgid "bad usage"' "$pot" || false
	! grep -qx 'msgid "must be superuser to unmount"' "$pot" || false
	# --help's rows, each program's own sentence whole (N_, lib/nls.h)
	grep -qx 'msgid "make the mount owned by <user> (default: you)"' "$pot"
	grep -qx 'msgid "do not call the umount.<type> helpers"' "$pot"
	grep -qx 'msgid "recursively mark a whole subtree as unbindable"' "$pot"
	! grep -qx 'msgid "display this help"' "$pot" || false
	# every message the sources mark is in it
	local n
	n=$(cat "$top_srcdir"/lib/*.c "$top_srcdir"/mount/*.c \
		"$top_srcdir"/umount/*.c | grep -oP '(?<![A-Z])_\("[^"]*' |
		sort -u | wc -l)
	[ "$n" -gt 30 ]
	[ "$(grep -c '^msgid "' "$pot")" -ge "$n" ]
}

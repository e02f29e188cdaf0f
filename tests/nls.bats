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
}

teardown() {
	common_teardown
}

# CMD... in German
de() {
	LOCPATH=$T/loc LANG=de_DE.UTF-8 LC_ALL= LANGUAGE= "$@"
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
	# every message the sources mark is in it
	local n
	n=$(cat "$top_srcdir"/lib/*.c "$top_srcdir"/mount/*.c \
		"$top_srcdir"/umount/*.c | grep -oP '(?<![A-Z])_\("[^"]*' |
		sort -u | wc -l)
	[ "$n" -gt 30 ]
	[ "$(grep -c '^msgid "' "$pot")" -ge "$n" ]
}

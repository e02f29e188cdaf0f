#!/usr/bin/env bats
# util-linux's guards on the command line, with util-linux's binary in the
# same test as the oracle: options it refuses together, and output that
# cannot be written.

load common

setup() {
	common_setup
	mkdir -p "$T/a" "$T/b"
}

teardown() {
	common_teardown
}

@test "mount --bind --move, --rbind --bind, -L -U, --source -L: mutually exclusive, as util-linux" {
	same_as_util_linux mount --bind --move "$T/a" "$T/b"
	[ "$status" -eq 1 ]
	[ "$output" = "mount: mutually exclusive arguments: --bind --move --rbind" ]
	same_as_util_linux mount -M -B "$T/a" "$T/b"
	same_as_util_linux mount --rbind --bind "$T/a" "$T/b"
	same_as_util_linux mount -L x -U y "$T/b"
	same_as_util_linux mount --source x -L y "$T/b"
	[ -z "$(mounts_under "$T")" ]
	# the same option twice is no conflict
	run "$MOUNT" --bind --bind "$T/a" "$T/b"
	[ "$status" -eq 0 ]
	umount "$T/b"
}

@test "umount -R -r, -a -A, -a -R, -t -R: mutually exclusive, as util-linux; -O -R as util-linux too" {
	mount -t tmpfs umtest "$T/a"
	same_as_util_linux umount -R -r "$T/a"
	[ "$status" -eq 1 ]
	[ "$output" = "umount: mutually exclusive arguments: --recursive --read-only" ]
	is_mounted "$T/a"
	same_as_util_linux umount -a -A
	same_as_util_linux umount -a -R
	same_as_util_linux umount -t tmpfs -R "$T/a"
	is_mounted "$T/a"
	# util-linux 2.38.1 never notes --test-opts (its table's order), so
	# -O with -R goes ahead there: the same here
	local tool
	for tool in "$UMOUNT" "$UL_UMOUNT"; do
		run "$tool" -O x -R "$T/a"
		echo "$tool: $status|$output"
		[ "$status" -eq 0 ]
		! is_mounted "$T/a" || false
		mount -t tmpfs umtest "$T/a"
	done
}

@test "the listing, -V and -h to a full device: \"write error\", exit 1, as util-linux" {
	local args prog
	for prog in mount umount; do
		for args in "" -V -h; do
			[ "$prog$args" = umount ] && continue
			if [ "$prog" = mount ]; then
				run sh -c "exec \"\$0\" $args >/dev/full" "$MOUNT"
			else
				run sh -c "exec \"\$0\" $args >/dev/full" "$UMOUNT"
			fi
			echo "$prog $args: $status|$output"
			[ "$status" -eq 1 ]
			[ "$output" = "$prog: write error: No space left on device" ]
		done
	done
	# util-linux's words for its listing
	run sh -c 'exec "$0" >/dev/full' "$UL_MOUNT"
	[ "$status|$output" = "1|mount: write error: No space left on device" ]
}

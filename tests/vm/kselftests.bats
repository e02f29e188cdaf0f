#!/usr/bin/env bats
# The kernel's own tests of mount(2), umount2(2), the new mount API and
# user namespaces (tools/testing/selftests of the same linux-source-VERSION
# the guest kernel is built from; built by make check-vm into
# $USERMOUNT_VM_BINDIR/kselftest for 6.1 and kselftest-6.12 for 6.12,
# which adds statmount() and listmount()), run as root in the guest on the
# patched and on the plain kernel.  Each must give the same results on both: a
# test that passes without the series and fails with it is a regression
# of the series.  The few that cannot pass in this tiny guest fail the
# same way on both kernels; they are listed here, with the reason, and any
# other failure fails the suite.
#
# Left out: openat2/rename_attack_test (path resolution under rename races,
# no mount code; 100-120 s under TCG), filesystems/dnotify_test (waits for
# signals forever).

# the guest kernel's version: its own tree's tests
case $(uname -r) in
6.12.*) KVER=6.12 KS=${USERMOUNT_VM_BINDIR:-$BATS_TEST_DIRNAME}/kselftest-6.12 ;;
*) KVER=6.1 KS=${USERMOUNT_VM_BINDIR:-$BATS_TEST_DIRNAME}/kselftest ;;
esac

setup() {
	[ "$(id -u)" = 0 ] || skip "must run as root"
	[ -d "$KS" ] || skip "build $KS first (make check-vm)"
	TMPD=$(mktemp -d /tmp/kselftest.XXXXXX)
}

teardown() {
	[ -z "${TMPD:-}" ] || rm -rf "$TMPD"
}

# run DIR/PROG in a private mount namespace, from a directory on tmpfs
ksft() {
	run sh -c 'cd "$1" && exec unshare -m --propagation private "$2"' \
		sh "$TMPD" "$KS/$1"
	echo "$output"
}

# names of the failed subtests in the TAP output, one per line
failed() {
	sed -n 's/^not ok [0-9]* \([^#]*[^ #]\).*/\1/p' <<<"$output"
}

passed_all() {
	[ "$status" -eq 0 ] && [ -z "$(failed)" ]
}

@test "kselftest mount/unprivileged-remount-test" {
	ksft mount/unprivileged-remount-test
	passed_all
}

@test "kselftest mount/nosymfollow-test" {
	ksft mount/nosymfollow-test
	passed_all
}

@test "kselftest mount_setattr (idmapped cases need ext4 and loop: not in the guest)" {
	ksft mount_setattr/mount_setattr_test
	[ "$(grep -c '^ok ' <<<"$output")" -eq 11 ]
	[ "$(failed | wc -l)" -eq 10 ]
	[ -z "$(failed | grep -v '^mount_setattr_idmapped\.')" ]
}

@test "kselftest move_mount_set_group" {
	ksft move_mount_set_group/move_mount_set_group_test
	passed_all
}

@test "kselftest tmpfs/bug-link-o-tmpfile" {
	ksft tmpfs/bug-link-o-tmpfile
	passed_all
}

@test "kselftest openat2 resolve_test" {
	ksft openat2/resolve_test
	passed_all
}

@test "kselftest openat2 openat2_test" {
	ksft openat2/openat2_test
	passed_all
}

@test "kselftest nsfs/pidns" {
	ksft nsfs/pidns
	passed_all
}

@test "kselftest nsfs/owner (needs UTS namespaces: not in the guest)" {
	ksft nsfs/owner
	[ "$status" -eq 1 ]
	[[ "$output" == *"unshare: Invalid argument"* ]]
}

@test "kselftest filesystems/devpts_pts (skips: needs a terminal on stdin)" {
	ksft filesystems/devpts_pts
	[ "$status" -eq 4 ]
}

@test "kselftest filesystems/statmount statmount_test (6.12)" {
	[ "$KVER" = 6.12 ] || skip "statmount() is 6.8's"
	ksft filesystems/statmount/statmount_test
	passed_all
}

@test "kselftest filesystems/statmount statmount_test_ns (6.12: listmount too)" {
	[ "$KVER" = 6.12 ] || skip "statmount() and listmount() are 6.8's"
	ksft filesystems/statmount/statmount_test_ns
	passed_all
}

# The series' own selftest (kernel/6.1, kernel/6.12, "selftests: user_mounts"):
# every rule holds with the series; without it every test is skipped,
# since there is nothing to test, and none may pass or fail.  6.12's has
# statmount()'s test of the owner too.
UM_TESTS=39
[ "$KVER" != 6.12 ] || UM_TESTS=40

# the harness's summary line: pass:N fail:N xfail:N xpass:N skip:N error:N
totals() {
	sed -n 's/^# Totals: //p' <<<"$output"
}

load series

@test "kselftest user_mounts (the series' own): all pass with the series, all skipped without" {
	ksft user_mounts/user_mounts_test
	[ "$status" -eq 0 ]
	[ -z "$(failed)" ]
	if series; then
		[ "$(totals)" = "pass:$UM_TESTS fail:0 xfail:0 xpass:0 skip:0 error:0" ]
	else
		[ "$(totals)" = "pass:0 fail:0 xfail:0 xpass:0 skip:$UM_TESTS error:0" ]
		# 6.12's harness names the test before the directive, 6.1's not
		[ "$(grep -c '^ok [0-9]* \(user_mounts\.[a-z_]* \)\{0,1\}# SKIP no mount ownership' \
			<<<"$output")" \
			-eq "$UM_TESTS" ]
	fi
}

# The selftest can fail: made to run on the kernel without the series (the
# sysctls it looks for faked on a tmpfs in a private mount namespace),
# every test that expects a user's mount or umount to work fails; those
# that only expect refusals pass, as they should there.
@test "kselftest user_mounts fails without the series when made to run" {
	if series; then skip "plain kernel only"; fi
	run sh -c 'cd "$1" && exec unshare -m --propagation private sh -c "
		mount -t tmpfs fake /proc/sys/fs &&
		echo 1024 >/proc/sys/fs/max_user_mounts &&
		echo 0 >/proc/sys/fs/nr_user_mounts &&
		exec \"\$0\"" "$2"' sh "$TMPD" "$KS/user_mounts/user_mounts_test"
	echo "$output"
	[ "$status" -ne 0 ]
	local more= nfail=34
	[ "$KVER" != 6.12 ] || more=statmount_reports_owner_and_nomnt nfail=35
	[ "$(failed | sort | tr '\n' ' ')" = "$(printf 'user_mounts.%s\n' $more \
		admin_gives_detached_mount \
		bind_of_others_read_only copy_of_shared_mount_sends_nothing_back \
		detached_owner_for_admin_alone \
		detached_copies_stay_hers owner_binds_detached \
		cover_of_others_mount_refused fuse_below_owned_mount \
		fuse_of_set_up_connection_refused \
		her_sandbox_receives_her_mounts \
		max_user_mounts nomnt_reaches_propagated_copies \
		nomnt_refuses_submounts other_user_refused \
		others_names_not_busy owner_binds_below_nosuid_nodev \
		owner_keeps_forced_flags owner_keeps_imposed_read_only \
		owner_keeps_restrictions_of_root \
		owner_keeps_restrictions_of_source owner_moves_her_mounts \
		owner_moves_nothing_else owner_remounts_her_mount owner_sets_propagation owner_setattr \
		owner_umounts owner_umounts_tree_of_locked_copies propagated_copy_is_owners_nosuid_nodev \
		propagated_copies_within_limits propagated_tree_locked_below_top \
		rbind_of_others_read_only remount_of_others_refused \
		setuser_records_owner user_mount_does_not_propagate_to_others |
		sort | tr '\n' ' ')" ]
	[ "$(totals)" = "pass:4 fail:$nfail xfail:0 xpass:0 skip:1 error:0" ]
}

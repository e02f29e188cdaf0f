# Sourced by tests/vm/init (guest) and tests/vm/host-check (host, inside a
# private mount namespace).  Adds the test users without touching the real
# /etc: writable copies of passwd and group are bind-mounted over it.
#   alice uid/gid 2001, bob uid/gid 2002, homes on a tmpfs.
# The homes live in /home unless the source tree is below /home (the tmpfs
# would hide it); then in /run/usermount-home.

setup_test_users() {
	local etc=$1 homes=/home src
	src=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
	case "$src/" in /home/*) homes=/run/usermount-home ;; esac

	mkdir -p "$etc" "$homes" || return 1
	mount -t tmpfs -o mode=0755,size=16m usermount-etc "$etc" || return 1
	mount -t tmpfs -o mode=0755,size=64m usermount-home "$homes" || return 1
	# drop whatever the host has under these names or ids
	awk -F: '$1 != "alice" && $1 != "bob" && $3 != 2001 && $3 != 2002' \
		/etc/passwd >"$etc/passwd"
	awk -F: '$1 != "alice" && $1 != "bob" && $3 != 2001 && $3 != 2002' \
		/etc/group >"$etc/group"
	cat >>"$etc/passwd" <<-PW
	alice:x:2001:2001:test user alice:$homes/alice:/bin/bash
	bob:x:2002:2002:test user bob:$homes/bob:/bin/bash
	PW
	cat >>"$etc/group" <<-GR
	alice:x:2001:
	bob:x:2002:
	GR
	chmod 0644 "$etc/passwd" "$etc/group"
	mount --bind "$etc/passwd" /etc/passwd || return 1
	mount --bind "$etc/group" /etc/group || return 1
	mkdir -p "$homes/alice" "$homes/bob"
	chown 2001:2001 "$homes/alice"
	chown 2002:2002 "$homes/bob"
	chmod 0755 "$homes/alice" "$homes/bob"
}

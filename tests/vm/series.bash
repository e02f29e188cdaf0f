# Does the running kernel carry the series? Its sysctl says, as for the
# programs (lib/kernel-series.c). Loaded by every in-guest suite.

series() {
	[ -e /proc/sys/fs/max_user_mounts ]
}

# needs_series: skip a test that only the series' kernel can pass
needs_series() {
	series || skip "needs the series"
}

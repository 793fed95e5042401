# SPDX-License-Identifier: GPL-2.0
# XDP helpers for 52-xdp, 58-xdp-frags and 60-af-xdp; sourced by them, not
# a scenario itself.  IPR is iproute2's ip (busybox's applet, which the
# shell prefers, has no XDP).
IPR=/bin/ip
# attached: a native XDP program is on IF
attached() { $IPR -d link show dev "$IF" | grep -q 'prog/xdp'; }
# xdp KIND N SIZE [IFINDEX]: the peer's request; prints "back good".  The
# peer's wait for frames still to come back is scaled as the kernel is
# slow (a debug kernel echoes a burst for seconds), and so is ours for its
# answer (at most 10 of its waits after the last frame).
xdp() {
	r=$(echo "XDP $1 $2 $3 ${4:-0} $((2000 * TSCALE))" |
		timeout $((60 * TSCALE)) nc "$PEER" "$PEER_PORT")
	log "peer: $r" >&2
	echo "$r" | sed -n 's/.* back \([0-9]*\) good \([0-9]*\)$/\1 \2/p'
}
# Counter snapshots around each step (stats_snap $xdp_old, then
# $xdp_new; not $n, which wait_peer and wait_carrier count down), and
# d NAME, one counter's growth between them
xdp_old=/tmp/x.old
xdp_new=/tmp/x.new
d() { stats_delta $xdp_old $xdp_new "$1"; }
# all_passed WHAT: between the snapshots, the program passed every frame
# the interface received
all_passed() {
	[ "$(d rx_xdp_pass)" = "$(d rx_packets)" ] ||
		fail "$1: rx_xdp_pass $(d rx_xdp_pass) != rx_packets $(d rx_packets)"
}
# memfree: the guest's free memory, kB (a page lost per frame shows)
memfree() { awk '/^MemFree:/ { print $2 }' /proc/meminfo; }

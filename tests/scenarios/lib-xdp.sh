# SPDX-License-Identifier: GPL-2.0
# XDP helpers for 52-xdp, 58-xdp-frags and 60-af-xdp; sourced by them, not
# a scenario itself.  IPR is iproute2's ip (busybox's applet, which the
# shell prefers, has no XDP).
IPR=/bin/ip
# attached: a native XDP program is on IF
attached() { $IPR -d link show dev "$IF" | grep -q 'prog/xdp'; }
# xdp KIND N SIZE [IFINDEX]: the peer's request; prints "back good"
xdp() {
	r=$(peer_cmd "XDP $*")
	log "peer: $r" >&2
	echo "$r" | sed -n 's/.* back \([0-9]*\) good \([0-9]*\)$/\1 \2/p'
}
# memfree: the guest's free memory, kB (a page lost per frame shows)
memfree() { awk '/^MemFree:/ { print $2 }' /proc/meminfo; }

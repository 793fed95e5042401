# SPDX-License-Identifier: GPL-2.0
# Ping at every ICMP payload size around the receive buffer boundaries, at
# MTU 1500 and 9000 (the peer's tap matched): sizes 1..100 (runt padding
# to 60 bytes, the smallest frames), then every size within 50 bytes of
# each boundary, one ping -c1 -W1 per size.
#
# Our driver's buffer length for an MTU (driver/lan743x_rx.c,
# lan743x_rx_buf_len()) is NET_IP_ALIGN (0 on x86 and arm64, 2 on armhf:
# RX_PAD) + VLAN_ETH_HLEN (18) + MTU + FCS (4) = MTU + 22: 1522 at 1500,
# 9022 at 9000 (2 more on armhf).  An echo reply of
# payload s is a frame of s + 42 bytes + 4 FCS, so the frame + FCS that
# exactly fills k buffers has s = k * (MTU + 22) - 46: 1476 and 2998 at
# MTU 1500, 8976 and 17998 at 9000 (k = 1, 2).  Untagged frames are at most
# MTU + 18, so at k = 1 the window holds the largest unfragmented frame
# (s = MTU - 28, which exactly fills the in-tree driver's MTU + 18 byte
# buffer) and the first fragmented sizes; k = 2 covers the 2 -> 3 fragment
# edge (2952/2953) at 1500 and two-fragment datagrams at 9000.
# sets: primary arm
# timeout: 600

pad=$RX_PAD
trap restore_mtu EXIT

# one_ping SIZE: one echo, one retry (a loaded TCG host may lose a reply).
retried=
one_ping() {
	ping -c 1 -W 1 -s "$1" "$PEER" >/dev/null 2>&1 && return 0
	retried="$retried $1"
	ping -c 1 -W 2 -s "$1" "$PEER" >/dev/null 2>&1
}

bad=
sweep() { # FROM TO
	s=$1
	while [ "$s" -le "$2" ]; do
		one_ping "$s" || bad="$bad $s@$(mtu_of)"
		s=$((s + 1))
	done
}

total=0
for m in 1500 9000; do
	set_mtu $m || exit 1
	wait_peer 20 || fail "peer unreachable at MTU $m"
	buf=$((pad + 18 + m + 4))
	t0=$(date +%s)
	sweep 1 100
	n=100
	for k in 1 2; do
		edge=$((k * buf - pad - 46))
		sweep $((edge - 50)) $((edge + 50))
		n=$((n + 101))
		log "MTU $m, buffer $buf: sizes around $edge (k=$k) done"
	done
	total=$((total + n))
	log "MTU $m: $n sizes in $(($(date +%s) - t0)) s"
done
[ -z "$retried" ] || log "needed a retry:$retried"
[ -z "$bad" ] || fail "no echo reply at payload sizes (size@MTU):$bad"
echo "ping ok at $total sizes around the buffer boundaries at MTU 1500 and 9000"

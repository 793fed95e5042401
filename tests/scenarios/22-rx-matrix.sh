# SPDX-License-Identifier: GPL-2.0
# Every RX policy combination (rx-mtu-buffers x rx-partial-sync x
# rx-page-pool) x MTU {576, 1500, 9000} x rx-buf-len {MTU-derived (1), 512}:
# pings at sizes around the buffer boundaries and up to the MTU, and a
# 4 MiB download compared by sha256.  (64 MiB transfers per combination:
# 23-rx-64m.)  Runs on b0-msix only: 48 cells take a few minutes of TCG.
# sets: full
# timeout: 1200

rxp_only_ours
[ "$CONFIG" = b0-msix ] || skip "RX policy matrix runs on b0-msix only"
trap rxp_reset EXIT
r=$(peer_cmd "MTU 9000")
[ "$r" = OK ] || fail "peer refused MTU 9000: $r"

# sizes MTU BUFLEN: ICMP payloads around buffer boundaries (the frame
# incl. FCS ending just before, at and after k * BUFLEN) and at the MTU
sizes() {
	mtu=$1 bl=$2 out=56
	k=1
	while [ $((k * bl)) -le $((mtu + 18)) ] && [ $k -le 3 ]; do
		for o in -47 -46 -45 -42 -41; do
			s=$((k * bl + o))
			[ $s -gt 0 ] && [ $s -le $((mtu - 28)) ] && out="$out $s"
		done
		k=$((k + 1))
	done
	echo "$out $((mtu - 29)) $((mtu - 28))"
}

cells=0
for combo in $RXP_COMBOS; do
	rxp_combo "$combo" || fail "cannot set private flags $combo"
	for m in 576 1500 9000; do
		ip link set dev "$IF" mtu $m || fail "[$combo] mtu $m refused"
		for bl in 1 512; do
			ethtool -G "$IF" rx-buf-len $bl || fail "[$combo mtu $m] rx-buf-len $bl refused"
			wait_peer 20 || fail "[$combo mtu $m buf $bl] peer unreachable"
			eff=$bl
			[ $bl = 1 ] && eff=$((m + 18 + 4))
			# shellcheck disable=SC2046
			ping_sizes $(sizes $m $eff) >/tmp/m.out 2>&1 ||
				fail "[$combo mtu $m buf $bl] $(tail -n 1 /tmp/m.out)"
			download 4194304 >/tmp/m.out 2>&1 ||
				fail "[$combo mtu $m buf $bl] $(tail -n 1 /tmp/m.out)"
			log "[$combo mtu $m rx-buf-len $bl] pings $(sizes $m $eff | wc -w) sizes, 4 MiB sha256 ok"
			cells=$((cells + 1))
		done
	done
	ethtool -G "$IF" rx-buf-len 1
	ip link set dev "$IF" mtu 1500
done
echo "$cells policy cells: pings around buffer boundaries and 4 MiB downloads ok"

# SPDX-License-Identifier: GPL-2.0
# Every RX policy combination (rx-mtu-buffers x rx-partial-sync x
# rx-page-pool) x MTU {576, 1500, 9000} x rx-buf-len {MTU-derived (1), 512}:
# pings at sizes around the buffer boundaries and up to the MTU, then
# 64 MiB down and 64 MiB up, each compared by sha256, in every one of the
# 48 cells.  The upload data is made once and sent in every cell.  Runs on
# b0-msix only (about 15 minutes of TCG).  The ARM guests run the MTU 1500
# column with 4 MiB each way (16 cells): RXM_MTUS and RXM_MB below.  A
# kernel without rx-buf-len (5.10) runs the MTU-derived column only.
# sets: full arm smoke
# timeout: 2700

rxp_only_ours
[ "$CONFIG" = b0-msix ] || skip "RX policy matrix runs on b0-msix only"
trap 'rxp_reset; rm -f /tmp/put.req' EXIT
r=$(peer_cmd "MTU 9000")
[ "$r" = OK ] || fail "peer refused MTU 9000: $r"
# The matrix's size: MTUs and MiB each way per cell.
RXM_MTUS="576 1500 9000" RXM_MB=64
[ "$ARCH" = x86_64 ] || RXM_MTUS=1500 RXM_MB=4
[ "$QUICK" = 1 ] && RXM_MB=16
mb=$RXM_MB
bytes=$((mb << 20))
sum=$(put_file $bytes /tmp/put.req) || fail "cannot make $mb MiB of upload data"
# The rx-buf-len column: MTU-derived (1) and 512, the derived one only
# on a kernel without rx-buf-len (5.10).
bls="1 512"
rxbl_known || bls=1

# sizes MTU BUFLEN: ICMP payloads around buffer boundaries (the frame
# incl. FCS ending just before, at and after k * BUFLEN less the RX pad)
# and at the MTU
sizes() {
	mtu=$1 bl=$2 out=56
	k=1
	while [ $((k * bl)) -le $((mtu + 18)) ] && [ $k -le 3 ]; do
		for o in -47 -46 -45 -42 -41; do
			s=$((k * bl - RX_PAD + o))
			[ $s -gt 0 ] && [ $s -le $((mtu - 28)) ] && out="$out $s"
		done
		k=$((k + 1))
	done
	echo "$out $((mtu - 29)) $((mtu - 28))"
}

cells=0
t00=$(date +%s)
for combo in $RXP_COMBOS; do
	rxp_combo "$combo" || fail "cannot set private flags $combo"
	for m in $RXM_MTUS; do
		ip link set dev "$IF" mtu $m || fail "[$combo] mtu $m refused"
		for bl in $bls; do
			cell="$combo mtu $m rx-buf-len $bl"
			[ "$bls" = 1 ] || ethtool -G "$IF" rx-buf-len $bl || fail "[$cell] refused"
			wait_peer 20 || fail "[$cell] peer unreachable"
			eff=$bl
			[ $bl = 1 ] && eff=$((RX_PAD + m + 18 + 4))
			t0=$(date +%s)
			# shellcheck disable=SC2046
			ping_sizes $(sizes $m $eff) >/tmp/m.out 2>&1 ||
				fail "[$cell] $(tail -n 1 /tmp/m.out)"
			t1=$(date +%s)
			download_sha $bytes >/tmp/m.out 2>&1 ||
				fail "[$cell] $(tail -n 1 /tmp/m.out)"
			t2=$(date +%s)
			put_send /tmp/put.req $bytes "$sum" >/tmp/m.out 2>&1 ||
				fail "[$cell] $(tail -n 1 /tmp/m.out)"
			t3=$(date +%s)
			log "[$cell] pings at $(sizes $m $eff | wc -w) sizes ($((t1 - t0)) s), $mb MiB down ($((t2 - t1)) s) and up ($((t3 - t2)) s): sha256 ok"
			cells=$((cells + 1))
		done
	done
	[ "$bls" = 1 ] || ethtool -G "$IF" rx-buf-len 1
	ip link set dev "$IF" mtu 1500
done
metric rx_matrix_seconds $(($(date +%s) - t00)) s
echo "$cells policy cells: pings around buffer boundaries, $mb MiB each way with equal sha256$(rxbl_note)"

# SPDX-License-Identifier: GPL-2.0
# Cost counter identities on known traffic (ping replies from the peer,
# single-buffer frames, MTU 1500):
#  - partial sync: rx_sync_cpu_bytes grows by rx_bytes + 4 (FCS) per frame
#    (+ the RX pad, NET_IP_ALIGN: 2 on 32-bit ARM, else 0);
#  - full sync: it grows by exactly the buffer length (rx-buf-len 2048, or
#    the MTU-derived length on a kernel without rx-buf-len: 5.10) per
#    frame;
#  - fresh buffers: one map per frame; page_pool: maps stay flat while
#    thousands of frames arrive, and buffers come back recycled;
#  - copybreak T: frames of length T are copied, frames of T + 1 are not;
#    a copied frame's buffer is synced back for the device by exactly what
#    the device wrote: rx_sync_dev_bytes grows by rx_bytes + 4 per frame.
# Counters are per RX queue and summed (rx_*): the sums must equal the
# per-queue counters added up.
# sets: full
# timeout: 400

rxp_only_ours
trap rxp_reset EXIT
N=1000
PAD=$RX_PAD
wait_peer 10 || fail "peer unreachable"
o=/tmp/c.old
n=/tmp/c.new

# pings SIZE: N pings, prints the replies that came (duplicates too: each
# is a frame received); duplicates are noted in /tmp/pings.dups and fail
# the scenario at the end, after the counters' checks
rm -f /tmp/pings.dups
pings() {
	ping -A -q -c "$N" -W 3 -s "$1" "$PEER" >/tmp/pings 2>&1
	dup=$(sed -n 's/.* \([0-9]*\) duplicates.*/\1/p' /tmp/pings)
	[ -z "$dup" ] || echo "$dup of -s $1" >>/tmp/pings.dups
	echo $(($(sed -n 's/.* \([0-9]*\) packets received.*/\1/p' /tmp/pings) + ${dup:-0}))
}
d() { stats_delta $o $n "$1"; }

# partial sync, fresh buffers, no copybreak
rxp_flags on on off || fail "cannot set flags on on off"
ethtool --set-tunable "$IF" rx-copybreak 0 || fail "cannot set copybreak 0"
stats_snap $o
got=$(pings 1000)
stats_snap $n
pk=$(d rx_packets) by=$(d rx_bytes) sc=$(d rx_sync_cpu_bytes)
mp=$(d rx_map_ops) ba=$(d rx_buf_alloc) mb=$(d rx_multi_buf_frames)
log "partial: replies $got packets $pk bytes $by sync_cpu $sc maps $mp allocs $ba"
[ "$pk" -ge "$got" ] && [ "$got" -gt $((N * 9 / 10)) ] || fail "partial: $got replies, $pk packets"
[ "$mb" = 0 ] || fail "partial: $mb multi-buffer frames at MTU 1500"
[ "$sc" = $((by + pk * (4 + PAD))) ] ||
	fail "partial sync: sync_cpu $sc != bytes $by + $pk * $((4 + PAD))"
[ "$mp" = "$pk" ] || fail "fresh buffers: $mp maps for $pk frames"
[ "$ba" = "$pk" ] || fail "fresh buffers: $ba allocations for $pk frames"

# sums equal the per-queue counters
tot=$(awk '$1 == "rx_sync_cpu_bytes" { print $2 }' $n)
sum=$(awk '$1 ~ /^rx[0-3]_sync_cpu_bytes$/ { s += $2 } END { print s }' $n)
[ "$tot" = "$sum" ] || fail "rx_sync_cpu_bytes $tot != sum of queues $sum"

# full sync: whole 2048-byte buffers; on a kernel without rx-buf-len
# (5.10) whole MTU-derived ones (RX pad, VLAN header, MTU, FCS)
rxp_flags on off off || fail "cannot set flags on off off"
bl=2048
if rxbl_known; then
	ethtool -G "$IF" rx-buf-len $bl || fail "cannot set rx-buf-len $bl"
else
	bl=$((PAD + 18 + 1500 + 4))
fi
wait_peer 10 || fail "peer unreachable after switching to full sync"
stats_snap $o
got=$(pings 1000)
stats_snap $n
pk=$(d rx_packets) sc=$(d rx_sync_cpu_bytes)
log "full: replies $got packets $pk sync_cpu $sc"
[ "$sc" = $((pk * bl)) ] || fail "full sync: sync_cpu $sc != $pk * $bl"
! rxbl_known || ethtool -G "$IF" rx-buf-len 1 || fail "cannot reset rx-buf-len"

# page_pool: the driver maps nothing (the pool maps a page once, when it
# allocates it); where the pool keeps statistics, every page but a cache's
# worth comes back to it for reuse (two 1500-MTU buffers to a page)
rxp_flags on on on || fail "cannot set flags on on on"
wait_peer 10 || fail "peer unreachable after switching to page_pool"
pings 200 >/dev/null
stats_snap $o
got=$(pings 1000)
stats_snap $n
pk=$(d rx_packets) mp=$(d rx_map_ops) rc=$(d rx_pp_recycled) sc=$(d rx_sync_cpu_bytes) by=$(d rx_bytes)
log "page_pool: replies $got packets $pk maps $mp recycled pages $rc sync_cpu $sc"
[ "$mp" = 0 ] || fail "page_pool: the driver mapped $mp buffers for $pk frames"
ppstats=$(cat "/sys/kernel/debug/lan743x/$(pci_of_if)/page_pool_stats" 2>/dev/null)
case $ppstats in
Y) [ "$rc" -ge $(((pk - 64) / 2)) ] || fail "page_pool: only $rc pages recycled for $pk frames" ;;
N) log "page_pool: this kernel's page_pool keeps no statistics: recycling not counted" ;;
*) fail "no debugfs page_pool_stats" ;;
esac
[ "$sc" = $((by + pk * (4 + PAD))) ] ||
	fail "page_pool partial sync: sync_cpu $sc != bytes $by + $pk * $((4 + PAD))"

# copybreak: threshold 1000 = ping -s 958 frames (958 + 8 + 20 + 14)
for pp in on off; do
	rxp_flags on on $pp || fail "cannot set page_pool $pp"
	ethtool --set-tunable "$IF" rx-copybreak 1000 || fail "cannot set copybreak"
	wait_peer 10 || fail "peer unreachable"
	stats_snap $o
	got=$(pings 958)
	stats_snap $n
	pk=$(d rx_packets) cb=$(d rx_copybreak_packets)
	by=$(d rx_bytes) sd=$(d rx_sync_dev_bytes)
	log "copybreak 1000, page_pool $pp, 1000-byte frames: packets $pk copied $cb sync_dev $sd"
	[ "$cb" = "$pk" ] || fail "copybreak: $cb of $pk frames <= 1000 copied"
	# a copied frame's buffer goes back to the device synced for exactly
	# the bytes the device wrote, no more
	[ "$sd" = $((by + pk * (4 + PAD))) ] ||
		fail "copybreak: sync_dev $sd != bytes $by + $pk * $((4 + PAD))"
	stats_snap $o
	got=$(pings 959)
	stats_snap $n
	pk=$(d rx_packets) cb=$(d rx_copybreak_packets)
	log "copybreak 1000, page_pool $pp, 1001-byte frames: packets $pk copied $cb (replies $got)"
	[ "$cb" = $((pk - got)) ] ||
		fail "copybreak: $cb copied, expected $((pk - got)) (frames other than the $got replies)"
done
[ ! -s /tmp/pings.dups ] ||
	fail "duplicated ping replies: $(tr '\n' ' ' </tmp/pings.dups)(the counters' identities held)"
echo "counter identities hold: partial/full sync bytes, maps, recycling, copybreak"

# SPDX-License-Identifier: GPL-2.0
# Figures, not a test: for each RX policy combination, RX TCP throughput at
# MTU 1500 (iperf3 -R, 10 s, one run) with bytes synced per packet and map
# operations per packet from the driver's counters.  Only on request
# (tests/run --driver ours --config b0-msix rx-bench).
# sets: rxbench
# timeout: 600

rxp_only_ours
trap rxp_reset EXIT
ethtool --set-tunable "$IF" rx-copybreak 0
o=/tmp/b.old
n=/tmp/b.new
echo "policy(mtubuf,psync,ppool) Mbit/s packets sync_cpu/pkt sync_dev/pkt maps/pkt unmaps/pkt allocs/pkt recycled/pkt"
for combo in $RXP_COMBOS; do
	rxp_combo "$combo" || fail "cannot set $combo"
	wait_peer 20 || fail "peer unreachable under $combo"
	sleep 1
	stats_snap $o
	r=$(iperf_run -R -t 10 2>/tmp/ip.err) || { tail -n 5 /tmp/ip.err; fail "iperf3 -R failed under $combo"; }
	stats_snap $n
	pk=$(stats_delta $o $n rx_packets)
	per() {
		awk -v a="$(stats_delta $o $n "$1")" -v p="$pk" \
			'BEGIN { printf "%.2f", p ? a / p : 0 }'
	}
	echo "$combo ${r% *} $pk $(per rx_sync_cpu_bytes) $(per rx_sync_dev_bytes) $(per rx_map_ops) $(per rx_unmap_ops) $(per rx_buf_alloc) $(per rx_pp_recycled)"
	metric "rx_tcp_mbps_$combo" "${r% *}" Mbit/s
done
echo "8 policy runs measured"

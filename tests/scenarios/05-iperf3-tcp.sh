# SPDX-License-Identifier: GPL-2.0
# iperf3 TCP both ways (short runs).  Throughput is printed for comparison
# (tests/compare-e1000e), never judged: only "something got through".
# sets: quick core full e1000e arm-intree
# timeout: 150

t=3
[ "$QUICK" = 1 ] && t=2
wait_peer 20 || fail "peer $PEER does not answer ping"
tx=$(iperf_run -t $t) || fail "iperf3 TCP guest->peer failed"
rx=$(iperf_run -t $t -R) || fail "iperf3 TCP peer->guest failed"
tx=${tx% *}
rx=${rx% *}
metric tcp_tx "$tx" Mbit/s
metric tcp_rx "$rx" Mbit/s
awk -v a="$tx" -v b="$rx" 'BEGIN { exit !(a > 0 && b > 0) }' ||
	fail "iperf3 TCP moved no data (tx $tx, rx $rx Mbit/s)"
echo "iperf3 TCP tx $tx Mbit/s, rx $rx Mbit/s"

# SPDX-License-Identifier: GPL-2.0
# iperf3 UDP both ways at a modest rate.  Loss is judged loosely: TCG is
# slow and a starved vCPU drops datagrams in the socket layer (34% seen at
# 20 Mbit/s with other guests on the same 2 cores; ~1% when alone), while
# a driver that stalls its rings loses nearly all of them.
# sets: full e1000e
# timeout: 150

t=3
rate=10M
max_loss=50
wait_peer 20 || fail "peer $PEER does not answer ping"
tx=$(iperf_run -u -b $rate -t $t) || fail "iperf3 UDP guest->peer failed"
rx=$(iperf_run -u -b $rate -t $t -R) || fail "iperf3 UDP peer->guest failed"
metric udp_tx "${tx% *}" Mbit/s
metric udp_tx_loss "${tx#* }" %
metric udp_rx "${rx% *}" Mbit/s
metric udp_rx_loss "${rx#* }" %
for r in "tx $tx" "rx $rx"; do
	set -- $r
	awk -v rate="$2" -v loss="$3" -v max=$max_loss \
		'BEGIN { exit !(rate > 0 && loss != "-" && loss <= max) }' ||
		fail "iperf3 UDP $1: $2 Mbit/s, loss $3% (limit $max_loss%)"
done
echo "iperf3 UDP tx ${tx% *} Mbit/s (${tx#* }% loss), rx ${rx% *} Mbit/s (${rx#* }% loss)"

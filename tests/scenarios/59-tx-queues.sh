# SPDX-License-Identifier: GPL-2.0
# The TX queues: one on the LAN7430/LAN7431, four on the PCI11010/PCI11414
# (PCI device 0xa011/0xa041), each with a TX channel of its own.  The
# interface has that many TX queues (sysfs; ethtool -l for ours).  Ours:
# 8 TCP streams up to the peer leave through more than one queue (their
# txN_packets grow), the queues' counters add up to the interface's
# tx_packets, and one stream stays on one queue (the stack hashes a flow to a
# queue and keeps it there: at least 95% of the frames sent meanwhile on
# the busiest queue).
# sets: full
# timeout: 180

wait_peer 20 || fail "peer $PEER does not answer ping"
case $(cat "/sys/class/net/$IF/device/device") in
0xa011 | 0xa041) want=4 ;;
*) want=1 ;;
esac
n=$(ls -d /sys/class/net/"$IF"/queues/tx-* | wc -l)
log "PCI device $(cat "/sys/class/net/$IF/device/device"): $n TX queue(s)"
[ "$n" = "$want" ] || fail "$n TX queues, want $want"
[ "$DRIVER" = ours ] || {
	echo "$n TX queue(s) as the chip has ($DRIVER: no per-queue counters)"
	exit 0
}
tx=$(ethtool -l "$IF" | sed -n '/^Current/,$p' | awk '$1 == "TX:" { print $2 }')
[ "$tx" = "$want" ] || fail "ethtool -l: TX $tx, want $want"

o=/tmp/txq.old
m=/tmp/txq.new
q_used() { # OLD NEW: queues whose packets grew by at least 50
	q=0 used=0
	while [ $q -lt "$want" ]; do
		d=$(stats_delta "$1" "$2" "tx${q}_packets")
		log "  tx$q: +$d packets"
		[ "$d" -lt 50 ] || used=$((used + 1))
		q=$((q + 1))
	done
}
q_max_share() { # OLD NEW: percent of the TX packets on the busiest queue
	awk 'NR == FNR { o[$1] = $2; next }
		$1 ~ /^tx[0-9]+_packets$/ { d = $2 - o[$1]; t += d; if (d > m) m = d }
		END { print t ? int(m * 100 / t) : 0 }' "$1" "$2"
}

stats_snap $o
iperf_run -P 8 -n 8M >/dev/null || fail "iperf3 -P 8 -n 8M upload failed"
stats_snap $m
q_used $o $m
log "8 streams: $used of $want queue(s) used"
used8=$used
# quiet now: the queues' counters add up to the interface's
sleep 1
stats_snap $m
sum=$(awk '$1 ~ /^tx[0-9]+_packets$/ { t += $2 } END { print t + 0 }' $m)
all=$(cat "/sys/class/net/$IF/statistics/tx_packets")
log "queues' tx packets $sum, the interface's $all"
[ $((all - sum)) -le 2 ] && [ $((sum - all)) -le 2 ] ||
	fail "queues' tx packets $sum, the interface's $all"
if [ "$want" -gt 1 ]; then
	[ "$used" -ge 2 ] || fail "8 TCP streams left through $used of $want TX queues"
else
	[ "$used" = 1 ] || fail "8 TCP streams: tx0 did not carry them"
fi

stats_snap $o
iperf_run -P 1 -n 8M >/dev/null || fail "iperf3 -n 8M upload failed"
stats_snap $m
share=$(q_max_share $o $m)
q_used $o $m
log "1 stream: ${share}% of the frames on one queue"
[ "$share" -ge 95 ] || fail "one TCP stream spread over the TX queues: ${share}% on the busiest"
echo "$want TX queue(s); 8 streams over $used8, one stream on one (${share}%)"

# SPDX-License-Identifier: GPL-2.0
# iperf3 TCP both ways (short runs).  Throughput is printed for comparison
# (tests/compare-e1000e), never judged: only "something got through", and
# with flow control on, that the MAC dropped nothing receiving.
# sets: quick core full e1000e arm-intree smoke
# timeout: 240

t=3
[ "$QUICK" = 1 ] && t=2
wait_peer 20 || fail "peer $PEER does not answer ping"
# The chip's MAC counters of frames it dropped and pause frames it sent
case $DRIVER in
ours) mac_drops=rx_mac_dropped_frames pauses=tx_pause_frames ;;
intree) mac_drops=RXDroppedFrames pauses=TXPauseFrames ;;
*) mac_drops= ;;
esac
tx=$(iperf_run -t $t) || fail "iperf3 TCP guest->peer failed"
[ -n "$mac_drops" ] && stats_snap /tmp/lt-05-before
rx=$(iperf_run -t $t -R) || fail "iperf3 TCP peer->guest failed"
# Flow control, negotiated with the peer's PHY, holds the peer back when
# the guest falls behind: the RX FIFO sends pause frames instead of
# dropping, so a receive that outruns the guest loses nothing at the MAC.
# Debian's 6.1 in-tree driver has no ethtool -a; it applies what autoneg
# resolves (both directions, with the model's PHY).
pause=$(ethtool -a "$IF" 2>/dev/null) || pause="RX: on
TX: on"
if [ -n "$mac_drops" ] && echo "$pause" | grep -q '^RX:[[:space:]]*on' &&
	echo "$pause" | grep -q '^TX:[[:space:]]*on'; then
	stats_snap /tmp/lt-05-after
	dropped=$(stats_delta /tmp/lt-05-before /tmp/lt-05-after "$mac_drops")
	paused=$(stats_delta /tmp/lt-05-before /tmp/lt-05-after "$pauses")
	metric rx_pauses_sent "$paused" frames
	[ "$dropped" = 0 ] ||
		fail "flow control on, yet the MAC dropped $dropped frames receiving"
fi
tx=${tx% *}
rx=${rx% *}
metric tcp_tx "$tx" Mbit/s
metric tcp_rx "$rx" Mbit/s
awk -v a="$tx" -v b="$rx" 'BEGIN { exit !(a > 0 && b > 0) }' ||
	fail "iperf3 TCP moved no data (tx $tx, rx $rx Mbit/s)"
# lt.cpu_bytes=N (tests/compare-e1000e): then N bytes each way with
# iperf3 -n, each between two @@MARK lines on the result channel, at which
# the host samples QEMU's CPU time.
for arg in $(cat /proc/cmdline); do
	case $arg in lt.cpu_bytes=*) cpu_bytes=${arg#*=} ;; esac
done
for dir in ${cpu_bytes:+tx rx}; do
	opt=
	[ $dir = rx ] && opt=-R
	echo "@@MARK $SCENARIO cpu $dir begin $cpu_bytes" >"$RESULTS_TTY"
	usleep 200000
	r=$(iperf_run -n "$cpu_bytes" $opt) || fail "iperf3 -n $cpu_bytes $dir failed"
	echo "@@MARK $SCENARIO cpu $dir end $cpu_bytes" >"$RESULTS_TTY"
	metric "cpu_$dir" "${r% *}" Mbit/s
done
echo "iperf3 TCP tx $tx Mbit/s, rx $rx Mbit/s"

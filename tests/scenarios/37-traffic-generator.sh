# SPDX-License-Identifier: GPL-2.0
# The model's test traffic generator (x-gen=on) against the real driver
# and the guest's stack, received by lt-gen (tests/guest/lt-gen.c): the
# source of the benchmark's traffic.  Its frames and the guest are both
# inside the emulation, so the guest runs on a clock of its own: each
# figure below is a function of the guest's instructions only.
#   - UDP at 5000 datagrams/s for 1 s, every payload byte checked: all
#     arrive, in order, at that rate in the guest's time (within 1 %);
#   - UDP offered back to back at the line rate, pause frames ignored:
#     far more than the guest takes, so datagrams are lost, and (our
#     driver) every one is counted where it was lost: the chip's RX FIFO
#     (rx_mac_dropped_frames), the driver, or a full socket;
#   - a TCP stream of 8 MiB, every byte checked: nothing sent again (flow
#     control keeps the wire lossless); then two streams of 16 MiB,
#     unchecked, whose throughput must be within 2 % of each other (the
#     clock is the guest's own; what still differs is the guest's state,
#     as the first stream after boot grows socket memory: measured 0.0 to
#     0.25 % apart after a first stream, and 1.2 % without one).  All
#     three start with a 4 MiB receive buffer (below).
# Both drivers: the generator is in the model, so Debian's in-tree
# driver receives it too.
# sets: primary
# clock: own
# timeout: 300

GEN=/lib/lt/lt-gen
[ -x $GEN ] || fail "no $GEN in the image"

# gen_run NAME ARGS...: lt-gen's "key value" lines in /tmp/NAME.gen
gen_run() {
	name=$1
	shift
	$GEN "$@" >/tmp/$name.gen 2>/tmp/$name.err
	rc=$?
	log "$name: $(tr '\n' ' ' </tmp/$name.gen)"
	[ $rc = 0 ] || fail "$name: lt-gen exit $rc: $(cat /tmp/$name.err) $(grep '^error' /tmp/$name.gen)"
}
val() { awk -v k="$2" '$1 == k { print $2 }' /tmp/$1.gen; }

# UDP at a rate every policy takes
gen_run udp5k udp -i "$IF" -l 64 -r 5000 -n 5000 -c
[ "$(val udp5k pkts)" = 5000 ] && [ "$(val udp5k sent)" = 5000 ] ||
	fail "udp5k: $(val udp5k pkts) of $(val udp5k sent) datagrams arrived"
[ "$(val udp5k order_errors)" = 0 ] || fail "udp5k: out of order"
awk -v s="$(val udp5k secs)" 'BEGIN { r = 5000 / s; exit !(r > 4950 && r < 5050) }' ||
	fail "udp5k: $(val udp5k secs) s for 5000 datagrams at 5000/s"
metric udp_rate_5k "$(awk -v s="$(val udp5k secs)" 'BEGIN { printf "%.1f", 5000 / s }')" pkt/s

# UDP at the line rate, pause ignored: losses, each counted
snmp_rcvbuf() { awk '$1 == "Udp:" { if (!h) { for (i = 2; i <= NF; i++) c[$i] = i; h = 1; next }
	print $c["RcvbufErrors"]; exit }' /proc/net/snmp; }
if [ "$DRIVER" = ours ]; then
	fifo0=$(ethstat rx_mac_dropped_frames) drv0=$(ethstat rx_dropped)
fi
sock0=$(snmp_rcvbuf)
gen_run udpline udp -i "$IF" -l 64 -r 0 -n 20000 -P
lost=$(val udpline lost)
[ "$lost" -gt 0 ] || fail "udpline: nothing lost at the line rate ($(val udpline pkts) received)"
sock=$(($(snmp_rcvbuf) - sock0))
if [ "$DRIVER" = ours ]; then
	fifo=$(($(ethstat rx_mac_dropped_frames) - fifo0))
	drv=$(($(ethstat rx_dropped) - drv0))
	[ $((fifo + drv + sock)) = "$lost" ] ||
		fail "udpline: $lost lost, counted: FIFO $fifo + driver $drv + socket $sock"
	log "udpline: $lost of 20000 lost: FIFO $fifo, driver $drv, socket $sock"
fi
metric udp_line_received "$(val udpline pkts)" of_20000

# TCP: every byte checked, then twice unchecked.  The receive buffer
# starts at 4 MiB, as iperf3 -w would set it: grown by autotuning from
# 128 KiB, 6.12's window closed 15 times in one 16 MiB stream and not in
# the next (11507 against 11492 segments, 435 against 470 Mbit/s), so
# the two streams measured when each hit the window, not the guest.
rmem=$(cat /proc/sys/net/ipv4/tcp_rmem)
trap 'echo "$rmem" >/proc/sys/net/ipv4/tcp_rmem' EXIT
echo "4096 4194304 6291456" >/proc/sys/net/ipv4/tcp_rmem
gen_run tcp tcp -i "$IF" -n 8M -c
[ "$(val tcp bytes)" = 8388608 ] || fail "tcp: $(val tcp bytes) bytes of 8388608"
for r in tcp tcp1 tcp2; do
	[ $r = tcp ] || gen_run $r tcp -i "$IF" -n 16M
	[ "$(val $r retrans)" = 0 ] || fail "$r: $(val $r retrans) segments sent again"
done
t1=$(val tcp1 thr) t2=$(val tcp2 thr)
awk -v a="$t1" -v b="$t2" 'BEGIN { d = a / b; exit !(d > 0.98 && d < 1.02) }' ||
	fail "TCP throughput moved between two identical runs: $t1 and $t2 bit/s"
metric tcp_rx "$(awk -v a="$t1" 'BEGIN { printf "%.1f", a / 1e6 }')" Mbit/s
metric tcp_rx_again "$(awk -v a="$t2" 'BEGIN { printf "%.1f", a / 1e6 }')" Mbit/s

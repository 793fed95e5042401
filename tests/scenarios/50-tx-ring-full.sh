# SPDX-License-Identifier: GPL-2.0
# A sender faster than the wire: the link forced to 100 Mb/s, the TX ring
# at its smallest (64 descriptors), eight TCP streams to the peer at once
# and a sha256-checked upload beside them.
#   ring limit: byte queue limits out of the way (limit_min 4 MB), so
#     only the ring holds the frames back: the queue must stop for lack
#     of descriptors (tx0_busy grows) and be woken each time: tx0_wake
#     moves with it, equal within one (a stop not yet woken when read);
#     the streams and the checked upload go on (a queue nobody woke
#     stays stopped until the transmit watchdog fires, which fails the
#     scenario by its kernel log line);
#   BQL holds: limit_max 16 KiB: sampled every 50 ms under the same
#     load, the queue's limit never goes above limit_max and the bytes
#     in flight never above the limit by more than one frame (BQL stops
#     the queue once the bytes queued pass the limit: the last frame
#     queued, at most a TSO frame of 64 KiB, may go over); the ring's
#     stops (if any) are woken as counted above.
# Each phase ends with a sha256-checked transfer each way (4 MiB); then
# BQL and the link are set back, 4 MiB each way again at 1000 Mb/s, and
# the driver is unloaded and loaded.  Debian's 6.1 driver has no ethtool
# -G and no byte queue limits: its ring keeps 128 descriptors, and what
# BQL shows is reported, not judged.
# sets: faults
# timeout: 600

wait_peer 20 || fail "peer unreachable"
bql=/sys/class/net/$IF/queues/tx-0/byte_queue_limits
[ -d "$bql" ] || skip "no byte queue limits in this kernel (CONFIG_BQL)"
ours=0
[ "$DRIVER" = ours ] && ours=1
rate() { cut -d' ' -f1 /tmp/rf.rate; }

cleanup() {
	kill "$bgp" 2>/dev/null
	wait "$bgp" 2>/dev/null
	echo 0 >"$bql"/limit_min
	echo "$lmax0" >"$bql"/limit_max
}
lmax0=$(cat "$bql"/limit_max)
bgp=
trap cleanup EXIT

if [ $ours = 1 ]; then
	ethtool -G "$IF" tx 64 || fail "ethtool -G tx 64 refused"
	wait_carrier 1 30 || fail "no carrier after -G tx 64"
fi
force_speed 100
ring=$(ethtool -g "$IF" 2>/dev/null | awk '/^TX:/ { v = $2 } END { print v }')
ring=${ring:-(unknown: no ethtool -g)}

# load NAME: 8 streams for 12 s and a checked 4 MiB upload beside them;
# BQL sampled meanwhile (worst inflight - limit, highest limit)
load() {
	b0=$(ethstat tx0_busy) w0=$(ethstat tx0_wake)
	iperf_run -t 12 -P 8 >/tmp/rf.rate 2>/tmp/rf.err &
	bgp=$!
	sleep 2
	upload 4194304 >/tmp/rf.up 2>&1 &
	upp=$!
	over=-999999999 lim=0 n=0
	while kill -0 $bgp 2>/dev/null; do
		f=$(cat "$bql"/inflight)
		l=$(cat "$bql"/limit)
		[ $((f - l)) -le $over ] || over=$((f - l))
		[ "$l" -le $lim ] || lim=$l
		n=$((n + 1))
		usleep 50000
	done
	wait $bgp || fail "$1: iperf3 -P 8 failed: $(grep -v '^ *$' /tmp/rf.err | tail -n 1)"
	bgp=
	wait $upp || fail "$1: upload beside the streams: $(tail -n 1 /tmp/rf.up)"
	busy=0 wake=0
	if [ $ours = 1 ]; then
		# the traffic is over: every stop woken (or one still to be)
		sleep 1
		busy=$(($(ethstat tx0_busy) - b0)) wake=$(($(ethstat tx0_wake) - w0))
	fi
	log "$1: $(rate) Mbit/s, tx0_busy +$busy, tx0_wake +$wake, BQL over the limit by at most $over bytes, highest limit $lim in $n samples"
	[ $((busy - wake)) -le 1 ] && [ $((wake - busy)) -le 1 ] ||
		fail "$1: queue stopped $busy times (tx0_busy), woken $wake times (tx0_wake)"
}

# the ring alone
echo 4000000 >"$bql"/limit_min
load "ring limit"
if [ $ours = 1 ]; then
	[ "$busy" -gt 0 ] || fail "ring limit: the queue never stopped with $ring descriptors (tx0_busy +0)"
	[ "$wake" -gt 0 ] || fail "ring limit: the queue stopped $busy times and was never woken (tx0_wake +0)"
fi
ring_busy=$busy ring_wake=$wake
echo 0 >"$bql"/limit_min
download_sha 4194304 || exit 1
upload 4194304 || exit 1

# BQL
echo 16384 >"$bql"/limit_max
load "BQL 16 KiB"
if [ $ours = 1 ]; then
	[ "$lim" -le 16384 ] || fail "BQL limit reached $lim, above limit_max 16384"
	[ $over -le 65536 ] || fail "BQL: $over bytes in flight beyond the limit (more than one TSO frame)"
	[ "$(cat "$bql"/inflight)" = 0 ] || fail "BQL: $(cat "$bql"/inflight) bytes in flight after the traffic"
elif [ $over -le -1000000000 ] || [ "$lim" = 0 ]; then
	log "the $DRIVER driver keeps no byte queue limits (inflight and limit stay 0): baseline"
fi
bql_busy=$busy bql_over=$over
echo "$lmax0" >"$bql"/limit_max
download_sha 4194304 || exit 1
upload 4194304 || exit 1

ethtool -s "$IF" autoneg on advertise 0x3f || fail "autoneg on refused"
[ $ours = 0 ] || ethtool -G "$IF" tx 128 || fail "ethtool -G tx 128 refused"
wait_carrier 1 30 || fail "no carrier after autoneg on"
wait_peer 20 || fail "peer unreachable after autoneg on"
download_sha 4194304 || exit 1
upload 4194304 || exit 1
trap - EXIT
unload_module || exit 1
load_module || exit 1
echo "TX ring of $ring at 100 Mb/s, 8 streams: queue stopped $ring_busy times by the ring and woken $ring_wake times, $bql_busy under BQL 16 KiB (in flight at most $bql_over bytes over the limit); 4 MiB sha256 each way after each; rmmod clean"

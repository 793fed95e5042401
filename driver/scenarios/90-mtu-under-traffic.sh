# SPDX-License-Identifier: GPL-2.0
# MTU changed while iperf3 downloads and pings run.
# sets: full
# timeout: 400
trap restore_mtu EXIT
r=$(peer_cmd "MTU 9000")
[ "$r" = OK ] || fail "peer refused MTU 9000: $r"
wait_peer 20 || fail "peer unreachable"
timeout 200 iperf3 -c "$PEER" -p "$IPERF_PORT" -R -t 40 -f m > /tmp/ip.out 2>&1 &
ipid=$!
ping -i 0.2 -s 1000 "$PEER" > /tmp/ping.out 2>&1 &
ppid=$!
for m in 576 1500 9000 1500 576 9000 4000 1500 576 1500; do
	ip link set dev "$IF" mtu $m || fail "set mtu $m failed"
	log "mtu $m"
	sleep 3
done
wait $ipid
rc=$?
kill $ppid
tail -n 4 /tmp/ip.out
[ $rc -eq 0 ] || fail "iperf3 failed under MTU changes (rc $rc)"
tail -n 3 /tmp/ping.out
ethtool -S "$IF" | grep -E 'rx._(dropped|alloc_fail|multi_buf)|oversize'
for m in 576 1500 9000; do
	ip link set dev "$IF" mtu $m
	wait_peer 20 || fail "peer unreachable at mtu $m"
	ping_ok $((m - 28)) || fail "ping failed at mtu $m"
	download 4194304 || fail "download failed at mtu $m"
	upload 4194304 || fail "upload failed at mtu $m"
done
echo "iperf3 survived 10 MTU changes; 576/1500/9000 ping+download+upload ok"

# SPDX-License-Identifier: GPL-2.0
# MTU changed ten times (576/1500/9000/4000) while an iperf3 download
# (peer -> guest) and a ping run: iperf3 must finish without error and
# traffic must flow at each MTU afterwards (largest unfragmented ping,
# 1 MiB download and upload compared by sha256 at 576, 1500 and 9000).
# The peer's tap stays at 9000 during the changes so that it can send
# whatever the guest's current MTU allows.
# sets: primary arm
# timeout: 600

trap restore_mtu EXIT
r=$(peer_cmd "MTU 9000")
[ "$r" = OK ] || fail "peer refused MTU 9000: $r"
wait_peer 20 || fail "peer $PEER does not answer ping"
timeout 200 iperf3 -c "$PEER" -p "$IPERF_PORT" -R -t 40 -f m >/tmp/ip.out 2>&1 &
ipid=$!
ping -i 0.2 -s 1000 "$PEER" >/tmp/ping.out 2>&1 &
ppid=$!
for m in 576 1500 9000 1500 576 9000 4000 1500 576 1500; do
	ip link set dev "$IF" mtu $m || fail "ip link set mtu $m failed under traffic"
	log "mtu $m"
	sleep 3
done
wait $ipid
rc=$?
kill $ppid
if [ $rc -ne 0 ]; then
	cat /tmp/ip.out
	tail -n 3 /tmp/ping.out
	ethtool -S "$IF" | grep -E 'drop|fail|oversize|multi_buf|err' | grep -v ': 0$'
	ethtool -d "$IF" 2>/dev/null | grep -E '^MAC_(RX|TX) '
	log "mtu $(mtu_of); after the stall:"
	for s in 56 500 1000 1472; do
		ping_ok $s 2 && log "ping -s $s ok"
	done
	download 1048576 >/dev/null && log "a new TCP download works"
	grep -E ':1451 ' /proc/net/tcp
fi
tail -n 4 /tmp/ip.out
[ $rc -eq 0 ] || fail "iperf3 -R failed under MTU changes (exit $rc): $(tail -n 1 /tmp/ip.out)"
tail -n 3 /tmp/ping.out
for m in 576 1500 9000; do
	set_mtu $m || exit 1
	wait_peer 20 || fail "peer unreachable at MTU $m"
	ping_ok $((m - 28)) || fail "ping -s $((m - 28)) failed at MTU $m"
	download 1048576 || fail "download failed at MTU $m"
	upload 1048576 || fail "upload failed at MTU $m"
done
echo "iperf3 survived 10 MTU changes; ping, download and upload ok at 576/1500/9000"

# SPDX-License-Identifier: GPL-2.0
# MTU changes while the interface is up: each step must keep traffic
# flowing (largest unfragmented ping at the new MTU and a checked TCP
# download), including shrinking back to 1500.
# sets: full smoke
# timeout: 240

trap restore_mtu EXIT
r=$(peer_cmd "MTU 9000")
[ "$r" = OK ] || fail "peer refused MTU 9000: $r"
for m in 1500 4000 9000 2000 1500; do
	ip link set dev "$IF" mtu $m || fail "ip link set mtu $m failed while up"
	[ "$(cat /sys/class/net/$IF/operstate)" = up ] || wait_carrier 1 30 ||
		fail "link did not come back after MTU $m"
	wait_peer 20 || fail "peer not reachable after MTU change to $m"
	ping_ok $((m - 28)) || fail "largest ping failed after MTU change to $m"
	download 2097152 >/dev/null || fail "download failed after MTU change to $m"
	log "MTU $m: ping -s $((m - 28)) and 2 MiB download ok"
done
echo "traffic flows across MTU changes 1500-4000-9000-2000-1500"

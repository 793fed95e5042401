# SPDX-License-Identifier: GPL-2.0
# ip link set down/up: carrier goes away, comes back, traffic flows.
# sets: quick core full arm-intree
# timeout: 150

for i in 1 2; do
	ip link set dev "$IF" down || fail "ip link set down failed"
	wait_carrier 0 10 || fail "carrier still up after ip link set down"
	ip link set dev "$IF" up || fail "ip link set up failed (round $i)"
	wait_carrier 1 30 || fail "no carrier 30 s after ip link set up (round $i)"
	wait_peer 20 || fail "peer not reachable after down/up (round $i)"
	ping_ok 1472 || fail "ping -s 1472 failed after down/up (round $i)"
	log "down/up round $i ok"
done
download 4194304 || exit 1
echo "link down/up twice, traffic flows"

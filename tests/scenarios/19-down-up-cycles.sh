# SPDX-License-Identifier: GPL-2.0
# 20 ip link down/up cycles (10 on ARM guests) under iperf3 traffic (both directions,
# --bidir): down while data flows, carrier must drop; up, carrier must
# return, the peer must answer and data must flow both ways again before
# the next cycle.  Any kernel warning fails the scenario.
# sets: primary arm
# timeout: 900

. /lib/lt/scenarios/lib-traffic.sh
cycles_begin
i=1
while [ $i -le "$cycles" ]; do
	cycle_ready "cycle $i"
	ip link set dev "$IF" down || fail "cycle $i: ip link set down failed"
	wait_carrier 0 10 || fail "cycle $i: carrier still up after ip link set down"
	ip link set dev "$IF" up || fail "cycle $i: ip link set up failed"
	wait_carrier 1 30 || fail "cycle $i: no carrier 30 s after ip link set up"
	wait_peer 20 || fail "cycle $i: peer unreachable after down/up"
	log "cycle $i: down/up, carrier back"
	i=$((i + 1))
done
cycle_ready "after $cycles down/up cycles"
iperf_stop
iperf_check || exit 1
echo "$cycles down/up cycles under iperf3 traffic, link and traffic back each time ($(cycles_summary))"

# SPDX-License-Identifier: GPL-2.0
# 20 module unload/reload cycles under iperf3 traffic (both directions,
# --bidir): rmmod while data flows, insmod, and before the next cycle the
# link must be up, the peer must answer and data must flow both ways
# again (the TCP connection survives: the address is re-added).  Any
# kernel warning fails the scenario (tests/guest/init).
# sets: primary
# timeout: 900

cycles=20
[ "$QUICK" = 1 ] && cycles=3
. /lib/lt/scenarios/lib-traffic.sh
wait_peer 20 || fail "peer $PEER does not answer ping"
i=1
while [ $i -le $cycles ]; do
	iperf_keep || exit 1
	traffic_flows 30 || fail "cycle $i: $why"
	old=$IF
	rmmod "$MODNAME" || fail "cycle $i: rmmod $MODNAME failed under traffic"
	[ ! -e "/sys/class/net/$old" ] || fail "cycle $i: $old still present after rmmod"
	insmod "$MODULE" || fail "cycle $i: insmod $MODULE failed"
	wait_if 30 || fail "cycle $i: no interface after insmod"
	if_configure || fail "cycle $i: configuring $IF after insmod failed"
	wait_carrier 1 30 || fail "cycle $i: no carrier 30 s after insmod"
	wait_peer 20 || fail "cycle $i: peer unreachable after insmod"
	log "cycle $i: reloaded, $IF up"
	i=$((i + 1))
done
iperf_keep || exit 1
traffic_flows 30 || fail "after $cycles reloads: $why"
iperf_stop
iperf_check || exit 1
echo "$cycles rmmod/insmod cycles under iperf3 traffic, link and traffic back each time ($restarts iperf3 restarts)"

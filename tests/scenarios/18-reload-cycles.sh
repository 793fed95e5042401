# SPDX-License-Identifier: GPL-2.0
# 20 module unload/reload cycles (10 on ARM guests, lib-traffic.sh) under
# iperf3 traffic (both directions, --bidir): rmmod while data flows, load
# again (insmod or modprobe, as /init did), and before the next cycle the
# link must be up, the peer must answer and data must flow both ways
# again (the TCP connection survives: the address is re-added).  Any
# kernel warning fails the scenario (tests/guest/init).
# sets: primary arm
# timeout: 1200

. /lib/lt/scenarios/lib-traffic.sh
cycles_begin
i=1
while [ $i -le "$cycles" ]; do
	cycle_ready "cycle $i"
	unload_module >/tmp/rl.out || fail "cycle $i: $(cat /tmp/rl.out) under traffic"
	load_module >/tmp/rl.out || fail "cycle $i: $(cat /tmp/rl.out)"
	log "cycle $i: reloaded, $IF up"
	i=$((i + 1))
done
cycle_ready "after $cycles reloads"
iperf_stop
iperf_check || exit 1
echo "$cycles rmmod/$MODLOAD cycles under iperf3 traffic, link and traffic back each time ($restarts iperf3 restarts)"

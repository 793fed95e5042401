# SPDX-License-Identifier: GPL-2.0
# Link flaps at both ends under iperf3 --bidir (one connection, kept
# across all of them):
#   the wire: the peer takes the link down for 3 s (QMP set_link), three
#     times: each must take the carrier down once and up once
#     (carrier_down_count / carrier_up_count move by exactly 1 each);
#   the guest: ip link set down / up, three times: the same, once each;
#   an autonegotiation restart (ethtool -r), three times: the carrier may
#     drop for the negotiation (500 ms) or not, but as often up as down
#     (Debian's 6.1 driver has no ethtool -r: skipped for it);
#   both at once: the wire goes down for 4 s and, inside the outage, the
#     guest takes the interface down and up again: the carrier must stay
#     down until the wire is back (the interface came up on a dead
#     wire), then come up once.
# After each flap iperf3's traffic resumes both ways within 30 s and a
# sha256-checked transfer goes each way (256 KiB); at the end 4 MiB each
# way, and the driver is unloaded and loaded.
# sets: faults
# timeout: 600

. /lib/lt/scenarios/lib-traffic.sh
cnt() { cat "/sys/class/net/$IF/carrier_$1_count"; }
trap 'iperf_stop >/dev/null' EXIT
cycles_begin
cycle_ready "before the flaps"
first_ip=$ipid
[ -e "/sys/class/net/$IF/carrier_down_count" ] || skip "no carrier_down_count in sysfs"

# flapped WHAT DOWN UP: the carrier counters moved by DOWN and UP since
# the last call (UP = "same": as many ups as downs); traffic resumes.
d0=$(cnt down) u0=$(cnt up)
flapped() {
	wait_carrier 1 30 || fail "$1: no carrier 30 s later"
	d=$(($(cnt down) - d0)) u=$(($(cnt up) - u0))
	if [ "$3" = same ]; then
		[ "$d" = "$u" ] || fail "$1: carrier down $d times, up $u times"
	else
		[ "$d" = "$2" ] && [ "$u" = "$3" ] ||
			fail "$1: carrier down $d times and up $u times, not $2 and $3"
	fi
	cycle_ready "after $1"
	d0=$(cnt down) u0=$(cnt up)
	log "$1: carrier down $d, up $u; traffic and 256 KiB each way ok"
}

# wire_down MS: the peer takes the wire down for MS; returns once the
# carrier has dropped (or after 10 s)
wire_down() {
	r=$(peer_cmd "LINK-FLAP $1")
	[ "$r" = OK ] || fail "peer refused LINK-FLAP: $r"
	n=100
	while [ $n -gt 0 ] && [ "$(carrier)" = 1 ]; do
		usleep 100000
		n=$((n - 1))
	done
}

for i in 1 2 3; do
	wire_down 3000
	flapped "wire flap $i" 1 1
done
for i in 1 2 3; do
	ip link set dev "$IF" down || fail "ip link set down failed"
	sleep 1
	ip link set dev "$IF" up || fail "ip link set up failed"
	if_configure >/dev/null 2>&1
	flapped "down/up $i" 1 1
done
nr=0
for i in 1 2 3; do
	if ! ethtool -r "$IF"; then
		[ "$DRIVER" = ours ] || {
			log "ethtool -r not supported by the $DRIVER driver"
			break
		}
		fail "ethtool -r failed"
	fi
	sleep 2
	flapped "autoneg restart $i" x same
	nr=$i
done
for i in 1 2; do
	wire_down 4000
	[ "$(carrier)" = 0 ] || fail "both ends $i: the wire went down but the carrier did not"
	ip link set dev "$IF" down || fail "ip link set down failed"
	ip link set dev "$IF" up || fail "ip link set up failed"
	if_configure >/dev/null 2>&1
	sleep 1
	[ "$(carrier)" = 0 ] || fail "both ends $i: carrier up while the wire is down"
	flapped "both ends $i" 1 1
done
[ "$ipid" = "$first_ip" ] || fail "iperf3 --bidir had to be restarted ($restarts times)"
iperf_stop >/dev/null
trap - EXIT
download_sha 4194304 || exit 1
upload 4194304 || exit 1
unload_module || exit 1
load_module || exit 1
echo "3 wire flaps, 3 down/up, $nr autoneg restarts, 2 down/up inside a wire outage under one iperf3 --bidir connection; carrier counted once down and once up each; $(cycles_summary); rmmod clean"

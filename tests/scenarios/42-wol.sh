# SPDX-License-Identifier: GPL-2.0
# Wake-on-LAN from suspend to RAM (ACPI S3, the whole machine asleep):
# ethtool shows the wake sources the chip has (Supports Wake-on: umbag:
# unicast, multicast, broadcast, ARP, magic; the PHY has none) and refuses
# the others keeping the old setting; then the guest suspends and the peer
# writes one frame onto the tap once QEMU reports the guest suspended
# (WOL in tests/peer/peer.py): with `wol g` a magic packet wakes the
# guest (our driver logs it as the wake source), with `wol d` the same
# packet leaves it asleep (the peer wakes it with QMP system_wakeup 3 s
# later; our driver only, see below), with `wol u` a unicast echo request
# wakes it and with `wol g` the same frame does not; with `wol m` an IPv4
# multicast datagram (224.0.0.251) wakes it, a PTP frame to a non-IP
# multicast address does not; with `wol a` an ARP request wakes it, an
# echo request does not.  After each resume checked transfers pass both
# ways.  The guest runs on the "s3" board
# (tests/run: its clocksource is the TSC).
# sets: primary
# board: s3
# timeout: 240

. /lib/lt/scenarios/lib-s3.sh

s3_select || skip "$s3_why"
wait_peer 20 || fail "peer $PEER does not answer ping"

wol_field() { ethtool "$IF" | sed -n "s/^[[:space:]]*$1: *//p"; }
sup=$(wol_field "Supports Wake-on")
[ "$sup" = umbag ] || fail "Supports Wake-on: '$sup', expected umbag"
wol=$(wol_field "Wake-on")
log "Supports Wake-on: $sup, Wake-on: $wol"
ethtool -s "$IF" wol ub || fail "ethtool -s wol ub refused"
[ "$(wol_field Wake-on)" = ub ] || fail "Wake-on: $(wol_field Wake-on) after wol ub"
for bad in p s; do
	if ethtool -s "$IF" wol $bad 2>/dev/null; then
		fail "ethtool -s wol $bad (not supported) accepted"
	fi
	[ "$(wol_field Wake-on)" = ub ] || fail "Wake-on: $(wol_field Wake-on) after the refused wol $bad, expected ub"
done
wakeup=/sys/class/net/$IF/device/power/wakeup
[ "$(cat $wakeup)" = enabled ] || fail "$wakeup: $(cat $wakeup) with wol ub"
ethtool -s "$IF" wol d || fail "ethtool -s wol d refused"
[ "$(cat $wakeup)" = disabled ] || fail "$wakeup: $(cat $wakeup) with wol d"

# s3 WOL KIND EXPECT [MS]: arm WOL, ask the peer to send a KIND frame once
# the guest is suspended, suspend; EXPECT is WOKE or ASLEEP (still asleep
# MS after the frame, 3000 by default).
s3() {
	ethtool -s "$IF" wol "$1" || fail "ethtool -s wol $1 refused"
	s3_wol_cycle "$2" "${4:-3000}" "wol $1"
	log "wol $1, $2 frame: $r (suspend and resume $(($(date +%s) - t0)) s)"
	klog_since "$mark" | grep -iE 'lan743x|wake|PM: suspend|ACPI: PM' | tail -n 8
	case $r in
	"$3 $2 "*) ;;
	*) fail "wol $1, a $2 frame while suspended: '$r', expected $3" ;;
	esac
	download 1048576 || fail "download failed after resume (wol $1)"
	upload 1048576 || fail "upload failed after resume (wol $1)"
}

s3 g magic WOKE
if [ "$DRIVER" = ours ]; then
	klog_since "$mark" | grep 'woken by magic packet' >/dev/null ||
		fail "no 'woken by magic packet' in the kernel log after the magic packet woke the guest"
	s3 d magic ASLEEP
	off="not with wol d;"
else
	# Not with wol d: Debian's 6.1 driver with WoL off lets phylib
	# suspend its PHY, and phylib warns on resume (mdio_bus_phy_resume,
	# as in 13-pm-resume).  (wol b would wake on the host's broadcasts.)
	off=
fi
s3 u ucast WOKE
s3 g ucast ASLEEP
# wol m: the wake-up frame filters for IPv4 and IPv6 multicast; wol a:
# the one for ARP.  A frame no filter takes leaves the guest asleep.
filter_woke() {
	[ "$DRIVER" = ours ] || return 0
	klog_since "$mark" | grep 'woken by wake-up frame filter' >/dev/null ||
		fail "no 'woken by wake-up frame filter' in the kernel log after $1 woke the guest"
}
s3 m mcast WOKE
filter_woke "an IPv4 multicast datagram"
s3 m mcast-other ASLEEP 1500
s3 a bcast WOKE
filter_woke "an ARP request"
s3 a ucast ASLEEP 1500
ethtool -s "$IF" wol d
echo "wake-on-LAN from S3 ok: a magic packet wakes with wol g,${off:+ $off} a unicast frame wakes with wol u, not with wol g; an IPv4 multicast datagram wakes with wol m, a non-IP multicast frame does not; an ARP request wakes with wol a, an echo request does not; transfers pass after each resume"

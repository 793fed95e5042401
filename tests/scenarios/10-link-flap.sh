# SPDX-License-Identifier: GPL-2.0
# Link loss: the peer takes the QEMU link down for a few seconds
# (set_link n0 off/on through QMP).  Carrier must drop and come back, and
# traffic must flow afterwards.  phylib polls the PHY about once a second,
# so the outage lasts 5 s; a missed poll is caught by the kernel log line.
# Our driver also says why there is no link (ethtool's extended link
# state): autonegotiation found no partner.
# sets: full
# timeout: 120

wait_peer 20 || fail "peer $PEER does not answer ping"
r=$(peer_cmd "LINK-FLAP 5000")
[ "$r" = OK ] || fail "peer refused LINK-FLAP: $r"
down=0
n=100
while [ $n -gt 0 ]; do
	[ "$(carrier)" = 0 ] && { down=1; break; }
	usleep 100000
	n=$((n - 1))
done
[ $down = 1 ] || dmesg | tail -n 20 | grep "$IF: Link is Down" >/dev/null ||
	fail "carrier never dropped during the 5 s link outage"
log "carrier dropped"
if [ "$DRIVER" = ours ] && [ $down = 1 ]; then
	ext=$(link_detected)
	[ "$ext" = "no (Autoneg, No partner detected)" ] ||
		[ "$(carrier)" = 1 ] ||
		fail "link down: ethtool says \"Link detected: $ext\", not \"no (Autoneg, No partner detected)\""
	log "link down: Link detected: $ext"
fi
wait_carrier 1 30 || fail "carrier did not return 30 s after the link outage"
wait_peer 20 || fail "peer not reachable after link outage"
ping_ok 1472 || fail "ping -s 1472 failed after link outage"
echo "carrier dropped and returned; traffic flows"

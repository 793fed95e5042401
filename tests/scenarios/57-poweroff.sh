# SPDX-License-Identifier: GPL-2.0
# Power-off with traffic in flight leaves the chip doing no DMA (the
# driver's .shutdown, which reboot, kexec and power-off run): the guest
# arms wake-on-LAN for magic packets, starts a 256 MiB download and a
# 256 MiB upload that outlive the scenario, checks that frames move both
# ways, and states what the chip must look like once the guest is off
# ("@@POWEROFF"); then it powers off, as every guest does at the end of
# its run.  On the "poweroff" board QEMU pauses at that point instead of
# exiting, and tests/run reads the model's x-dma-state through QMP and
# judges it (result 57-poweroff/after): no DMA channel running and the
# MAC's transmitter off, for both drivers; for ours also bus mastering
# off and, with the wake armed, the function in D3hot with PME enabled
# (Debian's driver leaves it in D0 and arms nothing at power-off).
# sets: primary-ours
# board: poweroff
# timeout: 120

. /lib/lt/scenarios/lib-traffic.sh
wait_peer 20 || fail "peer $PEER does not answer ping"
ethtool -s "$IF" wol g || fail "ethtool -s $IF wol g refused"

big=$((256 << 20))
setsid sh -c "echo 'GET $big' | nc $PEER $PEER_PORT >/dev/null" \
	</dev/null >/dev/null 2>&1 &
setsid sh -c "{ echo 'PUT $big'; dd if=/dev/zero bs=1M count=256 2>/dev/null; } |
	nc $PEER $PEER_PORT >/dev/null" </dev/null >/dev/null 2>&1 &

# both directions busy (the peer draws its 256 MiB first, slowly on a
# loaded host): a second with frames each way, within 30 s
busy=0 i=0
while [ $i -lt 30 ] && [ $busy = 0 ]; do
	rx0=$(bytes_of rx_packets) tx0=$(bytes_of tx_packets)
	sleep 1
	drx=$(($(bytes_of rx_packets) - rx0)) dtx=$(($(bytes_of tx_packets) - tx0))
	[ "$drx" -lt 100 ] || [ "$dtx" -lt 100 ] || busy=1
	i=$((i + 1))
done
log "in the last second before power-off: $drx frames received, $dtx sent"
[ $busy = 1 ] || fail "no second with 100 frames each way in 30 s: no download and upload in flight"

want="rx-dma 0 tx-dma 0 mac-tx 0"
[ "$DRIVER" != ours ] ||
	want="$want master 0 d-state 3 pme-en 1 wake-armed 1"
echo "@@POWEROFF $SCENARIO $want" >"$RESULTS_TTY"
log "armed wol g with traffic both ways; after power-off: $want"

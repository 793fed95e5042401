# SPDX-License-Identifier: GPL-2.0
# TX timeout recovery: stop TX DMA channel 0 behind the driver's back
# (busybox devmem on BAR0: DMAC_CMD, 0xC0C, bit 16 = stop TX channel 0;
# tests/run boots with iomem=relaxed for this).  The stack's watchdog must
# fire, the driver's reset work must reset and reopen the chip, and
# traffic must flow again.  The kernel's own NETDEV WATCHDOG warning is
# expected here and only here.
# sets: primary
# timeout: 200
# dmesg-allow: NETDEV WATCHDOG

[ "$DRIVER" = ours ] || skip "relies on our driver's TX timeout reset path and its 'timed out, resetting' message"
wait_peer 20 || fail "peer $PEER does not answer ping"
bar0=$(bar0_of_if)
log "BAR0 $bar0"
# the log from here: an earlier reset (another scenario's) does not count
mark=$(klog_mark)
devmem $((bar0 + 0xC0C)) 32 0x00010000 || fail "devmem write to DMAC_CMD failed (iomem=relaxed missing?)"
ping -c 100 -i 0.05 -W 1 "$PEER" >/dev/null 2>&1
n=0
while ! klog_since "$mark" | grep 'timed out, resetting' >/dev/null; do
	n=$((n + 1))
	[ $n -lt 30 ] || fail "no TX timeout reported 30 s after stopping TX DMA"
	ping -c 5 -i 0.1 -W 1 "$PEER" >/dev/null 2>&1
	sleep 1
done
klog_since "$mark" | grep -E "lan743x|$IF|NETDEV" | tail -n 8
wait_carrier 1 30 || fail "no carrier after the reset"
wait_peer 30 || fail "peer unreachable after the reset"
download 4194304 || fail "download failed after the reset"
upload 4194304 || fail "upload failed after the reset"
echo "TX timeout detected, chip reset and reopened, traffic flows"

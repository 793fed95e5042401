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
log "BAR0 $(bar0_of_if)"
# the log from its mark on: an earlier reset (another scenario's) does
# not count
tx_timeout_reset
klog_since "$mark" | grep -E "lan743x|$IF|NETDEV" | tail -n 8
wait_carrier 1 30 || fail "no carrier after the reset"
wait_peer 30 || fail "peer unreachable after the reset"
download 4194304 || fail "download failed after the reset"
upload 4194304 || fail "upload failed after the reset"
echo "TX timeout detected, chip reset and reopened, traffic flows"

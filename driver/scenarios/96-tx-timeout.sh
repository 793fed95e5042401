# SPDX-License-Identifier: GPL-2.0
# TX timeout recovery: stop the TX DMA channel behind the driver's back
# (busybox devmem on BAR0, needs iomem=relaxed); the watchdog must fire,
# the reset work must reset and reopen, and traffic must flow again.
# sets: full
# timeout: 200
wait_peer 20 || fail "peer"
dev=/sys/class/net/$IF/device
bar0=$(head -n 1 $dev/resource | cut -d' ' -f1)
log "BAR0 $bar0"
devmem $((bar0 + 0xC0C)) 32 0x00010000 || fail "devmem write failed (iomem=relaxed?)"
ping -c 100 -i 0.05 -W 1 "$PEER" >/dev/null 2>&1
n=0
while ! dmesg | grep -q 'timed out, resetting'; do
	n=$((n + 1))
	[ $n -lt 30 ] || fail "no TX timeout reported"
	ping -c 5 -i 0.1 -W 1 "$PEER" >/dev/null 2>&1
	sleep 1
done
dmesg | grep -E 'lan743x|eth0' | tail -n 8
wait_carrier 1 30 || fail "no carrier after reset"
wait_peer 30 || fail "peer unreachable after reset"
download 4194304 || fail "download after reset"
echo "TX timeout detected, chip reset and reopened, traffic ok"

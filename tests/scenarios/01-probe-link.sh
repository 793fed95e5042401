# SPDX-License-Identifier: GPL-2.0
# Probe and link: the driver bound the device, the interrupt mode is the
# one the configuration asks for, the link comes up at 1000/full and the
# peer answers.
# sets: quick core full e1000e
# timeout: 90

drv=$(basename "$(readlink "/sys/class/net/$IF/device/driver")")
log "interface $IF, driver $drv, $(cat /sys/class/net/$IF/address)"
wait_carrier 1 30 || fail "no carrier 30 s after ifup (operstate $(cat /sys/class/net/$IF/operstate))"

info=$(ethtool "$IF") || fail "ethtool $IF failed"
echo "$info"
speed=$(echo "$info" | sed -n 's/^[[:space:]]*Speed: *//p')
duplex=$(echo "$info" | sed -n 's/^[[:space:]]*Duplex: *//p')
detected=$(echo "$info" | sed -n 's/^[[:space:]]*Link detected: *//p')
[ "$detected" = yes ] || fail "ethtool: link detected '$detected'"
[ "$speed" = 1000Mb/s ] || fail "ethtool: speed '$speed', want 1000Mb/s"
[ "$duplex" = Full ] || fail "ethtool: duplex '$duplex', want Full"

mode=$(irq_mode)
log "interrupt mode: $mode (nvec $(ls /sys/class/net/$IF/device/msi_irqs 2>/dev/null | wc -l))"
grep -E "$IF|lan743x|e1000e" /proc/interrupts
case $IRQMODE in
any | "") ;;
*) [ "$mode" = "$IRQMODE" ] || fail "interrupt mode $mode, configuration wants $IRQMODE" ;;
esac

wait_peer 20 || fail "peer $PEER does not answer ping"
echo "link up 1000/Full, $mode interrupts, peer reachable"

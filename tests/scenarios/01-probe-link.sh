# SPDX-License-Identifier: GPL-2.0
# Probe and link: the driver bound the device, the interrupt mode is the
# one the configuration asks for, the link comes up at 1000/full (2500/full
# on a PCI11x1x strapped for its 2.5G PHY, configuration *-2500) and the
# peer answers.
# sets: quick core full e1000e arm arm-intree smoke
# timeout: 90

drv=$(basename "$(readlink "/sys/class/net/$IF/device/driver")")
log "interface $IF, driver $drv, $(cat /sys/class/net/$IF/address)"
# Make sure the module under test is the one we meant: ours is built out of
# tree, so the kernel marks it (and only it) with the O taint flag.
taint=$(cat "/sys/module/$MODNAME/taint" 2>/dev/null)
case $DRIVER:$taint in
ours:*O*) log "module $MODNAME is out of tree (taint '$taint'): ours" ;;
ours:*) fail "DRIVER=ours but module $MODNAME is not out of tree (taint '$taint')" ;;
*:*O*) fail "DRIVER=$DRIVER but module $MODNAME is out of tree (taint '$taint')" ;;
esac
# Installed as on a board (ARM images: make install, then modprobe): the
# lan743x modprobe resolves must be ours in updates/, not the in-tree
# module next to it, and the module file must say it is ours.
if [ "$MODLOAD" = modprobe ] && [ "$MODNAME" = lan743x ]; then
	file=$(modinfo -n lan743x 2>/dev/null)
	desc=$(modinfo -d lan743x 2>/dev/null)
	log "modprobe resolves lan743x to $file: $desc"
	case $DRIVER:$file in
	ours:*/updates/lan743x.ko) ;;
	ours:*) fail "modprobe lan743x resolves to '$file', not our updates/lan743x.ko" ;;
	*:*/updates/*) fail "DRIVER=$DRIVER but modprobe lan743x resolves to '$file'" ;;
	esac
	case $DRIVER:$desc in
	ours:"Microchip LAN7430/LAN7431 and PCI11010/PCI11414 PCIe Ethernet driver") ;;
	ours:*) fail "$file is not our driver (description '$desc')" ;;
	esac
fi
wait_carrier 1 30 || fail "no carrier 30 s after ifup (operstate $(cat /sys/class/net/$IF/operstate))"

info=$(ethtool "$IF") || fail "ethtool $IF failed"
echo "$info"
speed=$(echo "$info" | sed -n 's/^[[:space:]]*Speed: *//p')
duplex=$(echo "$info" | sed -n 's/^[[:space:]]*Duplex: *//p')
detected=$(echo "$info" | sed -n 's/^[[:space:]]*Link detected: *//p')
[ "$detected" = yes ] || fail "ethtool: link detected '$detected'"
want_speed=1000Mb/s
case $CONFIG in *-2500) want_speed=2500Mb/s ;; esac
[ "$speed" = "$want_speed" ] || fail "ethtool: speed '$speed', want $want_speed"
[ "$duplex" = Full ] || fail "ethtool: duplex '$duplex', want Full"

# The revision the model was asked for must be the one the driver saw
# (ID_REV's low 16 bits: 0x0000 = A0, 0x0010 = B0; a PCI11x1x's B0 is
# 0x00b0).  Ours logs it at
# probe ("LAN7431 rev 0010, MAC ..."; A0 adds "(A0 interrupt model)"),
# and must; the in-tree driver logs "ID_REV = 0x..." only with probe
# messages enabled, so for it the check runs when the line is there.
case $DRIVER in
ours)
	line=$(dmesg | grep -E "$IF: (LAN74|PCI11)[0-9]+ rev [0-9a-f]+" | tail -n 1)
	[ -n "$line" ] || [ "$REV" = any ] || fail "no 'LAN743x rev ...' probe message for $IF"
	idrev=
	[ -z "$line" ] || idrev=0x$(echo "$line" | sed -n 's/.* rev \([0-9a-f]*\).*/\1/p')
	case $line in
	*"(A0 interrupt model)"*) a0_model=1 ;;
	*) a0_model=0 ;;
	esac
	case $REV:$a0_model in
	a0:0 | b0:1) fail "probe says '${line#*: }', configuration asks for revision $REV" ;;
	esac
	;;
*) idrev=$(dmesg | sed -n 's/.*ID_REV = \(0x[0-9a-fA-F]*\).*/\1/p' | tail -n 1) ;;
esac
if [ -n "$idrev" ] && [ "$REV" != any ]; then
	want_b0=16
	case $CONFIG in p1*) want_b0=176 ;; esac
	case $REV:$((idrev & 0xffff)) in
	a0:0 | b0:$want_b0) log "ID_REV $idrev matches $REV" ;;
	*) fail "driver saw ID_REV $idrev, configuration asks for revision $REV" ;;
	esac
else
	log "revision not checked ($DRIVER logged no ID_REV)"
fi

mode=$(irq_mode)
log "interrupt mode: $mode (nvec $(ls /sys/class/net/$IF/device/msi_irqs 2>/dev/null | wc -l))"
grep -E "$IF|lan743x|e1000e" /proc/interrupts
case $IRQMODE in
any | "") ;;
*) [ "$mode" = "$IRQMODE" ] || fail "interrupt mode $mode, configuration wants $IRQMODE" ;;
esac

wait_peer 20 || fail "peer $PEER does not answer ping"
echo "link up ${want_speed%Mb/s}/Full, $mode interrupts, peer reachable"

# SPDX-License-Identifier: GPL-2.0
# Hot removal under traffic, and the chip added again.  The chip sits on a
# hot-plug capable PCIe root port (board "hotplug-port", the guest's
# native PCIe hot-plug, pciehp), iperf3 --bidir runs, and twice the chip
# goes away and comes back through QMP (the peer's REPLUG request):
#   surprise: the chip first stops answering as a pulled card does (the
#     model's DEAD fault: BAR0 reads all ones, no DMA, no interrupts) for
#     a second of traffic, then the slot loses it: the scenario switches
#     the port's slot power off behind pciehp's back, on which QEMU takes
#     the device out at once, and on again: pciehp finds presence lost on
#     a powered slot and removes the driver from a device that is gone
#     ("Card not present", the device marked disconnected); then
#     device_add puts a chip back (again should pciehp's power-off at
#     the end of the removal take it out: the peer's REPLUG)
#   orderly: device_del (the slot's attention button; pciehp removes the
#     driver after its 5 s, then powers the slot off), then device_add
# Each time: no oops, warning or hang (the kernel log is judged as for
# every scenario), the interface goes within 30 s; on the debug kernel
# DMA-API debugging holds no mapping of the device once it is gone
# (rings, buffers and pages freed; page_pool pages a socket still holds
# are the known limitation, counted as 18-reload-cycles does; so is
# lockdep's report on pciehp's own two locks, tests/README.md); the chip
# added again probes, gets its address, carrier and the peer back, and
# the iperf3 connection moves data both ways again, with a sha256-checked
# transfer each way.  The driver is then unloaded (debug-checks judges
# kmemleak on the debug kernel).  Debian's driver runs the same checks;
# libphy's warnings about its MDIO reads of the dead chip timing out (its
# known weakness, tests/README.md) are a baseline note for it, and would
# fail ours.
# board: hotplug-port
# sets: primary
# timeout: 300
# dmesg-allow: known:page-pool-unbind
# dmesg-allow: known:pciehp-reset-lock
# dmesg-allow: known:intree-phy-error

. /lib/lt/scenarios/lib-traffic.sh

[ -n "$QDEV" ] && [ -n "$QBUS" ] || skip "no QEMU ids for the chip and its port (board hotplug-port)"
PCI=$(pci_of_if)
RP=$(basename "$(readlink -f "/sys/bus/pci/devices/$PCI/..")")
[ -e "/sys/bus/pci/devices/$RP/subordinate_bus_number" ] ||
	fail "$PCI is not behind a PCIe port ($RP)"
[ -d /sys/bus/pci/slots/1 ] || [ -n "$(ls /sys/bus/pci/slots 2>/dev/null)" ] ||
	skip "no hot-plug slot: the guest's pciehp does not drive $RP"

EXP=$(pcie_cap "$RP") || fail "$RP has no PCI Express capability"
SLTCTL=$((EXP + 0x18))

trap 'iperf_stop >/dev/null' EXIT
cycles_begin
cycle_ready "before the removals"
nrm=0

# gone WHAT: the interface and the device leave the guest; on the debug
# kernel with our driver, DMA-API holds nothing of the device but what
# the known limitation explains
gone() {
	n=$((30 * 10 * TSCALE))
	while [ -e "/sys/class/net/$IF" ] || [ -e "/sys/bus/pci/devices/$PCI" ]; do
		[ $n -gt 0 ] || fail "$1: $IF or $PCI still there 30 s after the removal"
		usleep 100000
		n=$((n - 1))
	done
	if [ -r "$DMA_DUMP" ] && [ "$DRIVER" = ours ]; then
		rc_pci=$PCI rc_policy=$policy
		unbind_dma_check "$1" >/tmp/sr.out 2>&1 || fail "$(tail -n 1 /tmp/sr.out)"
	fi
	log "$1: $IF and $PCI gone"
}

# back WHAT: the chip added again probes and traffic resumes
back() {
	wait_if 60 || fail "$1: no interface 60 s after the removal"
	if_configure || fail "$1: configuring $IF failed"
	wait_carrier 1 30 || fail "$1: no carrier on $IF 30 s after it came back"
	wait_peer 20 || fail "$1: peer unreachable after the chip came back"
	[ "$(pci_of_if)" = "$PCI" ] || log "$1: the chip came back as $(pci_of_if)"
	PCI=$(pci_of_if)
	cycle_ready "$1: after the chip came back"
	nrm=$((nrm + 1))
	log "$1: $IF back, traffic and transfers fine"
}

# --- surprise removal ---
policy=$(rxp_flag rx-page-pool 2>/dev/null)
rc_since=$(dmesg | wc -l)
fault_reg
r=$(peer_cmd "REPLUG $QDEV $QBUS wait $((3000 * TSCALE))")
[ "$r" = OK ] || fail "peer refused REPLUG: $r"
fault_arm 1
# ID_REV (0x00) of a dead chip: all ones (else no fault register)
[ "$(devmem "$(bar0_of_if)" 32)" = 0xFFFFFFFF ] ||
	fail "the chip does not read all ones with the DEAD fault armed (x-faults=on?)"
log "chip dead (DEAD fault), traffic on for 1 s"
sleep 1
# Slot Control with power and indicator off (PCC, bit 10; PIC 9:8 = 11b)
# in one write: QEMU takes the device out at once.  Hot-plug interrupts
# (HPIE, bit 5) are off in the same write and the old value written back
# after it, so that pciehp hears of it only then and finds what a pulled
# card leaves: a powered slot without a card (with the power off it
# would take the slot for one it had disabled itself and remove nothing)
sltctl=$(cfg_rd "$RP" $SLTCTL 2)
cfg_ww "$RP" $SLTCTL $(((sltctl & ~0x20) | 0x700))
cfg_ww "$RP" $SLTCTL $sltctl
log "slot power switched off behind pciehp"
gone "surprise removal"
klog_since "$rc_since" | grep -E "Card not present|Link Down" >/dev/null ||
	fail "surprise removal: pciehp never saw the card go"
back "surprise removal"

# --- orderly removal (device_del) ---
policy=$(rxp_flag rx-page-pool 2>/dev/null)
rc_since=$(dmesg | wc -l)
r=$(peer_cmd "REPLUG $QDEV $QBUS del $((3000 * TSCALE))")
[ "$r" = OK ] || fail "peer refused REPLUG: $r"
gone "device_del"
back "device_del"

iperf_stop >/dev/null
reload_checked "unload after the removals" >/tmp/sr.out 2>&1 || fail "$(tail -n 1 /tmp/sr.out)"
echo "surprise removal and device_del under iperf3 --bidir, chip added again each time: $(cycles_summary)"

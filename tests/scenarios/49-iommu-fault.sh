# SPDX-License-Identifier: GPL-2.0
# The chip's DMA goes through the platform's IOMMU (board "iommu",
# tests/run iommu_props: q35 with intel-iommu on x86_64, virt with an
# SMMUv3 on arm64), in the kernel's strict DMA domain.  The interface
# passes checksummed traffic with the IOVAs the DMA API hands out; then a
# wrong IOVA, an address nothing maps for the device (busybox devmem on
# BAR0, iomem=relaxed), must fault in the IOMMU, which reports it, and
# reach nothing behind it:
#   - RX ring bases (RX_BASE_ADDR, 0xC48/0xC4C + 0x40 x channel: all
#     four, as RSS may put the pings in any) at the wrong IOVA: the
#     chip's descriptor read faults (the IOMMU reports a read at that
#     address); the model flags the read error as the chip does
#     (DMAC_RX_ERR_STS DESC_READ_ERR, DMA_GEN): our driver logs the DMA
#     error and resets the chip by itself; Debian's driver does not enable
#     that interrupt, its RX stops until the interface is brought down and
#     up, which must recover it;
#   - RX head write-backs (0xC50/0xC54 + 0x40 x channel) at the wrong
#     IOVA: the chip's write faults (the IOMMU reports a write at that
#     address); a posted write the chip never hears of, so the channel
#     stops until down/up.
# Without an IOMMU the same address is guest memory the chip would read
# and write: nothing faults and the scenario fails.
# board: iommu
# sets: primary arm
# timeout: 300

. /lib/lt/scenarios/lib-traffic.sh

mode=
for arg in $(cat /proc/cmdline); do
	case $arg in
	lt.iommu=*) mode=${arg#*=} ;;
	esac
done
[ -n "$mode" ] || fail "no lt.iommu on the command line: the guest has no IOMMU (board iommu missing?)"
pci=$(pci_of_if)
bar0=$(bar0_of_if)
grp=/sys/bus/pci/devices/$pci/iommu_group
[ -e "$grp" ] || fail "$pci is in no IOMMU group: its DMA does not go through an IOMMU"
if [ -e "$grp/type" ]; then
	type=$(cat "$grp/type")
	case $mode:$type in
	strict:DMA | lazy:DMA-FQ | default:DMA*) ;;
	*) fail "IOMMU group of $pci has domain type '$type', not the $mode DMA domain" ;;
	esac
	log "IOMMU group $(basename "$(readlink "$grp")"), domain $type"
fi

# The wrong IOVA: far below what the kernel's IOVA allocator hands out
# (top down from 4 GiB), inside the guest's RAM (from 0 on q35, from 1 GiB
# on virt) and outside the PCI host's windows (virt's 32-bit one starts at
# 256 MiB; the kernel reserves them in the IOVA space).
BAD=0x10000000 PAGE=10000
[ "$ARCH" = x86_64 ] || BAD=0x48000000 PAGE=48000

traffic() { # WHAT
	wait_peer 20 || fail "$1: peer unreachable"
	download_sha 1048576 >/tmp/io.out 2>&1 || fail "$1: download: $(tail -n 1 /tmp/io.out)"
	upload 1048576 >/tmp/io.out 2>&1 || fail "$1: upload: $(tail -n 1 /tmp/io.out)"
}

# iommu_fault MARK DIR: the IOMMU reported a DIR (read/write) fault in the
# page at $BAD since MARK (VT-d: "DMAR: [DMA Read ...] ... fault addr
# 0x10000000"; SMMUv3: "event 0x10 received" with the address, the
# descriptor's or the write-back's, in the event's third word).  Waits up
# to 20 s.
iommu_fault() {
	local i=0
	while [ $i -lt 20 ]; do
		ping -c 3 -i 0.1 -W 1 "$PEER" >/dev/null 2>&1
		if [ "$ARCH" = x86_64 ]; then
			klog_since "$1" | grep -iE "DMA $2.*fault addr (0x)?0*$PAGE[0-9a-f]{3}" >/dev/null && return 0
		else
			klog_since "$1" | grep "event 0x10 received" >/dev/null &&
				klog_since "$1" | grep -E "0x0*$PAGE[0-9a-f]{3}$" >/dev/null && return 0
		fi
		i=$((i + 1))
		sleep 1
	done
	return 1
}

# regs: the RX channel's registers and counters, for a failure's message
regs() {
	local r out=
	for r in 0xC0C 0xC48 0xC4C 0xC50 0xC54 0xC58 0xC5C 0xC60; do
		out="$out$r=$(devmem $((bar0 + r)) 32) "
	done
	echo "${out}rx_packets $(cat "/sys/class/net/$IF/statistics/rx_packets")"
}

# point OFF (0xC48: ring base, 0xC50: head write-back) of every RX
# channel at the wrong IOVA: RSS spreads frames over the channels by a
# key random per boot
point_all() {
	local ch
	for ch in 0 1 2 3; do
		devmem $((bar0 + $1 + 0x40 * ch)) 32 0 || return 1
		devmem $((bar0 + $1 + 4 + 0x40 * ch)) 32 $BAD || return 1
	done
}

reopen() { # WHAT
	ip link set "$IF" down && ip link set "$IF" up || fail "$1: down/up failed"
	if_configure >/dev/null 2>&1
	wait_carrier 1 30 || fail "$1: no carrier after down/up"
}

traffic "through the IOMMU"
log "traffic through the $mode IOMMU domain: ok"

# 1. descriptor read at the wrong IOVA
mark=$(klog_mark)
point_all 0xC48 || fail "devmem write to RX_BASE_ADDR failed (iomem=relaxed missing?)"
iommu_fault "$mark" read || fail "desc-read: the IOMMU reported no read fault at $BAD: $(regs); $(klog_since "$mark" | tail -n 3 | tr '\n' ' ')"
log "desc-read: the IOMMU faulted the read at $BAD"
if [ "$DRIVER" = ours ]; then
	i=0
	while ! klog_since "$mark" | grep -E "RX channel [0-3] DMA error 0x40, resetting" >/dev/null; do
		i=$((i + 1))
		[ $i -lt 20 ] || fail "desc-read: the model flagged no descriptor read error (no 'RX channel N DMA error 0x40, resetting')"
		sleep 1
	done
	wait_carrier 1 30 || fail "desc-read: no carrier after the reset"
	log "desc-read: the chip reported the read error, the driver reset it"
else
	reopen desc-read
fi
traffic desc-read

# 2. head write-back to the wrong IOVA
mark=$(klog_mark)
point_all 0xC50 || fail "devmem write to RX_HEAD_WB_ADDR failed"
iommu_fault "$mark" write || fail "head-wb: the IOMMU reported no write fault at $BAD: $(regs); $(klog_since "$mark" | tail -n 3 | tr '\n' ' ')"
log "head-wb: the IOMMU faulted the write at $BAD"
reopen head-wb
traffic head-wb
log "IOMMU ($mode): traffic, a faulted read and a faulted write at a wrong IOVA, recovery"

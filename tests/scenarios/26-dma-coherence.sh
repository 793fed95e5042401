# SPDX-License-Identifier: GPL-2.0
# The guest's DMA is what the board is meant to have (lt.dma from
# tests/run): coherent on x86, NOT coherent on the ARM guests, whose
# device tree has the PCIe host's dma-coherent property removed so that
# every map and sync does cache maintenance, as on i.MX6 and most arm64
# boards.  Proven twice where possible: the device tree has no
# dma-coherent on the pcie@ node, and our driver, which asks the DMA API
# (dev_is_dma_coherent()), reads N in debugfs and said so at probe.  An
# ARM guest that silently became coherent would test nothing the driver
# exists for.
# sets: quick core full arm arm-intree
# timeout: 60

checked=
if [ -d /proc/device-tree ]; then
	set -- /proc/device-tree/pcie@*
	[ -e "$1" ] || fail "device tree has no pcie@ node"
	for n in "$@"; do
		if [ -e "$n/dma-coherent" ]; then
			[ "$EXPECT_DMA" = coherent ] ||
				fail "${n#/proc/device-tree/} has dma-coherent: the guest is meant to be non-coherent"
			log "${n#/proc/device-tree/}: dma-coherent"
		else
			[ "$EXPECT_DMA" = noncoherent ] ||
				fail "${n#/proc/device-tree/} lacks dma-coherent: the guest is meant to be coherent"
			log "${n#/proc/device-tree/}: no dma-coherent property"
		fi
	done
	checked="device tree"
elif [ "$EXPECT_DMA" != coherent ]; then
	fail "no device tree, yet the guest is meant to be non-coherent"
fi

if [ "$DRIVER" = ours ]; then
	pci=$(pci_of_if)
	f=/sys/kernel/debug/lan743x/$pci/dma_coherent
	[ -r "$f" ] || fail "no $f (debugfs not mounted, or not our driver?)"
	v=$(cat "$f")
	log "$f: $v"
	case $EXPECT_DMA:$v in
	coherent:Y | noncoherent:N) ;;
	*) fail "our driver sees dma_coherent=$v on $pci, the guest is meant to be $EXPECT_DMA" ;;
	esac
	want="DMA coherent"
	[ "$EXPECT_DMA" = coherent ] || want="DMA non-coherent"
	dmesg | grep "$pci" | grep "$want" >/dev/null ||
		fail "no probe message ending in '$want' for $pci"
	checked="${checked:+$checked, }driver (debugfs and probe message)"
fi
[ -n "$checked" ] || skip "nothing to check: no device tree on x86, and the $DRIVER driver does not report coherence"
echo "DMA is $EXPECT_DMA as meant: $checked"

# Devices built into our qemu-system-aarch64: the `virt` board (PCIe host,
# GICv2m/GICv3 ITS for MSI/MSI-X) with our model on its PCIe bus; virtio-serial
# carries the test harness's result channel (virt has one UART).
# ARM_V7M and the semihosting symbols are needed for the target to link
# with --without-default-devices; GICV3_TCG for gic-version=3.
CONFIG_ARM_VIRT=y
CONFIG_ARM_V7M=y
CONFIG_SEMIHOSTING=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y
CONFIG_ARM_GICV3_TCG=y
CONFIG_PCIE_PORT=y
CONFIG_VIRTIO_PCI=y
CONFIG_VIRTIO_NET=y
CONFIG_VIRTIO_SERIAL=y
CONFIG_LAN743X=y

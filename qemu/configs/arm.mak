# Devices built into our qemu-system-arm: the `virt` board (ARMv7-A guests
# such as Debian's armmp kernel) with our model on its PCIe bus, and the
# i.MX7D SABRE board (Cortex-A7, DesignWare PCIe host: the i.MX6 family's
# PCIe controller). ARM_V7M and semihosting: see aarch64.mak.
CONFIG_ARM_VIRT=y
CONFIG_FSL_IMX7=y
CONFIG_ARM_V7M=y
CONFIG_SEMIHOSTING=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y
CONFIG_ARM_GICV3_TCG=y
CONFIG_PCIE_PORT=y
CONFIG_VIRTIO_PCI=y
CONFIG_VIRTIO_NET=y
CONFIG_VIRTIO_SERIAL=y
CONFIG_LAN743X=y

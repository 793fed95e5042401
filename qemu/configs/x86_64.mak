# Devices built into our qemu-system-x86_64 (configure --without-default-devices
# --with-devices-x86_64=lan743x). Boards select what they need.
CONFIG_I440FX=y
CONFIG_Q35=y
CONFIG_PCIE_PORT=y
CONFIG_VGA_PCI=y
CONFIG_E1000_PCI=y
CONFIG_E1000E_PCI_EXPRESS=y
CONFIG_VIRTIO_PCI=y
CONFIG_VIRTIO_NET=y
CONFIG_VIRTIO_BLK=y
CONFIG_VIRTIO_SERIAL=y
CONFIG_VIRTIO_RNG=y
CONFIG_LAN743X=y

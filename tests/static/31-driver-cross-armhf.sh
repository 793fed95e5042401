#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Cross build for 32-bit ARM (NET_IP_ALIGN = 2, 32-bit dma_addr_t on
# non-LPAE) against Debian's 6.1 armmp headers, W=1 and sparse, no warning.
# Exit 0 = pass, else the reason is printed last.
check=31-driver-cross-armhf
. "$(dirname "$0")/driver-build.inc"

command -v arm-linux-gnueabihf-gcc >/dev/null || fail "gcc-arm-linux-gnueabihf missing"
driver_build ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-

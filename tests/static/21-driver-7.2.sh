#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The driver builds against Debian sid's 7.2 headers for amd64, arm64 and
# armhf (armmp) with gcc-16, the compiler that kernel was built with, in a
# sid chroot (scripts/kernel-build), W=1 and sparse, without a warning;
# every compat probe finds what its version says.  Exit 0 = pass,
# else the reason is printed last.
check=21-driver-7.2
. "$(dirname "$0")/driver-build.inc"

# make check: amd64 (the i.MX6's armhf builds there against 5.10 and
# 6.1); every architecture with LAN743X_ALL_ARCHES=1 (make check-full)
driver_build_kernel_arches 7.2 amd64 "amd64 arm64 armhf"

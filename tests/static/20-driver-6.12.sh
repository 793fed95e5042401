#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The driver builds against Debian's 6.12 headers from bookworm-backports
# (unpacked by scripts/fetch-headers, not installed, gcc-12) and from trixie
# for amd64, arm64 and armhf (in its chroot, scripts/kernel-build, gcc-14:
# sparse too, which parses 6.12's headers) with W=1 and sparse and
# without a warning; every compat probe finds what its version says.
# Exit 0 = pass, else the reason is printed last.
check=20-driver-6.12
. "$(dirname "$0")/driver-build.inc"

kdir=$("$root/scripts/fetch-headers" 6.12) || fail "cannot fetch the 6.12 headers"
driver_build KDIR="$kdir"
probe_check "${kdir##*/linux-headers-}" "$built/compat-probed.h"

# and trixie's 6.12, with the gcc-14 it was built with, for every
# architecture with LAN743X_ALL_ARCHES=1 (make check-full); none in make
# check, where 7.3 builds with trixie's gcc-14 and the headers above are
# 6.12's (the guests' kernel)
driver_build_kernel_arches 6.12 "" "amd64 arm64 armhf"

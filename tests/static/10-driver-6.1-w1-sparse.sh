#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The driver builds against the guest kernel's headers (Debian 6.1,
# linux-headers-amd64) with W=1 and sparse (C=2, endianness included) and
# without a single warning.  Exit 0 = pass, else the reason is printed last.
check=10-driver-6.1-w1-sparse
. "$(dirname "$0")/driver-build.inc"

kver=$("$root"/scripts/debian-abi --host)-amd64 ||
	fail "linux-headers-amd64 is not installed"
[ -d "/lib/modules/$kver/build" ] || fail "/lib/modules/$kver/build missing"
driver_build KDIR="/lib/modules/$kver/build"
probe_check "$kver" "$built/compat-probed.h"

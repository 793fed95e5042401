#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The driver builds against the guest kernel's headers (Debian 6.1,
# linux-headers-amd64) with W=1 and sparse (C=2, endianness included) and
# without a single warning.  Exit 0 = pass, else the reason is printed last.
check=10-driver-6.1-w1-sparse
. "$(dirname "$0")/driver-build.inc"

kver=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null |
	sed -nE 's/.*linux-headers-([^ ,]+).*/\1/p')
[ -n "$kver" ] || fail "linux-headers-amd64 is not installed"
[ -d "/lib/modules/$kver/build" ] || fail "/lib/modules/$kver/build missing"
driver_build KDIR="/lib/modules/$kver/build"

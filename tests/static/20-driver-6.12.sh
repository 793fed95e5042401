#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The driver builds against Debian's 6.12 headers from bookworm-backports
# (unpacked by scripts/fetch-headers, not installed) with W=1 and sparse and
# without a warning.  Exit 0 = pass, else the reason is printed last.
check=20-driver-6.12
. "$(dirname "$0")/driver-build.inc"

kdir=$("$root/scripts/fetch-headers" 6.12) || fail "cannot fetch the 6.12 headers"
driver_build KDIR="$kdir"
probe_check "${kdir##*/linux-headers-}" "$built/compat-probed.h"

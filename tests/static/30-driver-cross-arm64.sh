#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Cross build for arm64 against Debian's 6.1 arm64 headers (the Makefile
# fetches them with scripts/fetch-headers), W=1 and sparse, no warning.
# Exit 0 = pass, else the reason is printed last.
check=30-driver-cross-arm64
. "$(dirname "$0")/driver-build.inc"

command -v aarch64-linux-gnu-gcc >/dev/null || fail "gcc-aarch64-linux-gnu missing"
driver_build ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The driver builds against the 7.3 headers of trixie-backports for amd64
# and arm64 with gcc-14, the compiler that kernel was built with, in a
# trixie chroot (scripts/kernel-build), W=1, without a warning; every
# compat probe finds what its version says.  Sparse is sid's (0.6.5~rc1,
# which needs only a libc trixie has): trixie's 0.6.4 cannot parse 7.x's
# __typeof_unqual__.  armhf: the archive lists 7.3's armmp packages
# but serves none of them (404, December 2026), so 7.x armhf is
# 21-driver-7.2's.  Exit 0 = pass, else the reason is printed last.
check=22-driver-7.3
. "$(dirname "$0")/driver-build.inc"

sparse_from=7.2
# make check: amd64; arm64 too with LAN743X_ALL_ARCHES=1 (make check-full)
driver_build_kernel_arches 7.3 "amd64" "amd64 arm64"

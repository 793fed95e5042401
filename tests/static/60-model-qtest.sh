#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Register-level tests of the QEMU model (qemu/tests/model-test.py) through
# the qtest protocol, no guest kernel.  Builds QEMU first (cached).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! out=$(make -s qemu 2>&1); then
	echo "$out" | tail -n 5
	echo "make qemu failed"
	exit 1
fi
python3 qemu/tests/model-test.py

# SPDX-License-Identifier: GPL-2.0
# The benchmark's instruction counter end to end, for
# tests/static/65-insns-plugin.sh, which boots this guest with QEMU's
# plugin qemu/plugins/lan743x-insns.c and judges the plugin's log: four
# windows opened and closed by lt-mark around a busy loop of 0, N, 2N and
# 3N iterations, then one stray close.  Here only the marks run.
# sets: plugin
# timeout: 600

mark=/lib/lt/lt-mark
busy() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) s += i; exit s < 0 }'; }

[ -x $mark ] || fail "no $mark in the image"
# Warm up: the first run of awk pays for faulting busybox in.
busy 1000
$mark start && $mark stop || fail "lt-mark failed"
for n in 50000 100000 150000; do
	$mark start
	busy $n
	$mark stop
done
# Must be reported, not counted: a close with no open window.
$mark stop
$mark bogus 2>/dev/null && fail "lt-mark accepted 'bogus'"
echo "4 windows marked (0, 50000, 100000, 150000 iterations) and a stray close"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The instruction counter of make bench (qemu/plugins/lan743x-insns.c and
# tests/guest/lt-mark.c), for real: boots a guest with the plugin loaded,
# runs scenario 91-insns-plugin (windows around 0, N, 2N and 3N iterations
# of a loop, then a stray close) and checks the plugin's log: every window
# reported, the stray close warned about, the empty window small, and the
# counts linear in N (equal steps within 3%), which they are only if the
# windows open and close where the guest marks them.  The plugin's
# per-block profile (profile=FILE, for scripts/lan743x-profile) must add up
# to the same instructions as the windows (within 1%).
# The guest runs at board speed (--icount 3, one vCPU), as make bench runs
# it: its timer ticks then come per instruction, not per host second, and
# a loaded host no longer adds ticks to the longer windows (without it, a
# host running other guests beside this one pushed the steps 3.6 % apart).
# With one vCPU this no longer shows that a second vCPU's instructions are
# counted too (BENCH_ICOUNT=off runs two).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)

tmp=$(mktemp -d /tmp/insns-plugin.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "65-insns-plugin: $*"; exit 1; }

if ! out=$(make -s -C "$top" qemu 2>&1); then
	echo "$out" | tail -n 5
	fail "make qemu failed"
fi
plugin=$top/build/qemu/lib/liblan743x-insns.so
[ -e "$plugin" ] || fail "make qemu left no ${plugin#$top/}"

log=$tmp/plugin.log
LT_OUT=$tmp/tests "$top"/tests/run --no-static --driver intree --config b0-msix --icount 3 \
	--qemu-arg -plugin --qemu-arg "$plugin,out=$log,profile=$tmp/blocks.txt" insns-plugin \
	>"$tmp/run.log" 2>&1 ||
	{ grep -E '^(FAIL|PASS)' "$tmp/run.log" | tail -n 5; fail "guest run failed"; }
[ -s "$log" ] || fail "the plugin wrote no log"

mapfile -t w < <(awk '$1 == "window" { print $3 }' "$log")
[ ${#w[@]} -eq 4 ] || { cat "$log"; fail "${#w[@]} windows reported, expected 4"; }
grep -q '^warning: close without open' "$log" || fail "stray close not reported"
grep -q '^total [0-9]* windows 4$' "$log" || fail "no exit summary (plugin atexit)"
# An empty window holds the exec of lt-mark stop only.
[ "${w[0]}" -lt 2000000 ] || fail "empty window counted ${w[0]} instructions"
s1=$((w[2] - w[1])) s2=$((w[3] - w[2]))
[ $s1 -gt 1000000 ] || fail "50000 more iterations counted only $s1 instructions"
diff=$((s1 > s2 ? s1 - s2 : s2 - s1))
[ $((diff * 100)) -le $((s1 * 3)) ] ||
	fail "not linear: steps of $s1 and $s2 instructions (windows ${w[*]})"
[ -s "$tmp/blocks.txt" ] || fail "profile=FILE: no block profile written"
win=$((w[0] + w[1] + w[2] + w[3]))
prof=$(awk '{ s += $3 } END { printf "%d", s }' "$tmp/blocks.txt")
pdiff=$((prof > win ? prof - win : win - prof))
[ $((pdiff * 100)) -le "$win" ] ||
	fail "block profile adds up to $prof instructions, the windows to $win"
echo "65-insns-plugin: ok (windows ${w[*]}; steps $s1 and $s2 instructions per 50000 iterations; block profile $prof of $win)"

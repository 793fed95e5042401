#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The cache maintenance counter of make bench on the ARM guests, for real:
# boots the arm64 and then the armhf guest (Debian's kernel, the in-tree
# lan743x, no swiotlb, a PCIe host without dma-coherent) with the plugin
# qemu/plugins/lan743x-insns.c loaded, runs scenario 92-cacheops-plugin
# (windows around 50000, 100000 and 150000 iterations of a loop, then
# around a 2 MiB TCP receive) and checks the plugin's log per guest:
#   - the computation windows have next to no DMA cache maintenance
#     (< 200 lines: a stray frame from the peer is allowed) and their
#     instruction counts step equally (within 3%).  One vCPU, as in the
#     bench's counted pass: with two, on a loaded host, one vCPU spins on
#     locks the other holds while descheduled, and the steps vary by 10%;
#   - the transfer window invalidated at least one line per 64 bytes
#     received (the DMA API's sync for the CPU; on ARMv7 without the
#     conditional operations, which may not have executed) and cleaned
#     some (the ACKs sent, and on arm64 the buffers given to the device).
# About a minute per guest.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)

tmp=$(mktemp -d /tmp/cacheops-guest.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "67-cacheops-guest: $*"; exit 1; }

if ! out=$(make -s -C "$top" qemu 2>&1); then
	echo "$out" | tail -n 5
	fail "make qemu failed"
fi
plugin=$top/build/qemu/lib/liblan743x-insns.so
[ -e "$plugin" ] || fail "make qemu left no ${plugin#$top/}"

summary=
for arch in arm64 armhf; do
	log=$tmp/$arch.log
	LT_OUT=$tmp/$arch "$top"/tests/run --arch $arch --smp 1 --no-static --no-swiotlb --keep \
		--driver intree --config b0-msix \
		--qemu-arg -plugin --qemu-arg "$plugin,out=$log" cacheops-plugin \
		>"$tmp/$arch-run.log" 2>&1 ||
		{ grep -E '^(FAIL|PASS)' "$tmp/$arch-run.log" | tail -n 5; fail "$arch guest run failed"; }
	[ -s "$log" ] || fail "$arch: the plugin wrote no log"
	rx=$(tr -d '\r' <"$tmp/$arch/intree/b0-msix/console.log" |
		awk '$1 == "rx_bytes" { print $2 }' | tail -n 1)
	[ -n "$rx" ] && [ "$rx" -gt 2000000 ] || fail "$arch: received '$rx' bytes, expected 2 MiB"
	# per window: instructions, DMA lines invalidated, of which conditional,
	# lines cleaned
	mapfile -t w < <(awk '$1 == "window" {
		inv = cond = clean = 0
		for (i = 4; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] ~ /^(dc_ivac|dc_civac|dcimvac|dccimvac)$/) inv += kv[2]
			if (kv[1] ~ /^(dcimvac|dccimvac)_cond$/) cond += kv[2]
			if (kv[1] ~ /^(dc_cvac|dccmvac)$/) clean += kv[2]
		}
		print $3, inv, cond, clean
	}' "$log")
	[ ${#w[@]} -eq 4 ] || { cat "$log"; fail "$arch: ${#w[@]} windows reported, expected 4"; }
	read -r i1 v1 _ c1 <<<"${w[0]}"
	read -r i2 v2 _ c2 <<<"${w[1]}"
	read -r i3 v3 _ c3 <<<"${w[2]}"
	read -r _ vt ct lt <<<"${w[3]}"
	for v in $((v1 + c1)) $((v2 + c2)) $((v3 + c3)); do
		[ "$v" -lt 200 ] || fail "$arch: $v DMA cache lines maintained around pure computation (windows: ${w[*]})"
	done
	s1=$((i2 - i1)) s2=$((i3 - i2))
	[ $s1 -gt 1000000 ] || fail "$arch: 50000 more iterations counted only $s1 instructions"
	diff=$((s1 > s2 ? s1 - s2 : s2 - s1))
	[ $((diff * 100)) -le $((s1 * 3)) ] ||
		fail "$arch: not linear: steps of $s1 and $s2 instructions"
	[ $((vt - ct)) -ge $((rx / 64)) ] ||
		fail "$arch: $((vt - ct)) lines invalidated for $rx bytes received, expected >= $((rx / 64))"
	[ "$lt" -gt 0 ] || fail "$arch: no line cleaned around the transfer"
	summary+=" $arch: steps $s1/$s2 insns, $rx B received, $vt lines invalidated ($ct conditional), $lt cleaned;"
done
echo "67-cacheops-guest: ok (${summary% ;})"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The cache maintenance counter of qemu/plugins/lan743x-insns.c, decoder
# by decoder: two bare-metal programs (no kernel, a few seconds) run on
# QEMU's virt board with the plugin and execute known numbers of each
# kind between its window markers:
#   - AArch64 (cpu max, which has DC CVAP/CVADP): every DC by-VA kind ten
#     times in a loop with varying Rt, then a window of pure arithmetic;
#   - ARMv7 (cortex-a15): DCIMVAC, DCCIMVAC, DCCMVAC, DCCMVAU in A32, two of
#     them conditional (one passing, one not), and v7_dma_inv_range's loop
#     over four lines, then the same four in T32 with IT blocks, opened and
#     closed by the T32 markers.
# Every count must be exact, conditional ones included (the plugin counts a
# conditional operation whether or not it executes, and those that may not
# have executed apart: all but a loop head that begins a block).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)

tmp=$(mktemp -d /tmp/cacheops-decode.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "66-cacheops-decode: $*"; exit 1; }

if ! out=$(make -s -C "$top" qemu 2>&1); then
	echo "$out" | tail -n 5
	fail "make qemu failed"
fi
plugin=$top/build/qemu/lib/liblan743x-insns.so
bin=$top/build/qemu/bin
for c in aarch64-linux-gnu-gcc arm-linux-gnueabihf-gcc; do
	command -v $c >/dev/null || fail "no $c (scripts/install-deps)"
done

cat >"$tmp/a64.S" <<'EOF'
	.globl	_start
_start:
	mov	x1, #0x40000000
	mov	x2, #10
	hint	#76
1:	dc	ivac, x1
	dc	civac, x3
	dc	cvac, x5
	dc	cvau, x30
	sys	#3, c7, c12, 1, x1	// dc cvap
	sys	#3, c7, c13, 1, x2	// dc cvadp
	subs	x2, x2, #1
	b.ne	1b
	hint	#77
	mov	x2, #1000
	hint	#76
2:	subs	x2, x2, #1
	b.ne	2b
	hint	#77
	movz	w0, #0x0008		// PSCI SYSTEM_OFF
	movk	w0, #0x8400, lsl #16
	hvc	#0
3:	b	3b
EOF
cat >"$tmp/a32.S" <<'EOF'
	.syntax	unified
	.arch	armv7-a
	.arch_extension virt
	.arm
	.globl	_start
_start:
	mov	r0, #0x40000000
	movs	r1, #0			@ Z set
	.inst	0xe320f04c		@ open (A32)
	mcr	p15, 0, r0, c7, c6, 1	@ DCIMVAC
	mcrne	p15, 0, r2, c7, c14, 1	@ DCCIMVAC, not executed
	mcreq	p15, 0, r3, c7, c10, 1	@ DCCMVAC, executed
	mcr	p15, 0, r4, c7, c11, 1	@ DCCMVAU
	mov	r2, r0			@ v7_dma_inv_range's loop, 4 lines
	add	r3, r0, #256
	cmp	r2, r3
1:	mcrlo	p15, 0, r2, c7, c6, 1	@ first pass: mid-block, uncertain
	addlo	r2, r2, #64
	cmplo	r2, r3
	blo	1b			@ later passes begin a block: certain
	.inst	0xe320f04d		@ close (A32)
	adr	r2, thumb + 1
	bx	r2
	.thumb
	.align	2
thumb:
	.inst.w	0xf3af804c		@ open (T32)
	cmp	r1, #0
	it	ne
	mcrne	p15, 0, r0, c7, c6, 1
	mcr	p15, 0, r5, c7, c14, 1
	ite	eq
	mcreq	p15, 0, r6, c7, c10, 1
	mcrne	p15, 0, r7, c7, c11, 1
	mcr	p15, 0, r8, c7, c11, 1
	.inst.w	0xf3af804d		@ close (T32)
	ldr	r0, =0x84000008		@ PSCI SYSTEM_OFF
	hvc	#0
2:	b	2b
EOF
ldopts=(-nostdlib -static -Wl,-N -Wl,--build-id=none)
aarch64-linux-gnu-gcc "${ldopts[@]}" -Wl,-Ttext=0x40080000 -o "$tmp/a64.elf" "$tmp/a64.S" 2>"$tmp/cc.log" &&
	arm-linux-gnueabihf-gcc "${ldopts[@]}" -Wl,-Ttext=0x40010000 -o "$tmp/a32.elf" "$tmp/a32.S" 2>>"$tmp/cc.log" ||
	{ cat "$tmp/cc.log"; fail "cannot build the test programs"; }

run() { # QEMU MACHINE CPU ELF LOG
	timeout 60 "$bin/$1" -M "$2" -cpu "$3" -smp 2 -display none -monitor none \
		-serial none -kernel "$4" -plugin "$plugin,out=$5" ||
		fail "$1 did not power off (log: $(cat "$5" 2>/dev/null))"
}
run qemu-system-aarch64 virt max "$tmp/a64.elf" "$tmp/a64.log"
run qemu-system-arm virt,highmem=off cortex-a15 "$tmp/a32.elf" "$tmp/a32.log"

# expect LOG N "FIELDS": window N has exactly these KIND=COUNT fields
expect() {
	local line f
	line=$(awk -v n="$2" '$1 == "window" && $2 == n' "$1")
	[ -n "$line" ] || { cat "$1"; fail "no window $2 in ${1##*/}"; }
	for f in $3; do
		case " $line " in
		*" $f "*) ;;
		*) fail "${1##*/} window $2: expected $f in '$line'" ;;
		esac
	done
}
expect "$tmp/a64.log" 1 "dc_ivac=10 dc_civac=10 dc_cvac=10 dc_cvau=10 dc_cvap=10 dc_cvadp=10 dc_zva=0"
expect "$tmp/a64.log" 2 "dc_ivac=0 dc_civac=0 dc_cvac=0 dc_cvau=0 dc_cvap=0 dc_cvadp=0"
expect "$tmp/a32.log" 1 "dcimvac=5 dccimvac=1 dccmvac=1 dccmvau=1 dcimvac_cond=1 dccimvac_cond=1 dccmvac_cond=1 dccmvau_cond=0"
expect "$tmp/a32.log" 2 "dcimvac=1 dccimvac=1 dccmvac=1 dccmvau=2 dcimvac_cond=1 dccimvac_cond=0 dccmvac_cond=1 dccmvau_cond=1"
# The arithmetic window: 1000 iterations of two instructions (the count is
# per translated block, so the blocks around the markers add a few).
n=$(awk '$1 == "window" && $2 == 2 { print $3 }' "$tmp/a64.log")
[ "$n" -ge 2000 ] && [ "$n" -le 2020 ] || fail "arithmetic window counted $n instructions, expected 2000..2020"
echo "66-cacheops-decode: ok (AArch64 six DC kinds x 10, A32 and T32 four MCR kinds with conditional ones; $n instructions for 2000)"

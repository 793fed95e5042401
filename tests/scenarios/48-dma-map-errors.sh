# SPDX-License-Identifier: GPL-2.0
# DMA mapping errors under traffic.  The kernel has no fault injection
# for the DMA API, and Debian's kernel has no fault injection at all;
# what makes a streaming map fail on a real system is a full bounce
# buffer.  The board "swiotlb-small" boots with swiotlb=1024,force: every
# streaming mapping bounces through a pool of 1024 slots of 2 KiB
# (2 MiB), of which the RX rings hold half at rest and TCP's frames in
# flight want more (2300-2800 slots under iperf3 --bidir with the
# default pool).  The kernel's count of failed maps comes from a
# kretprobe on swiotlb_tbl_map_single (tracefs; nothing else in the
# guest maps through the pool), the driver's from ethtool -S.  Our
# driver runs the MTU-sized buffer policy (rx-page-pool off: one map per
# refilled RX buffer, so every failed map is one the driver saw;
# page_pool maps its pages in batches and keeps them mapped while they
# are cached) with a TX ring of 512:
#   sending (iperf3 -P 4 to the peer, MTU 1500; the ACKs coming back are
#     copied, copybreak, and need no new mapping): tx0_map_err moves by
#     exactly the kernel's count, rx_buf_alloc_fail not at all;
#   both ways (iperf3 -P 4 --bidir, MTU 4000 on both ends, RX ring 64):
#     tx0_map_err + rx_buf_alloc_fail move by exactly the kernel's count
#     (RX refills have rarely failed here: the refill maps one slot and
#     the buffer it replaces gives one back; 35-rx-faults fails refills
#     on the debug kernel);
# each with at least one failure, after each a sha256-checked transfer
# each way (4 MiB) through the same pool.  At the end the driver is
# unloaded and the pool must drain to 0 within 30 s (a mapping forgotten
# on an error path stays for good), and the driver loads again.
# On a kernel without kprobe events (the debug kernel) the driver's
# counts stand in for the kernel's, DMA-API debugging and kmemleak judge
# the error paths, and a run in which nothing failed (KASAN's guest may
# be too slow to overflow the pool) is a SKIP.
# Debian's driver: the same traffic, transfers and drain; it counts no
# map errors; where its traffic or transfers fail (seen once in two
# runs: iperf3 --bidir at MTU 4000 stalled for two minutes) that is
# reported (@@NOTE baseline), not judged.
# board: swiotlb-small
# dmesg-allow: swiotlb buffer is full
# sets: faults
# timeout: 900

. /lib/lt/scenarios/lib-traffic.sh

dbg=/sys/kernel/debug
tr=/sys/kernel/tracing
[ -d $dbg/swiotlb ] || mount -t debugfs debugfs $dbg 2>/dev/null
[ -f $dbg/swiotlb/io_tlb_used ] || fail "no swiotlb in debugfs"
[ -d $tr/events ] || mount -t tracefs tracefs $tr 2>/dev/null
# without kprobe events (the debug kernel) the kernel's count is missing:
# the driver's counts must then show failures, the rest is judged as usual
kp=1
[ -w $tr/kprobe_events ] || kp=0
grep -w force /proc/cmdline >/dev/null || fail "not booted with swiotlb=...,force"
nslabs=$(cat $dbg/swiotlb/io_tlb_nslabs)
[ "$nslabs" -le 2048 ] || fail "swiotlb has $nslabs slots: board swiotlb-small should give 1024"
used() { cat $dbg/swiotlb/io_tlb_used; }

# kernel_fails: streaming maps that failed since kprobe_arm
kprobe_arm() {
	[ $kp = 1 ] || return 0
	echo 0 >$tr/tracing_on
	[ ! -d $tr/events/kprobes/ltmap ] || echo 0 >$tr/events/kprobes/ltmap/enable
	echo >$tr/kprobe_events
	# shellcheck disable=SC2016 # $retval is the kprobe's, not the shell's
	echo 'r:ltmap swiotlb_tbl_map_single ret=$retval:x64' >$tr/kprobe_events ||
		fail "cannot place a kretprobe on swiotlb_tbl_map_single"
	echo 'ret == 0xffffffffffffffff' >$tr/events/kprobes/ltmap/filter ||
		fail "cannot filter the kretprobe"
	echo 4096 >$tr/buffer_size_kb
	echo >$tr/trace
	echo 1 >$tr/events/kprobes/ltmap/enable
	echo 1 >$tr/tracing_on
}
kernel_fails() {
	if [ $kp = 1 ]; then grep -c ' ltmap: ' $tr/trace; else echo 0; fi
}
kernel_calls() {
	if [ $kp = 1 ]; then awk '$1 == "ltmap" { print $2 }' $tr/kprobe_profile; else echo 0; fi
}
kprobe_off() {
	[ $kp = 1 ] || return 0
	[ ! -d $tr/events/kprobes/ltmap ] || echo 0 >$tr/events/kprobes/ltmap/enable
	echo >$tr/kprobe_events 2>/dev/null
}

trap 'iperf_stop >/dev/null; kprobe_off' EXIT
ours=0
[ "$DRIVER" = ours ] && ours=1
wait_peer 20 || fail "peer unreachable"
if [ $ours = 1 ]; then
	rxp_only_ours
	rxp_reset
fi
kprobe_arm
[ "$(kernel_fails)" = 0 ] || fail "maps fail at rest: $(kernel_fails)"
log "swiotlb: $nslabs slots, $(used) in use at rest"

# judged IS-OK WHAT: our driver fails on WHAT; Debian's gets a note
notes=0
judged() {
	[ "$1" = 0 ] && return 0
	[ $ours = 1 ] && fail "$2"
	log "baseline $DRIVER: $2"
	echo "@@NOTE $SCENARIO baseline (not judged): $2" >"${RESULTS_TTY:-/dev/null}"
	notes=$((notes + 1))
}

counts() {
	if [ $ours = 1 ]; then
		echo "$(ethstat tx0_map_err) $(ethstat rx_buf_alloc_fail) $(ethstat rx_drop_alloc_fail)"
	else
		echo "0 0 0"
	fi
}

# phase NAME JUDGE IPERF-ARGS...: iperf3 for 15 s, then compare the
# kernel's failed maps K (> 0) with the driver's TX (T) and RX (R)
# counts: JUDGE tx (K = T, R = 0) or both (K = T + R)
phase() {
	name=$1 judge=$2
	shift 2
	read -r t0 r0 d0 <<-EOT
		$(counts)
	EOT
	k0=$(kernel_fails)
	c0=$(kernel_calls)
	echo "- -" >/tmp/dm.rate
	iperf_run -t 15 "$@" >/tmp/dm.rate 2>/tmp/dm.err
	judged $? "$name: iperf3 failed: $(grep -v '^ *$' /tmp/dm.err | tail -n 1)"
	# let the frames in flight complete before counting
	sleep 1
	log "$name: $(used) slots in use after the traffic, $rest at rest before"
	k=$(($(kernel_fails) - k0))
	calls=$(($(kernel_calls) - c0))
	read -r t1 r1 d1 <<-EOT
		$(counts)
	EOT
	t=$((t1 - t0)) r=$((r1 - r0)) d=$((d1 - d0))
	if [ $kp = 0 ] && [ $ours = 1 ]; then
		# the driver's counts stand in for the kernel's
		k=$((t + r))
	fi
	[ "$k" -gt 0 ] || [ $ours = 0 ] || [ $kp = 0 ] ||
		fail "$name: no map failed in $calls maps (pool too large for the traffic?)"
	total=$((total + k))
	msg="$name: $(cut -d' ' -f1 /tmp/dm.rate) Mbit/s, $k of $calls maps failed"
	if [ $ours = 1 ]; then
		msg="$msg; tx0_map_err +$t, rx_buf_alloc_fail +$r, rx_drop_alloc_fail +$d"
		if [ "$judge" = tx ]; then
			if [ "$t" != "$k" ] || [ "$r" != 0 ]; then
				fail "$msg: want tx0_map_err +$k, rx_buf_alloc_fail +0"
			fi
		elif [ $((t + r)) != "$k" ]; then
			fail "$msg: want tx0_map_err + rx_buf_alloc_fail = +$k"
		fi
	fi
	log "$msg"
	metric "${name}_map_fails" "$k" maps
	download_sha 4194304 >/tmp/dm.out 2>&1
	judged $? "after $name: $(tail -n 1 /tmp/dm.out)"
	upload 4194304 >/tmp/dm.out 2>&1
	judged $? "after $name: $(tail -n 1 /tmp/dm.out)"
	summary="$summary; $name $k"
}

summary= total=0
if [ $ours = 1 ]; then
	rxp_flags on on off || fail "cannot switch to rx-page-pool off"
	ethtool -G "$IF" tx 512 || fail "ethtool -G tx 512 refused"
	wait_carrier 1 30 || fail "no carrier after -G tx 512"
	sleep 1
fi
rest=$(used)
log "at rest: $rest slots in use"
phase send tx -P 4
if [ $ours = 1 ]; then
	ethtool -G "$IF" rx 64 || fail "ethtool -G rx 64 refused"
fi
set_mtu 4000 || fail "MTU 4000 refused"
wait_carrier 1 30 || fail "no carrier at MTU 4000"
wait_peer 20 || fail "peer unreachable at MTU 4000"
sleep 1
rest=$(used)
log "MTU 4000, rx ring 64: $rest slots in use at rest"
phase bidir both -P 4 --bidir
restore_mtu

# Nothing left mapped: with the driver gone (and the sockets closed, so
# that page_pool got its pages back), the pool drains to 0
kprobe_off
trap - EXIT
unload_module || exit 1
n=0
while [ "$(used)" != 0 ] && [ $n -lt $((30 * TSCALE)) ]; do
	sleep 1
	n=$((n + 1))
done
log "$(used) in use after rmmod"
[ "$(used)" = 0 ]
judged $? "$(used) swiotlb slots still in use $n s after rmmod: a mapping was never unmapped"
load_module || exit 1
[ $notes = 0 ] || echo "baseline $DRIVER: $notes failures noted (not judged); pool drained after rmmod, driver loads again"
[ $notes = 0 ] || exit 0
[ $total -gt 0 ] || skip "no map failed (no kprobe events, and the driver counted none: traffic too slow to overflow the pool on this kernel); pool drained after rmmod"
echo "map failures counted where they happened (kernel's count per phase${summary}), 4 MiB sha256 each way after each, pool drained after rmmod"

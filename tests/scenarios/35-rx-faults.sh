# SPDX-License-Identifier: GPL-2.0
# Allocation failures under traffic, through the kernel's fault injection
# (the debug kernel has it; Debian's kernels do not, and skip this).
# While iperf3 runs both ways and a sha256-checked download runs:
#  1. fail_function on the driver's buffer refills (lan743x_rx_pp_refill,
#     lan743x_rx_mtu_refill) at 1, 5 and 10 %: every injected failure
#     (the fault's "times" budget consumed) is one rx_buf_alloc_fail and,
#     at MTU 1500 (one buffer a frame), one rx_drop_alloc_fail;
#  2. failslab at 1, 5 and 10 % on the skb head cache (cache-filter), on
#     atomic allocations: the driver's build_skb and copybreak skbs fail
#     with the stack's, and every failure the driver counts in
#     rx_buf_alloc_fail is one that was injected.
#     fail_page_alloc is not used: on x86_64 fault injection has no stack
#     filter (FAULT_INJECTION_STACKTRACE_FILTER excludes it), and failing
#     atomic page allocations system-wide makes the stack log "page
#     allocation failure", which the debug checks rightly treat as a
#     report.  A page pool that cannot get a page makes the refill fail,
#     which step 1 injects.
# After each step injection stops, and received data must flow again within
# a second; the download's checksum must match (TCP resends what was
# dropped).  Then, with the refills failing, the interface comes up, the
# RX policy switches, the rings resize and the MTU changes: each either
# fails cleanly (ENOMEM, settings unchanged) or works, and once injection
# stops the same change works and traffic flows.  The debug kernel's
# checks (KASAN, DMA-API, lockdep, kmemleak after the run) judge the rest,
# but for one lockdep report that is the fault injection's own: 6.1 draws
# its random numbers under a spinlock inside fail_function's kprobe (an
# int3, which lockdep counts as NMI context), and lockdep reports the
# first such draw as an inconsistent lock state (upstream has since moved
# fault injection to a prandom state); its stack names
# fei_kprobe_handler.  Lockdep turns itself off after a report: this is
# the last scenario of the debug kernel's list, and its last line says
# from which step on lockdep was off (/proc/lockdep_stats debug_locks).
# The skb head cache must be marked for failslab on the kernel command
# line (slub_debug=A,skbuff_head_cache: 6.1's SLUB shows the mark read
# only); make check-full boots the debug kernel so.
# sets: full
# timeout: 900
# dmesg-allow: fei_kprobe_handler

rxp_only_ours
[ "$CONFIG" = b0-msix ] || skip "fault injection runs on b0-msix only"
dbg=/sys/kernel/debug
ff=$dbg/fail_function
[ -d $ff ] || skip "kernel without fault injection (the debug kernel has it)"
. /lib/lt/scenarios/lib-traffic.sh

# lockdep_on: 1 while lockdep still checks, 0 once a report turned it off
lockdep_on() { awk '$1 == "debug_locks:" { print $2 }' /proc/lockdep_stats 2>/dev/null; }
lockdep_off_at=
[ "$(lockdep_on)" != 0 ] || lockdep_off_at="off before this scenario began (an earlier report)"
# lockdep_note STEP: remember the step after which lockdep was found off
lockdep_note() {
	[ -n "$lockdep_off_at" ] || [ "$(lockdep_on)" != 0 ] || lockdep_off_at="off after $1"
}

REFILLS="lan743x_rx_pp_refill lan743x_rx_mtu_refill"
BUDGET=1000000
dlpid=

# arm DIR PCT: inject with probability PCT % at every call, BUDGET times
arm() {
	echo 0 >"$1/verbose"
	echo 1 >"$1/interval"
	echo "$BUDGET" >"$1/times"
	echo "$2" >"$1/probability"
}
disarm() { echo 0 >"$1/probability"; }
# injected DIR: failures injected since arm
injected() { echo $((BUDGET - $(cat "$1/times"))); }

faults_off() {
	for d in $ff $dbg/failslab; do
		[ -d $d ] && disarm $d
	done
	echo >$ff/inject 2>/dev/null
}
trap 'faults_off; [ -z "$dlpid" ] || kill $dlpid 2>/dev/null; iperf_stop >/dev/null; rxp_reset' EXIT

refills_on() { # PCT
	echo >$ff/inject
	for f in $REFILLS; do
		echo $f >>$ff/inject || fail "fail_function cannot inject into $f"
		printf '%#x\n' -12 >$ff/$f/retval
	done
	arm $ff "$1"
}

# A 16 MiB download with its checksum, in the background
download_begin() {
	download_sha 16777216 >/tmp/faults.dl 2>&1 &
	dlpid=$!
}
download_end() { # WHAT
	wait $dlpid || fail "$1: checksummed download failed: $(tail -n 1 /tmp/faults.dl)"
	dlpid=
}

# flows_again WHAT: received bytes grow within a second of injection's end,
# and bulk traffic resumes both ways
flows_again() {
	r0=$(bytes_of rx_bytes)
	usleep 1000000
	[ "$(bytes_of rx_bytes)" -gt "$r0" ] ||
		fail "$1: nothing received in the second after injection stopped"
	traffic_flows 30 || fail "$1: $why"
}

cycles_begin
cycle_ready "start"

# under_faults WHAT DIR SECS ARM...: ARM... arms DIR; the download and
# iperf3 run under it for SECS, then it is disarmed.  Sets ninj (failures
# injected), fails and drops (rx_buf_alloc_fail, rx_drop_alloc_fail
# growth); traffic must flow again.  (Not "n": traffic_flows uses it.)
under_faults() {
	what=$1 d=$2 secs=$3
	shift 3
	stats_snap /tmp/faults.before
	download_begin
	"$@"
	sleep "$secs"
	disarm "$d"
	ninj=$(injected "$d")
	download_end "$what"
	stats_snap /tmp/faults.after
	fails=$(stats_delta /tmp/faults.before /tmp/faults.after rx_buf_alloc_fail)
	drops=$(stats_delta /tmp/faults.before /tmp/faults.after rx_drop_alloc_fail)
	log "$what: $ninj failures injected, rx_buf_alloc_fail +$fails, rx_drop_alloc_fail +$drops"
	lockdep_note "$what"
	[ "$ninj" -gt 0 ] || fail "$what: no failure was injected in $secs s"
	flows_again "after $what"
}

# 1. the driver's refills
for pct in 1 5 10; do
	under_faults "refills failing at $pct %" $ff 30 refills_on $pct
	metric "refill_fail_${pct}pct" "$ninj" failures
	[ "$fails" = "$ninj" ] ||
		fail "refills at $pct %: $ninj failures injected, rx_buf_alloc_fail grew by $fails"
	[ "$drops" = "$ninj" ] ||
		fail "refills at $pct %: $ninj failures injected, rx_drop_alloc_fail grew by $drops"
done
echo >$ff/inject

# 2. skb heads
d=$dbg/failslab
[ -d $d ] || fail "no $d"
[ "$(cat /sys/kernel/slab/skbuff_head_cache/failslab 2>/dev/null)" = 1 ] ||
	fail "skbuff_head_cache is not marked for failslab: boot with slub_debug=A,skbuff_head_cache"
echo Y >$d/cache-filter
echo Y >$d/ignore-gfp-wait
slab_fails=0 slab_inj=0
for pct in 1 5 10; do
	under_faults "skb heads failing at $pct %" $d 10 arm $d $pct
	metric "skb_head_fail_${pct}pct" "$ninj" failures
	[ "$fails" -le "$ninj" ] ||
		fail "skb heads at $pct %: rx_buf_alloc_fail grew by $fails, more than the $ninj injected"
	slab_fails=$((slab_fails + fails)) slab_inj=$((slab_inj + ninj))
done
echo N >$d/cache-filter
# the injected failures must reach the driver's skb heads, not only the
# stack's: thousands of frames at 1-10 % each
[ "$slab_fails" -gt 0 ] ||
	fail "skb heads: $slab_inj failures injected, none in the driver (rx_buf_alloc_fail +0)"

# 3. reconfiguration with every ring fill failing at 10 %: a ring of 128
# buffers then almost never fills
# try WHAT CMD...: CMD under injection fails with ENOMEM leaving the
# settings alone, or succeeds; without injection it succeeds
try() {
	what=$1
	shift
	settings >/tmp/faults.s0
	refills_on 10
	if "$@" >/tmp/faults.out 2>&1; then
		log "$what: succeeded under injection"
	else
		grep -qi "memory" /tmp/faults.out ||
			fail "$what under injection: not an ENOMEM failure: $(cat /tmp/faults.out)"
		settings >/tmp/faults.s1
		cmp -s /tmp/faults.s0 /tmp/faults.s1 ||
			fail "$what failed under injection but changed settings: $(diff /tmp/faults.s0 /tmp/faults.s1)"
		log "$what: ENOMEM under injection ($(injected $ff) failures), settings unchanged"
	fi
	faults_off
	"$@" >/tmp/faults.out 2>&1 || fail "$what without injection: $(cat /tmp/faults.out)"
	wait_carrier 1 30 || fail "$what: no carrier"
	wait_peer 20 || fail "$what: peer unreachable"
	flows_again "after $what"
}
iperf_stop >/dev/null
ip link set dev "$IF" down
refills_on 10
if ip link set dev "$IF" up 2>/tmp/faults.out; then
	log "interface up: succeeded under injection"
else
	log "interface up: failed under injection ($(cat /tmp/faults.out))"
fi
faults_off
ip link set dev "$IF" down
ip link set dev "$IF" up || fail "interface up without injection failed"
wait_carrier 1 30 || fail "no carrier after up"
wait_peer 20 || fail "peer unreachable after up"
cycle_ready "after up under injection"
try "RX policy switch" ethtool --set-priv-flags "$IF" rx-page-pool off
try "ring resize" ethtool -G "$IF" rx 256
try "MTU change" ip link set dev "$IF" mtu 3000
ip link set dev "$IF" mtu 1500
iperf_stop >/dev/null
iperf_check || exit 1
lockdep_note "the reconfigurations"
echo "refill and skb head allocation failures under traffic ($slab_fails of $slab_inj skb head failures in the driver): counted, checksums match, traffic back within a second; up, policy switch, resize and MTU change under failing refills clean; lockdep ${lockdep_off_at:-on throughout}"

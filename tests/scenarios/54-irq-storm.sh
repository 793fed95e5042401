# SPDX-License-Identifier: GPL-2.0
# Interrupt storms under traffic, from the model's fault register
# (lan743x_faults.c): the rings' status bits (RXFRM of every RX channel,
# TX_IOC) read as set with no descriptor behind them, so the interrupt
# comes again each time the driver re-enables a source, as fast as the
# enables and the moderation timers let it.  While iperf3 --bidir runs:
#   burst: IRQ_STORM until N interrupts went out (FAULT_ARG counts what
#     the device delivered while armed): it must end (the driver keeps
#     re-enabling its sources), exactly N fired, the kernel took at least
#     9 in 10 of them on the device's IRQs (MSI-X and MSI: a message for
#     a vector already pending in the CPU merges with it: 33 in 10000
#     with Debian's driver once; INTx: a rise while the line is served
#     is no new delivery), and not
#     one was left unhandled (every one was the driver's own: a driver
#     that answered IRQ_NONE would have the line disabled, "nobody
#     cared", once 99900 of 100000 were); on INTx at most 1 in 100 (a
#     level that is gone when the handler reads INT_STS: once in 10000
#     with either driver);
#   stuck: IRQ_STUCK for 10 s (status bits the driver cannot clear):
#     traffic keeps flowing meanwhile (1 MiB each way; the CPU is not
#     locked up by the ISR, NAPI and masking keep it for the rest), again
#     no interrupt unhandled and no line disabled.
# After each, traffic flows again and a sha256-checked transfer each way
# (4 MiB) arrives intact; at the end the driver is unloaded and loaded
# (the debug kernel's kmemleak judges the unload).  The kernel's soft
# lockup and RCU stall reports fail it (tests/guest/init).
# sets: faults
# timeout: 600
# dmesg-allow: known:page-pool-unbind

fault_reg
fault_present 13 || fail "the model has no fault register (x-faults=on missing?)"
. /lib/lt/scenarios/lib-traffic.sh
. /lib/lt/scenarios/lib-irq.sh
pci=$(pci_of_if)
irqs=$(irqs_of "$pci")
mark=$(klog_mark)
log "$IF ($pci), $(irq_mode) IRQs: $(echo $irqs)"

trap 'fault_off; iperf_stop >/dev/null' EXIT

# irqs_snap: irq_snap of each of the device's IRQs, in /tmp/storm.<irq>
irqs_snap() {
	for i in $irqs; do irq_snap "$i" >/tmp/storm.$i; done
}
# none_unhandled WHAT FIRED: no interrupt of the device's IRQs went
# unhandled since irqs_snap (INTx: at most FIRED / 100), and no line was
# disabled
none_unhandled() {
	for i in $irqs; do
		u=$(irq_unhandled_since "$i" "$(cat /tmp/storm.$i)")
		[ -n "$u" ] || { log "$1: IRQ $i's count of 100000 came round: unhandled not exact"; continue; }
		[ "$u" = 0 ] || { [ "$(irq_mode)" = intx ] && [ "$u" -le $(($2 / 100)) ] &&
			log "$1: $u of $2 interrupts on INTx left unhandled"; } ||
			fail "$1: $u interrupts on IRQ $i left unhandled (the device's own)"
	done
	nc=$(nobody_cared "$mark")
	[ -z "$nc" ] || fail "$1: $nc"
}
# checked_after WHAT: traffic flows, 4 MiB each way intact
checked_after() {
	traffic_flows 30 || fail "after $1: $why"
	download_sha 4194304 >/tmp/storm.out 2>&1 || fail "after $1: $(tail -n 1 /tmp/storm.out)"
	upload 4194304 >/tmp/storm.out 2>&1 || fail "after $1: $(tail -n 1 /tmp/storm.out)"
}

cycles_begin
iperf_keep || exit 1
traffic_flows 30 || fail "before the storm: $why"

# 1. a burst of N interrupts without work
N=10000
[ "$QUICK" != 1 ] || N=2000
irqs_snap
d0=$(irq_deliveries $irqs)
t0=$(date +%s)
fault_arm 12 $N
fault_wait_spent $((60 * TSCALE)) ||
	fail "burst: $(fault_fired) of $N storm interrupts went out in $((60 * TSCALE)) s (sources never re-enabled?)"
secs=$(($(date +%s) - t0))
fired=$(fault_fired)
d=$(($(irq_deliveries $irqs) - d0))
[ "$fired" = $N ] || fail "burst: the model delivered $fired storm interrupts, want $N"
case $(irq_mode) in
intx) ;;
*) [ "$d" -ge $((fired * 9 / 10)) ] || fail "burst: $fired messages sent, the kernel took $d" ;;
esac
none_unhandled burst "$fired"
log "burst: $N interrupts without work in ${secs} s, $d taken by the kernel"
metric storm_burst_secs "$secs" s
checked_after burst

# 2. status bits stuck for 10 s: traffic goes on meanwhile
irqs_snap
d0=$(irq_deliveries $irqs)
fault_arm 13
t0=$(date +%s)
traffic_flows 30 || fail "stuck: traffic stopped under the storm: $why"
t1=$(date +%s)
while [ $(($(date +%s) - t0)) -lt 10 ]; do usleep 200000; done
fired=$(fault_fired)
fault_off
d=$(($(irq_deliveries $irqs) - d0))
[ "$fired" -gt 0 ] || fail "stuck: no interrupt went out in 10 s"
none_unhandled stuck "$fired"
log "stuck: $fired interrupts in 10 s ($((fired / 10))/s), $d taken; 1 MiB each way in $((t1 - t0)) s meanwhile"
metric storm_stuck_irqs_per_s $((fired / 10)) irq/s
checked_after "stuck status"

ipr=$(iperf_stop | tail -n 1)
log "iperf3: $ipr"
reload_checked "reload after the storms" >/tmp/storm.out || fail "$(cat /tmp/storm.out)"
download_sha 1048576 >/tmp/storm.out 2>&1 || fail "after the reload: $(tail -n 1 /tmp/storm.out)"
upload 1048576 >/tmp/storm.out 2>&1 || fail "after the reload: $(tail -n 1 /tmp/storm.out)"
# the debug kernel: every page_pool page back after the traffic
drained=$(reload_drained) || fail "$drained"
log "burst of $N and 10 s stuck ($fired) survived, traffic and checked transfers after each, reloaded$drained"

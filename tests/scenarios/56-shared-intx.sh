# SPDX-License-Identifier: GPL-2.0
# A shared INTx line: the board "shared-intx" puts an e1000e beside the
# chip on the same wire (a QEMU hub with the tap) and in a slot whose
# INTx pin q35 routes to the chip's PIRQ, so both devices' handlers sit
# on one IRQ (checked: the same IRQ number in sysfs, and both on its
# /proc/interrupts line).  The e1000e goes into a network namespace of
# its own (198.18.0.3) and talks to the peer like the chip.
#   not ours: interrupts without status from the chip's model
#     (IRQ_NO_STATUS: the line raised, INT_STS empty): with both devices
#     quiet, every one of N must be left unhandled by both handlers
#     (counted by the kernel's irq_handler_entry/exit tracepoints), but
#     for those that came while a real interrupt of either was taken (the
#     e1000e's watchdog raises one every 2 s): at most one each, and the
#     lan743x handler may take at most 5 as its own.  A lan743x handler
#     that claimed the line without looking at INT_STS would hide them,
#     and another device's storm with them;
#   both loaded: iperf3 --bidir through the chip, sha256-checked
#     transfers through the e1000e and the chip at once (8 MiB each way
#     each), while the chip's model also raises interrupts without status;
#     both devices' interrupts counted on the line, every transfer intact,
#     and no "nobody cared" (the line disabled).
# Then traffic flows through both, the e1000e is removed and the driver
# is unloaded and loaded (the line is then the chip's alone).
# board: shared-intx
# sets: faults
# timeout: 600
# dmesg-allow: known:page-pool-unbind

[ "$IRQMODE" = intx ] || skip "the shared line is INTx: run with --config b0-intx or a0-intx"
fault_reg
# probed with STOP_HANG, as 27-hostile-device: armed until disarmed, inert
# without a stop command
fault_present 3 || fail "the model has no fault register (x-faults=on missing?)"
. /lib/lt/scenarios/lib-traffic.sh
. /lib/lt/scenarios/lib-irq.sh
IPR=/bin/ip
$IPR -V 2>/dev/null | grep iproute2 >/dev/null || skip "no iproute2 ip in this image"
NS=lt-e1k
E_ADDR=198.18.0.3
mark=$(klog_mark)
epid= dlpid= uppid=

cleanup() {
	fault_off
	for p in $epid $dlpid $uppid; do kill "$p" 2>/dev/null; done
	iperf_stop >/dev/null
	$IPR netns del $NS 2>/dev/null
	rmmod e1000e 2>/dev/null
}
trap cleanup EXIT

pci=$(pci_of_if)
modprobe e1000e || fail "modprobe e1000e failed"
E=
n=100
while [ -z "$E" ]; do
	for d in /sys/class/net/*; do
		[ "$(basename "$(readlink "$d/device/driver" 2>/dev/null)")" = e1000e ] && E=${d##*/}
	done
	[ -n "$E" ] && break
	n=$((n - 1))
	[ $n -gt 0 ] || fail "no e1000e interface 10 s after modprobe (board shared-intx missing?)"
	usleep 100000
done
epci=$(basename "$(readlink "/sys/class/net/$E/device")")
remote_chip_up "$E" $NS $E_ADDR
$IPR netns exec $NS ping -c 2 -W 3 "$PEER" >/tmp/sh.ping 2>&1 ||
	fail "$E ($NS) cannot ping the peer: $(tail -n 1 /tmp/sh.ping)"
irq=$(cat "/sys/bus/pci/devices/$pci/irq")
eirq=$(cat "/sys/bus/pci/devices/$epci/irq")
line=$(grep "^ *$irq:" /proc/interrupts)
log "$IF ($pci) IRQ $irq, $E ($epci) IRQ $eirq: $line"
[ "$irq" = "$eirq" ] || fail "$IF is on IRQ $irq, $E on $eirq: not shared (slots?)"
[ "$(irq_mode)" = intx ] || fail "$IF is not on INTx"
# both handlers on the line: "... IO-APIC 22-fasteoi   eth0-txrx, eth1"
echo "$line" | grep "$E" >/dev/null && echo "$line" | grep , >/dev/null ||
	fail "IRQ $irq does not list both devices' handlers: $line"

# 1. not ours, both quiet: every one unhandled by both
N=200
irq_trace_start "$irq" || skip "no irq tracepoints in this kernel"
fault_arm 14 $N
fault_wait_spent $((30 * TSCALE)) || fail "not ours: $(fault_fired) of $N sent in $((30 * TSCALE)) s"
usleep 100000
fired=$(fault_fired)
irq_trace_stop >/tmp/sh.tr
! grep overrun /tmp/sh.tr >/dev/null || fail "not ours: the trace buffer overran"
unh=$(awk '$1 == "line" { print $3 }' /tmp/sh.tr)
taken=$(awk '$1 == "line" { print $2 }' /tmp/sh.tr)
mine=$(awk '$1 == "handler" && $2 !~ /^'"$E"'$/ { h += $3 } END { print h + 0 }' /tmp/sh.tr)
[ "$fired" = $N ] || fail "not ours: the model sent $fired, want $N"
[ "$mine" -le 5 ] && [ "$unh" -le $N ] && [ "$unh" -ge $((N - (taken - unh))) ] ||
	fail "not ours: $N interrupts neither device's, $unh left unhandled by both handlers on the shared IRQ $irq ($(tr '\n' ';' </tmp/sh.tr))"
log "not ours: $N interrupts without status, $unh unhandled by both handlers: $(tr '\n' ';' </tmp/sh.tr)"

# 2. both loaded at once
cycles_begin
iperf_keep || exit 1
traffic_flows 30 || fail "before the shared load: $why"
d0=$(irq_deliveries "$irq")
e0=$($IPR netns exec $NS cat /sys/class/net/$E/statistics/rx_packets)
$IPR netns exec $NS sh -c ". /lib/lt/lib.sh; download_sha 8388608 && upload 8388608" >/tmp/sh.e1k 2>&1 &
epid=$!
download_sha 8388608 >/tmp/sh.dl 2>&1 &
dlpid=$!
upload 8388608 >/tmp/sh.up 2>&1 &
uppid=$!
fault_arm 14 1000
wait $epid || fail "shared load: through $E: $(tail -n 1 /tmp/sh.e1k)"
epid=
wait $dlpid || fail "shared load: download through $IF: $(tail -n 1 /tmp/sh.dl)"
dlpid=
wait $uppid || fail "shared load: upload through $IF: $(tail -n 1 /tmp/sh.up)"
uppid=
fired=$(fault_fired)
fault_off
d=$(($(irq_deliveries "$irq") - d0))
e=$(($($IPR netns exec $NS cat /sys/class/net/$E/statistics/rx_packets) - e0))
nc=$(nobody_cared "$mark")
[ -z "$nc" ] || fail "shared load: $nc"
[ "$e" -gt 5000 ] || fail "shared load: $E received only $e frames"
traffic_flows 30 || fail "after the shared load: $why"
$IPR netns exec $NS ping -c 3 -W 3 "$PEER" >/tmp/sh.ping 2>&1 ||
	fail "after the shared load: $E cannot ping the peer: $(tail -n 1 /tmp/sh.ping)"
log "shared load: $d interrupts on IRQ $irq, $E received $e frames, $fired interrupts without status meanwhile, 8 MiB each way intact through both"
metric shared_irqs "$d" irqs

ipr=$(iperf_stop | tail -n 1)
log "iperf3: $ipr"
$IPR netns del $NS
rmmod e1000e || fail "rmmod e1000e failed"
reload_checked "reload with the line its own" >/tmp/sh.out || fail "$(cat /tmp/sh.out)"
download_sha 1048576 >/tmp/sh.out 2>&1 || fail "after the reload: $(tail -n 1 /tmp/sh.out)"
log "IRQ $irq shared with $E: $N not-ours all unhandled, both loaded with $fired more, transfers intact, no line disabled, reloaded"

# SPDX-License-Identifier: GPL-2.0
# Suspend to RAM (ACPI S3, board "s3" as for 42-wol) with traffic across:
# iperf3 --bidir runs before, across and after two real suspends (about
# 3 s asleep each, woken by the peer through QMP system_wakeup; the
# magic-packet setting armed, the frame the peer writes meanwhile is a
# unicast one that must not wake it).  After each resume the same
# iperf3 connection moves data both ways again within 30 s (TCP's
# retransmissions carry it over the gap) and a sha256-checked transfer
# goes each way (256 KiB); at the end 4 MiB each way, and the driver is
# unloaded and loaded.
# board: s3
# sets: faults
# timeout: 600

. /lib/lt/scenarios/lib-traffic.sh

grep -qw mem /sys/power/state || skip "no suspend-to-RAM state (/sys/power/state: $(cat /sys/power/state))"
if [ -w /sys/power/mem_sleep ]; then
	grep -qw deep /sys/power/mem_sleep || skip "no S3 in /sys/power/mem_sleep: $(cat /sys/power/mem_sleep)"
	echo deep >/sys/power/mem_sleep || fail "cannot select S3 (mem_sleep deep)"
fi
# the LPC's ACPI base, which the firmware's resume leaves unprogrammed
# (see 42-wol)
lpc=/sys/bus/pci/devices/0000:00:1f.0/config
dd if=$lpc of=/tmp/lpc.acpi bs=8 skip=8 count=1 2>/dev/null || fail "cannot read the LPC's ACPI base"

trap 'iperf_stop >/dev/null; ethtool -s "$IF" wol d 2>/dev/null' EXIT
cycles_begin
cycle_ready "before the suspends"
first_ip=$ipid
ethtool -s "$IF" wol g || fail "ethtool -s wol g refused"
for i in 1 2; do
	r=$(peer_cmd "WOL ucast 3000") || true
	[ "$r" = OK ] || fail "peer refused WOL ucast: $r"
	mark=$(klog_mark)
	t0=$(date +%s)
	echo mem >/sys/power/state ||
		fail "suspend $i failed: $(klog_since "$mark" | tail -n 5 | tr '\n' '|')"
	dd if=/tmp/lpc.acpi of=$lpc bs=8 seek=8 count=1 conv=notrunc 2>/dev/null ||
		fail "cannot restore the LPC's ACPI base"
	wait_carrier 1 30 || fail "no carrier after resume $i"
	wait_peer 20 || fail "peer unreachable after resume $i"
	r=$(peer_cmd WOL-RESULT) || true
	case $r in
	"ASLEEP ucast "*) ;;
	*) fail "suspend $i: the peer says '$r', expected ASLEEP (woken by system_wakeup)" ;;
	esac
	klog_since "$mark" | grep 'PM: suspend exit' >/dev/null ||
		fail "suspend $i: no 'PM: suspend exit' in the kernel log"
	cycle_ready "after resume $i"
	log "suspend $i: $(($(date +%s) - t0)) s to traffic and checked transfers again"
done
[ "$ipid" = "$first_ip" ] || fail "iperf3 --bidir had to be restarted ($restarts times)"
iperf_stop >/dev/null
ethtool -s "$IF" wol d
trap - EXIT
download_sha 4194304 || exit 1
upload 4194304 || exit 1
unload_module || exit 1
load_module || exit 1
echo "2 suspends to RAM under iperf3 --bidir: the connection carried on after each; $(cycles_summary); rmmod clean"

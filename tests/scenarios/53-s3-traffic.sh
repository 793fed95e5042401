# SPDX-License-Identifier: GPL-2.0
# Suspend to RAM (ACPI S3, board "s3" as for 42-wol) with traffic across:
# iperf3 --bidir runs before, across and after two real suspends (about
# 3 s asleep each, woken by the peer through QMP system_wakeup; the
# magic-packet setting armed, the frame the peer writes meanwhile is a
# unicast one that must not wake it).  After each resume the same
# iperf3 connection moves data both ways again within 30 s (TCP's
# retransmissions carry it over the gap) and a sha256-checked transfer
# goes each way (256 KiB); at the end 4 MiB each way, and the driver is
# unloaded and loaded.  On the PCI11010/PCI11414 HW_CFG reads after each
# resume as before the suspend: the family keeps HW_CFG through D3 and
# the resets of the wake-up, and the driver sets its reset protections
# there for the suspend only (it puts back what it saved).
# board: s3
# sets: faults
# timeout: 600

. /lib/lt/scenarios/lib-traffic.sh
. /lib/lt/scenarios/lib-s3.sh

s3_select || skip "$s3_why"

# hw_cfg: HW_CFG from ethtool -d (both drivers' dump: dword 5)
hw_cfg() {
	ethtool -d "$IF" raw on | od -An -tx4 -j 20 -N 4 | tr -d ' '
}

case $(cat "/sys/class/net/$IF/device/device") in
0xa011 | 0xa041) hw0=$(hw_cfg) && [ -n "$hw0" ] || fail "ethtool -d gave no HW_CFG" ;;
*) hw0= ;;
esac
trap 'iperf_stop >/dev/null; ethtool -s "$IF" wol d 2>/dev/null' EXIT
cycles_begin
cycle_ready "before the suspends"
first_ip=$ipid
ethtool -s "$IF" wol g || fail "ethtool -s wol g refused"
for i in 1 2; do
	s3_wol_cycle ucast 3000 "suspend $i"
	case $r in
	"ASLEEP ucast "*) ;;
	*) fail "suspend $i: the peer says '$r', expected ASLEEP (woken by system_wakeup)" ;;
	esac
	klog_since "$mark" | grep 'PM: suspend exit' >/dev/null ||
		fail "suspend $i: no 'PM: suspend exit' in the kernel log"
	if [ -n "$hw0" ]; then
		hw=$(hw_cfg)
		[ "$hw" = "$hw0" ] ||
			fail "suspend $i: HW_CFG 0x$hw after the resume, 0x$hw0 before the suspend (the D3 reset protections left set)"
	fi
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
echo "2 suspends to RAM under iperf3 --bidir: the connection carried on after each; $(cycles_summary)${hw0:+; HW_CFG 0x$hw0 after each resume, as before}; rmmod clean"

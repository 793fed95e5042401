# SPDX-License-Identifier: GPL-2.0
# Suspend to RAM (ACPI S3) in the x86 guests: 42-wol, 44-ptp-perout,
# 53-s3-traffic.
#
# QEMU 7.2 resets every device when it wakes the guest, and SeaBIOS's
# resume does not program the ICH9 LPC's ACPI base again (PMBASE and
# ACPI_CNTL at 0x40..0x47 of 00:1f.0, beyond the header the kernel
# restores): without them a second suspend never sleeps.  s3_suspend puts
# them back after each resume, as a PC's firmware does.

s3_lpc=/sys/bus/pci/devices/0000:00:1f.0/config

# s3_select: make S3 ("deep") the suspend-to-RAM state and save the LPC's
# ACPI base.  Returns 1 where the guest has no S3, the reason in s3_why.
s3_select() {
	if ! grep -qw mem /sys/power/state; then
		s3_why="no suspend-to-RAM state (/sys/power/state: $(cat /sys/power/state))"
		return 1
	fi
	if [ -w /sys/power/mem_sleep ]; then
		if ! grep -qw deep /sys/power/mem_sleep; then
			s3_why="no S3 in /sys/power/mem_sleep: $(cat /sys/power/mem_sleep)"
			return 1
		fi
		echo deep >/sys/power/mem_sleep || fail "cannot select S3 (mem_sleep deep)"
	fi
	dd if=$s3_lpc of=/tmp/lpc.acpi bs=8 skip=8 count=1 2>/dev/null ||
		fail "cannot read the LPC's ACPI base"
}

# s3_wol_cycle KIND MS WHAT: ask the peer to send a KIND frame once the
# guest is suspended (tests/peer/peer.py, WOL), suspend, and once resumed
# wait for carrier and peer; sets r to the peer's WOL-RESULT ("WOKE KIND
# ms" or "ASLEEP KIND MS": still asleep MS ms after the frame, woken by
# QEMU then), and mark and t0 as s3_suspend does.  42-wol, 53-s3-traffic.
s3_wol_cycle() {
	r=$(peer_cmd "WOL $1 $2") || true
	[ "$r" = OK ] || fail "peer refused WOL $1: $r"
	s3_suspend "$3"
	wait_carrier 1 30 || fail "no carrier after resume ($3)"
	wait_peer 20 || fail "peer unreachable after resume ($3)"
	r=$(peer_cmd WOL-RESULT) || true
}

# s3_suspend WHAT: suspend to RAM; returns once the guest has resumed and
# the LPC's ACPI base is back.  Sets mark (the kernel log from before the
# suspend, for klog_since) and t0 (its start).  WHAT names the suspend in
# a failure's reason.
s3_suspend() {
	mark=$(klog_mark)
	t0=$(date +%s)
	echo mem >/sys/power/state ||
		fail "suspend to RAM ($1) failed: $(klog_since "$mark" | tail -n 5 | tr '\n' '|')"
	dd if=/tmp/lpc.acpi of=$s3_lpc bs=8 seek=8 count=1 conv=notrunc 2>/dev/null ||
		fail "cannot restore the LPC's ACPI base"
}

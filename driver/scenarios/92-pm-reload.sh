# SPDX-License-Identifier: GPL-2.0
# suspend/resume through pm_test=devices, module reload loop with memory check
# sets: full
# timeout: 400
if [ -w /sys/power/pm_test ]; then
	echo devices > /sys/power/pm_test
	cat /sys/power/pm_test
	echo mem > /sys/power/state || log "suspend (pm_test) returned error"
	echo none > /sys/power/pm_test
	dmesg | tail -n 30
	wait_carrier 1 30 || fail "no carrier after resume"
	wait_peer 20 || fail "peer unreachable after resume"
	download 4194304 || fail "download after resume"
	log "resume ok"
else
	log "no /sys/power/pm_test"
fi
grep -E 'MemFree|Slab' /proc/meminfo
for i in 1 2 3 4 5 6; do
	rmmod "$MODNAME" || fail "rmmod $i"
	insmod "$MODULE" || fail "insmod $i"
	wait_if 30 || fail "no if $i"
	if_configure || fail "configure $i"
	wait_carrier 1 30 || fail "carrier $i"
	wait_peer 20 || fail "peer $i"
	download 1048576 >/dev/null || fail "download $i"
	grep -E 'MemFree|Slab' /proc/meminfo | tr '\n' ' '; echo
done
echo "pm_test resume + 6 reloads ok"

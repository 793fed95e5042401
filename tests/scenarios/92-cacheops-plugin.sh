# SPDX-License-Identifier: GPL-2.0
# The benchmark's cache maintenance counter end to end on an ARM guest, for
# tests/static/67-cacheops-guest.sh, which boots it without swiotlb on a
# PCIe host that does not snoop, with QEMU's plugin
# qemu/plugins/lan743x-insns.c, and judges the plugin's log: windows around
# 50000, 100000 and 150000 iterations of a loop (pure computation: no DMA,
# so no DMA cache maintenance; equal steps in instructions), then one around
# a 2 MiB TCP receive through the NIC, which the DMA API must invalidate for
# the CPU line by line.  Here only the marks and the transfer run.
# sets: plugin
# timeout: 600

mark=/lib/lt/lt-mark
busy() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) s += i; exit s < 0 }'; }

[ -x $mark ] || fail "no $mark in the image"
busy 1000
for n in 50000 100000 150000; do
	$mark start
	busy $n
	$mark stop
done
# A warm-up transfer outside any window, then the counted one.
iperf3 -c "$PEER" -p "$IPERF_PORT" -R -n 64K >/dev/null 2>&1 || fail "iperf3 warm-up failed"
rx0=$(cat /sys/class/net/$IF/statistics/rx_bytes)
$mark start
iperf3 -c "$PEER" -p "$IPERF_PORT" -R -n 2M >/tmp/cacheops.out 2>&1
rc=$?
$mark stop
[ $rc -eq 0 ] || { cat /tmp/cacheops.out; fail "iperf3 -R -n 2M failed"; }
rx=$(($(cat /sys/class/net/$IF/statistics/rx_bytes) - rx0))
echo "rx_bytes $rx"
echo "4 windows marked (50000, 100000, 150000 iterations, 2 MiB received: $rx bytes)"

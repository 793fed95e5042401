# SPDX-License-Identifier: GPL-2.0
# interrupt counts during TCP TX and RX
# sets: full
# timeout: 200
wait_peer 20 || fail "peer"
grep -E 'eth0|lan743x|CPU' /proc/interrupts
timeout 60 iperf3 -c "$PEER" -p "$IPERF_PORT" -t 8 -f m 2>&1 | tail -n 4
grep -E 'eth0|lan743x' /proc/interrupts
timeout 60 iperf3 -c "$PEER" -p "$IPERF_PORT" -R -t 8 -f m 2>&1 | tail -n 4
grep -E 'eth0|lan743x' /proc/interrupts
ethtool -S "$IF" 2>/dev/null | grep -E 'tx0|busy|rx._packets' 
echo "irq rate printed"

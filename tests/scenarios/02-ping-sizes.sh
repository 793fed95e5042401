# SPDX-License-Identifier: GPL-2.0
# Ping ladder around the 1500 MTU: the largest unfragmented frame (1472
# bytes of ICMP payload = 1500-byte IP packet, DF set by the kernel), one
# byte either side, and fragmented requests and replies (2 to 7 fragments;
# 2952/2953 is the edge between 2 and 3).
# sets: quick core full arm arm-intree smoke
# timeout: 180

[ "$(mtu_of)" = 1500 ] || fail "MTU is $(mtu_of) at start, want 1500"
wait_peer 20 || fail "peer $PEER does not answer ping"
ping_sizes 0 56 64 1000 1400 1470 1471 1472 1473 1474 2000 2952 2953 4000 8972 || exit 1
echo "ping ok at all sizes around MTU 1500"

# SPDX-License-Identifier: GPL-2.0
# Jumbo frames: MTU 9000 on both ends, ping ladder around 8972 (the
# largest unfragmented payload), then back to 1500.
# sets: full arm arm-intree
# timeout: 180

trap restore_mtu EXIT
set_mtu 9000 || exit 1
[ "$(mtu_of)" = 9000 ] || fail "MTU is $(mtu_of) after setting 9000"
wait_peer 20 || fail "peer not reachable after MTU 9000"
ping_sizes 56 1472 1473 4000 8000 8970 8971 8972 8973 8974 12000 || exit 1
download 4194304 || exit 1
echo "jumbo ping ladder and 4 MiB download ok at MTU 9000"

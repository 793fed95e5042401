# SPDX-License-Identifier: GPL-2.0
# ethtool surface of our driver
# sets: full
# timeout: 120
ethtool -i "$IF" || fail "ethtool -i"
ethtool "$IF" || fail "ethtool (link settings)"
ethtool -a "$IF" || fail "ethtool -a"
ethtool -k "$IF" | head -20
ethtool -g "$IF" || true
ethtool -S "$IF" > /tmp/s || fail "ethtool -S"
cat /tmp/s
grep -q ' rx0_packets:' /tmp/s || fail "no rx0_packets"
grep -E '^ +[a-z0-9_]+: [0-9]+$' -vc /tmp/s
ethtool -d "$IF" | head -30 || fail "ethtool -d"
ethtool -A "$IF" autoneg off rx off tx off || fail "ethtool -A"
ethtool -a "$IF"
ethtool -A "$IF" autoneg on rx on tx on || fail "ethtool -A on"
ethtool -r "$IF" || fail "ethtool -r"
wait_carrier 1 30 || fail "no carrier after -r"
wait_peer 20 || fail "peer after -r"
ethtool -s "$IF" speed 100 duplex full autoneg off || log "forced 100 refused"
sleep 3
ethtool "$IF" | grep -E 'Speed|Duplex|Link'
ethtool -s "$IF" autoneg on
wait_carrier 1 30 || fail "no carrier after autoneg on"
wait_peer 20 || fail "peer after autoneg"
ethtool -K "$IF" rx off && ping_ok 1000 || fail "rx csum off"
ethtool -K "$IF" rx on tso off && download 1048576 || fail "tso off"
ethtool -K "$IF" tso on
ip link set "$IF" promisc on && ping_ok 100 && ip link set "$IF" promisc off || fail promisc
ip maddr add 01:00:5e:01:02:03 dev "$IF"; ip maddr show dev "$IF"
cat /proc/interrupts | grep -i "$IF"
cat /proc/net/dev | grep "$IF"
echo "ethtool ok"

# SPDX-License-Identifier: GPL-2.0
# Module unload and reload (rmmod, then insmod of $MODULE or modprobe, as
# /init loaded it): the interface goes away cleanly, comes back, links up
# and passes traffic.
# sets: full arm-intree
# timeout: 180

old=$IF
rmmod "$MODNAME" || fail "rmmod $MODNAME failed"
[ ! -e "/sys/class/net/$old" ] || fail "$old still present after rmmod"
lsmod | grep "^$MODNAME " >/dev/null && fail "$MODNAME still loaded after rmmod"
module_insert >/tmp/ins.out || fail "$(cat /tmp/ins.out)"
wait_if 30 || fail "no interface after $MODLOAD $MODNAME"
if_configure || fail "configuring $IF after reload failed"
wait_carrier 1 30 || fail "no carrier 30 s after reload"
wait_peer 20 || fail "peer not reachable after reload"
ping_ok 1472 || fail "ping -s 1472 failed after reload"
download 4194304 || exit 1
echo "rmmod/$MODLOAD ok, $IF up and passing traffic"

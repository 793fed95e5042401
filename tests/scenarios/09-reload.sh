# SPDX-License-Identifier: GPL-2.0
# Module unload and reload (rmmod, then insmod of $MODULE or modprobe, as
# /init loaded it): the interface goes away cleanly, comes back, links up
# and passes traffic.
#
# Even after the traffic of earlier scenarios has ended, page_pool pages
# can still be out at rmmod (skbs that sockets or a CPU's deferred-free
# list hold): before Linux 6.15 they stay DMA-mapped until they come back,
# which DMA-API debugging reports at unbind.  Accepted in its known shape
# only, and checked as in 18-reload-cycles (reload_checked).
# sets: full arm-intree smoke
# timeout: 180
# dmesg-allow: known:page-pool-unbind

. /lib/lt/scenarios/lib-traffic.sh

reload_checked reload >/tmp/rl.msg || fail "$(cat /tmp/rl.msg)"
lsmod | grep "^$MODNAME " >/dev/null || fail "$MODNAME not loaded after $MODLOAD"
ping_ok 1472 || fail "ping -s 1472 failed after reload"
download 4194304 || exit 1
echo "rmmod/$MODLOAD ok, $IF up and passing traffic"

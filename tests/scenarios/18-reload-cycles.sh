# SPDX-License-Identifier: GPL-2.0
# 20 module unload/reload cycles (10 on ARM guests, lib-traffic.sh) under
# iperf3 traffic (both directions, --bidir): rmmod while data flows, load
# again (insmod or modprobe, as /init did), and before the next cycle the
# link must be up, the peer must answer and data must flow both ways
# again (the TCP connection survives: the address is re-added).  Any
# kernel warning fails the scenario (tests/guest/init), with one known
# exception on kernels older than 6.12 (the dmesg-allow header below).
#
# Pages of the page_pool policy that sockets still hold at rmmod: up to
# Linux 6.15 (commit ee62ce7a1d90, "page_pool: Track DMA-mapped pages and
# unmap them when destroying the pool", backported to 6.12's stable
# series) page_pool_destroy() leaves them DMA-mapped until the stack gives
# them back, and the pool then unmaps them through the device it holds a
# reference to.  DMA-API debugging sees them at unbind and reports
# "device driver has pending DMA allocations while released from device".
# No driver can avoid that on 6.1: those pages are in socket queues
# (out-of-order data waiting for a retransmission that needs the
# interface back, data the application has not read yet).  On the debug
# kernel the scenario checks that this is all the report is, and that
# every such page comes back once the traffic stops (reload_checked and
# reload_drained in lib-traffic.sh); a stalled pool shutdown fails any
# scenario.  The harness accepts the report itself only in its known
# shape (tests/README.md, "Known upstream limitations") and prints each
# scenario's count.
# sets: primary arm
# timeout: 1200
# dmesg-allow: known:page-pool-unbind

. /lib/lt/scenarios/lib-traffic.sh

cycles_begin
i=1
while [ $i -le "$cycles" ]; do
	cycle_ready "cycle $i"
	reload_checked "cycle $i" >/tmp/rl.msg || fail "$(cat /tmp/rl.msg)"
	log "cycle $i: reloaded, $IF up"
	i=$((i + 1))
done
cycle_ready "after $cycles reloads"
iperf_stop
iperf_check || exit 1
back=$(reload_drained) || fail "$back"
echo "$cycles rmmod/$MODLOAD cycles under iperf3 traffic, link and traffic back each time ($(cycles_summary))$back"

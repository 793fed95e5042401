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
# kernel the scenario checks that this is all the report is.  After each
# rmmod, with the driver gone, only page_pool can still unmap a mapping of
# the device: whatever DMA-API holds for it then must be page-sized
# DMA_FROM_DEVICE, no more than the report counted, with rx-page-pool on.
# Once the traffic stops, one more rmmod must leave none within 30 s (each
# page came back and was unmapped), and the pools' shutdown must never
# stall ("stalled pool shutdown" fails any scenario).  The harness accepts
# the report itself only in its known shape (tests/README.md, "Known
# upstream limitations"), and prints each scenario's count.
# sets: primary arm
# timeout: 1200
# dmesg-allow: known:page-pool-unbind

. /lib/lt/scenarios/lib-traffic.sh

# dma_check WHEN SINCE POLICY: after an rmmod (kernel log line SINCE
# before it), with DMA-API debugging: what is left mapped for the device
# must be the page_pool pages its report counted.  Adds them to "held".
dma_check() {
	dma_left "$pci" >/tmp/rl.dma
	read -r all pp </tmp/rl.dma
	reported=$(dma_unbind_count "$2")
	[ "$all" -eq 0 ] && [ -z "$reported" ] && return 0
	[ "$pp" -eq "$all" ] || fail "$1: $((all - pp)) of the $all DMA mappings left on $pci after rmmod are not page-sized DMA_FROM_DEVICE"
	[ "$3" = on ] || fail "$1: $all page-sized DMA mappings left on $pci after rmmod, with rx-page-pool $3"
	[ -n "$reported" ] || fail "$1: $all DMA mappings left on $pci after rmmod, but no DMA-API report"
	[ "$all" -le "$reported" ] || fail "$1: $all DMA mappings left on $pci after rmmod, DMA-API counted $reported"
	log "$1: DMA-API counted $reported mappings pending at unbind, $all left after rmmod"
	held=$((held + reported))
	nheld=$((nheld + 1))
}

dmacheck=
if [ -r "$DMA_DUMP" ] && [ "$DRIVER" = ours ]; then
	dmacheck=1
	pci=$(pci_of_if)
fi
held=0 nheld=0
cycles_begin
i=1
while [ $i -le "$cycles" ]; do
	cycle_ready "cycle $i"
	[ -z "$dmacheck" ] || {
		policy=$(rxp_flag rx-page-pool)
		before=$(dmesg | wc -l)
	}
	unload_module >/tmp/rl.out || fail "cycle $i: $(cat /tmp/rl.out) under traffic"
	[ -z "$dmacheck" ] || dma_check "cycle $i" "$before" "$policy"
	load_module >/tmp/rl.out || fail "cycle $i: $(cat /tmp/rl.out)"
	log "cycle $i: reloaded, $IF up"
	i=$((i + 1))
done
cycle_ready "after $cycles reloads"
iperf_stop
iperf_check || exit 1
back=
if [ -n "$dmacheck" ]; then
	# No traffic now, the sockets are closed: the pages come back, and
	# each destroyed pool unmaps them within a second of that.
	unload_module >/tmp/rl.out || fail "after the traffic: $(cat /tmp/rl.out)"
	t=0
	while :; do
		dma_left "$pci" >/tmp/rl.dma
		read -r all pp </tmp/rl.dma
		[ "$all" -gt 0 ] || break
		[ $t -lt $((30 * TSCALE)) ] ||
			fail "$all DMA mappings ($pp page-sized DMA_FROM_DEVICE) still on $pci ${t} s after the traffic stopped and the driver was unloaded"
		sleep 1
		t=$((t + 1))
	done
	load_module >/tmp/rl.out || fail "after the traffic: $(cat /tmp/rl.out)"
	log "DMA-API counted $held mappings pending at $nheld of $cycles unbinds; none left ${t} s after the traffic stopped"
	back="; page_pool pages pending at $nheld unbinds, none left after the traffic"
fi
echo "$cycles rmmod/$MODLOAD cycles under iperf3 traffic, link and traffic back each time ($restarts iperf3 restarts)$back"

# SPDX-License-Identifier: GPL-2.0
# AF_XDP in copy mode and in zero-copy mode on the page_pool RX policy,
# with tests/xdp/lt-xsk.c (/lib/lt/lt-xsk): an XDP program in driver mode
# redirects the frames of EtherType 0x88b5 of the peer's XDP request to an
# XSKMAP by RX queue, one AF_XDP socket per RX queue takes them into user
# space, and the program sends each back through a socket's TX ring, MAC
# addresses swapped, as 52-xdp's XDP_TX program does:
#  - binding with XDP_ZEROCOPY succeeds (zero-copy mode), binding with
#    XDP_COPY gives copy mode, and a socket bound without either flag
#    gets zero-copy mode;
#  - then, once with the sockets bound with XDP_COPY and once with
#    XDP_ZEROCOPY (and need_wakeup: lt-xsk kicks a socket's TX only when
#    the driver asks for it), the checks below;
#  - a hashed download and upload while the sockets are bound stay
#    intact, every frame through the program (XDP_PASS);
#  - 4000 frames (1000 of 1514 bytes, 1500 of 700, 1500 of 60): every
#    frame the peer sent reaches user space and comes back byte for byte
#    (the peer's "good" count); the driver's ring counters
#    (rxN_xdp_redirect) moved by what each socket received (frames
#    without an IP header: all on queue 0, as RSS hashes IP only), no
#    XDP error, one new buffer per frame out of the ring (rx_buf_alloc),
#    synced for the device (rx_sync_dev_bytes): copy mode, whole; zero-
#    copy, each new UMEM buffer whole by its pool, and a frame passed to
#    the stack (copied) at most a buffer's length; and the pages back:
#    the free memory where it was over the last 3000 (a page lost per
#    frame would be 12 MiB);
#  - 1000 frames of 60 bytes beside a hashed download: the download
#    intact, every frame not redirected dropped by the chip's FIFO
#    (counted by the MAC), every redirected one taken and sent by user
#    space, those back at the peer intact (nine in ten);
#  - the zero-copy sockets bound again, the program now sending the
#    frames of odd sequence number back itself (lt-xsk -X: XDP_TX from
#    the zero-copy ring, beside the sockets' own TX of the others): 2000
#    frames of 1514 and 2000 of 60 bytes, every one back byte for byte,
#    half counted as XDP_TX and half redirected, no error, drop or slot
#    without a UMEM buffer; then the ring sizes changed four times while
#    bound (ethtool -G, RX 1024 and 128 and TX 256 and back), 1000 frames
#    after each the same way and no slot without a UMEM buffer (a ring's
#    buffers not given back to the pool would leave it none), a scratch
#    page mapped and one unmapped per change; then MTU
#    3000 refused (a frame no longer fits the 2048-byte chunk), the
#    reason and the largest MTU the chunks take in the kernel log, the
#    MTU kept and 1000 frames served after it; lt-xsk's counts match;
#  - 30 times (three rounds of 10, each under a hashed download and the
#    peer's XDP requests), a zero-copy socket bound to queue 0, echoing
#    for 0.5 s and closed again with frames in flight (lt-xsk -c), the
#    program attached throughout: each bind in zero-copy mode, frames
#    echoed while bound, the downloads intact, a scratch page mapped per
#    ring built on a UMEM and each unmapped again (rx_map_ops,
#    rx_unmap_ops), no UMEM kept over the last 20 (MemFree, caches
#    dropped, within 32 MiB: a UMEM of 4 MiB kept per bind would be 80
#    MiB; the free memory moves by several MiB with the page allocator's
#    per-CPU lists, and pages or mappings lost are what the debug
#    kernel's DMA-API checks find);
#  - once lt-xsk has ended, no program attached and a hashed download
#    intact.
# b0-msix only, our driver; in make check-full (about 2 min a kernel).
# sets: af-xdp
# timeout: 600

rxp_only_ours
[ "$CONFIG" = b0-msix ] || skip "XDP runs on b0-msix only"
XSK=/lib/lt/lt-xsk
. /lib/lt/scenarios/lib-xdp.sh
[ -x $XSK ] || skip "no lt-xsk in the image (it could not be built)"
[ -d /sys/fs/bpf ] || skip "no BPF system call in this kernel"
xpid=
trap '[ -z "$xpid" ] || kill $xpid 2>/dev/null; rxp_reset' EXIT
wait_peer 10 || fail "peer unreachable"
rxp_flags on on on || fail "cannot turn rx-page-pool on"
BL=$((RX_PAD + 18 + 1500 + 4))
NQ=$(find "/sys/class/net/$IF/queues" -maxdepth 1 -name "rx-*" | wc -l)
mb=4

# the binds: zero-copy, copy, and the kernel's choice (zero-copy)
out=$($XSK -z "$IF" 2>&1)
rc=$?
log "$out"
echo "$out" | grep -q '^zerocopy: bound, zero-copy mode' ||
	fail "XDP_ZEROCOPY bind: '$(echo "$out" | grep '^zerocopy')', want zero-copy mode"
echo "$out" | grep -q '^copy: bound, copy mode' ||
	fail "XDP_COPY bind: $out"
echo "$out" | grep -q '^auto: bound, zero-copy mode' ||
	fail "bind without a mode did not take zero-copy: $out"
[ $rc = 0 ] || fail "lt-xsk -z exited with $rc"
attached && fail "a program is attached after the binds"

# xsk_end WHAT N: stop the running lt-xsk (WHAT names it in messages),
# which must have received and sent N frames with nothing left over;
# its output in $out
xsk_end() {
	kill -INT $xpid
	wait $xpid
	rc=$?
	xpid=
	out=$(cat $xout)
	log "$out"
	[ $rc = 0 ] || fail "$1 exited with $rc"
	echo "$out" | grep -q "^total rx $2 tx $2 other 0 pending 0$" ||
		fail "$1: $(echo "$out" | grep '^total'), want $2 received and sent"
}

# af_xdp MODE: the checks above with the sockets bound in MODE (copy or
# zc); sets $total, $side, $good, $m0, $m2 for the summary
af_xdp() {
	mode=$1
	zflag=
	[ "$mode" = zc ] && zflag=-Z
	want_mode="copy mode"
	[ "$mode" = zc ] && want_mode="zero-copy mode"

	# the sockets bound, the program attached; a file of this mode's
	# own, which the wait for "ready" cannot find with the last run's
	xout=/tmp/xsk-$mode.out
	rm -f $xout
	$XSK $zflag "$IF" 0 500 >$xout 2>&1 &
	xpid=$!
	i=0
	until grep -q '^ready' $xout; do
		kill -0 $xpid 2>/dev/null || fail "lt-xsk ended: $(cat $xout)"
		i=$((i + 1))
		[ $i -lt 120 ] || fail "lt-xsk not ready after 60 s: $(cat $xout)"
		sleep 0.5
	done
	log "$(cat $xout)"
	grep -q "^lt-xsk: .*, $want_mode\$" $xout || fail "$mode: sockets not in $want_mode"
	attached || fail "no program attached while lt-xsk runs"
	wait_peer 20 || fail "peer unreachable with the sockets bound"

	# TCP while bound: intact, every frame through the program
	stats_snap $xdp_old
	download $((mb << 20)) || fail "download with the sockets bound"
	upload $((mb << 20)) || fail "upload with the sockets bound"
	stats_snap $xdp_new
	all_passed "TCP"
	[ "$(d rx_xdp_pass)" -gt 1000 ] || fail "TCP: only $(d rx_xdp_pass) frames passed"
	[ "$(d rx_xdp_redirect)" = 0 ] || fail "TCP: $(d rx_xdp_redirect) frames redirected"

	# exchange N SIZE: every frame in user space and back intact; the rings'
	# counters moved by as much, no error; a new buffer per frame out of the
	# ring (zero-copy: a new UMEM buffer, or the skb a passed frame is copied
	# into); synced whole for the device (redirected pages come back synced
	# whole; zero-copy, the pool syncs each new UMEM buffer's frame, and a
	# passed frame's buffer is synced again by at most a buffer)
	exchange() {
		stats_snap $xdp_old
		r=$(xdp echo "$1" "$2")
		stats_snap $xdp_new
		[ "$r" = "$1 $1" ] || fail "AF_XDP echo of $1 frames of $2 bytes: back/good $r"
		[ "$(d rx_xdp_redirect)" = "$1" ] ||
			fail "$2 bytes: rx_xdp_redirect grew by $(d rx_xdp_redirect), peer sent $1"
		[ "$(d rx_xdp_errors)" = 0 ] || fail "$2 bytes: rx_xdp_errors grew by $(d rx_xdp_errors)"
		[ "$(d rx_dropped)" = 0 ] || fail "$2 bytes: the driver dropped $(d rx_dropped)"
		ba=$(d rx_buf_alloc) sd=$(d rx_sync_dev_bytes)
		out=$(($(d rx_xdp_redirect) + $(d rx_xdp_pass)))
		log "$2 bytes: $out frames out of the ring, $ba buffers, sync_dev $sd"
		[ "$ba" = "$out" ] || fail "$2 bytes: $ba new buffers for $out frames out of the ring"
		if [ "$mode" = copy ]; then
			[ "$sd" = $((ba * BL)) ] ||
				fail "$2 bytes: rx_sync_dev_bytes grew by $sd, want $ba buffers of $BL"
			return
		fi
		extra=$((sd - $(d rx_xdp_redirect) * XF))
		[ $extra -ge 0 ] && [ $extra -le $(($(d rx_xdp_pass) * BL)) ] ||
			fail "$2 bytes: rx_sync_dev_bytes grew by $sd, want $(d rx_xdp_redirect) UMEM buffers of $XF and at most $(d rx_xdp_pass) of $BL"
	}
	# 1514-byte frames (the pools warm up), then 3000 frames with the free
	# memory measured around them, then 1000 beside a download
	stats_snap /tmp/x.start
	exchange 1000 1514
	m0=$(memfree)
	exchange 1500 700
	m1=$(memfree)
	exchange 1500 60
	m2=$(memfree)
	log "MemFree $m0 kB after 1000 frames, $m1 kB after 1500 more, $m2 kB after 1500 more"
	[ $((m0 - m2)) -lt 4096 ] || fail "free memory fell by $((m0 - m2)) kB over 3000 frames"
	N=1000 S=60
	timeout 300 sh -c "echo 'GET $((mb << 20))' | nc $PEER $PEER_PORT >/tmp/xdl" &
	dl=$!
	stats_snap $xdp_old
	r=$(xdp echo $N $S)
	wait $dl
	stats_snap $xdp_new
	want=$(head -c 64 /tmp/xdl)
	got=$(tail -c +66 /tmp/xdl | sha256sum | cut -d' ' -f1)
	rm -f /tmp/xdl
	[ "$got" = "$want" ] || fail "download beside the AF_XDP echo: sha256 $got, peer says $want"
	# beside the download the chip's FIFO may overflow (the peer does not
	# pause): any frame not redirected was dropped by the MAC; user space
	# takes and sends every redirected one (lt-xsk's counts below): every
	# frame that came back is intact, and nine in ten came back
	side=$(d rx_xdp_redirect) md=$(d rx_mac_dropped_frames)
	log "beside a download: $side redirected, MAC dropped $md, rx_dropped $(d rx_dropped), rx_xdp_errors $(d rx_xdp_errors), MemFree $(memfree) kB"
	back=${r% *} good=${r#* }
	{ [ -n "$r" ] && [ "$back" = "$good" ]; } ||
		fail "AF_XDP echo of $N frames of $S bytes beside a download: back/good $r, $side redirected"
	[ "$good" -ge $((side * 9 / 10)) ] ||
		fail "beside a download: $good of $side redirected frames came back in time"
	[ $((N - side)) -le "$md" ] ||
		fail "beside a download: $((N - side)) of $N frames missing, the MAC dropped $md"
	[ "$side" -ge $((N * 9 / 10)) ] || fail "beside a download: only $side of $N frames came in"
	[ "$(d rx_xdp_errors)" = 0 ] || fail "beside a download: rx_xdp_errors grew by $(d rx_xdp_errors)"
	total=$((4000 + side))
	stats_snap /tmp/x.end
	[ "$mode" = zc ] && [ "$(stats_delta /tmp/x.start /tmp/x.end rx_drop_alloc_fail)" != 0 ] &&
		fail "zero-copy: $(stats_delta /tmp/x.start /tmp/x.end rx_drop_alloc_fail) frames found no UMEM buffer"

	# lt-xsk ends once every frame went back: its counts and the rings'
	xsk_end lt-xsk $total
	q=0
	while [ $q -lt "$NQ" ]; do
		qgot=$(echo "$out" | sed -n "s/^queue $q rx \([0-9]*\) .*/\1/p")
		ring=$(stats_delta /tmp/x.start /tmp/x.end rx${q}_xdp_redirect)
		[ "$qgot" = "$ring" ] ||
			fail "queue $q: socket received ${qgot:-nothing}, rx${q}_xdp_redirect grew by $ring"
		echo "$out" | grep "^queue $q " | grep -q 'dropped 0 rx_invalid 0 tx_invalid 0 rx_ring_full 0 fill_empty 0$' ||
			fail "queue $q: the socket lost frames: $(echo "$out" | grep "^queue $q ")"
		q=$((q + 1))
	done
	attached && fail "$mode: a program is still attached after lt-xsk ended"
}

# a UMEM frame of lt-xsk (2048 bytes) after XDP's headroom
XF=$((2048 - 256))
af_xdp copy
copy_sum="$total frames ($side/$good beside a download), MemFree $m0 -> $m2 kB"
af_xdp zc
zc_sum="$total frames ($side/$good beside a download), MemFree $m0 -> $m2 kB"

# XDP_TX from the zero-copy rings beside the sockets' TX (lt-xsk -X: the
# program sends the frames of odd sequence number back itself), then the
# ring sizes changed and a larger MTU refused while the sockets stay bound
xout=/tmp/xsk-tx.out
$XSK -Z -X "$IF" 0 300 >$xout 2>&1 &
xpid=$!
i=0
until grep -q '^ready' $xout; do
	kill -0 $xpid 2>/dev/null || fail "lt-xsk -X ended: $(cat $xout)"
	i=$((i + 1))
	[ $i -lt 120 ] || fail "lt-xsk -X not ready after 60 s: $(cat $xout)"
	sleep 0.5
done
grep -q '^lt-xsk: .*, zero-copy mode$' $xout || fail "lt-xsk -X: not in zero-copy mode: $(cat $xout)"
wait_peer 20 || fail "peer unreachable with lt-xsk -X"
# mixed N SIZE WHAT: every frame back intact, half sent by the program
# (XDP_TX), half by the sockets; no error, every frame with a UMEM buffer
xrx=0
mixed() {
	stats_snap $xdp_old
	r=$(xdp echo "$1" "$2")
	stats_snap $xdp_new
	log "$3: back/good $r, rx_xdp_tx $(d rx_xdp_tx), rx_xdp_redirect $(d rx_xdp_redirect), tx0_packets $(d tx0_packets)"
	[ "$r" = "$1 $1" ] || fail "$3: back/good $r of $1 frames of $2 bytes"
	[ "$(d rx_xdp_tx)" = $(($1 / 2)) ] ||
		fail "$3: rx_xdp_tx grew by $(d rx_xdp_tx), want $(($1 / 2))"
	[ "$(d rx_xdp_redirect)" = $(($1 - $1 / 2)) ] ||
		fail "$3: rx_xdp_redirect grew by $(d rx_xdp_redirect), want $(($1 - $1 / 2))"
	for c in rx_xdp_errors rx_dropped rx_drop_alloc_fail rx_buf_alloc_fail; do
		[ "$(d $c)" = 0 ] || fail "$3: $c grew by $(d $c)"
	done
	xrx=$((xrx + $1 - $1 / 2))
}
mixed 2000 1514 "XDP_TX beside the sockets' TX"
mixed 2000 60 "XDP_TX beside the sockets' TX, 60 bytes"

# ring sizes: the rings rebuilt on the bound pools, twice each way (the
# pool's buffers a ring held must come back to it: a ring of 1024 left
# behind twice would leave 2048 frames' UMEM no buffer to give)
ring_of() { ethtool -g "$IF" | awk -v k="$1:" '/^Current/ { c = 1 } c && $1 == k { print $2; exit }'; }
rs0=$(ring_of RX) ts0=$(ring_of TX)
stats_snap /tmp/x.g0
for g in "rx 1024 tx 256" "rx 128 tx $ts0" "rx 1024 tx 256" "rx $rs0 tx $ts0"; do
	out=$(ethtool -G "$IF" $g 2>&1) || fail "ethtool -G $g with zero-copy sockets bound: $out"
	want=$(echo "$g" | cut -d' ' -f2,4)
	[ "$(ring_of RX) $(ring_of TX)" = "$want" ] ||
		fail "ethtool -G $g: rings now $(ring_of RX)/$(ring_of TX)"
	mixed 1000 700 "ethtool -G $g while bound"
done
stats_snap /tmp/x.g1
gd() { stats_delta /tmp/x.g0 /tmp/x.g1 "$1"; }
log "4 ring changes: rx0_map_ops $(gd rx0_map_ops), rx0_unmap_ops $(gd rx0_unmap_ops), rx0_buf_alloc_fail $(gd rx0_buf_alloc_fail)"
[ "$(gd rx0_buf_alloc_fail)" = 0 ] ||
	fail "4 ring changes while bound: $(gd rx0_buf_alloc_fail) slots found no UMEM buffer"
# each new ring of queue 0 maps a scratch page, each old one unmaps its own
{ [ "$(gd rx0_map_ops)" = 4 ] && [ "$(gd rx0_unmap_ops)" = 4 ]; } ||
	fail "4 ring changes while bound: queue 0 mapped $(gd rx0_map_ops) scratch pages and unmapped $(gd rx0_unmap_ops), want 4 and 4"
mixed 1000 1514 "back at rings of $rs0/$ts0"

# a frame of MTU 3000 does not fit lt-xsk's 2048-byte chunk: refused
# (ndo_change_mtu has no extack: the reason is in the kernel log), the
# sockets still bound and served
mtu0=$(mtu_of)
n0=$(dmesg | wc -l)
msg=$($IPR link set dev "$IF" mtu 3000 2>&1) &&
	fail "MTU 3000 accepted with zero-copy sockets of 2048-byte chunks bound"
why=$(dmesg | tail -n +$((n0 + 1)) | grep 'UMEM chunk')
log "MTU 3000: $msg; $why"
[ -n "$why" ] ||
	fail "MTU 3000 refused without the chunk as the reason: $msg, log: $(dmesg | tail -n +$((n0 + 1)))"
# the limit it names: a frame of that MTU, its VLAN tag and FCS, in 1792
lim=$(echo "$why" | sed -n 's/.*(at most MTU \([0-9]*\)).*/\1/p')
{ [ -n "$lim" ] && [ "$lim" -ge 1500 ] && [ $((lim + 22)) -le $XF ]; } ||
	fail "MTU 3000 refused, but the limit named is ${lim:-none}: $why"
[ "$(mtu_of)" = "$mtu0" ] || fail "MTU now $(mtu_of) after a refusal"
mixed 1000 1514 "after the refused MTU"

xsk_end "lt-xsk -X" $xrx
echo "$out" | grep '^queue 0 ' | grep -q 'dropped 0 rx_invalid 0 tx_invalid 0 rx_ring_full 0 fill_empty 0$' ||
	fail "lt-xsk -X: queue 0's socket lost frames: $(echo "$out" | grep '^queue 0 ')"
attached && fail "a program is still attached after lt-xsk -X ended"

# a zero-copy socket bound and closed 10 times under a download, the
# peer's 0x88b5 frames meanwhile, so that sockets close with frames in
# flight both ways; adds what came in while bound to $crx
crx=0
bind_cycles() {
	timeout 300 sh -c "echo 'GET $((8 << 20))' | nc $PEER $PEER_PORT >/tmp/xdl" &
	dl=$!
	$XSK -c 10 "$IF" >/tmp/xsk.cyc 2>&1 &
	cpid=$!
	while kill -0 $cpid 2>/dev/null; do
		xdp echo 300 60 >/dev/null
	done
	wait $cpid
	rc=$?
	out=$(cat /tmp/xsk.cyc)
	wait $dl
	log "$(echo "$out" | tail -n 1)"
	want=$(head -c 64 /tmp/xdl)
	got=$(tail -c +66 /tmp/xdl | sha256sum | cut -d' ' -f1)
	rm -f /tmp/xdl
	[ $rc = 0 ] || fail "lt-xsk -c 10 exited with $rc: $(echo "$out" | tail -n 3)"
	[ "$(echo "$out" | grep -c '^cycle [0-9]*: zero-copy mode')" = 10 ] ||
		fail "not every bind of 10 in zero-copy mode: $(echo "$out" | grep -v 'zero-copy mode' | head -n 3)"
	[ "$got" = "$want" ] || fail "download beside 10 zero-copy binds: sha256 $got, peer says $want"
	r=$(echo "$out" | sed -n 's/^cycles 10 rx \([0-9]*\)$/\1/p')
	crx=$((crx + ${r:-0}))
	attached && fail "a program is still attached after lt-xsk -c"
}
# free memory once the caches are dropped and the last socket's UMEM went
settled_memfree() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	sleep 2
	memfree
}
# three rounds: the first one for the caches to grow, the two others
# measured
wait_peer 20 || fail "peer unreachable after lt-xsk ended"
stats_snap $xdp_old
bind_cycles
m0=$(settled_memfree)
bind_cycles
bind_cycles
m2=$(settled_memfree)
stats_snap $xdp_new
[ "$crx" -gt 0 ] || fail "30 binds: no frame of the peer's came in while bound"
maps=$(d rx_map_ops) unmaps=$(d rx_unmap_ops)
log "30 binds: rx_map_ops $maps, rx_unmap_ops $unmaps, rx_xdp_redirect $(d rx_xdp_redirect) ($crx to the sockets), rx_dropped $(d rx_dropped)"
[ "$maps" -ge 30 ] || fail "30 binds: only $maps scratch pages mapped"
[ "$unmaps" -ge "$maps" ] || fail "30 binds: $maps pages mapped, $unmaps unmapped"
log "MemFree $m0 kB after 10 binds, $m2 kB after 20 more"
[ $((m0 - m2)) -lt 32768 ] || fail "free memory fell by $((m0 - m2)) kB over 20 zero-copy binds"

# after it: no program, traffic intact
wait_peer 20 || fail "peer unreachable after lt-xsk ended"
download $((mb << 20)) || fail "download after lt-xsk ended"
echo "AF_XDP: zero-copy, copy and default binds; copy mode: $copy_sum; zero-copy mode: $zc_sum; $((2 * xrx)) frames half by XDP_TX from the zero-copy ring, half by the sockets, over 4 ring size changes and a refused MTU (limit $lim) while bound; each with TCP intact while bound, every frame to user space and back intact, ring counters, no page lost; 30 zero-copy binds under downloads: intact, $crx frames echoed while bound, scratch pages $maps mapped/$unmaps unmapped, MemFree $m0 -> $m2 kB over the last 20; detached"

# SPDX-License-Identifier: GPL-2.0
# Native XDP on the page_pool RX policy, with real programs (tests/xdp/,
# compiled with clang -target bpf into /lib/lt/xdp/) loaded by
# ip link set ... xdpdrv.  They act on frames of EtherType 0x88b5 that the
# peer's XDP request sends and pass the rest:
#  - refused, with its message and nothing attached, on the legacy policy;
#  - XDP_DROP drops exactly the frames the peer sent (rx_xdp_drop), and
#    gives their buffers back to the device syncing only what the device
#    wrote (rx_sync_dev_bytes: a whole buffer per refill, the frame for a
#    drop);
#  - XDP_PASS keeps traffic intact (hashed transfer, every frame passed);
#  - XDP_TX reflects every frame, byte for byte (the peer compares; on
#    the debug kernel every frame it sent, one that found the TX ring
#    full counted as an error);
#  - bpf_xdp_adjust_meta/head/tail shape a frame sent back with XDP_TX;
#  - XDP_ABORTED drops and counts errors;
#  - XDP_REDIRECT to a veth (its peer counts the frames) and to the
#    interface itself (ndo_xdp_xmit: the peer sees them back, and the
#    pages come back to the pool synced for the device only up to the
#    frame's end: rx_sync_dev_bytes), shaped first too (the bytes cut off
#    the tail synced as the frame leaves the ring);
#  - programs replaced, attached and detached under a download that stays
#    intact; an MTU beyond one page and the legacy policy refused while a
#    program is attached.
# b0-msix only (the interrupt mode changes nothing here): 45 to 70 s.
# sets: quick full
# timeout: 600

rxp_only_ours
[ "$CONFIG" = b0-msix ] || skip "XDP runs on b0-msix only"
XDP=/lib/lt/xdp
. /lib/lt/scenarios/lib-xdp.sh
. /lib/lt/scenarios/lib-traffic.sh
[ -f $XDP/drop.o ] || skip "no XDP programs in the image (no clang on the host)"
# the kernel makes /sys/fs/bpf with the bpf() system call
[ -d /sys/fs/bpf ] || skip "no BPF system call in this kernel"
trap '$IPR link set dev "$IF" xdpdrv off 2>/dev/null; $IPR link del lt-veth0 2>/dev/null; rxp_reset' EXIT
wait_peer 10 || fail "peer unreachable"
# -force: replace a program in place (ip refuses by default)
attach() { $IPR -force link set dev "$IF" xdpdrv obj "$XDP/$1.o" sec xdp; }
BL=$((RX_PAD + 18 + 1500 + 4))

# the legacy policies: refused, with the reason
rxp_flags on on off || fail "cannot turn rx-page-pool off"
msg=$(attach drop 2>&1) && fail "XDP attached on the fresh-buffer policy"
log "fresh-buffer policy: $msg"
echo "$msg" | grep -q "page_pool RX policy" || fail "no reason given: $msg"
attached && fail "a program is attached after the refusal"
rxp_flags on on on || fail "cannot turn rx-page-pool on"

# XDP_DROP: exactly the peer's frames, synced back for the device by what
# the device wrote (frame, FCS and pad), not by whole buffers
attach drop || fail "cannot attach drop.o"
attached || fail "drop.o not shown as attached"
wait_peer 10 || fail "peer unreachable with drop.o"
N=400 S=200
stats_snap $xdp_old
r=$(xdp none $N $S)
stats_snap $xdp_new
[ "$r" = "0 0" ] || fail "XDP_DROP: frames came back: $r"
[ "$(d rx_xdp_drop)" = $N ] || fail "XDP_DROP: rx_xdp_drop grew by $(d rx_xdp_drop), peer sent $N"
sd=$(d rx_sync_dev_bytes) ba=$(d rx_buf_alloc)
want=$((ba * BL + N * (S + 4 + RX_PAD)))
log "drop: sync_dev $sd, $ba refills of $BL, $N drops of $((S + 4 + RX_PAD))"
[ "$sd" = "$want" ] || fail "XDP_DROP: rx_sync_dev_bytes grew by $sd, want $want ($ba whole buffers, $N frames)"

# XDP_PASS (replacing the program in place): traffic intact, every frame
# through the program
attach pass || fail "cannot replace drop.o by pass.o"
mb=4
stats_snap $xdp_old
download $((mb << 20)) || fail "download through XDP_PASS"
upload $((mb << 20)) || fail "upload through XDP_PASS"
stats_snap $xdp_new
all_passed "XDP_PASS"
[ "$(d rx_xdp_pass)" -gt 1000 ] || fail "XDP_PASS: only $(d rx_xdp_pass) frames passed"

# sent_back WHAT N: the peer's answer $r to N frames the program sent
# back with XDP_TX: every one back as the program made it.  The debug
# kernel takes the peer's frames in bursts of a whole RX ring (flow
# control holds them meanwhile) faster than TX completions free the TX
# ring: there a frame that found it full is an error, counted (13 of 200
# seen on a loaded host), and every frame sent back comes back.
sent_back() {
	tx=$(d rx_xdp_tx) err=$(d rx_xdp_errors)
	if [ "$TSCALE" -gt 1 ]; then
		log "$1: rx_xdp_tx $tx rx_xdp_errors $err"
		[ "$r" = "$tx $tx" ] || fail "$1: back/good $r, rx_xdp_tx grew by $tx"
		[ $((tx + err)) = "$2" ] || fail "$1: rx_xdp_tx $tx + rx_xdp_errors $err != $2"
		[ "$tx" -ge $(($2 * 9 / 10)) ] || fail "$1: only $tx of $2 sent back"
		return
	fi
	[ "$r" = "$2 $2" ] || fail "$1: back/good $r of $2"
	[ "$tx" = "$2" ] || fail "$1: rx_xdp_tx grew by $tx"
}

# XDP_TX: every frame back, as the program made it
attach tx || fail "cannot attach tx.o"
N=300 S=300
stats_snap $xdp_old
r=$(xdp echo $N $S)
stats_snap $xdp_new
sent_back XDP_TX $N

# adjust_meta/head/tail, then XDP_TX
attach shape || fail "cannot attach shape.o"
stats_snap $xdp_old
r=$(xdp shape 200 200)
stats_snap $xdp_new
sent_back "shaped XDP_TX" 200

# XDP_ABORTED
attach abort || fail "cannot attach abort.o"
stats_snap $xdp_old
r=$(xdp none 100 100)
stats_snap $xdp_new
[ "$r" = "0 0" ] || fail "XDP_ABORTED: frames came back: $r"
[ "$(d rx_xdp_errors)" = 100 ] || fail "XDP_ABORTED: rx_xdp_errors grew by $(d rx_xdp_errors)"

# XDP_REDIRECT to a veth (its peer runs XDP_PASS so that it takes XDP
# frames) and to ourselves (ndo_xdp_xmit)
attach redir || fail "cannot attach redir.o"
modprobe veth 2>/dev/null
if $IPR link add lt-veth0 index 100 type veth peer name lt-veth1 index 101 2>/dev/null; then
	# no IPv6 there: neighbour discovery would add frames of its own
	for v in lt-veth0 lt-veth1; do
		echo 1 >/proc/sys/net/ipv6/conf/$v/disable_ipv6 2>/dev/null
	done
	$IPR link set lt-veth0 up && $IPR link set lt-veth1 up
	$IPR link set dev lt-veth1 xdpdrv obj $XDP/pass.o sec xdp || fail "cannot attach pass.o to veth"
	v0=$(cat /sys/class/net/lt-veth1/statistics/rx_packets)
	stats_snap $xdp_old
	r=$(xdp none 200 200 100)
	stats_snap $xdp_new
	v=$(($(cat /sys/class/net/lt-veth1/statistics/rx_packets) - v0))
	[ "$r" = "0 0" ] || fail "XDP_REDIRECT to veth: frames came back: $r"
	[ "$v" = 200 ] || fail "XDP_REDIRECT to veth: it received $v of 200"
	[ "$(d rx_xdp_redirect)" = 200 ] || fail "XDP_REDIRECT: rx_xdp_redirect grew by $(d rx_xdp_redirect)"
	$IPR link del lt-veth0
	vnote="to a veth and"
else
	log "no veth in this guest: redirect to ourselves only"
	vnote=
fi
stats_snap $xdp_old
r=$(xdp echo 200 200 "$(cat /sys/class/net/$IF/ifindex)")
stats_snap $xdp_new
[ "$r" = "200 200" ] || fail "XDP_REDIRECT to ourselves: back/good $r of 200"
[ "$(d tx0_xdp_xmit)" = 200 ] || fail "ndo_xdp_xmit: tx0_xdp_xmit grew by $(d tx0_xdp_xmit)"
# ... and each page came back to its pool synced for the device up to the
# frame's end (RX pad and frame), not by a whole buffer: a refill counts a
# whole buffer, our TX completion of a redirected frame takes back the
# rest.  The completions may trail the peer's count by a moment.
S=200
sd_want() { echo $(($(d rx_buf_alloc) * BL - $(d rx_xdp_redirect) * (BL - RX_PAD - S))); }
# redirect_synced WHAT [HOW]: rx_sync_dev_bytes as sd_want says
redirect_synced() {
	i=0
	while [ "$(d rx_sync_dev_bytes)" != "$(sd_want)" ] && [ $i -lt 20 ]; do
		sleep 0.1
		stats_snap $xdp_new
		i=$((i + 1))
	done
	sd=$(d rx_sync_dev_bytes) ba=$(d rx_buf_alloc)
	log "$1: sync_dev $sd, $ba refills of $BL, $(d rx_xdp_redirect) frames back synced by $((RX_PAD + S))$2"
	[ "$sd" = "$(sd_want)" ] ||
		fail "$1: rx_sync_dev_bytes grew by $sd, want $(sd_want) ($ba whole buffers, $(d rx_xdp_redirect) of them back synced by $((RX_PAD + S))$2)"
}
redirect_synced "XDP_REDIRECT to ourselves"

# Shaped, then redirected to ourselves: the 8 bytes the program cut off
# the tail were the CPU's; the ring syncs them for the device as the frame
# leaves, the completion up to the frame's new end: S in all again.
attach shaperedir || fail "cannot attach shaperedir.o"
stats_snap $xdp_old
r=$(xdp shape 200 200 "$(cat /sys/class/net/$IF/ifindex)")
stats_snap $xdp_new
[ "$r" = "200 200" ] || fail "shaped XDP_REDIRECT to ourselves: back/good $r of 200"
redirect_synced "shaped XDP_REDIRECT to ourselves" " (8 of them when it left, the rest at its return)"

# refused while attached, the program kept
msg=$($IPR link set dev "$IF" mtu 9000 2>&1) && fail "MTU 9000 accepted with XDP"
[ "$(mtu_of)" = 1500 ] || fail "MTU changed to $(mtu_of)"
ethtool --set-priv-flags "$IF" rx-page-pool off 2>/dev/null &&
	fail "rx-page-pool off accepted with XDP"
[ "$(rxp_flag rx-page-pool)" = on ] || fail "rx-page-pool went off"
attached || fail "the program went with a refusal"

# attach, replace and detach under traffic: 10 cycles, 100 where DMA-API
# debugging watches every mapping (the debug kernel)
cycles=10
[ ! -r "$DMA_DUMP" ] || cycles=100
timeout $((300 * TSCALE)) sh -c "echo 'GET $((mb << 20))' | nc $PEER $PEER_PORT >/tmp/xdl" &
dl=$!
i=0
while [ $i -lt $cycles ]; do
	$IPR link set dev "$IF" xdpdrv off || fail "cannot detach ($i)"
	attach pass || fail "cannot attach pass.o under traffic ($i)"
	attach drop || fail "cannot replace by drop.o under traffic ($i)"
	i=$((i + 1))
done
$IPR link set dev "$IF" xdpdrv off || fail "cannot detach"
wait $dl
want=$(head -c 64 /tmp/xdl)
got=$(tail -c +66 /tmp/xdl | sha256sum | cut -d' ' -f1)
[ "$got" = "$want" ] || fail "download under attach/detach: sha256 $got, peer says $want"
attached && fail "still attached after detach"
download $((mb << 20)) || fail "download after detach"
# the debug kernel: every page and mapping back after the cycles
drained=$(reload_drained) || fail "$drained"
echo "XDP drop/pass/tx/shape/abort/redirect ($vnote ourselves), legacy refused, $cycles attach/replace/detach cycles under traffic$drained"

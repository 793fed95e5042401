# SPDX-License-Identifier: GPL-2.0
# Multi-buffer XDP (programs in section xdp.frags, loaded with
# BPF_F_XDP_HAS_FRAGS) on the page_pool RX policy, with the programs of
# 52-xdp built for that section (tests/xdp/, f-<action>.o):
#  - at MTU 9000 a program without fragments is refused, with its reason
#    and nothing attached; one with fragments is taken;
#  - XDP_PASS: jumbo pings and a hashed download and upload intact, every
#    frame through the program, the jumbo ones in several buffers;
#  - XDP_DROP drops exactly the peer's 9000-byte frames (rx_xdp_drop);
#  - XDP_TX sends 9014-byte frames back byte for byte (the peer compares);
#  - bpf_xdp_adjust_tail() on the last fragment (the shape program, XDP_TX);
#  - XDP_REDIRECT of jumbo frames to the interface itself (ndo_xdp_xmit
#    with fragments; before 6.3 the kernel refuses it: counted errors);
#  - no page lost: thousands of jumbo frames dropped and sent back leave
#    the free memory where it was (a lost page per buffer would be MiBs);
#  - at MTU 1500 with rx-buf-len 512 (frames of up to 4 buffers): a
#    program without fragments refused, one with them passes a hashed
#    download and sends 1514-byte frames back intact (5.17 and later).
# b0-msix only, our driver; in make check-full (about 2 minutes).
# sets: xdp-frags
# timeout: 600

rxp_only_ours
[ "$CONFIG" = b0-msix ] || skip "XDP runs on b0-msix only"
XDP=/lib/lt/xdp
. /lib/lt/scenarios/lib-xdp.sh
[ -f $XDP/f-drop.o ] || skip "no XDP programs in the image (no clang on the host)"
[ -d /sys/fs/bpf ] || skip "no BPF system call in this kernel"
trap '$IPR link set dev "$IF" xdpdrv off 2>/dev/null; rxp_reset' EXIT
wait_peer 10 || fail "peer unreachable"
kv=$(uname -r | awk -F. '{ print $1 * 100 + $2 }')
attach() { $IPR -force link set dev "$IF" xdpdrv obj "$XDP/$1.o" sec "$2"; }
attachf() { attach "f-$1" xdp.frags; }

# XDP_TX of a poll's 64 jumbo frames takes 192 descriptors
ethtool -G "$IF" tx 1024 || fail "cannot set 1024 TX descriptors"
set_mtu 9000 || fail "cannot set MTU 9000"
wait_peer 20 || fail "peer unreachable at MTU 9000"

# a program that takes one buffer per frame: refused at MTU 9000
msg=$(attach pass xdp 2>&1) && fail "pass.o (no fragments) attached at MTU 9000"
log "MTU 9000, no fragments: $msg"
echo "$msg" | grep -q "xdp.frags" || fail "no reason given: $msg"
attached && fail "a program is attached after the refusal"

# XDP_PASS with fragments: traffic intact, every frame through it
attachf pass || fail "cannot attach f-pass.o at MTU 9000"
attached || fail "f-pass.o not shown as attached"
wait_peer 20 || fail "peer unreachable with f-pass.o"
mb=4
stats_snap $xdp_old
ping_sizes 56 1472 4000 8972 || fail "jumbo ping through f-pass.o"
download $((mb << 20)) || fail "download through f-pass.o at MTU 9000"
upload $((mb << 20)) || fail "upload through f-pass.o at MTU 9000"
stats_snap $xdp_new
log "pass: packets $(d rx_packets) xdp_pass $(d rx_xdp_pass) multi-buffer $(d rx_multi_buf_frames)"
all_passed "XDP_PASS"
[ "$(d rx_multi_buf_frames)" -gt 400 ] ||
	fail "XDP_PASS: only $(d rx_multi_buf_frames) frames in several buffers"
[ "$(d rx_xdp_errors)" = 0 ] || fail "XDP_PASS: rx_xdp_errors grew by $(d rx_xdp_errors)"

# XDP_DROP of jumbo frames, exactly the peer's; then XDP_TX of jumbo
# frames, each back intact; the free memory afterwards where it was
m0=$(memfree)
attachf drop || fail "cannot attach f-drop.o"
N=2000 S=9000
stats_snap $xdp_old
r=$(xdp none $N $S)
stats_snap $xdp_new
[ "$r" = "0 0" ] || fail "XDP_DROP: frames came back: $r"
[ "$(d rx_xdp_drop)" = $N ] || fail "XDP_DROP: rx_xdp_drop grew by $(d rx_xdp_drop), peer sent $N"
[ "$(d rx_multi_buf_frames)" = $N ] ||
	fail "XDP_DROP: $(d rx_multi_buf_frames) multi-buffer frames of $N"
[ "$(d rx_dropped)" = 0 ] || fail "XDP_DROP: the driver dropped $(d rx_dropped)"

attachf tx || fail "cannot attach f-tx.o"
N=1000 S=9014
stats_snap $xdp_old
r=$(xdp echo $N $S)
stats_snap $xdp_new
# every frame the program sent back comes back intact; one that found
# the TX ring full is an error, counted (the peer sends faster than the
# wire's 1 Gb/s: on a loaded host up to a tenth of them)
log "tx: rx_xdp_tx $(d rx_xdp_tx) rx_xdp_errors $(d rx_xdp_errors)"
[ "$r" = "$(d rx_xdp_tx) $(d rx_xdp_tx)" ] ||
	fail "XDP_TX of $S-byte frames: back/good $r, rx_xdp_tx grew by $(d rx_xdp_tx)"
[ $(($(d rx_xdp_tx) + $(d rx_xdp_errors))) = $N ] ||
	fail "XDP_TX: rx_xdp_tx $(d rx_xdp_tx) + rx_xdp_errors $(d rx_xdp_errors) != $N"
[ "$(d rx_xdp_tx)" -ge $((N / 2)) ] || fail "XDP_TX: only $(d rx_xdp_tx) of $N sent back"
m1=$(memfree)
# 3000 frames of 3 buffers: a page lost per buffer would be 35 MiB
log "MemFree before $m0 kB, after $m1 kB"
[ $((m0 - m1)) -lt 12288 ] || fail "free memory fell by $((m0 - m1)) kB over 3000 jumbo frames dropped and sent back"

# bpf_xdp_adjust_tail() on the last fragment (and meta/head on the first)
attachf shape || fail "cannot attach f-shape.o"
r=$(xdp shape 200 9000)
[ "$r" = "200 200" ] || fail "shaped XDP_TX of 9000-byte frames: back/good $r of 200"

# XDP_REDIRECT to ourselves: ndo_xdp_xmit with fragments.  Before 6.3
# the kernel redirects frames with fragments to CPU maps only: the driver
# counts the failure and keeps the pages.
attachf redir || fail "cannot attach f-redir.o"
stats_snap $xdp_old
r=$(xdp echo 200 9000 "$(cat /sys/class/net/$IF/ifindex)")
stats_snap $xdp_new
log "redirect: rx_xdp_redirect $(d rx_xdp_redirect) errors $(d rx_xdp_errors) xmit $(d tx0_xdp_xmit)"
if [ "$kv" -ge 603 ]; then
	[ "$r" = "200 200" ] || fail "XDP_REDIRECT of 9000-byte frames to ourselves: back/good $r of 200"
	[ "$(d tx0_xdp_xmit)" = 200 ] || fail "ndo_xdp_xmit: tx0_xdp_xmit grew by $(d tx0_xdp_xmit)"
	rd="redirect"
else
	[ "$r" = "0 0" ] || fail "XDP_REDIRECT with fragments on $(uname -r): back/good $r"
	[ "$(d rx_xdp_errors)" = 200 ] || fail "XDP_REDIRECT refused by the kernel: rx_xdp_errors grew by $(d rx_xdp_errors)"
	rd="redirect refused by $(uname -r)"
fi
m2=$(memfree)
log "MemFree at the end $m2 kB"
[ $((m0 - m2)) -lt 12288 ] || fail "free memory fell by $((m0 - m2)) kB over 3400 jumbo frames"

$IPR link set dev "$IF" xdpdrv off || fail "cannot detach"
restore_mtu
wait_peer 20 || fail "peer unreachable back at MTU 1500"

# MTU 1500 in buffers of 512 bytes: frames of up to 4 buffers (every
# kernel with multi-buffer XDP has rx-buf-len, 5.17)
if ethtool -G "$IF" rx-buf-len 512; then
	wait_peer 20 || fail "peer unreachable with rx-buf-len 512"
	msg=$(attach pass xdp 2>&1) && fail "pass.o (no fragments) attached with rx-buf-len 512"
	echo "$msg" | grep -q "xdp.frags" || fail "no reason given: $msg"
	attachf pass || fail "cannot attach f-pass.o with rx-buf-len 512"
	wait_peer 20 || fail "peer unreachable with f-pass.o, rx-buf-len 512"
	stats_snap $xdp_old
	download $((mb << 20)) || fail "download through f-pass.o, rx-buf-len 512"
	stats_snap $xdp_new
	all_passed "rx-buf-len 512"
	[ "$(d rx_multi_buf_frames)" -gt 1000 ] ||
		fail "rx-buf-len 512: only $(d rx_multi_buf_frames) frames in several buffers"
	attachf tx || fail "cannot attach f-tx.o with rx-buf-len 512"
	stats_snap $xdp_old
	r=$(xdp echo 300 1514)
	stats_snap $xdp_new
	log "tx (512-byte buffers): rx_xdp_tx $(d rx_xdp_tx) rx_xdp_errors $(d rx_xdp_errors)"
	[ "$r" = "$(d rx_xdp_tx) $(d rx_xdp_tx)" ] ||
		fail "XDP_TX of 1514-byte frames in 512-byte buffers: back/good $r, rx_xdp_tx grew by $(d rx_xdp_tx)"
	[ $(($(d rx_xdp_tx) + $(d rx_xdp_errors))) = 300 ] ||
		fail "XDP_TX (512-byte buffers): rx_xdp_tx + rx_xdp_errors != 300"
	[ "$(d rx_xdp_tx)" -ge 150 ] || fail "XDP_TX (512-byte buffers): only $(d rx_xdp_tx) of 300 sent back"
	$IPR link set dev "$IF" xdpdrv off || fail "cannot detach"
	bl="rx-buf-len 512: pass, tx;"
else
	[ "$kv" -lt 517 ] || fail "cannot set rx-buf-len 512"
	bl="(no rx-buf-len in this kernel)"
fi
echo "XDP frags at MTU 9000: refusal, pass (ping, transfers), drop, tx, adjust_tail, $rd, no page lost; $bl"

# SPDX-License-Identifier: GPL-2.0
# XDP RX metadata (kfuncs, Linux 6.3 on) on the page_pool RX path: a
# program bound to the device (tests/xdp/lt-xdpmeta.c, loaded by
# /lib/lt/lt-xdpmeta with prog_ifindex and BPF_F_XDP_DEV_BOUND_ONLY) calls
# bpf_xdp_metadata_rx_timestamp() and bpf_xdp_metadata_rx_hash() on each
# of the peer's frames of EtherType 0x88b5 and drops it; its map says
# what they returned:
#  - hardware RX timestamps off (hwstamp_ctl -r 0): -ENODATA for every
#    frame;
#  - on for every frame (-r 1): a timestamp for every frame, none 0, none
#    earlier than the one before, all between readings of the PHC taken
#    before the peer sends and after;
#  - the same for 9000-byte frames in several buffers (the program built
#    for xdp.frags, at MTU 9000);
#  - rx_hash: -EOPNOTSUPP for every frame, the driver offers no RSS hash;
#  - the same (timestamps off, then on for 300- and 1514-byte frames) on
#    a zero-copy ring: an AF_XDP socket bound to queue 0 with
#    XDP_ZEROCOPY (lt-xsk -b, no program of its own) before the program
#    is attached, queue 0's ring rebuilt on its UMEM (a scratch page
#    mapped), every frame dropped from it, synced for the CPU as the pool
#    does it (its frame of 1792 bytes);
#  - the same program not bound to the device: refused by the kernel.
# Linux before 6.3 has no such kfuncs: skipped there, with the reason.
# b0-msix only, our driver; in make check-full on 6.12 and 7.2 (about
# 1 minute each).
# sets: xdp-metadata
# timeout: 400

rxp_only_ours
[ "$CONFIG" = b0-msix ] || skip "XDP runs on b0-msix only"
kv=$(uname -r | awk -F. '{ print $1 * 100 + $2 }')
[ "$kv" -ge 603 ] ||
	skip "Linux $(uname -r) has no XDP RX metadata kfuncs (6.3 brought them)"
LD=/lib/lt/lt-xdpmeta
XDP=/lib/lt/xdp
{ [ -x $LD ] && [ -f $XDP/meta.o ]; } ||
	skip "no XDP metadata program or loader in this image (no clang or libbpf on the host)"
command -v hwstamp_ctl >/dev/null || skip "linuxptp is not in this image"
IPR=/bin/ip
PIN=/sys/fs/bpf/lt-xdpmeta
XSK=/lib/lt/lt-xsk
xpid=
trap '[ -z "$xpid" ] || kill $xpid 2>/dev/null
	hwstamp_ctl -i "$IF" -t 0 -r 0 >/dev/null 2>&1
	$IPR link set dev "$IF" xdpdrv off 2>/dev/null; rm -f $PIN; rxp_reset' EXIT
grep -q ' /sys/fs/bpf bpf ' /proc/mounts || mount -t bpf bpf /sys/fs/bpf ||
	fail "cannot mount the BPF file system"
wait_peer 10 || fail "peer unreachable"
phc=$(ethtool -T "$IF" | sed -n 's/^PTP Hardware Clock: *\([0-9][0-9]*\)$/\1/p')
{ [ -n "$phc" ] && [ -e "/dev/ptp$phc" ]; } || fail "ethtool -T names no PTP clock"
PHC=/dev/ptp$phc
o=/tmp/x.old
n=/tmp/x.new

# attach OBJ [unbound]: OBJ's program on $IF in driver mode
attach() {
	$IPR link set dev "$IF" xdpdrv off 2>/dev/null
	out=$($LD attach "$IF" "$XDP/$1" ${2:+"$2"} 2>&1) ||
		fail "lt-xdpmeta attach $1 $2: $out"
	log "$out"
	wait_peer 20 || fail "peer unreachable with $1 attached"
}
# m NAME: an entry of the program's map, as last read by run
m() { sed -n "s/^$1 //p" /tmp/meta; }
# run N SIZE WHAT: the peer sends N frames of SIZE bytes; every one must
# have gone through the program; PHC readings before and after in p0, p1
run() {
	$LD reset || fail "cannot reset the program's map"
	p0=$($LD phc "$PHC") || fail "cannot read $PHC"
	stats_snap $o
	r=$(peer_cmd "XDP none $1 $2")
	stats_snap $n
	p1=$($LD phc "$PHC") || fail "cannot read $PHC"
	log "peer: $r"
	$LD dump >/tmp/meta || fail "cannot read the program's map"
	log "$3: $(tr '\n' ' ' </tmp/meta)(PHC $p0 to $p1)"
	[ "$(m frames)" = "$1" ] ||
		fail "$3: the program saw $(m frames) of the peer's $1 frames ($r)"
}
# nodata WHAT: rx_timestamp said -ENODATA for every frame
nodata() {
	[ "$(m ts_nodata)" = "$(m frames)" ] ||
		fail "$1: rx_timestamp -ENODATA for $(m ts_nodata) of $(m frames) frames (timestamps $(m ts_ok), -EOPNOTSUPP $(m ts_notsupp), other $(m ts_other))"
}
# stamped WHAT: a timestamp for every frame, in order, between p0 and p1
stamped() {
	[ "$(m ts_ok)" = "$(m frames)" ] ||
		fail "$1: a timestamp for $(m ts_ok) of $(m frames) frames (-ENODATA $(m ts_nodata), -EOPNOTSUPP $(m ts_notsupp), other $(m ts_other))"
	[ "$(m ts_zero)" = 0 ] || fail "$1: $(m ts_zero) timestamps of 0"
	[ "$(m ts_back)" = 0 ] ||
		fail "$1: $(m ts_back) timestamps earlier than the frame's before"
	f=$(m ts_first) l=$(m ts_last)
	{ [ "$f" -ge "$p0" ] && [ "$l" -ge "$f" ] && [ "$p1" -ge "$l" ]; } ||
		fail "$1: timestamps $f to $l, not within the PHC's $p0 to $p1"
	log "$1: timestamps over $(((l - f) / 1000)) us, $(((f - p0) / 1000)) us after the PHC's first reading, $(((p1 - l) / 1000)) us before its second"
}
# nohash WHAT: rx_hash -EOPNOTSUPP for every frame
nohash() {
	[ "$(m hash_notsupp)" = "$(m frames)" ] ||
		fail "$1: rx_hash -EOPNOTSUPP for $(m hash_notsupp) of $(m frames) frames (hash $(m hash_ok), -ENODATA $(m hash_nodata), other $(m hash_other))"
}

N=200
attach meta.o
hwstamp_ctl -i "$IF" -t 0 -r 0 >/dev/null || fail "hwstamp_ctl -r 0 failed"
run $N 300 "timestamps off"
nodata "timestamps off"
nohash "timestamps off"

# HWTSTAMP_FILTER_ALL
hwstamp_ctl -i "$IF" -t 0 -r 1 >/dev/null || fail "hwstamp_ctl -r 1 failed"
run $N 300 "every frame stamped"
stamped "every frame stamped"
nohash "every frame stamped"
run $N 1514 "every frame stamped, 1514 bytes"
stamped "every frame stamped, 1514 bytes"

# frames of several buffers through a multi-buffer program (one without
# fragments would not allow MTU 9000)
$IPR link set dev "$IF" xdpdrv off || fail "cannot detach"
set_mtu 9000 || fail "cannot set MTU 9000"
wait_peer 20 || fail "peer unreachable at MTU 9000"
attach f-meta.o
run $N 9000 "9000-byte frames"
[ "$(stats_delta $o $n rx_multi_buf_frames)" = $N ] ||
	fail "9000-byte frames: $(stats_delta $o $n rx_multi_buf_frames) of $N in several buffers"
stamped "9000-byte frames"
nohash "9000-byte frames"
$IPR link set dev "$IF" xdpdrv off || fail "cannot detach"
restore_mtu
wait_peer 20 || fail "peer unreachable back at MTU 1500"

# the same on a zero-copy ring: an AF_XDP socket bound to queue 0 first
# (lt-xsk -b: no program of its own), then the program attached, so that
# queue 0's ring takes the socket's UMEM buffers and the peer's frames (no
# IP header: all on queue 0) reach the program in them
if [ -x $XSK ]; then
	$XSK -b "$IF" >/tmp/xsk-b.out 2>&1 &
	xpid=$!
	i=0
	until grep -q '^ready' /tmp/xsk-b.out; do
		kill -0 $xpid 2>/dev/null || fail "lt-xsk -b ended: $(cat /tmp/xsk-b.out)"
		i=$((i + 1))
		[ $i -lt 120 ] || fail "lt-xsk -b not ready after 60 s"
		sleep 0.5
	done
	grep -q '^ready, zero-copy mode$' /tmp/xsk-b.out ||
		fail "lt-xsk -b: $(cat /tmp/xsk-b.out)"
	stats_snap /tmp/z.0
	attach meta.o
	stats_snap /tmp/z.1
	# the zero-copy ring maps a scratch page of its own as it is built
	[ "$(stats_delta /tmp/z.0 /tmp/z.1 rx0_map_ops)" = 1 ] ||
		fail "zero-copy: queue 0's ring not rebuilt on the socket's UMEM (rx0_map_ops grew by $(stats_delta /tmp/z.0 /tmp/z.1 rx0_map_ops))"
	hwstamp_ctl -i "$IF" -t 0 -r 0 >/dev/null || fail "hwstamp_ctl -r 0 failed"
	run $N 300 "zero-copy, timestamps off"
	nodata "zero-copy, timestamps off"
	nohash "zero-copy, timestamps off"
	hwstamp_ctl -i "$IF" -t 0 -r 1 >/dev/null || fail "hwstamp_ctl -r 1 failed"
	for sz in 300 1514; do
		run $N $sz "zero-copy, $sz bytes, every frame stamped"
		stamped "zero-copy, $sz bytes, every frame stamped"
		nohash "zero-copy, $sz bytes, every frame stamped"
		# a UMEM frame of lt-xsk (2048 bytes) after XDP's headroom,
		# synced whole for the CPU by the pool: each frame in one (the
		# peer's, dropped, and any other frame on queue 0, passed)
		[ "$(stats_delta $o $n rx0_xdp_drop)" = $N ] ||
			fail "zero-copy: rx0_xdp_drop grew by $(stats_delta $o $n rx0_xdp_drop), want $N"
		fr=$(($(stats_delta $o $n rx0_xdp_drop) + $(stats_delta $o $n rx0_xdp_pass)))
		[ "$(stats_delta $o $n rx0_sync_cpu_bytes)" = $((fr * (2048 - 256))) ] ||
			fail "zero-copy: rx0_sync_cpu_bytes grew by $(stats_delta $o $n rx0_sync_cpu_bytes), want $fr UMEM frames of $((2048 - 256))"
	done
	$IPR link set dev "$IF" xdpdrv off || fail "cannot detach"
	kill -INT $xpid
	wait $xpid || fail "lt-xsk -b exited with $?: $(cat /tmp/xsk-b.out)"
	xpid=
	log "$(cat /tmp/xsk-b.out)"
	zc="; the same on a zero-copy ring"
else
	log "no lt-xsk in the image: the zero-copy ring not tried"
	zc="; no lt-xsk, zero-copy not tried"
fi

# not bound to the device: the kernel takes no program with these kfuncs
out=$($LD attach "$IF" "$XDP/meta.o" unbound 2>&1) &&
	fail "a program with metadata kfuncs loaded without binding it to $IF"
log "unbound: $out"
echo "$out" | grep -q "device-bound" ||
	fail "unbound program refused, not for its binding: $out"

echo "XDP RX metadata: rx_timestamp -ENODATA with timestamping off, a timestamp within the PHC's readings for every frame (1 and 3 buffers) with it on; rx_hash -EOPNOTSUPP$zc; an unbound program refused"

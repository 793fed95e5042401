# SPDX-License-Identifier: GPL-2.0
# 50 RX reconfigurations (private flag combinations, ring resizes, rx-buf-len
# and copybreak changes; 15 in quick mode, every kind three times or more) while
# iperf3 runs in both directions: the link
# stays up, after every change 1 MiB moves each way within 10 s (times
# TSCALE; a change that stalls the traffic shows), traffic passes
# afterwards (also with 1024-entry rings), and the module unloads (and reloads) cleanly:
# page_pool pages that the stack still holds at rmmod, as 18-reload-cycles
# explains, are the one report accepted, and checked as there.
# b0-msix only.  On a kernel without rx-buf-len (5.10) those changes are
# RX ring resizes.
# sets: full
# timeout: 600
# dmesg-allow: known:page-pool-unbind

rxp_only_ours
. /lib/lt/scenarios/lib-traffic.sh
[ "$CONFIG" = b0-msix ] || skip "reconfiguration stress runs on b0-msix only"
trap rxp_reset EXIT
wait_peer 10 || fail "peer unreachable"
pk0=$(ethstat rx_packets)
# long enough for the 50 changes (3 minutes; the debug kernel takes up to
# three times as long for them); stopped after the last one
timeout $((200 * TSCALE)) iperf3 -c "$PEER" -p "$IPERF_PORT" --bidir \
	-t $((180 * TSCALE)) -f m >/tmp/ip.out 2>&1 &
ipid=$!
sleep 3
# Ring sizes stay <= 256 here: 4 rings of legacy 9 KiB buffers (16 KiB
# pages with page_pool), twice during a switch, must fit the 64 MiB of
# swiotlb=force.  1024-entry rings are exercised at the end.
rings="rx 64 tx 64:rx 256 tx 1024:rx 128 tx 512:rx 256 tx 64:rx 128 tx 128"
bufs="512 1 1024 2048 1"
rxbl=0
! rxbl_known || rxbl=1
changes=50 big=16777216
[ "$QUICK" = 1 ] && changes=15 big=4194304
i=0 bad=
while [ $i -lt $changes ]; do
	case $((i % 5)) in
	0 | 2)
		combo=$(echo $RXP_COMBOS | cut -d' ' -f$((i % 8 + 1)))
		what="flags $combo"
		rxp_combo "$combo" >/tmp/s.out 2>&1 || bad="$bad [$what]"
		;;
	1)
		g=$(echo "$rings" | cut -d: -f$((i / 5 % 5 + 1)))
		what="-G $g"
		# shellcheck disable=SC2086
		ethtool -G "$IF" $g >/tmp/s.out 2>&1 || bad="$bad [$what]"
		;;
	3)
		b=$(echo $bufs | cut -d' ' -f$((i / 5 % 5 + 1)))
		what="rx-buf-len $b"
		if [ "$rxbl" = 1 ]; then
			ethtool -G "$IF" rx-buf-len "$b" >/tmp/s.out 2>&1 || bad="$bad [$what]"
		else
			# no rx-buf-len in this kernel (5.10): a ring resize
			what="-G rx 256 (no rx-buf-len)"
			ethtool -G "$IF" rx 256 >/tmp/s.out 2>&1 || bad="$bad [$what]"
		fi
		;;
	4)
		cb=$(((i * 97) % 500))
		what="rx-copybreak $cb"
		ethtool --set-tunable "$IF" rx-copybreak "$cb" >/tmp/s.out 2>&1 || bad="$bad [$what]"
		;;
	esac
	[ "$(carrier)" = 1 ] || fail "carrier lost after change $i ($what)"
	# traffic keeps flowing after each change, both ways (lib-traffic.sh;
	# it restarts iperf3 at most once if it ended)
	traffic_flows $((10 * TSCALE)) || fail "change $i ($what): $why"
	log "change $i: $what, rx_packets $(ethstat rx_packets) (MAC: $(ethstat rx_total_frames))"
	i=$((i + 1))
done
[ -z "$bad" ] || fail "changes refused:$bad"
ethtool -S "$IF" | grep -E 'rx_(drop|buf_alloc_fail|packets)|map_err'

# iperf3 only generates the load: its end-of-test exchange is not judged
kill $ipid 2>/dev/null
wait $ipid
grep -E 'sender|receiver' /tmp/ip.out | tail -n 4
pk1=$(ethstat rx_packets)
[ "$pk1" -gt "$pk0" ] || fail "rx_packets went from $pk0 to $pk1"
rxp_reset
wait_peer 20 || fail "peer unreachable after the changes"
ping_ok 1472 || fail "ping failed after the changes"
download 4194304 || exit 1
ethtool -G "$IF" rx 1024 tx 1024 || fail "rings of 1024 refused"
wait_peer 20 || fail "peer unreachable with 1024-entry rings"
if ! download $big; then
	ethtool -S "$IF" | grep -E '^ *(rx[0-3]_packets|rx[0-3]_drop|rx[0-3]_buf_alloc_fail|tx0_)'
	ethtool -S "$IF" >/tmp/s1; sleep 2; ethtool -S "$IF" >/tmp/s2
	diff /tmp/s1 /tmp/s2
	ping_ok 1472 && echo "ping still ok"
	ethtool -G "$IF" rx 128 tx 128
	download 1000000 && echo "download ok again at 128"
	fail "$((big >> 20)) MiB download failed with 1024-entry rings"
fi
ethtool -G "$IF" rx 128 tx 128 || fail "rings of 128 refused"

reload_checked "after the changes" >/tmp/rs.msg || fail "$(cat /tmp/rs.msg)"
trap - EXIT
echo "$changes RX reconfigurations under iperf3 --bidir: link up, traffic ok, rmmod clean"

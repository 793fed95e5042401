# SPDX-License-Identifier: GPL-2.0
# RSS flow hash fields and the standard statistics groups.
#  - ethtool -n rx-flow-hash for tcp4 udp4 sctp4 ah4 esp4 and the IPv6 ones says what
#    the hash types the driver programs (RFE_RSS_CFG, read from the chip)
#    make the chip hash, and TCP and UDP downloads of 8 streams each from
#    the same address land on more than one RX queue (ports hashed);
#  - (where the kernel and the driver have them) ethtool -S --groups
#    eth-mac eth-ctrl rmon: pings of 13 sizes, 5 each, one for each edge
#    of each of the chip's frame-size buckets (64 to 9000 bytes with FCS,
#    MTU 9000), then frames from the peer that the guest does not answer
#    (6 of EtherType 0x88b5 between 7 echo requests: RX and TX differ),
#    move Frames/Octets Transmitted/ReceivedOK and every bucket of both
#    RMON histograms by exactly the frames of each size sent each way,
#    nothing multicast, broadcast or MAC control (IPv6 is off meanwhile).
#    A window with someone else's frame (an ARP refresh) is retried once.
# Both drivers: Debian's has rx-flow-hash but no standard groups (skipped
# there, as with Linux 5.10, whose ethtool core has none).
# sets: primary
# timeout: 240

wait_peer 20 || fail "peer $PEER does not answer ping"

# --- rx-flow-hash against RFE_RSS_CFG ---------------------------------
cfg=$(($(devmem $(($(bar0_of_if) + 0x554)) 32)))
log "RFE_RSS_CFG $(printf '%#x' $cfg)"
[ $((cfg & 1)) = 1 ] || fail "RSS is off in RFE_RSS_CFG ($(printf '%#x' $cfg))"
bit() { echo $(((cfg >> $1) & 1)); }
l3="IP SA IP DA"
l4="$l3 L4 bytes 0 & 1 [TCP/UDP src port] L4 bytes 2 & 3 [TCP/UDP dst port]"
# want TYPE L3BIT L4BIT: the fields the chip hashes for TYPE
want() {
	if [ -n "$3" ] && [ "$(bit "$3")" = 1 ]; then
		echo "$l4"
	elif [ "$(bit "$2")" = 1 ]; then
		echo "$l3"
	else
		echo ""
	fi
}
# (ethtool 6.1 asks for no plain IP flow: SCTP, AH and ESP are hashed so)
for t in "tcp4 8 9" "udp4 8 10" "sctp4 8" "ah4 8" "esp4 8" \
	"tcp6 11 12" "udp6 11 13" "sctp6 11" "ah6 11" "esp6 11"; do
	# shellcheck disable=SC2086 # TYPE L3BIT [L4BIT]
	set -- $t
	exp=$(want "$@")
	if out=$(ethtool -n "$IF" rx-flow-hash "$1" 2>&1); then
		got=$(echo "$out" | sed '1d' | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')
		log "rx-flow-hash $1: $got"
		[ "$got" = "$exp" ] && continue
		why="rx-flow-hash $1: \"$got\", the chip hashes \"$exp\" (RFE_RSS_CFG $(printf '%#x' $cfg))"
	else
		why="ethtool -n rx-flow-hash $1: $out"
	fi
	# Debian's driver knows TCP and UDP only (SCTP, AH, ESP: refused or
	# no field named): reported, not judged
	[ "$DRIVER" = ours ] || [ -n "$3" ] || { log "$why"; continue; }
	fail "$why"
done

# rxq_packets: packets per RX queue, one line each (ours: rxN_packets,
# Debian's: "RX Queue N Frames")
rxq_packets() {
	ethtool -S "$IF" | awk -F': *' '{ gsub(/^[ \t]+/, "", $1) }
		$1 ~ /^rx[0-9]+_packets$|^RX Queue [0-9]+ Frames$/ { print $2 }'
}
# queues_used IPERF3-ARGS...: RX queues that took 50 packets or more of an
# iperf3 download of 8 streams
queues_used() {
	rxq_packets >/tmp/q0
	iperf_run -R -P 8 "$@" >/dev/null || fail "iperf3 -R -P 8 $* failed"
	rxq_packets >/tmp/q1
	awk 'NR == FNR { a[FNR] = $1; next } $1 - a[FNR] >= 50 { n++ }
		END { print n + 0 }' /tmp/q0 /tmp/q1
}
if [ -z "$(rxq_packets)" ]; then
	log "no per-queue packet counters in ethtool -S: queue spreading not checked"
else
	for p in "tcp -n 4M" "udp -u -b 20M -t 2"; do
		# shellcheck disable=SC2086
		set -- $p
		k=$1
		shift
		n=$(queues_used "$@")
		log "$k download, 8 streams: $n RX queues used"
		[ "$n" -ge 2 ] || fail "$k: 8 streams between the same addresses all on one RX queue (ports not hashed?)"
	done
fi

# --- standard statistics groups -----------------------------------------
ethtool -S "$IF" --groups eth-mac >/tmp/g 2>&1
if ! grep -q '^eth-mac-FramesTransmittedOK' /tmp/g; then
	case $DRIVER,$KVER in
	ours,5.10.*) skip "flow hash ok; Linux $KVER has no standard statistics groups" ;;
	ours,*) fail "no eth-mac group: $(tail -n 2 /tmp/g)" ;;
	*) skip "flow hash ok; $DRIVER has no standard statistics groups: $(tail -n 1 /tmp/g)" ;;
	esac
fi
# IPv6 off on IF: no MLD report or neighbour solicitation of our own in
# the window (an MTU change sends some)
v6=/proc/sys/net/ipv6/conf/$IF/disable_ipv6
v6old=$(cat "$v6" 2>/dev/null)
trap 'restore_mtu; [ -z "$v6old" ] || echo "$v6old" >"$v6"' EXIT
[ -z "$v6old" ] || echo 1 >"$v6"
set_mtu 9000 || fail "cannot set MTU 9000"
wait_peer 10 || fail "peer unreachable at MTU 9000"
sleep 1

# std FILE: the groups as "name value" lines
std() {
	ethtool -S "$IF" --groups eth-mac eth-ctrl rmon |
		awk -F': *' 'NF == 2 { gsub(/^[ \t]+/, "", $1); print $1, $2 }' >"$1"
}
d() { stats_delta /tmp/s0 /tmp/s1 "$1"; }
in_echos() {
	awk '$1 == "Icmp:" { if (!h) { for (i = 2; i <= NF; i++) n[i] = $i; h = 1 }
		else for (i = 2; i <= NF; i++) if (n[i] == "InEchos") print $i }' /proc/net/snmp
}

# judge_dir SIZES NAME X: one direction (Received rx, Transmitted tx)
judge_dir() {
	frames=0 octets=0
	for f in $1; do
		frames=$((frames + 1)) octets=$((octets + f))
	done
	v=$(d "eth-mac-Frames${2}OK")
	[ "$v" = $frames ] || why="$why Frames${2}OK +$v, sent $frames;"
	v=$(d "eth-mac-Octets${2}OK")
	[ "$v" = $octets ] || why="$why Octets${2}OK +$v, sent $octets;"
	# every bucket: [rt]x-rmon-etherStatsPkts{HI,LOtoHI,LOtoMax}Octets
	awk -v x="$3" 'index($1, x "-rmon-etherStatsPkts") == 1 { print $1 }' \
		/tmp/s1 >/tmp/b
	nb=0
	while read -r b; do
		r=${b#?x-rmon-etherStatsPkts}
		r=${r%Octets}
		case $r in
		*to*) lo=${r%to*} hi=${r#*to} ;;
		*) lo=0 hi=$r ;;
		esac
		[ "$hi" = Max ] && hi=65535
		exp=0
		for f in $1; do
			[ "$f" -ge "$lo" ] && [ "$f" -le "$hi" ] && exp=$((exp + 1))
		done
		[ "$(d "$b")" = $exp ] || why="$why $b +$(d "$b"), $exp frames;"
		nb=$((nb + 1))
	done </tmp/b
	[ $nb = 7 ] || why="$why $nb $3 RMON buckets, the chip has 7;"
}

# judge RXSIZES TXSIZES: the counters moved from /tmp/s0 to /tmp/s1 by
# exactly the frames of these sizes (FCS included) each way; the
# mismatches in $why
judge() {
	why=
	judge_dir "$1" Received rx
	judge_dir "$2" Transmitted tx
	for c in eth-mac-MulticastFramesXmittedOK eth-mac-BroadcastFramesXmittedOK \
		eth-mac-MulticastFramesReceivedOK eth-mac-BroadcastFramesReceivedOK \
		eth-ctrl-MACControlFramesTransmitted eth-ctrl-MACControlFramesReceived; do
		[ "$(d $c)" = 0 ] || why="$why $c +$(d $c);"
	done
	[ -z "$why" ]
}

# window NAME: run NAME (pings or raw), which sets RX and TX, the frame
# sizes it sent each way, between two snapshots; judged, retried once
window() {
	for try in 1 2; do
		# a TCP exchange confirms both neighbour entries: no ARP for a while
		peer_cmd PING >/dev/null
		std /tmp/s0
		"$1"
		std /tmp/s1
		judge "$RX" "$TX" && return 0
		[ $try = 2 ] || log "$1, first window:$why (retried once: a neighbour's frame?)"
	done
	grep -vE ' 0$' /tmp/s1
	fail "standard statistics, $1:$why"
}

# pings of 13 sizes, C each: the same frames both ways
C=5
SIZES="18 19 81 82 209 210 465 466 977 978 1472 1473 8954"
pings() {
	RX=
	for s in $SIZES; do
		ping_ok "$s" "$C" >/tmp/p || fail "$(cat /tmp/p)"
		n=$C
		while [ "$n" -gt 0 ]; do
			RX="$RX $((s + 46))" n=$((n - 1))
		done
	done
	TX=$RX
}
# frames from the peer only: 6 of EtherType 0x88b5 (60, 64, 128, 512,
# 1024 and 1514 bytes) between 7 echo requests of 98, answered in kind
raw() {
	e0=$(in_echos)
	r=$(peer_cmd "RAW badfcs 6 3000")
	case $r in "SENT badfcs bad 6 good 7"*) ;; *) fail "peer: RAW badfcs: $r" ;; esac
	sleep 0.5
	std /tmp/s0
	n=50
	while [ $((e0 + 7)) -gt "$(in_echos)" ] && [ $n -gt 0 ]; do
		usleep 100000
		n=$((n - 1))
	done
	sleep 0.5
	RX="64 68 132 516 1028 1518 102 102 102 102 102 102 102"
	TX="102 102 102 102 102 102 102"
}
window pings
window raw
echo "rx-flow-hash as programmed; eth-mac, eth-ctrl and both RMON histograms exact (pings of 13 sizes, frames from the peer of 6 more)"

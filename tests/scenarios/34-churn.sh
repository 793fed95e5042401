# SPDX-License-Identifier: GPL-2.0
# Churn: 100 cycles (10 in quick mode) of a random reconfiguration under
# iperf3 --bidir traffic: ifdown/up, an MTU change, an RX policy switch, a
# ring resize, an rx-buf-len change (none on a kernel without rx-buf-len:
# 5.10), a copybreak change, a link flap from the peer, or a module reload.
# After each one traffic must flow both ways again before the next.  The
# sequence comes from a seed that is logged; tests/run --append
# lt.churn_seed=N replays it.
# Made for the debug kernel (make check-full), where a leak, a lockdep or
# KASAN report, or a DMA-API error fails it; runs anywhere.  A reload
# accepts page_pool pages a socket still holds at rmmod, and checks that
# this is all DMA-API reports, as 18-reload-cycles does (lib-traffic.sh).
# sets: churn
# timeout: 1500
# dmesg-allow: known:page-pool-unbind

rxp_only_ours
. /lib/lt/scenarios/lib-traffic.sh
trap 'iperf_stop >/dev/null; rxp_reset' EXIT

seed=
for arg in $(cat /proc/cmdline); do
	case $arg in lt.churn_seed=*) seed=${arg#*=} ;; esac
done
[ -n "$seed" ] || seed=$(awk '{ printf "%d", $1 * 1000 }' /proc/uptime)
cycles=100
[ "$QUICK" = 1 ] && cycles=10
wait_peer 20 || fail "peer $PEER does not answer ping"
log "churn: $cycles cycles, seed $seed"

OPS="downup mtu policy ring buflen copybreak flap reload"
# one line per cycle: operation and a random number for its argument
awk -v s="$seed" -v n="$cycles" -v ops="$OPS" 'BEGIN {
	srand(s); k = split(ops, o, " ")
	for (i = 1; i <= n; i++) print o[int(rand() * k) + 1], int(rand() * 1000)
}' >/tmp/churn.plan

# pick R WORDS...: word number R mod N
pick() {
	r=$1
	shift
	eval "echo \${$((r % $# + 1))}"
}

mtu=1500
# churn_op OP R: do it; a failure is a message on stdout.  Called with
# its output redirected, not in $(...): it sets mtu.
churn_op() {
	case $1 in
	downup)
		ip link set dev "$IF" down && ip link set dev "$IF" up ||
			echo "ip link down/up failed"
		;;
	mtu)
		new=$(pick "$2" 1500 3000 9000)
		# an rx-buf-len the new MTU cannot use is refused: go back to
		# MTU-derived buffers first
		ethtool -G "$IF" rx-buf-len 1 >/dev/null 2>&1
		set_mtu "$new" && mtu=$new
		;;
	policy)
		rxp_combo "$(pick "$2" $RXP_COMBOS)" || echo "policy switch failed"
		;;
	ring)
		# at most 256: four rings of 9 KiB buffers, built beside the
		# running ones, must fit swiotlb=force's 64 MiB bounce pool
		ethtool -G "$IF" rx "$(pick "$2" 64 128 256)" ||
			echo "ethtool -G rx failed"
		;;
	buflen)
		# a kernel without rx-buf-len (5.10) has MTU-derived buffers only
		rxbl_known || return 0
		b=$(pick "$2" 1 2048 4096 9216)
		ethtool -G "$IF" rx-buf-len "$b" 2>/tmp/churn.err ||
			grep -i "invalid\|too small" /tmp/churn.err >/dev/null ||
			echo "ethtool -G rx-buf-len $b failed: $(cat /tmp/churn.err)"
		;;
	copybreak)
		ethtool --set-tunable "$IF" rx-copybreak "$(pick "$2" 0 64 256 1024)" ||
			echo "rx-copybreak change failed"
		;;
	flap)
		r=$(peer_cmd "LINK-FLAP 1000")
		[ "$r" = OK ] || echo "peer refused LINK-FLAP: $r"
		;;
	reload)
		reload_checked reload
		# the module comes back with its defaults, the peer keeps its MTU
		[ "$mtu" = 1500 ] || ip link set dev "$IF" mtu "$mtu"
		;;
	esac
}

i=0
counts=
# (not "r": the transfers of cycle_ready set it)
while read -r op arg; do
	i=$((i + 1))
	cycle_ready "cycle $i (before $op)"
	churn_op "$op" "$arg" >/tmp/churn.msg
	[ ! -s /tmp/churn.msg ] || fail "cycle $i ($op, seed $seed): $(cat /tmp/churn.msg)"
	wait_carrier 1 30 || fail "cycle $i ($op, seed $seed): no carrier 30 s later"
	wait_peer 20 || fail "cycle $i ($op, seed $seed): peer unreachable"
	log "cycle $i: $op done"
	counts="$counts $op"
done </tmp/churn.plan
cycle_ready "after $cycles cycles"
iperf_stop
iperf_check || exit 1
back=$(reload_drained) || fail "$back"
tally=$(echo "$counts" | tr ' ' '\n' | sed '/^$/d' | sort | uniq -c | awk '{ printf "%s %s, ", $2, $1 }')
echo "$cycles churn cycles (seed $seed: ${tally%, }) under iperf3 --bidir, traffic back after each ($(cycles_summary))$back"

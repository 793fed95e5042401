# SPDX-License-Identifier: GPL-2.0
# iperf3 UDP both ways at 10 Mbit/s, 1 % of the paced wire: nothing in
# the path needs to drop a datagram at that rate.  What the guests lose
# there is the socket layer's when the host starves a vCPU or iperf3:
# 0-2.5 % measured on this 2-core TCG host with one guest running
# (Debian's 6.1, b0-msix, both drivers, both directions; 1.3-5.4 % at
# 50 Mbit/s), but 12-45 % with four guests beside other agents' builds.
# The limit, 10 %, keeps four times the quiet figure; a direction over it
# is measured again, up to three times in all, and fails only if every
# try loses more: a host's load comes and goes, a path that loses one
# datagram in ten or more (one in five passed the old limit of 50 %)
# loses it every time.  Costs 3.5 s a retry, none when the first passes.
# sets: full e1000e
# timeout: 150

t=3
rate=10M
max_loss=10
tries=3
wait_peer 20 || fail "peer $PEER does not answer ping"
# udp_dir NAME ARGS...: "rate loss" of the best of up to $tries runs
udp_dir() {
	name=$1
	shift
	best=
	k=0
	while [ $k -lt $tries ]; do
		k=$((k + 1))
		r=$(iperf_run -u -b $rate -t $t "$@") || { echo "iperf3 UDP $name failed" >&2; return 1; }
		case $r in *" -") echo "iperf3 UDP $name: no loss figure" >&2; return 1 ;; esac
		if [ -z "$best" ] || awk -v a="${r#* }" -v b="${best#* }" 'BEGIN { exit !(a < b) }'; then
			best=$r
		fi
		awk -v l="${best#* }" -v m=$max_loss 'BEGIN { exit !(l <= m) }' && break
		log "UDP $name try $k: ${r% *} Mbit/s, loss ${r#* }% (limit $max_loss%)" >&2
	done
	metric "udp_${name}_tries" "$k" runs >&2
	echo "$best"
}
tx=$(udp_dir tx) || fail "iperf3 UDP guest->peer failed"
rx=$(udp_dir rx -R) || fail "iperf3 UDP peer->guest failed"
metric udp_tx "${tx% *}" Mbit/s
metric udp_tx_loss "${tx#* }" %
metric udp_rx "${rx% *}" Mbit/s
metric udp_rx_loss "${rx#* }" %
for r in "tx $tx" "rx $rx"; do
	set -- $r
	awk -v rate="$2" -v loss="$3" -v max=$max_loss \
		'BEGIN { exit !(rate > 0 && loss != "-" && loss <= max) }' ||
		fail "iperf3 UDP $1: $2 Mbit/s, loss $3% in the best of $tries runs (limit $max_loss%)"
done
echo "iperf3 UDP tx ${tx% *} Mbit/s (${tx#* }% loss), rx ${rx% *} Mbit/s (${rx#* }% loss)"

# SPDX-License-Identifier: GPL-2.0
# ethtool surface: driver info, link settings, pause (-a/-A), offloads
# (-k/-K: RX checksum off, TSO off with traffic), ring sizes, statistics,
# register dump, autonegotiation restart, forced 100/full and back,
# promiscuous mode, and (ours) the RX queue count (-l/-L, RSS over the
# first N queues, -x), the RSS table and key (-X, traffic follows the
# table) and interrupt moderation (-c/-C, bounded interrupt rate).  Our
# driver's statistics
# names (rx0_packets), register dump, pause settings and autonegotiation
# restart are required for DRIVER=ours only (the in-tree driver of 6.1
# lacks some); RX checksum offload is switched where the driver can
# (Debian's 5.10 driver has it fixed off).
# sets: primary
# timeout: 240

# What the driver and the stack saw, for a failure's reason.
diag() {
	ethtool -k "$IF" | grep -E 'segmentation|checksum'
	ethtool -S "$IF" | grep -vE ': 0$'
	grep "$IF:" /proc/net/dev
	dmesg | tail -n 10
	echo "$*"
	exit 1
}

wait_peer 20 || fail "peer $PEER does not answer ping"
ethtool -i "$IF" || fail "ethtool -i failed"
ethtool "$IF" || fail "ethtool (link settings) failed"
ethtool -k "$IF" | head -n 20
ethtool -g "$IF" || log "ethtool -g not supported"
ethtool -S "$IF" >/tmp/s || fail "ethtool -S failed"
cat /tmp/s
if [ "$DRIVER" = ours ]; then
	for k in rx_packets rx0_packets rx_bytes; do
		grep -q "^ *$k: [0-9]" /tmp/s || fail "ethtool -S: no $k"
	done
	[ "$(sed -n 's/^ *rx_packets: //p' /tmp/s)" -gt 0 ] ||
		fail "ethtool -S: rx_packets is 0 after traffic"
	ethtool -d "$IF" >/tmp/d || fail "ethtool -d failed"
	head -n 30 /tmp/d
fi
# Pause settings: ours implements them; the in-tree driver of 6.1 may not.
if ethtool -a "$IF"; then
	ethtool -A "$IF" autoneg off rx off tx off || fail "ethtool -A off failed"
	ethtool -a "$IF"
	ethtool -A "$IF" autoneg on rx on tx on || fail "ethtool -A on failed"
elif [ "$DRIVER" = ours ]; then
	fail "ethtool -a failed"
else
	log "ethtool -a not supported by the $DRIVER driver"
fi
if ethtool -r "$IF"; then
	wait_carrier 1 30 || fail "no carrier after ethtool -r"
	wait_peer 20 || fail "peer unreachable after ethtool -r"
elif [ "$DRIVER" = ours ]; then
	fail "ethtool -r failed"
else
	log "ethtool -r not supported by the $DRIVER driver"
fi
if ethtool -s "$IF" speed 100 duplex full autoneg off; then
	sleep 3
	ethtool "$IF" | grep -E 'Speed|Duplex|Link'
	wait_carrier 1 30 || fail "no carrier at forced 100/full"
	wait_peer 20 || fail "peer unreachable at forced 100/full"
	download 1048576 || diag "download failed at forced 100/full"
	upload 1048576 || diag "upload failed at forced 100/full"
else
	log "forced 100/full refused"
fi
# Autonegotiation back on, advertising 10/100/1000 half and full again,
# and 2500BASE-T (bit 47) on a 2.5G PHY (*-2500), which negotiates that.
adv=0x3f link_mbps=1000
case $CONFIG in *-2500) adv=0x80000000003f link_mbps=2500 ;; esac
ethtool -s "$IF" autoneg on advertise $adv || fail "ethtool -s autoneg on advertise $adv failed"
wait_carrier 1 30 || fail "no carrier after autoneg on"
# The restart takes the link down, so phylib reads the negotiated speed
# afresh (it keeps the last one while the link stays up).
n=100
while [ $n -gt 0 ] && ! ethtool "$IF" | grep "Speed: ${link_mbps}Mb/s" >/dev/null; do
	usleep 100000
	n=$((n - 1))
done
ethtool "$IF" | grep "Speed: ${link_mbps}Mb/s" >/dev/null ||
	fail "link at $(ethtool "$IF" | sed -n 's/^[[:space:]]*Speed: *//p') 10 s after autoneg on, not ${link_mbps}Mb/s"
wait_peer 20 || fail "peer unreachable after autoneg on"
# Debian's 5.10 driver has no RX checksum offload: "off [fixed]"
if ethtool -k "$IF" | grep '^rx-checksumming: .*\[fixed\]' >/dev/null; then
	log "RX checksum offload $(ethtool -k "$IF" | sed -n 's/^rx-checksumming: //p'): not switched"
else
	ethtool -K "$IF" rx off || fail "ethtool -K rx off failed"
	ping_ok 1000 || fail "ping failed with RX checksum offload off"
	download 1048576 || fail "download failed with RX checksum offload off"
	ethtool -K "$IF" rx on || fail "ethtool -K rx on failed"
	ping_ok 1472 || diag "ping failed with RX checksum offload back on"
fi
if ethtool -K "$IF" tso off; then
	ping_ok 1472 || diag "ping failed after ethtool -K tso off"
	upload 4194304 || diag "upload failed with TSO off"
	ethtool -K "$IF" tso on || fail "ethtool -K tso on failed"
fi
upload 4194304 || fail "upload failed with TSO back on"
if [ "$DRIVER" = ours ]; then
	# highest queue the RSS indirection table points at
	indir_max() {
		ethtool -x "$IF" | awk -F: '/^ +[0-9]+:[ \t]/ { print $2 }' |
			tr -s ' \t' '\n' | sed '/^$/d' | sort -n | tail -n 1
	}
	rxq() { find "/sys/class/net/$IF/queues" -maxdepth 1 -name 'rx-*' | wc -l; }
	ethtool -l "$IF" || fail "ethtool -l failed"
	ethtool -L "$IF" rx 2 || fail "ethtool -L rx 2 failed"
	[ "$(rxq)" = 2 ] || fail "ethtool -L rx 2: $(rxq) RX queues in sysfs"
	[ "$(indir_max)" = 1 ] || fail "ethtool -L rx 2: RSS table points at queue $(indir_max)"
	download 1048576 || fail "download failed over 2 RX queues"
	ethtool -L "$IF" tx 2 >/dev/null 2>&1 && fail "ethtool -L tx 2 accepted (one TX channel)"
	ethtool -L "$IF" rx 4 || fail "ethtool -L rx 4 failed"
	[ "$(rxq)" = 4 ] && [ "$(indir_max)" = 3 ] ||
		fail "ethtool -L rx 4: $(rxq) RX queues, RSS up to queue $(indir_max)"

	# -X: every flow to queue 1; a download's packets arrive there (the
	# peer's few ARP frames are not hashed: queue 0)
	ethtool -X "$IF" weight 0 1 || fail "ethtool -X weight 0 1 failed"
	[ "$(indir_max)" = 1 ] || fail "ethtool -X weight 0 1: RSS table points at queue $(indir_max)"
	stats_snap /tmp/x0
	download 1048576 || diag "download failed with every flow on queue 1"
	stats_snap /tmp/x1
	q1=$(stats_delta /tmp/x0 /tmp/x1 rx1_packets)
	others=$(($(stats_delta /tmp/x0 /tmp/x1 rx0_packets) +
		$(stats_delta /tmp/x0 /tmp/x1 rx2_packets) +
		$(stats_delta /tmp/x0 /tmp/x1 rx3_packets)))
	log "1 MiB download with -X weight 0 1: $q1 packets on queue 1, $others elsewhere"
	[ "$q1" -ge 700 ] && [ "$others" -le 10 ] ||
		fail "ethtool -X weight 0 1: $q1 packets on queue 1, $others on the others"
	# the core keeps -L from dropping a queue the table uses
	ethtool -L "$IF" rx 1 >/dev/null 2>&1 &&
		fail "ethtool -L rx 1 accepted while the RSS table uses queue 1"
	key=$(seq 1 40 | awk '{ printf "%s%02x", (NR > 1 ? ":" : ""), $1 }')
	ethtool -X "$IF" hkey "$key" || fail "ethtool -X hkey failed"
	ethtool -x "$IF" | grep -F "$key" >/dev/null ||
		fail "ethtool -x does not show the key set: $(ethtool -x "$IF" | tail -n 3)"
	ethtool -X "$IF" hfunc xor >/dev/null 2>&1 && fail "ethtool -X hfunc xor accepted (Toeplitz only)"
	download 1048576 || diag "download failed with a new RSS key"
	ethtool -X "$IF" default || fail "ethtool -X default failed"
	[ "$(indir_max)" = 3 ] || fail "ethtool -X default: RSS table points up to queue $(indir_max)"

	# -C: interrupt moderation, read back and bounded; A0 has none.  At
	# rx-usecs and tx-usecs 1000 each moderated source raises at most one
	# interrupt per ms of guest time (the model's timers run on it).
	coal() { ethtool -c "$IF" | awk -v k="$1:" '$1 == k { print $2 }'; }
	rx_irqs() {
		awk -v d="$IF-rx" 'index($0, d) { for (i = 2; i <= NF; i++)
			if ($i ~ /^[0-9]+$/) s += $i; else break } END { print s + 0 }' /proc/interrupts
	}
	# (busybox date has no %N)
	uptime_ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }
	ethtool -c "$IF" || fail "ethtool -c failed"
	if [ "$REV" = a0 ]; then
		[ "$(coal rx-usecs)" = 0 ] || fail "A0 silicon reports rx-usecs $(coal rx-usecs), not 0 (no moderation)"
		ethtool -C "$IF" rx-usecs 100 >/dev/null 2>&1 &&
			fail "ethtool -C accepted on A0 silicon (no moderation)"
	else
		[ "$(coal rx-usecs)" = 400 ] || fail "rx-usecs is $(coal rx-usecs), not the default 400"
		ethtool -C "$IF" rx-usecs 50 tx-usecs 100 || fail "ethtool -C rx-usecs 50 tx-usecs 100 failed"
		[ "$(coal rx-usecs)" = 50 ] && [ "$(coal tx-usecs)" = 100 ] ||
			fail "ethtool -c after -C: rx-usecs $(coal rx-usecs), tx-usecs $(coal tx-usecs)"
		ethtool -C "$IF" rx-usecs 1001 >/dev/null 2>&1 && fail "ethtool -C rx-usecs 1001 accepted"
		ethtool -C "$IF" rx-frames 8 >/dev/null 2>&1 &&
			fail "ethtool -C rx-frames accepted (no frame-count moderation)"
		# A 256-byte UDP stream from the peer at ~10k frames/s: at
		# rx-usecs 0 the RX vector fires whenever NAPI has caught up; at
		# 1000 its channel raises at most one interrupt per ms of guest
		# time (the model's timers run on the guest's clock), +1 for the
		# first of a quiet period and the few of iperf3's control connection.
		# MSI-X only: a vector per channel.
		for us in 0 1000; do
			ethtool -C "$IF" rx-usecs $us tx-usecs $us || fail "ethtool -C rx-usecs $us failed"
			[ "$(irq_mode)" = msix ] || continue
			i0=$(rx_irqs) t0=$(uptime_ms)
			iperf_run -u -R -b 20M -l 256 -t 3 >/dev/null || fail "UDP stream at rx-usecs $us failed"
			i1=$(rx_irqs) t1=$(uptime_ms)
			n=$((i1 - i0)) ms=$((t1 - t0))
			log "rx-usecs $us: $n RX interrupts in $ms ms of a UDP stream"
			metric "rx_irqs_per_s_usecs_$us" $((n * 1000 / ms)) 1/s
		done
		if [ "$(irq_mode)" = msix ] && [ "$n" -gt $((ms + 40)) ]; then
			fail "rx-usecs 1000: $n RX interrupts in $ms ms, more than one per ms"
		fi
		ethtool -C "$IF" rx-usecs 400 tx-usecs 400 || fail "ethtool -C back to 400 failed"
	fi
fi
ip link set "$IF" promisc on || fail "promisc on failed"
ping_ok 100 || fail "ping failed in promiscuous mode"
ip link set "$IF" promisc off || fail "promisc off failed"
ping_ok 1472 || fail "ping failed at the end"
echo "ethtool settings applied and traffic flows"

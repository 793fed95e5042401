# SPDX-License-Identifier: GPL-2.0
# The RX policy benchmark (scripts/lan743x-rxbench) inside the guest, for
# `make bench` (scripts/bench); never part of `make check`.  Options come
# from the kernel command line as lt.bench=<rxbench options, ',' for ' '
# and '+' for ','>.  The CSV goes back to the host between
# @@FILE/@@ENDFILE markers on the result port.
# With lt.insns=1 (QEMU runs the qemu/plugins/lan743x-insns.c counter) each
# run is bracketed by lt-mark start/stop, and marks.txt goes back too: per
# mark in order the run id and the interface's tx_packets, tx_bytes,
# rx_packets and rx_dropped, so that the host can pair the plugin's windows
# with the runs, tell what the frames sent (TCP's ACKs) cost and count the
# frames the in-tree driver delivered (its rx_packets is the MAC's count of
# frames, those it dropped for want of a buffer included, rx_dropped the
# MAC's count of those), then the in-tree driver's own frame count, the
# device's interrupts and the NET_RX softirqs.
# guest.txt: the data cache line (lt-mark dline), the link speed (Mbit/s)
# and `ethtool -g` at the MTU the guest booted with (RX Buf Len: what the
# device may write).
# With lt.insns=1, ksyms.txt too: the kernel's and the modules' text
# symbols (/proc/kallsyms), for scripts/lan743x-profile (Debian ships no
# usable System.map).
# sets: bench
# timeout: 3000

opts= insns=0
for arg in $(cat /proc/cmdline); do
	case $arg in
	lt.bench=*) opts=$(echo "${arg#*=}" | tr ',+' ' ,') ;;
	lt.insns=1) insns=1 ;;
	esac
done

# The source: iperf3 on the peer (this scenario), or the model's traffic
# generator (93-rxbench-gen sets RXBENCH_SOURCE=gen and runs this file).
source=${RXBENCH_SOURCE:-peer}
if [ "$source" = peer ]; then
	# The peer's tap takes the largest MTU any run may use; rxbench sets ours.
	trap restore_mtu EXIT
	r=$(peer_cmd "MTU 9000") || true
	[ "$r" = OK ] || fail "peer refused MTU 9000: $r"
	src_args="-s $PEER -P $IPERF_PORT"
else
	src_args=-g
fi

out=/tmp/rxbench
marks=/tmp/marks.txt
rm -rf "$out" "$marks"
hook=
if [ $insns = 1 ]; then
	hook=/tmp/insns-hook
	st=/sys/class/net/$IF/statistics
	# The in-tree driver's rx_packets is the MAC's frame counter, which
	# the model and a chip keep apart from what reached memory: its own
	# per-queue descriptor counts ("RX Queue N Frames") are the frames it
	# took from the rings.  Ours counts those in rx_packets.
	q=0
	[ "$DRIVER" != intree ] ||
		q="\$(ethtool -S $IF | awk -F: '/RX Queue [0-9]+ Frames/ { s += \$2 } END { print s + 0 }')"
	# The device's interrupts (its MSI-X/MSI vectors, else its INTx line)
	# and the NET_RX softirqs run, both per CPU summed: how many packets
	# one interrupt and one poll served.
	dev=/sys/class/net/$IF/device
	cat >"$hook" <<EOT
#!/bin/sh
read -r p <$st/tx_packets
read -r b <$st/tx_bytes
read -r r <$st/rx_packets
read -r d <$st/rx_dropped
v=\$(ls $dev/msi_irqs 2>/dev/null || cat $dev/irq)
i=\$(awk -v v=" \$(echo \$v) " 'index(v, " " substr(\$1, 1, length(\$1) - 1) " ") {
	for (k = 2; k <= NF && \$k ~ /^[0-9]+\$/; k++) s += \$k } END { print s + 0 }' /proc/interrupts)
n=\$(awk '\$1 == "NET_RX:" { for (k = 2; k <= NF; k++) s += \$k } END { print s + 0 }' /proc/softirqs)
echo "\$1 \$2 \$p \$b \$r \$d $q \$i \$n" >>$marks
exec /lib/lt/lt-mark "\$1"
EOT
	chmod +x "$hook"
fi
guest=/tmp/guest.txt
{
	echo "dline $(/lib/lt/lt-mark dline 2>/dev/null)"
	echo "link $(cat "/sys/class/net/$IF/speed" 2>/dev/null)"
	ethtool -g "$IF" 2>/dev/null | sed 's/^/ring: /'
} >"$guest"
# shellcheck disable=SC2086 # opts is a word list on purpose
# shellcheck disable=SC2086 # src_args too
sh /lib/lt/lan743x-rxbench $src_args -i "$IF" -o "$out" \
	${hook:+-x "$hook"} $opts
rc=$?
[ -s "$out/results.csv" ] || fail "rxbench wrote no results (exit $rc)"

send_file() { # NAME PATH
	echo "@@FILE $1"
	cat "$2"
	echo "@@ENDFILE"
}
{
	send_file results.csv "$out/results.csv"
	send_file guest.txt "$guest"
	[ ! -s "$out/probes.csv" ] || send_file probes.csv "$out/probes.csv"
	if [ $insns = 1 ]; then
		send_file marks.txt "$marks"
		awk '$2 ~ /^[tTwW]$/' /proc/kallsyms >/tmp/ksyms.txt
		send_file ksyms.txt /tmp/ksyms.txt
	fi
} >"$RESULTS_TTY"
rows=$(($(wc -l <"$out/results.csv") - 1))
[ $rc -eq 0 ] || fail "rxbench: some runs failed (exit $rc, $rows rows)"
echo "rxbench: $rows runs"

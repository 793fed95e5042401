# SPDX-License-Identifier: GPL-2.0
# Interrupt vectors against what the host grants: the driver asks for six
# MSI-X vectors (other sources, TX, 4 RX; nine on the PCI11010/PCI11414:
# 4 TX) and takes fewer when the MSI-X table is smaller (configurations
# b0-msix2 and b0-msix1: the model's x-msix-vectors).  Checks the vectors
# allocated (msi_irqs), for ours their names in /proc/interrupts (rings
# beyond the grant on the shared "txrx" vector 0) and the probe message,
# the queue counts (ethtool -l: 4 RX, 1 TX, or 4 TX), and a download of 8
# TCP streams: it arrives, is spread over more than one RX queue, and the
# vectors serving its rings fire (a TX vector at least: its ACKs).
# sets: full
# timeout: 120

wait_peer 20 || fail "peer $PEER does not answer ping"
# the chip's TX channels and MSI-X table
case $(cat "/sys/class/net/$IF/device/device") in
0xa011 | 0xa041) ntx=4 table=16 ;;
*) ntx=1 table=8 ;;
esac
maxv=$((1 + ntx + 4))
case $IRQMODE in
msix)
	case $CONFIG in b0-msix[1-7]) table=${CONFIG#b0-msix} ;; esac
	want=$((table < maxv ? table : maxv))
	;;
*) want=1 table=none ;;
esac
dev=/sys/class/net/$IF/device
irqs=$(ls "$dev/msi_irqs" 2>/dev/null | sort -n)
n=$(echo "$irqs" | sed '/^$/d' | wc -l)
[ "$IRQMODE" = intx ] && n=1 irqs=$(cat "$dev/irq")
log "$IRQMODE, table $table: $n vector(s), IRQs $(echo "$irqs" | tr '\n' ' ')"
grep -E "$IF|lan743x" /proc/interrupts
[ "$n" = "$want" ] || fail "$n interrupt vectors, want $want ($IRQMODE, MSI-X table ${table:-none})"

# irq_count IRQ: interrupts of IRQ on all CPUs
irq_count() {
	awk -v i="$1:" '$1 == i { for (k = 2; k <= NF; k++)
		if ($k ~ /^[0-9]+$/) s += $k; else break } END { print s + 0 }' /proc/interrupts
}
irq_name() { awk -v i="$1:" '$1 == i { print $NF }' /proc/interrupts; }

if [ "$DRIVER" = ours ]; then
	ch=$(ethtool -l "$IF" | sed -n '/^Current/,$p')
	rx=$(echo "$ch" | awk '$1 == "RX:" { print $2 }')
	tx=$(echo "$ch" | awk '$1 == "TX:" { print $2 }')
	[ "$rx" = 4 ] && [ "$tx" = $ntx ] || fail "ethtool -l: RX $rx, TX $tx; want 4 and $ntx whatever the vectors"
	if [ "$IRQMODE" = msix ] && [ "$want" -lt $maxv ]; then
		dmesg_has "MSI-X: $want of $maxv vectors granted" ||
			fail "no 'MSI-X: $want of $maxv vectors granted' in the kernel log"
	fi
	names=
	for i in $irqs; do
		names="$names $(irq_name "$i")"
	done
	# vector 0, then the TX channels', then the RX channels'
	exp=" $IF-txrx"
	[ "$want" -lt $maxv ] || exp=" $IF-misc"
	v=1
	while [ $v -lt "$want" ]; do
		if [ $v -le $ntx ]; then
			exp="$exp $IF-tx$((v - 1))"
		else
			exp="$exp $IF-rx$((v - 1 - ntx))"
		fi
		v=$((v + 1))
	done
	[ "$names" = "$exp" ] || fail "vectors named$names, want$exp"
fi

for i in $irqs; do echo "$i $(irq_count "$i")"; done >/tmp/i0
rxq() { ethtool -S "$IF" | awk -F': *' '{ gsub(/^[ \t]+/, "", $1) } $1 ~ /^rx[0-9]+_packets$/ { print $2 }'; }
rxq >/tmp/q0
iperf_run -R -P 8 -n 4M >/dev/null || fail "iperf3 -R -P 8 -n 4M failed with $n vector(s)"
rxq >/tmp/q1
# In vector order: 0 (other sources, and the rings without a vector of
# their own), 1..ntx TX, then RX queues.  Vector 0 serves no ring when
# every ring has its own, and 8 streams need not reach every RX queue
# (nor, with 4 TX queues, every TX queue): two RX vectors must fire then;
# otherwise vector 0 must; a TX vector must, when there is one.
v=0 rxfired=0 txfired=0 quiet=
for i in $irqs; do
	d=$(($(irq_count "$i") - $(awk -v i="$i" '$1 == i { print $2 }' /tmp/i0)))
	log "vector $v IRQ $i $(irq_name "$i"): +$d"
	if [ "$v" -gt $ntx ]; then
		[ "$d" = 0 ] || rxfired=$((rxfired + 1))
	elif [ "$v" -ge 1 ]; then
		[ "$d" = 0 ] || txfired=$((txfired + 1))
	elif [ "$d" = 0 ] && [ "$want" -lt $maxv ]; then
		quiet="$quiet $v"
	fi
	v=$((v + 1))
done
[ "$want" -lt 2 ] || [ "$txfired" -ge 1 ] || quiet="$quiet TX"
[ -z "$quiet" ] || fail "vectors that serve rings did not fire during a download:$quiet"
[ "$want" -lt $maxv ] || [ "$rxfired" -ge 2 ] ||
	fail "$rxfired of 4 RX vectors fired during a download of 8 streams"
if [ "$DRIVER" = ours ]; then
	used=$(awk 'NR == FNR { a[FNR] = $1; next } $1 - a[FNR] >= 50 { n++ }
		END { print n + 0 }' /tmp/q0 /tmp/q1)
	log "8 TCP streams over $used RX queues"
	[ "$used" -ge 2 ] || fail "8 TCP streams on $used RX queue(s) with $n vector(s)"
fi
echo "$n vector(s) of $want wanted ($IRQMODE), 4 RX queues and $ntx TX, traffic hashed over them, the rings' vectors fire"

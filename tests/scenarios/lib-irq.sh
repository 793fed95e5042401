# SPDX-License-Identifier: GPL-2.0
# Interrupt helpers for the interrupt fault scenarios (54-irq-storm,
# 55-irq-spurious, 56-shared-intx); sourced by them, not a scenario itself.
# They read what the kernel counts per IRQ: /proc/interrupts (deliveries,
# summed over the CPUs) and /proc/irq/N/spurious, where note_interrupt()
# keeps "unhandled" (interrupts every handler of the line answered with
# IRQ_NONE; restarted at 1 when the last one is more than 100 ms old, and
# at 0 each 100000 interrupts of the line, when it decides whether nobody
# cared) and "last_unhandled" (jiffies of the last one, in ms).

# irqs_of DEV: the IRQs of PCI device DEV (its MSI or MSI-X vectors in
# allocation order, vector 0 first; else its INTx line)
irqs_of() {
	d=/sys/bus/pci/devices/$1
	if [ -n "$(ls "$d/msi_irqs" 2>/dev/null)" ]; then
		ls "$d/msi_irqs" | sort -n
	else
		cat "$d/irq"
	fi
}

# irq_deliveries IRQ...: interrupts the kernel took on them, all CPUs
irq_deliveries() {
	for i in "$@"; do
		awk -v i="$i:" '$1 == i { for (f = 2; f <= NF && $f ~ /^[0-9]+$/; f++) s += $f }
			END { print s + 0 }' /proc/interrupts
	done | awk '{ s += $1 } END { print s + 0 }'
}

# irq_spurious IRQ FIELD: count, unhandled or last_unhandled (ms)
irq_spurious() {
	awk -v f="$2" '$1 == f { print $2 }' "/proc/irq/$1/spurious"
}

# irq_snap IRQ: "count unhandled last_unhandled" of IRQ
irq_snap() {
	echo "$(irq_spurious "$1" count) $(irq_spurious "$1" unhandled) $(irq_spurious "$1" last_unhandled)"
}

# irq_unhandled_since IRQ SNAP: interrupts of IRQ that no handler took
# since irq_snap gave SNAP: 0 when last_unhandled did not move, else the
# unhandled count now (a run of them more than 100 ms after the last one
# before SNAP starts again at 1).  Empty when note_interrupt's count of
# 100000 came round meanwhile (unhandled restarted at 0): not exact then.
irq_unhandled_since() {
	set -- "$1" $2
	now=$(irq_snap "$1")
	set -- "$@" $now
	# $2 $3 $4: count unhandled last then; $5 $6 $7: now
	if [ "$7" = "$4" ] && [ "$6" = "$3" ]; then
		echo 0
	elif [ "$5" -ge "$2" ]; then
		echo "$6"
	fi
}

# The kernel's irq tracepoints, for exact counts of what each handler
# answered (Debian's kernels have them; /proc/irq/N/spurious's count
# restarts after 100 ms without one and merges the handlers of a line).
TR=/sys/kernel/tracing

# irq_trace_start IRQ: record every handler's entry and exit on IRQ;
# status 1 without the tracepoints
irq_trace_start() {
	[ -d $TR/events ] || mount -t tracefs tracefs $TR 2>/dev/null
	[ -d $TR/events/irq/irq_handler_exit ] || return 1
	echo 0 >$TR/tracing_on
	echo 4096 >$TR/buffer_size_kb
	echo >$TR/trace
	for e in irq_handler_entry irq_handler_exit; do
		echo "irq == $1" >$TR/events/irq/$e/filter
		echo 1 >$TR/events/irq/$e/enable
	done
	echo 1 >$TR/tracing_on
}

# irq_trace_stop: stop recording; prints a line "handler NAME HANDLED
# UNHANDLED" per handler and "line TAKEN UNHANDLED" (interrupts the
# line's handlers were called for, and those every one of them answered
# IRQ_NONE), or "overrun" when the buffer lost events
irq_trace_stop() {
	echo 0 >$TR/tracing_on
	for e in irq_handler_entry irq_handler_exit; do
		echo 0 >$TR/events/irq/$e/enable
		echo 0 >$TR/events/irq/$e/filter
	done
	# "# entries-in-buffer/entries-written: 1234/1234   #P:2"
	awk '/entries-in-buffer\/entries-written:/ { split($3, a, "/"); if (a[1] != a[2]) print "overrun" }
		/^#/ { next }
		{ c = ""; for (i = 1; i <= NF; i++) if ($i ~ /^\[[0-9]+\]$/) { c = $i; break } }
		# a handler called again on this CPU: the interrupt before ended
		/irq_handler_entry:/ { for (i = 1; i <= NF; i++) if ($i ~ /^name=/) nm = substr($i, 6)
			if (index(seen[c], " " nm " ")) done(c)
			seen[c] = seen[c] " " nm " "; cur[c] = nm; names[nm] = 1 }
		/irq_handler_exit:/ { if ($0 ~ /ret=handled/) { h[cur[c]]++; hd[c] = 1 } else u[cur[c]]++ }
		function done(cc) { if (seen[cc] != "") { taken++; if (!hd[cc]) lu++ } seen[cc] = ""; hd[cc] = 0 }
		END { for (cc in seen) done(cc)
			for (n in names) print "handler", n, h[n] + 0, u[n] + 0
			print "line", taken + 0, lu + 0 }' $TR/trace
	echo >$TR/trace
}

# nobody_cared SINCE: the kernel disabled an IRQ line since log line SINCE
nobody_cared() {
	klog_since "$1" | grep -E 'nobody cared|Disabling IRQ #' | head -n 1
}

# fault_wait_spent SECS: wait up to SECS for the armed counted fault to be
# spent (FAULT_CTL reads 0); status 1 if it is not
fault_wait_spent() {
	n=$(($1 * 10))
	while [ "$(fault_armed)" != 0 ]; do
		n=$((n - 1))
		[ $n -gt 0 ] || return 1
		usleep 100000
	done
}

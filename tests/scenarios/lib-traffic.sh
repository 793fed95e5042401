# SPDX-License-Identifier: GPL-2.0
# Background iperf3 traffic for the cycle scenarios (18-reload-cycles,
# 19-down-up-cycles) and 25-rx-nomem; sourced by them, not a scenario
# itself (tests/run runs only NN-name.sh).  One iperf3 client, --bidir, runs across cycles:
# its TCP connections survive a down/up or a reload (the address comes
# back), and it is restarted if it ends anyway, at most MAX_RESTARTS
# times: a lost connection is what these cycles must not cause.  iperf3
# does not check what it moves: before each cycle a sha256-checked
# transfer each way (cycle_ready) checks that the bytes are right.

ipid=
restarts=0
nstarts=0
# 0 seen in every run of 18, 19 and 34 so far; one for a run that
# outlasts iperf3's -t
MAX_RESTARTS=1
# bytes of each checked transfer in cycle_ready: 180 full frames, a
# fraction of a second each way beside iperf3 on a TCG guest
CYCLE_BYTES=262144
nhashed=0

# cycles_begin: the number of cycles in $cycles (20, 10 on the slower ARM
# guests, 3 in quick mode), once the peer answers.
cycles_begin() {
	# shellcheck disable=SC2034 # read by the scenarios
	if [ "$QUICK" = 1 ]; then
		cycles=3
	elif [ "${ARCH:-x86_64}" = x86_64 ]; then
		cycles=20
	else
		cycles=10
	fi
	wait_peer 20 || fail "peer $PEER does not answer ping"
}

# cycle_ready WHEN: iperf3 runs and data flows both ways, and a
# sha256-checked transfer each way arrives intact, before a cycle or after
# the last; WHEN prefixes the reason of a failure.
cycle_ready() {
	iperf_keep || exit 1
	traffic_flows 30 || fail "$1: $why"
	download_sha $CYCLE_BYTES >/tmp/cyc.out 2>&1 || fail "$1: $(tail -n 1 /tmp/cyc.out)"
	upload $CYCLE_BYTES >/tmp/cyc.out 2>&1 || fail "$1: $(tail -n 1 /tmp/cyc.out)"
	nhashed=$((nhashed + 2))
}

# cycles_summary: what the scenario's last line adds: the checked
# transfers and the restarts
cycles_summary() {
	echo "$nhashed sha256-checked transfers of $CYCLE_BYTES bytes, $restarts iperf3 restarts (at most $MAX_RESTARTS)"
}

# iperf_keep: make sure a background iperf3 --bidir client is running.
# A client that lost its connection can leave the server busy for a
# moment ("the server is busy running a test"): retry for up to 30 s.
iperf_keep() {
	[ -n "$ipid" ] && kill -0 "$ipid" 2>/dev/null && return 0
	[ $restarts -le $MAX_RESTARTS ] || {
		echo "iperf3 --bidir ended $restarts times (at most $MAX_RESTARTS)"
		return 1
	}
	[ -z "$ipid" ] || {
		wait "$ipid" 2>/dev/null
		restarts=$((restarts + 1))
		log "iperf3 had ended: $(tail -n 1 /tmp/ipbg.out)"
		[ $restarts -le $MAX_RESTARTS ] || {
			echo "iperf3 --bidir ended $restarts times (at most $MAX_RESTARTS): $(tail -n 1 /tmp/ipbg.out)"
			return 1
		}
	}
	t=0
	while [ $t -lt 30 ]; do
		nstarts=$((nstarts + 1))
		iperf3 -c "$PEER" -p "$IPERF_PORT" --bidir -t 3600 -f m >/tmp/ipbg.out 2>&1 &
		ipid=$!
		sleep 2
		kill -0 "$ipid" 2>/dev/null && return 0
		wait "$ipid" 2>/dev/null
		log "iperf3 did not start: $(tail -n 1 /tmp/ipbg.out)"
		t=$((t + 2))
	done
	echo "iperf3 --bidir would not start in 30 s: $(tail -n 1 /tmp/ipbg.out)"
	ipid=
	return 1
}

bytes_of() { cat "/sys/class/net/$IF/statistics/$1" 2>/dev/null || echo 0; }

# traffic_flows SECONDS: both byte counters of IF grow by 1 MiB within
# SECONDS (the iperf3 client is restarted if it ended).  Sets "why" when
# they do not.
traffic_flows() {
	rx0=$(bytes_of rx_bytes)
	tx0=$(bytes_of tx_bytes)
	n=$((${1:-30} * 10))
	while [ $n -gt 0 ]; do
		rx=$(($(bytes_of rx_bytes) - rx0))
		tx=$(($(bytes_of tx_bytes) - tx0))
		[ $rx -ge 1048576 ] && [ $tx -ge 1048576 ] && return 0
		iperf_keep >/tmp/ipkeep.msg || {
			why=$(tail -n 1 /tmp/ipkeep.msg)
			return 1
		}
		usleep 100000
		n=$((n - 1))
	done
	why="iperf3 traffic did not resume within ${1:-30} s (rx +$rx, tx +$tx bytes; iperf3: $(tail -n 1 /tmp/ipbg.out))"
	return 1
}

# iperf_stop: end the background client the way ^C does (it tells the
# server, which is then free for the next test).
iperf_stop() {
	[ -n "$ipid" ] || return 0
	kill -INT "$ipid" 2>/dev/null
	n=50
	while [ $n -gt 0 ] && kill -0 "$ipid" 2>/dev/null; do
		usleep 100000
		n=$((n - 1))
	done
	kill "$ipid" 2>/dev/null
	wait "$ipid" 2>/dev/null
	ipid=
	tail -n 6 /tmp/ipbg.out
}

# iperf_check: a fresh 2 s iperf3 --bidir run completes (the server is
# free and both directions move data).
iperf_check() {
	t=0
	while [ $t -lt 30 ]; do
		r=$(iperf_run -t 2 --bidir 2>/tmp/ipchk.err) && {
			log "final iperf3 --bidir: $r Mbit/s"
			return 0
		}
		sleep 2
		t=$((t + 2))
	done
	echo "final iperf3 --bidir run failed: $(grep -v '^ *$' /tmp/ipchk.err | tail -n 1)"
	return 1
}

# Module reloads (09, and under traffic 18, 24, 34).  Pages of the
# page_pool policy that sockets still hold at rmmod stay DMA-mapped before
# Linux 6.15 (tests/README.md, "Known upstream limitations"; such
# scenarios carry "dmesg-allow: known:page-pool-unbind").  On the debug
# kernel, with our driver, the reloads check that this is all DMA-API's
# report is: after the rmmod, with the driver gone, only page_pool can
# still unmap a mapping of the device, so whatever DMA-API holds for it
# must be whole pages (4 to 32 KiB: page_pool's orders 0 to 3) mapped
# DMA_FROM_DEVICE, no more than the report counted, with rx-page-pool
# on.  reload_drained then checks that they all come back.
unbind_held=0
unbind_n=0

# reload_checked WHEN: rmmod and load again; on failure prints why
# (prefixed with WHEN) and returns 1.  Progress goes to stderr.
reload_checked() {
	if [ -r "$DMA_DUMP" ] && [ "$DRIVER" = ours ]; then
		rc_pci=$(pci_of_if)
		rc_policy=$(rxp_flag rx-page-pool)
		rc_since=$(dmesg | wc -l)
	else
		rc_pci=
	fi
	unload_module >/tmp/rc.out || {
		echo "$1: $(cat /tmp/rc.out)"
		return 1
	}
	[ -z "$rc_pci" ] || unbind_dma_check "$1" || return 1
	load_module >/tmp/rc.out || {
		echo "$1: $(cat /tmp/rc.out)"
		return 1
	}
}

# unbind_dma_check WHEN: reload_checked's judgement of what DMA-API still
# holds for rc_pci after the rmmod; adds what it accepts to unbind_held.
unbind_dma_check() {
	read -r all pp <<-EOT
		$(dma_left "$rc_pci")
	EOT
	reported=$(dma_unbind_count "$rc_since")
	[ "$all" -eq 0 ] && [ -z "$reported" ] && return 0
	left="$all DMA mappings left on $rc_pci after rmmod"
	if [ "$pp" -ne "$all" ]; then
		echo "$1: $((all - pp)) of the $left are not whole pages mapped DMA_FROM_DEVICE"
	elif [ "$rc_policy" != on ]; then
		echo "$1: $left, with rx-page-pool $rc_policy"
	elif [ -z "$reported" ]; then
		echo "$1: $left, but no DMA-API report"
	elif [ "$all" -gt "$reported" ]; then
		echo "$1: $left, DMA-API counted $reported"
	else
		log "$1: DMA-API counted $reported mappings pending at unbind, $all left after rmmod" >&2
		unbind_held=$((unbind_held + reported))
		unbind_n=$((unbind_n + 1))
		return 0
	fi
	return 1
}

# reload_drained: after the traffic stopped, the sockets closed and the
# stack's deferred frees done (skb_defer_flush), one more rmmod on the
# debug kernel must leave no mapping of the device within 30 s (times
# TSCALE): each page came back and its destroyed pool unmapped it.  Prints a summary to append to the result, or why not and
# returns 1; progress goes to stderr.
reload_drained() {
	[ -r "$DMA_DUMP" ] && [ "$DRIVER" = ours ] || return 0
	rc_pci=$(pci_of_if)
	skb_defer_flush
	unload_module >/tmp/rc.out || {
		echo "after the traffic: $(cat /tmp/rc.out)"
		return 1
	}
	t=0
	while :; do
		read -r all pp <<-EOT
			$(dma_left "$rc_pci")
		EOT
		[ "$all" -gt 0 ] || break
		[ $t -lt $((30 * TSCALE)) ] || {
			# who may still hold the pages: sockets not yet gone
			{ cat /proc/net/sockstat
			  awk 'NR > 1 && $4 != "0A"' /proc/net/tcp /proc/net/tcp6 2>/dev/null | head -n 20
			} >&2
			echo "$all DMA mappings ($pp whole pages DMA_FROM_DEVICE) still on $rc_pci $t s after the traffic stopped and the driver was unloaded"
			return 1
		}
		sleep 1
		skb_defer_flush
		t=$((t + 1))
	done
	load_module >/tmp/rc.out || {
		echo "after the traffic: $(cat /tmp/rc.out)"
		return 1
	}
	log "DMA-API counted $unbind_held mappings pending at $unbind_n unbinds; none left $t s after the traffic stopped" >&2
	echo "; page_pool pages pending at $unbind_n unbinds, none left after the traffic"
}

# board_boot_reload CHECK: a board scenario's run: CHECK (the scenario's
# function, given "at boot" or "after a reload"), a ping and 4 MiB each
# way, then a driver reload, CHECK again and a ping.
board_boot_reload() {
	"$1" "at boot"
	ping_ok 1472 || fail "ping -s 1472 failed"
	download 4194304 || exit 1
	upload 4194304 || exit 1
	reload_checked reload >/tmp/rl.msg || fail "$(cat /tmp/rl.msg)"
	wait_if 10 || fail "no interface after the reload"
	if_configure || fail "cannot bring $IF up after the reload"
	"$1" "after a reload"
	ping_ok 1472 || fail "ping -s 1472 failed after the reload"
}

# SPDX-License-Identifier: GPL-2.0
# A reconfiguration that cannot get memory keeps the old rings.  With
# iperf3 running both ways, the driver's fault attribute fail_ring_alloc
# (the kernel's fault-injection framework in debugfs, on kernels built
# with it: the debug kernel; driver/lan743x_debugfs.c) fails one
# allocation of the new rings: the first one, a ring's policy state, or a
# buffer in the middle of a ring's refill after whole rings were built and
# must be freed again.  Tried: a
# private flag switch, -G rx, -G rx-buf-len, -G tx, -G rx + tx, an MTU
# change.  Each must fail with ENOMEM and its message (extack, or the
# kernel log where the interface has none), change no setting, count a
# failed buffer in rx_buf_alloc_fail, and leave traffic flowing; then the
# same kinds of change succeed and the module unloads cleanly.
# sets: full
# timeout: 600

rxp_only_ours
[ "$CONFIG" = b0-msix ] || skip "-ENOMEM reconfiguration runs on b0-msix only"
. /lib/lt/scenarios/lib-traffic.sh
trap 'iperf_stop >/dev/null; rxp_reset' EXIT

dbg=/sys/kernel/debug
[ -d $dbg/lan743x ] || mount -t debugfs debugfs $dbg ||
	fail "cannot mount debugfs"
pci=$(pci_of_if)
fa=$dbg/lan743x/$pci/fail_ring_alloc
if [ ! -d "$fa" ]; then
	[ ! -d $dbg/fail_page_alloc ] ||
		fail "the kernel has fault injection, but the driver no $fa"
	skip "this kernel has no fault injection (CONFIG_FAULT_INJECTION_DEBUG_FS): runs on the debug kernel"
fi

RXMSG="no memory for new RX rings, old ones kept"
TXMSG="no memory for the new TX rings, old ones kept"

# nomem AT FAILS WHERE MSG CMD...: with allocation AT of the new rings
# failing, CMD fails with ENOMEM, MSG is in its output (WHERE = out) or
# in the kernel log (WHERE = log), nothing changes, rx_buf_alloc_fail
# grows by FAILS, and data still flows.
nomem() {
	at=$1 fails=$2 where=$3 msg=$4
	shift 4
	ref=$(settings)
	f0=$(ethstat rx_buf_alloc_fail)
	d0=$(dmesg | wc -l)
	# allocation AT from now fails, once, quietly
	echo 0 >"$fa/verbose"
	echo "$at" >"$fa/space"
	echo 1 >"$fa/times"
	echo 100 >"$fa/probability"
	"$@" >/tmp/nm.out 2>&1 && fail "[$*] succeeded with allocation $at failing"
	left=$(cat "$fa/times")
	echo 0 >"$fa/probability"
	[ "$left" = 0 ] || fail "[$*] never reached allocation $at"
	grep -q "Cannot allocate memory" /tmp/nm.out ||
		fail "[$*] failed, but not with ENOMEM: $(tail -n 1 /tmp/nm.out)"
	if [ "$where" = out ]; then
		grep -qF "$msg" /tmp/nm.out || fail "[$*] no \"$msg\" in: $(cat /tmp/nm.out)"
	else
		dmesg | tail -n +$((d0 + 1)) | grep -F "$msg" >/dev/null || fail "[$*] no \"$msg\" in the kernel log"
	fi
	now=$(settings)
	[ "$now" = "$ref" ] || fail "[$*] changed settings: $(echo "$now" | tr '\n' ' ')"
	f1=$(ethstat rx_buf_alloc_fail)
	[ $((f1 - f0)) = "$fails" ] ||
		fail "[$*] rx_buf_alloc_fail moved by $((f1 - f0)), not $fails"
	[ "$(carrier)" = 1 ] || fail "[$*] carrier lost"
	download 4194304 >/tmp/nm.dl 2>&1 || fail "[$*] then: $(tail -n 1 /tmp/nm.dl)"
	traffic_flows 30 || fail "[$*] then: $why"
	log "[$*] allocation $at failed ($(grep -F "$msg" /tmp/nm.out || echo "log: $msg")): nothing changed, rx_buf_alloc_fail +$fails, 4 MiB sha256 ok, iperf3 flows"
}

rxp_reset
wait_peer 20 || fail "peer unreachable"
iperf_keep || exit 1
traffic_flows 30 || fail "$why"
log "$(settings)"

# Allocations of one RX ring: descriptors, policy state, then each
# buffer; four RX rings are built, TX (descriptors, slots) before them.
per=$((2 + 128))
nomem 1 0 log "$RXMSG" rxp_flags on on off
nomem 2 0 out "$RXMSG" ethtool -G "$IF" rx 512
nomem $((2 * (2 + 512) + 2 + 300)) 1 out "$RXMSG" ethtool -G "$IF" rx 512
nomem $((per + 2 + 50)) 1 out "$RXMSG" ethtool -G "$IF" rx-buf-len 512
nomem $((3 * per + 2 + 100)) 1 log "$RXMSG" rxp_flags off off off
# with page_pool an MTU change rebuilds the rings (buffers cannot grow)
nomem 3 1 log "$RXMSG" ip link set dev "$IF" mtu 1400
nomem $((per + 2 + 64)) 1 log "$RXMSG" ip link set dev "$IF" mtu 1400
nomem 1 0 out "$TXMSG" ethtool -G "$IF" tx 512
nomem 2 0 out "$TXMSG" ethtool -G "$IF" tx 512
# TX ring built, then an RX buffer fails: TX must stay as it was too
nomem $((2 + 2 + 10)) 1 out "$RXMSG" ethtool -G "$IF" rx 256 tx 256

rxp_flags on on off || fail "policy switch refused after the failures"
[ "$(rxp_flag rx-page-pool)" = off ] || fail "rx-page-pool still on after the switch"
rxp_flags on on on || fail "switch back refused"
ethtool -G "$IF" rx 256 tx 256 rx-buf-len 512 || fail "-G rx 256 tx 256 rx-buf-len 512 refused"
ethtool -G "$IF" rx 128 tx 128 rx-buf-len 1 || fail "-G rx 128 tx 128 rx-buf-len 1 refused"
ip link set dev "$IF" mtu 1400 || fail "MTU 1400 refused"
[ "$(mtu_of)" = 1400 ] || fail "MTU is $(mtu_of), not 1400"
ip link set dev "$IF" mtu 1500 || fail "MTU 1500 refused"
download 4194304 || exit 1
traffic_flows 30 || fail "after the successful changes: $why"
iperf_stop >/dev/null
log "$(settings)"

unload_module || exit 1
[ ! -e $dbg/lan743x ] || fail "debugfs directory left after rmmod"
load_module || exit 1
[ -d "$fa" ] || fail "no fault attribute after reload"
trap - EXIT
echo "10 reconfigurations failing on one allocation kept the old rings and traffic; normal ones work; rmmod clean"

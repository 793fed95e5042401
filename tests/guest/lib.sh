# SPDX-License-Identifier: GPL-2.0
# Helpers for guest scenarios (busybox sh).  Sourced by /init and by each
# tests/scenarios/NN-name.sh.  The environment set by /init:
#   IF       network interface under test (re-detected before each scenario)
#   PEER     198.18.0.1, the host side (tests/peer/peer.py, iperf3 -s)
#   SELF     198.18.0.2, our address
#   DRIVER   intree | ours | e1000e
#   MODULE   path of the driver's .ko (for unload/reload)
#   MODNAME  module name (lan743x or e1000e)
#   MODLOAD  insmod (MODULE, x86) | modprobe (MODNAME, installed in the
#            module tree: ARM images)
#   ARCH     x86_64 | arm64 | armhf (the guest, as tests/run --arch names it)
#   EXPECT_DMA  coherent | noncoherent: what the guest's DMA is meant to be
#   CONFIG   configuration name (b0-msix, ..., or e1000e)
#   IRQMODE  interrupt mode the configuration should end up in (msix|msi|intx|any)
#   REV      chip revision the model was given (a0|b0|any)
#   QUICK    1 in quick mode: smaller transfers, shorter runs
#   TSCALE   how many times slower the kernel is (3 on the debug kernel,
#            else 1): every scenario's limit is multiplied by it
# Conventions: a scenario prints what it does, and its last line is the
# reason; it exits 0 on success, 77 to be skipped, anything else on failure.

PEER=${PEER:-198.18.0.1}
SELF=${SELF:-198.18.0.2}
PEER_PORT=5300
IPERF_PORT=5201

log() { echo "$*"; }

# Print the reason and fail the scenario.
fail() {
	echo "$*"
	exit 1
}

# Print the reason and mark the scenario skipped (not passed, not failed).
skip() {
	echo "$*"
	exit 77
}

# The MAC address tests/run gives the chip without a cable partner that
# two-chip guests also have (its x-cable has one end: it never gets a
# link).  Only nocable_chip names it.
NOCABLE_MAC=52:54:00:00:0c:0c

# The netdev bound to a driver we test: lan743x or e1000e.
find_if() {
	for d in /sys/class/net/*; do
		[ -e "$d/device/driver" ] || continue
		[ "$(cat "$d/address")" != $NOCABLE_MAC ] || continue
		drv=$(basename "$(readlink "$d/device/driver")")
		case $drv in
		lan743x | e1000e)
			basename "$d"
			return 0
			;;
		esac
	done
	return 1
}

# wait_if SECONDS: wait for the NIC to appear; sets IF.
wait_if() {
	n=$((${1:-20} * 10))
	while [ $n -gt 0 ]; do
		IF=$(find_if) && return 0
		usleep 100000
		n=$((n - 1))
	done
	return 1
}

# carrier [DEV]: 1 with a link, else 0 (DEV defaults to IF)
carrier() { cat "/sys/class/net/${1:-$IF}/carrier" 2>/dev/null || echo 0; }

# link_detected [DEV]: what ethtool says after "Link detected:", the
# extended link state in parentheses included
link_detected() { ethtool "${1:-$IF}" | sed -n 's/^[[:space:]]*Link detected: *//p'; }

# wait_carrier 0|1 SECONDS [DEV]
wait_carrier() {
	want=$1
	n=$((${2:-30} * 10))
	while [ $n -gt 0 ]; do
		[ "$(carrier "$3")" = "$want" ] && return 0
		usleep 100000
		n=$((n - 1))
	done
	return 1
}

# Bring IF up with our address (idempotent): used at boot, after reload, and
# before every scenario so that one scenario's failure does not cascade.
if_configure() {
	ip link set dev "$IF" up || return 1
	ip -4 addr show dev "$IF" | grep "inet $SELF/" >/dev/null ||
		ip addr add "$SELF/24" dev "$IF" || return 1
}

mtu_of() { cat "/sys/class/net/$IF/mtu"; }

# settings: what a reconfiguration may change (ring sizes, buffer length,
# private flags, MTU), one per line, to compare before and after
settings() {
	ethtool -g "$IF" | sed -n '/^Current/,$p'
	ethtool --show-priv-flags "$IF" | tail -n +2
	echo "mtu $(mtu_of)"
}

# peer_cmd LINE: one request to the peer service; prints its reply.
peer_cmd() {
	echo "$1" | timeout 30 nc "$PEER" "$PEER_PORT"
}

# set_mtu N: MTU on both ends (the peer's tap first so that it never drops
# our frames).  Scenarios that raise it must restore 1500 (see restore_mtu).
set_mtu() {
	r=$(peer_cmd "MTU $1") || true
	[ "$r" = OK ] || {
		echo "peer refused MTU $1: $r"
		return 1
	}
	ip link set dev "$IF" mtu "$1" || {
		echo "ip link set mtu $1 failed"
		return 1
	}
}

restore_mtu() {
	ip link set dev "$IF" mtu 1500 2>/dev/null
	peer_cmd "MTU 1500" >/dev/null 2>&1
}

# ping_ok SIZE [COUNT]: payload SIZE bytes, all COUNT replies must come back.
# busybox ping cannot set DF explicitly; the kernel sets it for packets
# that fit the MTU (pmtudisc "want") and fragments larger ones, which is
# what the size ladders rely on.
ping_ok() {
	c=${2:-3}
	# -A: next request as soon as the reply is in (no 1 s gaps).
	out=$(ping -A -c "$c" -W 3 -s "$1" "$PEER" 2>&1)
	got=$(echo "$out" | sed -n 's/.* \([0-9]*\) packets received.*/\1/p')
	if [ "$got" != "$c" ]; then
		echo "ping -s $1: ${got:-0}/$c replies: $(echo "$out" | tail -n 1)"
		return 1
	fi
}

# ping_sizes SIZE...: ping at each size, report every failure.
ping_sizes() {
	bad=
	for s in "$@"; do
		if ping_ok "$s"; then
			log "ping -s $s ok"
		else
			bad="$bad $s"
		fi
	done
	[ -z "$bad" ] || {
		echo "ping failed at sizes:$bad (mtu $(mtu_of))"
		return 1
	}
}

# force_speed MBPS: IF's link forced to MBPS, full duplex, without
# autonegotiation; fails unless the carrier and the peer come back
force_speed() {
	ethtool -s "$IF" speed "$1" duplex full autoneg off || fail "forced $1/full refused"
	sleep 3
	wait_carrier 1 30 || fail "no carrier at $1/full"
	wait_peer 20 || fail "peer unreachable at $1/full"
}

# Wait until the peer answers (after link changes ARP may need a moment).
wait_peer() {
	n=${1:-30}
	while [ "$n" -gt 0 ]; do
		ping -c 1 -W 1 "$PEER" >/dev/null 2>&1 && return 0
		n=$((n - 1))
	done
	return 1
}

# download BYTES: fetch random data from the peer, compare sha256.
download() {
	f=/tmp/download.$$
	timeout 600 sh -c "echo 'GET $1' | nc $PEER $PEER_PORT >$f"
	want=$(head -c 64 "$f")
	size=$(($(wc -c <"$f") - 65))
	got=$(tail -c +66 "$f" | sha256sum | cut -d' ' -f1)
	rm -f "$f"
	if [ "$size" != "$1" ]; then
		echo "download: got $size of $1 bytes"
		return 1
	fi
	if [ "$got" != "$want" ]; then
		echo "download: sha256 mismatch ($got, peer says $want)"
		return 1
	fi
	log "download $1 bytes ok, sha256 $got"
}

# upload BYTES: send random data to the peer, compare its sha256 with ours.
upload() {
	f=/tmp/upload.$$
	head -c "$1" /dev/urandom >"$f"
	want=$(sha256sum "$f" | cut -d' ' -f1)
	r=$(timeout 600 sh -c "{ echo 'PUT $1'; cat $f; } | nc $PEER $PEER_PORT")
	rm -f "$f"
	got=${r%% *}
	size=${r##* }
	if [ "$size" != "$1" ]; then
		echo "upload: peer received ${size:-nothing} of $1 bytes ($r)"
		return 1
	fi
	if [ "$got" != "$want" ]; then
		echo "upload: sha256 mismatch (peer $got, ours $want)"
		return 1
	fi
	log "upload $1 bytes ok, sha256 $got"
}

# metric KEY VALUE UNIT: a figure for the host's summary (not pass/fail).
metric() {
	echo "@@METRIC $SCENARIO $1 $2 $3" >"${RESULTS_TTY:-/dev/null}"
	log "metric $1 = $2 $3"
}

# iperf_run ARGS...: short iperf3 client run against the peer; prints the
# receiver's summary line as "<Mbits/sec> <loss%>" (loss only for UDP).
iperf_run() {
	out=$(timeout 120 iperf3 -c "$PEER" -p "$IPERF_PORT" -f m "$@" 2>&1)
	rc=$?
	echo "$out" >&2
	[ $rc -eq 0 ] || {
		echo "iperf3 $*: exit $rc: $(echo "$out" | tail -n 1)" >&2
		return 1
	}
	# Summary lines end in "receiver"; the UDP one has "lost/total (pct%)".
	echo "$out" | awk '/receiver/ {
		for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") rate = $(i - 1)
		loss = "-"
		if (match($0, /\([0-9.e+-]+%\)/)) loss = substr($0, RSTART + 1, RLENGTH - 3)
	} END { if (rate == "") exit 1; print rate, loss }'
}

# busybox's dmesg reads only the newest 16 KiB of the kernel log unless
# told otherwise: line counts then stop growing in a long run and the
# per-scenario check of new kernel lines (guest/init) would miss them.
# Read the whole buffer (log_buf_len=1M on the kernel command line).
dmesg() { command dmesg -s 1048576 "$@"; }

# dmesg_has PATTERN: kernel log contains PATTERN (extended regex).
# Scenarios run under pipefail: never end a pipeline in grep -q, which
# exits at the first match and fails the pipeline by SIGPIPE to a writer
# that has more to say (a long kernel log); let grep read to the end.
dmesg_has() { dmesg | grep -E "$1" >/dev/null; }

# klog_mark: the kernel log's line count now; klog_since MARK: the lines
# logged after it.  A check of what a fault or a command brought reads
# from its arming point, never a fixed number of last lines (which other
# messages can push it out of, or an older one satisfy).
klog_mark() { dmesg | wc -l; }
klog_since() { dmesg | tail -n +$(($1 + 1)); }

# The PCI device of IF and its interrupt mode as the kernel sees it.
irq_mode() {
	dev=/sys/class/net/$IF/device
	if [ -d "$dev/msi_irqs" ] && [ -n "$(ls "$dev/msi_irqs" 2>/dev/null)" ]; then
		cat "$dev"/msi_irqs/* | sort -u | head -n 1
	else
		echo intx
	fi
}

# NET_IP_ALIGN of the guest kernel: 2 on 32-bit ARM (the kernel's default),
# 0 on x86 and arm64.  Our RX buffers are that much longer (see
# lan743x_rx_buf_len()); scenarios that compute buffer edges add it.
case $(uname -m) in
arm*) RX_PAD=2 ;;
*) RX_PAD=0 ;;
esac

# ksft_skip WHAT: skip a scenario of the kernel's own selftests whose image
# has no WHAT, saying why for the kernel under test.  5.10's source has
# none of the tests these scenarios run (tools/testing/selftests/
# drivers/net's generic NIC tests, its hw/ directory and their libraries
# are newer); tests/run builds them into the image for 6.12, 7.2 and 7.3
# (for 7.x when the run has these scenarios).
ksft_skip() {
	case $KVER in
	5.*) skip "$1: not in the source of Linux $KVER (they are newer than 5.10)" ;;
	*) skip "image without $1 (tests/run puts them into the image on 6.12, 7.2 and 7.3)" ;;
	esac
}

# ---- RX buffer policies (our driver only) ----

# second_chip: the other interface bound to lan743x, for the scenarios
# with "# chips: 2" (IF's cable partner); fails (status 1) when there is
# none.
second_chip() {
	for d in /sys/class/net/*; do
		[ -e "$d/device/driver" ] || continue
		[ "$(basename "$(readlink "$d/device/driver")")" = lan743x ] || continue
		[ "$(cat "$d/address")" != $NOCABLE_MAC ] || continue
		[ "${d##*/}" = "$IF" ] || { echo "${d##*/}"; return 0; }
	done
	return 1
}

# nocable_chip: the interface of the third chip of two-chip guests, whose
# cable has no other end; fails (status 1) when there is none.
nocable_chip() {
	for d in /sys/class/net/*; do
		[ -e "$d/device/driver" ] || continue
		[ "$(cat "$d/address")" = $NOCABLE_MAC ] || continue
		echo "${d##*/}"
		return 0
	done
	return 1
}

# remote_chip_up B NS ADDR4 [ADDR6]: move the second chip's interface B
# into a new network namespace NS with those addresses, bring it up, and
# check that it pings SELF over the emulated wire (the namespace has only
# lo and B).  Uses iproute2's ip ($IPR): busybox's has no netns.
remote_chip_up() {
	# iproute2 keeps its namespaces under /run/netns (/var/run/netns on
	# some builds); the image has neither
	mkdir -p /run/netns /var/run/netns
	$IPR netns add "$2" || fail "ip netns add $2 failed"
	$IPR link set dev "$1" netns "$2" || fail "ip link set $1 netns $2 failed"
	$IPR -n "$2" link set lo up
	$IPR -n "$2" addr add "$3/24" dev "$1" || fail "no address on $1 in $2"
	[ -z "${4:-}" ] || $IPR -n "$2" -6 addr add "$4/64" dev "$1" nodad ||
		fail "no IPv6 address on $1 in $2"
	$IPR -n "$2" link set "$1" up || fail "ip link set $1 up in $2 failed"
	n=300
	until $IPR -n "$2" link show "$1" | grep LOWER_UP >/dev/null; do
		n=$((n - 1))
		[ $n -gt 0 ] || fail "$1 has no carrier 30 s after up"
		usleep 100000
	done
	$IPR netns exec "$2" ping -c 3 -W 3 "$SELF" >/tmp/ping-ab 2>&1 ||
		fail "$1 ($2) cannot ping $IF: $(tail -n 1 /tmp/ping-ab)"
	log "$1 in $2 reaches $IF over the emulated wire: $(tail -n 1 /tmp/ping-ab)"
}

# with_dash COMMAND...: COMMAND in a mount namespace of its own whose
# /bin/sh is dash.  The kernel's selftests run their commands with
# /bin/sh -c, and busybox's sh would run its own ip applet (no JSON)
# instead of iproute2's /bin/ip.
with_dash() {
	[ -x /bin/dash ] || fail "image without dash"
	unshare -m sh -c 'mount --bind /bin/dash /bin/sh && exec "$@"' sh "$@"
}

# ksft_remote_up: the second chip as the remote end of the kernel's NIC
# selftests (NetDrvEpEnv, "# chips: 2"): B in namespace NS with B_ADDR and
# B_ADDR6, IF with A_ADDR6, and the environment the tests read (NETIF,
# LOCAL_V4/V6, REMOTE_V4/V6, REMOTE_TYPE, REMOTE_ARGS) exported.  The
# caller's EXIT trap undoes it with ksft_remote_down.
NS=lt-ksft-remote B_ADDR=198.18.0.3 A_ADDR6=2001:db8:743::2 B_ADDR6=2001:db8:743::3
ksft_remote_up() {
	# iproute2's ip: busybox's shell runs its own ip applet before PATH.
	IPR=/bin/ip
	$IPR -V 2>/dev/null | grep iproute2 >/dev/null || fail "no iproute2 ip in this image"
	B=$(second_chip) ||
		fail "only one LAN743x interface ($IF): the guest needs the second chip '# chips: 2' asks tests/run for"
	log "interface under test: $IF ($SELF, $A_ADDR6); remote: $B in namespace $NS ($B_ADDR, $B_ADDR6)"
	$IPR -6 addr add "$A_ADDR6/64" dev "$IF" nodad || fail "no IPv6 address on $IF"
	remote_chip_up "$B" "$NS" "$B_ADDR" "$B_ADDR6"
	export PYTHONHOME=/usr PYTHONDONTWRITEBYTECODE=1 NETIF="$IF" \
		LOCAL_V4="$SELF" REMOTE_V4="$B_ADDR" LOCAL_V6="$A_ADDR6" \
		REMOTE_V6="$B_ADDR6" REMOTE_TYPE=netns REMOTE_ARGS="$NS"
}

# ksft_remote_down: the namespace deleted (B goes back to the initial
# one) and IF's IPv6 address removed
ksft_remote_down() {
	/bin/ip netns del "$NS" 2>/dev/null
	/bin/ip -6 addr del "$A_ADDR6/64" dev "$IF" 2>/dev/null
}

# ethstat NAME: one ethtool -S counter of IF (exact name), empty if absent.
ethstat() {
	ethtool -S "$IF" | awk -v n="$1" '$1 == n ":" { print $2; exit }'
}

# stats_snap FILE: every ethtool -S counter of IF as "name value" lines.
stats_snap() {
	ethtool -S "$IF" | awk -F': *' 'NF == 2 { gsub(/ /, "", $1); print $1, $2 }' >"$1"
}

# stats_delta OLD NEW NAME: NEW's NAME minus OLD's NAME.
stats_delta() {
	awk -v n="$3" 'FNR == NR { if ($1 == n) o = $2; next }
		$1 == n { print $2 - o }' "$1" "$2"
}

# rxp_flags MTUBUF PSYNC PPOOL: set the three private flags (on|off).
rxp_flags() {
	ethtool --set-priv-flags "$IF" rx-mtu-buffers "$1" rx-partial-sync "$2" \
		rx-page-pool "$3"
}

# rxp_flag NAME: on|off as ethtool reports it.
rxp_flag() {
	ethtool --show-priv-flags "$IF" | awk -v n="$1" '$1 == n { print $NF }'
}

# rxbl_known: the kernel passes rx-buf-len between ethtool and the driver
# (ETHTOOL_A_RINGS_RX_BUF_LEN, Linux 5.17), so ethtool -g shows a length.
# On older kernels (5.10) our buffers have the MTU-derived length only,
# and ethtool -G refuses the parameter (the kernel knows no such
# attribute).
rxbl_known() {
	ethtool -g "$IF" 2>/dev/null | grep -E '^RX Buf Len:[[:space:]]*[0-9]' >/dev/null &&
		return 0
	# Buffers derived from the MTU (length 0, which ethtool does not
	# show), or no rx-buf-len at all: asking for 1, "derived from the
	# MTU", changes nothing where the kernel and the driver have it.
	ethtool -G "$IF" rx-buf-len 1 >/dev/null 2>&1
}

# rxbl_note: what a scenario's last line adds where rx-buf-len is missing.
rxbl_note() {
	rxbl_known || echo " (MTU-derived buffers only: Linux $KVER has no rx-buf-len)"
}

# rxp_reset: default policy (flags on, MTU-derived buffers (rx-buf-len 1), 128-entry
# rings, copybreak 256), MTU 1500 on both ends.
rxp_reset() {
	rxp_flags on on on
	if rxbl_known; then
		ethtool -G "$IF" rx 128 tx 128 rx-buf-len 1 2>/dev/null
	else
		ethtool -G "$IF" rx 128 tx 128 2>/dev/null
	fi
	ethtool --set-tunable "$IF" rx-copybreak 256
	restore_mtu
}

# rxp_only_ours: skip unless the driver under test has the RX policy knobs.
rxp_only_ours() {
	[ "$DRIVER" = ours ] || skip "RX buffer policies exist in our driver only"
	ethtool --show-priv-flags "$IF" 2>/dev/null | grep '^rx-page-pool' >/dev/null ||
		fail "no rx-page-pool private flag on $IF"
}

# The 8 combinations of (rx-mtu-buffers, rx-partial-sync, rx-page-pool)
RXP_COMBOS="on,on,on on,on,off on,off,on on,off,off off,on,on off,on,off off,off,on off,off,off"

# rxp_combo A,B,C: set that combination.
rxp_combo() {
	# shellcheck disable=SC2046
	rxp_flags $(echo "$1" | tr , ' ')
}

# ---- Large transfers in loops (RX policy matrix) ----
# Under TCG, making 64 MiB of random data and hashing it costs seconds:
# these variants make the upload data once and hash downloads without
# an extra pipe, so that a loop spends its time on the transfers.

# put_file BYTES FILE: FILE becomes a PUT request for BYTES random bytes,
# to send with put_send as often as needed; prints their sha256.
put_file() {
	head -c "$1" /dev/urandom >"$2.data" || return 1
	sha256sum "$2.data" | cut -d' ' -f1
	{ echo "PUT $1"; cat "$2.data"; } >"$2"
	rm -f "$2.data"
}

# put_send FILE BYTES SHA: send a request made by put_file; the peer must
# have received BYTES bytes hashing to SHA.
put_send() {
	r=$(timeout 600 nc "$PEER" "$PEER_PORT" <"$1")
	if [ "$r" != "$3 $2" ]; then
		echo "upload: peer says '${r:-nothing}', want '$3 $2'"
		return 1
	fi
	log "upload $2 bytes ok, sha256 $3"
}

# download_sha BYTES: as download; the shell reads the peer's sha256 line
# and sha256sum the rest of the same file descriptor.
download_sha() {
	f=/tmp/download.$$
	timeout 600 sh -c "echo 'GET $1' | nc $PEER $PEER_PORT >$f"
	r=$({
		read -r want
		echo "$want $(sha256sum | cut -d' ' -f1)"
	} <"$f")
	if [ "${r% *}" != "${r#* }" ]; then
		echo "download: sha256 ${r#* } of $(($(wc -c <"$f") - 65)) of $1 bytes, peer says ${r% *}"
		rm -f "$f"
		return 1
	fi
	rm -f "$f"
	log "download $1 bytes ok, sha256 ${r#* }"
}

# ---- Module reload ----

# unload_module: rmmod the driver under test; it and its interface must go.
# Prints why it failed.
unload_module() {
	old=$IF
	rmmod "$MODNAME" || {
		echo "rmmod $MODNAME failed"
		return 1
	}
	[ ! -e "/sys/class/net/$old" ] || {
		echo "$old still present after rmmod"
		return 1
	}
	! lsmod | grep "^$MODNAME " >/dev/null || {
		echo "$MODNAME still loaded after rmmod"
		return 1
	}
}

# module_insert: load the driver under test again, the way /init did.
module_insert() {
	if [ "${MODLOAD:-insmod}" = modprobe ]; then
		modprobe "$MODNAME" || {
			echo "modprobe $MODNAME failed"
			return 1
		}
	else
		insmod "$MODULE" || {
			echo "insmod $MODULE failed"
			return 1
		}
	fi
}

# load_module: load it again and wait until its interface (IF) has our
# address, carrier and an answering peer.  Prints why it failed.
load_module() {
	module_insert || return 1
	wait_if 30 || {
		echo "no interface after ${MODLOAD:-insmod}"
		return 1
	}
	if_configure || {
		echo "configuring $IF after ${MODLOAD:-insmod} failed"
		return 1
	}
	wait_carrier 1 30 || {
		echo "no carrier 30 s after ${MODLOAD:-insmod}"
		return 1
	}
	wait_peer 20 || {
		echo "peer unreachable after ${MODLOAD:-insmod}"
		return 1
	}
}

# DMA-API debugging's list of live mappings (the debug kernel only): one
# line per mapping, "DEVICE DRIVER TYPE idx N P=.. N=.. D=.. L=LEN DIR ..".
DMA_DUMP=/sys/kernel/debug/dma-api/dump

# pci_of_if: the PCI device name (0000:00:01.0) of IF.
pci_of_if() { basename "$(readlink "/sys/class/net/$IF/device")"; }

# bar0_of_if: the physical address of IF's BAR0 (for devmem)
bar0_of_if() { head -n 1 "/sys/class/net/$IF/device/resource" | cut -d' ' -f1; }

# phc_of_if: IF's PTP hardware clock as ethtool -T names it, in PHC_DEV
# (/dev/ptpN) and SYS (its sysfs directory); fails without one
phc_of_if() {
	ethtool -T "$IF" >/tmp/ts 2>&1 || fail "ethtool -T failed: $(cat /tmp/ts)"
	phc=$(sed -n 's/^PTP Hardware Clock: *\([0-9][0-9]*\)$/\1/p' /tmp/ts)
	[ -n "$phc" ] || fail "ethtool -T names no PTP clock for $IF"
	PHC_DEV=/dev/ptp$phc
	SYS=/sys/class/ptp/ptp$phc
}

# tx_timeout_reset [STOP]: stop TX DMA channel 0 behind the driver's back
# (BAR0's DMAC_CMD, 0xC0C, bit 16; STOP: other STOP_T bits, 16 + n for
# channel n, e.g. 0x000F0000 for the PCI11x1x's four, whose pings may take
# any queue; tests/run boots with iomem=relaxed for devmem)
# and wait, pinging, until the driver reports the stack's TX timeout and
# resets.  The stack's watchdog fires only on a stopped queue: the ring
# full, or BQL's limit reached, which grows with the traffic before (after
# a 64 MiB transfer it takes more than small pings send in 30 s), so the
# pings are near MTU-sized and many.  Sets mark (the kernel log from before
# the stop).  14-tx-timeout, 44-ptp-perout.
tx_timeout_reset() {
	mark=$(klog_mark)
	devmem $(($(bar0_of_if) + 0xC0C)) 32 "${1:-0x00010000}" ||
		fail "devmem write to DMAC_CMD failed (iomem=relaxed missing?)"
	n=0
	while ! klog_since "$mark" | grep 'timed out, resetting' >/dev/null; do
		n=$((n + 1))
		[ $n -lt 30 ] || fail "no TX timeout reported 30 s after stopping TX DMA"
		ping -c 40 -s 1400 -i 0.02 -W 1 "$PEER" >/dev/null 2>&1
		sleep 1
	done
}

# The model's test-only fault register (x-faults=on; busybox devmem,
# iomem=relaxed): FAULT_CTL at BAR0 + 0x1F00 holds the armed fault's code
# (0: none), FAULT_ARG at + 0x1F04 how many events it spoils, and reads
# back how many it has.  fault_reg sets their addresses for IF.
fault_reg() {
	FAULT_CTL=$(($(bar0_of_if) + 0x1F00))
	FAULT_ARG=$((FAULT_CTL + 4))
}
fault_arm() { # CODE [N]
	devmem $FAULT_ARG 32 "${2:-1}" || fail "devmem write to FAULT_ARG failed"
	devmem $FAULT_CTL 32 "$1" || fail "devmem write to FAULT_CTL failed"
}
fault_off() { devmem $FAULT_CTL 32 0; }
fault_fired() { echo $(($(devmem $FAULT_ARG 32))); }
fault_armed() { echo $(($(devmem $FAULT_CTL 32))); }
# fault_present CODE [ARG]: the model has the register (arms CODE for
# ARG events, 77 by default, and disarms it): FAULT_CTL reads back CODE
# and FAULT_ARG the fired count, not the ARG written (plain registers,
# x-faults=off, read back what was written to both).  A fault that ends
# by itself after ARG ms (SYSLOCK_HELD) needs an ARG that outlasts the
# two devmem reads in a loaded guest.
fault_present() {
	fault_arm "$1" "${2:-77}"
	set -- "$(fault_armed)" "$(fault_fired)" "$1" "${2:-77}"
	fault_off
	[ "$1" = "$3" ] && [ "$2" != "$4" ]
}

# skb_defer_flush: run NET_RX once on every CPU (a loopback ping pinned to
# each).  The stack frees a received skb on the CPU that allocated it
# (skb_attempt_defer_free(), 5.19 on): it waits in that CPU's list until
# the list holds 32 or NET_RX next runs there.  On a CPU that receives
# nothing more, up to 31 skbs (each up to 17 page_pool fragments with
# GRO) stay indefinitely: the pages the pool of a removed device then
# waits for are the stack's, not a leak.  No traffic may run meanwhile.
skb_defer_flush() {
	c=0
	while [ $c -lt "$(grep -c '^processor' /proc/cpuinfo)" ]; do
		taskset -c $c ping -c 1 -W 1 127.0.0.1 >/dev/null 2>&1 ||
			echo "skb_defer_flush: no loopback ping on CPU $c" >&2
		c=$((c + 1))
	done
}

# dma_left DEVICE: "ALL PP": the mappings DMA-API debugging still holds for
# DEVICE, all of them and those shaped like page_pool's (a streaming
# mapping of one whole page of order 0 to 3, 4 to 32 KiB, DMA_FROM_DEVICE;
# the debug kernel is x86_64).
# Read after rmmod, when the driver has unmapped everything of its own.
dma_left() {
	awk -v d="$1" '$1 == d { n++
			if ($3 == "single" && $9 ~ /^L=[1248]000$/ && $10 == "DMA_FROM_DEVICE") p++ }
		END { print n + 0, p + 0 }' "$DMA_DUMP"
}

# dma_unbind_count SINCE: the count of DMA-API's last "pending DMA
# allocations while released from device" report after kernel log line
# SINCE, or nothing.
dma_unbind_count() {
	dmesg | tail -n +$(($1 + 1)) |
		sed -n 's/.*pending DMA allocations while released from device \[count=\([0-9]*\)\].*/\1/p' |
		tail -n 1
}

# The kernel's own selftests, run unchanged (31, 33, 36).  A scenario sets
# bad='' nbad=0 summary='' first, judges each test with ksft_judge and
# ends with ksft_verdict.
# ksft_judge TEST RC PASSED SKIPPED KNOWN FAILED [NAMES [OUTPUT]]: one
# test's exit status and its cases (KNOWN: failed with their stated cause
# in their output, NAMES: the other failures) into $summary, and into
# $bad and $nbad unless it passed, skipped itself, or failed only for
# stated causes.  A test none of whose cases passed or failed otherwise
# (every one skipped or failed for its stated cause) checked nothing: it
# is a result of its own, SKIP, "<scenario>/<test>", with the first skip
# reason in its OUTPUT file; ksft_verdict skips when no test checked
# anything.
ksft_judge() {
	summary="$summary $1:$3/$4/$5/$6"
	ntests=$((${ntests:-0} + 1))
	case $2:$6:$5 in
	0:0:0) [ $(($3 + $4)) -gt 0 ] || { bad="$bad $1(no results)" nbad=$((nbad + 1)); return; } ;;
	4:0:0) ;;
	1:0:*) [ "$5" -gt 0 ] || { bad="$bad $1(exit 1, no failing case)" nbad=$((nbad + 1)); return; } ;;
	*) bad="$bad $1(exit $2, $6 failed:${7:-})" nbad=$((nbad + 1)); return ;;
	esac
	[ "$3" = 0 ] || return 0
	nidle=$((${nidle:-0} + 1))
	why=
	[ -z "${8:-}" ] || why=$(sed -n 's/.*# SKIP *//p' "$8" | head -n 1)
	if [ "$5" -gt 0 ]; then
		why="no case passed: $5 failed for the stated cause, $4 skipped${why:+ (first skip: $why)}"
	else
		why="every case skipped${why:+ ($why)}"
	fi
	idle="$idle $1"
	echo "@@RESULT $SCENARIO/$1 SKIP $why" >"${RESULTS_TTY:-/dev/null}"
	log "$1: SKIP: $why"
}

# ksft_counts CAUSE FILE: "PASSED SKIPPED KNOWN FAILED [NAMES]" of a
# test's output in FILE: a "not ok" case whose lines since the previous
# result match CAUSE (an awk regexp; empty: none) is KNOWN, the others
# FAILED, their names listed.
ksft_counts() {
	awk -v cause="$1" '
		/^(not )?ok [0-9]+ / {
			if ($1 == "ok") { if ($0 ~ /# (SKIP|XFAIL)/) s++; else p++ }
			else if (cause != "" && buf ~ cause) k++
			else { f++; names = names " " $4 }
			buf = ""; next
		}
		{ buf = buf "\n" $0 }
		END { printf "%d %d %d %d%s\n", p, s, k, f, names }' "$2"
}

# ksft_verdict WHAT: the scenario's last line.  Our driver fails on any
# test in $bad; Debian's in-tree driver is the baseline: reported (and
# counted in the figure selftests_failed), not judged.
ksft_verdict() {
	if [ -z "$bad" ] && [ "${nidle:-0}" -gt 0 ] && [ "$nidle" = "${ntests:-0}" ]; then
		skip "$1 on $DRIVER ($(uname -r)): no test checked anything (each skipped every case or failed only for its stated cause:$idle); pass/skip/known/fail:$summary"
	fi
	if [ "$DRIVER" != ours ]; then
		metric selftests_failed "$nbad" tests
		verdict=${bad:+${bad# } failed}
		echo "$1 on $DRIVER ($(uname -r)): ${verdict:-all pass, skip or fail for the stated causes} (reported, not judged)${idle:+; checked nothing:$idle}; pass/skip/known/fail:$summary"
		exit 0
	fi
	[ -z "$bad" ] || fail "$1 failed:$bad"
	echo "$1 pass, skip or fail only for the stated causes ($(uname -r))${idle:+; checked nothing:$idle}, pass/skip/known/fail:$summary"
}

# PTP hardware clocks with linuxptp's phc_ctl (30, 32).  PHC_DEV: the
# clock, e.g. /dev/ptp0.
# phc ARGS...: phc_ctl on PHC_DEV ("--": negative numbers are not
# options), its output kept in /tmp/phc and printed
phc() {
	phc_ctl "$PHC_DEV" -- "$@" >/tmp/phc 2>&1 || fail "phc_ctl $*: $(cat /tmp/phc)"
	cat /tmp/phc
}

# cmp_moved: how far the PHC moved against CLOCK_REALTIME between the
# two "offset from CLOCK_REALTIME is Nns" lines of the last phc_ctl (ns;
# phc_ctl's offset is CLOCK_REALTIME - PHC)
cmp_moved() {
	sed -n 's/.*offset from CLOCK_REALTIME is \(-\{0,1\}[0-9][0-9]*\)ns.*/\1/p' \
		/tmp/phc >/tmp/offs
	o1=$(sed -n 1p /tmp/offs) o2=$(sed -n 2p /tmp/offs)
	[ -n "$o2" ] || fail "phc_ctl cmp printed $(wc -l </tmp/offs) offsets, not 2"
	echo $((o1 - o2))
}

# drift_freq PPB: set the PHC's frequency offset and print how far it
# moved against CLOCK_REALTIME (ns) in 2 s.  phc_ctl waits 2 s between
# its two readings, but a guest on a loaded host's clock may wake late
# (2.6 s seen): the move is scaled to 2 s of CLOCK_REALTIME, which is how
# far the PHC advanced between the two readings less its move.
drift_freq() {
	phc freq "$1" get cmp wait 2 get cmp >&2
	moved=$(cmp_moved) || { echo "$moved"; return 1; }
	# nanoseconds behind a 1: busybox awk reads 017002121 as octal
	sed -n 's/.*clock time is \([0-9][0-9]*\)\.\([0-9]\{9\}\) .*/\1 1\2/p' /tmp/phc |
		awk -v m="$moved" '{ s[NR] = $1; ns[NR] = $2 }
			END { rt = (s[2] - s[1]) * 1e9 + ns[2] - ns[1] - m
			      if (NR != 2 || rt < 1e9) exit 1
			      printf "%.0f\n", m * 2e9 / rt }' || {
		echo "phc_ctl get printed no two clock times 2 s apart"
		return 1
	}
}

# ---- PCI config space (45-aer, 46-surprise-removal) ----

# cfg_rd DEV OFFSET BYTES: a config space value of DEV (0000:01:00.0),
# little endian, 1, 2 or 4 bytes, in decimal
cfg_rd() {
	echo $((0x$(od -An -tx"$3" -j "$2" -N "$3" "/sys/bus/pci/devices/$1/config" | tr -d ' ')))
}
# cfg_wb DEV OFFSET VALUE: write one byte (a single config write)
cfg_wb() {
	# shellcheck disable=SC2059 # the octal escape is the format
	printf "\\$(printf %o "$3")" |
		dd of="/sys/bus/pci/devices/$1/config" bs=1 seek="$2" count=1 conv=notrunc 2>/dev/null
}
# cfg_ww DEV OFFSET VALUE: write a word at an even offset (one config
# write of 16 bits: a command register that acts on the whole value)
cfg_ww() {
	# shellcheck disable=SC2059 # the octal escapes are the format
	printf "\\$(printf %o $(($3 & 0xff)))\\$(printf %o $((($3 >> 8) & 0xff)))" |
		dd of="/sys/bus/pci/devices/$1/config" bs=2 seek=$(($2 / 2)) count=1 conv=notrunc 2>/dev/null
}
# cfg_wl DEV OFFSET VALUE: write a dword, low byte first (four writes:
# for write-1-to-clear status registers, where that is harmless)
cfg_wl() {
	for i in 0 1 2 3; do
		cfg_wb "$1" $(($2 + i)) $((($3 >> (8 * i)) & 0xff)) || return 1
	done
}
# ext_cap DEV ID: the offset of DEV's PCIe extended capability ID (0x0001:
# AER), or nothing
ext_cap() {
	o=256
	while [ $o -ne 0 ]; do
		h=$(cfg_rd "$1" $o 4)
		[ $((h & 0xffff)) -ne $(($2)) ] || {
			echo $o
			return 0
		}
		o=$(((h >> 20) & 0xffc))
	done
	return 1
}
# pcie_cap DEV: the offset of DEV's PCI Express capability (ID 0x10)
pcie_cap() {
	o=$(($(cfg_rd "$1" 52 1) & 0xfc))
	while [ $o -ne 0 ]; do
		[ "$(cfg_rd "$1" $o 1)" != 16 ] || {
			echo $o
			return 0
		}
		o=$(($(cfg_rd "$1" $((o + 1)) 1) & 0xfc))
	done
	return 1
}
# The QEMU ids of the chip and of its hot-plug port (board hotplug-port),
# for the peer's AER and REPLUG requests
QDEV= QBUS=
for arg in $(cat /proc/cmdline); do
	case $arg in
	lt.qdev=*) QDEV=${arg#*=} ;;
	lt.qbus=*) QBUS=${arg#*=} ;;
	esac
done

# SPDX-License-Identifier: GPL-2.0
# Periodic outputs seen from the host (the 44-ptp-perout scenarios):
# the PHC of $IF (PHC_DEV, SYS), the model's GPIO edge log through the
# peer, and check_out, which judges one pin's edges against the clock's
# grid.  Sourced by the scenarios (not one itself: no "# sets:").
# The guest runs on a clock of its own (QEMU -icount, shift S: each
# instruction is 2^S ns of the virtual clock, the idle time is skipped).
# The model sets a timer for the virtual time at which its clock reaches
# the next target (from the clock's rate, to the ns); a timer fires at the
# first instruction boundary at or after its time, so an edge comes at
# most 2^S ns of the virtual clock late, which is 2^S ns of the PHC at a
# rate within 0.1 % (the largest adjustment here), plus 1 ns of rounding
# in each direction: TOL = 2^S + 2 ns.  Any other host timing does not
# enter: the times are the model's clock, read when it moves the pin.
shift=$(sed -n 's/.*lt\.icount=\([0-9]\).*/\1/p' /proc/cmdline)
[ -n "$shift" ] || skip "not on a clock of its own (no lt.icount)"
TOL=$(((1 << shift) + 2))
TESTPTP=/lib/lt/testptp
[ -x "$TESTPTP" ] || skip "testptp is not in this image (linux-source-6.1 on the host)"
wait_peer 20 || fail "peer $PEER does not answer ping"

phc_of_if
BAR0=$(bar0_of_if)
DIFFERS=

# differs TEXT: Debian's driver does otherwise (logged, not judged); ours fails
differs() {
	[ "$DRIVER" = ours ] && fail "$1"
	log "intree differs: $1"
	DIFFERS="${DIFFERS:+$DIFFERS; }$1"
}
reg() { echo $(($(devmem $((BAR0 + $1)) 32))); }
tptp() { "$TESTPTP" -d "$PHC_DEV" "$@" 2>&1; }
# phc_now: the PHC in ns
phc_now() {
	phc_ctl "$PHC_DEV" get >/tmp/phc 2>&1 || fail "phc_ctl get: $(cat /tmp/phc)"
	sed -n 's/.*clock time is \([0-9][0-9]*\)\.\([0-9]\{9\}\) .*/\1\2/p' /tmp/phc |
		sed 's/^0*//'
}
# peer_busy LINE: peer_cmd with the guest's one CPU kept busy meanwhile:
# an idle guest's clock skips ahead to its next timer at once
# (sleep=off), and would run through nc's time limit while the host
# answers.
peer_busy() {
	(while :; do :; done) &
	spin=$!
	peer_cmd "$1"
	rc=$?
	kill $spin
	return $rc
}
# edges: the model's edge log into /tmp/edges (pin lines and edge lines)
edges() {
	peer_busy GPIO-EDGES >/tmp/edges || fail "peer GPIO-EDGES failed"
	grep '^pin ' /tmp/edges >/dev/null || fail "peer GPIO-EDGES: $(head -n 1 /tmp/edges)"
}
# last_seq: the newest edge's number (-1 for none)
last_seq() { edges; awk '$1 == "edge" { s = $2 } END { print s == "" ? -1 : s }' /tmp/edges; }
# count PIN rises|falls
count() { edges; awk -v p="$1" -v k="$2" '$1 == "pin" && $2 == p {
	for (i = 3; i < NF; i++) if ($i == k) print $(i + 1) }' /tmp/edges; }
# stopped PIN1 PIN2 SECS: after a stop, neither pin rises in SECS s
stopped() {
	r0=$(count "$1" rises) b0=$(count "$2" rises)
	sleep "$3"
	r1=$(count "$1" rises) b1=$(count "$2" rises)
	[ "$r1" = "$r0" ] && [ "$b1" = "$b0" ] ||
		fail "$((r1 - r0)) rising edges on GPIO $1, $((b1 - b0)) on GPIO $2 in $3 s after the stop"
}
# edges_of PIN SINCE: "LEVEL PHC" of PIN's edges numbered above SINCE
edges_of() { awk -v p="$1" -v s="$2" '$1 == "edge" && $2 > s && $4 == p { print $6, $8 }' /tmp/edges; }

# check_out PIN PERIOD ANCHOR WIDTH MIN SINCE: PIN's edges after SINCE: each
# rising edge ANCHOR + k * PERIOD (within TOL, late only), one every
# period with none missing, each falling edge WIDTH after its rise, at
# least MIN rises.  ns throughout; sh arithmetic is 64-bit.
check_out() {
	pin=$1 per=$2 anchor=$3 width=$4 min=$5 since=$6
	edges
	edges_of "$pin" "$since" >/tmp/pe
	rises=0 prev= rise=
	while read -r lvl t; do
		if [ "$lvl" = 1 ]; then
			off=$(((t - anchor) % per))
			[ $off -ge 0 ] || off=$((off + per))
			[ $off -le $TOL ] ||
				{ echo "pin $pin: a rising edge at $t, $off ns after the grid of $per ns from $anchor"; return 1; }
			if [ -n "$prev" ]; then
				d=$((t - prev - per))
				[ ${d#-} -le $TOL ] ||
					{ echo "pin $pin: rising edges $((t - prev)) ns apart, not $per"; return 1; }
			fi
			prev=$t rise=$t rises=$((rises + 1))
		elif [ -n "$rise" ]; then
			d=$((t - rise - width))
			[ ${d#-} -le $TOL ] ||
				{ echo "pin $pin: a pulse of $((t - rise)) ns, not $width"; return 1; }
		fi
	done </tmp/pe
	[ $rises -ge "$min" ] || { echo "pin $pin: $rises rising edges after edge $since, not $min ($(grep '^pin' /tmp/edges | tr '\n' ' '))"; return 1; }
	log "pin $pin: $rises pulses of $width ns every $per ns on the grid from $anchor (within $TOL ns)"
}

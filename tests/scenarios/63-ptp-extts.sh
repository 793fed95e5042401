# SPDX-License-Identifier: GPL-2.0
# External timestamps (PTP_EXTTS) on a PCI11010/PCI11414, through the
# kernel's testptp: the 1588 block's event capture channel n latches the
# clock at GPIO n's edges.  The signal on GPIO 3 comes from the model's
# fault register (GPIO_INPUT, code 17: N = pin | level << 8), and the
# model logs every level change of every pin with its clock's time at
# that instant (x-gpio-edges, read by the peer: GPIO-EDGES).  Checked: 8
# external timestamp channels; a request on a channel that has no pin
# refused; with GPIO 3 given to channel 3, three pulses make three events
# on channel 3, each exactly at its rising edge's time as the model logged
# it (the falling edges make none); an edge while no request is on is not
# reported by the next request, whose one event is its own pulse's.
# Ours: Debian's 6.12 driver has the family's event capture, but its
# 1588 interrupt handler leaves a capture to the PHC's worker, which it
# schedules only for TX timestamps: the capture's status stays set and the
# interrupt comes back at once, for ever (a soft lockup in this harness).
# sets: family
# timeout: 180

[ "$DRIVER" != intree ] ||
	skip "in-tree driver: its 1588 interrupt handler never hands an event capture to its worker (an interrupt storm: soft lockup)"

case $(cat "/sys/class/net/$IF/device/device") in
0xa011 | 0xa041) ;;
*) skip "the LAN7430/LAN7431 has no event capture (PCI11x1x only)" ;;
esac
TESTPTP=/lib/lt/testptp
[ -x "$TESTPTP" ] || skip "testptp is not in this image (linux-source-6.1 on the host)"
wait_peer 20 || fail "peer $PEER does not answer ping"
phc_of_if
PIN=3
BAR0=$(bar0_of_if)
fault_reg

n=$(cat "$SYS/n_external_timestamps")
[ "$n" = 8 ] || fail "$n external timestamp channels, the chip has 8"

# gpio LEVEL: the signal outside drives GPIO $PIN to LEVEL
gpio() {
	fault_arm 17 $((PIN | $1 << 8))
	[ "$(fault_fired)" = 1 ] || fail "the model did not drive GPIO $PIN (FAULT_ARG $(fault_fired))"
}
# pulse: GPIO $PIN high for 20 ms, then low for 20 ms
pulse() {
	gpio 1
	usleep 20000
	gpio 0
	usleep 20000
}
# edges: the model's edge log into /tmp/edges
edges() {
	peer_cmd GPIO-EDGES >/tmp/edges || fail "peer GPIO-EDGES failed"
	grep '^pin ' /tmp/edges >/dev/null || fail "peer GPIO-EDGES: $(head -n 1 /tmp/edges)"
}
# last_seq: the newest edge's number (-1 for none)
last_seq() { edges; awk '$1 == "edge" { s = $2 } END { print s == "" ? -1 : s }' /tmp/edges; }
# rises SINCE: the clock's time (ns) of GPIO $PIN's rising edges after edge SINCE
rises() { awk -v p=$PIN -v s="$1" '$1 == "edge" && $2 > s && $4 == p && $6 == 1 { print $8 }' /tmp/edges; }
# capturing: channel $PIN captures GPIO $PIN's rising edges
# (PTP_IO_CAP_CONFIG, BAR0 0xac4, RE_CAP_EN bit $PIN)
capturing() { [ $(($(devmem $((BAR0 + 0xac4)) 32) >> PIN & 1)) = 1 ]; }
# extts N OUT: testptp reading N events of channel $PIN into OUT, in the
# background ($ext), once its request is on (the chip captures: testptp's
# stdout, a file, shows nothing before the first event)
extts() {
	timeout 60 "$TESTPTP" -d "$PHC_DEV" -i $PIN -e "$1" >"$2" 2>&1 &
	ext=$!
	i=0
	until capturing; do
		i=$((i + 1))
		[ $i -lt 100 ] && kill -0 $ext 2>/dev/null ||
			fail "testptp -e $1 did not start: $(cat "$2")"
		usleep 100000
	done
}
# events OUT: "INDEX NS" of each event testptp printed
events() {
	sed -n 's/^event index \([0-9]*\) at \([0-9]*\)\.\([0-9]\{9\}\)$/\1 \2\3/p' "$1" |
		sed 's/ 0*\([0-9]\)/ \1/'
}
# edges_match OUT SINCE N: OUT has N events, all of channel $PIN, at the
# times of GPIO $PIN's N rising edges after edge SINCE, in order
edges_match() {
	events "$1" >/tmp/ev
	edges
	rises "$2" >/tmp/rises
	[ "$(wc -l </tmp/ev)" = "$3" ] || fail "$(wc -l </tmp/ev) events, want $3: $(cat "$1")"
	[ "$(wc -l </tmp/rises)" = "$3" ] || fail "the model logged $(wc -l </tmp/rises) rising edges on GPIO $PIN, want $3"
	awk '{ print $1 }' /tmp/ev | grep -v "^$PIN\$" >/dev/null &&
		fail "events of another channel: $(cat /tmp/ev)"
	awk '{ print $2 }' /tmp/ev | cmp -s - /tmp/rises ||
		fail "events at $(awk '{ print $2 }' /tmp/ev | tr '\n' ' ')but the rising edges at $(tr '\n' ' ' </tmp/rises)"
}

# A channel without a pin
timeout 20 "$TESTPTP" -d "$PHC_DEV" -i 2 -e 1 >/tmp/nopin 2>&1
grep 'PTP_EXTTS_REQUEST' /tmp/nopin >/dev/null ||
	fail "external timestamps on channel 2 without a pin were not refused: $(cat /tmp/nopin)"
log "channel 2 without a pin: $(grep PTP_EXTTS_REQUEST /tmp/nopin | head -n 1)"

# GPIO 3 to channel 3
"$TESTPTP" -d "$PHC_DEV" -L $PIN,1 -i $PIN >/tmp/pin 2>&1
grep 'set pin function okay' /tmp/pin >/dev/null || fail "GPIO $PIN as external timestamp input refused: $(cat /tmp/pin)"
p=$(cat "$SYS/pins/lan743x_ptp_pin_0$PIN")
[ "$p" = "1 $PIN" ] || fail "pin $PIN reads \"$p\", not \"1 $PIN\" (external timestamp, channel $PIN)"

# Three pulses, three events at their rising edges
gpio 0
since=$(last_seq)
extts 3 /tmp/ext1
pulse
pulse
pulse
wait $ext || fail "testptp -e 3 failed or timed out: $(cat /tmp/ext1)"
edges_match /tmp/ext1 "$since" 3
log "3 pulses: events at $(awk '{ print $2 }' /tmp/ev | tr '\n' ' ')(the rising edges' times)"

# An edge with no request on, then a new request: only its own pulse
! capturing || fail "channel $PIN still captures after testptp stopped its request"
pulse
since=$(last_seq)
extts 1 /tmp/ext2
pulse
wait $ext || fail "testptp -e 1 failed or timed out: $(cat /tmp/ext2)"
edges_match /tmp/ext2 "$since" 1
"$TESTPTP" -d "$PHC_DEV" -L $PIN,0 >/dev/null 2>&1
echo "external timestamps: 8 channels, GPIO $PIN's rising edges reported at the clock's times the model logged, none without a request"

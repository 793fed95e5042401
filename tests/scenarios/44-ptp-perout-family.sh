# SPDX-License-Identifier: GPL-2.0
# Periodic outputs on a PCI11010/PCI11414, which drives its GPIOs from
# the clock targets through its PTP-IO block (PTP_IO_EVENT_OUTPUT_CFG:
# a pin's enable and its channel; PTP_IO_PIN_CFG: push-pull or open
# drain) with its own layout of PTP_GENERAL_CONFIG (per channel a 4-bit
# event code, 14 pulse widths from 100 ns to 200 ms or a toggle, a
# polarity bit, RELOAD_ADD), not through the LAN743x's GPIO_CFG route.
# The edges are the model's (x-gpio-edges through the peer, as in
# 44-ptp-perout).  Checked: 12 pins, 2 channels; channel A on GPIO 5
# from testptp (start at the second after next), its pulses as wide as
# the event code in PTP_GENERAL_CONFIG says, the pin the event output of
# channel A, push-pull, GPIO_CFG3 untouched; channel B on GPIO 9 at once
# with a 50 % duty cycle; a start of our own at .25 s; the edges on the
# clock's grid after a rate change and a step back; channel A moved to
# GPIO 11, GPIO 5 given back; a stop: no more edges, the pin low and no
# longer an event output.  Ours also: each pulse as wide as asked (a
# 50 % duty cycle a toggle, no width the widest up to half the period),
# a width the chip has not refused, and both outputs back on their grids
# after a chip reset (a TX timeout's recovery).  Debian's driver: where it
# differs it is reported (the log's "intree differs:" lines), not judged.
# sets: family
# clock: own
# timeout: 300
# dmesg-allow: NETDEV WATCHDOG

case $(cat "/sys/class/net/$IF/device/device") in
0xa011 | 0xa041) ;;
*) skip "the LAN7430/LAN7431's outputs: 44-ptp-perout, 44-ptp-perout-lan7431" ;;
esac
. /lib/lt/scenarios/lib-perout.sh

# the family's pulse widths in ns by event code 0..13 (14: a toggle)
HS_WIDTHS="100 500 1000 5000 10000 50000 100000 500000 1000000 5000000 10000000 50000000 100000000 200000000"
# gc_width CH PERIOD: how wide channel CH's pulses are by PTP_GENERAL_CONFIG
# (a toggle: half of PERIOD), or "bad: why" where the channel puts no
# active-high event on a pin
gc_width() {
	gc=$(reg 0xA04)
	code=$(((gc >> (4 + 4 * $1)) & 15))
	if [ $(((gc >> (2 * $1 + 1)) & 1)) != 1 ]; then
		echo "bad: PTP_GENERAL_CONFIG $(printf %#x "$gc"): channel $1 not active high"
	elif [ $code = 14 ]; then
		echo $(($2 / 2))
	elif [ $code = 15 ]; then
		echo "bad: PTP_GENERAL_CONFIG $(printf %#x "$gc"): channel $1 makes no pin event"
	else
		echo $HS_WIDTHS | cut -d ' ' -f $((code + 1))
	fi
}
# width CH PERIOD WANT: channel CH's pulse width, as the chip is set; ours
# must have set WANT
width() {
	w=$(gc_width "$1" "$2")
	case $w in bad:*) fail "${w#bad: }" ;; esac
	[ "$w" = "$3" ] || differs "channel $1 makes pulses of $w ns, not the $3 asked for"
	W=$w
}
# io_out PIN CH: PIN is channel CH's event output, driven push-pull, and
# not a LAN743x 1588 output (GPIO_CFG3)
io_out() {
	cfg=$(reg 0xAD8) pc=$(reg 0xADC) g3=$(reg 0x05C)
	[ $(((cfg >> $1) & 1)) = 1 ] && [ $(((cfg >> (16 + $1)) & 1)) = "$2" ] ||
		fail "PTP_IO_EVENT_OUTPUT_CFG $(printf %#x "$cfg"): GPIO $1 not the output of channel $2"
	[ $(((pc >> $1) & 1)) = 1 ] || fail "PTP_IO_PIN_CFG $(printf %#x "$pc"): GPIO $1 not push-pull"
	[ $(((g3 >> $1) & 1)) = 0 ] || differs "GPIO_CFG3 $(printf %#x "$g3"): GPIO $1 also set as a LAN743x 1588 output"
}
# start WHAT CMD...: a request (testptp or sysfs) that must be taken.
# Debian's driver refuses to start a channel that runs (it reserves the
# channel again: ENODEV) and stops it: reported, and asked again.
start() {
	what=$1
	shift
	if ! out=$("$@" 2>&1) || ! echo "$out" | grep -q "okay\|^$"; then
		[ "$DRIVER" = ours ] && fail "$what: $out"
		differs "$what refused ($(echo "$out" | tail -n 1)) while its channel ran"
		out=$("$@" 2>&1) && echo "$out" | grep -q "okay\|^$" || fail "$what, again: $out"
	fi
}
period() { echo "$1" >"$SYS/period"; }

npins=$(cat "$SYS/n_programmable_pins") nper=$(cat "$SYS/n_periodic_outputs")
log "PHC $phc: $npins pins, $nper periodic outputs"
[ "$npins" = 12 ] || fail "$npins programmable pins, the family has 12 GPIOs"
[ "$nper" = 2 ] || fail "$nper periodic outputs, the chip has 2 clock targets"
P5=$SYS/pins/lan743x_ptp_pin_05 P9=$SYS/pins/lan743x_ptp_pin_09 P11=$SYS/pins/lan743x_ptp_pin_11

# --- channel A on GPIO 5 as testptp asks for it: no width ------------------
echo "2 0" >"$P5" || fail "pin 5 refused periodic output channel 0"
seq0=$(last_seq)
t0=$(phc_now)
start "testptp -p 100000000" tptp -i 0 -p 100000000
sleep 4
edges
first=$(edges_of 5 "$seq0" | awk '$1 == 1 { print $2; exit }')
[ -n "$first" ] || fail "no rising edge on GPIO 5 within 3 s of testptp -p: $(grep '^pin 5 ' /tmp/edges)"
[ $((first % 1000000000)) -le $TOL ] && [ "$first" -gt $((t0 + 1000000000)) ] &&
	[ "$first" -le $((t0 + 3000000000 + TOL)) ] ||
	fail "the first rising edge at $first, not at the second after next from $t0"
width 0 100000000 50000000
check_out 5 100000000 0 "$W" 10 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"
io_out 5 0

# --- channel B on GPIO 9 at once: a 50 % duty cycle -----------------------
echo "2 1" >"$P9" || fail "pin 9 refused periodic output channel 1"
seq0=$(last_seq)
start "testptp -i 1 -p 250000000 -w 125000000" tptp -i 1 -p 250000000 -w 125000000
sleep 4
width 1 250000000 125000000
WB=$W
check_out 9 250000000 0 "$WB" 4 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"
io_out 9 1
WA=$(gc_width 0 100000000)
check_out 5 100000000 0 "$WA" 20 "$seq0" >/tmp/r || fail "channel A with B running: $(cat /tmp/r)"

# --- a start of our own: sysfs, .25 s, 200 ms (no width: 100 ms) ------------
s=$(($(phc_now) / 1000000000 + 2))
start "sysfs period \"0 $s 250000000 0 200000000\"" period "0 $s 250000000 0 200000000"
seq0=$(last_seq)
sleep 4
width 0 200000000 100000000
check_out 5 200000000 $((s * 1000000000 + 250000000)) "$W" 5 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"
first=$(edges_of 5 "$seq0" | awk '$1 == 1 { print $2; exit }')
[ "$first" -le $((s * 1000000000 + 250000000 + TOL)) ] ||
	fail "the first rising edge at $first, not at the start $s.25 s"
# a width of the family's table that the LAN743x has not: 5 ms
start "testptp -p 100000000 -w 5000000" tptp -i 0 -p 100000000 -w 5000000
seq0=$(last_seq)
sleep 3
width 0 100000000 5000000
WA=$W
check_out 5 100000000 0 "$WA" 10 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"

# --- the clock's rate and a step back: edges stay on the clock's grid -------
phc_ctl "$PHC_DEV" freq 1000000 >/tmp/phc 2>&1 || fail "phc_ctl freq 1000000: $(cat /tmp/phc)"
sleep 1
seq0=$(last_seq)
sleep 2
check_out 5 100000000 0 "$WA" 15 "$seq0" >/tmp/r || fail "at +1000 ppm: $(cat /tmp/r)"
check_out 9 250000000 0 "$WB" 6 "$seq0" >/tmp/r || fail "at +1000 ppm: $(cat /tmp/r)"
phc_ctl "$PHC_DEV" freq 0 >/tmp/phc 2>&1 || fail "phc_ctl freq 0: $(cat /tmp/phc)"
phc_ctl "$PHC_DEV" -- adj -0.35 >/tmp/phc 2>&1 || fail "phc_ctl adj -0.35: $(cat /tmp/phc)"
seq0=$(last_seq)
sleep 3
check_out 5 100000000 0 "$WA" 20 "$seq0" >/tmp/r || fail "after a step back: $(cat /tmp/r)"
check_out 9 250000000 0 "$WB" 8 "$seq0" >/tmp/r || fail "after a step back: $(cat /tmp/r)"

# --- requests the chip cannot do (ours): refused, channel A as it was -------
if [ "$DRIVER" = ours ]; then
	seq0=$(last_seq)
	for a in "-w 3000000:Operation not supported" "-w 100000000:Invalid argument"; do
		out=$(tptp -i 0 -p 100000000 ${a%%:*})
		echo "$out" | grep "${a#*:}" >/dev/null || fail "testptp -p 100000000 ${a%%:*}: $out"
	done
	sleep 2
	check_out 5 100000000 0 "$WA" 15 "$seq0" >/tmp/r || fail "after refused requests: $(cat /tmp/r)"
fi

# --- channel A moves to GPIO 11: the core stops it on GPIO 5 first ----------
echo "2 0" >"$P11" || fail "pin 11 refused periodic output channel 0"
[ "$(cat "$P5")" = "0 0" ] || fail "pin 5 reads \"$(cat "$P5")\" after pin 11 took its channel"
[ $(($(reg 0xAD8) & 0x20)) = 0 ] ||
	fail "PTP_IO_EVENT_OUTPUT_CFG $(printf %#x "$(reg 0xAD8)"): GPIO 5 still an event output"
seq0=$(last_seq)
start "testptp -p 100000000 -w 10000000 on GPIO 11" tptp -i 0 -p 100000000 -w 10000000
sleep 3
width 0 100000000 10000000
check_out 11 100000000 0 "$W" 10 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"
io_out 11 0
n=$(edges_of 5 "$seq0" | wc -l)
[ "$n" = 0 ] || fail "GPIO 5 made $n edges after its channel went to GPIO 11"

# --- across a chip reset (ours): a TX timeout's recovery (all four channels
# stopped: the pings may take any queue) -------------------------------------
if [ "$DRIVER" = ours ]; then
	s=$(($(phc_now) / 1000000000 + 1))
	period "0 $s 30000000 0 100000000" || fail "sysfs period \"0 $s 30000000 0 100000000\" refused"
	sleep 2
	tx_timeout_reset 0x000F0000
	wait_carrier 1 30 || fail "no carrier after the TX timeout's reset"
	seq0=$(last_seq)
	sleep 3
	check_out 11 100000000 30000000 50000000 20 "$seq0" >/tmp/r || fail "after a reset: $(cat /tmp/r)"
	check_out 9 250000000 0 125000000 8 "$seq0" >/tmp/r || fail "after a reset: $(cat /tmp/r)"
	io_out 11 0
	io_out 9 1
else
	log "intree: no TX timeout recovery (no ndo_tx_timeout): not tried"
fi

# --- stop: no more edges, the pins low and no longer event outputs ----------
period "0 0 0 0 0" || fail "sysfs period \"0 0 0 0 0\" (stop) refused"
tptp -i 1 -p 0 >/dev/null
stopped 11 9 2
edges
grep '^pin 11 level 0 ' /tmp/edges >/dev/null || fail "GPIO 11 left high: $(grep '^pin 11 ' /tmp/edges)"
grep '^pin 9 level 0 ' /tmp/edges >/dev/null || fail "GPIO 9 left high: $(grep '^pin 9 ' /tmp/edges)"
[ $(($(reg 0xAD8) & 0xa00)) = 0 ] ||
	fail "PTP_IO_EVENT_OUTPUT_CFG $(printf %#x "$(reg 0xAD8)"): GPIOs 9 and 11 still event outputs after the stop"
echo "0 0" >"$P11"
echo "0 0" >"$P9"

log "PCI11x1x periodic outputs through PTP-IO on GPIOs 5, 9 and 11, on the clock's grid within $TOL ns${DIFFERS:+; intree differs: $DIFFERS}"

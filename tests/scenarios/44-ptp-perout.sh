# SPDX-License-Identifier: GPL-2.0
# Periodic outputs of the 1588 clock on the chip's GPIOs, through the
# kernel's PTP interfaces (the kernel's testptp and /sys/class/ptp), seen
# from the host: the model counts every level change of every GPIO with
# its clock's time at that instant (the x-gpio-edges property, which the
# peer reads over QMP: GPIO-EDGES).  The chip is a LAN7430: four pins,
# its LED pins.  Checked: the PHC's pins and channels; pin functions set
# and read back through sysfs, the ones the chip has not refused; an
# output's rising edges at its start time and a period apart, each pulse
# as wide as asked or, without a width, as the chip's table gives; a 50 %
# duty cycle; two channels on two pins at once; the pin taken from its
# LED while it is an output and given back after; the edges still on the
# clock's grid after the clock's rate is changed and the clock is stepped
# back; requests the chip cannot do (PTP_PEROUT_PHASE, a width it has
# not, a period under 200 ns or over 2^32 s, a channel with no pin)
# refused with the running output unchanged; a stopped output makes no
# more edges and frees its pin; the PHY latency register at 1000, 100 and
# 10 Mb/s.
# Both drivers: where Debian's differs from ours it is reported (the
# log's "intree differs:" lines and the last line), not judged.
# sets: primary
# clock: own
# timeout: 300
# dmesg-allow: NETDEV WATCHDOG

. /lib/lt/scenarios/lib-perout.sh
. /lib/lt/scenarios/lib-s3.sh

# --- the clock's pins and channels ------------------------------------------
npins=$(cat "$SYS/n_programmable_pins") nper=$(cat "$SYS/n_periodic_outputs")
log "PHC $phc: $npins pins, $nper periodic outputs, $(cat "$SYS/n_external_timestamps") external timestamp channels, pps $(cat "$SYS/pps_available")"
[ "$npins" = 4 ] || fail "$npins programmable pins, the LAN7430 has 4 GPIOs"
[ "$nper" = 2 ] || fail "$nper periodic outputs, the chip has 2 clock targets"
[ "$(cat "$SYS/n_external_timestamps")" = 0 ] ||
	differs "$(cat "$SYS/n_external_timestamps") external timestamp channels, no pin can take one"
P1=$SYS/pins/lan743x_ptp_pin_01 P2=$SYS/pins/lan743x_ptp_pin_02 P3=$SYS/pins/lan743x_ptp_pin_03
[ -e "$P1" ] || fail "no $P1: $(ls "$SYS/pins" 2>&1 | tr '\n' ' ')"
[ "$(cat "$P1")" = "0 0" ] || fail "pin 1 is \"$(cat "$P1")\" at first, not \"0 0\" (none)"

# 1000 Mb/s: the PHY's latencies, TX 30 ns and RX 525 ns
lat=$(reg 0xA5C)
[ "$lat" = $(((30 << 16) | 525)) ] || differs "PTP_LATENCY $(printf %#x "$lat") at 1000 Mb/s, not 0x1e020d"

# --- pin functions ----------------------------------------------------------
echo "2 0" >"$P1" || fail "pin 1 refused periodic output channel 0"
[ "$(cat "$P1")" = "2 0" ] || fail "pin 1 reads \"$(cat "$P1")\" after \"2 0\""
# external timestamps and PHY sync: not on this chip; the pin keeps its function
for f in "1 0" "3 0"; do
	if echo "$f" >"$P1" 2>/dev/null; then
		fail "pin 1 took function \"$f\" (the LAN743x has no event capture)"
	fi
	[ "$(cat "$P1")" = "2 0" ] || fail "pin 1 reads \"$(cat "$P1")\" after refusing \"$f\""
done
# (no channel at all: EINVAL from the core, else EOPNOTSUPP from the driver)
out=$(tptp -i 0 -L 3,1)
echo "$out" | grep -E "Operation not supported|Invalid argument" >/dev/null ||
	fail "testptp -L 3,1 (external timestamps on pin 3): $out"
[ "$(cat "$P3")" = "0 0" ] || fail "pin 3 reads \"$(cat "$P3")\" after refusing external timestamps"

# --- an output as testptp asks for it: start the second after next ---------
# 100 ms period, no width: the chip's widest pulse up to half of it, 10 ms
led0=$(reg 0x010)
[ $(((led0 >> 21) & 1)) = 1 ] || fail "HW_CFG $(printf %#x "$led0"): LED1 does not own GPIO1 at first"
seq0=$(last_seq)
t0=$(phc_now)
out=$(tptp -i 0 -p 100000000)
echo "$out" | grep "periodic output request okay" >/dev/null || fail "testptp -p 100000000: $out"
sleep 4
# testptp starts it at the PHC's second + 2 when it read the clock
edges
first=$(edges_of 1 "$seq0" | awk '$1 == 1 { print $2; exit }')
[ -n "$first" ] || fail "no rising edge on pin 1 within 3 s of testptp -p: $(grep '^pin 1 ' /tmp/edges)"
[ $((first % 1000000000)) -le $TOL ] && [ "$first" -gt $((t0 + 1000000000)) ] &&
	[ "$first" -le $((t0 + 3000000000 + TOL)) ] ||
	fail "the first rising edge at $first, not at the second after next from $t0"
check_out 1 100000000 0 10000000 10 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"
cfg3=$(reg 0x05C) hw=$(reg 0x010)
[ $((cfg3 & 0x20002)) = 2 ] || fail "GPIO_CFG3 $(printf %#x "$cfg3"): pin 1 not a 1588 output of channel A"
[ $(((hw >> 21) & 1)) = 0 ] || fail "HW_CFG $(printf %#x "$hw"): LED1 still owns GPIO1"

# --- channel B on pin 2 at once: a 50 % duty cycle (the chip toggles) -------
echo "2 1" >"$P2" || fail "pin 2 refused periodic output channel 1"
seq0=$(last_seq)
out=$(tptp -i 1 -p 250000000 -w 125000000)
echo "$out" | grep "periodic output request okay" >/dev/null || fail "testptp -i 1 -p 250000000 -w 125000000: $out"
sleep 4
check_out 2 250000000 0 125000000 4 "$seq0" >/tmp/r || fail "$(cat /tmp/r) DBG $(for r in 0x10 0x50 0x54 0x58 0x5c 0xa04 0xa30 0xa34 0xa38 0xa3c 0xa40 0xa44 0xa48 0xa4c; do printf '%s=%#x ' $r $(reg $r); done; phc_now)"
check_out 1 100000000 0 10000000 20 "$seq0" >/tmp/r || fail "channel A with B running: $(cat /tmp/r)"
cfg3=$(reg 0x05C)
[ $((cfg3 & 0x40004)) = $((0x40004)) ] || fail "GPIO_CFG3 $(printf %#x "$cfg3"): pin 2 not a 1588 output of channel B"

# --- a start of our own: sysfs period, start at .25 s, 200 ms, 1 ms wide ----
# (sysfs has no width: 200 ms gives the chip's 10 ms; testptp -w 1 ms next)
s=$(($(phc_now) / 1000000000 + 2))
echo "0 $s 250000000 0 200000000" >"$SYS/period" || fail "sysfs period \"0 $s 250000000 0 200000000\" refused"
# (from here: the edges of the old output end with the request)
seq0=$(last_seq)
sleep 4
check_out 1 200000000 $((s * 1000000000 + 250000000)) 10000000 5 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"
first=$(edges_of 1 "$seq0" | awk '$1 == 1 { print $2; exit }')
[ "$first" -le $((s * 1000000000 + 250000000 + TOL)) ] ||
	fail "the first rising edge at $first, not at the start $s.25 s"
out=$(tptp -i 0 -p 100000000 -w 1000000)
echo "$out" | grep "periodic output request okay" >/dev/null || fail "testptp -p 100000000 -w 1000000: $out"
seq0=$(last_seq)
sleep 3
check_out 1 100000000 0 1000000 10 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"

# --- the clock's rate and a step back: edges stay on the clock's grid -------
phc_ctl "$PHC_DEV" freq 1000000 >/tmp/phc 2>&1 || fail "phc_ctl freq 1000000: $(cat /tmp/phc)"
sleep 1
seq0=$(last_seq)
sleep 2
check_out 1 100000000 0 1000000 15 "$seq0" >/tmp/r || fail "at +1000 ppm: $(cat /tmp/r)"
check_out 2 250000000 0 125000000 6 "$seq0" >/tmp/r || fail "at +1000 ppm: $(cat /tmp/r)"
phc_ctl "$PHC_DEV" freq 0 >/tmp/phc 2>&1 || fail "phc_ctl freq 0: $(cat /tmp/phc)"
# back by 0.35 s: no target is passed, the next ones come later
phc_ctl "$PHC_DEV" -- adj -0.35 >/tmp/phc 2>&1 || fail "phc_ctl adj -0.35: $(cat /tmp/phc)"
seq0=$(last_seq)
sleep 3
check_out 1 100000000 0 1000000 20 "$seq0" >/tmp/r || fail "after a step back: $(cat /tmp/r)"
check_out 2 250000000 0 125000000 8 "$seq0" >/tmp/r || fail "after a step back: $(cat /tmp/r)"

# --- requests the chip cannot do: refused, channel A as it was --------------
seq0=$(last_seq)
bad() { # WANT ARGS...: testptp's answer to a request the chip cannot do
	want=$1
	shift
	out=$(tptp "$@")
	log "testptp $*: $out"
	echo "$out" | grep "$want" >/dev/null && return 0
	echo "$out" | grep "periodic output request okay" >/dev/null &&
		fail "testptp $* accepted"
	differs "testptp $*: $(echo "$out" | tail -n 1), not \"$want\""
}
bad "Operation not supported" -i 0 -p 100000000 -H 5000000
bad "Operation not supported" -i 0 -p 100000000 -w 3000000
bad "Invalid argument" -i 0 -p 100000000 -w 100000000
bad "Invalid argument" -i 0 -p 100
if echo "0 $s 0 4294967296 0" >"$SYS/period" 2>/dev/null; then
	differs "sysfs period of 2^32 s accepted (the reload has 32-bit seconds)"
	out=$(tptp -i 0 -p 100000000 -w 1000000)
fi
sleep 2
if ! check_out 1 100000000 0 1000000 15 "$seq0" >/tmp/r; then
	differs "a refused request stopped the running output"
	log "$(cat /tmp/r)"
	tptp -i 0 -p 100000000 -w 1000000
fi

# --- a channel with no pin; a pin taken over by another -----------------------
echo "0 0" >"$P2" || fail "pin 2 refused function none"
seq0=$(last_seq)
sleep 1
n=$(edges_of 2 "$seq0" | wc -l)
[ "$n" = 0 ] || fail "pin 2 made $n edges after it lost channel B"
[ $(($(reg 0x05C) & 0x4)) = 0 ] || fail "GPIO_CFG3 $(printf %#x "$(reg 0x05C)"): pin 2 still an output"
[ $((($(reg 0x010) >> 22) & 1)) = 1 ] || fail "HW_CFG $(printf %#x "$(reg 0x010)"): LED2 did not get GPIO2 back"
bad "Invalid argument" -i 1 -p 100000000
# channel A moves to pin 3: the core stops it on pin 1 first
echo "2 0" >"$P3" || fail "pin 3 refused periodic output channel 0"
[ "$(cat "$P1")" = "0 0" ] || fail "pin 1 reads \"$(cat "$P1")\" after pin 3 took its channel"
seq0=$(last_seq)
out=$(tptp -i 0 -p 100000000 -w 10000000)
echo "$out" | grep "periodic output request okay" >/dev/null || fail "testptp -p 100000000 -w 10000000 on pin 3: $out"
sleep 3
check_out 3 100000000 0 10000000 10 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"
n=$(edges_of 1 "$seq0" | wc -l)
[ "$n" = 0 ] || fail "pin 1 made $n edges after its channel went to pin 3"

# --- stop: no more edges, the pin low and given back ----------------------------
echo "0 0 0 0 0" >"$SYS/period" || fail "sysfs period \"0 0 0 0 0\" (stop) refused"
r0=$(count 3 rises) f0=$(count 3 falls)
sleep 2
r1=$(count 3 rises) f1=$(count 3 falls)
[ "$r1" = "$r0" ] && [ "$f1" = "$f0" ] || fail "pin 3: $((r1 - r0)) rising, $((f1 - f0)) falling edges in 2 s after the stop"
edges
grep '^pin 3 level 0 ' /tmp/edges >/dev/null || fail "pin 3 left high: $(grep '^pin 3 ' /tmp/edges)"
[ $(($(reg 0x05C) & 0x8)) = 0 ] || fail "GPIO_CFG3 $(printf %#x "$(reg 0x05C)"): pin 3 still an output"
[ $((($(reg 0x010) >> 23) & 1)) = 1 ] || fail "HW_CFG $(printf %#x "$(reg 0x010)"): LED3 did not get GPIO3 back"
[ $((($(reg 0x010) >> 21) & 1)) = 1 ] || fail "HW_CFG $(printf %#x "$(reg 0x010)"): LED1 did not get GPIO1 back"
echo "0 0" >"$P3"

# --- across chip resets: a TX timeout's recovery, suspend to RAM ------------
# Both reset the chip, which clears its clock, its rate and its outputs.
# Ours starts each output again from its request, its rising edges on the
# same grid (the requested phase: .03 s on a 100 ms period, the 250 ms
# toggle's 0), and sets the clock to where it would be: its offset to
# CLOCK_REALTIME stays within 1 ms.
# phc_off: CLOCK_REALTIME - PHC in ns (phc_ctl cmp)
phc_off() {
	phc_ctl "$PHC_DEV" cmp >/tmp/phc 2>&1 || fail "phc_ctl cmp: $(cat /tmp/phc)"
	sed -n 's/.*offset from CLOCK_REALTIME is \(-\{0,1\}[0-9][0-9]*\)ns.*/\1/p' /tmp/phc
}
# after_reset WHAT SEQ OFF: both outputs on their grids since edge SEQ, the
# clock's offset within 1 ms of OFF
after_reset() {
	sleep 3
	if ! check_out 1 100000000 30000000 10000000 20 "$2" >/tmp/r ||
		! check_out 2 250000000 0 125000000 8 "$2" >>/tmp/r; then
		differs "after $1: $(cat /tmp/r)"
		return
	fi
	o=$(phc_off)
	d=$((o - $3))
	log "after $1: the PHC's offset to CLOCK_REALTIME moved by $d ns"
	[ ${d#-} -le 1000000 ] || differs "after $1 the PHC is $d ns off where it ran (CLOCK_REALTIME - PHC: $3 ns before, $o ns after)"
}
echo "2 0" >"$P1" && echo "2 1" >"$P2" || fail "pins 1 and 2 refused channels 0 and 1"
s=$(($(phc_now) / 1000000000 + 1))
echo "0 $s 30000000 0 100000000" >"$SYS/period" || fail "sysfs period \"0 $s 30000000 0 100000000\" refused"
out=$(tptp -i 1 -p 250000000 -w 125000000)
echo "$out" | grep "periodic output request okay" >/dev/null || fail "testptp -i 1 -p 250000000 -w 125000000: $out"
sleep 2
seq0=$(last_seq)
sleep 1
check_out 1 100000000 30000000 10000000 8 "$seq0" >/tmp/r || fail "before the resets: $(cat /tmp/r)"
check_out 2 250000000 0 125000000 3 "$seq0" >/tmp/r || fail "before the resets: $(cat /tmp/r)"
# +10 ppm: 100 us in the 10 s of a reset, within the 1 ms
phc_ctl "$PHC_DEV" freq 10000 >/tmp/phc 2>&1 || fail "phc_ctl freq 10000: $(cat /tmp/phc)"
rate0=$(reg 0xA20)

if [ "$DRIVER" = ours ]; then
	# as 14-tx-timeout: TX DMA stopped behind the driver's back
	off0=$(phc_off)
	tx_timeout_reset
	wait_carrier 1 30 || fail "no carrier after the TX timeout's reset"
	seq0=$(last_seq)
	after_reset "a TX timeout's reset" "$seq0" "$off0"
	rate=$(reg 0xA20)
	[ "$rate" = "$rate0" ] ||
		differs "PTP_CLOCK_RATE_ADJ $(printf %#x "$rate") after the reset, $(printf %#x "$rate0") before"
else
	log "intree: no TX timeout recovery (no ndo_tx_timeout): not tried"
fi

# ACPI S3 (as 42-wol): QEMU resets the chip when it wakes the guest.  The
# peer writes a unicast frame, which wol g does not wake on, and wakes
# the guest 500 ms later.
if s3_select; then
	ethtool -s "$IF" wol g || fail "ethtool -s wol g refused"
	r=$(peer_busy "WOL ucast 500") || true
	[ "$r" = OK ] || fail "peer refused WOL ucast: $r"
	off0=$(phc_off)
	s3_suspend "PTP outputs running"
	r=$(peer_busy WOL-RESULT) || true
	log "suspend to RAM: $r"
	case $r in
	"ASLEEP ucast "*) ;;
	*) fail "suspend to RAM: the peer says '$r'" ;;
	esac
	ethtool -s "$IF" wol d
	wait_carrier 1 30 || fail "no carrier after resume"
	ethtool -T "$IF" >/tmp/ts 2>&1
	n=$(sed -n 's/^PTP Hardware Clock: *\([0-9][0-9]*\)$/\1/p' /tmp/ts)
	[ "$n" = "$phc" ] || differs "the PHC is ptp$n after the resume, ptp$phc before"
	PHC_DEV=/dev/ptp$n SYS=/sys/class/ptp/ptp$n
	seq0=$(last_seq)
	after_reset "suspend to RAM" "$seq0" "$off0"
	rate=$(reg 0xA20)
	[ "$rate" = "$rate0" ] ||
		differs "PTP_CLOCK_RATE_ADJ $(printf %#x "$rate") after the resume, $(printf %#x "$rate0") before"
else
	log "$s3_why: not tried"
fi
phc_ctl "$PHC_DEV" freq 0 >/tmp/phc 2>&1
echo "0 0 0 0 0" >"$SYS/period"

# The PHY latency at the other speeds (forced; the tap's end follows):
# 100 Mb/s TX 181 ns and RX 594 ns, 10 Mb/s none; then autonegotiation
for sl in "100 $(((181 << 16) | 594))" "10 0"; do
	set -- $sl
	ethtool -s "$IF" autoneg off speed "$1" duplex full || fail "ethtool -s speed $1 refused"
	wait_carrier 0 10
	wait_carrier 1 30 || fail "no carrier at $1 Mb/s"
	sp=$(cat /sys/class/net/$IF/speed)
	[ "$sp" = "$1" ] || fail "link at $sp Mb/s, not the $1 forced"
	usleep 200000
	lat=$(reg 0xA5C)
	[ "$lat" = "$2" ] || differs "PTP_LATENCY $(printf %#x "$lat") at $1 Mb/s, not $(printf %#x "$2")"
done
ethtool -s "$IF" autoneg on || fail "ethtool -s autoneg on refused"
wait_carrier 0 10
wait_carrier 1 30 || fail "no carrier after autonegotiation"
tptp -i 1 -p 0 >/dev/null
echo "0 0" >"$P1"
echo "0 0" >"$P2"

log "periodic outputs as asked, within $TOL ns of the clock's grid${DIFFERS:+; intree differs: $DIFFERS}"

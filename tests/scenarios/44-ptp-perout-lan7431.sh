# SPDX-License-Identifier: GPL-2.0
# Periodic outputs on a LAN7431 (the "lan7431-phy" board): its twelve
# GPIOs are PHC pins (lan743x_ptp_pin_00 to _11), and outputs on pins the
# LAN7430 does not have run as on the others: channel A on GPIO 11 (a
# 100 ms period from .05 s, the chip's 10 ms pulses), channel B on GPIO 4
# (a 250 ms toggle), each pin its channel's 1588 output in GPIO_CFG3,
# their edges on the clock's grid (the model's x-gpio-edges, as in
# 44-ptp-perout), and no edge left once they stop.  Both drivers (a
# driver with fewer pins would be reported, not judged).
# sets: lan7431
# board: lan7431-phy
# clock: own
# timeout: 120

. /lib/lt/scenarios/lib-perout.sh

npins=$(cat "$SYS/n_programmable_pins")
if [ "$npins" != 12 ]; then
	differs "$npins programmable pins, the LAN7431 has 12 GPIOs"
	log "pins beyond the fourth not tried; intree differs: $DIFFERS"
	exit 0
fi
P11=$SYS/pins/lan743x_ptp_pin_11 P4=$SYS/pins/lan743x_ptp_pin_04
[ -e "$P11" ] || fail "no $P11: $(ls "$SYS/pins" 2>&1 | tr '\n' ' ')"
echo "2 0" >"$P11" || fail "pin 11 refused periodic output channel 0"
echo "2 1" >"$P4" || fail "pin 4 refused periodic output channel 1"
s=$(($(phc_now) / 1000000000 + 1))
echo "0 $s 50000000 0 100000000" >"$SYS/period" ||
	fail "sysfs period \"0 $s 50000000 0 100000000\" refused"
out=$(tptp -i 1 -p 250000000 -w 125000000)
echo "$out" | grep "periodic output request okay" >/dev/null ||
	fail "testptp -i 1 -p 250000000 -w 125000000: $out"
sleep 2
seq0=$(last_seq)
sleep 2
check_out 11 100000000 50000000 10000000 15 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"
check_out 4 250000000 0 125000000 6 "$seq0" >/tmp/r || fail "$(cat /tmp/r)"
cfg3=$(reg 0x05C)
[ $((cfg3 & 0x08000800)) = $((0x800)) ] ||
	fail "GPIO_CFG3 $(printf %#x "$cfg3"): pin 11 not a 1588 output of channel A"
[ $((cfg3 & 0x00100010)) = $((0x00100010)) ] ||
	fail "GPIO_CFG3 $(printf %#x "$cfg3"): pin 4 not a 1588 output of channel B"

echo "0 0 0 0 0" >"$SYS/period" || fail "sysfs period \"0 0 0 0 0\" (stop) refused"
tptp -i 1 -p 0 >/dev/null
stopped 11 4 1
[ $(($(reg 0x05C) & 0x0810)) = 0 ] ||
	fail "GPIO_CFG3 $(printf %#x "$(reg 0x05C)"): pins 11 and 4 still outputs after the stop"
echo "0 0" >"$P11"
echo "0 0" >"$P4"
log "LAN7431: 12 pins; outputs on GPIO 11 and GPIO 4 on the clock's grid within $TOL ns, stopped cleanly"

# SPDX-License-Identifier: GPL-2.0
# The 1588 clock through the kernel's PTP interfaces, with linuxptp:
# ethtool -T names a PHC and hardware TX/RX timestamping; phc_ctl set/get
# reads back what was set, the clock keeps pace with the guest's
# CLOCK_REALTIME (phc_ctl cmp, which uses PTP_SYS_OFFSET), adj steps it
# both ways, freq makes it run measurably faster and slower; then ptp4l -H
# as master on our interface against the peer's ptp4l slave (software
# timestamps on the tap, free-running: the host's clock is not touched)
# exchanges Sync/Follow_Up/Delay_Req/Delay_Resp, so hardware TX and RX
# timestamps are taken, with no timestamp errors on our side.  A driver
# without a PTP clock skips ("no PTP clock").  Also on the ARM guests
# (ours): the 32-bit arithmetic of armhf.
# sets: primary arm
# timeout: 200

command -v phc_ctl >/dev/null || skip "linuxptp is not in this image"
wait_peer 20 || fail "peer $PEER does not answer ping"

ethtool -T "$IF" >/tmp/ts 2>&1 || fail "ethtool -T failed: $(cat /tmp/ts)"
cat /tmp/ts
phc=$(sed -n 's/^PTP Hardware Clock: *\([0-9][0-9]*\)$/\1/p' /tmp/ts)
[ -n "$phc" ] || skip "no PTP clock"
dev=/dev/ptp$phc
[ -e "$dev" ] || fail "ethtool -T names PHC $phc but there is no $dev"
for cap in hardware-transmit hardware-receive hardware-raw-clock; do
	grep -E "^[[:space:]]+$cap\b" /tmp/ts >/dev/null ||
		fail "ethtool -T: no $cap capability"
done

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

# phc ARGS...: phc_ctl on the PHC ("--": negative numbers are not options),
# output kept in /tmp/phc
phc() {
	phc_ctl "$dev" -- "$@" >/tmp/phc 2>&1 || fail "phc_ctl $*: $(cat /tmp/phc)"
	cat /tmp/phc
}

# Set and read back: within 1 s (TCG is slow, the read is not)
phc set 1000000 get
got=$(sed -n 's/.*clock time is \([0-9][0-9]*\)\..*/\1/p' /tmp/phc)
[ -n "$got" ] || fail "phc_ctl get printed no clock time"
if [ "$got" -lt 1000000 ] || [ "$got" -gt 1000001 ]; then
	fail "clock set to 1000000 s reads back $got s"
fi

# Rate against the guest's clock, over 2 s: DRIFT_FREQ FREQ_PPB sets the
# frequency offset and prints how far the PHC moved against CLOCK_REALTIME
# (ns) while phc_ctl waited 2 s.
drift_freq() {
	phc freq "$1" cmp wait 2 cmp >&2
	cmp_moved
}
d0=$(drift_freq 0) || fail "$d0"
log "drift at 0 ppb: $d0 ns in 2 s"
# The PHC and the guest's clock come from the same virtual clock: they
# agree within 500 ppm even under TCG
[ "${d0#-}" -le 1000000 ] || fail "PHC moved $d0 ns against CLOCK_REALTIME in 2 s at nominal rate"
# 2% = 40 ms in 2 s (2 * ppb ns); 25% slack for what the waits add
for ppb in 20000000 -20000000; do
	d=$(drift_freq "$ppb") || fail "$d"
	d=$((d - d0))
	want=$((2 * ppb))
	log "drift at $ppb ppb: $d ns in 2 s (expected $want)"
	a=${d#-} w=${want#-}
	if [ $((d > 0)) -ne $((want > 0)) ] || [ $((a * 4)) -lt $((w * 3)) ] ||
		[ $((a * 4)) -gt $((w * 5)) ]; then
		fail "freq $ppb ppb: PHC moved $d ns against CLOCK_REALTIME in 2 s, expected about $want"
	fi
done
phc freq 0

# Steps: adj moves it by the step (within 50 ms of TCG time between reads)
for step in 5 -3; do
	phc cmp adj "$step" cmp
	moved=$(cmp_moved) || fail "$moved"
	err=$((moved - step * 1000000000))
	log "adj $step s moved the PHC by $moved ns"
	[ "${err#-}" -le 50000000 ] || fail "adj $step s moved the PHC by $moved ns"
done

# Hardware timestamps with ptp4l: our side is the master (priority1 1),
# the peer a slave-only, free-running clock with software timestamps.
hwstamp_ctl -i "$IF" -t 1 -r 1 || fail "hwstamp_ctl -t 1 -r 1 failed"
peer_cmd "PTP-SLAVE 22" >/tmp/peer-ptp &
peer_job=$!
# (TX timestamps come back through an interrupt and a worker: give them
# 100 ms under TCG, not ptp4l's default 1 ms.  The image has no /var/run
# for ptp4l's management socket.)
timeout -s INT 24 ptp4l -H -i "$IF" -m -q --priority1=1 \
	--tx_timestamp_timeout=100 --uds_address=/tmp/ptp4l.uds >/tmp/ptp4l 2>&1
wait "$peer_job"
cat /tmp/ptp4l
reply=$(cat /tmp/peer-ptp)
log "peer: $reply"
grep -E 'assuming the grand master role|to MASTER' /tmp/ptp4l >/dev/null ||
	fail "ptp4l never became master"
if grep -iE 'timed out|missing timestamp|error|fault' /tmp/ptp4l >/tmp/ptp4l-bad; then
	fail "ptp4l reported: $(head -n 3 /tmp/ptp4l-bad)"
fi
read -r tag _ _ n _ slave _ <<EOF
$reply
EOF
[ "$tag" = PTP4L ] || fail "peer PTP-SLAVE: $reply"
# Offsets need Sync + Follow_Up (our TX timestamps) and Delay_Resp (our
# RX timestamps of the peer's Delay_Req)
[ "$n" -ge 3 ] || fail "the peer's ptp4l computed $n offsets from our master"
log "the peer's slave computed $n offsets (reached SLAVE: $slave)"

# A driver that counts its TX timestamps (ours) delivered some and gave
# none up
ethtool -S "$IF" >/tmp/stats 2>&1 || fail "ethtool -S failed: $(cat /tmp/stats)"
n_ts=$(sed -n 's/^ *ptp_tx_timestamps: *\([0-9][0-9]*\)$/\1/p' /tmp/stats)
if [ -n "$n_ts" ]; then
	n_to=$(sed -n 's/^ *ptp_tx_timeouts: *\([0-9][0-9]*\)$/\1/p' /tmp/stats)
	log "ptp_tx_timestamps $n_ts, ptp_tx_timeouts $n_to"
	[ "$n_ts" -ge 3 ] || fail "ptp_tx_timestamps is $n_ts after ptp4l ran as master"
	[ "$n_to" = 0 ] || fail "ptp_tx_timeouts is $n_to"
fi

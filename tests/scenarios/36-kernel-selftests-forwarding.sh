# SPDX-License-Identifier: GPL-2.0
# The kernel's own hardware tests built on the forwarding library
# (tools/testing/selftests/drivers/net/hw/*.sh with net/forwarding/lib.sh
# of the guest kernel's source), unchanged.  They want two ports cabled to
# each other: tests/run boots this scenario in a guest of its own with a
# second LAN743x on the same emulated wire ("# chips: 2"), and the two
# chips are NETIFS p1 (the interface under test) and p2.  The library puts
# each port into a VRF of its own, so their traffic crosses the wire (QEMU's
# hub), not the guest's loopback.
#   ethtool.sh        forced speeds, forced against autoneg, advertised
#                     subsets and the highest common speed, each checked
#                     with a ping across the wire
#   ethtool_rmon.sh   RMON packet size histograms (ethtool -S --groups
#                     rmon) under mausezahn's frames both ways: 28 cases
#                     with ours (204 s on 6.12), XFAIL with Debian's
#                     driver, which has none
#   loopback.sh       MAC loopback (ethtool -K loopback) counted with a tc
#                     flower filter: skips itself, the feature is fixed off
#   ethtool_extended_state.sh  the link's extended state while it has no
#                     partner
# The chips' PHYs are the two ends of one cable (tests/run's x-cable):
# they autonegotiate with each other, parallel-detect a forced end, link
# forced ends at the same speed only, and the link goes down whenever
# either end restarts.  The guest's third chip has a cable with nothing at
# the other end: NETIF_NO_CABLE.
# They cannot all get to what they check here, for causes outside the
# driver; each "FAIL" case must carry its cause in its own output, any
# other failure fails:
#   Debian's driver only: forcing a speed without a duplex (ethtool -s
#                     DEV speed N autoneg off) on a port that
#                     autonegotiates and has no link at that moment:
#                     phylib knows no duplex then (it reads speed and
#                     duplex as unknown when the link goes down), and
#                     phy_ethtool_ksettings_set() refuses it ("error in
#                     configuration").  The link is down because the case
#                     before turned autoneg back on (a restart), because
#                     the partner just came up (ethtool_extended_state.sh's
#                     force-mode case), or, between ethtool.sh's two
#                     commands of one case, because forcing the first end
#                     took the link down at both and phylib polled the
#                     second in between.  Checked first: with the second
#                     chip down, the first (on autoneg, no link) must
#                     refuse a speed without a duplex, and take it with
#                     "duplex full".  Our driver forces full duplex then,
#                     and must take it.
#   ethtool_extended_state.sh  "No cable" (the third chip): our driver
#                     reports why a link is down from the PHY's registers
#                     ("Autoneg, No partner detected" here), but a BASE-T
#                     PHY cannot tell a missing cable from a silent
#                     partner without cable diagnostics, which the model's
#                     PHY (like phylib's generic driver) does not have.
#                     Debian's driver reports no extended state at all
#                     ("Link detected: no" where every case expects one).
#                     The link itself goes down as they want: checked
#                     first, with the second chip down and on the third
#                     chip; our driver must then say "Autoneg, No partner
#                     detected" on both.
# Not run, as they do not apply to this NIC: ethtool_mm.sh (the MAC merge
# layer of 802.3br, which the chip lacks; bookworm's ethtool 6.1 has no
# --show-mm either), hw_stats_l3.sh and hw_stats_l3_gre.sh (L3 offload
# statistics of a switch's router ports, four and six ports).
# Each test must exit pass (0) or skip (4), or fail (1) with only those
# causes; a hang (killed at its limit) fails too.  For our driver that is
# the scenario's verdict; Debian's in-tree driver is the baseline:
# reported, not judged.
# Only images built with the selftests (tests/run --kernel 6.12, 7.2 or
# 7.3) have them.
# sets: two-chips-selftests
# chips: 2
# timeout: 1400

ksrc=/lib/lt/ksrc
tdir=$ksrc/tools/testing/selftests/drivers/net/hw
[ -f "$ksrc/tools/testing/selftests/net/forwarding/lib.sh" ] ||
	ksft_skip "the kernel's hardware tests on the forwarding library (drivers/net/hw/*.sh)"
for t in bash jq mausezahn tc readlink comm; do
	[ -x "/lib/lt/ksft/bin/$t" ] || skip "image without the forwarding library's tools ($t)"
done
IPR=/bin/ip
$IPR -V 2>/dev/null | grep iproute2 >/dev/null || fail "no iproute2 ip in this image"

B=$(second_chip) ||
	fail "only one LAN743x interface ($IF): the guest needs the second chip '# chips: 2' asks tests/run for"
log "p1: $IF, p2: $B (the second chip, on the same emulated wire)"

# Modules the kernel would ask modprobe for on its own: this image has no
# /sbin/modprobe for that.
for m in vrf sch_ingress cls_flower act_gact; do
	modprobe "$m" || fail "modprobe $m failed"
done
# ip vrf exec (the library's ping_do) moves the command into a cgroup v2
# group with a socket program bound to the VRF.
cg=''
if ! grep -q ' cgroup2 ' /proc/mounts; then
	mount -t cgroup2 none /sys/fs/cgroup || fail "cannot mount cgroup2"
	cg=/sys/fs/cgroup
fi

# Bash's process substitution (<(...), the library's comm and read
# loops) opens /dev/fd/N, which devtmpfs does not provide.
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd || fail "no /dev/fd"

cleanup() {
	# What a test killed at its limit left: its VRFs, and the rule
	# order vrf_prepare changes.
	for v in "v$IF" "v$B"; do
		$IPR link del dev "$v" 2>/dev/null
	done
	for f in 4 6; do
		$IPR -"$f" rule show pref 0 | grep . >/dev/null ||
			$IPR -"$f" rule add pref 0 table local
		$IPR -"$f" rule del pref 32765 2>/dev/null
	done
	ethtool -s "$IF" autoneg on 2>/dev/null
	ethtool -s "$B" autoneg on 2>/dev/null
	$IPR link set dev "$B" down
	$IPR link set dev "$NC" down 2>/dev/null
	[ -z "$cg" ] || umount "$cg"
	if_configure
}
trap cleanup EXIT

NC=$(nocable_chip) ||
	fail "no third LAN743x (the chip without a cable partner that tests/run adds to two-chip guests)"
log "NETIF_NO_CABLE: $NC (a cable with no other end)"

$IPR link set dev "$IF" up
$IPR link set dev "$B" up
wait_carrier 1 20 || fail "$IF and $B: no link 20 s after up"

# The causes, checked with the second chip down: the first has no
# partner, its link goes down, ethtool shows no extended state, and phylib
# knows no duplex, so it refuses a forced speed without one (and takes it
# with one).  The third chip, whose cable has no other end, never gets a
# link.
$IPR link set dev "$B" down
wait_carrier 0 10 || fail "$IF keeps its link 10 s after $B went down"
ld1=$(link_detected "$IF")
dpx=$(ethtool "$IF" | sed -n 's/^[[:space:]]*Duplex: //p')
causes=''
if ethtool -s "$IF" speed 10 autoneg off >/tmp/dpx.out 2>&1; then
	log "no link: $IF reports duplex $dpx and takes speed 10 without a duplex"
else
	log "no link: $IF reports duplex $dpx and refuses speed 10 without a duplex: $(tail -n 1 /tmp/dpx.out)"
	[ "$DRIVER" != ours ] ||
		fail "our driver must force full duplex when none is known"
	if ethtool -s "$IF" speed 10 duplex full autoneg off; then
		log "the forced speed is refused only for want of a duplex: excused"
		causes='error in configuration[.] [^ ]+ speed [0-9]+ autoneg off'
	fi
fi
ethtool -s "$IF" autoneg on
$IPR link set dev "$NC" up
usleep 2000000
ld2=$(link_detected "$NC") c2=$(carrier "$NC")
$IPR link set dev "$NC" down
log "no partner: $IF says \"Link detected: $ld1\"; no cable: $NC says \"Link detected: $ld2\" (carrier $c2)"
[ "$c2" = 0 ] || fail "$NC, whose cable has no other end, has a link"
ext_causes=$causes
nopartner="no (Autoneg, No partner detected)"
if [ "$DRIVER" = ours ]; then
	[ "$ld1" = "$nopartner" ] && [ "$ld2" = "$nopartner" ] ||
		fail "without a partner ethtool should say \"Link detected: $nopartner\" on $IF and $NC"
	log "no partner and no cable look the same to a BASE-T PHY: ethtool_extended_state.sh's no_cable is excused"
	ext_causes="${causes:+$causes|}Expected \"No cable\", got \"Autoneg\""
elif [ "$ld1:$ld2" = "no:no" ]; then
	log "no extended link state from $DRIVER: ethtool_extended_state.sh's cases are excused"
	ext_causes="${causes:+$causes|}got \"Link detected: no\""
fi
$IPR link set dev "$B" up
wait_carrier 1 20 || fail "$IF and $B: no link 20 s after $B came up again"

# The library's knobs (forwarding.config.sample): the ports exist, no
# veth pair to make.
export NETIF_CREATE=no NETIF_NO_CABLE=$NC
export PATH="/lib/lt/ksft/bin:$PATH"
cd "$tdir" || fail "cd $tdir"

bad='' nbad=0 summary=''
# TEST:LIMIT:WAIT:CAUSE, WAIT the library's WAIT_TIMEOUT (seconds it waits
# for a state; ethtool_extended_state.sh waits for ones that never come
# here), CAUSE an extended regex every failing case's output must match
# (none: every failure fails)
for spec in \
	"ethtool.sh:600:20:$causes" \
	"ethtool_rmon.sh:400:20:" \
	"loopback.sh:120:20:" \
	"ethtool_extended_state.sh:180:10:$ext_causes"; do
	t=${spec%%:*} rest=${spec#*:}
	limit=${rest%%:*} rest=${rest#*:}
	wait=${rest%%:*} cause=${rest#*:}
	t0=$(date +%s)
	{
		WAIT_TIMEOUT=$wait timeout -s TERM "$limit" bash "$t" "$IF" "$B" 2>&1
		echo $? >/tmp/ksft.rc
	} | tee /tmp/ksft.out
	rc=$(cat /tmp/ksft.rc)
	# Per case ("TEST: name [result]", a failure's reason on the tab
	# indented lines after it): pass, skip or xfail, known (FAIL with the
	# cause in its lines since the previous case) or fail.
	counts=$(awk -v cause="$cause" '
		function judge() {
			if (pend) {
				if (cause != "" && blk ~ cause) k++
				else { f++; names = names " [" pname "]" }
			}
			pend = 0
		}
		/^TEST: / {
			judge()
			r = $0; sub(/.*\[/, "", r); sub(/\].*/, "", r); gsub(/ /, "", r)
			n = $0; sub(/^TEST: /, "", n); sub(/ *\[[^]]*\] *$/, "", n)
			# loopback.sh reports its skip as an OK case named "SKIP: ..."
			if (r == "OK" && n !~ /^SKIP: /) p++
			else if (r == "OK" || r == "SKIP" || r == "XFAIL") s++
			else { pend = 1; pname = n; blk = pre "\n" $0 }
			pre = ""; tail = 1; next
		}
		tail && /^\t/ { if (pend) blk = blk "\n" $0; next }
		{ tail = 0; pre = pre "\n" $0 }
		END { judge(); printf "%d %d %d %d%s\n", p, s, k, f, names }' /tmp/ksft.out)
	read -r np nsk nk nf fnames <<C
$counts
C
	log "$t: exit $rc, $np ok, $nsk skip/xfail, $nk fail for the stated cause, $nf other fail${fnames:+ ($fnames)}, $(($(date +%s) - t0)) s"
	ksft_judge "$t" "$rc" "$np" "$nsk" "$nk" "$nf" "$fnames" /tmp/ksft.out
	# The next test starts from both ports up, neither in a VRF
	for v in "v$IF" "v$B"; do
		$IPR link del dev "$v" 2>/dev/null
	done
done
log "ok/skip/fail for the stated cause/other fail per test:$summary"
ksft_verdict "forwarding-library selftests on $IF and $B"

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
#                     rmon) under mausezahn's frames both ways: neither
#                     driver reports them, the test marks that XFAIL
#   loopback.sh       MAC loopback (ethtool -K loopback) counted with a tc
#                     flower filter: skips itself, the feature is fixed off
#   ethtool_extended_state.sh  the link's extended state while it has no
#                     partner
# They cannot all get to what they check here, for causes outside the
# driver; each "FAIL" case must carry its cause in its own output, any
# other failure fails:
#   ethtool.sh        "force of different speeds autoneg off" expects no
#                     link when the two ends are forced to different
#                     speeds: the model's PHY sees a partner that takes
#                     every speed, whatever the other chip is forced to,
#                     so the link stays up and the ping passes ("ping with
#                     different speeds").  The scenario checks that first:
#                     both chips forced to 10 and 100 Mb/s must report
#                     link up at those speeds, or the case is not excused.
#                     "check highest speed" reads the speed after one end
#                     advertised a subset: the model's link stays up while
#                     autoneg restarts, and phylib's genphy_read_status
#                     reads the speed again only after the link went down,
#                     so the speed a previous case forced stays reported
#                     ("sync to speed 100").  Checked first as well: forced
#                     to 100 Mb/s, then autoneg on with 1000baseT/Full
#                     advertised, the chip must still report 100 Mb/s.
#   ethtool_extended_state.sh  for the same reason the link never goes down
#                     for want of a partner (the cases read "Link detected:
#                     yes" where they expect "Autoneg"), and the guest has
#                     no port without a cable (NETIF_NO_CABLE names none:
#                     "Cannot find device").  Neither driver reports an
#                     extended link state either (no get_link_ext_state),
#                     which these cases would need next.
# Not run, as they do not apply to this NIC: ethtool_mm.sh (the MAC merge
# layer of 802.3br, which the chip lacks; bookworm's ethtool 6.1 has no
# --show-mm either), hw_stats_l3.sh and hw_stats_l3_gre.sh (L3 offload
# statistics of a switch's router ports, four and six ports).
# Each test must exit pass (0) or skip (4), or fail (1) with only those
# causes; a hang (killed at its limit) fails too.  For our driver that is
# the scenario's verdict; Debian's in-tree driver is the baseline:
# reported, not judged.
# Only images built with the selftests (tests/run --kernel 6.12) have them.
# sets: two-chips-selftests
# chips: 2
# timeout: 1200

ksrc=/lib/lt/ksrc
tdir=$ksrc/tools/testing/selftests/drivers/net/hw
[ -f "$ksrc/tools/testing/selftests/net/forwarding/lib.sh" ] ||
	skip "image without the kernel's forwarding library (tests/run --kernel 6.12 has it)"
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
	# Down and up again: phylib then reads the negotiated speed afresh
	# instead of the last one forced (see the highest-speed cause).
	$IPR link set dev "$B" down
	$IPR link set dev "$IF" down
	[ -z "$cg" ] || umount "$cg"
	if_configure
}
trap cleanup EXIT

# speed_of DEV: the speed ethtool reports, "Unknown!" without a link
speed_of() { ethtool "$1" | sed -n 's/^[[:space:]]*Speed: //p'; }

# The cause that excuses ethtool.sh's "different speeds" case: with the
# ends forced to 10 and 100 Mb/s, both still report a link at those
# speeds.  phylib polls the PHY once a second: allow it a few.
mismatch_up=0
$IPR link set dev "$IF" up
$IPR link set dev "$B" up
if ethtool -s "$IF" speed 10 duplex full autoneg off &&
	ethtool -s "$B" speed 100 duplex full autoneg off; then
	n=100
	while [ $n -gt 0 ]; do
		s1=$(speed_of "$IF") s2=$(speed_of "$B")
		c1=$(cat "/sys/class/net/$IF/carrier" 2>/dev/null)
		c2=$(cat "/sys/class/net/$B/carrier" 2>/dev/null)
		[ "$s1:$s2:$c1:$c2" = "10Mb/s:100Mb/s:1:1" ] && mismatch_up=1 && break
		usleep 100000
		n=$((n - 1))
	done
	log "forced to 10 and 100 Mb/s: $IF $s1 (carrier $c1), $B $s2 (carrier $c2)"
fi
ethtool -s "$IF" autoneg on
ethtool -s "$B" autoneg on
causes=''
if [ $mismatch_up = 1 ]; then
	log "the model keeps the link between different forced speeds: ethtool.sh's different-speeds case is excused"
	causes='ping with different speeds'
else
	log "no link-up at different forced speeds: ethtool.sh's different-speeds case is not excused"
fi
# The cause that excuses "check highest speed": the model's link stays up
# while autonegotiation restarts, and phylib (genphy_read_status) reads
# the negotiated speed again only after the link went down, so a speed
# forced before autoneg was turned back on stays reported.  Checked here:
# forced to 100 Mb/s, then autoneg on with 1000baseT/Full advertised.
$IPR link set dev "$IF" up
ethtool -s "$IF" speed 100 duplex full autoneg off && sleep 3
ethtool -s "$IF" autoneg on && sleep 3
s1=$(speed_of "$IF")
adv=$(ethtool "$IF" | sed -n '/^[[:space:]]*Advertised link modes:/,/^[[:space:]]*Advertised pause/p')
log "forced to 100 Mb/s, then autoneg on: $IF reports $s1"
case $s1:$adv in
100Mb/s:*1000baseT/Full*)
	log "the speed stays as forced after autoneg restarts (link never down): ethtool.sh's highest-speed case is excused"
	causes="${causes:+$causes|}sync to speed"
	;;
*) log "the negotiated speed follows autoneg: ethtool.sh's highest-speed case is not excused" ;;
esac

# The library's knobs (forwarding.config.sample): the ports exist, no
# veth pair to make.  NETIF_NO_CABLE names a port that is not there.
export NETIF_CREATE=no NETIF_NO_CABLE=lt-nocable0
export PATH="/lib/lt/ksft/bin:$PATH"
cd "$tdir" || fail "cd $tdir"

bad='' nbad=0 summary=''
# TEST:LIMIT:WAIT:CAUSE, WAIT the library's WAIT_TIMEOUT (seconds it waits
# for a state; ethtool_extended_state.sh waits for ones that never come
# here), CAUSE an extended regex every failing case's output must match
# (none: every failure fails)
for spec in \
	"ethtool.sh:600:20:$causes" \
	"ethtool_rmon.sh:240:20:" \
	"loopback.sh:120:20:" \
	"ethtool_extended_state.sh:180:10:got \"Link detected: yes\"|Cannot find device \"lt-nocable0\""; do
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
	ksft_judge "$t" "$rc" "$np" "$nsk" "$nk" "$nf" "$fnames"
	# The next test starts from both ports up, neither in a VRF
	for v in "v$IF" "v$B"; do
		$IPR link del dev "$v" 2>/dev/null
	done
done
log "ok/skip/fail for the stated cause/other fail per test:$summary"
ksft_verdict "forwarding-library selftests on $IF and $B"

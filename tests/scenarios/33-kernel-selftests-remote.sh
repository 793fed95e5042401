# SPDX-License-Identifier: GPL-2.0
# The kernel's own NIC selftests that need a remote endpoint
# (tools/testing/selftests/drivers/net of the guest kernel's source,
# NetDrvEpEnv), unchanged.  tests/run boots this scenario in a guest of its
# own with a second LAN743x on the same emulated wire ("# chips: 2"); the
# second chip's interface goes into a network namespace and is the remote
# end, as the tests' README describes for REMOTE_TYPE=netns: the
# environment names the interface under test (NETIF), both ends' IPv4 and
# IPv6 addresses and the namespace.  Traffic between the two crosses the
# wire (QEMU's hub), not the guest's loopback.
#   ping.py           IPv4 and IPv6 echo both ways, a TCP exchange (socat)
#   hw/csum.py        RX checksum offload of crafted good and bad TCP/UDP
#                     packets, TX checksum offload checked by the remote
#   hw/rss_ctx.py     RSS key and indirection table, queue spread under
#                     iperf3 traffic, extra RSS contexts
#   hw/pp_alloc_fail.py  page pool allocation failures under traffic
#                     (fail_function), through the qstats counter
# Each must pass or be skipped by the test itself; a "not ok" line or an
# exit code other than pass (0) or skip (4) fails the scenario for our
# driver.  Debian's in-tree driver is the baseline: reported, not judged.
# Only images built with the selftests (tests/run --kernel 6.12) have them.
# sets: two-chips-selftests
# chips: 2
# timeout: 600

ksrc=/lib/lt/ksrc
tdir=$ksrc/tools/testing/selftests/drivers/net
[ -d "$tdir" ] || skip "image without the kernel's selftests (tests/run --kernel 6.12 has them)"
[ -x /lib/lt/ksft/bin/bash ] || skip "image without the remote tests' tools (bash, ping, socat)"
NS=lt-ksft-remote
B_ADDR=198.18.0.3
A_ADDR6=2001:db8:743::2
B_ADDR6=2001:db8:743::3
# iproute2's ip: busybox's shell runs its own ip applet before PATH.
IPR=/bin/ip
$IPR -V 2>/dev/null | grep iproute2 >/dev/null || fail "no iproute2 ip in this image"

# The second chip: the other interface bound to lan743x
B=
for d in /sys/class/net/*; do
	[ -e "$d/device/driver" ] || continue
	[ "$(basename "$(readlink "$d/device/driver")")" = lan743x ] || continue
	[ "${d##*/}" = "$IF" ] || B=${d##*/}
done
[ -n "$B" ] || fail "only one LAN743x interface ($IF): the guest needs the second chip '# chips: 2' asks tests/run for"
log "interface under test: $IF ($SELF, $A_ADDR6); remote: $B in namespace $NS ($B_ADDR, $B_ADDR6)"

cleanup() {
	# Deleting the namespace returns the chip to the initial one.
	$IPR netns del "$NS" 2>/dev/null
	$IPR -6 addr del "$A_ADDR6/64" dev "$IF" 2>/dev/null
}
trap cleanup EXIT

mkdir -p /run/netns /var/run/netns
$IPR netns add "$NS" || fail "ip netns add $NS failed"
$IPR link set dev "$B" netns "$NS" || fail "ip link set $B netns $NS failed"
$IPR -n "$NS" link set lo up
$IPR -n "$NS" addr add "$B_ADDR/24" dev "$B" || fail "no address on $B in $NS"
$IPR -n "$NS" -6 addr add "$B_ADDR6/64" dev "$B" nodad || fail "no IPv6 address on $B in $NS"
$IPR -n "$NS" link set "$B" up || fail "ip link set $B up in $NS failed"
$IPR -6 addr add "$A_ADDR6/64" dev "$IF" nodad || fail "no IPv6 address on $IF"
n=300
until $IPR -n "$NS" link show "$B" | grep LOWER_UP >/dev/null; do
	n=$((n - 1))
	[ $n -gt 0 ] || fail "$B has no carrier 30 s after up"
	usleep 100000
done
$IPR netns exec "$NS" ping -c 3 -W 3 "$SELF" >/tmp/ping-ab 2>&1 ||
	fail "$B ($NS) cannot ping $IF: $(tail -n 1 /tmp/ping-ab)"
log "$B in $NS reaches $IF over the emulated wire: $(tail -n 1 /tmp/ping-ab)"

# The environment NetDrvEpEnv reads (README.rst: NETIF, LOCAL_V4/V6,
# REMOTE_V4/V6, REMOTE_TYPE, REMOTE_ARGS); bash, ping and socat first in
# PATH.  The tests run their commands with /bin/sh -c, which must not be
# busybox's (its ip applet): as in 31, a mount namespace with dash as
# /bin/sh.
export PYTHONHOME=/usr PYTHONDONTWRITEBYTECODE=1 NETIF="$IF" \
	LOCAL_V4="$SELF" REMOTE_V4="$B_ADDR" LOCAL_V6="$A_ADDR6" REMOTE_V6="$B_ADDR6" \
	REMOTE_TYPE=netns REMOTE_ARGS="$NS" PATH="/lib/lt/ksft/bin:$PATH"
cd "$tdir" || fail "cd $tdir"
[ -x /bin/dash ] || fail "image without dash"
with_dash() { # COMMAND...
	unshare -m sh -c 'mount --bind /bin/dash /bin/sh && exec "$@"' sh "$@"
}
out=$(with_dash /bin/sh -c 'ip -V; command -v ping; ping -V' 2>&1) || fail "tools under dash: $out"
case $out in
*iproute2*iputils*) log "with dash as /bin/sh: $(echo "$out" | tr '\n' ' ')" ;;
*) fail "with dash as /bin/sh, ip or ping is not the real one: $out" ;;
esac

bad='' nbad=0 summary=''
for t in ping.py hw/csum.py hw/rss_ctx.py hw/pp_alloc_fail.py; do
	rc=0 t0=$(date +%s)
	out=$(with_dash python3 "$t" 2>&1) || rc=$?
	echo "$out"
	nok=$(echo "$out" | grep -c '^not ok' || true)
	nall=$(echo "$out" | grep -cE '^(not )?ok ' || true)
	nskip=$(echo "$out" | grep -cE '^ok .*# (SKIP|XFAIL)' || true)
	log "$t: exit $rc, $nall results, $nok not ok, $nskip skipped or xfail, $(($(date +%s) - t0)) s"
	summary="$summary $t:$((nall - nok - nskip))/$nskip/$nok"
	case $rc:$nok in
	0:0 | 4:0) [ "$nall" -gt 0 ] || bad="$bad $t(no results)" nbad=$((nbad + 1)) ;;
	*) bad="$bad $t(exit $rc, $nok not ok)" nbad=$((nbad + 1)) ;;
	esac
done
log "pass/skip/fail per test:$summary"
if [ "$DRIVER" != ours ]; then
	metric selftests_failed "$nbad" tests
	echo "kernel selftests with a remote on $DRIVER ($(uname -r)): ${bad:-all pass or skip}${bad:+ failed} (reported, not judged);$summary"
	exit 0
fi
[ -z "$bad" ] || fail "selftests failed:$bad"
echo "kernel selftests with a netns remote pass or skip themselves on $IF ($(uname -r)), pass/skip/fail:$summary"

# SPDX-License-Identifier: GPL-2.0
# The kernel's own NIC selftests (tools/testing/selftests/drivers/net of the
# guest kernel's source) against the interface under test, unchanged, run
# as their README says (NETIF in the environment).  Only images built with
# them (tests/run --kernel 6.12, tests/mkimage --selftests) have them.
# Each test must pass or be skipped by the test itself; a "not ok" line or
# an exit code other than pass (0) or skip (4) fails the scenario for our
# driver.  Debian's in-tree driver is the baseline: its results are
# reported (logged and as figures), not judged.
# The tests that apply to one plain NIC without a remote endpoint:
#   stats.py   pause/FEC/RMON/queue statistics through ethtool netlink and
#              the netdev family (qstats), checked against each other
#   queues.py  queue lists through the netdev family against ethtool -l
# Then (ours) the queues' NAPI instances and IRQs, and the RX rings' page
# pools, in the netdev family.
# sets: primary
# timeout: 600

ksrc=/lib/lt/ksrc
tdir=$ksrc/tools/testing/selftests/drivers/net
[ -d "$tdir" ] || ksft_skip "the kernel's NIC selftests (drivers/net/stats.py, queues.py)"
export PYTHONHOME=/usr PYTHONDONTWRITEBYTECODE=1 NETIF="$IF"
cd "$tdir" || fail "cd $tdir"

# The tests run their commands with /bin/sh -c: busybox's sh would run its
# own ip applet (no JSON) for "ip" instead of iproute2's /bin/ip, so they
# run in a mount namespace of their own with dash as /bin/sh.
[ -x /bin/dash ] || fail "image without dash"
with_dash() { # COMMAND...
	unshare -m sh -c 'mount --bind /bin/dash /bin/sh && exec "$@"' sh "$@"
}
out=$(with_dash /bin/sh -c 'ip -V' 2>&1) || fail "cannot run with dash as /bin/sh: $out"
case $out in
*iproute2*) log "with dash as /bin/sh, ip is $out" ;;
*) fail "with dash as /bin/sh, ip is not iproute2's: $out" ;;
esac
run_selftest() { with_dash python3 "$1"; }

bad='' nbad=0
for t in stats.py queues.py; do
	rc=0
	out=$(run_selftest "$t" 2>&1) || rc=$?
	echo "$out"
	nok=$(echo "$out" | grep -c '^not ok' || true)
	nall=$(echo "$out" | grep -cE '^(not )?ok ' || true)
	nskip=$(echo "$out" | grep -cE '^ok .*# (SKIP|XFAIL)' || true)
	log "$t: exit $rc, $nall results, $nok not ok, $nskip skipped or xfail"
	case $rc:$nok in
	0:0 | 4:0) [ "$nall" -gt 0 ] || bad="$bad $t(no results)" nbad=$((nbad + 1)) ;;
	*) bad="$bad $t(exit $rc, $nok not ok)" nbad=$((nbad + 1)) ;;
	esac
done
if [ "$DRIVER" != ours ]; then
	metric selftests_failed "$nbad" tests
	echo "kernel selftests on $DRIVER ($(uname -r)): ${bad:-all pass or skip}${bad:+ failed} (reported, not judged)"
	exit 0
fi
[ -z "$bad" ] || fail "selftests failed:$bad"

# The netdev family, through the selftests' own YNL library: every RX
# queue names its NAPI instance, and that instance an IRQ of ours.  The TX
# queue's NAPI has no id to show: the kernel numbers only the NAPIs that
# busy polling can use, and TX-only ones (netif_napi_add_tx) are not.
cat >/tmp/napi.py <<'EOF'
import sys
from lib.py import NetdevFamily
nf = NetdevFamily()
idx = int(sys.argv[1])
napis = {n["id"]: n for n in nf.napi_get({"ifindex": idx}, dump=True)}
for q in nf.queue_get({"ifindex": idx}, dump=True):
    nid = q.get("napi-id") or "-"
    print(q["type"], q["id"], nid, napis.get(nid, {}).get("irq", "-"))
# pools of rings that are gone stay listed (with a detach time) until the
# stack has given back their last pages
for pp in nf.page_pool_get({}, dump=True):
    if pp.get("ifindex") == idx and "detach-time" not in pp:
        print("pool", pp["id"], pp.get("napi-id", "-"), "-")
EOF
out=$(PYTHONPATH=$tdir with_dash python3 /tmp/napi.py "$(cat "/sys/class/net/$IF/ifindex")" 2>&1) ||
	fail "queue-get/napi-get: $out"
echo "$out"
nq=0 npools=0 pool_napis=
while read -r type id napi irq; do
	if [ "$type" = pool ]; then
		npools=$((npools + 1)) pool_napis="$pool_napis $napi"
		continue
	fi
	nq=$((nq + 1))
	[ "$type:$napi" != tx:- ] || continue
	[ "$napi" != - ] || fail "queue-get: $type queue $id has no NAPI instance"
	[ "$irq" != - ] || fail "napi-get: NAPI $napi ($type queue $id) has no IRQ"
	grep -E "^ *$irq: .* $IF-" /proc/interrupts >/dev/null ||
		fail "napi-get: IRQ $irq of $type queue $id is not one of $IF's"
done <<Q
$out
Q
want=$(($(find "/sys/class/net/$IF/queues" -maxdepth 1 -name 'rx-*' | wc -l) + 1))
[ "$nq" = "$want" ] || fail "queue-get lists $nq queues, sysfs $want"
log "queue-get/napi-get: $nq queues, the RX ones each with its NAPI instance and IRQ"

# With page_pool buffers (the default policy) each RX ring's pool is listed
# under the interface (page-pool-get) with its ring's NAPI instance.
rx_napis=$(echo "$out" | awk '$1 == "rx" { print $3 }' | sort -n | tr '\n' ' ')
got=$(echo $pool_napis | tr ' ' '\n' | sort -n | tr '\n' ' ')
[ "$(ethtool --show-priv-flags "$IF" | awk '$1 == "rx-page-pool" { print $3 }')" = on ] ||
	fail "the default policy does not use page_pool"
[ "$got" = "$rx_napis" ] ||
	fail "page-pool-get: pools of $IF on NAPIs '$got', RX queues on '$rx_napis'"
log "page-pool-get: $npools pools under $IF, one per RX ring, each on its ring's NAPI"
echo "kernel selftests stats.py and queues.py pass or skip themselves on $IF ($(uname -r))"

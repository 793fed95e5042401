# SPDX-License-Identifier: GPL-2.0
# The kernel's own NIC selftests (tools/testing/selftests/drivers/net of the
# guest kernel's source) against the interface under test, unchanged, run
# as their README says (NETIF in the environment).  Only images built with
# them (tests/run --kernel 6.12, 7.2 or 7.3, tests/mkimage --selftests)
# have them.  Each test must pass or be skipped by the test itself, or
# fail only for the cause stated below; any other "not ok" line or exit
# code fails the scenario for our driver.  Debian's in-tree driver is the baseline: its results are
# reported (logged and as figures), not judged.
# The tests that apply to one plain NIC without a remote endpoint:
#   stats.py   pause/FEC/RMON/queue statistics through ethtool netlink and
#              the netdev family (qstats), checked against each other;
#              7.x's procfs_downup_hammer reads the channels' combined
#              count, which the kernel leaves out for a device without
#              combined channels (the chip has 4 RX and 1 TX): its
#              KeyError is a failure for that stated cause
#   queues.py  queue lists through the netdev family against ethtool -l;
#              7.x's also binds an AF_XDP socket (net/lib/xdp_helper,
#              built by tests/mkimage)
# Then (ours) the queues' NAPI instances and IRQs, and the RX rings' page
# pools, in the netdev family.
# sets: primary
# timeout: 600

ksrc=/lib/lt/ksrc
tdir=$ksrc/tools/testing/selftests/drivers/net
[ -d "$tdir" ] || ksft_skip "the kernel's NIC selftests (drivers/net/stats.py, queues.py)"
export PYTHONHOME=/usr PYTHONDONTWRITEBYTECODE=1 NETIF="$IF"
cd "$tdir" || fail "cd $tdir"

# The tests run with dash as /bin/sh (with_dash).
out=$(with_dash /bin/sh -c 'ip -V' 2>&1) || fail "cannot run with dash as /bin/sh: $out"
case $out in
*iproute2*) log "with dash as /bin/sh, ip is $out" ;;
*) fail "with dash as /bin/sh, ip is not iproute2's: $out" ;;
esac
run_selftest() { with_dash python3 "$1"; }

bad='' nbad=0 summary=''
# test:cause that a "not ok" case may fail for (none: every one fails)
for spec in "stats.py:KeyError: 'combined-count'" "queues.py:"; do
	t=${spec%%:*} cause=${spec#*:}
	rc=0
	run_selftest "$t" >/tmp/ksft.out 2>&1 || rc=$?
	cat /tmp/ksft.out
	read -r np nsk nk nf fnames <<C
$(ksft_counts "$cause" /tmp/ksft.out)
C
	log "$t: exit $rc, $np pass, $nsk skip, $nk fail for the stated cause, $nf other fail${fnames:+ ($fnames)}"
	ksft_judge "$t" "$rc" "$np" "$nsk" "$nk" "$nf" "$fnames" /tmp/ksft.out
done
# Debian's driver: reported, the scenario ends here; ours: judged, and
# on to the netdev family's view of its queues.
ksft_verdict "kernel selftests stats.py and queues.py"

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

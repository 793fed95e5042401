#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Static check of the benchmark scripts, run for real without a NIC:
# scripts/lan743x-rxbench under busybox sh with only busybox applets (plus
# iperf3 and ethtool) on PATH, against our own iperf3 server on 127.0.0.1,
# over loopback with the 'intree' policy (no ethtool knobs), one short TCP
# and one UDP run; then scripts/lan743x-report on the results.
# Exit 0 = pass; otherwise the reason is the last line printed.

set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
rxbench=$root/scripts/lan743x-rxbench
report=$root/scripts/lan743x-report

fail() { echo "50-bench-scripts: $*"; exit 1; }

tmp=$(mktemp -d /tmp/bench-static.XXXXXX) || fail "mktemp failed"
srv_pid=
cleanup() {
	[ -z "$srv_pid" ] || { kill "$srv_pid" 2>/dev/null; wait "$srv_pid" 2>/dev/null; }
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

for c in busybox iperf3; do
	command -v $c >/dev/null 2>&1 || fail "$c not installed (scripts/install-deps)"
done
[ -x "$rxbench" ] && [ -x "$report" ] || fail "scripts not executable"
/usr/bin/python3 -c 'import matplotlib' 2>/dev/null ||
	fail "python3-matplotlib missing (scripts/deps/bench.txt; run scripts/install-deps)"

# A PATH of busybox applets only, plus the two programs the guest also has.
bin=$tmp/bin
mkdir -p "$bin" && busybox --install -s "$bin" || fail "busybox --install failed"
ln -sf "$(command -v iperf3)" "$bin/iperf3"
if command -v ethtool >/dev/null 2>&1; then
	ln -sf "$(command -v ethtool)" "$bin/ethtool"
fi
for c in bash python3 jq; do
	rm -f "$bin/$c"
done

# Our own iperf3 server on a port nobody else uses.  Readiness from
# /proc/net/tcp (state 0A = LISTEN): iperf3 buffers its log into a file.
listening() {
	awk -v p="$(printf ':%04X' "$1")" '$4 == "0A" && substr($2, length($2) - 4) == p { f = 1 }
		END { exit !f }' /proc/net/tcp
}
port=
for try in 1 2 3 4 5 6 7 8; do
	p=$((20000 + ($$ * 7 + try * 1013) % 30000))
	listening $p && continue
	iperf3 -s -B 127.0.0.1 -p $p >"$tmp/server.log" 2>&1 &
	srv_pid=$!
	i=0
	while [ $i -lt 50 ] && kill -0 $srv_pid 2>/dev/null && ! listening $p; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 $srv_pid 2>/dev/null && listening $p; then
		port=$p
		break
	fi
	kill $srv_pid 2>/dev/null
	wait $srv_pid 2>/dev/null
	srv_pid=
done
[ -n "$port" ] || fail "cannot start an iperf3 server on 127.0.0.1: $(tail -n 1 "$tmp/server.log")"

run_rxbench() {
	PATH=$bin busybox sh "$rxbench" "$@"
}

# Argument checking: no server, unknown policy, knobs the interface lacks.
run_rxbench -o "$tmp/x1" >"$tmp/e1" 2>&1 && fail "rxbench without -s did not fail"
grep -q -- '-s ADDR is required' "$tmp/e1" || fail "rxbench without -s: $(tail -n 1 "$tmp/e1")"
run_rxbench -s 127.0.0.1 -p nosuch -o "$tmp/x2" >"$tmp/e2" 2>&1 &&
	fail "rxbench accepted an unknown policy"
run_rxbench -s 127.0.0.1 -p legacy -o "$tmp/x3" >"$tmp/e3" 2>&1 &&
	fail "rxbench accepted policy legacy on lo, which has no rx-* private flags"
grep -q 'use -p intree' "$tmp/e3" || fail "rxbench -p legacy on lo: $(tail -n 1 "$tmp/e3")"

# The real thing: one TCP and one UDP run of a second each.  No -i: the
# interface comes from the route to the server (lo).  -m cur: the MTU of lo
# is shared with everything else on this machine, leave it alone.
out=$tmp/out
run_rxbench -s 127.0.0.1 -P "$port" -p intree -m cur -f tcp-rx,udp-rx-256 \
	-b 50M -r 1 -t 1 -w 0 -o "$out" >"$tmp/rxbench.log" 2>&1
rc=$?
[ $rc -eq 0 ] || { cat "$tmp/rxbench.log"; fail "rxbench exited $rc"; }
csv=$out/results.csv
[ -s "$csv" ] || fail "no results.csv"
head -n 1 "$csv" | grep -q '^run_id,rep,policy,mtu,profile,throughput_bps,packets,lost_or_retrans,cpu_busy_pct,sync_cpu_bytes_per_pkt,sync_dev_bytes_per_pkt,map_ops_per_pkt,buf_alloc_per_pkt,copybreak_per_pkt' ||
	fail "results.csv header is wrong: $(head -n 1 "$csv")"
rows=$(($(wc -l <"$csv") - 1))
[ $rows -eq 2 ] || { cat "$csv"; fail "results.csv has $rows rows, expected 2"; }
for prof in tcp-rx udp-rx-256; do
	line=$(awk -F, -v p=$prof 'NR > 1 && $5 == p' "$csv")
	[ -n "$line" ] || fail "no $prof row in results.csv"
	echo "$line" | awk -F, '$3 == "intree" && $4 ~ /^[0-9]+$/ && $6 > 0 &&
		$7 > 0 && $9 != "" && $10 == "" && $NF == "ok" { ok = 1 }
		END { exit !ok }' || fail "bad $prof row: $line"
	id=$(echo "$line" | cut -d, -f1)
	grep -q '"end"' "$out/raw/$id.json" 2>/dev/null || fail "no raw iperf3 JSON for $id"
done

# The udp-max search: runs at several rates in probes.csv, the passing
# one that received the most the profile's one row; a bad loss bound is
# refused.
run_rxbench -s 127.0.0.1 -p intree -m cur -f udp-max-64 -l 1x -o "$tmp/x5" >"$tmp/e5" 2>&1 &&
	fail "rxbench accepted -l 1x"
grep -q -- '-l wants a percentage' "$tmp/e5" || fail "rxbench -l 1x: $(tail -n 1 "$tmp/e5")"
run_rxbench -s 127.0.0.1 -P "$port" -p intree -m cur -f udp-max-256 -r 2 -t 1 -w 0 -W 0 \
	-o "$tmp/max" >"$tmp/max.log" 2>&1
[ -s "$tmp/max/probes.csv" ] || { cat "$tmp/max.log"; fail "rxbench udp-max wrote no probes.csv"; }
probes=$(($(wc -l <"$tmp/max/probes.csv") - 1))
row=$(awk -F, 'NR > 1 && $5 == "udp-max-256"' "$tmp/max/results.csv")
[ "$(echo "$row" | grep -c .)" = 1 ] ||
	{ cat "$tmp/max.log"; fail "udp-max-256: expected one row in results.csv (two repetitions, one search)"; }
id=${row%%,*}
awk -F, -v id="$id" '$1 == id { f = 1 } END { exit !f }' "$tmp/max/probes.csv" ||
	fail "udp-max-256: the chosen run $id is not in probes.csv"
[ "$probes" -ge 2 ] && [ "$probes" -le 10 ] || fail "udp-max-256: $probes runs, expected 2 to 10"
# the chosen run is the passing one that received the most
best=$(awk -F, 'NR > 1 && $NF == "ok" && $8 != "" && $8 < 1 && $21 > b { b = $21; id = $1 }
	END { print id }' "$tmp/max/probes.csv")
[ -z "$best" ] || [ "$best" = "$id" ] ||
	fail "udp-max-256: chose $id, but $best received more with loss under 1 %"
case ${row##*,} in
ok) echo "$row" | awk -F, '$21 > 0 && $8 < 1 { f = 1 } END { exit !f }' ||
	fail "udp-max-256: the chosen run has no rate or loss >= 1 %: $row" ;;
no-rate-under-1pct-loss) ;;
*) fail "udp-max-256: status ${row##*,}" ;;
esac

# Fixed transfers (-B): one row per amount, back to back; a bad amount is
# refused.
run_rxbench -s 127.0.0.1 -P "$port" -p intree -m cur -f tcp-rx -B 1K,12x \
	-o "$tmp/x4" >"$tmp/e4" 2>&1 && fail "rxbench accepted -B 12x"
grep -q -- '-B wants byte counts' "$tmp/e4" || fail "rxbench -B 12x: $(tail -n 1 "$tmp/e4")"
run_rxbench -s 127.0.0.1 -P "$port" -p intree -m cur -f tcp-rx -B 1K,3M -r 1 -w 0 \
	-o "$tmp/fixed" >"$tmp/fixed.log" 2>&1 ||
	{ cat "$tmp/fixed.log"; fail "rxbench -B 1K,3M failed"; }
amounts=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "amount") c = i; next }
	{ printf "%s ", $c }' "$tmp/fixed/results.csv")
[ "$amounts" = "1K 3M " ] || fail "rxbench -B 1K,3M: amount column is '$amounts'"
sent=$(tr ',{}' '\n\n\n' <"$tmp"/fixed/raw/*-3M.json |
	awk '/"sum_sent":/ { s = 1 } s && /"bytes":/ { gsub(/[^0-9]/, ""); print; exit }')
[ "$sent" = 3145728 ] || fail "rxbench -B 3M: iperf3 sent '$sent' bytes, expected 3145728"

# The policy switching path, with a stand-in ethtool that keeps the rx-*
# private flags and rx-copybreak in files and derives the per-packet
# counters from them and lo's rx_packets.  Checks what lands in the CSV and
# that the original settings are put back at exit.
mock=$tmp/mock
mkdir -p "$mock/bin" "$mock/state"
cat >"$mock/bin/ethtool" <<'EOT'
#!/bin/sh
st=$MOCK_ETHTOOL_STATE
[ -f "$st/flags" ] ||
	printf 'rx-mtu-buffers on\nrx-partial-sync on\nrx-page-pool on\n' >"$st/flags"
[ -f "$st/cb" ] || echo 256 >"$st/cb"
echo "$*" >>"$st/calls"
flag() { awk -v f="$1" '$1 == f { print $2 }' "$st/flags"; }
case $1 in
--show-priv-flags)
	echo "Private flags for $2:"
	# like ethtool: names padded to the longest one
	awk '{ printf "%-15s: %s\n", $1, $2 }' "$st/flags" ;;
--set-priv-flags)
	shift 2
	while [ $# -ge 2 ]; do
		awk -v f="$1" -v v="$2" '$1 == f { $2 = v } { print }' "$st/flags" >"$st/f.new"
		mv "$st/f.new" "$st/flags"
		shift 2
	done ;;
--get-tunable) echo "rx-copybreak: $(cat "$st/cb")" ;;
--set-tunable) echo "$4" >"$st/cb" ;;
-S)
	pk=$(cat "/sys/class/net/$2/statistics/rx_packets")
	sc=64 map=1 cb=0
	[ "$(flag rx-partial-sync)" = on ] || sc=1536
	[ "$(flag rx-mtu-buffers)" = on ] || sc=9216
	[ "$(flag rx-page-pool)" = on ] && map=0
	[ "$(cat "$st/cb")" -gt 0 ] && cb=1
	echo "NIC statistics:"
	echo "     rx_packets: $pk"
	echo "     rx0_packets: $pk"
	echo "     rx_sync_cpu_bytes: $((pk * sc))"
	echo "     rx_sync_dev_bytes: $((pk * sc))"
	echo "     rx_map_ops: $((pk * map))"
	echo "     rx_buf_alloc: $((pk * map))"
	echo "     rx_copybreak_packets: $((pk * cb))"
	echo "     rx_drop_alloc_fail: 0" ;;
-i) echo "driver: mock-lan743x" ;;
*) exit 1 ;;
esac
EOT
chmod +x "$mock/bin/ethtool"
# A state other than the defaults and than any policy, to see it restored.
printf 'rx-mtu-buffers on\nrx-partial-sync off\nrx-page-pool on\n' >"$mock/state/flags"
echo 128 >"$mock/state/cb"
mout=$tmp/mockout
printf '#!/bin/sh\necho "$*" >>%s/hook.log\n' "$tmp" >"$tmp/hook"
chmod +x "$tmp/hook"
MOCK_ETHTOOL_STATE=$mock/state PATH=$mock/bin:$bin busybox sh "$rxbench" -s 127.0.0.1 \
	-P "$port" -p legacy,pagepool-cb -m cur -f udp-rx-256 -b 20M -r 1 -t 1 \
	-w 0 -x "$tmp/hook" -o "$mout" >"$tmp/mock.log" 2>&1
rc=$?
[ $rc -eq 0 ] || { cat "$tmp/mock.log"; fail "rxbench with the stand-in ethtool exited $rc"; }
want='legacy 9216.000 9216.000 1.000 1.000 0.000
pagepool-cb 64.000 64.000 0.000 0.000 1.000'
got=$(awk -F, 'NR > 1 && $NF == "ok" { print $3, $10, $11, $12, $13, $14 }' "$mout/results.csv" | sort)
[ "$got" = "$want" ] || { cat "$mout/results.csv"; fail "per-packet counters wrong: got '$got'"; }
hooks=$(awk '{ print $1, $3 }' "$tmp/hook.log" 2>/dev/null | tr '\n' ' ')
[ "$hooks" = "start legacy stop legacy start pagepool-cb stop pagepool-cb " ] ||
	fail "hook (-x) calls wrong: '$hooks'"
grep -q -- '--set-priv-flags lo rx-mtu-buffers off rx-partial-sync off rx-page-pool off' "$mock/state/calls" ||
	fail "policy legacy was not applied through ethtool --set-priv-flags"
[ "$(tail -n 2 "$mock/state/calls" | tr '\n' ' ')" = "--set-priv-flags lo rx-mtu-buffers on rx-partial-sync off rx-page-pool on --set-tunable lo rx-copybreak 128 " ] ||
	fail "original settings not restored at exit: $(tail -n 2 "$mock/state/calls" | tr '\n' ' ')"

# Report, with a made-up deterministic cost figure to check its slot.
mtu=$(awk -F, 'NR == 2 { print $4 }' "$csv")
printf 'policy,mtu,profile,insns_per_pkt\nintree,%s,tcp-rx,12345\n' "$mtu" >"$out/insns.csv"
"$report" "$out" >"$tmp/report.out" 2>"$tmp/report.err" ||
	{ cat "$tmp/report.err"; fail "lan743x-report failed"; }
[ -s "$out/report.md" ] || fail "no report.md"
for prof in tcp-rx udp-rx-256; do
	grep -q "^### $prof, MTU $mtu" "$out/report.md" || fail "report.md lacks a $prof table"
	grep -q "^### $prof, MTU $mtu" "$tmp/report.out" || fail "stdout lacks the $prof table"
done
grep -q '^| intree | 1 | .*12345' "$out/report.md" || fail "insns.csv figure missing from report.md"
grep -q '^## Goals' "$out/report.md" || fail "report.md lacks the goals section"
for png in throughput cpu sync_bytes; do
	[ -s "$out/$png.png" ] || fail "no $png.png"
	head -c 8 "$out/$png.png" | grep -q PNG || fail "$png.png is not a PNG"
done

# The i.MX6 estimate of an armhf report: counts that reproduce the origin
# thread's pair (legacy 7013 instructions and 292 64-byte lines per TCP
# packet, upstream 3426 and 50) must fit t_insn 5.27 ns and t_line 22.5 ns
# per 32-byte line and predict 231 and 570 Mbit/s back.
est=$tmp/est
mkdir -p "$est"
printf 'run_id,rep,policy,mtu,profile,throughput_bps,packets,status\n1,1,legacy,1500,tcp-rx,1e8,1000,ok\n' >"$est/results.csv"
{
	echo 'policy,mtu,profile,insns_per_pkt,arch,line_bytes,dcimvac_per_pkt,dccimvac_per_pkt,dccmvac_per_pkt'
	echo 'legacy,1500,tcp-rx,7013,armhf,64,290,2,0'
	echo 'upstream,1500,tcp-rx,3426,armhf,64,48,2,0'
	echo 'intree,1500,tcp-rx,3320,armhf,64,48,2,0'
} >"$est/insns.csv"
"$report" --no-plots --arch armhf "$est" >/dev/null 2>"$tmp/est.err" ||
	{ cat "$tmp/est.err"; fail "lan743x-report (estimate) failed"; }
grep -q '^Fitted: t_insn = 5.27 ns, t_line = 22.5 ns per 32-byte line' "$est/report.md" ||
	fail "estimate: wrong fit: $(grep '^Fitted' "$est/report.md")"
grep -q '^| TCP receive (tcp-rx) | legacy | 7013 | 584 | 50.1 | 231 |' "$est/report.md" &&
	grep -q '^| TCP receive (tcp-rx) | upstream | 3426 | 100 | 20.3 | 570 |' "$est/report.md" ||
	fail "estimate: the fit does not give the pair back"

# The XDP profiles: only against the generator (-g), whose frames they
# count; the report's XDP rows, goals and the in-tree driver's n/a.
run_rxbench -s 127.0.0.1 -P "$port" -p intree -m cur -f xdp-drop-64 -o "$tmp/x6" >"$tmp/e6" 2>&1 &&
	fail "rxbench accepted xdp-drop-64 without -g"
grep -q 'xdp-drop-64 counts against the generator' "$tmp/e6" || fail "rxbench xdp-drop-64 -s: $(tail -n 1 "$tmp/e6")"
# The search of an XDP profile, against stand-ins for the generator (it
# "sends" what it is asked for and the driver's rx_xdp_drop grows by what
# a receiver of 100000 packets/s takes), ethtool and the loader: the row
# is the driver's count over the generator's time, 99000..100000
# packets/s, on the page_pool policy only, the program attached once and
# detached.
xm=$tmp/xmock
mkdir -p "$xm/bin" "$xm/state"
echo 0 >"$xm/state/drop"
cat >"$xm/bin/ethtool" <<'EOT'
#!/bin/sh
case $1 in
--show-priv-flags) printf 'Private flags for %s:\nrx-mtu-buffers : on\nrx-partial-sync: on\nrx-page-pool   : on\n' "$2" ;;
--get-tunable) echo "rx-copybreak: 0" ;;
--set-priv-flags | --set-tunable) ;;
-S) printf 'NIC statistics:\n     rx_packets: 0\n     rx_xdp_drop: %s\n' "$(cat "$MOCK_XDP_STATE/drop")" ;;
*) exit 1 ;;
esac
EOT
cat >"$xm/bin/lt-gen" <<'EOT'
#!/bin/sh
t=0 b=0 l=0
while [ $# -gt 0 ]; do
	case $1 in -t) t=$2; shift ;; -b) b=$2; shift ;; -l) l=$2; shift ;; esac
	shift
done
awk -v t="$t" -v b="$b" -v l="$l" -v f="$MOCK_XDP_STATE/drop" 'BEGIN {
	getline d <f; close(f); n = int(t * b / (l * 8) + 0.5); got = n < 100000 * t ? n : 100000 * t
	print d + got >f; close(f)
	printf "thr 0\npkts 0\nsent %d\nlost %d\nlost_pct 100\nsecs 0\ngen_usecs %d\nerror \n", n, n, t * 1e6 }'
EOT
printf '#!/bin/sh\necho "$*" >>"$MOCK_XDP_STATE/calls"\n' >"$xm/bin/lt-xdpbench"
chmod +x "$xm/bin/"*
MOCK_XDP_STATE=$xm/state PATH=$xm/bin:$bin busybox sh "$rxbench" -g -i lo -L "$xm/bin/lt-gen" \
	-X "$xm/bin/lt-xdpbench" -p legacy,pagepool -m cur -f xdp-drop-64 -r 1 -t 1 -w 0 -W 0 \
	-o "$xm/out" >"$xm/log" 2>&1 || { cat "$xm/log"; fail "rxbench xdp-drop-64 (stand-ins) failed"; }
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $c["policy"], $c["profile"], $c["packets"], $c["rx_pps"], $c["status"] }' "$xm/out/results.csv")
echo "$got" | awk '$1 == "pagepool" && $2 == "xdp-drop-64" && $3 == $4 && $4 >= 99000 &&
	$4 <= 100000 && $5 == "ok" { f = 1 } END { exit !f }' ||
	{ cat "$xm/out/probes.csv"; fail "rxbench xdp-drop-64: row '$got', not the page_pool policy at 99000..100000 packets/s"; }
[ "$(cat "$xm/state/calls" | tr '\n' ' ')" = "lo drop 5201 lo off " ] ||
	fail "rxbench xdp-drop-64: loader calls '$(cat "$xm/state/calls" | tr '\n' ' ')'"
xdp=$tmp/xdp
mkdir -p "$xdp"
{
	echo 'run_id,rep,policy,mtu,profile,throughput_bps,packets,rx_pps,duration_s,status'
	echo '1,1,pagepool,1500,udp-max-64,2e7,120000,40000,3,ok'
	echo '2,1,intree,1500,udp-max-64,1.5e7,90000,30000,3,ok'
	echo '3,1,pagepool,1500,xdp-drop-64,2.56e8,1500000,500000,3,ok'
	echo '4,1,pagepool,1500,xdp-tx-64,1.28e8,750000,250000,3,ok'
	echo '5,1,pagepool,1500,xdp-redirect-64,6.4e7,375000,125000,3,ok'
} >"$xdp/results.csv"
{
	echo 'policy,mtu,profile,insns_per_pkt,arch,line_bytes,dc_ivac_per_pkt,dc_civac_per_pkt,dc_cvac_per_pkt'
	echo 'pagepool,1500,xdp-drop-64,420,arm64,64,2,0,2'
	echo 'pagepool,1500,udp-max-64,3000,arm64,64,3,0,3'
} >"$xdp/insns.csv"
"$report" --no-plots --arch arm64 "$xdp" >/dev/null 2>"$tmp/xdp.err" ||
	{ cat "$tmp/xdp.err"; fail "lan743x-report (XDP rows) failed"; }
for want in '^### xdp-drop-64, MTU 1500' '^| intree | 0 | n/a' \
	'^| XDP_DROP vs the best stack policy, 64-byte .* 500.0 / 40.0 (pagepool) kpkt/s = 12.50x | >= 10.0x | yes |' \
	'^| XDP_TX vs the best stack policy, .* = 6.25x | >= 5.0x | yes |' \
	'^| XDP_REDIRECT vs the best stack policy, .* = 3.12x | >= 5.0x | no |' \
	'^| XDP_DROP, guest instructions per packet (64-byte datagrams) | pagepool | 420 | <= 500 | yes |' \
	'^| XDP_DROP, lines maintained for the CPU per packet, DC IVAC + CIVAC | pagepool | 2.00 | <= 3 ' \
	'^| XDP_DROP, lines maintained for the device per packet, DC CVAC | pagepool | 2.00 | <= 3 '; do
	grep -q -- "$want" "$xdp/report.md" || fail "XDP report lacks: $want"
done

echo "50-bench-scripts: ok (rxbench over lo port $port, report with 3 plots, i.MX6 estimate, XDP rows)"
exit 0

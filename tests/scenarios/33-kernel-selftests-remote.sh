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
#                     both ways: must pass
# The hw/ tests below run too, but on this guest they cannot get to what
# they check, for causes outside the driver; each of their "not ok" cases
# must carry that cause in its own output, any other failure fails:
#   hw/csum.py        RX/TX checksum offload with crafted packets: 6.12's
#                     csum.py reads cfg.remote_ifname, which 6.12's
#                     NetDrvEpEnv never sets (AttributeError on every case,
#                     for any driver)
#   hw/rss_ctx.py     RSS key, indirection table and contexts under iperf3
#                     traffic: it reads ethtool --json -x/-c, which
#                     bookworm's ethtool 6.1 (the newest in bookworm and its
#                     backports) refuses, and resizes "combined" channels,
#                     where the chip has 4 RX and 1 TX channels and no
#                     combined ones; the context cases skip (no ntuple)
#   hw/pp_alloc_fail.py  rx-alloc-fail in qstats under injected page pool
#                     failures: it wants 15000 RX packets/s first (TCG with
#                     both ends in one guest gives about 9000), and
#                     Debian's kernel has no fail_function to inject with
# Each test must exit pass (0) or skip (4), or fail (1) with only those
# causes; a hang (killed at its limit) fails too.  For our driver that is
# the scenario's verdict; Debian's in-tree driver is the baseline:
# reported, not judged.
# Only images built with the selftests (tests/run --kernel 6.12, 7.2 or
# 7.3) have them.
# sets: two-chips-selftests
# chips: 2
# timeout: 600

ksrc=/lib/lt/ksrc
tdir=$ksrc/tools/testing/selftests/drivers/net
[ -d "$tdir" ] || ksft_skip "the kernel's NIC selftests with a remote endpoint (drivers/net, NetDrvEpEnv)"
[ -x /lib/lt/ksft/bin/bash ] || skip "image without the remote tests' tools (bash, ping, socat)"
trap ksft_remote_down EXIT
ksft_remote_up
# bash, ping and socat first in PATH; the tests' commands run with dash
# as /bin/sh (with_dash), as in 31.
export PATH="/lib/lt/ksft/bin:$PATH"
cd "$tdir" || fail "cd $tdir"
# Busybox's applets stay busybox under dash: the tests wait for a
# listening port with "cat /proc/net/tcp*".
out=$(with_dash /bin/sh -c 'ip -V; command -v ping; ping -V; cat /proc/sys/kernel/ostype' 2>&1) ||
	fail "tools under dash: $out"
case $out in
*iproute2*iputils*Linux*) log "with dash as /bin/sh: $(echo "$out" | tr '\n' ' ')" ;;
*) fail "with dash as /bin/sh, ip, ping or cat is not the real one: $out" ;;
esac

# The 6.12 library's commands never time out (cmd() hands its timeout to
# communicate() as the input), so a failure inside a background command's
# block (ping.py's TCP case) waits forever for the listener: each test has
# a limit of its own, at which SIGABRT makes Python print where it was.
# Output unbuffered, on the console as it comes.
export PYTHONUNBUFFERED=1 PYTHONFAULTHANDLER=1
bad='' nbad=0 summary=''
# TEST:LIMIT:CAUSE, CAUSE an extended regex every "not ok" case's output
# must match (none: every "not ok" fails)
for spec in \
	"ping.py:120:" \
	"hw/csum.py:120:has no attribute 'remote_ifname'" \
	"hw/rss_ctx.py:180:ethtool: bad command line argument|KeyError: 'combined-max'" \
	"hw/pp_alloc_fail.py:120:Traffic seems low"; do
	t=${spec%%:*} rest=${spec#*:}
	limit=${rest%%:*} cause=${rest#*:}
	t0=$(date +%s)
	{
		with_dash timeout -s ABRT "$limit" python3 "$t" 2>&1
		echo $? >/tmp/ksft.rc
	} | tee /tmp/ksft.out
	rc=$(cat /tmp/ksft.rc)
	# What a killed test left running in the namespace (iperf3, socat)
	for p in $($IPR netns pids "$NS"); do kill "$p" 2>/dev/null; done
	# pass, skip, known (not ok with the cause in the lines since the
	# previous result) or fail, per result line
	counts=$(ksft_counts "$cause" /tmp/ksft.out)
	read -r np nsk nk nf fnames <<C
$counts
C
	log "$t: exit $rc, $np pass, $nsk skip, $nk fail for the stated cause, $nf other fail${fnames:+ ($fnames)}, $(($(date +%s) - t0)) s"
	ksft_judge "$t" "$rc" "$np" "$nsk" "$nk" "$nf" "$fnames" /tmp/ksft.out
done
log "pass/skip/fail for the stated cause/other fail per test:$summary"
ksft_verdict "kernel selftests with a netns remote on $IF"

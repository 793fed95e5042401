# SPDX-License-Identifier: GPL-2.0
# The RX policy benchmark (scripts/lan743x-rxbench) inside the guest, for
# `make bench` (scripts/bench); never part of `make check`.  Options come
# from the kernel command line as lt.bench=<rxbench options, ',' for ' '
# and '+' for ','>.  The CSV goes back to the host between
# @@FILE/@@ENDFILE markers on the result port.
# sets: bench
# timeout: 3000

opts=
for arg in $(cat /proc/cmdline); do
	case $arg in
	lt.bench=*) opts=$(echo "${arg#*=}" | tr ',+' ' ,') ;;
	esac
done

# The peer's tap takes the largest MTU any run may use; rxbench sets ours.
trap restore_mtu EXIT
r=$(peer_cmd "MTU 9000") || true
[ "$r" = OK ] || fail "peer refused MTU 9000: $r"

out=/tmp/rxbench
rm -rf "$out"
# shellcheck disable=SC2086 # opts is a word list on purpose
sh /lib/lt/lan743x-rxbench -s "$PEER" -P "$IPERF_PORT" -i "$IF" -o "$out" $opts
rc=$?
[ -s "$out/results.csv" ] || fail "rxbench wrote no results (exit $rc)"

{
	echo "@@FILE results.csv"
	cat "$out/results.csv"
	echo "@@ENDFILE"
} >"$RESULTS_TTY"
rows=$(($(wc -l <"$out/results.csv") - 1))
[ $rc -eq 0 ] || fail "rxbench: some runs failed (exit $rc, $rows rows)"
echo "rxbench: $rows runs"

# SPDX-License-Identifier: GPL-2.0
#
# What tests/check and tests/check-full share: a pass (one tests/run, its
# log and its counts) and the summary of many passes.  Sourced; the caller
# sets top (the repository) and logs (a directory of its own).

# pass NAME ARGS...: one tests/run, its output in $logs/NAME (and on the
# terminal with live=1), its counts in $logs/NAME.sum
pass() {
	local name=$1 p f s
	shift
	if [ "${live:-0}" = 1 ]; then
		"$top/tests/run" "$@" 2>&1 | tee -a "$logs/$name"
	else
		"$top/tests/run" "$@" >>"$logs/$name" 2>&1
	fi
	read -r p f s < <(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' \
		"$logs/$name" | tail -n 1) || true
	if [ -z "${p:-}" ]; then
		p=0 f=1 s=0
		echo "FAIL check/$name: tests/run gave no summary" | tee -a "$logs/$name"
	fi
	echo "$p $f $s" >"$logs/$name.sum"
}

# summary NAME...: every skip with its reason, then the one line
# "N passed, N failed, N skipped" over those passes; fails if any failed
# or did not run to its end
summary() {
	local k p f s total_p=0 total_f=0 total_s=0
	for k in "$@"; do
		if read -r p f s <"$logs/$k.sum" 2>/dev/null; then
			total_p=$((total_p + p)) total_f=$((total_f + f)) total_s=$((total_s + s))
		else
			total_f=$((total_f + 1))
			echo "FAIL check/$k: the pass did not run to its end"
		fi
	done
	if [ "$total_s" -gt 0 ]; then
		echo "# skipped ($total_s):"
		for k in "$@"; do
			[ ! -f "$logs/$k" ] || sed -n "s/^SKIP /#   $k: /p" "$logs/$k"
		done
	fi
	echo "$total_p passed, $total_f failed, $total_s skipped"
	[ "$total_f" -eq 0 ]
}

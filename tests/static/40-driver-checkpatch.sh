#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# checkpatch.pl --strict --no-tree -f on every driver source file, with the
# checkpatch of Debian's linux-source-6.1 (extracted once, with its data
# files, to /var/cache/lan743x/checkpatch-6.1).  Any ERROR, WARNING or CHECK
# fails.  Then scripts/kernel-doc -none on every .c and .h file: any
# complaint fails.  Exit 0 = pass, else the reason is printed last.
set -u
check=40-driver-checkpatch
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "$check: $*"
	exit 1
}

tarball=/usr/src/linux-source-6.1.tar.xz
dir=${LAN743X_CACHE:-/var/cache/lan743x}/checkpatch-6.1
cp=$dir/linux-source-6.1/scripts/checkpatch.pl
kd=$dir/linux-source-6.1/scripts/kernel-doc
if [ ! -x "$cp" ] || [ ! -x "$kd" ]; then
	[ -f "$tarball" ] || fail "$tarball missing (linux-source-6.1)"
	mkdir -p "$dir" || fail "cannot create $dir"
	tar -C "$dir" -xf "$tarball" linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch \
		linux-source-6.1/scripts/kernel-doc ||
		fail "cannot extract checkpatch.pl from $tarball"
fi

ieee='FramesTransmittedOK OctetsTransmittedOK MulticastFramesXmittedOK
	BroadcastFramesXmittedOK SingleCollisionFrames MultipleCollisionFrames
	LateCollisions FramesAbortedDueToXSColls CarrierSenseErrors
	FramesWithExcessiveDeferral FramesReceivedOK OctetsReceivedOK
	MulticastFramesReceivedOK BroadcastFramesReceivedOK
	FrameCheckSequenceErrors AlignmentErrors FramesLostDueToIntMACRcvError
	FrameTooLongErrors MACControlFramesTransmitted MACControlFramesReceived'
ieee=$(printf '%s' "$ieee" | tr -s ' \t\n' '|')

tmp=$(mktemp -d /tmp/lan743x-checkpatch.XXXXXX) || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
bad=0 n=0
for f in "$root"/driver/lan743x_*.[ch] "$root"/driver/compat-probes.c \
	"$root"/driver/Kbuild "$root"/driver/Makefile; do
	case $f in *.mod.c) continue ;; esac
	n=$((n + 1))
	# run from a scratch directory: --no-tree leaves a cache file behind
	# The kernel's link mode names are CamelCase enum members, and its
	# IEEE 802.3 counters (struct ethtool_eth_mac_stats and _ctrl_stats)
	# CamelCase members, which checkpatch cannot know even in a kernel
	# tree: those CHECKs go.
	# exit 1: it found something (read below); more: it failed
	rc=0
	(cd "$tmp" && perl "$cp" --strict --no-tree --no-summary -q -f "$f") \
		>"$tmp/raw" 2>"$tmp/err" || rc=$?
	if [ "$rc" -gt 1 ]; then
		cat "$tmp/raw" "$tmp/err"
		bad=$((bad + 1))
		continue
	fi
	awk -v ieee="$ieee" 'BEGIN { RS = ""; ORS = "\n\n" }
		!/^CHECK: Avoid CamelCase: <ETHTOOL_LINK_MODE_[A-Za-z0-9_]+_BIT>\n/ &&
		!match($0, "^CHECK: Avoid CamelCase: <(" ieee ")>\n")' \
		"$tmp/raw" >"$tmp/out"
	if grep -qE '^(ERROR|WARNING|CHECK)' "$tmp/out"; then
		cat "$tmp/out"
		bad=$((bad + 1))
	fi
done
[ "$bad" -eq 0 ] || fail "$bad of $n files not checkpatch --strict clean"

for f in "$root"/driver/lan743x_*.[ch]; do
	case $f in *.mod.c) continue ;; esac
	perl "$kd" -none "$f" >>"$tmp/kdoc" 2>&1
done
if [ -s "$tmp/kdoc" ]; then
	cat "$tmp/kdoc"
	fail "kernel-doc: $(wc -l <"$tmp/kdoc") complaint(s)"
fi
echo "$check: $n files checkpatch --strict and kernel-doc clean"

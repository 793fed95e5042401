#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The lan743x-dkms package (make deb) installed as a user installs it,
# `apt-get install ./lan743x-dkms_<version>_all.deb`, on every Debian
# kernel it supports: 5.10 (bullseye), 6.1 (bookworm: this host), 6.12
# (trixie), 7.2 (sid) and 7.3 (trixie-backports).  Each install runs in a
# throwaway overlay of that release's root (the chroot scripts/kernel-build
# caches; this host's own root for 6.1): the cache and this host's DKMS
# state stay as they were.  dkms comes from that release, with its
# linux-headers-amd64; tests/static/dkms-install.inc does the checks:
# - the postinst builds and installs lan743x for the kernel: dkms status
#   says installed, the module is in /lib/modules/<release>/updates/dkms/
#   with the release as vermagic and the package's version, and modprobe
#   picks it over the kernel's own lan743x (or a stand-in copy at the
#   in-tree path, when the root has headers only);
# - a kernel older than 5.10 next to it is not built for, with a message
#   that it keeps its own lan743x.
# The failure path, on 6.1 and 7.2 (DKMS 3.0 and 3.2): a copy of the
# package whose sources fail to compile, installed before the kernel's
# headers; then the headers (the package's kernel hook builds) and
# dpkg-reconfigure: each apt/dpkg run succeeds, says that the kernel keeps
# its own lan743x driver, and nothing lands in updates/dkms.
#
# LAN743X_DKMS_KERNELS and LAN743X_DKMS_BROKEN pick other kernels (a
# subset, or "" for none).  Prints the DKMS build time per kernel.
# Exit 0 = pass, else the reason is printed last.
set -u
check=71-dkms-kernels
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "$check: $*"
	exit 1
}

kernels=${LAN743X_DKMS_KERNELS-5.10 6.1 6.12 7.2 7.3}
broken_kernels=${LAN743X_DKMS_BROKEN-6.1 7.2}

[ "$(id -u)" = 0 ] || fail "needs root (overlay mounts, chroot)"
for c in dkms dpkg-buildpackage dpkg-deb unshare chroot; do
	command -v "$c" >/dev/null || fail "$c missing (scripts/deps/package.txt)"
done
grep -qw overlay /proc/filesystems || modprobe overlay 2>/dev/null ||
	fail "no overlayfs in this kernel"

ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$root/dkms.conf")
[ -n "$ver" ] || fail "dkms.conf has no PACKAGE_VERSION"

# ---- the host must stay as it is -------------------------------------------
. "$(dirname "$0")/host-state.inc"
host_state_save

tmp=$(mktemp -d /tmp/lan743x-dkms-kernels.XXXXXX) || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
share=$tmp/share
mkdir -p "$share"

# ---- the package, and a copy that does not build --------------------------
make -s -C "$root" deb DEBDIR="$tmp/deb" >"$tmp/deb.log" 2>&1 || {
	tail -n 5 "$tmp/deb.log"
	fail "make deb failed"
}
deb=lan743x-dkms_${ver}_all.deb
cp "$tmp/deb/$deb" "$share/" || fail "make deb made no $deb"
dpkg-deb -R "$share/$deb" "$tmp/broken" || fail "cannot unpack $deb"
echo '#error "lan743x-dkms test: deliberately broken"' \
	>>"$tmp/broken/usr/src/lan743x-$ver/driver/lan743x_main.c"
mkdir -p "$share/broken"
dpkg-deb -b --root-owner-group "$tmp/broken" "$share/broken/$deb" >/dev/null ||
	fail "cannot pack the broken copy of $deb"
cp "$root/tests/static/dkms-install.inc" "$share/"

# in_overlay LOWER CMD...: CMD chrooted into a copy-on-write overlay of
# LOWER (in memory, gone with the command), /proc and /dev mounted, $share
# at /mnt/lt.  The overlay's upper layer is a tmpfs: on LOWER's file
# system (as /tmp is on /) overlayfs would refuse it.
in_overlay() {
	local lower=$1 work
	shift
	work=$(mktemp -d "$tmp/ovl.XXXXXX")
	# shellcheck disable=SC2016 # expanded by that bash
	unshare --mount --propagation private /bin/bash -c '
		set -e
		lower=$1 work=$2 share=$3
		shift 3
		mount -t tmpfs tmpfs "$work"
		mkdir "$work/upper" "$work/work" "$work/root"
		mount -t overlay overlay \
			-o "lowerdir=$lower,upperdir=$work/upper,workdir=$work/work" "$work/root"
		mount -t proc proc "$work/root/proc"
		mount --rbind /dev "$work/root/dev"
		mkdir -p "$work/root/mnt/lt"
		mount --bind "$share" "$work/root/mnt/lt"
		exec chroot "$work/root" /usr/bin/env -i \
			PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"
	' in_overlay "$lower" "$work" "$share" "$@"
}

# locked ROOT CMD...: CMD holding the lock scripts/kernel-build takes
# around apt in ROOT (a chroot of its cache, the lock named after the
# suite), so that no installation changes the overlay's lower layer under
# the test.  This host's root (6.1) has none.
locked() {
	local r=$1 base lockf
	shift
	base=$(basename "$r")
	lockf=$(dirname "$r")/.lock-${base%-*}
	if [ "$r" = / ] || [ ! -e "$lockf" ]; then
		"$@"
	else
		(
			flock -w 1800 9 || exit 1
			"$@"
		) 9>"$lockf"
	fi
}

# root_of KERNEL: prints "ROOT RELEASE HEADERS": the root to overlay, the
# kernel release, the package that brings its headers.
root_of() {
	local kernel=$1 r rel hdr=linux-headers-amd64
	if [ "$kernel" = 6.1 ]; then
		echo "/ $k61 $hdr"
		return 0
	fi
	# installs the release's headers in the cached chroot (once)
	rel=$("$root/scripts/kernel-build" --release "$kernel" amd64) || return 1
	r=$("$root/scripts/kernel-build" --root "$kernel") || return 1
	# trixie's own linux-headers-amd64 is 6.12
	[ "$kernel" != 7.3 ] || hdr=$hdr/trixie-backports
	echo "$r $rel $hdr"
}

summary='' broken=''
for k in $kernels; do
	read -r r rel hdr < <(root_of "$k") || true
	[ -n "${rel:-}" ] || fail "no $k root or headers (scripts/kernel-build --release $k amd64)"
	out=$(locked "$r" in_overlay "$r" bash /mnt/lt/dkms-install.inc good "$rel" "$ver" \
		"/mnt/lt/$deb" "$hdr" 2>&1)
	res=$(tail -n 1 <<<"$out")
	case $res in
	ok\ *) ;;
	*)
		cp "$share/good-$rel.log" "/tmp/$check-$rel.log" 2>/dev/null
		fail "$k ($rel): $res (log: /tmp/$check-$rel.log)"
		;;
	esac
	read -r _ secs what <<<"$res"
	summary+="${summary:+,} $k ${secs}s (in-tree: $what)"
	rel=
done

for k in $broken_kernels; do
	read -r r rel _ < <(root_of "$k") || true
	[ -n "${rel:-}" ] || fail "no $k root or headers (scripts/kernel-build --release $k amd64)"
	out=$(locked "$r" in_overlay "$r" bash /mnt/lt/dkms-install.inc broken "$rel" "$ver" \
		"/mnt/lt/broken/$deb" 2>&1)
	res=$(tail -n 1 <<<"$out")
	case $res in
	ok) broken+="${broken:+,} $k" ;;
	"ok real") broken+="${broken:+,} $k (modprobe: the real in-tree)" ;;
	*)
		cp "$share/broken-$rel.log" "/tmp/$check-broken-$rel.log" 2>/dev/null
		fail "failure path on $k ($rel): $res (log: /tmp/$check-broken-$rel.log)"
		;;
	esac
	rel=
done

host_state_check
echo "$check: apt-get install ./$deb; DKMS build time:${summary:- none}; updates/dkms, modprobe picks it, purge restores; failure path (the kernel keeps its own lan743x, apt goes on):${broken:- not run}"

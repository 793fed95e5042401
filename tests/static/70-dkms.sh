#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The lan743x-dkms Debian package (make deb) and what DKMS does with it on
# a board, without touching this host's DKMS or module trees:
# - dkms.conf, debian/changelog and the driver's MODULE_VERSION agree;
# - make deb builds the package; it ships dkms.conf and the driver sources
#   in /usr/src/lan743x-<version>/ and its postinst runs DKMS;
# - DKMS builds and installs the packaged sources for Debian's 6.1 amd64
#   headers (linux-headers-amd64) and for the 6.12 headers from
#   bookworm-backports (unpacked by scripts/fetch-headers), in a scratch
#   dkms/source/install tree; each module's vermagic names its kernel;
# - on 6.1, next to a copy of the kernel's own lan743x, the module lands
#   in updates/dkms and modprobe picks it.
# Prints the DKMS build time per kernel.  Exit 0 = pass, else the reason
# is printed last.
set -u
check=70-dkms
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "$check: $*"
	exit 1
}

for c in dkms dpkg-buildpackage dh_dkms modinfo depmod; do
	command -v "$c" >/dev/null || fail "$c missing (scripts/deps/package.txt)"
done

# ---- one version everywhere ------------------------------------------------
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$root/dkms.conf")
deb_ver=$(dpkg-parsechangelog -l "$root/debian/changelog" -S Version)
drv_ver=$(sed -nE 's/^#define LAN743X_DRV_VERSION[[:space:]]+"(.*)"/\1/p' \
	"$root/driver/lan743x_main.h")
[ -n "$ver" ] || fail "dkms.conf has no PACKAGE_VERSION"
[ "$ver" = "$deb_ver" ] && [ "$ver" = "$drv_ver" ] ||
	fail "versions differ: dkms.conf $ver, debian/changelog $deb_ver, LAN743X_DRV_VERSION $drv_ver"

# ---- the host must stay as it is -------------------------------------------
k61=$("$root"/scripts/debian-abi --host)-amd64 ||
	fail "linux-headers-amd64 is not installed"
host_state() {
	ls -la --time-style=full-iso /var/lib/dkms "/lib/modules/$k61" 2>&1
	ls /usr/src
}
before=$(host_state)

tmp=$(mktemp -d /tmp/lan743x-dkms.XXXXXX) || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT

# ---- the package -----------------------------------------------------------
make -s -C "$root" deb DEBDIR="$tmp/deb" >"$tmp/deb.log" 2>&1 || {
	tail -n 5 "$tmp/deb.log"
	fail "make deb failed"
}
deb=$tmp/deb/lan743x-dkms_${ver}_all.deb
[ -f "$deb" ] || fail "make deb made no ${deb##*/}"
dpkg-deb -x "$deb" "$tmp/pkg" && dpkg-deb -e "$deb" "$tmp/ctl" ||
	fail "cannot unpack ${deb##*/}"
src=$tmp/pkg/usr/src/lan743x-$ver
[ -f "$src/dkms.conf" ] || fail "package lacks /usr/src/lan743x-$ver/dkms.conf"
for f in "$root"/driver/lan743x_*.[ch] "$root"/driver/Kbuild "$root"/driver/Makefile; do
	case $f in *.mod.c) continue ;; esac
	cmp -s "$f" "$src/driver/${f##*/}" || fail "package lacks driver/${f##*/} or has another one"
done
grep -q 'dkms' "$tmp/ctl/postinst" || fail "postinst does not run DKMS"
# (dh_compress gzips it)
compgen -G "$tmp/pkg/usr/share/doc/lan743x-dkms/lan743x.rst*" >/dev/null ||
	fail "package lacks /usr/share/doc/lan743x-dkms/lan743x.rst"

# ---- DKMS, as the package's postinst would run it, in scratch trees -------
# The signing key DKMS makes on first use goes to the scratch tree too (its
# default is /var/lib/dkms/mok.key); --no-depmod everywhere, as depmod
# would write the host's /lib/modules (we run it ourselves with -b).
export mok_signing_key=$tmp/mok.key mok_certificate=$tmp/mok.pub
inst=$tmp/root/lib/modules
dk=(--dkmstree "$tmp/dkms" --sourcetree "$tmp/pkg/usr/src" --installtree "$inst" --no-depmod)
mkdir -p "$tmp/dkms" "$inst"
dkms add "lan743x/$ver" "${dk[@]}" >"$tmp/add.log" 2>&1 || {
	tail -n 5 "$tmp/add.log"
	fail "dkms add failed"
}

# The kernel's own lan743x and what it needs, so that DKMS' version check
# and modprobe see what they see on a board.
intree=$(find "/lib/modules/$k61/kernel" -name 'lan743x.ko*' | head -n 1)
[ -n "$intree" ] || fail "no in-tree lan743x in /lib/modules/$k61 (linux-image-amd64)"
for m in "$intree" $(find "/lib/modules/$k61/kernel/drivers/net/phy" \
	-name 'libphy.ko*' -o -name 'mdio_devres.ko*'); do
	mkdir -p "$tmp/root$(dirname "$m")"
	cp "$m" "$tmp/root$m"
done
cp "/lib/modules/$k61"/modules.order "/lib/modules/$k61"/modules.builtin* "$inst/$k61/"

k612dir=$("$root/scripts/fetch-headers" 6.12) || fail "cannot fetch the 6.12 headers"
k612=$(sed -n 's/^override KERNELRELEASE = //p' "$k612dir/.kernelvariables" 2>/dev/null)
[ -n "$k612" ] || k612=$(cat "$k612dir/include/config/kernel.release")

times=
# dkms_kernel KVER [KERNEL_SOURCE_DIR]: build + install, check the module.
dkms_kernel() {
	local kver=$1 kdir=${2:-} t0 t1 ko vm v
	local -a ks=()

	[ -z "$kdir" ] || ks=(--kernelsourcedir "$kdir")
	mkdir -p "$inst/$kver"
	t0=$(date +%s.%N)
	dkms build "lan743x/$ver" -k "$kver" "${ks[@]}" "${dk[@]}" >"$tmp/build-$kver.log" 2>&1 || {
		cat "$tmp/dkms/lan743x/$ver/build/make.log" 2>/dev/null | tail -n 10
		tail -n 5 "$tmp/build-$kver.log"
		fail "dkms build for $kver failed"
	}
	t1=$(date +%s.%N)
	times+=" $kver $(echo "$t1 - $t0" | bc | sed 's/^\./0./; s/\(\.[0-9]\)[0-9]*$/\1/')s"
	dkms install "lan743x/$ver" -k "$kver" "${ks[@]}" "${dk[@]}" >"$tmp/install-$kver.log" 2>&1 || {
		tail -n 5 "$tmp/install-$kver.log"
		fail "dkms install for $kver failed"
	}
	# dkms install exits 0 when its version check refuses to install
	ko=$(find "$inst/$kver/updates/dkms" -name 'lan743x.ko*' 2>/dev/null | head -n 1)
	[ -n "$ko" ] || {
		tail -n 5 "$tmp/install-$kver.log"
		fail "dkms install put no lan743x.ko into $kver/updates/dkms"
	}
	vm=$(modinfo -F vermagic "$ko" | cut -d' ' -f1)
	[ "$vm" = "$kver" ] || fail "module for $kver has vermagic $vm"
	v=$(modinfo -F version "$ko")
	[ "$v" = "$ver" ] || fail "module for $kver has version '$v', not $ver"
}

dkms_kernel "$k61"
dkms_kernel "$k612" "$k612dir"

dkms status "lan743x/$ver" "${dk[@]}" >"$tmp/status" 2>&1
for k in "$k61" "$k612"; do
	grep -q "$k, .*: installed" "$tmp/status" ||
		fail "dkms status does not list $k as installed: $(tr '\n' ' ' <"$tmp/status")"
done

depmod -b "$tmp/root" "$k61" || fail "depmod -b failed"
dep=$(modprobe -d "$tmp/root" -S "$k61" --show-depends lan743x 2>&1 | tail -n 1)
case $dep in
*"/lib/modules/$k61/updates/dkms/lan743x.ko"*) ;;
*) fail "modprobe does not prefer the DKMS module: $dep" ;;
esac

[ "$(host_state)" = "$before" ] ||
	fail "the host's /var/lib/dkms, /usr/src or /lib/modules/$k61 changed"
echo "$check: lan743x-dkms_${ver}_all.deb; DKMS build time:$times; 6.1: updates/dkms, modprobe picks it"

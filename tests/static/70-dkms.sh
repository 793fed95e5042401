#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The lan743x-dkms Debian package (make deb), without touching this host's
# DKMS or module trees (71-dkms-kernels.sh installs it on every supported
# kernel):
# - dkms.conf, debian/changelog and the driver's MODULE_VERSION agree;
# - make deb builds the package; it ships dkms.conf and every source file
#   of driver/ (all git tracks there but README.md) in
#   /usr/src/lan743x-<version>/, and the manual;
# - its postinst builds through build-kernels (not dh_dkms's snippet, which
#   fails the package at the first kernel the module does not build for),
#   the kernel hooks are there, and dkms.conf leaves autoinstall to them;
# - dkms.conf's BUILD_EXCLUSIVE_KERNEL takes 5.10 and later, not 4.19.
# Exit 0 = pass, else the reason is printed last.
set -u
check=70-dkms
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "$check: $*"
	exit 1
}

for c in dpkg-buildpackage dh_dkms dpkg-deb; do
	command -v "$c" >/dev/null || fail "$c missing (scripts/deps/package.txt)"
done

# ---- one version everywhere ------------------------------------------------
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$root/dkms.conf")
deb_ver=$(dpkg-parsechangelog -l "$root/debian/changelog" -S Version)
drv_ver=$(sed -nE 's/^#define LAN743X_DRV_VERSION[[:space:]]+"(.*)"/\1/p' \
	"$root/driver/lan743x_main.h")
[ -n "$ver" ] || fail "dkms.conf has no PACKAGE_VERSION"
if [ "$ver" != "$deb_ver" ] || [ "$ver" != "$drv_ver" ]; then
	fail "versions differ: dkms.conf $ver, debian/changelog $deb_ver, LAN743X_DRV_VERSION $drv_ver"
fi

# ---- the host must stay as it is -------------------------------------------
. "$(dirname "$0")/host-state.inc"
host_state_save

tmp=$(mktemp -d /tmp/lan743x-dkms.XXXXXX) || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT

# ---- the package -----------------------------------------------------------
make -s -C "$root" deb DEBDIR="$tmp/deb" >"$tmp/deb.log" 2>&1 || {
	tail -n 5 "$tmp/deb.log"
	fail "make deb failed"
}
deb=$tmp/deb/lan743x-dkms_${ver}_all.deb
[ -f "$deb" ] || fail "make deb made no ${deb##*/}"
dpkg-deb -x "$deb" "$tmp/pkg" || fail "cannot unpack ${deb##*/}"
dpkg-deb -e "$deb" "$tmp/ctl" || fail "cannot unpack ${deb##*/}'s control files"
src=$tmp/pkg/usr/src/lan743x-$ver
[ -f "$src/dkms.conf" ] || fail "package lacks /usr/src/lan743x-$ver/dkms.conf"
# What the build needs is what git tracks in driver/ (the top-level
# Makefile's DRIVER_SRC has to name it); outside a git checkout, the
# sources by their names.
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
	mapfile -t need < <(git -C "$root" ls-files driver/ | grep -vx 'driver/README.md')
else
	need=()
	for f in "$root"/driver/*.[ch] "$root"/driver/*.sh "$root"/driver/Kbuild "$root"/driver/Makefile; do
		case $f in *.mod.c | */compat-probed.h) continue ;; esac
		[ -e "$f" ] && need+=("driver/${f##*/}")
	done
fi
[ ${#need[@]} -gt 0 ] || fail "no driver sources found"
for f in "${need[@]}"; do
	cmp -s "$root/$f" "$src/$f" || fail "package lacks $f or has another one (DRIVER_SRC in Makefile)"
done

# The postinst builds for every kernel and survives one the module does not
# build for; the hooks build for kernels installed later.
bk=$tmp/pkg/usr/lib/lan743x-dkms/build-kernels
[ -x "$bk" ] || fail "package lacks /usr/lib/lan743x-dkms/build-kernels"
grep -qx "ver=$ver" "$bk" || fail "build-kernels does not name version $ver"
grep -q '/usr/lib/lan743x-dkms/build-kernels --configure' "$tmp/ctl/postinst" ||
	fail "postinst does not run build-kernels --configure"
! grep -q 'common.postinst' "$tmp/ctl/postinst" ||
	fail "postinst still has dh_dkms's snippet (it fails at the first kernel that does not build)"
grep -q 'dkms remove' "$tmp/ctl/prerm" || fail "prerm does not remove the module from DKMS"
for h in postinst.d header_postinst.d; do
	[ -x "$tmp/pkg/etc/kernel/$h/00lan743x-dkms" ] ||
		fail "package lacks the kernel hook /etc/kernel/$h/00lan743x-dkms"
	grep -qx "/etc/kernel/$h/00lan743x-dkms" "$tmp/ctl/conffiles" ||
		fail "/etc/kernel/$h/00lan743x-dkms is not a conffile"
done
for f in "$bk" "$tmp/ctl/postinst" "$tmp/ctl/postrm" "$tmp/pkg/etc/kernel/postinst.d/00lan743x-dkms"; do
	sh -n "$f" || fail "${f##*/} is not valid sh"
done

# dkms.conf as DKMS reads it (sourced, with the kernel's release): kernels
# before 5.10 are excluded; autoinstall is the package's hooks' job where
# build-kernels is installed (a copy that looks for it here), DKMS's
# otherwise (make dkms).
sed "s|/usr/lib/lan743x-dkms/build-kernels|$tmp/build-kernels|" "$src/dkms.conf" >"$tmp/dkms.conf"
# conf RELEASE VARIABLE: the variable's value for that kernel.
conf() {
	# shellcheck disable=SC1091,SC2034 # dkms.conf, and what DKMS sets for it
	(
		kernelver=$1 kernel_source_dir=/lib/modules/$1/build
		. "$tmp/dkms.conf"
		echo "${!2:-}"
	)
}
for k in 5.10.0-32-amd64 6.1.0-57-amd64 6.12.117+deb13-amd64 7.2.13+deb14-amd64 4.19.0-27-amd64 5.4.0-1-amd64; do
	re=$(conf "$k" BUILD_EXCLUSIVE_KERNEL)
	want=yes
	case $k in 4.* | 5.4.*) want=no ;; esac
	got=no
	[[ $k =~ $re ]] && got=yes
	[ "$got" = "$want" ] || fail "dkms.conf's BUILD_EXCLUSIVE_KERNEL '$re' matches $k: $got"
done
[ "$(conf 6.1.0-57-amd64 AUTOINSTALL)" = yes ] ||
	fail "dkms.conf turns AUTOINSTALL off without the package's build-kernels"
install -m755 /dev/null "$tmp/build-kernels"
[ -z "$(conf 6.1.0-57-amd64 AUTOINSTALL)" ] ||
	fail "dkms.conf leaves DKMS's AUTOINSTALL on with the package's build-kernels"
# (dh_compress gzips it)
compgen -G "$tmp/pkg/usr/share/doc/lan743x-dkms/lan743x.rst*" >/dev/null ||
	fail "package lacks /usr/share/doc/lan743x-dkms/lan743x.rst"

host_state_check
echo "$check: lan743x-dkms_${ver}_all.deb ships ${#need[@]} driver files, build-kernels, the kernel hooks"

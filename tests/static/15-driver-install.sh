#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make install` puts lan743x.ko under updates/ of the guest kernel's module
# tree and modprobe then prefers it to the in-tree lan743x.ko.  Done in a
# scratch INSTALL_MOD_PATH holding a copy of the in-tree driver and its
# dependencies, so the real /lib/modules stays untouched.
# Exit 0 = pass, else the reason is printed last.
set -u
check=15-driver-install
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "$check: $*"
	exit 1
}

kver=$("$root"/scripts/debian-abi --host)-amd64 ||
	fail "linux-headers-amd64 is not installed"
mods=/lib/modules/$kver
intree=$(find "$mods/kernel" -name 'lan743x.ko*' | head -n 1)
[ -n "$intree" ] || fail "no in-tree lan743x in $mods (linux-image-amd64)"

tmp=$(mktemp -d /tmp/lan743x-install.XXXXXX) || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/driver" "$tmp/root$mods"
cp "$root"/driver/*.[ch] "$root"/driver/*.sh "$root"/driver/Kbuild "$root"/driver/Makefile \
	"$tmp/driver/" || fail "cannot copy driver sources"
ln -s "$root/scripts" "$tmp/scripts"
for m in "$intree" $(find "$mods/kernel/drivers/net/phy" -name 'libphy.ko*' -o -name 'mdio_devres.ko*'); do
	mkdir -p "$tmp/root$(dirname "$m")"
	cp "$m" "$tmp/root$m"
done
cp "$mods"/modules.order "$mods"/modules.builtin* "$tmp/root$mods/" 2>/dev/null

make -C "$tmp/driver" -j"$(nproc)" install INSTALL_MOD_PATH="$tmp/root" >"$tmp/log" 2>&1 || {
	tail -n 5 "$tmp/log"
	fail "make install failed"
}
[ -f "$tmp/root$mods/updates/lan743x.ko" ] ||
	fail "lan743x.ko not installed in $mods/updates"
dep=$(modprobe -d "$tmp/root" -S "$kver" --show-depends lan743x 2>&1 | tail -n 1)
case $dep in
*"$mods/updates/lan743x.ko"*) ;;
*) fail "modprobe does not prefer ours: $dep" ;;
esac
echo "$check: installed to $mods/updates, modprobe picks it"

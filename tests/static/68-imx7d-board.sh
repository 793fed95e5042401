#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The chip on an i.MX SoC's own PCIe controller: QEMU's mcimx7d-sabre board
# (Cortex-A7, the DesignWare PCIe host of the i.MX6/7 family) with our model
# behind its root port, running Debian's armmp kernel, which drives that
# host with pci-imx6.  Boots once with Debian's in-tree lan743x and once
# with ours (cross-built for armmp) and checks, from the guest's console:
# the device enumerates and binds, the driver uses MSI-X vectors through the
# DesignWare MSI controller, the link comes up, ping at 1400 and 8000 bytes
# (IP fragments: several frames each way) gets every reply, and ours reports
# the device non-coherent (no device tree edit needed: the i.MX7D does not
# snoop).  No swiotlb=force: this checks the board, not sync discipline
# (the virt guests of tests/run do that).
#
# Two device tree properties of Debian's imx7d-sdb.dtb name parts QEMU does
# not emulate, and are taken out: the PCIe reset GPIO (on an SPI GPIO
# expander) and the power domains' PMIC regulator.  Nothing else is changed.
# Exit 0 = pass, else the reason is printed last.
set -euo pipefail
check=68-imx7d-board
top=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "$check: $*"
	exit 1
}

qemu=$top/build/qemu/bin/qemu-system-arm
make -s -C "$top" qemu >/dev/null 2>&1 || fail "make qemu failed"
root=$("$top"/tests/fetch-guest armhf) || fail "tests/fetch-guest armhf failed"
kver=$(ls "$root/lib/modules" | head -n 1)
kernel=$root/boot/vmlinuz-$kver
dtb=$root/usr/lib/linux-image-$kver/imx7d-sdb.dtb
[ -r "$kernel" ] && [ -r "$dtb" ] || fail "no armmp kernel or imx7d-sdb.dtb in $root"

tmp=$(mktemp -d /tmp/lan743x-imx7d.XXXXXX)
ns=lan743x-imx7d-$$
cleanup() {
	ip netns del "$ns" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

cp "$dtb" "$tmp/board.dtb"
for d in 0 1 2; do
	fdtput -d "$tmp/board.dtb" \
		/soc/bus@30000000/gpc@303a0000/pgc/power-domain@$d power-supply ||
		fail "cannot edit the power domains of imx7d-sdb.dtb"
done
fdtput -d "$tmp/board.dtb" /soc/pcie@33800000 reset-gpio ||
	fail "cannot edit the PCIe node of imx7d-sdb.dtb"

# Our module, built for armmp in a scratch copy of driver/
mkdir "$tmp/driver"
cp "$top"/driver/*.[ch] "$top"/driver/*.sh "$top"/driver/Kbuild "$top"/driver/Makefile "$tmp/driver/"
ln -s "$top/scripts" "$tmp/scripts"
make -C "$tmp/driver" -j"$(nproc)" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
	>"$tmp/build.log" 2>&1 || { tail -n 5 "$tmp/build.log"; fail "armmp build failed"; }

# Initramfs: busybox, the in-tree driver's module closure (modules.dep
# rebuilt for the subset), ours beside it.
img=$tmp/img
moddir=lib/modules/$kver
mkdir -p "$img"/{bin,proc,sys,dev,tmp,ours} "$img/$moddir"
cp "$root/bin/busybox" "$img/bin/"
line=$(grep -E '/lan743x\.ko:' "$root/$moddir/modules.dep") ||
	fail "no in-tree lan743x in $root/$moddir"
for m in ${line%%:*} ${line#*:}; do
	mkdir -p "$img/$moddir/$(dirname "$m")"
	cp "$root/$moddir/$m" "$img/$moddir/$m"
done
cp "$root/$moddir"/modules.{order,builtin,builtin.modinfo} "$img/$moddir/"
depmod -b "$img" "$kver"
cp "$tmp/driver/lan743x.ko" "$img/ours/"
cat >"$img/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
case $(cat /proc/cmdline) in
*lt.driver=ours*)
	for d in $(modinfo -F depends /ours/lan743x.ko | tr , ' '); do
		modprobe "$d"
	done
	insmod /ours/lan743x.ko ;;
*) modprobe lan743x ;;
esac
for i in $(seq 30); do [ -e /sys/class/net/eth0 ] && break; sleep 1; done
ip link set eth0 up
ip addr add 198.18.0.2/24 dev eth0
for i in $(seq 30); do [ "$(cat /sys/class/net/eth0/carrier 2>/dev/null)" = 1 ] && break; sleep 1; done
echo "@@CARRIER $(cat /sys/class/net/eth0/carrier 2>/dev/null)"
echo "@@DRIVER $(basename "$(readlink /sys/class/net/eth0/device/driver)")"
echo "@@MSIX $(ls /sys/class/net/eth0/device/msi_irqs 2>/dev/null | wc -l)"
for s in 1400 8000; do
	ping -c 3 -W 5 -s $s 198.18.0.1 >/tmp/ping 2>&1
	echo "@@PING $s $(grep -c 'bytes from' /tmp/ping)"
done
echo "@@END"
# the board cannot power off: init exits, the panic reboots, -no-reboot ends QEMU
echo o >/proc/sysrq-trigger
EOF
chmod 755 "$img/init"
(cd "$img" && find . | cpio -o -H newc --quiet) >"$tmp/initramfs.cpio"

ip netns add "$ns"
ip -n "$ns" link set lo up
ip -n "$ns" tuntap add dev lt0 mode tap
ip -n "$ns" addr add 198.18.0.1/24 dev lt0
ip -n "$ns" link set lt0 up

for driver in intree ours; do
	con=$tmp/console-$driver.log
	timeout 300 ip netns exec "$ns" "$qemu" -M mcimx7d-sabre -m 1G \
		-display none -nodefaults -no-reboot -serial "file:$con" \
		-kernel "$kernel" -dtb "$tmp/board.dtb" -initrd "$tmp/initramfs.cpio" \
		-append "console=ttymxc0,115200 rdinit=/init panic=-1 lt.driver=$driver" \
		-netdev tap,id=n0,ifname=lt0,script=no,downscript=no \
		-device lan743x,netdev=n0,bus=dw-pcie >"$tmp/qemu.log" 2>&1 || true
	get() { tr -d '\r' <"$con" | sed -n "s/^@@$1 //p" | tail -n 1; }
	what() {
		tr -d '\r' <"$con" | grep -E 'imx6q-pcie|lan743x|Kernel panic' | tail -n 1
	}
	grep -q '^@@END' <(tr -d '\r' <"$con") ||
		fail "$driver: the guest did not finish: $(what)"
	[ "$(get DRIVER)" = lan743x ] || fail "$driver: eth0 not bound to lan743x: $(what)"
	[ "$(get CARRIER)" = 1 ] || fail "$driver: no carrier: $(what)"
	[ "$(get MSIX)" -ge 2 ] || fail "$driver: $(get MSIX) MSI/MSI-X vectors"
	for s in 1400 8000; do
		[ "$(get "PING $s")" = 3 ] || fail "$driver: ping -s $s: $(get "PING $s") of 3 replies"
	done
	if [ $driver = ours ]; then
		grep -q 'DMA non-coherent' "$con" ||
			fail "ours: the device is not reported non-coherent: $(what)"
	fi
	echo "$check: $driver: enumerated on the i.MX7D PCIe, $(get MSIX) vectors, link up, pings answered"
done
echo "$check: both drivers work on mcimx7d-sabre's DesignWare PCIe (ours: DMA non-coherent)"

# SPDX-License-Identifier: GPL-2.0
# A LAN7431 wired straight to a switch: no PHY on its MDIO bus, strapped
# for MII (board "lan7431-switch", tests/run board_props).
#
# ARM boards describe it in their device tree, under the PCIe host, as the
# PCI function's node: its MAC address (not the one the chip loads from
# its EEPROM), phy-mode "rgmii-id" and a 1000/full fixed-link.  The
# interface must take that address and keep it across a driver reload,
# attach the fixed link in that mode and pass traffic; both drivers
# (Debian's reads the same properties).
#
# Without a device tree (x86) ours falls back to a fixed 1000/full link in
# the strap's MII mode, as upstream does since it moved to phylink; the
# in-tree driver of Debian's 6.1 has no such fallback (tests/run skips it).
# board: lan7431-switch
# sets: primary arm arm-intree
# timeout: 240
# dmesg-allow: known:page-pool-unbind

. /lib/lt/scenarios/lib-traffic.sh

dt_mac= dt_mode=
for arg in $(cat /proc/cmdline); do
	case $arg in
	lt.dt_mac=*) dt_mac=${arg#*=} ;;
	lt.dt_phy_mode=*) dt_mode=${arg#*=} ;;
	esac
done
# What the interface must show: the device tree's mode, else the strap's
want_mode=${dt_mode:-mii}
[ -n "$dt_mac" ] || [ "$DRIVER" = ours ] ||
	fail "the in-tree driver runs this only with a device tree"

# check WHEN: the address, the PHY's mode and the fixed link
check() {
	mac=$(cat "/sys/class/net/$IF/address")
	if [ -n "$dt_mac" ] && [ "$mac" != "$dt_mac" ]; then
		fail "$1: MAC $mac, the device tree says $dt_mac"
	fi
	if [ -n "$dt_mode" ]; then
		# the device tree's fixed-link is a PHY of the kernel's
		mode=$(cat "/sys/class/net/$IF/phydev/phy_interface" 2>/dev/null) ||
			fail "$1: $IF has no PHY attached"
	else
		# ours runs the switch link without a PHY device, and says so
		mode=$(dmesg | sed -n "s/.*$IF: no PHY found: fixed link, 1000\/full, //p" |
			tail -n 1)
	fi
	[ "$mode" = "$want_mode" ] || fail "$1: interface mode '$mode', want $want_mode"
	wait_carrier 1 10 || fail "$1: no carrier on the fixed link"
	speed=$(ethtool "$IF" | sed -n 's/^[[:space:]]*Speed: *//p')
	duplex=$(ethtool "$IF" | sed -n 's/^[[:space:]]*Duplex: *//p')
	[ "$speed" = 1000Mb/s ] && [ "$duplex" = Full ] ||
		fail "$1: link $speed $duplex, want 1000Mb/s Full"
	log "$1: MAC $mac, $mode, $speed $duplex"
}

board_boot_reload check
echo "MAC ${dt_mac:-from the chip}, ${want_mode} fixed link at 1000/full, traffic both ways, the same after a reload"

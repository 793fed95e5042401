# SPDX-License-Identifier: GPL-2.0
# A LAN7431 whose external PHY answers at MDIO address 7, not 1 (board
# "lan7431-phy", tests/run board_props).
#
# ARM boards describe it in their device tree, as the PCI function's node:
# phy-mode "rgmii-id" and a phy-handle to the PHY's node under the
# function's "mdio" child.  The interface must attach that PHY (the PHY
# device's of_node is the device tree's node), in that mode,
# autonegotiate 1000/full with the peer and pass traffic, and the same
# after a driver reload (Debian's driver: a PHY found another way is
# reported, not failed).  Without a device tree (x86) both drivers take
# the first PHY on the bus, the one at 7.
# board: lan7431-phy
# sets: primary arm arm-intree
# timeout: 240

. /lib/lt/scenarios/lib-traffic.sh

dt_phy= dt_mode=
for arg in $(cat /proc/cmdline); do
	case $arg in
	lt.dt_phy=*) dt_phy=${arg#*=} ;;
	lt.dt_phy_mode=*) dt_mode=${arg#*=} ;;
	esac
done

# check WHEN: the PHY at address 7, the device tree's node and mode, and
# the link it autonegotiated
check() {
	local phy node mode speed duplex
	phy=$(readlink "/sys/class/net/$IF/phydev") ||
		fail "$1: $IF has no PHY attached"
	phy=${phy##*/}
	case $phy in
	*:07) ;;
	*) fail "$1: PHY $phy attached, want the one at address 7" ;;
	esac
	if [ -n "$dt_phy" ]; then
		node=$(readlink -f "/sys/class/net/$IF/phydev/of_node" 2>/dev/null) || node=none
		mode=$(cat "/sys/class/net/$IF/phydev/phy_interface")
		if [ "${node##*/}" != "$dt_phy" ] && [ "$DRIVER" = intree ]; then
			# Debian's 6.1 driver registers its MDIO bus without the
			# device tree and finds the PHY by scanning: the baseline,
			# reported, not judged
			log "intree differs: $1: PHY $phy has device tree node ${node##*/} (phy-handle names $dt_phy), mode $mode"
			node= mode=
		else
			[ "${node##*/}" = "$dt_phy" ] ||
				fail "$1: PHY $phy has device tree node ${node##*/}, phy-handle names $dt_phy"
			[ "$mode" = "$dt_mode" ] ||
				fail "$1: interface mode '$mode', the device tree says $dt_mode"
		fi
	fi
	wait_carrier 1 20 || fail "$1: no carrier through PHY $phy"
	speed=$(ethtool "$IF" | sed -n 's/^[[:space:]]*Speed: *//p')
	duplex=$(ethtool "$IF" | sed -n 's/^[[:space:]]*Duplex: *//p')
	[ "$speed" = 1000Mb/s ] && [ "$duplex" = Full ] ||
		fail "$1: link $speed $duplex, want 1000Mb/s Full"
	log "$1: PHY $phy${node:+ (${node##*/})}${mode:+, $mode}, $speed $duplex"
}

board_boot_reload check
echo "PHY at address 7${dt_phy:+ through phy-handle ($dt_mode)}, 1000/full, traffic both ways, the same after a reload"

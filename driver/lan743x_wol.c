// SPDX-License-Identifier: GPL-2.0
/* Wake-on-LAN: ethtool -s DEV wol, and the chip's wake logic armed for
 * suspend and power-off.
 *
 * The MAC wakes on magic packets (MAC_WUCSR.MPEN), frames to our address
 * (perfect DA, PFDA_EN), broadcast (BCST_EN) and on the wake-up frame
 * filters (WAKE_EN): one for each multicast prefix (IPv4 01:00:5e, IPv6
 * 33:33) and one for the ARP EtherType.  A filter holds the CRC-16 of the
 * bytes its mask selects.  A PHY that offers wake sources through phylib
 * gets those it has; the chip then passes its wake on (ETH_PHY_WAKE_EN).
 *
 * In D3 the PCI core has PME enabled when the device may wake the system
 * (device_set_wakeup_enable() follows the ethtool setting).  ethtool and
 * the PM callbacks run under RTNL.
 */

#include <linux/bitfield.h>
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/phy.h>

#include "lan743x_main.h"

/* CRC-16 of polynomial 0x8005, seeded with 0xffff, each byte taken from
 * its least significant bit: what MAC_WUF_CFG.CRC16 compares
 */
static u16 lan743x_wuf_crc16(const u8 *p, unsigned int len)
{
	unsigned int i, b;
	u16 crc = 0xffff;

	for (i = 0; i < len; i++) {
		for (b = 0; b < 8; b++) {
			bool top = (crc >> 15) ^ ((p[i] >> b) & 1);

			crc <<= 1;
			if (top)
				crc ^= 0x8005;
		}
	}
	return crc;
}

/* Filter @i: frames of @type whose bytes selected by @mask (bit n = byte
 * n, all below 32) are @pattern
 */
static void lan743x_wuf_set(struct lan743x_adapter *adapter, int i, u32 type,
			    u32 mask, const u8 *pattern, unsigned int len)
{
	int n;

	lan743x_wr32(adapter, MAC_WUF_CFG(i), MAC_WUF_CFG_EN_ |
		     FIELD_PREP(MAC_WUF_CFG_TYPE_MASK_, type) |
		     FIELD_PREP(MAC_WUF_CFG_OFFSET_MASK_, 0) |
		     FIELD_PREP(MAC_WUF_CFG_CRC16_MASK_,
				lan743x_wuf_crc16(pattern, len)));
	lan743x_wr32(adapter, MAC_WUF_MASK(i, 0), mask);
	for (n = 1; n < 4; n++)
		lan743x_wr32(adapter, MAC_WUF_MASK(i, n), 0);
}

/**
 * lan743x_get_wol() - ethtool's get_wol: the MAC's wake sources and the
 * PHY's
 * @netdev: the interface
 * @wol: filled in: supported and enabled sources
 *
 * Context: RTNL held.
 */
void lan743x_get_wol(struct net_device *netdev, struct ethtool_wolinfo *wol)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	wol->supported = 0;
	wol->wolopts = 0;
	if (netdev->phydev)
		phy_ethtool_get_wol(netdev->phydev, wol);
	wol->supported |= LAN743X_MAC_WAKES;
	wol->wolopts |= adapter->wolopts | adapter->phy_wolopts;
}

/**
 * lan743x_set_wol() - ethtool -s DEV wol: choose the wake sources
 * @netdev: the interface
 * @wol: the sources wanted (and a SecureOn password for the PHY)
 *
 * The PHY takes those it offers; the MAC the rest.  Whether the device may
 * wake the system follows (device_set_wakeup_enable()).
 *
 * Context: RTNL held.
 * Return: 0, -EINVAL for a source neither has (the setting is kept), or
 * the PHY's error.
 */
int lan743x_set_wol(struct net_device *netdev, struct ethtool_wolinfo *wol)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct ethtool_wolinfo phy = { .cmd = ETHTOOL_GWOL };
	u32 phy_opts = 0;
	int ret;

	if (netdev->phydev)
		phy_ethtool_get_wol(netdev->phydev, &phy);
	if (wol->wolopts & ~(LAN743X_MAC_WAKES | phy.supported)) {
		netdev_err(netdev, "Wake-on-LAN 0x%x: only 0x%x supported\n",
			   wol->wolopts, LAN743X_MAC_WAKES | phy.supported);
		return -EINVAL;
	}
	/* The PHY takes what it has, the MAC the rest (as the kernel's
	 * driver does)
	 */
	if (phy.supported) {
		struct ethtool_wolinfo pw = {
			.cmd = ETHTOOL_SWOL,
			.wolopts = wol->wolopts & phy.supported,
		};

		memcpy(pw.sopass, wol->sopass, sizeof(pw.sopass));
		ret = phy_ethtool_set_wol(netdev->phydev, &pw);
		if (ret && ret != -EOPNOTSUPP)
			return ret;
		if (!ret)
			phy_opts = pw.wolopts;
	}
	if (wol->wolopts & ~phy_opts & ~LAN743X_MAC_WAKES) {
		netdev_err(netdev, "Wake-on-LAN 0x%x: the PHY refused 0x%x\n",
			   wol->wolopts, wol->wolopts & ~LAN743X_MAC_WAKES);
		return -EINVAL;
	}
	adapter->phy_wolopts = phy_opts;
	adapter->wolopts = wol->wolopts & ~phy_opts;
	device_set_wakeup_enable(&adapter->pdev->dev, !!wol->wolopts);
	return 0;
}

/**
 * lan743x_wol_arm() - program the chip's wake logic for D3
 * @adapter: the device, its interface closed (no DMA)
 *
 * For suspend and power-off: the wake sources chosen, or none; latched
 * wake status is cleared.  The receiver is left on when the MAC wakes.
 *
 * Context: RTNL held.
 */
void lan743x_wol_arm(struct lan743x_adapter *adapter)
{
	static const u8 ip4_mcast[] = { 0x01, 0x00, 0x5e };
	static const u8 ip6_mcast[] = { 0x33, 0x33 };
	static const u8 arp_type[] = { 0x08, 0x06 };	/* bytes 12, 13 */
	u32 opts = adapter->wolopts;
	u32 wucsr = 0;
	u32 pmt;
	int i, n = 0;

	for (i = 0; i < MAC_WUF_NUM; i++)
		lan743x_wr32(adapter, MAC_WUF_CFG(i), 0);
	lan743x_wr32(adapter, MAC_WUCSR, MAC_WUCSR_STATUS_MASK_);
	lan743x_wr32(adapter, MAC_WUCSR2, MAC_WUCSR2_STATUS_MASK_);
	lan743x_wr32(adapter, MAC_WK_SRC, 0xffffffff);

	pmt = lan743x_rd32(adapter, PMT_CTL);
	pmt &= ~(PMT_CTL_GPIO_WAKEUP_EN_ | PMT_CTL_EEE_WAKEUP_EN_ |
		 PMT_CTL_WOL_EN_ | PMT_CTL_MAC_D3_RX_CLK_OVR_ |
		 PMT_CTL_RX_FCT_RFE_D3_CLK_OVR_ | PMT_CTL_ETH_PHY_WAKE_EN_ |
		 PMT_CTL_ETH_PHY_RST_);
	pmt |= PMT_CTL_WUPS_MASK_ | PMT_CTL_RES_CLR_WKP_MASK_;
	if (!opts && !adapter->phy_wolopts) {
		lan743x_wr32(adapter, PMT_CTL, pmt);
		return;
	}
	/* the PHY stays powered in D3 */
	pmt |= PMT_CTL_ETH_PHY_D3_OVR_ | PMT_CTL_ETH_PHY_D3_COLD_OVR_;
	if (adapter->phy_wolopts)
		pmt |= PMT_CTL_ETH_PHY_WAKE_EN_;

	if (opts & WAKE_MAGIC)
		wucsr |= MAC_WUCSR_MPEN_;
	if (opts & WAKE_UCAST)
		wucsr |= MAC_WUCSR_RFE_WAKE_EN_ | MAC_WUCSR_PFDA_EN_;
	if (opts & WAKE_BCAST)
		wucsr |= MAC_WUCSR_RFE_WAKE_EN_ | MAC_WUCSR_BCST_EN_;
	if (opts & WAKE_MCAST) {
		lan743x_wuf_set(adapter, n++, MAC_WUF_CFG_TYPE_MCAST_, 0x7,
				ip4_mcast, sizeof(ip4_mcast));
		lan743x_wuf_set(adapter, n++, MAC_WUF_CFG_TYPE_MCAST_, 0x3,
				ip6_mcast, sizeof(ip6_mcast));
		wucsr |= MAC_WUCSR_RFE_WAKE_EN_ | MAC_WUCSR_WAKE_EN_;
	}
	if (opts & WAKE_ARP) {
		lan743x_wuf_set(adapter, n++, MAC_WUF_CFG_TYPE_ALL_,
				BIT(12) | BIT(13), arp_type, sizeof(arp_type));
		wucsr |= MAC_WUCSR_RFE_WAKE_EN_ | MAC_WUCSR_WAKE_EN_;
	}
	if (opts)
		pmt |= PMT_CTL_WOL_EN_ | PMT_CTL_MAC_D3_RX_CLK_OVR_;
	if (wucsr & MAC_WUCSR_RFE_WAKE_EN_)
		pmt |= PMT_CTL_RX_FCT_RFE_D3_CLK_OVR_;

	lan743x_wr32(adapter, MAC_WUCSR, wucsr);
	lan743x_wr32(adapter, PMT_CTL, pmt);
	/* the receiver runs in D3 to see the frames (no DMA: the rings
	 * are closed)
	 */
	if (opts)
		lan743x_rmw32(adapter, MAC_RX, 0, MAC_RX_RXEN_);
}

/**
 * lan743x_wol_disarm() - after D3: report the wake source, disarm
 * @adapter: the device, back in D0, before its reset
 *
 * Logs what woke the system, switches the wake sources off and clears
 * their status.
 *
 * Context: RTNL held.
 */
void lan743x_wol_disarm(struct lan743x_adapter *adapter)
{
	static const struct {
		u32 bit;
		const char *what;
	} srcs[] = {
		{ MAC_WK_SRC_MP_FR_WK_, "magic packet" },
		{ MAC_WK_SRC_PFDA_FR_WK_, "unicast frame" },
		{ MAC_WK_SRC_BCAST_FR_WK_, "broadcast frame" },
		{ MAC_WK_SRC_WU_FR_WK_, "wake-up frame filter" },
		{ MAC_WK_SRC_ETH_PHY_WK_, "PHY" },
	};
	u32 src = lan743x_rd32(adapter, MAC_WK_SRC);
	int i;

	for (i = 0; i < ARRAY_SIZE(srcs); i++)
		if (src & srcs[i].bit)
			netdev_info(adapter->netdev, "woken by %s (MAC_WK_SRC 0x%08x)\n",
				    srcs[i].what, src);
	lan743x_wr32(adapter, MAC_WUCSR, MAC_WUCSR_STATUS_MASK_);
	lan743x_wr32(adapter, MAC_WUCSR2, MAC_WUCSR2_STATUS_MASK_);
	lan743x_wr32(adapter, MAC_WK_SRC, 0xffffffff);
	lan743x_rmw32(adapter, PMT_CTL, PMT_CTL_WOL_EN_ |
		      PMT_CTL_ETH_PHY_WAKE_EN_ | PMT_CTL_ETH_PHY_RST_,
		      PMT_CTL_WUPS_MASK_);
}

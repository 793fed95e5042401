// SPDX-License-Identifier: GPL-2.0
/* ethtool operations of the LAN743x driver. */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/phy.h>

#include "lan743x_main.h"

struct lan743x_stat_desc {
	const char *name;
	size_t offset;
};

#define LAN743X_RX_FRAME_STAT(f) \
	{ #f, offsetof(struct lan743x_rx_stats, frames.f) }
#define LAN743X_RX_COST_STAT(f) \
	{ #f, offsetof(struct lan743x_rx_stats, cost.f) }
#define LAN743X_TX_STAT(f) { #f, offsetof(struct lan743x_tx_stats, f) }
#define LAN743X_TXX_STAT(f) { #f, offsetof(struct lan743x_tx_xstats, f) }

/* reported as rx_<name> (all queues) and rxN_<name> (queue N) */
static const struct lan743x_stat_desc lan743x_rx_stat_desc[] = {
	LAN743X_RX_FRAME_STAT(packets),
	LAN743X_RX_FRAME_STAT(bytes),
	LAN743X_RX_COST_STAT(sync_cpu_bytes),
	LAN743X_RX_COST_STAT(sync_dev_bytes),
	LAN743X_RX_COST_STAT(map_ops),
	LAN743X_RX_COST_STAT(unmap_ops),
	LAN743X_RX_COST_STAT(buf_alloc),
	LAN743X_RX_COST_STAT(buf_alloc_fail),
	LAN743X_RX_FRAME_STAT(copybreak_packets),
	LAN743X_RX_FRAME_STAT(multi_buf_frames),
	LAN743X_RX_COST_STAT(pp_recycled),
	LAN743X_RX_FRAME_STAT(drop_alloc_fail),
	LAN743X_RX_FRAME_STAT(drop_bad_desc),
	LAN743X_RX_FRAME_STAT(drop_oversize),
	LAN743X_RX_FRAME_STAT(dropped),
	LAN743X_RX_FRAME_STAT(csum_unnecessary),
	LAN743X_RX_FRAME_STAT(csum_none),
	LAN743X_RX_FRAME_STAT(xdp_pass),
	LAN743X_RX_FRAME_STAT(xdp_drop),
	LAN743X_RX_FRAME_STAT(xdp_tx),
	LAN743X_RX_FRAME_STAT(xdp_redirect),
	LAN743X_RX_FRAME_STAT(xdp_errors),
};

/* private flags, bit n = entry n */
static const char lan743x_priv_flags[][ETH_GSTRING_LEN] = {
	"rx-mtu-buffers",
	"rx-partial-sync",
	"rx-page-pool",
	"OTP_ACCESS",
};

enum {
	LAN743X_PRIV_RX_MTU_BUFFERS = BIT(0),
	LAN743X_PRIV_RX_PARTIAL_SYNC = BIT(1),
	LAN743X_PRIV_RX_PAGE_POOL = BIT(2),
	LAN743X_PRIV_OTP_ACCESS = BIT(3),	/* the name upstream's and tools use */
};

static const struct lan743x_stat_desc lan743x_tx_stat_desc[] = {
	LAN743X_TX_STAT(packets),
	LAN743X_TX_STAT(bytes),
	LAN743X_TX_STAT(bad_completions),
	LAN743X_TX_STAT(wake),
};

static const struct lan743x_stat_desc lan743x_txx_stat_desc[] = {
	LAN743X_TXX_STAT(tso),
	LAN743X_TXX_STAT(csum_partial),
	LAN743X_TXX_STAT(busy),
	LAN743X_TXX_STAT(map_err),
	LAN743X_TXX_STAT(dropped),
	LAN743X_TXX_STAT(xdp_xmit),
	LAN743X_TXX_STAT(xdp_xmit_err),
};

#define LAN743X_RX_STAT_CNT	ARRAY_SIZE(lan743x_rx_stat_desc)
#define LAN743X_TX_STAT_CNT	(ARRAY_SIZE(lan743x_tx_stat_desc) + \
				 ARRAY_SIZE(lan743x_txx_stat_desc))
/* ethtool -S: MAC counters, RX totals and per queue, TX per queue, PTP */
static unsigned int lan743x_stat_cnt(struct lan743x_adapter *adapter)
{
	return LAN743X_HW_STAT_CNT +
	       (1 + LAN743X_NUM_RX) * LAN743X_RX_STAT_CNT +
	       adapter->chip->num_tx * LAN743X_TX_STAT_CNT +
	       LAN743X_PTP_STAT_CNT;
}

/* ethtool -d: first the 18 dwords ethtool's own lan743x decoder knows
 * (register dump version 1; dword 0 is a flags word, zero here), then whole
 * register blocks.  INT_STS_R2C is left out: reading it acknowledges
 * interrupts.
 */
#define LAN743X_REGS_VERSION	1

static const u16 lan743x_reg_v1[] = {
	ID_REV, FPGA_REV, STRAP_READ, INT_STS, HW_CFG, PMT_CTL, E2P_CMD,
	E2P_DATA, MAC_CR, MAC_RX, MAC_TX, MAC_FLOW, MAC_MII_ACC, MAC_MII_DATA,
	MAC_EEE_TX_LPI_REQ_DLY_CNT, MAC_WUCSR, MAC_WK_SRC,
};

static const struct {
	u16 first;
	u16 last;
} lan743x_reg_ranges[] = {
	{ ID_REV, GPIO_CFG3 },
	{ FCT_RX_CTL, FCT_FLOW(3) },
	{ MAC_CR, MAC_MII_DATA },
	{ RFE_ADDR_FILT_HI(0), RFE_ADDR_FILT_LO(RFE_ADDR_FILT_CNT - 1) },
	{ RFE_CTL, RFE_CTL },
	{ RFE_RSS_CFG, RFE_INDX(RFE_INDX_CNT - 1) },
	{ INT_STS, INT_EN_CLR },
	{ INT_VEC_EN_SET, INT_MOD_CFG(INT_MOD_CFG_CNT - 1) },
	{ DMAC_CFG, DMAC_INT_EN_CLR },
	{ RX_CFG_A(0), RX_CFG_C(LAN743X_NUM_RX - 1) },
	{ TX_CFG_A(0), TX_CFG_C(0) },	/* channel 0: the one every chip has */
	{ STAT_RX_FCS_ERRORS, STAT_TX_TOTAL_FRAMES },
};

static void lan743x_get_drvinfo(struct net_device *netdev,
				struct ethtool_drvinfo *info)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	strscpy(info->driver, DRIVER_NAME, sizeof(info->driver));
	strscpy(info->bus_info, pci_name(adapter->pdev), sizeof(info->bus_info));
}

static u32 lan743x_get_msglevel(struct net_device *netdev)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	return adapter->msg_enable;
}

static void lan743x_set_msglevel(struct net_device *netdev, u32 level)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	adapter->msg_enable = level;
}

static int lan743x_get_sset_count(struct net_device *netdev, int sset)
{
	switch (sset) {
	case ETH_SS_STATS:
		return lan743x_stat_cnt(netdev_priv(netdev));
	case ETH_SS_PRIV_FLAGS:
		return ARRAY_SIZE(lan743x_priv_flags);
	default:
		return -EOPNOTSUPP;
	}
}

static void lan743x_get_strings(struct net_device *netdev, u32 sset, u8 *data)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	unsigned int i, q;

	if (sset == ETH_SS_PRIV_FLAGS) {
		memcpy(data, lan743x_priv_flags, sizeof(lan743x_priv_flags));
		return;
	}
	if (sset != ETH_SS_STATS)
		return;
	for (i = 0; i < LAN743X_HW_STAT_CNT; i++)
		ethtool_sprintf(&data, "%s", lan743x_hw_stat_names[i]);
	for (i = 0; i < LAN743X_RX_STAT_CNT; i++)
		ethtool_sprintf(&data, "rx_%s", lan743x_rx_stat_desc[i].name);
	for (q = 0; q < LAN743X_NUM_RX; q++)
		for (i = 0; i < LAN743X_RX_STAT_CNT; i++)
			ethtool_sprintf(&data, "rx%u_%s", q,
					lan743x_rx_stat_desc[i].name);
	for (q = 0; q < adapter->chip->num_tx; q++) {
		for (i = 0; i < ARRAY_SIZE(lan743x_tx_stat_desc); i++)
			ethtool_sprintf(&data, "tx%u_%s", q,
					lan743x_tx_stat_desc[i].name);
		for (i = 0; i < ARRAY_SIZE(lan743x_txx_stat_desc); i++)
			ethtool_sprintf(&data, "tx%u_%s", q,
					lan743x_txx_stat_desc[i].name);
	}
	lan743x_ptp_strings(&data);
}

/* Copy a counter block under its u64_stats_sync.  Return: next slot */
static u64 *lan743x_copy_stats(u64 *data, const void *base,
			       const struct u64_stats_sync *syncp,
			       const struct lan743x_stat_desc *desc,
			       unsigned int n)
{
	unsigned int start, i;

	do {
		start = u64_stats_fetch_begin(syncp);
		for (i = 0; i < n; i++)
			data[i] = *(const u64 *)(base + desc[i].offset);
	} while (u64_stats_fetch_retry(syncp, start));
	return data + n;
}

/* RX counters: totals, then queue by queue.  Return: next slot */
static u64 *lan743x_rx_ethtool_stats(struct lan743x_adapter *adapter,
				     u64 *data)
{
	u64 *total = data, *q_data = data + LAN743X_RX_STAT_CNT;
	struct lan743x_rx_stats snap;
	unsigned int q, i;
	u64 v;

	memset(total, 0, LAN743X_RX_STAT_CNT * sizeof(*total));
	for (q = 0; q < LAN743X_NUM_RX; q++) {
		lan743x_rx_read_stats(adapter, q, &snap);
		for (i = 0; i < LAN743X_RX_STAT_CNT; i++) {
			v = *(u64 *)((u8 *)&snap + lan743x_rx_stat_desc[i].offset);
			*q_data++ = v;
			total[i] += v;
		}
	}
	return q_data;
}

static void lan743x_get_ethtool_stats(struct net_device *netdev,
				      struct ethtool_stats *stats, u64 *data)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct lan743x_tx *tx;
	unsigned long flags;

	lan743x_hw_stats_fold(adapter);
	spin_lock_irqsave(&adapter->hw_stats.lock, flags);
	memcpy(data, adapter->hw_stats.total, sizeof(adapter->hw_stats.total));
	spin_unlock_irqrestore(&adapter->hw_stats.lock, flags);
	data += LAN743X_HW_STAT_CNT;

	data = lan743x_rx_ethtool_stats(adapter, data);
	for (tx = adapter->tx; tx < adapter->tx + adapter->chip->num_tx; tx++) {
		data = lan743x_copy_stats(data, &tx->stats, &tx->stats.syncp,
					  lan743x_tx_stat_desc,
					  ARRAY_SIZE(lan743x_tx_stat_desc));
		data = lan743x_copy_stats(data, &tx->xstats, &tx->xstats.syncp,
					  lan743x_txx_stat_desc,
					  ARRAY_SIZE(lan743x_txx_stat_desc));
	}
	lan743x_ptp_stats(adapter, data);
}

#ifdef LAN743X_HAVE_KERNEL_TS_INFO
#define lan743x_ts_info kernel_ethtool_ts_info
#else
#define lan743x_ts_info ethtool_ts_info
#endif

static int lan743x_get_ts_info(struct net_device *netdev,
			       struct lan743x_ts_info *info)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	info->phc_index = lan743x_ptp_phc_index(adapter);
	info->so_timestamping = SOF_TIMESTAMPING_TX_SOFTWARE |
				SOF_TIMESTAMPING_RX_SOFTWARE |
				SOF_TIMESTAMPING_SOFTWARE;
	if (info->phc_index < 0)
		return 0;
	info->so_timestamping |= SOF_TIMESTAMPING_TX_HARDWARE |
				 SOF_TIMESTAMPING_RX_HARDWARE |
				 SOF_TIMESTAMPING_RAW_HARDWARE;
	info->tx_types = BIT(HWTSTAMP_TX_OFF) | BIT(HWTSTAMP_TX_ON) |
			 BIT(HWTSTAMP_TX_ONESTEP_SYNC);
	info->rx_filters = BIT(HWTSTAMP_FILTER_NONE) |
			   BIT(HWTSTAMP_FILTER_PTP_V2_EVENT) |
			   BIT(HWTSTAMP_FILTER_ALL);
	return 0;
}

static int lan743x_get_regs_len(struct net_device *netdev)
{
	int i, len = (1 + ARRAY_SIZE(lan743x_reg_v1)) * sizeof(u32);

	for (i = 0; i < ARRAY_SIZE(lan743x_reg_ranges); i++)
		len += lan743x_reg_ranges[i].last - lan743x_reg_ranges[i].first +
		       sizeof(u32);
	return len;
}

static void lan743x_get_regs(struct net_device *netdev,
			     struct ethtool_regs *regs, void *p)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	u32 *buf = p;
	u32 reg;
	int i;

	regs->version = LAN743X_REGS_VERSION;
	*buf++ = 0;
	for (i = 0; i < ARRAY_SIZE(lan743x_reg_v1); i++)
		*buf++ = lan743x_rd32(adapter, lan743x_reg_v1[i]);
	for (i = 0; i < ARRAY_SIZE(lan743x_reg_ranges); i++)
		for (reg = lan743x_reg_ranges[i].first;
		     reg <= lan743x_reg_ranges[i].last; reg += sizeof(u32))
			*buf++ = lan743x_rd32(adapter, reg);
}

static void lan743x_get_pauseparam(struct net_device *netdev,
				   struct ethtool_pauseparam *pause)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	pause->autoneg = adapter->pause_autoneg;
	pause->rx_pause = adapter->pause_rx;
	pause->tx_pause = adapter->pause_tx;
}

static int lan743x_set_pauseparam(struct net_device *netdev,
				  struct ethtool_pauseparam *pause)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct phy_device *phydev = netdev->phydev;

	if (phydev && !phy_validate_pause(phydev, pause))
		return -EINVAL;

	adapter->pause_autoneg = pause->autoneg;
	adapter->pause_rx = pause->rx_pause;
	adapter->pause_tx = pause->tx_pause;
	if (!phydev) {
		/* a fixed link to a switch takes the forced setting at once */
		if (adapter->fixed_link)
			lan743x_mac_set_flow(adapter, pause->tx_pause,
					     pause->rx_pause);
		return 0;
	}

	/* renegotiates if the advertisement changes */
	phy_set_asym_pause(phydev, pause->rx_pause, pause->tx_pause);
	if (!pause->autoneg && phydev->link && phydev->duplex == DUPLEX_FULL)
		lan743x_mac_set_flow(adapter, pause->tx_pause, pause->rx_pause);
	return 0;
}

/*
 * A speed forced without a duplex (ethtool -s DEV speed N autoneg off)
 * takes the duplex ethtool reports; while an autonegotiating port has no
 * link that is unknown, and phylib would refuse the request.  Full duplex
 * then, which every autonegotiated link prefers.
 */
static int lan743x_set_link_ksettings(struct net_device *netdev,
				      const struct ethtool_link_ksettings *cmd)
{
	struct ethtool_link_ksettings ks = *cmd;

	if (ks.base.autoneg == AUTONEG_DISABLE &&
	    ks.base.duplex == DUPLEX_UNKNOWN)
		ks.base.duplex = DUPLEX_FULL;
	return phy_ethtool_set_link_ksettings(netdev, &ks);
}

/*
 * Why an interface that is up has no link ("Link detected: no (Autoneg,
 * ...)" in ethtool), from the PHY's clause-22 registers.  A BASE-T PHY
 * without cable diagnostics cannot tell a missing cable from a silent
 * partner, so "No cable" is never reported.
 */
static int lan743x_get_link_ext_state(struct net_device *netdev,
				      struct ethtool_link_ext_state_info *info)
{
	struct phy_device *phydev = netdev->phydev;
	int aner;

	if (!phydev || !netif_running(netdev) || phydev->link)
		return -ENODATA;
	info->link_ext_state = ETHTOOL_LINK_EXT_STATE_AUTONEG;
	if (phydev->autoneg != AUTONEG_ENABLE) {
		info->autoneg =
			ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_PARTNER_DETECTED_FORCE_MODE;
		return 0;
	}
	/* A partner that autonegotiates, but no mode both can use */
	aner = phy_read(phydev, MII_EXPANSION);
	if (aner < 0)
		return -ENODATA;
	info->autoneg = aner & EXPANSION_NWAY ?
			ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_HCD :
			ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_PARTNER_DETECTED;
	return 0;
}

/* The MAC's pause frame counters (ethtool --include-statistics -a) */
static void lan743x_get_pause_stats(struct net_device *netdev,
				    struct ethtool_pause_stats *ps)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct lan743x_hw_stats *hs = &adapter->hw_stats;
	unsigned long flags;

	lan743x_hw_stats_fold(adapter);
	spin_lock_irqsave(&hs->lock, flags);
	ps->tx_pause_frames = hs->total[LAN743X_HW_TX_PAUSE_FRAMES];
	ps->rx_pause_frames = hs->total[LAN743X_HW_RX_PAUSE_FRAMES];
	spin_unlock_irqrestore(&hs->lock, flags);
}

static void lan743x_get_ringparam(struct net_device *netdev,
				  struct ethtool_ringparam *ring,
				  struct kernel_ethtool_ringparam *kring,
				  struct netlink_ext_ack *extack)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	ring->rx_max_pending = LAN743X_RING_MAX;
	ring->tx_max_pending = LAN743X_RING_MAX;
	ring->rx_pending = adapter->rxp.rx_ring_size;
	ring->tx_pending = adapter->rxp.tx_ring_size;
	/* 0 (not shown by ethtool): derived from the MTU or legacy 9 KiB */
	kring->rx_buf_len = adapter->rxp.buf_len;
}

static bool lan743x_ring_size_ok(u32 n)
{
	return is_power_of_2(n) && n >= LAN743X_RING_MIN &&
	       n <= LAN743X_RING_MAX;
}

static int lan743x_check_ringparam(struct lan743x_adapter *adapter,
				   struct ethtool_ringparam *ring, u32 buf_len,
				   struct netlink_ext_ack *extack)
{
	if (!lan743x_ring_size_ok(ring->rx_pending) ||
	    !lan743x_ring_size_ok(ring->tx_pending)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "ring sizes are powers of two from 64 to 1024");
		return -EINVAL;
	}
	if (!buf_len || buf_len == LAN743X_RX_BUF_LEN_AUTO)
		return 0;
	if (buf_len < LAN743X_RX_BUF_LEN_MIN ||
	    buf_len > FIELD_MAX(RX_DESC_DATA0_BUF_LENGTH_MASK_)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "rx-buf-len is 1 (MTU-derived) or 256 to 16383");
		return -EINVAL;
	}
	if (!lan743x_rx_buf_len_fits(buf_len, adapter->netdev->mtu)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "rx-buf-len too small: a frame of this MTU would need more buffers than an skb holds");
		return -EINVAL;
	}
	return 0;
}

static int lan743x_set_ringparam(struct net_device *netdev,
				 struct ethtool_ringparam *ring,
				 struct kernel_ethtool_ringparam *kring,
				 struct netlink_ext_ack *extack)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct lan743x_tx *tx_spare[LAN743X_MAX_TX] = {};
	struct lan743x_rx_params p = adapter->rxp;
	int ret, ch;

	ret = lan743x_check_ringparam(adapter, ring, kring->rx_buf_len, extack);
	if (ret)
		return ret;
	p.rx_ring_size = ring->rx_pending;
	p.buf_len = kring->rx_buf_len;
	if (p.buf_len == LAN743X_RX_BUF_LEN_AUTO)
		p.buf_len = 0;
	ret = lan743x_xdp_check(netdev, &p, netdev->mtu, extack);
	if (ret)
		return ret;

	/* Every new ring is built before any is swapped in: -ENOMEM leaves
	 * both directions as they were.
	 */
	for (ch = 0; ring->tx_pending != p.tx_ring_size && adapter->hw_up &&
	     ch < adapter->chip->num_tx; ch++) {
		tx_spare[ch] = lan743x_tx_spare_alloc(adapter, ch,
						      ring->tx_pending);
		if (!tx_spare[ch]) {
			NL_SET_ERR_MSG_MOD(extack, "no memory for the new TX rings, old ones kept");
			ret = -ENOMEM;
			goto free_spares;
		}
	}
	if (lan743x_rx_params_need_rings(&p, &adapter->rxp)) {
		ret = lan743x_rx_reconfigure(adapter, &p, netdev->mtu, extack);
		if (ret)
			goto free_spares;
	}
	for (ch = 0; ch < adapter->chip->num_tx && tx_spare[ch]; ch++) {
		if (lan743x_tx_swap_in(adapter, tx_spare[ch]) && !ret) {
			NL_SET_ERR_MSG_MOD(extack, "a TX channel did not restart");
			ret = -EIO;
		}
	}
	adapter->rxp.tx_ring_size = adapter->hw_up ? adapter->tx[0].size :
				    ring->tx_pending;
	return ret;

free_spares:
	for (ch = 0; ch < adapter->chip->num_tx; ch++)
		lan743x_tx_spare_free(tx_spare[ch]);
	return ret;
}

#if !defined(LAN743X_HAVE_RINGPARAM_KERNEL) || !defined(LAN743X_HAVE_COALESCE_KERNEL)
/* Ops without an extack (before 5.15 and 5.17): the reason for a refusal
 * goes to the kernel log instead.
 */
static int lan743x_log_refusal(struct net_device *netdev, int ret,
			       const struct netlink_ext_ack *extack)
{
	if (ret && extack->_msg)
		netdev_err(netdev, "%s\n", extack->_msg);
	return ret;
}
#endif

#ifndef LAN743X_HAVE_RINGPARAM_KERNEL
/* Before 5.17 ethtool has no rx-buf-len: the one in force stays */
static void lan743x_get_ringparam_compat(struct net_device *netdev,
					 struct ethtool_ringparam *ring)
{
	struct kernel_ethtool_ringparam kring = {};

	lan743x_get_ringparam(netdev, ring, &kring, NULL);
}

static int lan743x_set_ringparam_compat(struct net_device *netdev,
					struct ethtool_ringparam *ring)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct kernel_ethtool_ringparam kring = {
		.rx_buf_len = adapter->rxp.buf_len,
	};
	struct netlink_ext_ack extack = {};

	return lan743x_log_refusal(netdev,
				   lan743x_set_ringparam(netdev, ring, &kring, &extack),
				   &extack);
}
#endif

static u32 lan743x_get_priv_flags(struct net_device *netdev)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	const struct lan743x_rx_params *p = &adapter->rxp;

	return (p->mtu_buffers ? LAN743X_PRIV_RX_MTU_BUFFERS : 0) |
	       (p->partial_sync ? LAN743X_PRIV_RX_PARTIAL_SYNC : 0) |
	       (p->page_pool ? LAN743X_PRIV_RX_PAGE_POOL : 0) |
	       (adapter->otp_access ? LAN743X_PRIV_OTP_ACCESS : 0);
}

/* Every combination of the flags is valid, except the policies other than
 * page_pool while an XDP program is attached; set_priv_flags has no
 * extack, so failures are logged.
 */
static int lan743x_set_priv_flags(struct net_device *netdev, u32 flags)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct lan743x_rx_params p = adapter->rxp;
	int ret;

	p.mtu_buffers = flags & LAN743X_PRIV_RX_MTU_BUFFERS;
	p.partial_sync = flags & LAN743X_PRIV_RX_PARTIAL_SYNC;
	p.page_pool = flags & LAN743X_PRIV_RX_PAGE_POOL;
	ret = lan743x_xdp_check(netdev, &p, netdev->mtu, NULL);
	if (ret)
		return ret;
	if (lan743x_rx_params_need_rings(&p, &adapter->rxp)) {
		ret = lan743x_rx_reconfigure(adapter, &p, netdev->mtu, NULL);
		if (ret)
			return ret;
		lan743x_xdp_set_features(adapter);
	}
	adapter->otp_access = flags & LAN743X_PRIV_OTP_ACCESS;
	return 0;
}

static int lan743x_get_tunable(struct net_device *netdev,
			       const struct ethtool_tunable *tuna, void *data)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	if (tuna->id != ETHTOOL_RX_COPYBREAK)
		return -EOPNOTSUPP;
	*(u32 *)data = adapter->rxp.copybreak;
	return 0;
}

static int lan743x_set_tunable(struct net_device *netdev,
			       const struct ethtool_tunable *tuna,
			       const void *data)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	u32 copybreak = *(const u32 *)data;

	if (tuna->id != ETHTOOL_RX_COPYBREAK)
		return -EOPNOTSUPP;
	if (copybreak > lan743x_rx_cur_buf_len(adapter)) {
		netdev_err(netdev, "rx-copybreak %u is above the RX buffer length %u\n",
			   copybreak, lan743x_rx_cur_buf_len(adapter));
		return -EINVAL;
	}
	lan743x_rx_set_copybreak(adapter, copybreak);
	return 0;
}

/* The RX queues RSS spreads over (ethtool -x/-X check the table against
 * it): its own op since 6.19, ETHTOOL_GRXRINGS before.
 */
static u32 lan743x_get_rx_ring_count(struct net_device *netdev)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	return adapter->rx_queues;
}

/* ethtool -n DEV rx-flow-hash TYPE: the fields the chip hashes for a flow
 * type, from the hash types the driver programs (LAN743X_RSS_HASH_TYPES).
 * Every IP frame the TCP and UDP types leave (SCTP, AH, ESP, those types
 * when off) is hashed on its addresses while the IP type is on; a frame
 * of no enabled type is not hashed (queue 0).
 */
static u32 lan743x_rss_hash_fields(u32 flow_type)
{
	u32 l4 = 0, l3;

	switch (flow_type) {
	case TCP_V4_FLOW:
		l4 = RFE_RSS_CFG_TCP_IPV4_;
		l3 = RFE_RSS_CFG_IPV4_;
		break;
	case UDP_V4_FLOW:
		l4 = RFE_RSS_CFG_UDP_IPV4_;
		l3 = RFE_RSS_CFG_IPV4_;
		break;
	case IPV4_FLOW:
	case SCTP_V4_FLOW:
	case AH_ESP_V4_FLOW:
	case AH_V4_FLOW:
	case ESP_V4_FLOW:
		l3 = RFE_RSS_CFG_IPV4_;
		break;
	case TCP_V6_FLOW:
		l4 = RFE_RSS_CFG_TCP_IPV6_;
		l3 = RFE_RSS_CFG_IPV6_;
		break;
	case UDP_V6_FLOW:
		l4 = RFE_RSS_CFG_UDP_IPV6_;
		l3 = RFE_RSS_CFG_IPV6_;
		break;
	case IPV6_FLOW:
	case SCTP_V6_FLOW:
	case AH_ESP_V6_FLOW:
	case AH_V6_FLOW:
	case ESP_V6_FLOW:
		l3 = RFE_RSS_CFG_IPV6_;
		break;
	default:
		return 0;
	}
	if (LAN743X_RSS_HASH_TYPES & l4)
		return RXH_IP_SRC | RXH_IP_DST | RXH_L4_B_0_1 | RXH_L4_B_2_3;
	if (LAN743X_RSS_HASH_TYPES & l3)
		return RXH_IP_SRC | RXH_IP_DST;
	return 0;
}

#ifdef LAN743X_HAVE_RXFH_FIELDS
/* its own op since 6.17 */
static int lan743x_get_rxfh_fields(struct net_device *netdev,
				   struct ethtool_rxfh_fields *fields)
{
	fields->data = lan743x_rss_hash_fields(fields->flow_type);
	return 0;
}
#endif

static int lan743x_get_rxnfc(struct net_device *netdev,
			     struct ethtool_rxnfc *nfc, u32 *rule_locs)
{
	switch (nfc->cmd) {
	case ETHTOOL_GRXRINGS:
		nfc->data = lan743x_get_rx_ring_count(netdev);
		return 0;
#ifndef LAN743X_HAVE_RXFH_FIELDS
	case ETHTOOL_GRXFH:
		nfc->data = lan743x_rss_hash_fields(nfc->flow_type);
		return 0;
#endif
	default:
		return -EOPNOTSUPP;
	}
}

static void lan743x_get_channels(struct net_device *netdev,
				 struct ethtool_channels *ch)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	ch->max_rx = LAN743X_NUM_RX;
	ch->max_tx = adapter->chip->num_tx;
	ch->rx_count = adapter->rx_queues;
	ch->tx_count = adapter->chip->num_tx;
}

/* ethtool -L rx N: RSS over N queues.  The TX channels (one on the
 * LAN743x, four on the PCI11x1x) all run; there are no combined ones; the
 * ethtool core has checked the counts against the maxima.  The op has no
 * extack: a refusal is logged.
 */
static int lan743x_set_channels(struct net_device *netdev,
				struct ethtool_channels *ch)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	if (ch->combined_count || ch->other_count ||
	    ch->tx_count != adapter->chip->num_tx || !ch->rx_count) {
		netdev_err(netdev, "channels: rx 1 to %d, tx %u, no combined or other\n",
			   LAN743X_NUM_RX, adapter->chip->num_tx);
		return -EINVAL;
	}
	return lan743x_rss_set_queues(adapter, ch->rx_count);
}

static u32 lan743x_get_rxfh_key_size(struct net_device *netdev)
{
	return LAN743X_RSS_KEY_SIZE;
}

static u32 lan743x_get_rxfh_indir_size(struct net_device *netdev)
{
	return LAN743X_RSS_INDIR_SIZE;
}

static void lan743x_rss_get(struct lan743x_adapter *adapter, u32 *indir,
			    u8 *key, u8 *hfunc)
{
	int i;

	if (indir)
		for (i = 0; i < LAN743X_RSS_INDIR_SIZE; i++)
			indir[i] = adapter->rss_indir[i];
	if (key)
		memcpy(key, adapter->rss_key, LAN743X_RSS_KEY_SIZE);
	if (hfunc)
		*hfunc = ETH_RSS_HASH_TOP;
}

/* ethtool -x; the callback takes a parameter block since 6.8 (see Kbuild) */
#ifdef LAN743X_HAVE_RXFH_PARAM
static int lan743x_get_rxfh(struct net_device *netdev,
			    struct ethtool_rxfh_param *rxfh)
{
	lan743x_rss_get(netdev_priv(netdev), rxfh->indir, rxfh->key,
			&rxfh->hfunc);
	return 0;
}
#else
static int lan743x_get_rxfh(struct net_device *netdev, u32 *indir, u8 *key,
			    u8 *hfunc)
{
	lan743x_rss_get(netdev_priv(netdev), indir, key, hfunc);
	return 0;
}
#endif

/* ethtool -X: Toeplitz is the chip's only hash */
static int lan743x_rss_check_hfunc(struct net_device *netdev, u8 hfunc,
				   struct netlink_ext_ack *extack)
{
	if (hfunc == ETH_RSS_HASH_NO_CHANGE || hfunc == ETH_RSS_HASH_TOP)
		return 0;
	if (extack)
		NL_SET_ERR_MSG_MOD(extack, "the only RSS hash function is toeplitz");
	else
		netdev_err(netdev, "the only RSS hash function is toeplitz\n");
	return -EOPNOTSUPP;
}

#ifdef LAN743X_HAVE_RXFH_PARAM
static int lan743x_set_rxfh(struct net_device *netdev,
			    struct ethtool_rxfh_param *rxfh,
			    struct netlink_ext_ack *extack)
{
	int ret = lan743x_rss_check_hfunc(netdev, rxfh->hfunc, extack);

	if (!ret)
		lan743x_rss_set(netdev_priv(netdev), rxfh->indir, rxfh->key);
	return ret;
}
#else
static int lan743x_set_rxfh(struct net_device *netdev, const u32 *indir,
			    const u8 *key, const u8 hfunc)
{
	int ret = lan743x_rss_check_hfunc(netdev, hfunc, NULL);

	if (!ret)
		lan743x_rss_set(netdev_priv(netdev), indir, key);
	return ret;
}
#endif

static int lan743x_get_coalesce(struct net_device *netdev,
				struct ethtool_coalesce *ec,
				struct kernel_ethtool_coalesce *kec,
				struct netlink_ext_ack *extack)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	/* A0 silicon: no moderation, every interrupt goes out */
	ec->rx_coalesce_usecs = adapter->is_a0 ? 0 : adapter->rx_usecs;
	ec->tx_coalesce_usecs = adapter->is_a0 ? 0 : adapter->tx_usecs;
	return 0;
}

/* ethtool -C rx-usecs/tx-usecs: a minimum interval between two interrupts
 * of a channel; the first one after a quiet period is not delayed.  The
 * ethtool core refuses the parameters we do not list as supported.
 */
static int lan743x_set_coalesce(struct net_device *netdev,
				struct ethtool_coalesce *ec,
				struct kernel_ethtool_coalesce *kec,
				struct netlink_ext_ack *extack)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	if (adapter->is_a0) {
		NL_SET_ERR_MSG_MOD(extack, "A0 silicon has no interrupt moderation");
		return -EOPNOTSUPP;
	}
	if (ec->rx_coalesce_usecs > LAN743X_INT_MOD_MAX ||
	    ec->tx_coalesce_usecs > LAN743X_INT_MOD_MAX) {
		NL_SET_ERR_MSG_MOD(extack, "rx-usecs and tx-usecs: 0 (off) to "
				   __stringify(LAN743X_INT_MOD_MAX));
		return -EINVAL;
	}
	adapter->rx_usecs = ec->rx_coalesce_usecs;
	adapter->tx_usecs = ec->tx_coalesce_usecs;
	if (adapter->hw_up)
		lan743x_irq_moderation(adapter);
	return 0;
}

#ifndef LAN743X_HAVE_COALESCE_KERNEL
static int lan743x_get_coalesce_compat(struct net_device *netdev,
				       struct ethtool_coalesce *ec)
{
	return lan743x_get_coalesce(netdev, ec, NULL, NULL);
}

static int lan743x_set_coalesce_compat(struct net_device *netdev,
				       struct ethtool_coalesce *ec)
{
	struct netlink_ext_ack extack = {};

	return lan743x_log_refusal(netdev,
				   lan743x_set_coalesce(netdev, ec, NULL, &extack),
				   &extack);
}
#endif

const struct ethtool_ops lan743x_ethtool_ops = {
	.supported_coalesce_params = ETHTOOL_COALESCE_USECS,
	.get_drvinfo		= lan743x_get_drvinfo,
	.get_msglevel		= lan743x_get_msglevel,
	.set_msglevel		= lan743x_set_msglevel,
	.get_link		= ethtool_op_get_link,
	.get_link_ext_state	= lan743x_get_link_ext_state,
	.get_link_ksettings	= lan743x_get_link_ksettings,
	.set_link_ksettings	= lan743x_set_link_ksettings,
	.nway_reset		= phy_ethtool_nway_reset,
	.get_eee		= lan743x_get_eee,
	.set_eee		= lan743x_set_eee,
	.get_pauseparam		= lan743x_get_pauseparam,
	.set_pauseparam		= lan743x_set_pauseparam,
	.get_wol		= lan743x_get_wol,
	.set_wol		= lan743x_set_wol,
	.get_pause_stats	= lan743x_get_pause_stats,
#ifdef LAN743X_HAVE_STD_STATS
	.get_eth_mac_stats	= lan743x_get_eth_mac_stats,
	.get_eth_ctrl_stats	= lan743x_get_eth_ctrl_stats,
	.get_rmon_stats		= lan743x_get_rmon_stats,
#endif
#ifdef LAN743X_HAVE_RINGPARAM_KERNEL
	.supported_ring_params	= ETHTOOL_RING_USE_RX_BUF_LEN,
	.get_ringparam		= lan743x_get_ringparam,
	.set_ringparam		= lan743x_set_ringparam,
#else
	.get_ringparam		= lan743x_get_ringparam_compat,
	.set_ringparam		= lan743x_set_ringparam_compat,
#endif
	.get_priv_flags		= lan743x_get_priv_flags,
	.set_priv_flags		= lan743x_set_priv_flags,
	.get_tunable		= lan743x_get_tunable,
	.set_tunable		= lan743x_set_tunable,
	.get_sset_count		= lan743x_get_sset_count,
	.get_strings		= lan743x_get_strings,
	.get_ethtool_stats	= lan743x_get_ethtool_stats,
	.get_ts_info		= lan743x_get_ts_info,
	.get_regs_len		= lan743x_get_regs_len,
	.get_regs		= lan743x_get_regs,
	.get_eeprom_len		= lan743x_get_eeprom_len,
	.get_eeprom		= lan743x_get_eeprom,
	.set_eeprom		= lan743x_set_eeprom,
	.get_rxnfc		= lan743x_get_rxnfc,
#ifdef LAN743X_HAVE_RX_RING_COUNT
	.get_rx_ring_count	= lan743x_get_rx_ring_count,
#endif
	.get_channels		= lan743x_get_channels,
	.set_channels		= lan743x_set_channels,
	.get_rxfh_key_size	= lan743x_get_rxfh_key_size,
	.get_rxfh_indir_size	= lan743x_get_rxfh_indir_size,
	.get_rxfh		= lan743x_get_rxfh,
	.set_rxfh		= lan743x_set_rxfh,
#ifdef LAN743X_HAVE_RXFH_FIELDS
	.get_rxfh_fields	= lan743x_get_rxfh_fields,
#endif
#ifdef LAN743X_HAVE_COALESCE_KERNEL
	.get_coalesce		= lan743x_get_coalesce,
	.set_coalesce		= lan743x_set_coalesce,
#else
	.get_coalesce		= lan743x_get_coalesce_compat,
	.set_coalesce		= lan743x_set_coalesce_compat,
#endif
};

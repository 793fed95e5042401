// SPDX-License-Identifier: GPL-2.0
/* Microchip LAN7430/LAN7431 PCIe Gigabit Ethernet driver: PCI probe and
 * remove, chip bring-up, netdev operations, power management.
 *
 * Rings live in lan743x_rx.c and lan743x_tx.c, interrupts in lan743x_irq.c,
 * MDIO/PHY in lan743x_mdio.c, counters in lan743x_stats.c.
 */

#include <linux/crc32.h>
#include <linux/dma-map-ops.h>
/* also the unaligned accessors: asm/ before 6.12, linux/ since */
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/iopoll.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/phy.h>
#include <linux/rtnetlink.h>

#include "lan743x_main.h"

/**
 * lan743x_wait_bits() - poll a register until (value & mask) == want
 * @adapter: adapter
 * @reg: register offset
 * @mask: bits to look at
 * @want: value they must take
 * @sleep_us: poll interval
 * @timeout_us: give up after this long
 *
 * Context: may sleep.
 * Return: 0 or -ETIMEDOUT.
 */
int lan743x_wait_bits(struct lan743x_adapter *adapter, u32 reg, u32 mask,
		      u32 want, unsigned long sleep_us, unsigned long timeout_us)
{
	u32 val;

	return readl_poll_timeout(adapter->csr + reg, val,
				  (val & mask) == want, sleep_us, timeout_us);
}

static int lan743x_pci_init(struct lan743x_adapter *adapter)
{
	struct pci_dev *pdev = adapter->pdev;
	int ret;

	ret = pci_enable_device_mem(pdev);
	if (ret)
		return ret;
	if (!(pci_resource_flags(pdev, 0) & IORESOURCE_MEM)) {
		ret = -ENODEV;
		goto disable_device;
	}
	ret = pci_request_mem_regions(pdev, DRIVER_NAME);
	if (ret)
		goto disable_device;
	pci_set_master(pdev);

	/* rings, head write-back words and buffers may sit above 4 GiB */
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		goto release_regions;

	adapter->csr = pci_iomap(pdev, 0, 0);
	if (!adapter->csr) {
		ret = -ENOMEM;
		goto release_regions;
	}
	lan743x_pci_err_init(adapter);
	return 0;

release_regions:
	pci_release_mem_regions(pdev);
disable_device:
	pci_disable_device(pdev);
	return ret;
}

static void lan743x_pci_cleanup(struct lan743x_adapter *adapter)
{
	lan743x_pci_err_cleanup(adapter);
	pci_iounmap(adapter->pdev, adapter->csr);
	pci_release_mem_regions(adapter->pdev);
	pci_disable_device(adapter->pdev);
}

/* Identify the chip (lan743x_chip.c), light-reset it and reset the PHY */
static int lan743x_chip_reset(struct lan743x_adapter *adapter)
{
	struct device *dev = &adapter->pdev->dev;
	const struct lan743x_chip *chip;
	int ret;

	adapter->id_rev = lan743x_rd32(adapter, ID_REV);
	chip = lan743x_chip_lookup(adapter->id_rev, &adapter->chip_name);
	if (!chip) {
		dev_err(dev, "unsupported chip, ID_REV %08x\n", adapter->id_rev);
		return -ENODEV;
	}
	/* a reset (resume, error recovery) finds the same chip again */
	if (adapter->chip && adapter->chip != chip) {
		dev_err(dev, "chip changed across a reset, ID_REV %08x\n",
			adapter->id_rev);
		return -ENODEV;
	}
	adapter->chip = chip;
	adapter->is_a0 = lan743x_chip_is_a0(adapter->id_rev);

	lan743x_rmw32(adapter, HW_CFG, 0, HW_CFG_LRST_);
	ret = lan743x_wait_bits(adapter, HW_CFG, HW_CFG_LRST_, 0,
				100000, 10000000);
	if (ret) {
		dev_err(dev, "light reset did not complete\n");
		return ret;
	}

	lan743x_rmw32(adapter, PMT_CTL, 0, PMT_CTL_ETH_PHY_RST_);
	ret = lan743x_wait_bits(adapter, PMT_CTL,
				PMT_CTL_ETH_PHY_RST_ | PMT_CTL_READY_,
				PMT_CTL_READY_, 50000, 1000000);
	if (ret)
		dev_err(dev, "PHY reset did not complete\n");
	return ret;
}

static void lan743x_set_mac_hw(struct lan743x_adapter *adapter, const u8 *addr)
{
	u32 lo = get_unaligned_le32(addr), hi = get_unaligned_le16(addr + 4);

	lan743x_wr32(adapter, MAC_RX_ADDRL, lo);
	lan743x_wr32(adapter, MAC_RX_ADDRH, hi);
	/* perfect filter 0 is our own address */
	lan743x_wr32(adapter, RFE_ADDR_FILT_HI(0), 0);
	lan743x_wr32(adapter, RFE_ADDR_FILT_LO(0), lo);
	lan743x_wr32(adapter, RFE_ADDR_FILT_HI(0), hi | RFE_ADDR_FILT_HI_VALID_);
}

/* The MAC address: the device tree's (local-mac-address, or an nvmem
 * cell, as U-Boot or the SoC's fuses give boards without an EEPROM on the
 * chip), else what the chip loaded from its EEPROM/OTP into
 * MAC_RX_ADDRL/H, else a random one.
 */
static void lan743x_read_mac(struct lan743x_adapter *adapter)
{
	struct net_device *netdev = adapter->netdev;
	u8 addr[ETH_ALEN];

	if (!eth_platform_get_mac_address(&adapter->pdev->dev, addr) &&
	    is_valid_ether_addr(addr)) {
		eth_hw_addr_set(netdev, addr);
		dev_info(&adapter->pdev->dev, "MAC address from firmware (device tree)\n");
		return;
	}
	put_unaligned_le32(lan743x_rd32(adapter, MAC_RX_ADDRL), addr);
	put_unaligned_le16(lan743x_rd32(adapter, MAC_RX_ADDRH), addr + 4);
	if (is_valid_ether_addr(addr)) {
		eth_hw_addr_set(netdev, addr);
		return;
	}
	eth_hw_addr_random(netdev);
	dev_warn(&adapter->pdev->dev, "invalid MAC address %pM, using random %pM\n",
		 addr, netdev->dev_addr);
}

static int lan743x_dmac_init(struct lan743x_adapter *adapter)
{
	u32 val;
	int ret;

	lan743x_wr32(adapter, DMAC_CMD, DMAC_CMD_SWR_);
	ret = lan743x_wait_bits(adapter, DMAC_CMD, DMAC_CMD_SWR_, 0,
				1000, 100000);
	if (ret)
		return ret;

	val = FIELD_PREP(DMAC_CFG_MAX_DSPACE_MASK_, DMAC_CFG_MAX_DSPACE_16_) |
	      FIELD_PREP(DMAC_CFG_MAX_READ_REQ_MASK_, 6);
	if (!adapter->is_a0)
		val |= DMAC_CFG_COAL_EN_;
	lan743x_wr32(adapter, DMAC_CFG, val);
	lan743x_wr32(adapter, DMAC_COAL_CFG,
		     FIELD_PREP(DMAC_COAL_CFG_TIMER_LIMIT_MASK_, 1) |
		     DMAC_COAL_CFG_TIMER_TX_START_ | DMAC_COAL_CFG_FLUSH_INTS_ |
		     DMAC_COAL_CFG_INT_EXIT_COAL_ | DMAC_COAL_CFG_CSR_EXIT_COAL_ |
		     FIELD_PREP(DMAC_COAL_CFG_TX_THRES_MASK_, 0x0A) |
		     FIELD_PREP(DMAC_COAL_CFG_RX_THRES_MASK_, 0x0C));
	lan743x_wr32(adapter, DMAC_OBFF_CFG,
		     FIELD_PREP(DMAC_OBFF_TX_THRES_MASK_, 0x08) |
		     FIELD_PREP(DMAC_OBFF_RX_THRES_MASK_, 0x0A));
	return 0;
}

/* Everything a light reset undoes, except the rings */
static int lan743x_hw_init(struct lan743x_adapter *adapter)
{
	lan743x_wr32(adapter, INT_EN_CLR, ~0U);
	lan743x_wr32(adapter, GPIO_CFG0, 0);
	lan743x_wr32(adapter, GPIO_CFG1, GPIO_CFG1_INIT_);
	lan743x_wr32(adapter, GPIO_CFG2, 0);
	lan743x_wr32(adapter, GPIO_CFG3, 0);
	if (adapter->chip->hw_init)
		adapter->chip->hw_init(adapter);

	/* phylib decides speed and duplex; start counting from zero */
	lan743x_rmw32(adapter, MAC_CR,
		      MAC_CR_ADD_ | MAC_CR_ASD_ | MAC_CR_EEE_EN_,
		      MAC_CR_CNTR_RST_);
	/* FSE may only change while the receiver is off, as it is now */
	lan743x_rmw32(adapter, MAC_RX, MAC_RX_RXEN_, MAC_RX_FSE_);
	lan743x_mac_set_max_size(adapter, adapter->netdev->mtu);
	lan743x_set_mac_hw(adapter, adapter->netdev->dev_addr);
	lan743x_hw_stats_init(adapter);
	return lan743x_dmac_init(adapter);
}

/**
 * lan743x_mac_set_max_size() - program MAC_RX.MAX_SIZE for an MTU
 * @adapter: adapter
 * @mtu: the MTU
 *
 * MAX_SIZE may only change while the receiver is disabled: if it is
 * running, stop it, wait for RXD, change the size and restart it.
 */
void lan743x_mac_set_max_size(struct lan743x_adapter *adapter,
			      unsigned int mtu)
{
	u32 rx = lan743x_rd32(adapter, MAC_RX);
	bool running = rx & MAC_RX_RXEN_;

	rx &= ~(MAC_RX_RXEN_ | MAC_RX_RXD_ | MAC_RX_MAX_SIZE_MASK_);
	if (running) {
		/* clear a stale RXD (write 1 to clear) while still enabled */
		lan743x_wr32(adapter, MAC_RX, lan743x_rd32(adapter, MAC_RX));
		lan743x_wr32(adapter, MAC_RX, rx);
		if (lan743x_wait_bits(adapter, MAC_RX, MAC_RX_RXD_, MAC_RX_RXD_,
				      1000, 100000))
			netdev_warn(adapter->netdev, "receiver did not stop\n");
	}
	rx |= FIELD_PREP(MAC_RX_MAX_SIZE_MASK_, mtu + ETH_HLEN + ETH_FCS_LEN);
	lan743x_wr32(adapter, MAC_RX, rx | MAC_RX_RXD_);
	if (running)
		lan743x_wr32(adapter, MAC_RX, rx | MAC_RX_RXEN_);
}

static void lan743x_mac_open(struct lan743x_adapter *adapter)
{
	lan743x_rmw32(adapter, MAC_RX, 0, MAC_RX_RXEN_);
	lan743x_rmw32(adapter, MAC_TX, 0, MAC_TX_TXEN_);
}

static void lan743x_mac_close(struct lan743x_adapter *adapter)
{
	lan743x_rmw32(adapter, MAC_TX, MAC_TX_TXEN_, 0);
	lan743x_wait_bits(adapter, MAC_TX, MAC_TX_TXD_, MAC_TX_TXD_,
			  1000, 100000);
	lan743x_rmw32(adapter, MAC_RX, MAC_RX_RXEN_ | MAC_RX_RXD_, 0);
	lan743x_wait_bits(adapter, MAC_RX, MAC_RX_RXD_, MAC_RX_RXD_,
			  1000, 100000);
}

/* The default indirection table for @n queues: queues in turn */
static void lan743x_rss_default_indir(struct lan743x_adapter *adapter,
				      unsigned int n)
{
	int i;

	adapter->rx_queues = n;
	for (i = 0; i < LAN743X_RSS_INDIR_SIZE; i++)
		adapter->rss_indir[i] = ethtool_rxfh_indir_default(i, n);
}

static void lan743x_rss_write_indir(struct lan743x_adapter *adapter)
{
	int i;

	for (i = 0; i < RFE_INDX_CNT; i++)
		lan743x_wr32(adapter, RFE_INDX(i),
			     get_unaligned_le32(&adapter->rss_indir[4 * i]));
}

static void lan743x_rss_write_key(struct lan743x_adapter *adapter)
{
	int i;

	for (i = 0; i < RFE_HASH_KEY_CNT; i++)
		lan743x_wr32(adapter, RFE_HASH_KEY(i),
			     get_unaligned_le32(&adapter->rss_key[4 * i]));
}

/**
 * lan743x_rss_set_queues() - spread received flows over the first @n queues
 * @adapter: adapter
 * @n: RX queues, 1 to LAN743X_NUM_RX
 *
 * An indirection table set by the user stays (the ethtool core has checked
 * that it names no queue beyond @n); the default one follows @n.  The chip
 * gets it at once if it runs.  The other rings keep running and get no
 * traffic.  Context: rtnl held.
 *
 * Return: 0, or the error of netif_set_real_num_rx_queues().
 */
int lan743x_rss_set_queues(struct lan743x_adapter *adapter, unsigned int n)
{
	int ret;

	ret = netif_set_real_num_rx_queues(adapter->netdev, n);
	if (ret)
		return ret;
	if (netif_is_rxfh_configured(adapter->netdev))
		adapter->rx_queues = n;
	else
		lan743x_rss_default_indir(adapter, n);
	if (adapter->hw_up)
		lan743x_rss_write_indir(adapter);
	return 0;
}

/**
 * lan743x_rss_set() - a new hash key and/or indirection table (ethtool -X)
 * @adapter: adapter
 * @indir: LAN743X_RSS_INDIR_SIZE queue numbers below @adapter->rx_queues
 *	(the ethtool core checks them), or NULL to keep the table
 * @key: LAN743X_RSS_KEY_SIZE bytes, or NULL to keep the key
 *
 * The chip takes both while it runs.  Context: rtnl held.
 */
void lan743x_rss_set(struct lan743x_adapter *adapter, const u32 *indir,
		     const u8 *key)
{
	int i;

	if (indir)
		for (i = 0; i < LAN743X_RSS_INDIR_SIZE; i++)
			adapter->rss_indir[i] = indir[i];
	if (key)
		memcpy(adapter->rss_key, key, LAN743X_RSS_KEY_SIZE);
	if (!adapter->hw_up)
		return;
	if (key)
		lan743x_rss_write_key(adapter);
	if (indir)
		lan743x_rss_write_indir(adapter);
}

static void lan743x_rss_open(struct lan743x_adapter *adapter)
{
	lan743x_rss_write_key(adapter);
	lan743x_rss_write_indir(adapter);
	lan743x_wr32(adapter, RFE_RSS_CFG,
		     LAN743X_RSS_HASH_TYPES | RFE_RSS_CFG_VALID_HASH_BITS_ |
		     RFE_RSS_CFG_RSS_QUEUE_ENABLE_ |
		     RFE_RSS_CFG_RSS_HASH_STORE_ | RFE_RSS_CFG_RSS_ENABLE_);
}

/* Dataport write into RFE RAM.  Context: any (ndo_set_rx_mode is atomic) */
static int lan743x_dp_write(struct lan743x_adapter *adapter, u32 sel,
			    u32 addr, const u32 *buf, unsigned int n)
{
	void __iomem *dp_sel = adapter->csr + DP_SEL;
	unsigned int i;
	u32 val;
	int ret;

	ret = readl_poll_timeout_atomic(dp_sel, val, val & DP_SEL_DPRDY_,
					1, 1000);
	if (ret)
		return ret;
	lan743x_rmw32(adapter, DP_SEL, DP_SEL_MASK_, sel);
	for (i = 0; i < n; i++) {
		lan743x_wr32(adapter, DP_ADDR, addr + i);
		lan743x_wr32(adapter, DP_DATA_0, buf[i]);
		lan743x_wr32(adapter, DP_CMD, DP_CMD_WRITE_);
		ret = readl_poll_timeout_atomic(dp_sel, val,
						val & DP_SEL_DPRDY_, 1, 1000);
		if (ret)
			return ret;
	}
	return 0;
}

static void lan743x_write_filter(struct lan743x_adapter *adapter, int idx,
				 const u8 *addr)
{
	/* invalidate the entry before rewriting it */
	lan743x_wr32(adapter, RFE_ADDR_FILT_HI(idx), 0);
	if (!addr)
		return;
	lan743x_wr32(adapter, RFE_ADDR_FILT_LO(idx), get_unaligned_le32(addr));
	lan743x_wr32(adapter, RFE_ADDR_FILT_HI(idx),
		     get_unaligned_le16(addr + 4) | RFE_ADDR_FILT_HI_VALID_);
}

/* Perfect filters 1..32 hold multicast addresses (entry 0 is ours), the
 * overflow goes to the 512-bit hash.  Secondary unicast addresses are not
 * filtered (no IFF_UNICAST_FLT: the core makes us promiscuous instead), as
 * the chip is only known to match multicast in entries 1..32.
 * Return: RFE_CTL bits needed.
 */
static u32 lan743x_fill_filters(struct lan743x_adapter *adapter, u32 *hash)
{
	struct net_device *netdev = adapter->netdev;
	struct netdev_hw_addr *ha;
	int idx = 1;
	u32 ctl = 0;
	u32 bit;

	netdev_for_each_mc_addr(ha, netdev) {
		if (idx < RFE_ADDR_FILT_CNT) {
			lan743x_write_filter(adapter, idx++, ha->addr);
			continue;
		}
		bit = FIELD_GET(RFE_MCAST_HASH_CRC_MASK_,
				(u32)ether_crc(ETH_ALEN, ha->addr));
		hash[bit / 32] |= BIT(bit % 32);
		ctl |= RFE_CTL_MCAST_HASH_;
	}
	if (idx > 1)
		ctl |= RFE_CTL_DA_PERFECT_;
	while (idx < RFE_ADDR_FILT_CNT)
		lan743x_write_filter(adapter, idx++, NULL);
	return ctl;
}

static void lan743x_set_rx_mode(struct net_device *netdev)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	u32 hash[DP_SEL_VHF_HASH_LEN] = {};
	u32 ctl = RFE_CTL_AB_;

	if (netdev->features & NETIF_F_RXCSUM)
		ctl |= RFE_CTL_IP_COE_ | RFE_CTL_TCP_UDP_COE_;
	if (netdev->flags & IFF_PROMISC)
		ctl |= RFE_CTL_AU_ | RFE_CTL_AM_;
	else if (netdev->flags & IFF_ALLMULTI)
		ctl |= RFE_CTL_AM_;

	ctl |= lan743x_fill_filters(adapter, hash);
	if (lan743x_dp_write(adapter, DP_SEL_RFE_RAM, DP_SEL_VHF_VLAN_LEN,
			     hash, DP_SEL_VHF_HASH_LEN))
		netdev_warn(netdev, "multicast hash table write timed out\n");
	lan743x_wr32(adapter, RFE_CTL, ctl);
}

static int lan743x_rings_open(struct lan743x_adapter *adapter)
{
	int ch, tx, ret;

	for (ch = 0; ch < LAN743X_NUM_RX; ch++) {
		ret = lan743x_rx_open(&adapter->rx[ch]);
		if (ret)
			goto close_rx;
	}
	for (tx = 0; tx < adapter->chip->num_tx; tx++) {
		ret = lan743x_tx_open(&adapter->tx[tx]);
		if (ret)
			goto close_tx;
	}
	return 0;

close_tx:
	while (tx--)
		lan743x_tx_close(&adapter->tx[tx]);
close_rx:
	while (ch--)
		lan743x_rx_close(&adapter->rx[ch]);
	return ret;
}

static void lan743x_rings_close(struct lan743x_adapter *adapter)
{
	int ch;

	for (ch = 0; ch < adapter->chip->num_tx; ch++)
		lan743x_tx_close(&adapter->tx[ch]);
	for (ch = 0; ch < LAN743X_NUM_RX; ch++)
		lan743x_rx_close(&adapter->rx[ch]);
}

static int lan743x_open(struct net_device *netdev)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	int ret;

	ret = lan743x_irq_open(adapter);
	if (ret)
		return ret;
	ret = lan743x_phy_connect(adapter);
	if (ret)
		goto close_irq;

	lan743x_mac_open(adapter);
	lan743x_rss_open(adapter);
	netif_addr_lock_bh(netdev);
	lan743x_set_rx_mode(netdev);
	netif_addr_unlock_bh(netdev);

	if (adapter->dma_fenced) {
		pci_set_master(adapter->pdev);
		adapter->dma_fenced = false;
	}
	ret = lan743x_rings_open(adapter);
	if (ret)
		goto close_mac;

	lan743x_irq_link_napi(adapter, true);
	schedule_delayed_work(&adapter->stats_work, HZ);
	adapter->hw_up = true;
	lan743x_ptp_open(adapter);
	netif_tx_start_all_queues(netdev);
	return 0;

close_mac:
	lan743x_mac_close(adapter);
	lan743x_phy_disconnect(adapter);
close_irq:
	lan743x_irq_close(adapter);
	return ret;
}

static int lan743x_stop(struct net_device *netdev)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	/* a failed reset or resume leaves the interface up but the chip down */
	if (!adapter->hw_up)
		return 0;
	adapter->hw_up = false;
	netif_tx_disable(netdev);
	cancel_delayed_work_sync(&adapter->stats_work);
	lan743x_hw_stats_fold(adapter);
	lan743x_phy_disconnect(adapter);
	lan743x_irq_link_napi(adapter, false);
	lan743x_rings_close(adapter);
	lan743x_ptp_close(adapter);
	lan743x_mac_close(adapter);
	lan743x_irq_close(adapter);
	return 0;
}

static int lan743x_change_mtu(struct net_device *netdev, int new_mtu)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct lan743x_rx_params p = adapter->rxp;
	int ch, ret;

	if (p.buf_len && !lan743x_rx_buf_len_fits(p.buf_len, new_mtu)) {
		netdev_err(netdev, "MTU %d needs more buffers of rx-buf-len %u than an skb holds\n",
			   new_mtu, p.buf_len);
		return -EINVAL;
	}
	ret = lan743x_xdp_check(netdev, &p, new_mtu, NULL);
	if (ret)
		return ret;
	/* Buffers the policy cannot resize: new rings for the MTU, built
	 * before anything changes so that -ENOMEM keeps the old MTU
	 */
	if (lan743x_rx_mtu_needs_rings(&p, netdev->mtu, new_mtu)) {
		ret = lan743x_rx_reconfigure(adapter, &p, new_mtu, NULL);
		if (ret)
			return ret;
	}
	/* Bigger buffers first, then the bigger MAC limit; frames that
	 * still meet old-size buffers arrive as multi-buffer chains.
	 */
	for (ch = 0; ch < LAN743X_NUM_RX; ch++)
		lan743x_rx_set_mtu(&adapter->rx[ch], new_mtu);
	WRITE_ONCE(netdev->mtu, new_mtu);
	lan743x_mac_set_max_size(adapter, new_mtu);
	return 0;
}

static int lan743x_set_mac_address(struct net_device *netdev, void *p)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	int ret;

	ret = eth_prepare_mac_addr_change(netdev, p);
	if (ret)
		return ret;
	eth_commit_mac_addr_change(netdev, p);
	lan743x_set_mac_hw(adapter, netdev->dev_addr);
	return 0;
}

static int lan743x_set_features(struct net_device *netdev,
				netdev_features_t features)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	int ch;

	if (!((netdev->features ^ features) & NETIF_F_RXCSUM))
		return 0;
	for (ch = 0; ch < LAN743X_NUM_RX; ch++)
		lan743x_rx_set_csum(&adapter->rx[ch],
				    features & NETIF_F_RXCSUM);
	/* RFE_CTL is rebuilt from netdev->features: update it first */
	netdev->features = features;
	netif_addr_lock_bh(netdev);
	lan743x_set_rx_mode(netdev);
	netif_addr_unlock_bh(netdev);
	return 0;
}

static void lan743x_tx_timeout(struct net_device *netdev, unsigned int txq)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	netdev_warn(netdev, "TX queue %u timed out, resetting\n", txq);
	schedule_work(&adapter->reset_work);
}

/* TX timeout recovery: close, reset the chip, reopen */
static void lan743x_reset_work(struct work_struct *work)
{
	struct lan743x_adapter *adapter;
	struct net_device *netdev;
	int ret;

	adapter = container_of(work, struct lan743x_adapter, reset_work);
	netdev = adapter->netdev;
	rtnl_lock();
	if (!netif_running(netdev) || !netif_device_present(netdev))
		goto unlock;
	lan743x_stop(netdev);
	lan743x_hw_stats_freeze(adapter);
	ret = lan743x_hw_restart(adapter);
	if (!ret)
		ret = lan743x_open(netdev);
	if (ret) {
		netdev_err(netdev, "reset failed (%d), closing\n", ret);
		dev_close(netdev);
	}
unlock:
	rtnl_unlock();
}

static const struct net_device_ops lan743x_netdev_ops = {
	.ndo_open		= lan743x_open,
	.ndo_stop		= lan743x_stop,
	.ndo_start_xmit		= lan743x_xmit,
	.ndo_features_check	= lan743x_features_check,
	.ndo_set_rx_mode	= lan743x_set_rx_mode,
	.ndo_set_mac_address	= lan743x_set_mac_address,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_change_mtu		= lan743x_change_mtu,
	.ndo_set_features	= lan743x_set_features,
	.ndo_get_stats64	= lan743x_get_stats64,
	.ndo_tx_timeout		= lan743x_tx_timeout,
#ifdef LAN743X_HAVE_XDP
	.ndo_bpf		= lan743x_xdp_bpf,
	.ndo_xdp_xmit		= lan743x_xdp_xmit,
#ifdef LAN743X_HAVE_XSK_POOL
	.ndo_xsk_wakeup		= lan743x_xsk_wakeup,
#endif
#endif
#ifdef LAN743X_HAVE_NDO_ETH_IOCTL
	.ndo_eth_ioctl		= lan743x_ptp_ioctl,
#else
	.ndo_do_ioctl		= lan743x_ptp_ioctl,
#endif
#ifdef LAN743X_HAVE_NDO_HWTSTAMP
	.ndo_hwtstamp_get	= lan743x_ptp_hwtstamp_get,
	.ndo_hwtstamp_set	= lan743x_ptp_hwtstamp_set,
#endif
};

static void lan743x_netdev_setup(struct lan743x_adapter *adapter)
{
	struct net_device *netdev = adapter->netdev;
	int ch;

	netdev->netdev_ops = &lan743x_netdev_ops;
	netdev->ethtool_ops = &lan743x_ethtool_ops;
#ifdef LAN743X_HAVE_QUEUE_RESTART
	netdev->queue_mgmt_ops = &lan743x_queue_mgmt_ops;
#endif
#ifdef LAN743X_HAVE_QSTATS
	netdev->stat_ops = &lan743x_stat_ops;
#endif
#ifdef LAN743X_HAVE_XDP_METADATA
	netdev->xdp_metadata_ops = &lan743x_xdp_metadata_ops;
#endif
	netdev->watchdog_timeo = 5 * HZ;
	netdev->min_mtu = LAN743X_MIN_MTU;
	netdev->max_mtu = LAN743X_MAX_MTU;
	netdev->priv_flags |= IFF_LIVE_ADDR_CHANGE;
	netdev->hw_features = NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM |
			      NETIF_F_TSO | NETIF_F_RXCSUM;
	netdev->features = netdev->hw_features;

	lan743x_rx_params_init(&adapter->rxp);
	lan743x_xdp_set_features(adapter);
	spin_lock_init(&adapter->rx_fold_lock);
	for (ch = 0; ch < LAN743X_NUM_RX; ch++)
		lan743x_rx_init(adapter, ch);
	for (ch = 0; ch < adapter->chip->num_tx; ch++)
		lan743x_tx_init(adapter, ch);

	netdev_rss_key_fill(adapter->rss_key, sizeof(adapter->rss_key));
	adapter->rx_usecs = LAN743X_INT_MOD;
	adapter->tx_usecs = LAN743X_INT_MOD;
	lan743x_rss_default_indir(adapter, LAN743X_NUM_RX);
}

static void lan743x_adapter_init(struct lan743x_adapter *adapter,
				 struct net_device *netdev,
				 struct pci_dev *pdev)
{
	adapter->netdev = netdev;
	adapter->pdev = pdev;
	adapter->msg_enable = netif_msg_init(-1, NETIF_MSG_DRV |
					     NETIF_MSG_PROBE | NETIF_MSG_LINK);
	adapter->pause_autoneg = true;
	adapter->pause_rx = true;
	adapter->pause_tx = true;
	init_waitqueue_head(&adapter->sw_isr_wq);
	mutex_init(&adapter->syslock);
	lan743x_pcs_init(adapter);
	spin_lock_init(&adapter->hw_stats.lock);
	INIT_WORK(&adapter->reset_work, lan743x_reset_work);
	INIT_DELAYED_WORK(&adapter->stats_work, lan743x_hw_stats_work);
}

static int lan743x_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct lan743x_adapter *adapter;
	struct net_device *netdev;
	int ret;

	netdev = alloc_etherdev_mqs(sizeof(*adapter), LAN743X_MAX_TX,
				    LAN743X_NUM_RX);
	if (!netdev)
		return -ENOMEM;
	SET_NETDEV_DEV(netdev, &pdev->dev);
	pci_set_drvdata(pdev, netdev);
	adapter = netdev_priv(netdev);
	lan743x_adapter_init(adapter, netdev, pdev);

	ret = lan743x_pci_init(adapter);
	if (ret)
		goto free_netdev;
	ret = lan743x_chip_reset(adapter);
	if (ret)
		goto pci_cleanup;
	lan743x_read_mac(adapter);
	ret = lan743x_hw_init(adapter);
	if (ret)
		goto pci_cleanup;
	ret = lan743x_mdio_init(adapter);
	if (ret)
		goto pci_cleanup;

	lan743x_netdev_setup(adapter);
	/* the stack hashes each flow to one of the chip's TX queues */
	ret = netif_set_real_num_tx_queues(netdev, adapter->chip->num_tx);
	if (ret)
		goto remove_mdio;
	lan743x_ptp_probe(adapter);
	netif_carrier_off(netdev);
	ret = register_netdev(netdev);
	if (ret)
		goto remove_ptp;

	/* Whether every map and sync costs cache maintenance: the case the RX
	 * buffer policies are for.
	 */
	adapter->dma_coherent = dev_is_dma_coherent(&pdev->dev);
	lan743x_debugfs_add(adapter);
	netif_info(adapter, probe, netdev,
		   "%s rev %04lx%s, MAC %pM, DMA %scoherent\n",
		   adapter->chip_name,
		   FIELD_GET(ID_REV_CHIP_REV_MASK_, adapter->id_rev),
		   adapter->is_a0 ? " (A0 interrupt model)" : "",
		   netdev->dev_addr, adapter->dma_coherent ? "" : "non-");
	return 0;

remove_ptp:
	lan743x_ptp_remove(adapter);
remove_mdio:
	lan743x_mdio_remove(adapter);
pci_cleanup:
	lan743x_pci_cleanup(adapter);
free_netdev:
	free_netdev(netdev);
	return ret;
}

static void lan743x_remove(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct lan743x_adapter *adapter;

	adapter = netdev_priv(netdev);
	lan743x_debugfs_remove(adapter);
	unregister_netdev(netdev);
	cancel_work_sync(&adapter->reset_work);
	lan743x_ptp_remove(adapter);
	lan743x_mdio_remove(adapter);
	lan743x_pci_cleanup(adapter);
	free_netdev(netdev);
}

/**
 * lan743x_detach() - take the chip away from the stack (suspend, PCI error)
 * @adapter: adapter
 *
 * The interface keeps its administrative state; its rings, IRQs and PHY
 * are closed and the netdev is detached, so that nothing reaches the chip
 * until lan743x_reattach().  Context: rtnl held.
 */
void lan743x_detach(struct lan743x_adapter *adapter)
{
	struct net_device *netdev = adapter->netdev;

	lan743x_ptp_save(adapter);
	if (netif_running(netdev))
		lan743x_stop(netdev);
	lan743x_hw_stats_freeze(adapter);
	netif_device_detach(netdev);
}

/**
 * lan743x_hw_restart() - reset and reprogram the chip after it lost its state
 * @adapter: adapter detached by lan743x_detach()
 *
 * Context: rtnl held.
 * Return: 0, or the error of a chip that does not come back.
 */
int lan743x_hw_restart(struct lan743x_adapter *adapter)
{
	int ret;

	/* the 1588 clock and its outputs go on across the reset */
	lan743x_ptp_save(adapter);
	ret = lan743x_chip_reset(adapter);
	if (!ret)
		ret = lan743x_hw_init(adapter);
	if (!ret)
		lan743x_ptp_restore(adapter);
	return ret;
}

/**
 * lan743x_reattach() - reopen what lan743x_detach() closed
 * @adapter: adapter whose chip lan743x_hw_restart() brought back
 *
 * An interface that does not open again is closed.  Context: rtnl held.
 * Return: 0 or the error of the open.
 */
int lan743x_reattach(struct lan743x_adapter *adapter)
{
	struct net_device *netdev = adapter->netdev;
	int ret = 0;

	/* rings first: attaching wakes the TX queue */
	if (netif_running(netdev))
		ret = lan743x_open(netdev);
	netif_device_attach(netdev);
	if (ret)
		dev_close(netdev);
	return ret;
}

/* Suspend: the interface is closed, the wake sources armed (lan743x_wol.c)
 * and the PCI core puts the function in D3hot, PME enabled if it may wake
 * the system.  Resume resets and reprograms the chip, then reopens the
 * interface.
 */
static int lan743x_suspend(struct device *dev)
{
	struct net_device *netdev = dev_get_drvdata(dev);
	struct lan743x_adapter *adapter;

	adapter = netdev_priv(netdev);
	rtnl_lock();
	lan743x_detach(adapter);
	lan743x_wol_arm(adapter);
	/* PCI11x1x: the function keeps its state (and its wake sources)
	 * through D3 and the PCIe resets around it; resume puts HW_CFG back
	 */
	if (adapter->chip->d3_keep_hw_cfg) {
		adapter->hw_cfg = lan743x_rd32(adapter, HW_CFG);
		lan743x_wr32(adapter, HW_CFG, adapter->hw_cfg | HW_CFG_D3_KEEP_);
	}
	rtnl_unlock();
	return 0;
}

static int lan743x_resume(struct device *dev)
{
	struct net_device *netdev = dev_get_drvdata(dev);
	struct lan743x_adapter *adapter;
	int ret;

	adapter = netdev_priv(netdev);
	rtnl_lock();
	if (adapter->chip->d3_keep_hw_cfg)
		lan743x_wr32(adapter, HW_CFG, adapter->hw_cfg);
	lan743x_wol_disarm(adapter);
	ret = lan743x_hw_restart(adapter);
	if (!ret)
		ret = lan743x_reattach(adapter);
	rtnl_unlock();
	return ret;
}

static DEFINE_SIMPLE_DEV_PM_OPS(lan743x_pm_ops, lan743x_suspend,
				lan743x_resume);

/* Reboot, kexec and power-off: no more DMA; on power-off the function goes
 * to D3hot with the wake sources armed and PME enabled if WoL is on
 */
static void lan743x_shutdown(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct lan743x_adapter *adapter;

	adapter = netdev_priv(netdev);
	rtnl_lock();
	netif_device_detach(netdev);
	if (netif_running(netdev))
		lan743x_stop(netdev);
	lan743x_wol_arm(adapter);
	rtnl_unlock();
	pci_clear_master(pdev);
	if (system_state == SYSTEM_POWER_OFF) {
		pci_wake_from_d3(pdev, device_may_wakeup(&pdev->dev));
		pci_set_power_state(pdev, PCI_D3hot);
	}
}

/* 0x1055 is SMSC's (now Microchip's) vendor ID, EFAR in pci_ids.h; the
 * chip's own ID_REV says which family it is (lan743x_chip.c)
 */
static const struct pci_device_id lan743x_pci_ids[] = {
	{ PCI_VDEVICE(EFAR, ID_REV_ID_LAN7430_) },
	{ PCI_VDEVICE(EFAR, ID_REV_ID_LAN7431_) },
	{ PCI_VDEVICE(EFAR, ID_REV_ID_PCI11010_) },
	{ PCI_VDEVICE(EFAR, ID_REV_ID_PCI11414_) },
	{ }
};
MODULE_DEVICE_TABLE(pci, lan743x_pci_ids);

static struct pci_driver lan743x_pci_driver = {
	.name		= DRIVER_NAME,
	.id_table	= lan743x_pci_ids,
	.probe		= lan743x_probe,
	.remove		= lan743x_remove,
	.shutdown	= lan743x_shutdown,
	.driver.pm	= pm_sleep_ptr(&lan743x_pm_ops),
	.err_handler	= &lan743x_err_handler,
};

static int __init lan743x_module_init(void)
{
	int ret;

	lan743x_debugfs_init();
	ret = pci_register_driver(&lan743x_pci_driver);
	if (ret)
		lan743x_debugfs_exit();
	return ret;
}
module_init(lan743x_module_init);

static void __exit lan743x_module_exit(void)
{
	pci_unregister_driver(&lan743x_pci_driver);
	lan743x_debugfs_exit();
}
module_exit(lan743x_module_exit);

MODULE_DESCRIPTION("Microchip LAN7430/LAN7431 and PCI11010/PCI11414 PCIe Ethernet driver");
MODULE_LICENSE("GPL");
MODULE_VERSION(LAN743X_DRV_VERSION);

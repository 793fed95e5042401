// SPDX-License-Identifier: GPL-2.0
/* Kernel API probes, not part of the module.  compat-probe.sh compiles
 * each fragment below on its own against the kernel's headers; one that
 * compiles defines LAN743X_HAVE_<NAME> in compat-probed.h, which
 * lan743x_compat.h includes.  A fragment uses what the driver uses, with
 * the driver's types, so a changed signature fails it as a missing name
 * does.  The version after the name is the kernel that brought the API
 * (a range: the last kernel that still had it), for the reader and for
 * the test that checks each Debian kernel's results against it; "?"
 * marks an API the kernel's configuration or a stable backport decides
 * too, which that test leaves out.
 */

/* probe: NDO_ETH_IOCTL 5.15 ioctls other than SIOCDEVPRIVATE have their own op */
#include <linux/netdevice.h>
static int probe_ioctl(struct net_device *dev, struct ifreq *ifr, int cmd)
{
	return 0;
}

static const struct net_device_ops probe_ops __used = {
	.ndo_eth_ioctl = probe_ioctl,
};

/* probe: AER_DRIVER_ENABLE 2.6-6.4 the driver enables its AER reporting (the core, from 6.5) */
#include <linux/aer.h>
static int __used probe_aer(struct pci_dev *pdev)
{
	return pci_enable_pcie_error_reporting(pdev) +
	       pci_disable_pcie_error_reporting(pdev);
}

/* probe: DEFINE_SIMPLE_DEV_PM_OPS 5.17 PM ops without __maybe_unused callbacks */
#include <linux/pm.h>
static int probe_pm(struct device *dev)
{
	return 0;
}

static DEFINE_SIMPLE_DEV_PM_OPS(probe_pm_ops, probe_pm, probe_pm);
static const struct dev_pm_ops *probe_pm_ptr __used = pm_sleep_ptr(&probe_pm_ops);

/* probe: MAC_MANAGED_PM 5.13 the MAC driver suspends and resumes its PHY */
#include <linux/phy.h>
static void __used probe_mac_pm(struct phy_device *phydev)
{
	phydev->mac_managed_pm = true;
}

/* probe: NAPI_ADD_NO_WEIGHT 6.1 netif_napi_add() without a weight */
#include <linux/netdevice.h>
static int probe_poll(struct napi_struct *napi, int budget)
{
	return 0;
}

static void __used probe_napi(struct net_device *dev, struct napi_struct *napi)
{
	netif_napi_add(dev, napi, probe_poll);
}

/* probe: NAPI_ADD_TX 5.19 a TX-only NAPI without a weight */
#include <linux/netdevice.h>
static int probe_tx_poll(struct napi_struct *napi, int budget)
{
	return 0;
}

static void __used probe_napi_tx(struct net_device *dev, struct napi_struct *napi)
{
	netif_napi_add_tx(dev, napi, probe_tx_poll);
}

/* probe: NAPI_BUILD_SKB 5.12 skb heads from the per-CPU NAPI cache */
#include <linux/skbuff.h>
static struct sk_buff * __used probe_build(void *data)
{
	return napi_build_skb(data, 2048);
}

/* probe: SKB_MARK_FOR_RECYCLE 5.15 the stack returns page_pool pages to their pool */
#include <linux/skbuff.h>
static void __used probe_recycle(struct sk_buff *skb)
{
	skb_mark_for_recycle(skb);
}

/* probe: PP_HELPERS 6.6 page_pool's API in its own directory */
#include <net/page_pool/helpers.h>

/* probe: PP_ALLOC_FRAG 5.15 page_pool hands out parts of a page */
#if __has_include("net/page_pool/helpers.h")
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif
static struct page * __used probe_frag(struct page_pool *pool, unsigned int *off)
{
	return page_pool_alloc_frag(pool, off, 2048, GFP_ATOMIC);
}

/* probe: PP_NAPI 6.9 page_pool recycles directly in its NAPI, and leaves it */
#include <net/page_pool/types.h>
static void __used probe_pp_napi(struct page_pool_params *pp, struct napi_struct *napi,
				 struct page_pool *pool)
{
	pp->napi = napi;
	page_pool_disable_direct_recycling(pool);
}

/* probe: PP_QUEUE 6.12 a page_pool names its device and queue */
#include <net/page_pool/types.h>
static void __used probe_pp_queue(struct page_pool_params *pp, struct net_device *dev)
{
	pp->netdev = dev;
	pp->queue_idx = 0;
}

/* probe: PP_STATS 5.19? page_pool's recycling counters (CONFIG_PAGE_POOL_STATS) */
#if __has_include("net/page_pool/helpers.h")
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif
static void __used probe_pp_stats(struct page_pool *pool, struct page_pool_stats *st)
{
	page_pool_get_stats(pool, st);
	st->recycle_stats.cached += st->recycle_stats.ring_full;
}

/* probe: ETHTOOL_SPRINTF 5.13 ethtool string tables filled by format */
#include <linux/ethtool.h>
static void __used probe_sprintf(u8 **data)
{
	ethtool_sprintf(data, "%s", "x");
}

/* probe: RINGPARAM_KERNEL 5.17 ring ops carry rx_buf_len and an extack */
#include <linux/ethtool.h>
static void probe_get_ring(struct net_device *dev, struct ethtool_ringparam *r,
			   struct kernel_ethtool_ringparam *kr,
			   struct netlink_ext_ack *extack)
{
	kr->rx_buf_len = 0;
}

static const struct ethtool_ops probe_ring_ops __used = {
	.supported_ring_params = ETHTOOL_RING_USE_RX_BUF_LEN,
	.get_ringparam = probe_get_ring,
};

/* probe: COALESCE_KERNEL 5.15 coalesce ops carry an extack */
#include <linux/ethtool.h>
static int probe_coal(struct net_device *dev, struct ethtool_coalesce *ec,
		      struct kernel_ethtool_coalesce *kec,
		      struct netlink_ext_ack *extack)
{
	return 0;
}

static const struct ethtool_ops probe_coal_ops __used = {
	.get_coalesce = probe_coal,
	.set_coalesce = probe_coal,
};

/* probe: STD_STATS 5.13 the standard statistics groups: eth-mac, eth-ctrl, rmon */
#include <linux/ethtool.h>
static void probe_rmon(struct net_device *dev, struct ethtool_rmon_stats *s,
		       const struct ethtool_rmon_hist_range **ranges)
{
	s->hist_tx[0] = s->jabbers;
}

static void probe_mac(struct net_device *dev, struct ethtool_eth_mac_stats *s)
{
	s->FramesTransmittedOK = 0;
}

static void probe_ctrl(struct net_device *dev, struct ethtool_eth_ctrl_stats *s)
{
	s->MACControlFramesReceived = 0;
}

static const struct ethtool_ops probe_std_ops __used = {
	.get_eth_mac_stats = probe_mac,
	.get_eth_ctrl_stats = probe_ctrl,
	.get_rmon_stats = probe_rmon,
};

/* probe: RXFH_FIELDS 6.17? flow hash fields have their own ops (trixie's 6.12.117 too, not .95) */
#include <linux/ethtool.h>
static int probe_rxfh_fields(struct net_device *dev,
			     struct ethtool_rxfh_fields *f)
{
	return f->flow_type;
}

static const struct ethtool_ops probe_rxfh_fields_ops __used = {
	.get_rxfh_fields = probe_rxfh_fields,
};

/* probe: PTP_MSGTYPE 5.11 PTP message types named */
#include <linux/ptp_classify.h>
static int probe_msgtype __used = PTP_MSGTYPE_SYNC;

/* probe: RXFH_PARAM 6.8 RSS ops take a parameter block */
#include <linux/ethtool.h>
static int probe_rxfh(struct net_device *dev, struct ethtool_rxfh_param *p)
{
	return 0;
}

static const struct ethtool_ops probe_rxfh_ops __used = {
	.get_rxfh = probe_rxfh,
};

/* probe: RX_RING_COUNT 6.19 ethtool asks for the RX ring count on its own */
#include <linux/ethtool.h>
static u32 probe_rings(struct net_device *dev)
{
	return 1;
}

static const struct ethtool_ops probe_rings_ops __used = {
	.get_rx_ring_count = probe_rings,
};

/* probe: PAGE_FRAG_CACHE_DRAIN 6.9 a page fragment cache drained by the API */
#include <linux/skbuff.h>
static void __used probe_drain(struct page_frag_cache *nc)
{
	page_frag_cache_drain(nc);
}

/* probe: NDO_HWTSTAMP 6.6 timestamping configuration has its own ops */
#include <linux/netdevice.h>
static int probe_hw_get(struct net_device *dev, struct kernel_hwtstamp_config *c)
{
	return 0;
}

static const struct net_device_ops probe_ts_ops __used = {
	.ndo_hwtstamp_get = probe_hw_get,
};

/* probe: KERNEL_TS_INFO 6.11 get_ts_info fills the kernel's own structure */
#include <linux/ethtool.h>
static int probe_ts(struct net_device *dev, struct kernel_ethtool_ts_info *info)
{
	return 0;
}

static const struct ethtool_ops probe_ts_info_ops __used = {
	.get_ts_info = probe_ts,
};

/* probe: QSTATS 6.9 per-queue statistics for the netdev netlink family */
#include <net/netdev_queues.h>
static void probe_qrx(struct net_device *dev, int idx,
		      struct netdev_queue_stats_rx *rx)
{
}

static const struct netdev_stat_ops probe_stat_ops __used = {
	.get_queue_stats_rx = probe_qrx,
};

/* probe: QUEUE_NAPI 6.8 queues and NAPIs linked for netlink */
#include <linux/netdevice.h>
static void __used probe_qnapi(struct net_device *dev, struct napi_struct *napi)
{
	netif_queue_set_napi(dev, 0, NETDEV_QUEUE_TYPE_RX, napi);
}

/* probe: QUEUE_MGMT 6.10-6.19 the core restarts an RX queue on new memory */
#include <net/netdev_queues.h>
static int probe_qalloc(struct net_device *dev, void *mem, int idx)
{
	return 0;
}

static const struct netdev_queue_mgmt_ops probe_qmgmt __used = {
	.ndo_queue_mem_alloc = probe_qalloc,
	.ndo_queue_start = probe_qalloc,
};

/* probe: NETDEV_OPS_LOCK 6.15 queue restart ops put a device's ops under its instance lock */
#include <net/netdev_lock.h>
static bool __used probe_ops_lock(const struct net_device *dev)
{
	return netdev_need_ops_lock(dev);
}

/* probe: ETHTOOL_KEEE 6.9 EEE ops take the kernel's struct ethtool_keee, link modes as bitmaps */
#include <linux/ethtool.h>
#include <linux/linkmode.h>
static int probe_get_eee(struct net_device *dev, struct ethtool_keee *eee)
{
	return linkmode_empty(eee->advertised);
}

static const struct ethtool_ops probe_eee_ops __used = {
	.get_eee = probe_get_eee,
};

/* probe: PHY_EEE_CFG 6.11 phylib keeps the EEE settings and says when the MAC may send LPI */
#include <linux/phy.h>
static bool __used probe_eee_cfg(struct phy_device *phydev)
{
	phy_support_eee(phydev);
	phydev->eee_cfg.tx_lpi_timer = 1;
	return phydev->enable_tx_lpi;
}

/* probe: PTP_PEROUT_FLAGS 6.15 the PTP core refuses periodic output flags not listed */
#include <linux/ptp_clock_kernel.h>
static struct ptp_clock_info probe_ptp_info __used = {
	.supported_perout_flags = PTP_PEROUT_DUTY_CYCLE,
};

/* probe: PTP_EXTTS_FLAGS 6.15 the PTP core refuses external timestamp flags not listed */
#include <linux/ptp_clock_kernel.h>
static struct ptp_clock_info probe_ptp_extts_info __used = {
	.supported_extts_flags = PTP_RISING_EDGE | PTP_STRICT_FLAGS,
};

/* probe: XDP 5.15 native XDP on page_pool pages that the stack can recycle */
#include <linux/filter.h>
#include <net/xdp.h>
#if __has_include("net/page_pool/helpers.h")
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif
static u32 __used probe_xdp(struct xdp_buff *xdp, struct xdp_rxq_info *rxq,
			    struct net_device *dev, struct page_pool *pool,
			    struct bpf_prog *prog, struct sk_buff *skb)
{
	xdp_init_buff(xdp, PAGE_SIZE, rxq);
	xdp_prepare_buff(xdp, page_address(NULL), XDP_PACKET_HEADROOM, 60, true);
	skb_mark_for_recycle(skb);
	page_pool_put_page(pool, NULL, 64, true);
	xdp_do_flush();
	return xdp_rxq_info_reg(rxq, dev, 0, 0) +
	       xdp_rxq_info_reg_mem_model(rxq, MEM_TYPE_PAGE_POOL, pool) +
	       bpf_prog_run_xdp(prog, xdp);
}

/* probe: BPF_WARN_XDP_DEV 5.17 an invalid XDP action is reported with its device and program */
#include <linux/filter.h>
static void __used probe_xdp_warn(struct net_device *dev, struct bpf_prog *prog)
{
	bpf_warn_invalid_xdp_action(dev, prog, 42);
}

/* probe: XDP_FEATURES 6.3 a device lists the XDP features it has */
#include <net/xdp.h>
static void __used probe_xdp_features(struct net_device *dev)
{
	xdp_set_features_flag(dev, NETDEV_XDP_ACT_BASIC | NETDEV_XDP_ACT_REDIRECT |
			      NETDEV_XDP_ACT_NDO_XMIT);
}

/* probe: XDP_FRAGS 5.19 multi-buffer XDP: frames of several pages, programs taking them */
#include <linux/filter.h>
#include <net/xdp.h>
static u32 __used probe_xdp_frags(struct xdp_buff *xdp, struct xdp_rxq_info *rxq,
				  struct net_device *dev, struct bpf_prog *prog,
				  struct xdp_frame *f)
{
	struct skb_shared_info *sinfo = xdp_get_shared_info_from_buff(xdp);

	xdp_buff_set_frags_flag(xdp);
	xdp->frame_sz += xdp->flags;
	sinfo->xdp_frags_size = xdp_frame_has_frags(f);
	xdp->frame_sz += prog->aux->xdp_has_frags + xdp_buff_has_frags(xdp);
	return __xdp_rxq_info_reg(rxq, dev, 0, 0, PAGE_SIZE);
}

/* probe: XDP_FRAME_MEM_TYPE 6.14 an xdp_frame keeps its memory's type alone, no allocator id */
#include <net/xdp.h>
static enum xdp_mem_type __used probe_xdpf_mem_type(const struct xdp_frame *f)
{
	return f->mem_type;
}

/* probe: XDP_METADATA 6.3 XDP programs read a frame's RX metadata through the driver (kfuncs) */
#include <linux/netdevice.h>
#include <net/xdp.h>
static int probe_xmo_ts(const struct xdp_md *ctx, u64 *timestamp)
{
	return -ENODATA;
}

static const struct xdp_metadata_ops probe_xmo = {
	.xmo_rx_timestamp = probe_xmo_ts,
};

static void __used probe_xdp_metadata(struct net_device *dev)
{
	dev->xdp_metadata_ops = &probe_xmo;
}

/* probe: XSK_POOL 5.10 AF_XDP zero-copy: a UMEM's buffer pool bound to a queue */
#include <linux/netdevice.h>
#include <net/xdp.h>
#include <net/xdp_sock_drv.h>
static int probe_xsk_wakeup(struct net_device *dev, u32 qid, u32 flags)
{
	return flags & XDP_WAKEUP_TX;
}

static const struct net_device_ops probe_xsk_ops __used = {
	.ndo_xsk_wakeup = probe_xsk_wakeup,
};

static u32 __used probe_xsk(struct netdev_bpf *bpf, struct device *dev,
			    struct xdp_rxq_info *rxq)
{
	struct xsk_buff_pool *pool = bpf->xsk.pool;
	struct xdp_buff *xdp = xsk_buff_alloc(pool);
	struct xdp_frame *f = xdp_convert_buff_to_frame(xdp);
	struct xdp_desc desc;

	xsk_buff_free(xdp);
	xsk_pool_set_rxq_info(pool, rxq);
	xsk_buff_raw_dma_sync_for_device(pool, xsk_buff_raw_get_dma(pool, 0), 60);
	if (xsk_tx_peek_desc(pool, &desc) && xsk_uses_need_wakeup(pool))
		xsk_set_tx_need_wakeup(pool);
	xsk_clear_tx_need_wakeup(pool);
	xsk_tx_release(pool);
	xsk_tx_completed(pool, 1);
	xsk_pool_dma_unmap(pool, 0);
	return xsk_pool_dma_map(pool, dev, 0) + bpf->xsk.queue_id + f->len +
	       xsk_pool_get_rx_frame_size(pool) + xsk_buff_xdp_get_dma(xdp) +
	       xdp_rxq_info_reg_mem_model(rxq, MEM_TYPE_XSK_BUFF_POOL, NULL);
}

/* probe: XSK_SYNC_NO_POOL 6.10 an XSK buffer is synced for the CPU without naming its pool */
#include <net/xdp_sock_drv.h>
static void __used probe_xsk_sync(struct xdp_buff *xdp)
{
	xsk_buff_dma_sync_for_cpu(xdp);
}

/* probe: XSK_CB 6.3 an XSK buffer has room for the driver's XDP context after its xdp_buff */
#include <net/xdp_sock_drv.h>
struct probe_xsk_ctx {
	struct xdp_buff xdp;
	void *ring;
	u32 idx;
};

static void __used probe_xsk_cb(void)
{
	XSK_CHECK_PRIV_TYPE(struct probe_xsk_ctx);
}

/* probe: SKB_FRAG_FILL 6.5 a fragment is filled in by one call */
#include <linux/skbuff.h>
static void __used probe_frag_fill(skb_frag_t *frag, struct page *page)
{
	skb_frag_fill_page_desc(frag, page, 0, 1);
}

/* probe: MDIO_C45_OPS 6.3 clause 45 accesses have mii_bus ops of their own */
#include <linux/phy.h>
static int probe_c45_read(struct mii_bus *bus, int addr, int devnum, int regnum)
{
	return 0;
}

static int probe_c45_write(struct mii_bus *bus, int addr, int devnum,
			   int regnum, u16 val)
{
	return 0;
}

static void __used probe_c45(struct mii_bus *bus)
{
	bus->read_c45 = probe_c45_read;
	bus->write_c45 = probe_c45_write;
}

/* probe: MDIO_PROBE_CAPS 5.9-6.2 a bus says it scans for clause 45 PHYs too */
#include <linux/phy.h>
static void __used probe_caps(struct mii_bus *bus)
{
	bus->probe_capabilities = MDIOBUS_C22_C45;
}

/* SPDX-License-Identifier: GPL-2.0 */
/* Adapter state and prototypes of the lan743x driver; the register map is
 * lan743x_regs.h.
 */
#ifndef _LAN743X_MAIN_H
#define _LAN743X_MAIN_H

#include <linux/fault-inject.h>
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/phy.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "lan743x_compat.h"
#include "lan743x_regs.h"
#include "lan743x_ptp.h"
#include "lan743x_rx.h"
#include "lan743x_tx.h"

struct dentry;

#define DRIVER_NAME			"lan743x"
/* DKMS installs this module only if its version is set (the in-tree
 * lan743x has none); dkms.conf and debian/changelog carry the same one.
 */
#define LAN743X_DRV_VERSION		"0.1.0"

/* RX channels: LAN743X_NUM_RX (lan743x_rx.h) */
/* TX channels: one on the LAN743x, four on the PCI11x1x (chip->num_tx) */
#define LAN743X_MAX_TX			4
/* vector 0 shared, then one per TX channel, then one per RX channel */
#define LAN743X_MAX_VECTORS		(1 + LAN743X_MAX_TX + LAN743X_NUM_RX)

#define LAN743X_MIN_MTU			68
#define LAN743X_MAX_MTU			9216
#define LAN743X_RSS_KEY_SIZE		(4 * RFE_HASH_KEY_CNT)
#define LAN743X_RSS_INDIR_SIZE		(4 * RFE_INDX_CNT)
/* what RSS hashes: every type, the IPv6 extension header ones included */
#define LAN743X_RSS_HASH_TYPES		RFE_RSS_CFG_HASH_TYPES_
/* interrupt moderation timer value for every vector (non-A0 only) */
/* Interrupt moderation interval (ethtool -C rx-usecs/tx-usecs), in the
 * chip's INT_MOD_CFG unit, taken as 1 us.  400 is what Debian's driver
 * programs; the width of the field is not public, and more than 1 ms only
 * adds latency at gigabit rates.
 */
#define LAN743X_INT_MOD			400
#define LAN743X_INT_MOD_MAX		1000

enum lan743x_irq_mode {
	LAN743X_IRQ_MSIX,
	LAN743X_IRQ_MSI,
	LAN743X_IRQ_INTX,
};

/**
 * struct lan743x_chip - what a chip family has, chosen at probe from ID_REV
 * @num_tx: TX channels (and TX queues) the driver runs
 * @has_syslock: the EEPROM, the OTP and the configuration-load status sit
 *	in a system block shared with the chip's other functions, behind a
 *	hardware lock
 * @mdio_c45: the MDIO controller does clause 45 as well as clause 22
 * @e2p_base: E2P_CMD; E2P_DATA follows it
 * @e2p_addr_mask: address field of E2P_CMD
 * @e2p_timeout: the command-timed-out bit of E2P_CMD
 * @e2p_ewen: writes need a write-enable command first (Microwire)
 * @otp_base: OTP_PWR_DN; the other OTP registers at the same offsets
 * @e2p_size: the EEPROM's bytes (ethtool -e/-E)
 * @otp_size: the OTP's bytes
 * @ptp_extts: the 1588 block's event capture channels (GPIO n each), 0
 *	without event capture
 * @ptp_out: how its clock targets drive GPIOs (periodic outputs)
 * @d3_keep_hw_cfg: HW_CFG asks the chip to keep the function's state
 *	through D3 (set at suspend, put back at resume)
 * @hw_init: family-specific setup after each light reset, or NULL (the
 *	PCI11x1x's: its PCS, lan743x_pcs.c)
 */
struct lan743x_chip {
	u8 num_tx;
	bool has_syslock;
	bool mdio_c45;
	u32 e2p_base;
	u32 e2p_addr_mask;
	u32 e2p_timeout;
	bool e2p_ewen;
	u32 otp_base;
	u32 e2p_size;
	u32 otp_size;
	u8 ptp_extts;
	const struct lan743x_ptp_out *ptp_out;
	bool d3_keep_hw_cfg;
	void (*hw_init)(struct lan743x_adapter *adapter);
};

/**
 * struct lan743x_vector - one requested interrupt vector
 * @adapter: owning adapter
 * @irq: Linux IRQ number
 * @index: chip vector number (INT_VEC_* bit)
 * @int_mask: INT_STS sources this vector serves
 * @name: name shown in /proc/interrupts ("<ifname>-rx<N>", sized for any
 *	unsigned N: gcc 14 and later warn about less)
 */
struct lan743x_vector {
	struct lan743x_adapter *adapter;
	unsigned int irq;
	u8 index;
	u32 int_mask;
	char name[IFNAMSIZ + 24];
};

/* Hardware MAC counters, folded from 32 to 64 bits */
enum lan743x_hw_stat {
	LAN743X_HW_RX_FCS_ERRORS,
	LAN743X_HW_RX_ALIGNMENT_ERRORS,
	LAN743X_HW_RX_FRAGMENT_ERRORS,
	LAN743X_HW_RX_JABBER_ERRORS,
	LAN743X_HW_RX_UNDERSIZE_ERRORS,
	LAN743X_HW_RX_OVERSIZE_ERRORS,
	LAN743X_HW_RX_DROPPED_FRAMES,
	LAN743X_HW_RX_UNICAST_BYTES,
	LAN743X_HW_RX_BROADCAST_BYTES,
	LAN743X_HW_RX_MULTICAST_BYTES,
	LAN743X_HW_RX_UNICAST_FRAMES,
	LAN743X_HW_RX_BROADCAST_FRAMES,
	LAN743X_HW_RX_MULTICAST_FRAMES,
	LAN743X_HW_RX_PAUSE_FRAMES,
	LAN743X_HW_RX_64_FRAMES,	/* the histogram, in register order */
	LAN743X_HW_RX_65_127_FRAMES,
	LAN743X_HW_RX_128_255_FRAMES,
	LAN743X_HW_RX_256_511_FRAMES,
	LAN743X_HW_RX_512_1023_FRAMES,
	LAN743X_HW_RX_1024_1518_FRAMES,
	LAN743X_HW_RX_1519_FRAMES,
	LAN743X_HW_RX_TOTAL_FRAMES,
	LAN743X_HW_TX_FCS_ERRORS,
	LAN743X_HW_TX_EXCESS_DEFERRAL_ERRORS,
	LAN743X_HW_TX_CARRIER_ERRORS,
	LAN743X_HW_TX_BAD_BYTES,
	LAN743X_HW_TX_SINGLE_COLLISIONS,
	LAN743X_HW_TX_MULTIPLE_COLLISIONS,
	LAN743X_HW_TX_EXCESSIVE_COLLISIONS,
	LAN743X_HW_TX_LATE_COLLISIONS,
	LAN743X_HW_TX_UNICAST_BYTES,
	LAN743X_HW_TX_BROADCAST_BYTES,
	LAN743X_HW_TX_MULTICAST_BYTES,
	LAN743X_HW_TX_UNICAST_FRAMES,
	LAN743X_HW_TX_BROADCAST_FRAMES,
	LAN743X_HW_TX_MULTICAST_FRAMES,
	LAN743X_HW_TX_PAUSE_FRAMES,
	LAN743X_HW_TX_64_FRAMES,
	LAN743X_HW_TX_65_127_FRAMES,
	LAN743X_HW_TX_128_255_FRAMES,
	LAN743X_HW_TX_256_511_FRAMES,
	LAN743X_HW_TX_512_1023_FRAMES,
	LAN743X_HW_TX_1024_1518_FRAMES,
	LAN743X_HW_TX_1519_FRAMES,
	LAN743X_HW_TX_TOTAL_FRAMES,
	LAN743X_HW_RX_LPI_TRANSITIONS,	/* EEE, after the older names */
	LAN743X_HW_RX_LPI_TIME,
	LAN743X_HW_TX_LPI_TRANSITIONS,
	LAN743X_HW_TX_LPI_TIME,
	LAN743X_HW_STAT_CNT
};

/**
 * struct lan743x_hw_stats - 64-bit view of the 32-bit MAC counters
 * @lock: serialises folding (stats work, ndo_get_stats64, ethtool)
 * @live: @last matches the chip (false while it is being reset)
 * @last: raw counter values at the previous fold
 * @total: accumulated 64-bit values
 */
struct lan743x_hw_stats {
	spinlock_t lock;	/* protects live, last[] and total[] */
	bool live;
	u32 last[LAN743X_HW_STAT_CNT];
	u64 total[LAN743X_HW_STAT_CNT];
};

/**
 * struct lan743x_adapter - driver state of one LAN743x function
 * @netdev: our network device
 * @pdev: our PCI function
 * @csr: BAR0 mapping
 * @id_rev: ID_REV register as read at probe
 * @chip: what the chip family has (struct lan743x_chip)
 * @chip_name: the product's name
 * @syslock: serialises the driver's holds of the system lock
 * @hw_cfg: HW_CFG saved at suspend (chip->d3_keep_hw_cfg)
 * @is_a0: A0 silicon: no interrupt auto set/clear, no MSI, no coalescing
 * @msg_enable: netif_msg_* bitmap
 * @hw_up: rings, IRQs and PHY are up (lan743x_open() succeeded)
 * @irq_mode: MSI-X, MSI or INTx
 * @num_vectors: vectors in use (1 to LAN743X_MAX_VECTORS)
 * @vectors: per-vector state
 * @sw_isr_wq: the open-time self-test waits here
 * @sw_isr_seen: set by vector 0 when SW_GP fired
 * @tx: the TX rings, @chip->num_tx of them
 * @rx: the RX rings
 * @rxp: RX policy and ring sizes (ethtool private flags, -G, tunables)
 * @rx_fold: cost counters of RX rings freed by reconfigurations
 * @rx_fold_lock: protects @rx_fold
 * @xsk_tx: per queue, the pool of the AF_XDP zero-copy socket bound to it
 *	whose frames channel 0 sends (read by its NAPI; rtnl to change)
 * @mdiobus: MDIO bus of the MAC
 * @phy_mode: MAC to PHY interface (device tree, else the chip and its strap)
 * @fixed_link: a LAN7431 without PHY (wired to a switch) runs at 1000/full;
 *	a PCI11x1x without PHY runs the link its PCS reports
 * @fixed_speed: the speed of that link
 * @pcs_mode: PCI11x1x: the PCS's interface (SGMII, 1000BASE-X, 2500BASE-X)
 *	chosen by the strap, PHY_INTERFACE_MODE_NA for RGMII and the LAN743x
 * @pcs_lock: serialises SGMII_ACC accesses (open, the link poll)
 * @pcs_work: polls the PCS's link on a link without PHY
 * @of_fixed_link: the device tree's fixed-link is registered
 * @pause_autoneg: resolve pause from autonegotiation
 * @pause_rx: forced RX pause (when !pause_autoneg)
 * @pause_tx: forced TX pause (when !pause_autoneg)
 * @eee_tx_lpi: ethtool's tx-lpi (kernels whose phylib keeps it: the
 *	defaults are yet to be handed to phylib, at the first open)
 * @eee_timer: ethtool's tx-timer, microseconds (phylib's: the default)
 * @hw_stats: folded MAC counters
 * @ptp: the 1588 block
 * @stats_work: folds the MAC counters before they wrap
 * @reset_work: TX timeout recovery
 * @rss_key: Toeplitz key
 * @rss_indir: RSS indirection table
 * @rx_queues: RX queues RSS spreads flows over (ethtool -L rx)
 * @rx_usecs: interrupt moderation of the RX channels (ethtool -C), 0: none
 * @tx_usecs: interrupt moderation of the TX channel
 * @dma_fenced: bus mastering was turned off for a DMA channel that did not
 *	stop (lan743x_dma_stop()); the next open turns it back on
 * @dma_coherent: the device's DMA is cache-coherent (no cache maintenance
 *	on map and sync); reported at probe and in debugfs
 * @otp_access: ethtool -e/-E address the OTP instead of the EEPROM (the
 *	OTP_ACCESS private flag)
 * @wolopts: the wake sources (WAKE_*) the MAC arms for suspend and
 *	power-off (lan743x_wol.c)
 * @phy_wolopts: those the PHY took
 * @debugfs: the device's debugfs directory
 * @fail_ring_alloc: ring-build allocations to fail, on kernels with fault
 *	injection (lan743x_debugfs.c)
 */
struct lan743x_adapter {
	struct net_device *netdev;
	struct pci_dev *pdev;
	void __iomem *csr;
	u32 id_rev;
	const struct lan743x_chip *chip;
	const char *chip_name;
	struct mutex syslock;	/* one holder of SYS_LOCK in the driver */
	u32 hw_cfg;
	bool is_a0;
	u32 msg_enable;
	bool hw_up;

	enum lan743x_irq_mode irq_mode;
	unsigned int num_vectors;
	struct lan743x_vector vectors[LAN743X_MAX_VECTORS];
	wait_queue_head_t sw_isr_wq;
	bool sw_isr_seen;

	struct lan743x_tx tx[LAN743X_MAX_TX];
	struct lan743x_rx rx[LAN743X_NUM_RX];
	struct lan743x_rx_params rxp;
	struct lan743x_rx_cost rx_fold[LAN743X_NUM_RX];
	spinlock_t rx_fold_lock;	/* protects rx_fold */
	struct xsk_buff_pool *xsk_tx[LAN743X_NUM_RX];

	struct mii_bus *mdiobus;
	phy_interface_t phy_mode;
	bool fixed_link;
	int fixed_speed;
	phy_interface_t pcs_mode;
	struct mutex pcs_lock;	/* SGMII_ACC/SGMII_DATA */
	struct delayed_work pcs_work;
	bool of_fixed_link;
	bool pause_autoneg;
	bool pause_rx;
	bool pause_tx;
	bool eee_tx_lpi;
	u32 eee_timer;

	struct lan743x_hw_stats hw_stats;
	struct lan743x_ptp ptp;
	struct delayed_work stats_work;
	struct work_struct reset_work;

	u8 rss_key[LAN743X_RSS_KEY_SIZE];
	u8 rss_indir[LAN743X_RSS_INDIR_SIZE];
	u8 rx_queues;
	u16 rx_usecs;
	u16 tx_usecs;

	bool dma_fenced;
	bool dma_coherent;
	bool otp_access;
	u32 wolopts;		/* wake sources of the MAC (WAKE_*) */
	u32 phy_wolopts;	/* ... and of the PHY */
	struct dentry *debugfs;
#ifdef CONFIG_FAULT_INJECTION_DEBUG_FS
	struct fault_attr fail_ring_alloc;
#endif
};

/* Vector layout when the host grants them all: 0 shared, then the TX
 * channels, then the RX channels
 */
static inline unsigned int lan743x_tx_vector(struct lan743x_adapter *adapter,
					     u8 ch)
{
	return 1 + ch;
}

static inline unsigned int lan743x_rx_vector(struct lan743x_adapter *adapter,
					     u8 ch)
{
	return 1 + adapter->chip->num_tx + ch;
}

static inline unsigned int lan743x_max_vectors(struct lan743x_adapter *adapter)
{
	return 1 + adapter->chip->num_tx + LAN743X_NUM_RX;
}

static inline u32 lan743x_rd32(struct lan743x_adapter *adapter, u32 reg)
{
	return readl(adapter->csr + reg);
}

static inline void lan743x_wr32(struct lan743x_adapter *adapter, u32 reg,
				u32 val)
{
	writel(val, adapter->csr + reg);
}

static inline void lan743x_rmw32(struct lan743x_adapter *adapter, u32 reg,
				 u32 clear, u32 set)
{
	lan743x_wr32(adapter, reg, (lan743x_rd32(adapter, reg) & ~clear) | set);
}

/* lan743x_main.c */
int lan743x_wait_bits(struct lan743x_adapter *adapter, u32 reg, u32 mask,
		      u32 want, unsigned long sleep_us, unsigned long timeout_us);
int lan743x_rss_set_queues(struct lan743x_adapter *adapter, unsigned int n);
void lan743x_rss_set(struct lan743x_adapter *adapter, const u32 *indir,
		     const u8 *key);
void lan743x_mac_set_max_size(struct lan743x_adapter *adapter,
			      unsigned int mtu);
void lan743x_mac_set_flow(struct lan743x_adapter *adapter, bool tx, bool rx);
void lan743x_mac_set_link(struct lan743x_adapter *adapter, int speed,
			  int duplex);
void lan743x_detach(struct lan743x_adapter *adapter);
int lan743x_hw_restart(struct lan743x_adapter *adapter);
int lan743x_reattach(struct lan743x_adapter *adapter);

/* lan743x_chip.c */
const struct lan743x_chip *lan743x_chip_lookup(u32 id_rev, const char **name);
bool lan743x_chip_is_a0(u32 id_rev);
int lan743x_syslock_get(struct lan743x_adapter *adapter);
void lan743x_syslock_put(struct lan743x_adapter *adapter);

/* lan743x_pcs.c */
void lan743x_pcs_init(struct lan743x_adapter *adapter);
void lan743x_pcs_hw_init(struct lan743x_adapter *adapter);
void lan743x_pcs_open(struct lan743x_adapter *adapter);
int lan743x_pcs_link_start(struct lan743x_adapter *adapter);
void lan743x_pcs_link_stop(struct lan743x_adapter *adapter);

static inline bool lan743x_pcs_in_use(struct lan743x_adapter *adapter)
{
	return adapter->pcs_mode != PHY_INTERFACE_MODE_NA;
}

/* lan743x_pci_err.c */
extern const struct pci_error_handlers lan743x_err_handler;
void lan743x_pci_err_init(struct lan743x_adapter *adapter);
void lan743x_pci_err_cleanup(struct lan743x_adapter *adapter);

/* lan743x_eeprom.c */
int lan743x_get_eeprom_len(struct net_device *netdev);
int lan743x_get_eeprom(struct net_device *netdev, struct ethtool_eeprom *ee,
		       u8 *data);
int lan743x_set_eeprom(struct net_device *netdev, struct ethtool_eeprom *ee,
		       u8 *data);

/* lan743x_irq.c */
int lan743x_irq_open(struct lan743x_adapter *adapter);
void lan743x_irq_close(struct lan743x_adapter *adapter);
void lan743x_irq_moderation(struct lan743x_adapter *adapter);
void lan743x_irq_link_napi(struct lan743x_adapter *adapter, bool link);
bool lan743x_irq_ring_dedicated(struct lan743x_adapter *adapter, bool rx,
				u8 ch);

/* lan743x_mdio.c */
int lan743x_mdio_init(struct lan743x_adapter *adapter);
void lan743x_mdio_remove(struct lan743x_adapter *adapter);
int lan743x_phy_connect(struct lan743x_adapter *adapter);
int lan743x_get_eee(struct net_device *netdev,
		    struct lan743x_ethtool_eee *eee);
int lan743x_set_eee(struct net_device *netdev,
		    struct lan743x_ethtool_eee *eee);
void lan743x_phy_disconnect(struct lan743x_adapter *adapter);
int lan743x_get_link_ksettings(struct net_device *netdev,
			       struct ethtool_link_ksettings *ks);

/* lan743x_stats.c */
void lan743x_hw_stats_init(struct lan743x_adapter *adapter);
void lan743x_hw_stats_fold(struct lan743x_adapter *adapter);
void lan743x_hw_stats_freeze(struct lan743x_adapter *adapter);
void lan743x_hw_stats_work(struct work_struct *work);
#ifdef LAN743X_HAVE_QSTATS
extern const struct netdev_stat_ops lan743x_stat_ops;
#endif
void lan743x_get_stats64(struct net_device *netdev,
			 struct rtnl_link_stats64 *stats);
extern const char * const lan743x_hw_stat_names[LAN743X_HW_STAT_CNT];
#ifdef LAN743X_HAVE_STD_STATS
void lan743x_get_eth_mac_stats(struct net_device *netdev,
			       struct ethtool_eth_mac_stats *s);
void lan743x_get_eth_ctrl_stats(struct net_device *netdev,
				struct ethtool_eth_ctrl_stats *s);
void lan743x_get_rmon_stats(struct net_device *netdev,
			    struct ethtool_rmon_stats *s,
			    const struct ethtool_rmon_hist_range **ranges);
#endif

/* lan743x_debugfs.c */
#ifdef CONFIG_FAULT_INJECTION_DEBUG_FS
bool lan743x_fail_ring_alloc(struct lan743x_adapter *adapter);
#else
static inline bool lan743x_fail_ring_alloc(struct lan743x_adapter *adapter)
{
	return false;
}
#endif
#define LAN743X_MAC_WAKES	(WAKE_UCAST | WAKE_MCAST | WAKE_BCAST | \
				 WAKE_MAGIC | WAKE_ARP)
void lan743x_get_wol(struct net_device *netdev, struct ethtool_wolinfo *wol);
int lan743x_set_wol(struct net_device *netdev, struct ethtool_wolinfo *wol);
void lan743x_wol_arm(struct lan743x_adapter *adapter);
void lan743x_wol_disarm(struct lan743x_adapter *adapter);

void lan743x_debugfs_add(struct lan743x_adapter *adapter);
void lan743x_debugfs_remove(struct lan743x_adapter *adapter);
void lan743x_debugfs_init(void);
void lan743x_debugfs_exit(void);

/* lan743x_xdp.c: XDP from 5.15 on (page_pool recycling from the stack) */
#ifdef LAN743X_HAVE_XDP
int lan743x_xdp_check(struct net_device *netdev,
		      const struct lan743x_rx_params *p, unsigned int mtu,
		      struct netlink_ext_ack *extack);
void lan743x_xdp_set_features(struct lan743x_adapter *adapter);
u32 lan743x_xdp_buf_len_max(void);
int lan743x_xdp_bpf(struct net_device *netdev, struct netdev_bpf *bpf);
#ifdef LAN743X_HAVE_XSK_POOL
int lan743x_xsk_pool_setup(struct lan743x_adapter *adapter,
			   struct xsk_buff_pool *pool, u16 qid,
			   struct netlink_ext_ack *extack);
int lan743x_xsk_wakeup(struct net_device *netdev, u32 qid, u32 flags);
#endif
#ifdef LAN743X_HAVE_XDP_METADATA
extern const struct xdp_metadata_ops lan743x_xdp_metadata_ops;
#endif
#else
static inline int lan743x_xdp_check(struct net_device *netdev,
				    const struct lan743x_rx_params *p,
				    unsigned int mtu,
				    struct netlink_ext_ack *extack)
{
	return 0;
}

static inline void lan743x_xdp_set_features(struct lan743x_adapter *adapter)
{
}
#endif

/* lan743x_ethtool.c */
extern const struct ethtool_ops lan743x_ethtool_ops;

#endif /* _LAN743X_MAIN_H */

// SPDX-License-Identifier: GPL-2.0
/* Statistics: the MAC's free-running 32-bit STAT_* counters folded into
 * 64-bit totals, and ndo_get_stats64 built from the rings' software
 * counters plus those totals.
 */

#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/spinlock.h>

#include "lan743x_main.h"

/* A 32-bit byte counter wraps after ~34 s at 1 Gbit/s: fold well before */
#define LAN743X_STATS_PERIOD		(5 * HZ)

static const u16 lan743x_hw_stat_regs[LAN743X_HW_STAT_CNT] = {
	[LAN743X_HW_RX_FCS_ERRORS]		= STAT_RX_FCS_ERRORS,
	[LAN743X_HW_RX_ALIGNMENT_ERRORS]	= STAT_RX_ALIGNMENT_ERRORS,
	[LAN743X_HW_RX_FRAGMENT_ERRORS]		= STAT_RX_FRAGMENT_ERRORS,
	[LAN743X_HW_RX_JABBER_ERRORS]		= STAT_RX_JABBER_ERRORS,
	[LAN743X_HW_RX_UNDERSIZE_ERRORS]	= STAT_RX_UNDERSIZE_FRAME_ERRORS,
	[LAN743X_HW_RX_OVERSIZE_ERRORS]		= STAT_RX_OVERSIZE_FRAME_ERRORS,
	[LAN743X_HW_RX_DROPPED_FRAMES]		= STAT_RX_DROPPED_FRAMES,
	[LAN743X_HW_RX_UNICAST_BYTES]		= STAT_RX_UNICAST_BYTE_COUNT,
	[LAN743X_HW_RX_BROADCAST_BYTES]		= STAT_RX_BROADCAST_BYTE_COUNT,
	[LAN743X_HW_RX_MULTICAST_BYTES]		= STAT_RX_MULTICAST_BYTE_COUNT,
	[LAN743X_HW_RX_UNICAST_FRAMES]		= STAT_RX_UNICAST_FRAMES,
	[LAN743X_HW_RX_BROADCAST_FRAMES]	= STAT_RX_BROADCAST_FRAMES,
	[LAN743X_HW_RX_MULTICAST_FRAMES]	= STAT_RX_MULTICAST_FRAMES,
	[LAN743X_HW_RX_PAUSE_FRAMES]		= STAT_RX_PAUSE_FRAMES,
	[LAN743X_HW_RX_64_FRAMES]		= STAT_RX_64_BYTE_FRAMES,
	[LAN743X_HW_RX_65_127_FRAMES]		= STAT_RX_65_127_BYTE_FRAMES,
	[LAN743X_HW_RX_128_255_FRAMES]		= STAT_RX_128_255_BYTE_FRAMES,
	[LAN743X_HW_RX_256_511_FRAMES]		= STAT_RX_256_511_BYTE_FRAMES,
	[LAN743X_HW_RX_512_1023_FRAMES]		= STAT_RX_512_1023_BYTE_FRAMES,
	[LAN743X_HW_RX_1024_1518_FRAMES]	= STAT_RX_1024_1518_BYTE_FRAMES,
	[LAN743X_HW_RX_1519_FRAMES]		= STAT_RX_GREATER_1518_BYTE_FRAMES,
	[LAN743X_HW_RX_TOTAL_FRAMES]		= STAT_RX_TOTAL_FRAMES,
	[LAN743X_HW_TX_FCS_ERRORS]		= STAT_TX_FCS_ERRORS,
	[LAN743X_HW_TX_EXCESS_DEFERRAL_ERRORS]	= STAT_TX_EXCESS_DEFERRAL_ERRORS,
	[LAN743X_HW_TX_CARRIER_ERRORS]		= STAT_TX_CARRIER_ERRORS,
	[LAN743X_HW_TX_BAD_BYTES]		= STAT_TX_BAD_BYTE_COUNT,
	[LAN743X_HW_TX_SINGLE_COLLISIONS]	= STAT_TX_SINGLE_COLLISIONS,
	[LAN743X_HW_TX_MULTIPLE_COLLISIONS]	= STAT_TX_MULTIPLE_COLLISIONS,
	[LAN743X_HW_TX_EXCESSIVE_COLLISIONS]	= STAT_TX_EXCESSIVE_COLLISION,
	[LAN743X_HW_TX_LATE_COLLISIONS]		= STAT_TX_LATE_COLLISIONS,
	[LAN743X_HW_TX_UNICAST_BYTES]		= STAT_TX_UNICAST_BYTE_COUNT,
	[LAN743X_HW_TX_BROADCAST_BYTES]		= STAT_TX_BROADCAST_BYTE_COUNT,
	[LAN743X_HW_TX_MULTICAST_BYTES]		= STAT_TX_MULTICAST_BYTE_COUNT,
	[LAN743X_HW_TX_UNICAST_FRAMES]		= STAT_TX_UNICAST_FRAMES,
	[LAN743X_HW_TX_BROADCAST_FRAMES]	= STAT_TX_BROADCAST_FRAMES,
	[LAN743X_HW_TX_MULTICAST_FRAMES]	= STAT_TX_MULTICAST_FRAMES,
	[LAN743X_HW_TX_PAUSE_FRAMES]		= STAT_TX_PAUSE_FRAMES,
	[LAN743X_HW_TX_64_FRAMES]		= STAT_TX_64_BYTE_FRAMES,
	[LAN743X_HW_TX_65_127_FRAMES]		= STAT_TX_65_127_BYTE_FRAMES,
	[LAN743X_HW_TX_128_255_FRAMES]		= STAT_TX_128_255_BYTE_FRAMES,
	[LAN743X_HW_TX_256_511_FRAMES]		= STAT_TX_256_511_BYTE_FRAMES,
	[LAN743X_HW_TX_512_1023_FRAMES]		= STAT_TX_512_1023_BYTE_FRAMES,
	[LAN743X_HW_TX_1024_1518_FRAMES]	= STAT_TX_1024_1518_BYTE_FRAMES,
	[LAN743X_HW_TX_1519_FRAMES]		= STAT_TX_GREATER_1518_BYTE_FRAMES,
	[LAN743X_HW_TX_TOTAL_FRAMES]		= STAT_TX_TOTAL_FRAMES,
	[LAN743X_HW_RX_LPI_TRANSITIONS]		= STAT_EEE_RX_LPI_TRANSITIONS,
	[LAN743X_HW_RX_LPI_TIME]		= STAT_EEE_RX_LPI_TIME,
	[LAN743X_HW_TX_LPI_TRANSITIONS]		= STAT_EEE_TX_LPI_TRANSITIONS,
	[LAN743X_HW_TX_LPI_TIME]		= STAT_EEE_TX_LPI_TIME,
};

const char * const lan743x_hw_stat_names[LAN743X_HW_STAT_CNT] = {
	[LAN743X_HW_RX_FCS_ERRORS]		= "rx_fcs_errors",
	[LAN743X_HW_RX_ALIGNMENT_ERRORS]	= "rx_alignment_errors",
	[LAN743X_HW_RX_FRAGMENT_ERRORS]		= "rx_fragment_errors",
	[LAN743X_HW_RX_JABBER_ERRORS]		= "rx_jabber_errors",
	[LAN743X_HW_RX_UNDERSIZE_ERRORS]	= "rx_undersize_errors",
	[LAN743X_HW_RX_OVERSIZE_ERRORS]		= "rx_oversize_errors",
	[LAN743X_HW_RX_DROPPED_FRAMES]		= "rx_mac_dropped_frames",
	[LAN743X_HW_RX_UNICAST_BYTES]		= "rx_unicast_bytes",
	[LAN743X_HW_RX_BROADCAST_BYTES]		= "rx_broadcast_bytes",
	[LAN743X_HW_RX_MULTICAST_BYTES]		= "rx_multicast_bytes",
	[LAN743X_HW_RX_UNICAST_FRAMES]		= "rx_unicast_frames",
	[LAN743X_HW_RX_BROADCAST_FRAMES]	= "rx_broadcast_frames",
	[LAN743X_HW_RX_MULTICAST_FRAMES]	= "rx_multicast_frames",
	[LAN743X_HW_RX_PAUSE_FRAMES]		= "rx_pause_frames",
	[LAN743X_HW_RX_64_FRAMES]		= "rx_64_byte_frames",
	[LAN743X_HW_RX_65_127_FRAMES]		= "rx_65_127_byte_frames",
	[LAN743X_HW_RX_128_255_FRAMES]		= "rx_128_255_byte_frames",
	[LAN743X_HW_RX_256_511_FRAMES]		= "rx_256_511_byte_frames",
	[LAN743X_HW_RX_512_1023_FRAMES]		= "rx_512_1023_byte_frames",
	[LAN743X_HW_RX_1024_1518_FRAMES]	= "rx_1024_1518_byte_frames",
	[LAN743X_HW_RX_1519_FRAMES]		= "rx_greater_1518_byte_frames",
	[LAN743X_HW_RX_TOTAL_FRAMES]		= "rx_total_frames",
	[LAN743X_HW_TX_FCS_ERRORS]		= "tx_fcs_errors",
	[LAN743X_HW_TX_EXCESS_DEFERRAL_ERRORS]	= "tx_excess_deferral_errors",
	[LAN743X_HW_TX_CARRIER_ERRORS]		= "tx_carrier_errors",
	[LAN743X_HW_TX_BAD_BYTES]		= "tx_bad_bytes",
	[LAN743X_HW_TX_SINGLE_COLLISIONS]	= "tx_single_collisions",
	[LAN743X_HW_TX_MULTIPLE_COLLISIONS]	= "tx_multiple_collisions",
	[LAN743X_HW_TX_EXCESSIVE_COLLISIONS]	= "tx_excessive_collisions",
	[LAN743X_HW_TX_LATE_COLLISIONS]		= "tx_late_collisions",
	[LAN743X_HW_TX_UNICAST_BYTES]		= "tx_unicast_bytes",
	[LAN743X_HW_TX_BROADCAST_BYTES]		= "tx_broadcast_bytes",
	[LAN743X_HW_TX_MULTICAST_BYTES]		= "tx_multicast_bytes",
	[LAN743X_HW_TX_UNICAST_FRAMES]		= "tx_unicast_frames",
	[LAN743X_HW_TX_BROADCAST_FRAMES]	= "tx_broadcast_frames",
	[LAN743X_HW_TX_MULTICAST_FRAMES]	= "tx_multicast_frames",
	[LAN743X_HW_TX_PAUSE_FRAMES]		= "tx_pause_frames",
	[LAN743X_HW_TX_64_FRAMES]		= "tx_64_byte_frames",
	[LAN743X_HW_TX_65_127_FRAMES]		= "tx_65_127_byte_frames",
	[LAN743X_HW_TX_128_255_FRAMES]		= "tx_128_255_byte_frames",
	[LAN743X_HW_TX_256_511_FRAMES]		= "tx_256_511_byte_frames",
	[LAN743X_HW_TX_512_1023_FRAMES]		= "tx_512_1023_byte_frames",
	[LAN743X_HW_TX_1024_1518_FRAMES]	= "tx_1024_1518_byte_frames",
	[LAN743X_HW_TX_1519_FRAMES]		= "tx_greater_1518_byte_frames",
	[LAN743X_HW_TX_TOTAL_FRAMES]		= "tx_total_frames",
	[LAN743X_HW_RX_LPI_TRANSITIONS]		= "rx_eee_lpi_transitions",
	[LAN743X_HW_RX_LPI_TIME]		= "rx_eee_lpi_time_us",
	[LAN743X_HW_TX_LPI_TRANSITIONS]		= "tx_eee_lpi_transitions",
	[LAN743X_HW_TX_LPI_TIME]		= "tx_eee_lpi_time_us",
};

/**
 * lan743x_hw_stats_init() - take the current counter values as baseline
 * @adapter: adapter, counters just reset (MAC_CR.CNTR_RST)
 *
 * The 64-bit totals are kept: they survive resets of the chip.
 */
void lan743x_hw_stats_init(struct lan743x_adapter *adapter)
{
	struct lan743x_hw_stats *hs = &adapter->hw_stats;
	unsigned long flags;
	int i;

	spin_lock_irqsave(&hs->lock, flags);
	for (i = 0; i < LAN743X_HW_STAT_CNT; i++)
		hs->last[i] = lan743x_rd32(adapter, lan743x_hw_stat_regs[i]);
	hs->live = true;
	spin_unlock_irqrestore(&hs->lock, flags);
}

/**
 * lan743x_hw_stats_freeze() - fold one last time before the chip is reset
 * @adapter: adapter
 *
 * Folding stays off until lan743x_hw_stats_init() takes a new baseline.
 */
void lan743x_hw_stats_freeze(struct lan743x_adapter *adapter)
{
	struct lan743x_hw_stats *hs = &adapter->hw_stats;
	unsigned long flags;

	lan743x_hw_stats_fold(adapter);
	spin_lock_irqsave(&hs->lock, flags);
	hs->live = false;
	spin_unlock_irqrestore(&hs->lock, flags);
}

/**
 * lan743x_hw_stats_fold() - add what the counters moved since the last fold
 * @adapter: adapter
 *
 * Unsigned 32-bit subtraction absorbs one wrap of a counter between folds.
 */
void lan743x_hw_stats_fold(struct lan743x_adapter *adapter)
{
	struct lan743x_hw_stats *hs = &adapter->hw_stats;
	unsigned long flags;
	u32 now;
	int i;

	/* the chip is not reachable while suspended; one that does not
	 * answer reads all ones, which are no counter values
	 */
	if (!netif_device_present(adapter->netdev) ||
	    lan743x_rd32(adapter, ID_REV) == ~0u)
		return;

	spin_lock_irqsave(&hs->lock, flags);
	for (i = 0; hs->live && i < LAN743X_HW_STAT_CNT; i++) {
		now = lan743x_rd32(adapter, lan743x_hw_stat_regs[i]);
		hs->total[i] += (u32)(now - hs->last[i]);
		hs->last[i] = now;
	}
	spin_unlock_irqrestore(&hs->lock, flags);
}

/**
 * lan743x_hw_stats_work() - periodic fold while the interface is up
 * @work: adapter->stats_work
 */
void lan743x_hw_stats_work(struct work_struct *work)
{
	struct lan743x_adapter *adapter =
		container_of(to_delayed_work(work), struct lan743x_adapter,
			     stats_work);

	lan743x_hw_stats_fold(adapter);
	schedule_delayed_work(&adapter->stats_work, LAN743X_STATS_PERIOD);
}

static void lan743x_stats64_rx(struct lan743x_adapter *adapter,
			       struct rtnl_link_stats64 *s)
{
	u64 packets, bytes, dropped;
	unsigned int start;
	int ch;

	for (ch = 0; ch < LAN743X_NUM_RX; ch++) {
		const struct lan743x_rx_stats *rs = &adapter->rx[ch].stats;

		do {
			start = u64_stats_fetch_begin(&rs->syncp);
			/* XDP is the first layer of the stack: the
			 * frames its program kept are received too
			 */
			packets = rs->frames.packets +
				  lan743x_rx_xdp_done(&rs->frames);
			bytes = rs->frames.bytes + rs->frames.xdp_bytes;
			dropped = rs->frames.dropped;
		} while (u64_stats_fetch_retry(&rs->syncp, start));
		s->rx_packets += packets;
		s->rx_bytes += bytes;
		s->rx_dropped += dropped;
	}
}

static void lan743x_stats64_tx(struct lan743x_adapter *adapter,
			       struct rtnl_link_stats64 *s)
{
	unsigned int start;
	u64 a, b;
	int ch;

	s->tx_packets = 0;
	s->tx_bytes = 0;
	s->tx_dropped = 0;
	for (ch = 0; ch < adapter->chip->num_tx; ch++) {
		const struct lan743x_tx_xstats *xs = &adapter->tx[ch].xstats;
		const struct lan743x_tx_stats *ts = &adapter->tx[ch].stats;

		do {
			start = u64_stats_fetch_begin(&ts->syncp);
			a = ts->packets;
			b = ts->bytes;
		} while (u64_stats_fetch_retry(&ts->syncp, start));
		s->tx_packets += a;
		s->tx_bytes += b;

		do {
			start = u64_stats_fetch_begin(&xs->syncp);
			a = xs->map_err;
			b = xs->dropped;
		} while (u64_stats_fetch_retry(&xs->syncp, start));
		s->tx_dropped += a + b;
	}
}

static void lan743x_stats64_hw(struct lan743x_adapter *adapter,
			       struct rtnl_link_stats64 *s)
{
	struct lan743x_hw_stats *hs = &adapter->hw_stats;
	unsigned long flags;
	const u64 *t;

	/* What the last fold found: /proc/net/dev is read often, and a fold
	 * is 45 MMIO reads with interrupts off.  ethtool -S folds first.
	 */
	spin_lock_irqsave(&hs->lock, flags);
	t = hs->total;
	s->rx_crc_errors = t[LAN743X_HW_RX_FCS_ERRORS];
	s->rx_frame_errors = t[LAN743X_HW_RX_ALIGNMENT_ERRORS];
	s->rx_length_errors = t[LAN743X_HW_RX_FRAGMENT_ERRORS] +
			      t[LAN743X_HW_RX_JABBER_ERRORS] +
			      t[LAN743X_HW_RX_UNDERSIZE_ERRORS] +
			      t[LAN743X_HW_RX_OVERSIZE_ERRORS];
	s->rx_missed_errors = t[LAN743X_HW_RX_DROPPED_FRAMES];
	s->multicast = t[LAN743X_HW_RX_MULTICAST_FRAMES];
	s->tx_carrier_errors = t[LAN743X_HW_TX_CARRIER_ERRORS];
	s->tx_aborted_errors = t[LAN743X_HW_TX_EXCESSIVE_COLLISIONS];
	s->tx_window_errors = t[LAN743X_HW_TX_LATE_COLLISIONS];
	s->collisions = t[LAN743X_HW_TX_SINGLE_COLLISIONS] +
			t[LAN743X_HW_TX_MULTIPLE_COLLISIONS] +
			t[LAN743X_HW_TX_EXCESSIVE_COLLISIONS] +
			t[LAN743X_HW_TX_LATE_COLLISIONS];
	s->tx_errors = t[LAN743X_HW_TX_FCS_ERRORS] +
		       t[LAN743X_HW_TX_EXCESS_DEFERRAL_ERRORS] +
		       s->tx_carrier_errors + s->tx_aborted_errors +
		       s->tx_window_errors;
	spin_unlock_irqrestore(&hs->lock, flags);
	s->rx_errors = s->rx_crc_errors + s->rx_frame_errors +
		       s->rx_length_errors;
}

/**
 * lan743x_get_stats64() - ndo_get_stats64
 * @netdev: our device
 * @stats: filled in
 */
void lan743x_get_stats64(struct net_device *netdev,
			 struct rtnl_link_stats64 *stats)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	lan743x_stats64_rx(adapter, stats);
	lan743x_stats64_tx(adapter, stats);
	lan743x_stats64_hw(adapter, stats);
}

#ifdef LAN743X_HAVE_QSTATS
/* Per-queue statistics of the netdev netlink family (qstats).  Together
 * with the base they add up to ndo_get_stats64's packets and bytes.
 * Context: rtnl held (the policy's own counters are read on demand).
 */
static void lan743x_qstats_rx_zero(struct netdev_queue_stats_rx *rx)
{
	rx->packets = 0;
	rx->bytes = 0;
	rx->alloc_fail = 0;
	rx->csum_unnecessary = 0;
	rx->csum_none = 0;
}

static void lan743x_qstats_rx_add(struct lan743x_adapter *adapter, u8 ch,
				  struct netdev_queue_stats_rx *rx)
{
	struct lan743x_rx_stats rs;

	lan743x_rx_read_stats(adapter, ch, &rs);
	rx->packets += rs.frames.packets + lan743x_rx_xdp_done(&rs.frames);
	rx->bytes += rs.frames.bytes + rs.frames.xdp_bytes;
	rx->alloc_fail += rs.cost.buf_alloc_fail;
	rx->csum_unnecessary += rs.frames.csum_unnecessary;
	rx->csum_none += rs.frames.csum_none;
}

static void lan743x_get_queue_stats_rx(struct net_device *netdev, int idx,
				       struct netdev_queue_stats_rx *rx)
{
	lan743x_qstats_rx_zero(rx);
	lan743x_qstats_rx_add(netdev_priv(netdev), idx, rx);
}

static void lan743x_get_queue_stats_tx(struct net_device *netdev, int idx,
				       struct netdev_queue_stats_tx *tx)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	const struct lan743x_tx_stats *ts;
	unsigned int start;

	ts = &adapter->tx[idx].stats;
	do {
		start = u64_stats_fetch_begin(&ts->syncp);
		tx->packets = ts->packets;
		tx->bytes = ts->bytes;
	} while (u64_stats_fetch_retry(&ts->syncp, start));
}

/* What the queues beyond ethtool -L's count received while they had
 * traffic: the rings stay, so their counters do too.
 */
static void lan743x_get_base_stats(struct net_device *netdev,
				   struct netdev_queue_stats_rx *rx,
				   struct netdev_queue_stats_tx *tx)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	u8 ch;

	lan743x_qstats_rx_zero(rx);
	for (ch = netdev->real_num_rx_queues; ch < LAN743X_NUM_RX; ch++)
		lan743x_qstats_rx_add(adapter, ch, rx);
	tx->packets = 0;
	tx->bytes = 0;
}

const struct netdev_stat_ops lan743x_stat_ops = {
	.get_queue_stats_rx	= lan743x_get_queue_stats_rx,
	.get_queue_stats_tx	= lan743x_get_queue_stats_tx,
	.get_base_stats		= lan743x_get_base_stats,
};
#endif

#ifdef LAN743X_HAVE_STD_STATS
/* The standard groups (ethtool -S --groups eth-mac eth-ctrl rmon) from the
 * same folded counters as ethtool -S.  Byte counts include the FCS.
 */
static void lan743x_hw_stats_snap(struct lan743x_adapter *adapter, u64 *t)
{
	struct lan743x_hw_stats *hs = &adapter->hw_stats;
	unsigned long flags;

	lan743x_hw_stats_fold(adapter);
	spin_lock_irqsave(&hs->lock, flags);
	memcpy(t, hs->total, sizeof(hs->total));
	spin_unlock_irqrestore(&hs->lock, flags);
}

/* Good frames or their bytes: the unicast, broadcast and multicast
 * counters, which follow each other from @unicast on
 */
static u64 lan743x_hw_good(const u64 *t, enum lan743x_hw_stat unicast)
{
	BUILD_BUG_ON(LAN743X_HW_RX_MULTICAST_FRAMES !=
		     LAN743X_HW_RX_UNICAST_FRAMES + 2 ||
		     LAN743X_HW_TX_MULTICAST_BYTES !=
		     LAN743X_HW_TX_UNICAST_BYTES + 2);
	return t[unicast] + t[unicast + 1] + t[unicast + 2];
}

/**
 * lan743x_get_eth_mac_stats() - the IEEE 802.3 MAC counters (eth-mac)
 * @netdev: our device
 * @s: filled in; what the chip does not count stays unset
 */
void lan743x_get_eth_mac_stats(struct net_device *netdev,
			       struct ethtool_eth_mac_stats *s)
{
	u64 t[LAN743X_HW_STAT_CNT];

	lan743x_hw_stats_snap(netdev_priv(netdev), t);
	s->FramesTransmittedOK = lan743x_hw_good(t, LAN743X_HW_TX_UNICAST_FRAMES);
	s->OctetsTransmittedOK = lan743x_hw_good(t, LAN743X_HW_TX_UNICAST_BYTES);
	s->MulticastFramesXmittedOK = t[LAN743X_HW_TX_MULTICAST_FRAMES];
	s->BroadcastFramesXmittedOK = t[LAN743X_HW_TX_BROADCAST_FRAMES];
	s->SingleCollisionFrames = t[LAN743X_HW_TX_SINGLE_COLLISIONS];
	s->MultipleCollisionFrames = t[LAN743X_HW_TX_MULTIPLE_COLLISIONS];
	s->LateCollisions = t[LAN743X_HW_TX_LATE_COLLISIONS];
	s->FramesAbortedDueToXSColls = t[LAN743X_HW_TX_EXCESSIVE_COLLISIONS];
	s->CarrierSenseErrors = t[LAN743X_HW_TX_CARRIER_ERRORS];
	s->FramesWithExcessiveDeferral = t[LAN743X_HW_TX_EXCESS_DEFERRAL_ERRORS];
	s->FramesReceivedOK = lan743x_hw_good(t, LAN743X_HW_RX_UNICAST_FRAMES);
	s->OctetsReceivedOK = lan743x_hw_good(t, LAN743X_HW_RX_UNICAST_BYTES);
	s->MulticastFramesReceivedOK = t[LAN743X_HW_RX_MULTICAST_FRAMES];
	s->BroadcastFramesReceivedOK = t[LAN743X_HW_RX_BROADCAST_FRAMES];
	s->FrameCheckSequenceErrors = t[LAN743X_HW_RX_FCS_ERRORS];
	s->AlignmentErrors = t[LAN743X_HW_RX_ALIGNMENT_ERRORS];
	s->FramesLostDueToIntMACRcvError = t[LAN743X_HW_RX_DROPPED_FRAMES];
	s->FrameTooLongErrors = t[LAN743X_HW_RX_OVERSIZE_ERRORS];
}

/**
 * lan743x_get_eth_ctrl_stats() - the MAC control counters (eth-ctrl)
 * @netdev: our device
 * @s: filled in: pause frames are the only MAC control frames the chip
 *	counts
 */
void lan743x_get_eth_ctrl_stats(struct net_device *netdev,
				struct ethtool_eth_ctrl_stats *s)
{
	u64 t[LAN743X_HW_STAT_CNT];

	lan743x_hw_stats_snap(netdev_priv(netdev), t);
	s->MACControlFramesTransmitted = t[LAN743X_HW_TX_PAUSE_FRAMES];
	s->MACControlFramesReceived = t[LAN743X_HW_RX_PAUSE_FRAMES];
}

/* The chip's frame-size buckets; the last one ends at the largest frame
 * the driver lets the MAC take (jumbo MTU, VLAN tag, FCS).
 */
static const struct ethtool_rmon_hist_range lan743x_rmon_ranges[] = {
	{ 0, 64 },
	{ 65, 127 },
	{ 128, 255 },
	{ 256, 511 },
	{ 512, 1023 },
	{ 1024, 1518 },
	{ 1519, LAN743X_MAX_MTU + VLAN_ETH_HLEN + ETH_FCS_LEN },
	{}
};

/**
 * lan743x_get_rmon_stats() - RMON counters and the frame-size histograms
 * @netdev: our device
 * @s: filled in
 * @ranges: set to the chip's buckets
 */
void lan743x_get_rmon_stats(struct net_device *netdev,
			    struct ethtool_rmon_stats *s,
			    const struct ethtool_rmon_hist_range **ranges)
{
	u64 t[LAN743X_HW_STAT_CNT];
	int i;

	lan743x_hw_stats_snap(netdev_priv(netdev), t);
	s->undersize_pkts = t[LAN743X_HW_RX_UNDERSIZE_ERRORS];
	s->oversize_pkts = t[LAN743X_HW_RX_OVERSIZE_ERRORS];
	s->fragments = t[LAN743X_HW_RX_FRAGMENT_ERRORS];
	s->jabbers = t[LAN743X_HW_RX_JABBER_ERRORS];
	for (i = 0; i < ARRAY_SIZE(lan743x_rmon_ranges) - 1; i++) {
		s->hist[i] = t[LAN743X_HW_RX_64_FRAMES + i];
		s->hist_tx[i] = t[LAN743X_HW_TX_64_FRAMES + i];
	}
	*ranges = lan743x_rmon_ranges;
}
#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* PTP hardware clock and hardware timestamps */
#ifndef _LAN743X_PTP_H
#define _LAN743X_PTP_H

#include <linux/mutex.h>
#include <linux/net_tstamp.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/spinlock.h>

#define PTP_CMD_CTL			0xA00
#define PTP_CMD_CTL_STEP_NSEC_		BIT(6)
#define PTP_CMD_CTL_CLOCK_LOAD_		BIT(4)
#define PTP_CMD_CTL_CLOCK_READ_		BIT(3)
#define PTP_CMD_CTL_ENABLE_		BIT(2)
#define PTP_CMD_CTL_DISABLE_		BIT(1)
#define PTP_CMD_CTL_RESET_		BIT(0)
#define PTP_INT_STS			0xA08
#define PTP_INT_EN_SET			0xA0C
#define PTP_INT_EN_CLR			0xA10
#define PTP_INT_BIT_TX_TS_OVRFL_	BIT(14)
#define PTP_INT_BIT_TX_TS_		BIT(12)
#define PTP_CLOCK_SEC			0xA14
#define PTP_CLOCK_NS			0xA18
#define PTP_CLOCK_SUBNS			0xA1C
#define PTP_CLOCK_RATE_ADJ		0xA20
#define PTP_CLOCK_STEP_ADJ		0xA2C
#define PTP_ADJ_DIR_			BIT(31)
#define PTP_ADJ_VALUE_MASK_		GENMASK(29, 0)
#define PTP_TX_EGRESS_SEC		0xAAC
#define PTP_TX_EGRESS_NS		0xAB0
#define PTP_TX_EGRESS_NS_MASK_		GENMASK(29, 0)
#define PTP_TX_MSG_HEADER		0xAB4

#define TX_DESC_DATA0_TSE_		BIT(16)
#define RX_DESC_DATA2_TS_NS_MASK_	GENMASK(29, 0)

/* the chip holds at most this many TX timestamps */
#define LAN743X_PTP_TX_TS_CNT		4
/* the rate adjuster's range: 1 +/- (2^30 - 1) / 2^35 */
#define LAN743X_PTP_MAX_ADJ_PPB		31249999

struct lan743x_adapter;
struct lan743x_rx;
struct lan743x_desc;
struct sk_buff;

/**
 * struct lan743x_ptp_tx - a frame waiting for its TX timestamp
 * @skb: the frame (our reference)
 * @hdr: the PTP header word the chip reports with its timestamp
 * @start: jiffies when it was sent
 */
struct lan743x_ptp_tx {
	struct sk_buff *skb;
	u32 hdr;
	unsigned long start;
};

/**
 * struct lan743x_ptp - the 1588 block
 * @info: the PHC's operations
 * @clock: the registered PHC, NULL without one
 * @cmd_lock: serialises the clock commands (process context)
 * @tx_lock: protects @tx and @tx_on (xmit, worker)
 * @tx: frames held for their TX timestamp
 * @tx_on: TX timestamps requested by the timestamping configuration
 * @rx_filter: the RX filter in force
 * @rx_cfg: its RX_CFG_B timestamp bits, for every ring
 * @tx_timestamps: TX timestamps delivered
 * @tx_timeouts: held frames that got no timestamp within a second
 * @tx_skipped: frames sent without a timestamp as all slots were busy
 */
struct lan743x_ptp {
	struct ptp_clock_info info;
	struct ptp_clock *clock;
	struct mutex cmd_lock;	/* clock commands */
	spinlock_t tx_lock;	/* @tx, @tx_on, counters */
	struct lan743x_ptp_tx tx[LAN743X_PTP_TX_TS_CNT];
	bool tx_on;
	int rx_filter;
	u32 rx_cfg;
	u64 tx_timestamps;
	u64 tx_timeouts;
	u64 tx_skipped;
};

#define LAN743X_PTP_STAT_CNT	3

void lan743x_ptp_probe(struct lan743x_adapter *adapter);
void lan743x_ptp_remove(struct lan743x_adapter *adapter);
void lan743x_ptp_open(struct lan743x_adapter *adapter);
void lan743x_ptp_close(struct lan743x_adapter *adapter);
void lan743x_ptp_isr(struct lan743x_adapter *adapter);
void lan743x_ptp_tx_request(struct lan743x_adapter *adapter,
			    struct sk_buff *skb, struct lan743x_desc *first);
void lan743x_ptp_rx_hold(struct lan743x_rx *rx, struct sk_buff *skb);
void lan743x_ptp_rx_ext(struct lan743x_rx *rx, const struct lan743x_desc *d);
int lan743x_ptp_hwts(struct lan743x_adapter *adapter, int *tx_type,
		     int *rx_filter, bool set);
#ifdef LAN743X_HAVE_NDO_HWTSTAMP
int lan743x_ptp_hwtstamp_get(struct net_device *netdev,
			     struct kernel_hwtstamp_config *cfg);
int lan743x_ptp_hwtstamp_set(struct net_device *netdev,
			     struct kernel_hwtstamp_config *cfg,
			     struct netlink_ext_ack *extack);
#endif
int lan743x_ptp_ioctl(struct net_device *netdev, struct ifreq *ifr, int cmd);
void lan743x_ptp_strings(u8 **data);
u64 *lan743x_ptp_stats(struct lan743x_adapter *adapter, u64 *data);
int lan743x_ptp_phc_index(struct lan743x_adapter *adapter);

#endif /* _LAN743X_PTP_H */

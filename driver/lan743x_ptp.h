/* SPDX-License-Identifier: GPL-2.0 */
/* PTP hardware clock and hardware timestamps */
#ifndef _LAN743X_PTP_H
#define _LAN743X_PTP_H

#include <linux/mutex.h>
#include <linux/net_tstamp.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/spinlock.h>

#include "lan743x_compat.h"

/* the chip holds at most this many TX timestamps */
#define LAN743X_PTP_TX_TS_CNT		4
/* the rate adjuster's range: 1 +/- (2^30 - 1) / 2^35 */
#define LAN743X_PTP_MAX_ADJ_PPB		31249999
/* GPIOs the 1588 block can drive (the LAN7430's are its LED pins) */
#define LAN7430_PTP_PINS		4
#define LAN7431_PTP_PINS		12
/* clock target channels A and B, one periodic output each */
#define LAN743X_PTP_PEROUTS		2
/* PCI11x1x: event capture channels, channel n on GPIO n */
#define LAN743X_PTP_EXTTS_MAX		8

struct lan743x_adapter;
struct lan743x_rx;
struct lan743x_desc;
struct sk_buff;

/**
 * struct lan743x_ptp_tx - a frame waiting for its TX timestamp
 * @skb: the frame (our reference)
 * @hdr: the PTP header word the chip reports with its timestamp
 * @start: jiffies when it was sent
 * @onestep: a one-step Sync: the chip wrote its time into the frame, and
 *	its FIFO entry is only taken out, not reported
 */
struct lan743x_ptp_tx {
	struct sk_buff *skb;
	u32 hdr;
	unsigned long start;
	bool onestep;
};

/**
 * struct lan743x_ptp - the 1588 block
 * @info: the PHC's operations
 * @clock: the registered PHC, NULL without one
 * @cmd_lock: serialises the clock commands (process context)
 * @tx_lock: protects @tx, @tx_on and @onestep (xmit, worker)
 * @tx: frames held for their TX timestamp
 * @tx_on: TX timestamps requested by the timestamping configuration
 * @onestep: one-step Sync (HWTSTAMP_TX_ONESTEP_SYNC): the chip writes a
 *	Sync's egress time into its originTimestamp
 * @rx_filter: the RX filter in force (read locklessly by XDP's RX
 *	metadata ops)
 * @rx_cfg: its RX_CFG_B timestamp bits, for every ring
 * @tx_timestamps: TX timestamps delivered
 * @tx_timeouts: held frames that got no timestamp within a second
 * @tx_skipped: frames sent without a timestamp as all slots were busy
 * @pins: the PHC's pins, GPIO n each (the core keeps their functions)
 * @perout_pin: the GPIO each clock target channel drives, -1 while off
 *	(under @cmd_lock)
 * @perout_rq: the request each running output was started with, to start
 *	it again after a chip reset (under @cmd_lock)
 * @extts_cfg: PTP_IO_CAP_CONFIG for the external timestamp channels on,
 *	written again when the chip was reset (under @cmd_lock)
 * @rate_adj: PTP_CLOCK_RATE_ADJ as last set (under @cmd_lock)
 * @saved_phc: the clock in ns at @saved_boot, read before a chip reset
 *	(under @cmd_lock)
 * @saved_boot: CLOCK_BOOTTIME in ns when @saved_phc was read
 * @saved: @saved_phc is there to restore the clock from
 * @leds: HW_CFG's LED enables at probe (LAN7430): the pins to give back
 *	to the PHY's LEDs when an output stops
 */
struct lan743x_ptp {
	struct ptp_clock_info info;
	struct ptp_clock *clock;
	struct mutex cmd_lock;	/* clock commands */
	spinlock_t tx_lock;	/* @tx, @tx_on, @onestep, counters */
	struct lan743x_ptp_tx tx[LAN743X_PTP_TX_TS_CNT];
	bool tx_on;
	bool onestep;
	int rx_filter;
	u32 rx_cfg;
	u64 tx_timestamps;
	u64 tx_timeouts;
	u64 tx_skipped;
	struct ptp_pin_desc pins[LAN7431_PTP_PINS];
	int perout_pin[LAN743X_PTP_PEROUTS];
	struct ptp_perout_request perout_rq[LAN743X_PTP_PEROUTS];
	u32 extts_cfg;
	u32 rate_adj;
	s64 saved_phc;
	u64 saved_boot;
	bool saved;
	u32 leds;
};

/**
 * struct lan743x_ptp_gc - one clock target channel's PTP_GENERAL_CONFIG bits
 * @reload_add: set: an event loads the reload into the target (which then
 *	stays behind the clock: the channel stops); clear: it adds it
 * @event_mask: the event code's field
 * @active_high: the event drives its pin high, 0 where that is fixed
 */
struct lan743x_ptp_gc {
	u32 reload_add;
	u32 event_mask;
	u32 active_high;
};

/**
 * struct lan743x_ptp_out - how a chip family puts a clock target's events
 *	on a GPIO (struct lan743x_chip)
 * @widths: the pulse width in ns of each event code below @n_widths
 * @n_widths: the event codes that make a pulse
 * @toggle: the event code that toggles the pin
 * @gc: each channel's bits in PTP_GENERAL_CONFIG
 * @pin_set: give GPIO @pin to channel @ch's events (@on) or take it back
 *	(cmd_lock held)
 */
struct lan743x_ptp_out {
	const u32 *widths;
	u8 n_widths;
	u8 toggle;
	struct lan743x_ptp_gc gc[LAN743X_PTP_PEROUTS];
	void (*pin_set)(struct lan743x_adapter *adapter, unsigned int pin,
			int ch, bool on);
};

/* the LAN743x: through GPIO_CFG0..3 (the LAN7430's pins are LEDs') */
extern const struct lan743x_ptp_out lan743x_ptp_gpio_out;
/* the PCI11x1x: through PTP-IO's event outputs */
extern const struct lan743x_ptp_out lan743x_ptp_io_out;

#define LAN743X_PTP_STAT_CNT	3

void lan743x_ptp_probe(struct lan743x_adapter *adapter);
void lan743x_ptp_remove(struct lan743x_adapter *adapter);
void lan743x_ptp_open(struct lan743x_adapter *adapter);
void lan743x_ptp_close(struct lan743x_adapter *adapter);
void lan743x_ptp_save(struct lan743x_adapter *adapter);
void lan743x_ptp_restore(struct lan743x_adapter *adapter);
void lan743x_ptp_isr(struct lan743x_adapter *adapter);
void lan743x_ptp_tx_request(struct lan743x_adapter *adapter,
			    struct sk_buff *skb, struct lan743x_desc *first);
void lan743x_ptp_rx_hold(struct lan743x_rx *rx, struct sk_buff *skb);
ktime_t lan743x_ptp_rx_time(const struct lan743x_desc *d);
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
void lan743x_ptp_set_latency(struct lan743x_adapter *adapter, int speed);

#endif /* _LAN743X_PTP_H */

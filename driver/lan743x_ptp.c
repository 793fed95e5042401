// SPDX-License-Identifier: GPL-2.0
/*
 * The 1588 block: a PTP hardware clock, TX timestamps from the chip's
 * egress FIFO, RX timestamps from the extension descriptor after a frame.
 *
 * Clock commands run in process context under cmd_lock.  The 1588
 * interrupt only kicks the PHC's aux worker, which drains the TX FIFO,
 * matches each entry to a held frame by its PTP header and times out
 * frames that never got one, and on the PCI11x1x reports the edges its
 * event capture channels latched (external timestamps).
 */
#include <linux/bitfield.h>
#include <linux/ethtool.h>
#include <linux/iopoll.h>
#include <linux/phy.h>
#include <linux/ptp_classify.h>
#include <linux/skbuff.h>

#include "lan743x_hw.h"
#include "lan743x_ptp.h"

#define LAN743X_PTP_TX_TIMEOUT		HZ
#define LAN743X_PTP_POLL		(HZ / 10)

static struct lan743x_adapter *lan743x_ptp_adapter(struct ptp_clock_info *info)
{
	return container_of(info, struct lan743x_adapter, ptp.info);
}

/* Run one PTP_CMD_CTL command; the chip clears the bit when done */
static int lan743x_ptp_cmd(struct lan743x_adapter *adapter, u32 cmd)
{
	lan743x_wr32(adapter, PTP_CMD_CTL, cmd);
	return lan743x_wait_bits(adapter, PTP_CMD_CTL, cmd, 0, 1, 1000);
}

/* Context: cmd_lock held */
static int lan743x_ptp_read(struct lan743x_adapter *adapter,
			    struct timespec64 *ts,
			    struct ptp_system_timestamp *sts)
{
	int ret;

	ptp_read_system_prets(sts);
	lan743x_wr32(adapter, PTP_CMD_CTL, PTP_CMD_CTL_CLOCK_READ_);
	ptp_read_system_postts(sts);
	ret = lan743x_wait_bits(adapter, PTP_CMD_CTL, PTP_CMD_CTL_CLOCK_READ_,
				0, 1, 1000);
	if (ret)
		return ret;
	ts->tv_sec = lan743x_rd32(adapter, PTP_CLOCK_SEC);
	ts->tv_nsec = lan743x_rd32(adapter, PTP_CLOCK_NS);
	return 0;
}

/* Context: cmd_lock held */
static int lan743x_ptp_load(struct lan743x_adapter *adapter,
			    const struct timespec64 *ts)
{
	lan743x_wr32(adapter, PTP_CLOCK_SEC, lower_32_bits(ts->tv_sec));
	lan743x_wr32(adapter, PTP_CLOCK_NS, ts->tv_nsec);
	lan743x_wr32(adapter, PTP_CLOCK_SUBNS, 0);
	return lan743x_ptp_cmd(adapter, PTP_CMD_CTL_CLOCK_LOAD_);
}

static int lan743x_ptp_gettimex64(struct ptp_clock_info *info,
				  struct timespec64 *ts,
				  struct ptp_system_timestamp *sts)
{
	struct lan743x_adapter *adapter = lan743x_ptp_adapter(info);
	int ret;

	mutex_lock(&adapter->ptp.cmd_lock);
	ret = lan743x_ptp_read(adapter, ts, sts);
	mutex_unlock(&adapter->ptp.cmd_lock);
	return ret;
}

static int lan743x_ptp_settime64(struct ptp_clock_info *info,
				 const struct timespec64 *ts)
{
	struct lan743x_adapter *adapter = lan743x_ptp_adapter(info);
	int ret;

	mutex_lock(&adapter->ptp.cmd_lock);
	ret = lan743x_ptp_load(adapter, ts);
	mutex_unlock(&adapter->ptp.cmd_lock);
	return ret;
}

/* Offsets under a second go through the step register, which keeps the
 * clock running; larger ones are read, added and loaded back.
 */
static int lan743x_ptp_adjtime(struct ptp_clock_info *info, s64 delta)
{
	struct lan743x_adapter *adapter = lan743x_ptp_adapter(info);
	struct timespec64 ts;
	int ret;

	mutex_lock(&adapter->ptp.cmd_lock);
	if (abs(delta) < NSEC_PER_SEC) {
		lan743x_wr32(adapter, PTP_CLOCK_STEP_ADJ,
			     (delta > 0 ? PTP_ADJ_DIR_ : 0) |
			     FIELD_PREP(PTP_ADJ_VALUE_MASK_, abs(delta)));
		ret = lan743x_ptp_cmd(adapter, PTP_CMD_CTL_STEP_NSEC_);
	} else {
		ret = lan743x_ptp_read(adapter, &ts, NULL);
		if (!ret) {
			ts = timespec64_add(ts, ns_to_timespec64(delta));
			ret = lan743x_ptp_load(adapter, &ts);
		}
	}
	mutex_unlock(&adapter->ptp.cmd_lock);
	return ret;
}

/* The clock runs at 1 +/- VALUE / 2^35 of nominal: scaled_ppm is ppm in
 * 2^-16 units, so VALUE = |scaled_ppm| * 2^19 / 10^6.
 */
static int lan743x_ptp_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	struct lan743x_adapter *adapter = lan743x_ptp_adapter(info);
	u64 value = div_u64((u64)abs(scaled_ppm) << 19, 1000000);

	if (value > FIELD_MAX(PTP_ADJ_VALUE_MASK_))
		return -ERANGE;
	mutex_lock(&adapter->ptp.cmd_lock);
	adapter->ptp.rate_adj = (scaled_ppm > 0 ? PTP_ADJ_DIR_ : 0) |
				FIELD_PREP(PTP_ADJ_VALUE_MASK_, value);
	lan743x_wr32(adapter, PTP_CLOCK_RATE_ADJ, adapter->ptp.rate_adj);
	mutex_unlock(&adapter->ptp.cmd_lock);
	return 0;
}

/* The pulse widths a clock target event can make, by PTP_GC_EVENT_* code */
static const u32 lan743x_ptp_widths[] = {
	[PTP_GC_EVENT_100NS_]	= 100,
	[PTP_GC_EVENT_10US_]	= 10 * NSEC_PER_USEC,
	[PTP_GC_EVENT_100US_]	= 100 * NSEC_PER_USEC,
	[PTP_GC_EVENT_1MS_]	= NSEC_PER_MSEC,
	[PTP_GC_EVENT_10MS_]	= 10 * NSEC_PER_MSEC,
	[PTP_GC_EVENT_200MS_]	= 200 * NSEC_PER_MSEC,
};

/* The PCI11x1x's, by PTP_HS_GC_EVENT_* code */
static const u32 lan743x_ptp_hs_widths[] = {
	[PTP_HS_GC_EVENT_100NS_]	= 100,
	[PTP_HS_GC_EVENT_500NS_]	= 500,
	[PTP_HS_GC_EVENT_1US_]		= NSEC_PER_USEC,
	[PTP_HS_GC_EVENT_5US_]		= 5 * NSEC_PER_USEC,
	[PTP_HS_GC_EVENT_10US_]		= 10 * NSEC_PER_USEC,
	[PTP_HS_GC_EVENT_50US_]		= 50 * NSEC_PER_USEC,
	[PTP_HS_GC_EVENT_100US_]	= 100 * NSEC_PER_USEC,
	[PTP_HS_GC_EVENT_500US_]	= 500 * NSEC_PER_USEC,
	[PTP_HS_GC_EVENT_1MS_]		= NSEC_PER_MSEC,
	[PTP_HS_GC_EVENT_5MS_]		= 5 * NSEC_PER_MSEC,
	[PTP_HS_GC_EVENT_10MS_]		= 10 * NSEC_PER_MSEC,
	[PTP_HS_GC_EVENT_50MS_]		= 50 * NSEC_PER_MSEC,
	[PTP_HS_GC_EVENT_100MS_]	= 100 * NSEC_PER_MSEC,
	[PTP_HS_GC_EVENT_200MS_]	= 200 * NSEC_PER_MSEC,
};

#define LAN743X_PTP_PERIOD_MIN		200
/* the reload registers hold 32-bit seconds */
#define LAN743X_PTP_PERIOD_MAX		((s64)U32_MAX * NSEC_PER_SEC)
/* a start in the past moves to a period boundary at least this far on */
#define LAN743X_PTP_START_AHEAD		(10 * NSEC_PER_MSEC)

/* A request's time in ns, or -1 if it is not a time */
static s64 lan743x_ptp_req_ns(const struct ptp_clock_time *t, s64 max)
{
	if (t->sec < 0 || t->nsec >= NSEC_PER_SEC ||
	    t->sec > div_s64(max, NSEC_PER_SEC))
		return -1;
	return t->sec * NSEC_PER_SEC + t->nsec;
}

/* The event that makes @period with @rq's on time, if it asks for one: a
 * toggle every half period for an on time of half the period, else a pulse
 * of exactly the on time, or without one the widest up to half the period.
 * Return: a PTP_GC_EVENT_* code and in *reload the time between events,
 * or a negative errno.
 */
static int lan743x_ptp_perout_event(const struct lan743x_ptp_out *out,
				    const struct ptp_perout_request *rq,
				    s64 period, s64 *reload)
{
	int i = out->n_widths;
	s64 on;

	*reload = period;
	if (!(rq->flags & PTP_PEROUT_DUTY_CYCLE)) {
		while (--i > 0 && 2 * (s64)out->widths[i] > period)
			;
		return i;
	}
	on = lan743x_ptp_req_ns(&rq->on, period);
	if (on <= 0 || on >= period)
		return -EINVAL;
	if (2 * on == period) {
		*reload = on;
		return out->toggle;
	}
	while (--i >= 0)
		if (out->widths[i] == on)
			return i;
	return -EOPNOTSUPP;
}

/* LAN743x: give GPIO @pin to channel @ch's output (@on) or take it back.
 * On the LAN7430 the pin is an LED's, which gets it back if it had it at
 * probe.  Context: cmd_lock held.
 */
static void lan743x_ptp_gpio_pin_set(struct lan743x_adapter *adapter,
				     unsigned int pin, int ch, bool on)
{
	bool led = adapter->ptp.leds & HW_CFG_LED_EN_(pin);

	if (on) {
		if (led)
			lan743x_rmw32(adapter, HW_CFG, HW_CFG_LED_EN_(pin), 0);
		lan743x_rmw32(adapter, GPIO_CFG0, GPIO_CFG0_DATA_(pin),
			      GPIO_CFG0_DIR_OUT_(pin));
		lan743x_rmw32(adapter, GPIO_CFG1, GPIO_CFG1_DISABLE_(pin),
			      GPIO_CFG1_PUSH_PULL_(pin));
		lan743x_rmw32(adapter, GPIO_CFG2, 0, GPIO_CFG2_1588_HIGH_(pin));
		lan743x_rmw32(adapter, GPIO_CFG3, GPIO_CFG3_1588_CH_B_(pin),
			      GPIO_CFG3_1588_OE_(pin) |
			      (ch ? GPIO_CFG3_1588_CH_B_(pin) : 0));
		return;
	}
	lan743x_rmw32(adapter, GPIO_CFG3, GPIO_CFG3_1588_OE_(pin) |
		      GPIO_CFG3_1588_CH_B_(pin), 0);
	lan743x_rmw32(adapter, GPIO_CFG2, GPIO_CFG2_1588_HIGH_(pin), 0);
	lan743x_rmw32(adapter, GPIO_CFG1, GPIO_CFG1_PUSH_PULL_(pin),
		      GPIO_CFG1_DISABLE_(pin));
	lan743x_rmw32(adapter, GPIO_CFG0, GPIO_CFG0_DIR_OUT_(pin) |
		      GPIO_CFG0_DATA_(pin), 0);
	if (led)
		lan743x_rmw32(adapter, HW_CFG, 0, HW_CFG_LED_EN_(pin));
}

const struct lan743x_ptp_out lan743x_ptp_gpio_out = {
	.widths		= lan743x_ptp_widths,
	.n_widths	= ARRAY_SIZE(lan743x_ptp_widths),
	.toggle		= PTP_GC_EVENT_TOGGLE_,
	.gc = {
		{ PTP_GC_RELOAD_ADD_(0), PTP_GC_EVENT_MASK_(0), 0 },
		{ PTP_GC_RELOAD_ADD_(1), PTP_GC_EVENT_MASK_(1), 0 },
	},
	.pin_set	= lan743x_ptp_gpio_pin_set,
};

/* PCI11x1x: the same through PTP-IO, the pin driven both ways while it is
 * an output and left open drain (as at reset) after.  The pin's event
 * output is enabled last and disabled first, so that it never shows the
 * channel half set up.  Context: cmd_lock held.
 */
static void lan743x_ptp_io_pin_set(struct lan743x_adapter *adapter,
				   unsigned int pin, int ch, bool on)
{
	if (on) {
		lan743x_rmw32(adapter, PTP_IO_PIN_CFG, 0,
			      PTP_IO_PIN_PUSH_PULL_(pin));
		lan743x_rmw32(adapter, PTP_IO_EVENT_OUTPUT_CFG,
			      PTP_IO_OUT_SEL_B_(pin),
			      PTP_IO_OUT_EN_(pin) |
			      (ch ? PTP_IO_OUT_SEL_B_(pin) : 0));
		return;
	}
	lan743x_rmw32(adapter, PTP_IO_EVENT_OUTPUT_CFG,
		      PTP_IO_OUT_EN_(pin) | PTP_IO_OUT_SEL_B_(pin), 0);
	lan743x_rmw32(adapter, PTP_IO_PIN_CFG, PTP_IO_PIN_PUSH_PULL_(pin), 0);
}

const struct lan743x_ptp_out lan743x_ptp_io_out = {
	.widths		= lan743x_ptp_hs_widths,
	.n_widths	= ARRAY_SIZE(lan743x_ptp_hs_widths),
	.toggle		= PTP_HS_GC_EVENT_TOGGLE_,
	.gc = {
		{ PTP_HS_GC_RELOAD_ADD_(0), PTP_HS_GC_EVENT_MASK_(0),
		  PTP_HS_GC_POL_HIGH_(0) },
		{ PTP_HS_GC_RELOAD_ADD_(1), PTP_HS_GC_EVENT_MASK_(1),
		  PTP_HS_GC_POL_HIGH_(1) },
	},
	.pin_set	= lan743x_ptp_io_pin_set,
};

/* Context: cmd_lock held */
static void lan743x_ptp_target_set(struct lan743x_adapter *adapter, int ch,
				   u32 sec, u32 nsec)
{
	/* ns first: the target passes through a time never reached */
	lan743x_wr32(adapter, PTP_TARGET_NS(ch), nsec);
	lan743x_wr32(adapter, PTP_TARGET_SEC(ch), sec);
}

/* Stop channel @ch's output and free its GPIO.  Context: cmd_lock held */
static void lan743x_ptp_perout_off(struct lan743x_adapter *adapter, int ch)
{
	const struct lan743x_ptp_out *out = adapter->chip->ptp_out;
	struct lan743x_ptp *ptp = &adapter->ptp;

	if (ptp->perout_pin[ch] < 0)
		return;
	lan743x_ptp_target_set(adapter, ch, PTP_TARGET_SEC_OFF_, 0);
	lan743x_rmw32(adapter, PTP_GENERAL_CONFIG, 0, out->gc[ch].reload_add);
	out->pin_set(adapter, ptp->perout_pin[ch], ch, false);
	ptp->perout_pin[ch] = -1;
}

/* The GPIO the core gave channel @ch of function @func, or -1 */
static int lan743x_ptp_find_pin(struct lan743x_ptp *ptp,
				enum ptp_pin_function func, unsigned int ch)
{
	unsigned int i;

	for (i = 0; i < ptp->info.n_pins; i++)
		if (ptp->pins[i].func == func && ptp->pins[i].chan == ch)
			return i;
	return -1;
}

/* Start (or restart) a periodic output: its first edge at rq->start (or
 * the first period boundary after now, in the requested phase), rising
 * edges a period apart.  A request the chip cannot do leaves the output as
 * it was.  The request is kept, to start the output again after a chip
 * reset (lan743x_ptp_restore()).  Context: cmd_lock held.
 */
static int lan743x_ptp_perout_start(struct lan743x_adapter *adapter,
				    const struct ptp_perout_request *rq)
{
	const struct lan743x_ptp_out *out = adapter->chip->ptp_out;
	const struct lan743x_ptp_gc *gc = &out->gc[rq->index];
	struct lan743x_ptp *ptp = &adapter->ptp;
	int ch = rq->index, pin, event, ret;
	s64 period, start, reload, now;
	struct timespec64 ts;
	u32 sec, nsec;

	if (rq->flags & ~PTP_PEROUT_DUTY_CYCLE)
		return -EOPNOTSUPP;
	period = lan743x_ptp_req_ns(&rq->period, LAN743X_PTP_PERIOD_MAX);
	if (period < LAN743X_PTP_PERIOD_MIN)
		return -EINVAL;
	start = lan743x_ptp_req_ns(&rq->start,
				   (s64)PTP_TARGET_SEC_OFF_ * NSEC_PER_SEC - 1);
	if (start < 0)
		return -EINVAL;
	event = lan743x_ptp_perout_event(out, rq, period, &reload);
	if (event < 0)
		return event;

	pin = lan743x_ptp_find_pin(ptp, PTP_PF_PEROUT, ch);
	if (pin < 0)
		return -EINVAL;
	ret = lan743x_ptp_read(adapter, &ts, NULL);
	if (ret)
		return ret;
	now = timespec64_to_ns(&ts) + LAN743X_PTP_START_AHEAD;
	if (start < now)
		start += (div64_s64(now - start, period) + 1) * period;
	if (start >= (s64)PTP_TARGET_SEC_OFF_ * NSEC_PER_SEC)
		return -EINVAL;

	lan743x_ptp_perout_off(adapter, ch);
	lan743x_ptp_target_set(adapter, ch, PTP_TARGET_SEC_OFF_, 0);
	lan743x_rmw32(adapter, PTP_GENERAL_CONFIG,
		      gc->event_mask | gc->active_high | gc->reload_add,
		      (event << __ffs(gc->event_mask)) | gc->active_high);
	sec = div_u64_rem(reload, NSEC_PER_SEC, &nsec);
	lan743x_wr32(adapter, PTP_RELOAD_SEC(ch), sec);
	lan743x_wr32(adapter, PTP_RELOAD_NS(ch), nsec);
	ptp->perout_pin[ch] = pin;
	ptp->perout_rq[ch] = *rq;
	out->pin_set(adapter, pin, ch, true);
	sec = div_u64_rem(start, NSEC_PER_SEC, &nsec);
	lan743x_ptp_target_set(adapter, ch, sec, nsec);
	return 0;
}

/* PTP_INT_STS bits of the edges PTP_IO_CAP_CONFIG @cfg captures */
static u32 lan743x_ptp_extts_int(u32 cfg)
{
	/* RE_EN n and FE_EN n sit 16 bits below IO_RE n and IO_FE n */
	return (cfg & GENMASK(2 * LAN743X_PTP_EXTTS_MAX - 1, 0)) << 16;
}

/* Put channel @ch's capture as ptp->extts_cfg says, a stale capture
 * dropped.  Context: cmd_lock held.
 */
static void lan743x_ptp_extts_apply(struct lan743x_adapter *adapter,
				    unsigned int ch)
{
	u32 bits = PTP_INT_IO_RE_(ch) | PTP_INT_IO_FE_(ch);
	struct lan743x_ptp *ptp = &adapter->ptp;

	lan743x_wr32(adapter, PTP_INT_EN_CLR, bits);
	lan743x_wr32(adapter, PTP_IO_CAP_CONFIG, ptp->extts_cfg);
	lan743x_wr32(adapter, PTP_INT_STS, bits);
	if (READ_ONCE(adapter->hw_up))
		lan743x_wr32(adapter, PTP_INT_EN_SET,
			     lan743x_ptp_extts_int(ptp->extts_cfg) & bits);
}

/* Start or stop external timestamps on capture channel rq->index: its
 * rising edges unless only falling ones are asked for, or both.  Each
 * capture is kept until the worker took it (LOCK), so an edge that comes
 * before is lost rather than overwriting it.
 */
static int lan743x_ptp_extts(struct lan743x_adapter *adapter,
			     const struct ptp_extts_request *rq, int on)
{
	struct lan743x_ptp *ptp = &adapter->ptp;
	unsigned int ch = rq->index;
	u32 mask, bits = 0;

	if (ch >= adapter->chip->ptp_extts)
		return -EINVAL;
	if (rq->flags & ~(PTP_ENABLE_FEATURE | PTP_EXTTS_EDGES |
			  PTP_STRICT_FLAGS))
		return -EOPNOTSUPP;
	if (on) {
		if (lan743x_ptp_find_pin(ptp, PTP_PF_EXTTS, ch) < 0)
			return -EINVAL;
		if (rq->flags & PTP_RISING_EDGE ||
		    !(rq->flags & PTP_FALLING_EDGE))
			bits |= PTP_IO_CAP_RE_EN_(ch) | PTP_IO_CAP_LOCK_RE_(ch);
		if (rq->flags & PTP_FALLING_EDGE)
			bits |= PTP_IO_CAP_FE_EN_(ch) | PTP_IO_CAP_LOCK_FE_(ch);
	}
	mask = PTP_IO_CAP_RE_EN_(ch) | PTP_IO_CAP_LOCK_RE_(ch) |
	       PTP_IO_CAP_FE_EN_(ch) | PTP_IO_CAP_LOCK_FE_(ch);
	mutex_lock(&ptp->cmd_lock);
	ptp->extts_cfg = (ptp->extts_cfg & ~mask) | bits;
	lan743x_ptp_extts_apply(adapter, ch);
	mutex_unlock(&ptp->cmd_lock);
	return 0;
}

/* A capture of the selected channel: its seconds register, ns after it */
static u64 lan743x_ptp_cap(struct lan743x_adapter *adapter, u32 sec_reg)
{
	u64 sec = lan743x_rd32(adapter, sec_reg);

	return sec * NSEC_PER_SEC + lan743x_rd32(adapter, sec_reg + 4);
}

/* Report the edges the chip latched, each channel's in time order */
static void lan743x_ptp_extts_service(struct lan743x_adapter *adapter)
{
	struct lan743x_ptp *ptp = &adapter->ptp;
	struct ptp_clock_event ev[2];
	unsigned int ch, i, n;
	u32 sts, bits;

	mutex_lock(&ptp->cmd_lock);
	sts = lan743x_rd32(adapter, PTP_INT_STS) &
	      lan743x_ptp_extts_int(ptp->extts_cfg);
	for (ch = 0; sts && ch < adapter->chip->ptp_extts; ch++) {
		bits = sts & (PTP_INT_IO_RE_(ch) | PTP_INT_IO_FE_(ch));
		if (!bits)
			continue;
		sts &= ~bits;
		lan743x_wr32(adapter, PTP_IO_SEL,
			     FIELD_PREP(PTP_IO_SEL_MASK_, ch));
		n = 0;
		if (bits & PTP_INT_IO_RE_(ch))
			ev[n++].timestamp = lan743x_ptp_cap(adapter,
							    PTP_IO_RE_CAP_SEC);
		if (bits & PTP_INT_IO_FE_(ch))
			ev[n++].timestamp = lan743x_ptp_cap(adapter,
							    PTP_IO_FE_CAP_SEC);
		/* taken: the channel's next edge may latch */
		lan743x_wr32(adapter, PTP_INT_STS, bits);
		if (n == 2 && ev[1].timestamp < ev[0].timestamp)
			swap(ev[0].timestamp, ev[1].timestamp);
		for (i = 0; i < n; i++) {
			ev[i].type = PTP_CLOCK_EXTTS;
			ev[i].index = ch;
			ptp_clock_event(ptp->clock, &ev[i]);
		}
	}
	mutex_unlock(&ptp->cmd_lock);
}

static int lan743x_ptp_enable(struct ptp_clock_info *info,
			      struct ptp_clock_request *rq, int on)
{
	struct lan743x_adapter *adapter = lan743x_ptp_adapter(info);
	int ret = 0;

	if (rq->type == PTP_CLK_REQ_EXTTS)
		return lan743x_ptp_extts(adapter, &rq->extts, on);
	if (rq->type != PTP_CLK_REQ_PEROUT)
		return -EOPNOTSUPP;
	if (rq->perout.index >= LAN743X_PTP_PEROUTS)
		return -EINVAL;
	mutex_lock(&adapter->ptp.cmd_lock);
	if (on)
		ret = lan743x_ptp_perout_start(adapter, &rq->perout);
	else
		lan743x_ptp_perout_off(adapter, rq->perout.index);
	mutex_unlock(&adapter->ptp.cmd_lock);
	return ret;
}

/* Every GPIO can be either clock target channel's output; on the
 * PCI11x1x, GPIO n can also be the input of event capture channel n (the
 * LAN743x has no event capture)
 */
static int lan743x_ptp_verify(struct ptp_clock_info *info, unsigned int pin,
			      enum ptp_pin_function func, unsigned int chan)
{
	struct lan743x_adapter *adapter = lan743x_ptp_adapter(info);

	switch (func) {
	case PTP_PF_NONE:
	case PTP_PF_PEROUT:
		return 0;
	case PTP_PF_EXTTS:
		return pin < adapter->chip->ptp_extts && chan == pin ? 0 :
		       -EOPNOTSUPP;
	default:
		return -EOPNOTSUPP;
	}
}

/**
 * lan743x_ptp_set_latency() - the PHY's latency at a link speed
 * @adapter: our device
 * @speed: SPEED_*
 *
 * The chip corrects its timestamps by these, in ns; the values are the
 * kernel driver's for the LAN7430's PHY.
 */
void lan743x_ptp_set_latency(struct lan743x_adapter *adapter, int speed)
{
	u32 tx = 0, rx = 0;

	switch (speed) {
	case SPEED_1000:
		tx = 30;
		rx = 525;
		break;
	case SPEED_100:
		tx = 181;
		rx = 594;
		break;
	}
	lan743x_wr32(adapter, PTP_LATENCY, FIELD_PREP(PTP_LATENCY_TX_MASK_, tx) |
		     FIELD_PREP(PTP_LATENCY_RX_MASK_, rx));
}

static void lan743x_ptp_tx_done(struct lan743x_ptp *ptp, unsigned int i,
				struct skb_shared_hwtstamps *hwts)
{
	struct sk_buff *skb = ptp->tx[i].skb;

	ptp->tx[i].skb = NULL;
	if (hwts) {
		/* a one-step Sync carries its time: nobody waits for it */
		if (!ptp->tx[i].onestep)
			skb_tstamp_tx(skb, hwts);
		ptp->tx_timestamps++;
	} else {
		ptp->tx_timeouts++;
	}
	dev_kfree_skb_any(skb);
}

/* Match one FIFO entry to the oldest held frame with its header */
static void lan743x_ptp_tx_match(struct lan743x_ptp *ptp, u32 sec, u32 ns,
				 u32 hdr)
{
	struct skb_shared_hwtstamps hwts = {
		.hwtstamp = ktime_set(sec, FIELD_GET(PTP_TX_EGRESS_NS_MASK_, ns)),
	};
	unsigned int i, best = LAN743X_PTP_TX_TS_CNT;

	for (i = 0; i < LAN743X_PTP_TX_TS_CNT; i++) {
		if (!ptp->tx[i].skb || ptp->tx[i].hdr != hdr)
			continue;
		if (best == LAN743X_PTP_TX_TS_CNT ||
		    time_before(ptp->tx[i].start, ptp->tx[best].start))
			best = i;
	}
	if (best < LAN743X_PTP_TX_TS_CNT)
		lan743x_ptp_tx_done(ptp, best, &hwts);
}

/* Drain the TX FIFO, time out stale frames.  Return: true if any held */
static bool lan743x_ptp_tx_service(struct lan743x_adapter *adapter)
{
	struct lan743x_ptp *ptp = &adapter->ptp;
	unsigned long flags;
	bool held = false;
	unsigned int n, i;
	u32 sts;

	spin_lock_irqsave(&ptp->tx_lock, flags);
	for (n = 0; n <= LAN743X_PTP_TX_TS_CNT; n++) {
		sts = lan743x_rd32(adapter, PTP_INT_STS);
		if (sts & PTP_INT_BIT_TX_TS_OVRFL_)
			lan743x_wr32(adapter, PTP_INT_STS,
				     PTP_INT_BIT_TX_TS_OVRFL_);
		if (!(sts & PTP_INT_BIT_TX_TS_))
			break;
		lan743x_ptp_tx_match(ptp,
				     lan743x_rd32(adapter, PTP_TX_EGRESS_SEC),
				     lan743x_rd32(adapter, PTP_TX_EGRESS_NS),
				     lan743x_rd32(adapter, PTP_TX_MSG_HEADER));
		/* writing TX_TS takes the entry out of the FIFO */
		lan743x_wr32(adapter, PTP_INT_STS, PTP_INT_BIT_TX_TS_);
	}
	for (i = 0; i < LAN743X_PTP_TX_TS_CNT; i++) {
		if (!ptp->tx[i].skb)
			continue;
		if (time_after(jiffies,
			       ptp->tx[i].start + LAN743X_PTP_TX_TIMEOUT))
			lan743x_ptp_tx_done(ptp, i, NULL);
		else
			held = true;
	}
	spin_unlock_irqrestore(&ptp->tx_lock, flags);
	return held;
}

static long lan743x_ptp_aux_work(struct ptp_clock_info *info)
{
	struct lan743x_adapter *adapter = lan743x_ptp_adapter(info);

	/* unmask first: an entry that lands after the drain interrupts anew */
	if (READ_ONCE(adapter->hw_up))
		lan743x_wr32(adapter, INT_EN_SET, INT_BIT_1588_);
	if (adapter->chip->ptp_extts)
		lan743x_ptp_extts_service(adapter);
	return lan743x_ptp_tx_service(adapter) ? LAN743X_PTP_POLL : -1;
}

/**
 * lan743x_ptp_isr() - the 1588 interrupt: hand it to the aux worker
 * @adapter: our device
 *
 * Context: hard IRQ; the source stays masked until the worker ran.
 */
void lan743x_ptp_isr(struct lan743x_adapter *adapter)
{
	if (adapter->ptp.clock)
		ptp_schedule_worker(adapter->ptp.clock, 0);
}

/* The PTP header word the chip reports for @skb (0 for a frame that is not
 * PTP); @sync: it is a Sync message
 */
static u32 lan743x_ptp_hdr(struct sk_buff *skb, bool *sync)
{
	unsigned int type = ptp_classify_raw(skb);
	struct ptp_header *h;
	u8 msgtype;

	*sync = false;
	if (type == PTP_CLASS_NONE)
		return 0;
	h = ptp_parse_header(skb, type);
	if (!h)
		return 0;
	msgtype = ptp_get_msgtype(h, type);
	*sync = msgtype == PTP_MSGTYPE_SYNC;
	return FIELD_PREP(PTP_TX_MSG_HEADER_MSG_TYPE_MASK_, msgtype) |
	       FIELD_PREP(PTP_TX_MSG_HEADER_SEQ_ID_MASK_,
			  ntohs(h->sequence_id));
}

/* One-step Sync on or off in the chip: it writes a Sync's egress time
 * into its originTimestamp and, over UDPv4, clears the UDP checksum that
 * makes stale (a zero checksum is valid there; IEEE 1588 annex D)
 */
static void lan743x_ptp_set_tx_mod(struct lan743x_adapter *adapter)
{
	u32 mod2 = lan743x_rd32(adapter, PTP_TX_MOD2);
	u32 mod = lan743x_rd32(adapter, PTP_TX_MOD);
	bool on = adapter->ptp.onestep;

	mod = on ? mod | PTP_TX_MOD_SYNC_TS_INSERT_ :
		   mod & ~PTP_TX_MOD_SYNC_TS_INSERT_;
	mod2 = on ? mod2 | PTP_TX_MOD2_CLR_UDPV4_CHKSUM_ :
		    mod2 & ~PTP_TX_MOD2_CLR_UDPV4_CHKSUM_;
	lan743x_wr32(adapter, PTP_TX_MOD2, mod2);
	lan743x_wr32(adapter, PTP_TX_MOD, mod);
}

/**
 * lan743x_ptp_tx_request() - ask the chip for a frame's TX timestamp
 * @adapter: our device
 * @skb: the frame, mapped into descriptors
 * @first: its first descriptor, not yet given to the chip
 *
 * Context: ndo_start_xmit.
 */
void lan743x_ptp_tx_request(struct lan743x_adapter *adapter,
			    struct sk_buff *skb, struct lan743x_desc *first)
{
	unsigned int i, free = LAN743X_PTP_TX_TS_CNT, held = 0;
	struct lan743x_ptp *ptp = &adapter->ptp;
	unsigned long flags;
	bool sync;

	spin_lock_irqsave(&ptp->tx_lock, flags);
	if (!ptp->tx_on)
		goto out;
	for (i = 0; i < LAN743X_PTP_TX_TS_CNT; i++) {
		if (ptp->tx[i].skb)
			held++;
		else
			free = i;
	}
	i = free;
	if (i == LAN743X_PTP_TX_TS_CNT) {
		ptp->tx_skipped++;
		goto out;
	}
	skb_shinfo(skb)->tx_flags |= SKBTX_IN_PROGRESS;
	ptp->tx[i].skb = skb_get(skb);
	ptp->tx[i].hdr = lan743x_ptp_hdr(skb, &sync);
	ptp->tx[i].start = jiffies;
	ptp->tx[i].onestep = ptp->onestep && sync;
	first->data0 |= cpu_to_le32(TX_DESC_DATA0_TSE_);
	/* start the timeout polls; never delay a run the interrupt asked for */
	if (!held)
		ptp_schedule_worker(ptp->clock, 0);
out:
	spin_unlock_irqrestore(&ptp->tx_lock, flags);
}

/**
 * lan743x_ptp_rx_hold() - keep a frame until its timestamp descriptor
 * @rx: the ring
 * @skb: the frame, complete
 *
 * Context: NAPI.
 */
void lan743x_ptp_rx_hold(struct lan743x_rx *rx, struct sk_buff *skb)
{
	if (rx->ring.ts_skb)
		napi_gro_receive(&rx->napi, rx->ring.ts_skb);
	rx->ring.ts_skb = skb;
}

/**
 * lan743x_ptp_rx_time() - the RX timestamp in an extension descriptor
 * @d: the descriptor (seconds in data1, ns in data2)
 *
 * Return: the PHC's time at which the frame came in.
 */
ktime_t lan743x_ptp_rx_time(const struct lan743x_desc *d)
{
	u32 ns = FIELD_GET(RX_DESC_DATA2_TS_NS_MASK_, le32_to_cpu(d->data2));

	return ktime_set(le32_to_cpu(d->data1), ns);
}

/**
 * lan743x_ptp_rx_ext() - an extension descriptor: stamp the held frame
 * @rx: the ring
 * @d: the descriptor (seconds in data1, ns in data2)
 *
 * Context: NAPI.
 */
void lan743x_ptp_rx_ext(struct lan743x_rx *rx, const struct lan743x_desc *d)
{
	struct sk_buff *skb = rx->ring.ts_skb;

	if (!skb)
		return;
	rx->ring.ts_skb = NULL;
	skb_hwtstamps(skb)->hwtstamp = lan743x_ptp_rx_time(d);
	napi_gro_receive(&rx->napi, skb);
}

static u32 lan743x_ptp_rx_cfg(int filter)
{
	switch (filter) {
	case HWTSTAMP_FILTER_NONE:
		return 0;
	case HWTSTAMP_FILTER_PTP_V2_EVENT:
		return RX_CFG_B_TS_DESCR_EN_;
	default:
		return RX_CFG_B_TS_ALL_RX_;
	}
}

/**
 * lan743x_ptp_hwts() - get or set the timestamping configuration
 * @adapter: our device
 * @tx_type: HWTSTAMP_TX_*, in and out
 * @rx_filter: HWTSTAMP_FILTER_*, in and out (as applied)
 * @set: apply them, else report the current ones
 *
 * The RX mode goes straight into every ring's RX_CFG_B: the chip starts
 * or stops appending timestamp descriptors with the next frame.
 * Context: rtnl held.
 * Return: 0 or -ERANGE for a mode the chip cannot do.
 */
int lan743x_ptp_hwts(struct lan743x_adapter *adapter, int *tx_type,
		     int *rx_filter, bool set)
{
	struct lan743x_ptp *ptp = &adapter->ptp;
	unsigned long flags;
	int ch;

	if (!set) {
		*tx_type = !ptp->tx_on ? HWTSTAMP_TX_OFF :
			   ptp->onestep ? HWTSTAMP_TX_ONESTEP_SYNC :
			   HWTSTAMP_TX_ON;
		*rx_filter = ptp->rx_filter;
		return 0;
	}
	if (!ptp->clock)
		return -EOPNOTSUPP;
	if (*tx_type != HWTSTAMP_TX_OFF && *tx_type != HWTSTAMP_TX_ON &&
	    *tx_type != HWTSTAMP_TX_ONESTEP_SYNC)
		return -ERANGE;
	switch (*rx_filter) {
	case HWTSTAMP_FILTER_NONE:
	case HWTSTAMP_FILTER_ALL:
		break;
	case HWTSTAMP_FILTER_PTP_V2_EVENT:
	case HWTSTAMP_FILTER_PTP_V2_L2_EVENT:
	case HWTSTAMP_FILTER_PTP_V2_L4_EVENT:
	case HWTSTAMP_FILTER_PTP_V2_SYNC:
	case HWTSTAMP_FILTER_PTP_V2_L2_SYNC:
	case HWTSTAMP_FILTER_PTP_V2_L4_SYNC:
	case HWTSTAMP_FILTER_PTP_V2_DELAY_REQ:
	case HWTSTAMP_FILTER_PTP_V2_L2_DELAY_REQ:
	case HWTSTAMP_FILTER_PTP_V2_L4_DELAY_REQ:
		*rx_filter = HWTSTAMP_FILTER_PTP_V2_EVENT;
		break;
	default:
		*rx_filter = HWTSTAMP_FILTER_ALL;
		break;
	}

	spin_lock_irqsave(&ptp->tx_lock, flags);
	ptp->tx_on = *tx_type != HWTSTAMP_TX_OFF;
	ptp->onestep = *tx_type == HWTSTAMP_TX_ONESTEP_SYNC;
	spin_unlock_irqrestore(&ptp->tx_lock, flags);
	/* read without rtnl by XDP's RX metadata ops */
	WRITE_ONCE(ptp->rx_filter, *rx_filter);
	ptp->rx_cfg = lan743x_ptp_rx_cfg(ptp->rx_filter);
	if (!adapter->hw_up)
		return 0;
	lan743x_ptp_set_tx_mod(adapter);
	for (ch = 0; ch < LAN743X_NUM_RX; ch++)
		lan743x_hw_rx_set_ts(adapter, ch, ptp->rx_cfg);
	return 0;
}

#ifdef LAN743X_HAVE_NDO_HWTSTAMP
/**
 * lan743x_ptp_hwtstamp_get() - ndo_hwtstamp_get
 * @netdev: our device
 * @cfg: filled with the configuration in force
 *
 * Return: 0.
 */
int lan743x_ptp_hwtstamp_get(struct net_device *netdev,
			     struct kernel_hwtstamp_config *cfg)
{
	return lan743x_ptp_hwts(netdev_priv(netdev), &cfg->tx_type,
				&cfg->rx_filter, false);
}

/**
 * lan743x_ptp_hwtstamp_set() - ndo_hwtstamp_set
 * @netdev: our device
 * @cfg: the configuration wanted, updated to the one applied
 * @extack: unused
 *
 * Return: 0 or a negative errno.
 */
int lan743x_ptp_hwtstamp_set(struct net_device *netdev,
			     struct kernel_hwtstamp_config *cfg,
			     struct netlink_ext_ack *extack)
{
	return lan743x_ptp_hwts(netdev_priv(netdev), &cfg->tx_type,
				&cfg->rx_filter, true);
}
#else
/* SIOCSHWTSTAMP/SIOCGHWTSTAMP for kernels without ndo_hwtstamp_set */
static int lan743x_ptp_hwts_ioctl(struct net_device *netdev,
				  struct ifreq *ifr, bool set)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct hwtstamp_config cfg;
	int ret;

	if (set && copy_from_user(&cfg, ifr->ifr_data, sizeof(cfg)))
		return -EFAULT;
	if (!set)
		memset(&cfg, 0, sizeof(cfg));
	ret = lan743x_ptp_hwts(adapter, &cfg.tx_type, &cfg.rx_filter, set);
	if (ret)
		return ret;
	return copy_to_user(ifr->ifr_data, &cfg, sizeof(cfg)) ? -EFAULT : 0;
}
#endif

/**
 * lan743x_ptp_ioctl() - ndo_eth_ioctl
 * @netdev: our device
 * @ifr: request
 * @cmd: SIOC*
 *
 * Return: 0 or a negative errno.
 */
int lan743x_ptp_ioctl(struct net_device *netdev, struct ifreq *ifr, int cmd)
{
#ifndef LAN743X_HAVE_NDO_HWTSTAMP
	if (cmd == SIOCSHWTSTAMP || cmd == SIOCGHWTSTAMP)
		return lan743x_ptp_hwts_ioctl(netdev, ifr, cmd == SIOCSHWTSTAMP);
#endif
	return phy_do_ioctl_running(netdev, ifr, cmd);
}

/**
 * lan743x_ptp_open() - enable the clock and the 1588 interrupt
 * @adapter: our device
 *
 * Context: ndo_open, after the rings.
 */
void lan743x_ptp_open(struct lan743x_adapter *adapter)
{
	struct lan743x_ptp *ptp = &adapter->ptp;

	if (!ptp->clock)
		return;
	lan743x_wr32(adapter, PTP_INT_EN_CLR, ~0U);
	lan743x_wr32(adapter, PTP_INT_STS, ~0U);
	lan743x_wr32(adapter, PTP_INT_EN_SET, PTP_INT_BIT_TX_TS_ |
		     PTP_INT_BIT_TX_TS_OVRFL_);
	mutex_lock(&ptp->cmd_lock);
	lan743x_wr32(adapter, PTP_INT_EN_SET,
		     lan743x_ptp_extts_int(ptp->extts_cfg));
	mutex_unlock(&ptp->cmd_lock);
	lan743x_ptp_set_tx_mod(adapter);
	lan743x_wr32(adapter, PTP_CMD_CTL, PTP_CMD_CTL_ENABLE_);
	lan743x_wr32(adapter, INT_EN_SET, INT_BIT_1588_);
}

/**
 * lan743x_ptp_close() - mask the 1588 interrupt, free every held frame
 * @adapter: our device
 *
 * Context: ndo_stop, after the rings are closed.
 */
void lan743x_ptp_close(struct lan743x_adapter *adapter)
{
	struct lan743x_ptp *ptp = &adapter->ptp;
	unsigned long flags;
	unsigned int i;

	if (!ptp->clock)
		return;
	lan743x_wr32(adapter, INT_EN_CLR, INT_BIT_1588_);
	lan743x_wr32(adapter, PTP_INT_EN_CLR, ~0U);
	ptp_cancel_worker_sync(ptp->clock);
	spin_lock_irqsave(&ptp->tx_lock, flags);
	for (i = 0; i < LAN743X_PTP_TX_TS_CNT; i++)
		if (ptp->tx[i].skb)
			lan743x_ptp_tx_done(ptp, i, NULL);
	spin_unlock_irqrestore(&ptp->tx_lock, flags);
}

/**
 * lan743x_ptp_probe() - reset the 1588 block and register the PHC
 * @adapter: our device
 *
 * A PHC that fails to register leaves the device without timestamps.
 */
void lan743x_ptp_probe(struct lan743x_adapter *adapter)
{
	unsigned int i, n_pins = LAN7431_PTP_PINS;
	struct lan743x_ptp *ptp = &adapter->ptp;
	struct ptp_clock *clock;

	mutex_init(&ptp->cmd_lock);
	spin_lock_init(&ptp->tx_lock);
	ptp->rx_filter = HWTSTAMP_FILTER_NONE;
	lan743x_ptp_cmd(adapter, PTP_CMD_CTL_RESET_);
	for (i = 0; i < LAN743X_PTP_PEROUTS; i++) {
		ptp->perout_pin[i] = -1;
		lan743x_ptp_target_set(adapter, i, PTP_TARGET_SEC_OFF_, 0);
	}
	if (FIELD_GET(ID_REV_ID_MASK_, adapter->id_rev) == ID_REV_ID_LAN7430_) {
		n_pins = LAN7430_PTP_PINS;
		ptp->leds = lan743x_rd32(adapter, HW_CFG) &
			    GENMASK(LAN7430_PTP_PINS - 1, 0) * HW_CFG_LED_EN_(0);
	}
	for (i = 0; i < n_pins; i++) {
		snprintf(ptp->pins[i].name, sizeof(ptp->pins[i].name),
			 "lan743x_ptp_pin_%02u", i);
		ptp->pins[i].index = i;
	}

	ptp->info = (struct ptp_clock_info) {
		.owner		= THIS_MODULE,
		.max_adj	= LAN743X_PTP_MAX_ADJ_PPB,
		.gettimex64	= lan743x_ptp_gettimex64,
		.settime64	= lan743x_ptp_settime64,
		.adjtime	= lan743x_ptp_adjtime,
		.adjfine	= lan743x_ptp_adjfine,
		.do_aux_work	= lan743x_ptp_aux_work,
		.n_per_out	= LAN743X_PTP_PEROUTS,
		.n_ext_ts	= adapter->chip->ptp_extts,
		.n_pins		= n_pins,
		.pin_config	= ptp->pins,
		.enable		= lan743x_ptp_enable,
		.verify		= lan743x_ptp_verify,
#ifdef LAN743X_HAVE_PTP_PEROUT_FLAGS
		.supported_perout_flags = PTP_PEROUT_DUTY_CYCLE,
#endif
#ifdef LAN743X_HAVE_PTP_EXTTS_FLAGS
		.supported_extts_flags = PTP_EXTTS_EDGES | PTP_STRICT_FLAGS,
#endif
	};
	snprintf(ptp->info.name, sizeof(ptp->info.name), "lan743x");
	clock = ptp_clock_register(&ptp->info, &adapter->pdev->dev);
	if (IS_ERR(clock)) {
		netdev_warn(adapter->netdev, "no PTP clock: %pe\n", clock);
		clock = NULL;
	}
	ptp->clock = clock;
}

/**
 * lan743x_ptp_save() - note the clock's time before the chip may lose it
 * @adapter: our device
 *
 * A chip reset (lan743x_hw_restart(): resume, TX timeout recovery, PCIe
 * error recovery) clears the clock, its rate and its outputs.  This reads
 * the clock with CLOCK_BOOTTIME beside it, which goes on through a
 * suspend, so that lan743x_ptp_restore() can set it to where it would be.
 * A chip that lost its clock already (powered down in suspend, reset by a
 * fatal PCIe error: ENABLE clear, or all ones read) keeps what was saved
 * before.  Context: rtnl held.
 */
void lan743x_ptp_save(struct lan743x_adapter *adapter)
{
	struct lan743x_ptp *ptp = &adapter->ptp;
	struct timespec64 ts;
	u32 cmd;

	if (!ptp->clock)
		return;
	mutex_lock(&ptp->cmd_lock);
	cmd = lan743x_rd32(adapter, PTP_CMD_CTL);
	if (cmd != ~0U && (cmd & PTP_CMD_CTL_ENABLE_) &&
	    !lan743x_ptp_read(adapter, &ts, NULL)) {
		ptp->saved_phc = timespec64_to_ns(&ts);
		ptp->saved_boot = ktime_get_boottime_ns();
		ptp->saved = true;
	}
	mutex_unlock(&ptp->cmd_lock);
}

/**
 * lan743x_ptp_restore() - give a reset chip its clock and outputs back
 * @adapter: our device, its chip reset and initialised
 *
 * The clock is loaded with its saved time plus the CLOCK_BOOTTIME that
 * has passed since, at the rate it ran at; its rate adjustment is written
 * again; each periodic output that was running starts again from its
 * request: the first rising edge on the period boundary (in the
 * requested phase) after now.  An output that cannot start again is
 * stopped, with a warning.  Context: rtnl held.
 */
void lan743x_ptp_restore(struct lan743x_adapter *adapter)
{
	struct lan743x_ptp *ptp = &adapter->ptp;
	struct timespec64 ts;
	u64 gone, corr;
	int ch, ret;
	u32 value;
	s64 ns;

	if (!ptp->clock)
		return;
	mutex_lock(&ptp->cmd_lock);
	lan743x_wr32(adapter, PTP_CLOCK_RATE_ADJ, ptp->rate_adj);
	if (ptp->saved) {
		gone = ktime_get_boottime_ns() - ptp->saved_boot;
		value = FIELD_GET(PTP_ADJ_VALUE_MASK_, ptp->rate_adj);
		/* gone * value / 2^35, in two parts that cannot overflow */
		corr = ((gone >> 34) * value >> 1) +
		       ((gone & GENMASK_ULL(33, 0)) * value >> 35);
		ns = ptp->saved_phc + gone;
		ns = ptp->rate_adj & PTP_ADJ_DIR_ ? ns + corr : ns - corr;
		ts = ns_to_timespec64(ns);
		lan743x_wr32(adapter, PTP_CMD_CTL, PTP_CMD_CTL_ENABLE_);
		if (lan743x_ptp_load(adapter, &ts))
			netdev_warn(adapter->netdev, "PTP clock not restored\n");
		ptp->saved = false;
	}
	/* the external timestamp channels' captures (open enables them) */
	if (ptp->extts_cfg)
		lan743x_wr32(adapter, PTP_IO_CAP_CONFIG, ptp->extts_cfg);
	for (ch = 0; ch < LAN743X_PTP_PEROUTS; ch++) {
		if (ptp->perout_pin[ch] < 0)
			continue;
		/* the reset took the pin and the target: nothing to stop */
		ptp->perout_pin[ch] = -1;
		ret = lan743x_ptp_perout_start(adapter, &ptp->perout_rq[ch]);
		if (ret)
			netdev_warn(adapter->netdev,
				    "periodic output %d not restarted: %pe\n",
				    ch, ERR_PTR(ret));
	}
	mutex_unlock(&ptp->cmd_lock);
}

/**
 * lan743x_ptp_remove() - unregister the PHC, stop its outputs and the clock
 * @adapter: our device
 */
void lan743x_ptp_remove(struct lan743x_adapter *adapter)
{
	int ch;

	if (adapter->ptp.clock)
		ptp_clock_unregister(adapter->ptp.clock);
	adapter->ptp.clock = NULL;
	mutex_lock(&adapter->ptp.cmd_lock);
	for (ch = 0; ch < LAN743X_PTP_PEROUTS; ch++)
		lan743x_ptp_perout_off(adapter, ch);
	if (adapter->ptp.extts_cfg) {
		adapter->ptp.extts_cfg = 0;
		lan743x_wr32(adapter, PTP_IO_CAP_CONFIG, 0);
	}
	mutex_unlock(&adapter->ptp.cmd_lock);
	lan743x_wr32(adapter, PTP_CMD_CTL, PTP_CMD_CTL_DISABLE_);
}

/**
 * lan743x_ptp_phc_index() - the PHC's index, for ethtool -T
 * @adapter: our device
 *
 * Return: the index, or -1 without a PHC.
 */
int lan743x_ptp_phc_index(struct lan743x_adapter *adapter)
{
	return adapter->ptp.clock ? ptp_clock_index(adapter->ptp.clock) : -1;
}

static const char lan743x_ptp_stat_names[][ETH_GSTRING_LEN] = {
	"ptp_tx_timestamps", "ptp_tx_timeouts", "ptp_tx_skipped",
};

/**
 * lan743x_ptp_strings() - the PTP counters' ethtool -S names
 * @data: where the next name goes, advanced past them
 */
void lan743x_ptp_strings(u8 **data)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lan743x_ptp_stat_names); i++)
		ethtool_sprintf(data, "%s", lan743x_ptp_stat_names[i]);
}

/**
 * lan743x_ptp_stats() - the PTP counters for ethtool -S
 * @adapter: our device
 * @data: where they go
 *
 * Return: the slot after them.
 */
u64 *lan743x_ptp_stats(struct lan743x_adapter *adapter, u64 *data)
{
	struct lan743x_ptp *ptp = &adapter->ptp;
	unsigned long flags;

	spin_lock_irqsave(&ptp->tx_lock, flags);
	*data++ = ptp->tx_timestamps;
	*data++ = ptp->tx_timeouts;
	*data++ = ptp->tx_skipped;
	spin_unlock_irqrestore(&ptp->tx_lock, flags);
	return data;
}

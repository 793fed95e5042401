/*
 * Microchip LAN7430/LAN7431 model: the 1588 clock, TX and RX timestamps,
 * one-step Sync
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "lan743x_int.h"
#include "qapi/error.h"
#include "trace.h"

/* ------------------------------------------------------------------ */
/* PTP clock                                                           */
/* ------------------------------------------------------------------ */

/*
 * The 1588 block, as the in-tree driver (lan743x_ptp.c) programs it:
 *
 *  - the clock: seconds (48 bits; the 32 low ones in PTP_CLOCK_SEC), ns and
 *    sub-ns (2^-32 ns), running from the virtual clock whatever ENABLE says
 *    (the driver only reads it while enabled);
 *  - PTP_CMD_CTL commands complete at once (the bits read back as 0, but
 *    ENABLE, which stays set as status until DISABLE or RESET).  RESET:
 *    clock 0, rate nominal, PTP_INT_STS and the TX timestamp FIFO cleared.
 *    CLOCK_LOAD: the clock takes PTP_CLOCK_SEC/NS/SUBNS.  CLOCK_READ:
 *    latches the clock into PTP_CLOCK_SEC/NS/SUBNS and PTP_LTC_RD_*.
 *    STEP_SEC / STEP_NSEC: add (DIR = 1) or subtract (DIR = 0) the 30-bit
 *    PTP_CLOCK_STEP_ADJ value as seconds / ns;
 *  - PTP_CLOCK_RATE_ADJ: the clock runs at 1 +/- VALUE / 2^35 of nominal,
 *    faster with DIR = 1 (the driver's adjfine writes scaled_ppm * 2^19 /
 *    10^6, i.e. ppb * 2^35 / 10^9).  A write rebases the clock first, so
 *    it stays continuous;
 *  - TX timestamps: a frame whose first descriptor has TSE is timestamped
 *    (while ENABLE is set) as it starts on the wire: seconds, ns with
 *    capture cause "software" (1) in bits 31:30, and the PTP message
 *    header (messageType in 19:16, sequenceId in 15:0; 0 for a frame that
 *    is not PTP over L2, UDPv4 or UDPv6 ports 319/320) go into a 4-entry
 *    FIFO whose count PTP_CAP_INFO bits 6:4 show, and PTP_INT_STS TX_TS is
 *    set.  PTP_TX_EGRESS_SEC/NS and PTP_TX_MSG_HEADER show the oldest
 *    entry; writing 1 to PTP_INT_STS TX_TS removes it (and TX_TS sets
 *    again while entries remain), which is the order the driver uses.  A
 *    timestamp that finds the FIFO full is lost and sets TX_TS_OVRFL;
 *  - one-step Sync (PTP_TX_MOD SYNC_TS_INSERT): a timestamped Sync message
 *    also gets its egress time written into its originTimestamp; over
 *    UDPv4 its UDP checksum is then cleared if PTP_TX_MOD2
 *    CLR_UDPV4_CHKSUM is set, else (and over UDPv6) recomputed;
 *  - RX timestamps: the extension descriptor after a frame (RX_CFG_B
 *    TS_ALL_RX or TS_DESCR_EN) carries the clock at the frame's arrival
 *    at the model, seconds in data1 and ns in data2;
 *  - PTP_INT_STS is write-1-to-clear; PTP_INT_EN_SET/CLR set and clear the
 *    enables (both read the enable mask); INT_STS bit 7 (1588) is pending
 *    while PTP_INT_STS & enables is not 0.
 *
 *  - clock targets A and B (PTP_CLOCK_TARGET_SEC/NS_x) and their reloads:
 *    a channel's event happens when the clock reaches its target, by
 *    running or by a step forward over it (one event, however far the
 *    step; a target written behind the clock never fires).  Then the
 *    reload is added to the target (PTP_GENERAL_CONFIG RELOAD_ADD_x = 0,
 *    what the driver programs for a periodic output), or the target is
 *    set to the reload value (1).  The event's action
 *    (PTP_GENERAL_CONFIG bits 4x+1..4x+3): 0..5 a pulse of 100 ns,
 *    10 us, 100 us, 1 ms, 10 ms or 200 ms of the clock, 6 toggle, 7
 *    nothing; each event also sets PTP_INT_STS TIMER_x.  A channel whose
 *    four bits of PTP_GENERAL_CONFIG change starts again inactive (low on
 *    an active-high pin), so that a toggle output stopped while high and
 *    started again has its first edge rising (inferred: the drivers
 *    rewrite these bits at every start and stop).  A QEMU timer
 *    on the virtual clock is set for the next event or pulse end as the
 *    clock's rate puts it, and set again after every rate change, step,
 *    load or write to these registers, so that edges come when the clock
 *    (not the virtual clock) reads the target;
 *  - GPIOs (4 on the LAN7430, shared with the PHY's LED0..3 while
 *    HW_CFG's LED enable says so, 12 on the LAN7431): a pin with its
 *    GPIO_CFG3 1588 output enable shows channel A or B (GPIO_CFG3 bit
 *    16 + n), active high if GPIO_CFG2 says so; otherwise an enabled
 *    output GPIO (GPIO_CFG1 bit 16 + n clear, GPIO_CFG0 bit 16 + n set)
 *    shows its data bit; otherwise it is low.  Every level change of a
 *    pin is counted with the clock's time at that instant (the
 *    read-only property x-gpio-edges, the trace event
 *    lan743x_gpio_edge): that is how tests see the periodic outputs.
 *
 *  - PTP_LATENCY: the chip takes its timestamps at the MAC and moves
 *    them to the wire by the PHY's latencies the driver programs for the
 *    link's speed (a TX timestamp plus the TX latency, an RX one minus
 *    the RX latency).  The model times frames at the wire, and its PHY
 *    sits between MAC and wire for the latencies of lan743x_phy_latency()
 *    (Microchip's figures for the LAN7430's PHY, which the drivers
 *    program): a driver that programs them stamps the wire's time, one
 *    that does not is off by them (two chips then see a path delay of
 *    their sum instead of 0).
 *
 *  - PCI11x1x event capture (PTP-IO, the registers' comment in
 *    lan743x_regs.h): channel n (0..7) latches the clock's time of GPIO
 *    n's rising and falling edges, as enabled, into its own registers,
 *    read through PTP_IO_SEL, and sets PTP_INT_STS IO_RE n / IO_FE n; with
 *    its LOCK bit an edge while that status is set is not latched
 *    (inferred from the bit's name: the drivers set it and clear the
 *    status after reading).  Channel n sampling GPIO n is inferred too:
 *    the drivers program no routing.  A pin the chip does not drive shows
 *    what drives it from outside, low unless a test drives it (x-faults
 *    GPIO_INPUT, lan743x_faults.c); its edges are counted and logged as
 *    the outputs' are.
 *
 *  - PCI11x1x event outputs (PTP-IO), as the kernel's driver programs
 *    them for a periodic output: PTP_GENERAL_CONFIG has the family's
 *    layout (lan743x_regs.h): per channel RELOAD_ADD, a polarity bit
 *    (1: the event drives the pin high) and a 4-bit action, 0..13 a pulse
 *    of 100 ns, 500 ns, 1, 5, 10, 50, 100, 500 us, 1, 5, 10, 50, 100 or
 *    200 ms, 14 toggle, 15 nothing on the pin.  GPIO n shows channel A or
 *    B (PTP_IO_EVENT_OUTPUT_CFG SEL_B n) while its EN n is set, driven
 *    both ways if PTP_IO_PIN_CFG n says push-pull, else open drain: the
 *    high level is not driven, and the boards here have no pull-up, so the
 *    pin then shows what drives it from outside (low).  On the family the
 *    LAN743x's route, GPIO_CFG3's 1588 output enables, reaches no pin:
 *    the kernel's driver never programs it there, and the event codes it
 *    would show are in the LAN743x's layout of PTP_GENERAL_CONFIG, which
 *    the family does not have; the pin stays what GPIO_CFG0/1 make it.
 *    PTP_CMD_CTL LTC_TARGET_READ (bit 13, which the kernel's driver sets
 *    at each start) changes nothing here: the targets always read back.
 *    Each edge is logged as above.
 *
 * Not emulated: the auto-capture TX modes and the RX timestamp FIFO.
 */

static void lan743x_ptp_run(LAN743xState *s, int64_t now);
static void lan743x_ptp_arm(LAN743xState *s);
static void lan743x_ptp_stepped(LAN743xState *s, int64_t old);

/*
 * The PHY's latency in ns between the MAC and the wire at the link's
 * speed, TX and RX; none without a PHY (RGMII to a switch) or link, and
 * none published for 10 Mbit/s
 */
static void lan743x_phy_latency(LAN743xState *s, int *tx, int *rx)
{
    *tx = *rx = 0;
    if (!s->phy_present || !s->phy_link) {
        return;
    }
    switch (s->phy_mbps) {
    case 1000:
        *tx = 30;
        *rx = 525;
        break;
    case 100:
        *tx = 181;
        *rx = 594;
        break;
    }
}

/* What the chip adds to a TX timestamp taken at the wire (see above) */
int64_t lan743x_ptp_tx_latency_fix(LAN743xState *s)
{
    int tx, rx;

    lan743x_phy_latency(s, &tx, &rx);
    return (int64_t)FIELD_EX32(s->regs[R_PTP_LATENCY], PTP_LATENCY, TX) - tx;
}

/* What the chip adds to an RX timestamp taken at the wire (see above) */
int64_t lan743x_ptp_rx_latency_fix(LAN743xState *s)
{
    int tx, rx;

    lan743x_phy_latency(s, &tx, &rx);
    return rx - (int64_t)FIELD_EX32(s->regs[R_PTP_LATENCY], PTP_LATENCY, RX);
}

/* The clock at virtual time @when, as ns, and its sub-ns part in *subns */
int64_t lan743x_ptp_read_at(LAN743xState *s, int64_t when, uint32_t *subns)
{
    uint32_t adj = s->regs[R_PTP_CLOCK_RATE_ADJ];
    uint64_t elapsed = when - s->ptp_ref;
    int64_t ns = s->ptp_base + (int64_t)elapsed;
    uint64_t lo, hi, whole;
    uint32_t part;

    /* elapsed * VALUE is in 2^-35 ns: whole ns and a 2^-32 ns part */
    mulu64(&lo, &hi, elapsed, FIELD_EX32(adj, PTP_CLOCK_RATE_ADJ, VALUE));
    whole = (hi << 29) | (lo >> 35);
    part = (uint32_t)(lo >> 3);
    if (FIELD_EX32(adj, PTP_CLOCK_RATE_ADJ, DIR)) {
        uint64_t sum = (uint64_t)s->ptp_subns + part;

        ns += whole + (sum >> 32);
        *subns = (uint32_t)sum;
    } else {
        ns -= whole + (part > s->ptp_subns);
        *subns = s->ptp_subns - part;
    }
    return ns;
}

static int64_t lan743x_ptp_read(LAN743xState *s, uint32_t *subns)
{
    return lan743x_ptp_read_at(s, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL),
                               subns);
}

static int64_t lan743x_ptp_now(LAN743xState *s)
{
    uint32_t subns;

    return lan743x_ptp_read(s, &subns);
}

void lan743x_ptp_set(LAN743xState *s, int64_t ns, uint32_t subns)
{
    s->ptp_base = ns;
    s->ptp_subns = subns;
    s->ptp_ref = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* A clock value as the chip's 48-bit seconds and ns (before 0 wraps) */
void lan743x_ptp_split(int64_t now, uint64_t *sec, uint32_t *ns)
{
    int64_t q = now / NANOSECONDS_PER_SECOND;
    int64_t r = now % NANOSECONDS_PER_SECOND;

    if (r < 0) {
        r += NANOSECONDS_PER_SECOND;
        q--;
    }
    *sec = (uint64_t)q & MAKE_64BIT_MASK(0, 48);
    *ns = r;
}

/* A new rate from now on: rebase so that the clock stays continuous */
void lan743x_ptp_rate(LAN743xState *s, uint32_t val)
{
    uint32_t subns;
    int64_t now = lan743x_ptp_read(s, &subns);

    lan743x_ptp_run(s, now);
    lan743x_ptp_set(s, now, subns);
    s->regs[R_PTP_CLOCK_RATE_ADJ] = val;
    lan743x_ptp_arm(s);
}

void lan743x_ptp_command(LAN743xState *s, uint32_t cmd)
{
    uint32_t *r = s->regs;
    int64_t old = lan743x_ptp_now(s);

    lan743x_ptp_run(s, old);

    if (FIELD_EX32(cmd, PTP_CMD_CTL, RESET)) {
        lan743x_ptp_set(s, 0, 0);
        r[R_PTP_CLOCK_RATE_ADJ] = 0;
        r[R_PTP_CMD_CTL] &= ~R_PTP_CMD_CTL_ENABLE_MASK;
        r[R_PTP_INT_STS] = 0;
        s->ptp_tx_count = 0;
    }
    if (FIELD_EX32(cmd, PTP_CMD_CTL, ENABLE)) {
        r[R_PTP_CMD_CTL] |= R_PTP_CMD_CTL_ENABLE_MASK;
    }
    if (FIELD_EX32(cmd, PTP_CMD_CTL, DISABLE)) {
        r[R_PTP_CMD_CTL] &= ~R_PTP_CMD_CTL_ENABLE_MASK;
    }
    if (FIELD_EX32(cmd, PTP_CMD_CTL, CLOCK_LOAD)) {
        lan743x_ptp_set(s, (int64_t)r[R_PTP_CLOCK_SEC] * NANOSECONDS_PER_SECOND
                        + (r[R_PTP_CLOCK_NS] % NANOSECONDS_PER_SECOND),
                        r[R_PTP_CLOCK_SUBNS]);
    }
    if (FIELD_EX32(cmd, PTP_CMD_CTL, STEP_SEC)) {
        int64_t sec = FIELD_EX32(r[R_PTP_CLOCK_STEP_ADJ], PTP_CLOCK_STEP_ADJ,
                                 VALUE);

        if (!FIELD_EX32(r[R_PTP_CLOCK_STEP_ADJ], PTP_CLOCK_STEP_ADJ, DIR)) {
            sec = -sec;
        }
        s->ptp_base += sec * NANOSECONDS_PER_SECOND;
    }
    if (FIELD_EX32(cmd, PTP_CMD_CTL, STEP_NSEC)) {
        int64_t ns = FIELD_EX32(r[R_PTP_CLOCK_STEP_ADJ], PTP_CLOCK_STEP_ADJ,
                                VALUE);

        if (!FIELD_EX32(r[R_PTP_CLOCK_STEP_ADJ], PTP_CLOCK_STEP_ADJ, DIR)) {
            ns = -ns;
        }
        s->ptp_base += ns;
    }
    if (FIELD_EX32(cmd, PTP_CMD_CTL, CLOCK_READ)) {
        uint32_t subns, ns;
        uint64_t sec;

        lan743x_ptp_split(lan743x_ptp_read(s, &subns), &sec, &ns);
        r[R_PTP_CLOCK_SEC] = (uint32_t)sec;
        r[R_PTP_CLOCK_NS] = ns;
        r[R_PTP_CLOCK_SUBNS] = subns;
        r[R_PTP_LTC_RD_SEC_HI] = sec >> 32;
        r[R_PTP_LTC_RD_SEC_LO] = (uint32_t)sec;
        r[R_PTP_LTC_RD_NS] = ns;
        r[R_PTP_LTC_RD_SUBNS] = subns;
    }
    if (cmd & (R_PTP_CMD_CTL_RESET_MASK | R_PTP_CMD_CTL_CLOCK_LOAD_MASK |
               R_PTP_CMD_CTL_STEP_SEC_MASK | R_PTP_CMD_CTL_STEP_NSEC_MASK)) {
        lan743x_ptp_stepped(s, old);
    }
    /* All command bits complete at once; ENABLE stays as status */
}

/* Writing 1 to TX_TS takes the oldest TX timestamp out of the FIFO */
void lan743x_ptp_int_clear(LAN743xState *s, uint32_t val)
{
    s->regs[R_PTP_INT_STS] &= ~val;
    if (FIELD_EX32(val, PTP_INT_STS, TX_TS) && s->ptp_tx_count) {
        s->ptp_tx_count--;
        memmove(s->ptp_tx_sec, s->ptp_tx_sec + 1,
                s->ptp_tx_count * sizeof(s->ptp_tx_sec[0]));
        memmove(s->ptp_tx_ns, s->ptp_tx_ns + 1,
                s->ptp_tx_count * sizeof(s->ptp_tx_ns[0]));
        memmove(s->ptp_tx_hdr, s->ptp_tx_hdr + 1,
                s->ptp_tx_count * sizeof(s->ptp_tx_hdr[0]));
    }
    if (s->ptp_tx_count) {
        s->regs[R_PTP_INT_STS] |= R_PTP_INT_STS_TX_TS_MASK;
    }
}

/*
 * Where the PTP message of a frame starts (0 if it has none): PTP over
 * Ethernet, or UDP to the event or general port over IPv4 or IPv6.
 */
static unsigned lan743x_ptp_msg(const uint8_t *p, size_t len,
                                const LAN743xPktInfo *pi)
{
    unsigned off = pi->vlan ? ETH_HLEN + 4 : ETH_HLEN;

    if (pi->l4_off && pi->l4_proto == IP_PROTO_UDP) {
        uint16_t port = len >= pi->l4_off + 8 ?
                        lduw_be_p(p + pi->l4_off + 2) : 0;

        off = pi->l4_off + 8;
        if (port != PTP_EVENT_PORT && port != PTP_GENERAL_PORT) {
            return 0;
        }
    } else if (pi->l3_off || len < off ||
               lduw_be_p(p + off - 2) != PTP_ETHERTYPE) {
        return 0;
    }
    return len >= off + PTP_HDR_LEN ? off : 0;
}

/*
 * One-step Sync: the egress time goes into originTimestamp, and the UDP
 * checksum, now stale, is cleared (UDPv4, if PTP_TX_MOD2 says so) or
 * recomputed.
 */
static void lan743x_ptp_insert(LAN743xState *s, uint8_t *p, size_t len,
                               const LAN743xPktInfo *pi, unsigned msg,
                               uint64_t sec, uint32_t ns)
{
    uint8_t *ts = p + msg + PTP_HDR_LEN;

    if (len < msg + PTP_HDR_LEN + PTP_ORIGIN_TS_LEN) {
        return;
    }
    stw_be_p(ts, sec >> 32);
    stl_be_p(ts + 2, (uint32_t)sec);
    stl_be_p(ts + 6, ns);
    if (!pi->l4_off) {
        return;
    }
    if (pi->ipv4 && FIELD_EX32(s->regs[R_PTP_TX_MOD2], PTP_TX_MOD2,
                               CLR_UDPV4_CHKSUM)) {
        stw_be_p(p + pi->l4_off + 6, 0);
    } else {
        lan743x_fill_csum(p, len, false, true);
    }
}

/*
 * A frame asked for its TX timestamp (TSE) as it starts on the wire: into
 * the FIFO with its PTP header, or lost if the FIFO is full.  @insert: the
 * frame goes out as it is (not segmented), so one-step Sync may edit it.
 */
void lan743x_ptp_tx_stamp(LAN743xState *s, uint8_t *p, size_t len, bool insert)
{
    LAN743xPktInfo pi;
    unsigned msg, n = s->ptp_tx_count;
    uint32_t hdr = 0, ns, subns;
    uint64_t sec;

    if (!FIELD_EX32(s->regs[R_PTP_CMD_CTL], PTP_CMD_CTL, ENABLE)) {
        return;
    }
    /* when it starts on the wire, as the chip sees it from the MAC */
    lan743x_ptp_split(lan743x_ptp_read_at(s, lan743x_wire_start(s,
                                          s->tx_wire_free), &subns) +
                      lan743x_ptp_tx_latency_fix(s), &sec, &ns);
    lan743x_parse(p, len, &pi);
    msg = lan743x_ptp_msg(p, len, &pi);
    if (msg) {
        hdr = FIELD_DP32(hdr, PTP_TX_MSG_HEADER, MSG_TYPE, p[msg] & 0xf);
        hdr = FIELD_DP32(hdr, PTP_TX_MSG_HEADER, SEQ_ID,
                         lduw_be_p(p + msg + 30));
        if (insert && (p[msg] & 0xf) == PTP_MSG_SYNC &&
            FIELD_EX32(s->regs[R_PTP_TX_MOD], PTP_TX_MOD, SYNC_TS_INSERT)) {
            lan743x_ptp_insert(s, p, len, &pi, msg, sec, ns);
        }
    }
    if (n == LAN743X_PTP_TX_TS_FIFO) {
        s->regs[R_PTP_INT_STS] |= R_PTP_INT_STS_TX_TS_OVRFL_MASK;
        return;
    }
    s->ptp_tx_sec[n] = (uint32_t)sec;
    s->ptp_tx_ns[n] = FIELD_DP32(ns, PTP_TX_EGRESS_NS, CAUSE,
                                 PTP_TX_CAUSE_SW);
    s->ptp_tx_hdr[n] = hdr;
    s->ptp_tx_count = n + 1;
    s->regs[R_PTP_INT_STS] |= R_PTP_INT_STS_TX_TS_MASK;
}

/* ------------------------------------------------------------------ */
/* Clock targets, periodic outputs and the GPIOs they drive            */
/* ------------------------------------------------------------------ */

/* PTP_GENERAL_CONFIG's pulse widths, action 0..5 */
static const int64_t lan743x_pulse_ns[] = {
    100, 10000, 100000, 1000000, 10000000, 200000000,
};

/* PCI11x1x: its pulse widths, action 0..13 */
static const int64_t lan743x_hs_pulse_ns[] = {
    100, 500, 1000, 5000, 10000, 50000, 100000, 500000,
    1000000, 5000000, 10000000, 50000000, 100000000, 200000000,
};

/*
 * The timer is set no closer than this after it last fired: edges less
 * than this apart are made together, at the later time.
 */
#define LAN743X_PTP_MIN_STEP    10000
/* An event further away than this is looked at again then */
#define LAN743X_PTP_FAR         (1LL << 50)

static int64_t lan743x_ptp_pair(LAN743xState *s, unsigned sec, unsigned ns)
{
    return (int64_t)s->regs[sec] * NANOSECONDS_PER_SECOND + s->regs[ns];
}

static int64_t lan743x_ptp_target(LAN743xState *s, int ch)
{
    return lan743x_ptp_pair(s, PTP_TARGET(ch, SEC), PTP_TARGET(ch, NS));
}

static void lan743x_ptp_set_target(LAN743xState *s, int ch, int64_t t)
{
    s->regs[PTP_TARGET(ch, SEC)] = (uint32_t)(t / NANOSECONDS_PER_SECOND);
    s->regs[PTP_TARGET(ch, NS)] = t % NANOSECONDS_PER_SECOND;
}

static unsigned lan743x_gpios(LAN743xState *s)
{
    return s->device_id == 0x7430 ? LAN7430_GPIOS : LAN7431_GPIOS;
}

/*
 * PCI11x1x: the level PTP-IO's event output drives GPIO @n to, or -1 where
 * it does not drive it (output off, or an open-drain output released)
 */
static int lan743x_ptp_io_out_level(LAN743xState *s, unsigned n)
{
    uint32_t *r = s->regs;
    uint32_t out = r[R_PTP_IO_EVENT_OUTPUT_CFG];
    int ch = !!(out & PTP_IO_OUT_SEL_B(n));
    bool high;

    if (!(out & PTP_IO_OUT_EN(n))) {
        return -1;
    }
    high = s->ptp_out[ch] ==
           !!(r[R_PTP_GENERAL_CONFIG] & PTP_HS_GC_POL_HIGH(ch));
    if (high && !(r[R_PTP_IO_PIN_CFG] & PTP_IO_PUSH_PULL(n))) {
        return -1;
    }
    return high;
}

/* What GPIO @n shows (an LED's pin is the PHY's: low here) */
static bool lan743x_gpio_level(LAN743xState *s, unsigned n)
{
    uint32_t *r = s->regs;
    int io;

    if (s->device_id == 0x7430 &&
        (FIELD_EX32(r[R_HW_CFG], HW_CFG, LED_EN) & BIT(n))) {
        return false;
    }
    if (s->pci11x1x) {
        /* its clock targets reach the pins through PTP-IO only */
        io = lan743x_ptp_io_out_level(s, n);
        if (io >= 0) {
            return io;
        }
    } else if (r[R_GPIO_CFG3] & BIT(n)) {
        bool out = s->ptp_out[!!(r[R_GPIO_CFG3] & BIT(16 + n))];

        return out == !!(r[R_GPIO_CFG2] & BIT(n));
    }
    if (!(r[R_GPIO_CFG1] & BIT(16 + n)) && (r[R_GPIO_CFG0] & BIT(16 + n))) {
        return r[R_GPIO_CFG0] & BIT(n);
    }
    return s->gpio_in[n];               /* what drives it from outside */
}

/* PCI11x1x: GPIO @n went to @level at clock time @now: channel n's capture */
static void lan743x_ptp_capture(LAN743xState *s, unsigned n, bool level,
                                int64_t now)
{
    uint32_t cfg = s->regs[R_PTP_IO_CAP_CONFIG];
    uint32_t sts = level ? PTP_INT_IO_RE(n) : PTP_INT_IO_FE(n);
    unsigned i = level ? n : PTP_IO_CHANNELS + n;
    uint64_t sec;
    uint32_t ns;

    if (!(cfg & (level ? PTP_IO_RE_CAP_EN(n) : PTP_IO_FE_CAP_EN(n)))) {
        return;
    }
    if ((cfg & (level ? PTP_IO_LOCK_RE(n) : PTP_IO_LOCK_FE(n))) &&
        (s->regs[R_PTP_INT_STS] & sts)) {
        return;                         /* locked: the first one stays */
    }
    lan743x_ptp_split(now, &sec, &ns);
    s->ptp_cap_sec[i] = sec;
    s->ptp_cap_ns[i] = ns;
    s->regs[R_PTP_INT_STS] |= sts;
}

/* Count every pin whose level changed, at clock time @now */
static void lan743x_gpio_update(LAN743xState *s, int64_t now)
{
    unsigned n;

    for (n = 0; n < lan743x_gpios(s); n++) {
        bool level = lan743x_gpio_level(s, n);
        LAN743xEdge *e;

        if (level == s->gpio_level[n]) {
            continue;
        }
        s->gpio_level[n] = level;
        if (level) {
            s->gpio_rises[n]++;
        } else {
            s->gpio_falls[n]++;
        }
        e = &s->gpio_log[s->gpio_log_count % LAN743X_GPIO_LOG];
        e->pin = n;
        e->level = level;
        e->phc = now;
        s->gpio_log_count++;
        trace_lan743x_gpio_edge(n, level, now);
        if (s->pci11x1x && n < PTP_IO_CHANNELS) {
            lan743x_ptp_capture(s, n, level, now);
        }
    }
}

/* x-faults GPIO_INPUT: GPIO @pin driven to @level from outside, now */
void lan743x_ptp_gpio_input(LAN743xState *s, unsigned pin, bool level)
{
    int64_t now = lan743x_ptp_now(s);

    lan743x_ptp_run(s, now);
    s->gpio_in[pin] = level;
    lan743x_gpio_update(s, now);
    lan743x_ptp_arm(s);
}

/* PCI11x1x: a *_CAP_X register, of the channel PTP_IO_SEL selects */
uint32_t lan743x_ptp_cap_read(LAN743xState *s, unsigned idx)
{
    unsigned n = FIELD_EX32(s->regs[R_PTP_IO_SEL], PTP_IO_SEL, SEL);

    switch (idx) {
    case R_PTP_IO_RE_LTC_SEC_CAP_X:
        return s->ptp_cap_sec[n];
    case R_PTP_IO_RE_LTC_NS_CAP_X:
        return s->ptp_cap_ns[n];
    case R_PTP_IO_FE_LTC_SEC_CAP_X:
        return s->ptp_cap_sec[PTP_IO_CHANNELS + n];
    default:
        return s->ptp_cap_ns[PTP_IO_CHANNELS + n];
    }
}

/*
 * Channel @ch's bits in PTP_GENERAL_CONFIG: its action (and polarity) and
 * RELOAD_ADD, in the chip family's layout
 */
static uint32_t lan743x_ptp_gc_bits(LAN743xState *s, int ch)
{
    if (s->pci11x1x) {
        return MAKE_64BIT_MASK(PTP_HS_GC_EVENT_SHIFT(ch), 4) |
               PTP_HS_GC_RELOAD_ADD(ch) | PTP_HS_GC_POL_HIGH(ch);
    }
    return MAKE_64BIT_MASK(4 * ch, 4);
}

/* Channel @ch's target is reached at clock time @at */
static void lan743x_ptp_event(LAN743xState *s, int ch, int64_t at)
{
    uint32_t gc = s->regs[R_PTP_GENERAL_CONFIG];
    const int64_t *width = lan743x_pulse_ns;
    unsigned n = ARRAY_SIZE(lan743x_pulse_ns);
    unsigned act = extract32(gc, PTP_GC_EVENT_SHIFT(ch), 3);
    unsigned toggle = PTP_EVENT_TOGGLE;
    bool add = !(gc & PTP_GC_RELOAD_ADD(ch));
    int64_t reload = lan743x_ptp_pair(s, PTP_TARGET(ch, RELOAD_SEC),
                                      PTP_TARGET(ch, RELOAD_NS));

    if (s->pci11x1x) {
        width = lan743x_hs_pulse_ns;
        n = ARRAY_SIZE(lan743x_hs_pulse_ns);
        act = extract32(gc, PTP_HS_GC_EVENT_SHIFT(ch), 4);
        toggle = PTP_HS_EVENT_TOGGLE;
        add = !(gc & PTP_HS_GC_RELOAD_ADD(ch));
    }
    if (act < n) {
        s->ptp_out[ch] = true;
        s->ptp_pulse_end[ch] = at + width[act];
    } else if (act == toggle) {
        s->ptp_out[ch] = !s->ptp_out[ch];
        s->ptp_pulse_end[ch] = INT64_MAX;
    }
    s->regs[R_PTP_INT_STS] |= ch ? R_PTP_INT_STS_TIMER_B_MASK :
                                   R_PTP_INT_STS_TIMER_A_MASK;
    lan743x_ptp_set_target(s, ch, add ? lan743x_ptp_target(s, ch) + reload :
                           reload);
    trace_lan743x_ptp_event(ch, at, lan743x_ptp_target(s, ch));
}

/*
 * Everything due by clock time @now, in order: pulse ends and targets the
 * clock has reached since each was last looked at (ptp_seen).
 */
static void lan743x_ptp_run(LAN743xState *s, int64_t now)
{
    int i, ch;

    for (i = 0; i < 1024; i++) {
        int64_t at = INT64_MAX;
        int which = -1;
        bool end = false;

        for (ch = 0; ch < PTP_CHANNELS; ch++) {
            int64_t t = lan743x_ptp_target(s, ch);

            if (s->ptp_out[ch] && s->ptp_pulse_end[ch] <= now &&
                s->ptp_pulse_end[ch] < at) {
                at = s->ptp_pulse_end[ch];
                which = ch;
                end = true;
            }
            if (t > s->ptp_seen[ch] && t <= now && t < at) {
                at = t;
                which = ch;
                end = false;
            }
        }
        if (which < 0) {
            break;
        }
        if (end) {
            s->ptp_out[which] = false;
            s->ptp_pulse_end[which] = INT64_MAX;
        } else {
            lan743x_ptp_event(s, which, at);
            s->ptp_seen[which] = at;
        }
        lan743x_gpio_update(s, now);
    }
    for (ch = 0; ch < PTP_CHANNELS; ch++) {
        s->ptp_seen[ch] = MAX(s->ptp_seen[ch], now);
    }
}

/* The virtual time at which the clock reads @phc (or a time to look again) */
static int64_t lan743x_ptp_when(LAN743xState *s, int64_t phc)
{
    int64_t now_v = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    uint32_t adj = s->regs[R_PTP_CLOCK_RATE_ADJ], subns;
    double rate = (double)FIELD_EX32(adj, PTP_CLOCK_RATE_ADJ, VALUE) /
                  (double)(1ULL << 35);
    int64_t d = phc - lan743x_ptp_read_at(s, now_v, &subns), v;

    if (d <= 0) {
        return now_v;
    }
    if (d > LAN743X_PTP_FAR) {
        return now_v + LAN743X_PTP_FAR;
    }
    rate = FIELD_EX32(adj, PTP_CLOCK_RATE_ADJ, DIR) ? 1 + rate : 1 - rate;
    v = now_v + (int64_t)(d / rate);
    while (lan743x_ptp_read_at(s, v, &subns) < phc) {
        v++;
    }
    while (v > now_v && lan743x_ptp_read_at(s, v - 1, &subns) >= phc) {
        v--;
    }
    return v;
}

/* Set the timer for the next pulse end or target */
static void lan743x_ptp_arm(LAN743xState *s)
{
    int64_t next = INT64_MAX, when;
    int ch;

    if (!s->ptp_timer) {
        return;
    }
    for (ch = 0; ch < PTP_CHANNELS; ch++) {
        int64_t t = lan743x_ptp_target(s, ch);

        if (s->ptp_out[ch]) {
            next = MIN(next, s->ptp_pulse_end[ch]);
        }
        if (t > s->ptp_seen[ch]) {
            next = MIN(next, t);
        }
    }
    if (next == INT64_MAX) {
        timer_del(s->ptp_timer);
        return;
    }
    when = lan743x_ptp_when(s, next);
    timer_mod(s->ptp_timer, MAX(when, s->ptp_fired + LAN743X_PTP_MIN_STEP));
}

void lan743x_ptp_timer_cb(void *opaque)
{
    LAN743xState *s = opaque;

    s->ptp_fired = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    lan743x_ptp_run(s, lan743x_ptp_now(s));
    lan743x_ptp_arm(s);
    lan743x_update_irq(s);
}

/*
 * The clock moved from @old to its time now other than by running: a
 * step forward over a target is that channel's event, once.
 */
static void lan743x_ptp_stepped(LAN743xState *s, int64_t old)
{
    int64_t now = lan743x_ptp_now(s);
    int ch;

    for (ch = 0; ch < PTP_CHANNELS; ch++) {
        int64_t t = lan743x_ptp_target(s, ch);

        if (now > old && t > old && t <= now) {
            lan743x_ptp_event(s, ch, now);
        }
        s->ptp_seen[ch] = now;
    }
    lan743x_gpio_update(s, now);
    lan743x_ptp_arm(s);
}

/* A write to a target, reload, PTP_GENERAL_CONFIG, GPIO_CFGn or HW_CFG */
void lan743x_ptp_io_write(LAN743xState *s, unsigned idx, uint32_t val)
{
    int64_t now = lan743x_ptp_now(s);

    lan743x_ptp_run(s, now);
    if (idx == R_PTP_GENERAL_CONFIG) {
        int ch;

        for (ch = 0; ch < PTP_CHANNELS; ch++) {
            if ((val ^ s->regs[idx]) & lan743x_ptp_gc_bits(s, ch)) {
                s->ptp_out[ch] = false;
                s->ptp_pulse_end[ch] = INT64_MAX;
            }
        }
    }
    s->regs[idx] = val;
    lan743x_gpio_update(s, now);
    lan743x_ptp_arm(s);
}

/* At reset: no events, outputs low */
void lan743x_ptp_io_reset(LAN743xState *s)
{
    int ch;

    for (ch = 0; ch < PTP_CHANNELS; ch++) {
        s->ptp_out[ch] = false;
        s->ptp_pulse_end[ch] = INT64_MAX;
        s->ptp_seen[ch] = lan743x_ptp_now(s);
    }
    memset(s->ptp_cap_sec, 0, sizeof(s->ptp_cap_sec));
    memset(s->ptp_cap_ns, 0, sizeof(s->ptp_cap_ns));
    lan743x_gpio_update(s, s->ptp_seen[0]);
    if (s->ptp_timer) {
        timer_del(s->ptp_timer);
    }
}

/*
 * x-gpio-edges: per pin "pin N level L rises R falls F", then the last
 * LAN743X_GPIO_LOG edges of all pins, oldest first, "edge SEQ pin N level
 * L phc NS" (SEQ counts from 0 since the device was created, NS: the
 * clock's time of the edge in ns)
 */
char *lan743x_gpio_edges_get(Object *obj, Error **errp)
{
    LAN743xState *s = LAN743X(obj);
    GString *str = g_string_new("");
    uint64_t i = 0;
    unsigned n;

    lan743x_ptp_run(s, lan743x_ptp_now(s));
    lan743x_ptp_arm(s);
    for (n = 0; n < lan743x_gpios(s); n++) {
        g_string_append_printf(str, "pin %u level %d rises %u falls %u\n", n,
                               s->gpio_level[n], s->gpio_rises[n],
                               s->gpio_falls[n]);
    }
    if (s->gpio_log_count > LAN743X_GPIO_LOG) {
        i = s->gpio_log_count - LAN743X_GPIO_LOG;
    }
    for (; i < s->gpio_log_count; i++) {
        LAN743xEdge *e = &s->gpio_log[i % LAN743X_GPIO_LOG];

        g_string_append_printf(str, "edge %" PRIu64 " pin %u level %d phc %"
                               PRId64 "\n", i, e->pin, e->level, e->phc);
    }
    return g_string_free(str, false);
}

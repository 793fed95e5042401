/*
 * Microchip LAN7430/LAN7431 model: the 1588 clock, TX and RX timestamps,
 * one-step Sync
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "lan743x_int.h"

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
 * Not emulated: the target-time/periodic outputs and GPIO event capture
 * (their registers are stored only), PTP_LATENCY (stored; timestamps are
 * taken at the model's wire with no PHY latency), the auto-capture TX
 * modes and the RX timestamp FIFO.
 */

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

    lan743x_ptp_set(s, now, subns);
    s->regs[R_PTP_CLOCK_RATE_ADJ] = val;
}

void lan743x_ptp_command(LAN743xState *s, uint32_t cmd)
{
    uint32_t *r = s->regs;

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
    /* when it starts on the wire */
    lan743x_ptp_split(lan743x_ptp_read_at(s, lan743x_wire_start(s,
                                          s->tx_wire_free), &subns),
                      &sec, &ns);
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

/*
 * Microchip LAN7430/LAN7431 model: the MAC side: the wire, packet
 * parsing and checksums, statistics, receive filtering and RSS, 802.3x
 * flow control, frames from the wire into the RX channels
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <zlib.h>
#include "net/checksum.h"
#include "qemu/log.h"
#include "qemu/units.h"
#include "standard-headers/linux/virtio_net.h"
#include "trace.h"
#include "sysemu/runstate.h"
#include "hw/pci/pci.h"
#include "lan743x_int.h"

/* ------------------------------------------------------------------ */
/* The wire                                                            */
/* ------------------------------------------------------------------ */

/* The speed of the link, 0 without one (or with the SerDes down) */
static unsigned lan743x_link_mbps(LAN743xState *s)
{
    return lan743x_link_up(s) ? s->phy_mbps : 0;
}

/* Bytes a frame of @frame_len (with FCS) occupies on the wire */
static uint64_t lan743x_wire_bytes(size_t frame_len)
{
    return frame_len + LAN743X_WIRE_OVERHEAD;
}

/* When a frame put on a wire free from @free on starts on it */
int64_t lan743x_wire_start(LAN743xState *s, int64_t free)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    return s->pace_wire && lan743x_link_mbps(s) ? MAX(free, now) : now;
}

/*
 * Occupy the wire of one direction for @bytes (lan743x_wire_bytes()).
 * Returns when the frame starts on it: now, or later for a frame taken
 * ahead of its time.
 */
int64_t lan743x_wire_use(LAN743xState *s, int64_t *free, uint64_t bytes)
{
    unsigned mbps = lan743x_link_mbps(s);
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), start;

    if (!s->pace_wire || !mbps) {
        return now;
    }
    start = MAX(*free, now - LAN743X_WIRE_SLACK_NS);
    *free = start + (int64_t)(bytes * 8000 / mbps);
    return MAX(start, now);
}

/* ------------------------------------------------------------------ */
/* EEE low power idle                                                  */
/* ------------------------------------------------------------------ */

/*
 * The transmitter asks its PHY for low power idle (802.3 clause 78) when
 * MAC_CR EEE_EN and MAC_TX TXEN are set, the link runs with EEE (both PHYs
 * advertised it for its speed, lan743x_phy.c) and the TX path has been
 * idle for MAC_EEE_TX_LPI_REQ_DLY_CNT microseconds since its last frame
 * left the wire: that counts one STAT_EEE_TX_LPI_TRANSITIONS, and the
 * time until the next frame (or until EEE_EN, TXEN or the link goes)
 * STAT_EEE_TX_LPI_TIME, in microseconds.  The PHY at the other end of an
 * x-cable sees the same periods as receive LPI (STAT_EEE_RX_LPI_*).  LPI
 * costs no wake time: a frame leaves as soon as it would without EEE.
 * Nothing runs while idle: a period is counted when it ends, and a read
 * of the counters adds the one in progress.
 */

/* Is the transmitter allowed into LPI now? */
static bool lan743x_lpi_allowed(LAN743xState *s)
{
    return FIELD_EX32(s->regs[R_MAC_CR], MAC_CR, EEE_EN) &&
           FIELD_EX32(s->regs[R_MAC_TX], MAC_TX, TXEN) &&
           s->phy_link && s->phy_eee;
}

/* The LPI period in progress at @now: its length in ns, or -1 if none */
static int64_t lan743x_lpi_current(LAN743xState *s, int64_t now)
{
    int64_t start;

    if (!s->lpi_on) {
        return -1;
    }
    start = MAX(s->lpi_idle_since, s->tx_wire_free) + s->lpi_dly_ns;
    return now >= start ? now - start : -1;
}

/* The period in progress ends now: count it at both ends of the cable */
static void lan743x_lpi_commit(LAN743xState *s, int64_t now)
{
    int64_t len = lan743x_lpi_current(s, now);
    LAN743xState *p = s->cable_peer;

    s->lpi_idle_since = now;
    if (len < 0) {
        return;
    }
    s->regs[R_STAT_EEE_TX_LPI_TRANSITIONS]++;
    s->lpi_tx_ns += len;
    if (p) {
        p->regs[R_STAT_EEE_RX_LPI_TRANSITIONS]++;
        p->lpi_rx_ns += len;
    }
}

/* Something that lan743x_lpi_allowed() reads may have changed */
void lan743x_lpi_update(LAN743xState *s)
{
    lan743x_lpi_commit(s, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    s->lpi_on = lan743x_lpi_allowed(s);
    s->lpi_dly_ns = (int64_t)s->regs[R_MAC_EEE_TX_LPI_REQ_DLY_CNT] * SCALE_US;
}

/* A frame goes out: the transmitter leaves LPI and is busy again */
void lan743x_lpi_tx(LAN743xState *s)
{
    if (s->lpi_on) {
        lan743x_lpi_commit(s, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    }
}

/* A read of one of the four STAT_EEE_* counters */
uint32_t lan743x_lpi_stat(LAN743xState *s, unsigned idx)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    LAN743xState *src = s;
    uint64_t ns = s->lpi_tx_ns;
    int64_t cur;

    if (idx == R_STAT_EEE_RX_LPI_TRANSITIONS ||
        idx == R_STAT_EEE_RX_LPI_TIME) {
        src = s->cable_peer;
        ns = s->lpi_rx_ns;
    }
    cur = src ? lan743x_lpi_current(src, now) : -1;
    switch (idx) {
    case R_STAT_EEE_TX_LPI_TRANSITIONS:
    case R_STAT_EEE_RX_LPI_TRANSITIONS:
        return s->regs[idx] + (cur >= 0);
    default:
        return (ns + MAX(cur, 0)) / SCALE_US;
    }
}

/* A write to one of them (the counters are writable, as the others) */
void lan743x_lpi_stat_write(LAN743xState *s, unsigned idx, uint32_t val)
{
    if (idx == R_STAT_EEE_TX_LPI_TIME) {
        s->lpi_tx_ns = (uint64_t)val * SCALE_US;
    } else if (idx == R_STAT_EEE_RX_LPI_TIME) {
        s->lpi_rx_ns = (uint64_t)val * SCALE_US;
    } else {
        s->regs[idx] = val;
    }
}

/* MAC_CR CNTR_RST or a reset: the counters start again from 0 */
void lan743x_lpi_reset_stats(LAN743xState *s)
{
    lan743x_lpi_commit(s, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    s->regs[R_STAT_EEE_TX_LPI_TRANSITIONS] = 0;
    s->regs[R_STAT_EEE_RX_LPI_TRANSITIONS] = 0;
    s->lpi_tx_ns = 0;
    s->lpi_rx_ns = 0;
}

/* ------------------------------------------------------------------ */
/* Packet helpers: L3/L4 parsing, checksums, statistics                */
/* ------------------------------------------------------------------ */

/*
 * Find the L3/L4 headers.  @lso: a TSO template whose IP length fields
 * may be stale (0 or the pre-segmentation length): trust @len instead.
 */
void lan743x_parse_hdrs(const uint8_t *p, size_t len,
                        LAN743xPktInfo *pi, bool lso)
{
    unsigned off = ETH_HLEN;
    uint16_t type;

    memset(pi, 0, sizeof(*pi));
    if (len < ETH_HLEN) {
        return;
    }
    type = lduw_be_p(p + 12);
    if (type == ETH_P_VLAN && len >= ETH_HLEN + 4) {
        pi->vlan = true;
        type = lduw_be_p(p + 16);
        off += 4;
    }
    if (type == ETH_P_IP) {
        unsigned ihl, tot;

        if (len < off + 20 || (p[off] >> 4) != 4) {
            return;
        }
        ihl = (p[off] & 0xf) * 4;
        tot = lso ? len - off : lduw_be_p(p + off + 2);
        if (ihl < 20 || len < off + ihl || tot < ihl || len < off + tot) {
            return;
        }
        pi->ipv4 = true;
        pi->l3_off = off;
        pi->l4_proto = p[off + 9];
        pi->fragment = lduw_be_p(p + off + 6) & 0x3fff;
        if (!pi->fragment) {
            pi->l4_off = off + ihl;
        }
    } else if (type == ETH_P_IPV6) {
        uint8_t nh;
        unsigned l4, end, hops;

        if (len < off + 40 || (p[off] >> 4) != 6) {
            return;
        }
        end = lso ? len : off + 40 + lduw_be_p(p + off + 4);
        if (end > len) {
            return;
        }
        pi->ipv6 = true;
        pi->l3_off = off;
        nh = p[off + 6];
        l4 = off + 40;
        /* Skip the usual extension headers, a bounded number of them */
        for (hops = 0; hops < 8; hops++) {
            if (nh == 0 || nh == 43 || nh == 60) {  /* hop, routing, dest */
                if (l4 + 8 > end) {
                    return;
                }
                nh = p[l4];
                l4 += (p[l4 + 1] + 1) * 8;
            } else if (nh == 44) {                   /* fragment */
                pi->fragment = true;
                pi->l4_proto = p[l4];
                return;
            } else {
                break;
            }
        }
        pi->l4_proto = nh;
        if (l4 <= end) {
            pi->l4_off = l4;
        }
    }
}

void lan743x_parse(const uint8_t *p, size_t len, LAN743xPktInfo *pi)
{
    lan743x_parse_hdrs(p, len, pi, false);
}

/*
 * Ones-complement sum of @len bytes taken as big-endian 16-bit words (an
 * odd last byte is the high half of a word), folded to 16 bits, eight
 * bytes per step.  Where net_checksum_add() would be used: the sums are
 * congruent modulo 0xffff and both are zero only for all-zero data, so
 * net_checksum_finish() gives the same result for either (QEMU's version
 * adds one byte at a time, which showed in the RX profile).
 */
static uint32_t lan743x_csum_add(const uint8_t *p, size_t len)
{
    uint64_t sum = 0;
    size_t i = 0;

    for (; i + 8 <= len; i += 8) {
        uint64_t w = ldq_be_p(p + i);

        sum += (w >> 32) + (uint32_t)w;
    }
    for (; i + 2 <= len; i += 2) {
        sum += lduw_be_p(p + i);
    }
    if (i < len) {
        sum += (uint32_t)p[i] << 8;
    }
    while (sum >> 16) {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    return sum;
}

/* L4 end offset (end of the IP payload) */
static unsigned lan743x_l3_end(const uint8_t *p, const LAN743xPktInfo *pi)
{
    if (pi->ipv4) {
        return pi->l3_off + lduw_be_p(p + pi->l3_off + 2);
    }
    return pi->l3_off + 40 + lduw_be_p(p + pi->l3_off + 4);
}

/* Ones-complement sum of the pseudo header for TCP/UDP */
uint32_t lan743x_pseudo_sum(const uint8_t *p, const LAN743xPktInfo *pi,
                            unsigned l4_len)
{
    uint32_t sum;

    if (pi->ipv4) {
        sum = lan743x_csum_add(p + pi->l3_off + 12, 8);
    } else {
        sum = lan743x_csum_add(p + pi->l3_off + 8, 32);
    }
    sum += pi->l4_proto;
    sum += l4_len;
    return sum;
}

uint16_t lan743x_l4_csum(uint8_t *p, const LAN743xPktInfo *pi, unsigned l4_len)
{
    uint32_t sum = lan743x_pseudo_sum(p, pi, l4_len);

    sum += lan743x_csum_add(p + pi->l4_off, l4_len);
    return net_checksum_finish(sum);
}

void lan743x_fill_ip4_csum(uint8_t *p, const LAN743xPktInfo *pi)
{
    unsigned ihl = (p[pi->l3_off] & 0xf) * 4;

    stw_be_p(p + pi->l3_off + 10, 0);
    stw_be_p(p + pi->l3_off + 10,
             net_checksum_finish(lan743x_csum_add(p + pi->l3_off, ihl)));
}

/* Insert the TCP/UDP checksum (and IPv4 header checksum) into a frame */
void lan743x_fill_csum(uint8_t *p, size_t len, bool ip, bool l4)
{
    LAN743xPktInfo pi;
    unsigned l4_len, csum_off;
    uint16_t csum;

    lan743x_parse(p, len, &pi);
    if (ip && pi.ipv4) {
        lan743x_fill_ip4_csum(p, &pi);
    }
    if (!l4 || !pi.l4_off) {
        return;
    }
    l4_len = lan743x_l3_end(p, &pi) - pi.l4_off;
    if (pi.l4_proto == IP_PROTO_TCP && l4_len >= 20) {
        csum_off = pi.l4_off + 16;
    } else if (pi.l4_proto == IP_PROTO_UDP && l4_len >= 8) {
        csum_off = pi.l4_off + 6;
    } else {
        return;
    }
    stw_be_p(p + csum_off, 0);
    csum = lan743x_l4_csum(p, &pi, l4_len);
    if (pi.l4_proto == IP_PROTO_UDP && csum == 0) {
        csum = 0xffff;
    }
    stw_be_p(p + csum_off, csum);
}

/* RX checksum status bits for data1 of the last descriptor */
static uint32_t lan743x_rx_csum_status(LAN743xState *s, const uint8_t *p,
                                       size_t len, const LAN743xPktInfo *pi)
{
    uint32_t rfe = s->regs[R_RFE_CTL];
    uint32_t status = 0;
    unsigned l4_len;
    bool l4_checked = false;

    if (!FIELD_EX32(rfe, RFE_CTL, IP_COE) &&
        !FIELD_EX32(rfe, RFE_CTL, TCP_UDP_COE)) {
        return RX_DESC1_ICSM;
    }
    if (!pi->ipv4 && !pi->ipv6) {
        return RX_DESC1_ICSM;
    }
    if (pi->ipv4 && FIELD_EX32(rfe, RFE_CTL, IP_COE)) {
        unsigned ihl = (p[pi->l3_off] & 0xf) * 4;

        if (net_checksum_finish(lan743x_csum_add(p + pi->l3_off, ihl)) != 0) {
            status |= RX_DESC1_ICE;
        }
    }
    if (FIELD_EX32(rfe, RFE_CTL, TCP_UDP_COE) && pi->l4_off &&
        (pi->l4_proto == IP_PROTO_TCP || pi->l4_proto == IP_PROTO_UDP)) {
        l4_len = lan743x_l3_end(p, pi) - pi->l4_off;
        if (pi->l4_proto == IP_PROTO_TCP && l4_len >= 20) {
            l4_checked = true;
        } else if (pi->l4_proto == IP_PROTO_UDP && l4_len >= 8) {
            l4_checked = true;
            if (pi->ipv4 && lduw_be_p(p + pi->l4_off + 6) == 0) {
                l4_len = 0;          /* no checksum: nothing to verify */
            }
        }
        if (l4_checked && l4_len) {
            uint32_t sum = lan743x_pseudo_sum(p, pi, l4_len);

            sum += lan743x_csum_add(p + pi->l4_off, l4_len);
            if (net_checksum_finish(sum) != 0) {
                status |= RX_DESC1_TCE;
            }
        }
    }
    if (!l4_checked) {
        status |= RX_DESC1_ICSM;
    }
    return status;
}

/* Count a frame of @len bytes (with FCS) in the RX or TX counter block */
void lan743x_count_frame(LAN743xState *s, bool rx, const uint8_t *da,
                         size_t len)
{
    int bytes, frames, bucket;
    int base64 = rx ? R_STAT_RX_64_BYTE_FRAMES : R_STAT_TX_64_BYTE_FRAMES;

    if (is_broadcast_ether_addr(da)) {
        bytes = rx ? R_STAT_RX_BROADCAST_BYTE_COUNT
                   : R_STAT_TX_BROADCAST_BYTE_COUNT;
        frames = rx ? R_STAT_RX_BROADCAST_FRAMES : R_STAT_TX_BROADCAST_FRAMES;
    } else if (is_multicast_ether_addr(da)) {
        bytes = rx ? R_STAT_RX_MULTICAST_BYTE_COUNT
                   : R_STAT_TX_MULTICAST_BYTE_COUNT;
        frames = rx ? R_STAT_RX_MULTICAST_FRAMES : R_STAT_TX_MULTICAST_FRAMES;
    } else {
        bytes = rx ? R_STAT_RX_UNICAST_BYTE_COUNT
                   : R_STAT_TX_UNICAST_BYTE_COUNT;
        frames = rx ? R_STAT_RX_UNICAST_FRAMES : R_STAT_TX_UNICAST_FRAMES;
    }
    lan743x_stat_add(s, bytes, len);
    lan743x_stat_add(s, frames, 1);
    if (len <= 64) {
        bucket = 0;
    } else if (len <= 127) {
        bucket = 1;
    } else if (len <= 255) {
        bucket = 2;
    } else if (len <= 511) {
        bucket = 3;
    } else if (len <= 1023) {
        bucket = 4;
    } else if (len <= 1518) {
        bucket = 5;
    } else {
        bucket = 6;
    }
    lan743x_stat_add(s, base64 + bucket, 1);
    lan743x_stat_add(s, rx ? R_STAT_RX_TOTAL_FRAMES : R_STAT_TX_TOTAL_FRAMES,
                     1);
    if (!rx) {
        /* every frame the MAC sends, TSO segments one by one */
        s->tx_wire_bytes += lan743x_wire_bytes(len);
    }
}

/* ------------------------------------------------------------------ */
/* Receive filtering and RSS                                           */
/* ------------------------------------------------------------------ */

static bool lan743x_rfe_perfect_match(LAN743xState *s, const uint8_t *da)
{
    uint32_t lo = ldl_le_p(da);
    uint32_t hi = lduw_le_p(da + 4);
    int i;

    for (i = 0; i < RFE_ADDR_FILT_ENTRIES; i++) {
        uint32_t fhi = s->regs[R_RFE_ADDR_FILT_HI0 + 2 * i];
        uint32_t flo = s->regs[R_RFE_ADDR_FILT_LO0 + 2 * i];

        if ((fhi & R_RFE_ADDR_FILT_HI_VALID_MASK) && flo == lo &&
            (fhi & 0xffff) == hi) {
            return true;
        }
    }
    return false;
}

static bool lan743x_rfe_accept(LAN743xState *s, const uint8_t *da)
{
    uint32_t ctl = s->regs[R_RFE_CTL];

    if (is_broadcast_ether_addr(da)) {
        return FIELD_EX32(ctl, RFE_CTL, AB);
    }
    if (is_multicast_ether_addr(da)) {
        unsigned bit;

        if (FIELD_EX32(ctl, RFE_CTL, AM)) {
            return true;
        }
        if (FIELD_EX32(ctl, RFE_CTL, DA_PERFECT) &&
            lan743x_rfe_perfect_match(s, da)) {
            return true;
        }
        if (FIELD_EX32(ctl, RFE_CTL, MCAST_HASH)) {
            bit = (net_crc32(da, ETH_ALEN) >> 23) & 0x1ff;
            return s->rfe_ram[LAN743X_RFE_HASH_BASE + bit / 32] &
                   BIT(bit % 32);
        }
        return false;
    }
    if (FIELD_EX32(ctl, RFE_CTL, AU)) {
        return true;
    }
    return lan743x_rfe_perfect_match(s, da);
}

static int lan743x_rss_channel(LAN743xState *s, const uint8_t *p,
                               const LAN743xPktInfo *pi)
{
    uint32_t cfg = s->regs[R_RFE_RSS_CFG];
    uint8_t key[RFE_HASH_KEY_DWORDS * 4];
    uint8_t input[36];
    unsigned in_len = 0, idx, bits;
    bool ports = false;
    net_toeplitz_key tk;
    uint32_t hash = 0;
    int i;

    if (!FIELD_EX32(cfg, RFE_RSS_CFG, ENABLE)) {
        return 0;
    }
    if (pi->ipv4) {
        if (pi->l4_off && !pi->fragment &&
            ((pi->l4_proto == IP_PROTO_TCP &&
              FIELD_EX32(cfg, RFE_RSS_CFG, TCP_IPV4)) ||
             (pi->l4_proto == IP_PROTO_UDP &&
              FIELD_EX32(cfg, RFE_RSS_CFG, UDP_IPV4)))) {
            ports = true;
        } else if (!FIELD_EX32(cfg, RFE_RSS_CFG, IPV4)) {
            return 0;
        }
        memcpy(input, p + pi->l3_off + 12, 8);
        in_len = 8;
    } else if (pi->ipv6) {
        if (pi->l4_off && !pi->fragment &&
            ((pi->l4_proto == IP_PROTO_TCP &&
              FIELD_EX32(cfg, RFE_RSS_CFG, TCP_IPV6)) ||
             (pi->l4_proto == IP_PROTO_UDP &&
              FIELD_EX32(cfg, RFE_RSS_CFG, UDP_IPV6)))) {
            ports = true;
        } else if (!FIELD_EX32(cfg, RFE_RSS_CFG, IPV6)) {
            return 0;
        }
        memcpy(input, p + pi->l3_off + 8, 32);
        in_len = 32;
    } else {
        return 0;
    }
    if (ports) {
        memcpy(input + in_len, p + pi->l4_off, 4);
        in_len += 4;
    }
    for (i = 0; i < RFE_HASH_KEY_DWORDS; i++) {
        stl_le_p(key + 4 * i, s->regs[R_RFE_HASH_KEY0 + i]);
    }
    net_toeplitz_key_init(&tk, key);
    net_toeplitz_add(&hash, input, in_len, &tk);

    bits = FIELD_EX32(cfg, RFE_RSS_CFG, VALID_HASH_BITS);
    idx = hash & ((1u << bits) - 1);
    return extract32(s->regs[R_RFE_INDX0 + idx / 4], (idx % 4) * 8, 8) %
           LAN743X_RX_CHANNELS;
}

/* ------------------------------------------------------------------ */
/* Flow control                                                        */
/* ------------------------------------------------------------------ */

/*
 * 802.3x flow control, as the driver programs it (MAC_FLOW: TX_FCEN, RX_FCEN
 * and the pause time; FCT_FLOW per RX channel: REQ_EN and the ON and OFF
 * thresholds of its FIFO):
 *
 *  - sending: when a channel with REQ_EN holds more than ON units in its RX
 *    FIFO and TX_FCEN is set, the MAC sends a pause frame of the programmed
 *    time; when every such FIFO is back to OFF units or less (or TX_FCEN is
 *    cleared), a pause frame of time zero releases the partner.  The
 *    partner is the netdev peer and honours it: the model takes nothing from
 *    it until released, so its frames wait in QEMU's queue and, behind it,
 *    in the peer's own (a tap's queue in the host), as frames wait in a
 *    paused switch port.  The chip refreshes a pause before it runs out, so
 *    the model lets it last until the release.  Both frames take their time
 *    on the TX wire and count in STAT_TX_PAUSE_FRAMES.  The unit of the
 *    thresholds is taken to be 512 bytes: the vendor's LAN78xx has an FCT
 *    with the same FCT_FLOW layout and 512-byte units, and the ON value the
 *    drivers program (0x2A) is then 21 KiB, below the chip's RX FIFO.
 *  - receiving: a pause frame from the partner (to 01:80:c2:00:00:01, type
 *    0x8808, opcode 1) is taken by the MAC, never by a ring, and counted in
 *    STAT_RX_PAUSE_FRAMES; with RX_FCEN the transmitter sends nothing more
 *    for its time (512 bit times per unit at the link speed), or resumes at
 *    once on a time of zero.
 */
#define LAN743X_PAUSE_FRAME_LEN 64          /* with FCS */

static void lan743x_send_pause(LAN743xState *s)
{
    lan743x_lpi_tx(s);
    lan743x_wire_use(s, &s->tx_wire_free,
                     lan743x_wire_bytes(LAN743X_PAUSE_FRAME_LEN));
    lan743x_stat_add(s, R_STAT_TX_PAUSE_FRAMES, 1);
}

/* Let QEMU deliver the frames it holds for us (see rx_refused) */
static void lan743x_rx_flush(LAN743xState *s)
{
    s->rx_refused = false;
    qemu_flush_queued_packets(qemu_get_queue(s->nic));
}

/* Pause or release the partner as the RX FIFOs' levels now require */
static void lan743x_flow_update(LAN743xState *s)
{
    uint32_t flow = s->regs[R_MAC_FLOW];
    bool enabled = FIELD_EX32(flow, MAC_FLOW, TX_FCEN) &&
                   FIELD_EX32(flow, MAC_FLOW, PAUSE_TIME);
    bool over = false, under = true;
    int ch;

    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        uint32_t f = s->regs[R_FCT_FLOW0 + ch];

        if (!FIELD_EX32(f, FCT_FLOW, REQ_EN)) {
            continue;
        }
        over |= s->rx_fifo_used[ch] >
                FIELD_EX32(f, FCT_FLOW, ON) * LAN743X_FLOW_UNIT;
        under &= s->rx_fifo_used[ch] <=
                 FIELD_EX32(f, FCT_FLOW, OFF) * LAN743X_FLOW_UNIT;
    }
    if (!s->pause_sent && enabled && over) {
        s->pause_sent = true;
        trace_lan743x_pause(true);
        lan743x_send_pause(s);
    } else if (s->pause_sent && (!enabled || under)) {
        s->pause_sent = false;
        trace_lan743x_pause(false);
        lan743x_send_pause(s);
        lan743x_rx_flush(s);
        if (s->gen) {
            lan743x_gen_kick(s->gen);
        }
    }
}

/* Is @buf (@size bytes) a pause frame?  Its pause time in @quanta if so */
static bool lan743x_is_pause(const uint8_t *buf, size_t size,
                             uint32_t *quanta)
{
    static const uint8_t dst[ETH_ALEN] = { 0x01, 0x80, 0xc2, 0, 0, 0x01 };

    if (size < ETH_HLEN + 4 || memcmp(buf, dst, ETH_ALEN) ||
        lduw_be_p(buf + 12) != 0x8808 || lduw_be_p(buf + 14) != 1) {
        return false;
    }
    *quanta = lduw_be_p(buf + 16);
    return true;
}

/* The partner asked us to pause for @quanta units of 512 bit times */
static void lan743x_pause_received(LAN743xState *s, uint32_t quanta)
{
    unsigned mbps = lan743x_link_mbps(s);
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int ch;

    lan743x_stat_add(s, R_STAT_RX_PAUSE_FRAMES, 1);
    if (!FIELD_EX32(s->regs[R_MAC_FLOW], MAC_FLOW, RX_FCEN) || !mbps) {
        return;
    }
    s->tx_pause_end = now + (int64_t)quanta * 512 * 1000 / mbps;
    if (!quanta) {
        for (ch = 0; ch < s->tx_channels; ch++) {
            lan743x_tx_process(s, ch);
        }
    }
}

/*
 * How far ahead of its time the wire may bring the next frame in (see
 * LAN743X_WIRE_AHEAD_NS): not at all while frames wait in a FIFO, so that a
 * FIFO fills at the line rate, as it does on the chip, and flow control
 * starts when it would.
 */
static int64_t lan743x_rx_ahead(LAN743xState *s)
{
    int ch;

    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        if (s->rx_fifo_used[ch]) {
            return 0;
        }
    }
    return LAN743X_WIRE_AHEAD_NS;
}

/*
 * Is the RX wire too busy to take a frame now?  If so, @due says when it
 * takes the next.  Once it has turned a frame away, it waits until the
 * frames it took ahead of their time are on the wire, then takes the next
 * batch: a window sliding with the wire would let one frame in per wake-up
 * of QEMU when the peer sends a burst.  (TX keeps the sliding window: its
 * frames are mostly TSO frames longer than the window, and holding their
 * completions back made the guest's queue wait and QEMU wake more often.)
 */
static bool lan743x_rx_wire_full(LAN743xState *s, int64_t *due)
{
    int64_t ahead = lan743x_rx_ahead(s);

    *due = s->rx_wire_held ? s->rx_wire_free : s->rx_wire_free - ahead;
    s->rx_wire_held = lan743x_wire_busy(s, *due);
    return s->rx_wire_held;
}

/* Descriptors or the wire became available: take frames in again */
void lan743x_rx_kick(LAN743xState *s)
{
    int ch;

    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        lan743x_rx_fifo_drain(s, ch);
    }
    lan743x_flow_update(s);
    if (s->rx_refused) {
        lan743x_rx_flush(s);
    }
    if (s->gen) {
        lan743x_gen_kick(s->gen);
    }
}

void lan743x_rx_wire_timer_cb(void *opaque)
{
    LAN743xState *s = opaque;

    lan743x_rx_flush(s);
    lan743x_update_irq(s);
}

void lan743x_tx_wire_timer_cb(void *opaque)
{
    LAN743xState *s = opaque;
    int ch;

    for (ch = 0; ch < s->tx_channels; ch++) {
        lan743x_tx_process(s, ch);
    }
    lan743x_update_irq(s);
}

/*
 * A frame (without FCS) from the far end of the wire, which is free now:
 * it takes its time on the wire and goes where the chip puts it.  @vh: a
 * tap's virtio-net header, or zeros.  Returns false only when the wire is
 * unpaced and the ring is full: the caller keeps the frame then.
 */
static bool lan743x_rx_frame(LAN743xState *s, const uint8_t *buf,
                             size_t size, const struct virtio_net_hdr *vh)
{
    uint32_t mac_rx = s->regs[R_MAC_RX];
    size_t pad, len, frame_len, max;
    LAN743xPktInfo pi;
    uint32_t crc, status, quanta, subns;
    int64_t stamp;
    int ch;

    /* its timestamp: when it starts into the MAC */
    stamp = lan743x_wire_use(s, &s->rx_wire_free,
                             lan743x_wire_bytes(MAX(size, LAN743X_MIN_FRAME) +
                                                LAN743X_FCS_LEN));
    stamp = lan743x_ptp_read_at(s, stamp, &subns) +
            lan743x_ptp_rx_latency_fix(s);
    if (!FIELD_EX32(mac_rx, MAC_RX, RXEN) || size < ETH_HLEN) {
        return true;
    }
    if (lan743x_is_pause(buf, size, &quanta)) {
        lan743x_pause_received(s, quanta);
        lan743x_update_irq(s);
        return true;            /* MAC control: never for a ring */
    }
    if (!lan743x_rfe_accept(s, buf)) {
        trace_lan743x_rx_filtered(size);
        return true;
    }

    len = MAX(size, LAN743X_MIN_FRAME);
    frame_len = len + LAN743X_FCS_LEN;
    lan743x_parse(buf, size, &pi);
    max = FIELD_EX32(mac_rx, MAC_RX, MAX_SIZE);
    if (pi.vlan && FIELD_EX32(mac_rx, MAC_RX, FSE)) {
        max += 4;
    }
    if (unlikely(s->fault) &&
        lan743x_fault_rx_wire(s, size, frame_len > max ||
                                       frame_len > LAN743X_MAX_FRAME)) {
        lan743x_update_irq(s);
        return true;
    }
    if (frame_len > max || frame_len > LAN743X_MAX_FRAME) {
        trace_lan743x_rx_oversize(frame_len, max);
        lan743x_stat_add(s, R_STAT_RX_OVERSIZE_FRAME_ERRORS, 1);
        lan743x_update_irq(s);
        return true;
    }

    ch = lan743x_rss_channel(s, buf, &pi);
    if (!lan743x_rx_ready(s, ch)) {
        lan743x_stat_add(s, R_STAT_RX_DROPPED_FRAMES, 1);
        return true;
    }

    /* Build pad + frame + FCS in the scratch buffer */
    pad = FIELD_EX32(s->regs[CH_REG(RX_CFG_B, ch)], RX_CFG_B, RX_PAD);
    memset(s->rx_buf, 0, pad);
    memcpy(s->rx_buf + pad, buf, size);
    if (len > size) {
        memset(s->rx_buf + pad + size, 0, len - size);
    }
    if (vh->flags & VIRTIO_NET_HDR_F_NEEDS_CSUM) {
        /* Host-generated frame with a partial checksum: finish it */
        size_t start = le16_to_cpu(vh->csum_start);
        size_t field = start + le16_to_cpu(vh->csum_offset);

        if (field + 2 <= size) {
            uint8_t *f = s->rx_buf + pad;

            stw_be_p(f + field, net_checksum_finish(
                     lan743x_csum_add(f + start, size - start)));
        }
    }
    crc = crc32(0, s->rx_buf + pad, len);
    stl_le_p(s->rx_buf + pad + len, crc);
    status = lan743x_rx_csum_status(s, s->rx_buf + pad, size, &pi);

    if (!QSIMPLEQ_EMPTY(&s->rx_fifo[ch]) ||
        !lan743x_rx_put(s, ch, s->rx_buf, pad + frame_len, frame_len,
                        status, stamp)) {
        trace_lan743x_rx_no_desc(ch);
        if (!s->pace_wire) {
            return false;   /* held until the driver moves the tail */
        }
        if (!lan743x_rx_fifo_push(s, ch, s->rx_buf, pad + frame_len,
                                  frame_len, status, stamp)) {
            lan743x_update_irq(s);
            return true;
        }
        lan743x_flow_update(s);
    }
    lan743x_count_frame(s, true, buf, frame_len);
    lan743x_update_irq(s);
    return true;
}

static ssize_t lan743x_receive(NetClientState *nc, const uint8_t *buf,
                               size_t size)
{
    LAN743xState *s = qemu_get_nic_opaque(nc);
    struct virtio_net_hdr vh = { 0 };
    size_t full = size;
    int64_t due;

    if (unlikely(s->fault == LAN743X_FAULT_DEAD)) {
        return full;            /* nobody there to take it */
    }
    if (s->has_vnet) {
        if (size < sizeof(vh)) {
            return size;
        }
        memcpy(&vh, buf, sizeof(vh));
        buf += sizeof(vh);
        size -= sizeof(vh);
        if (vh.gso_type != VIRTIO_NET_HDR_GSO_NONE) {
            return full;        /* we never enable receive offloads */
        }
    }
    if (s->pause_sent) {
        return 0;               /* the partner keeps it until released */
    }
    /* Every frame takes its time on the wire, taken in or not */
    if (lan743x_rx_wire_full(s, &due)) {
        lan743x_timer_arm(s->rx_wire_timer, due);
        return 0;               /* QEMU queues it until the timer fires */
    }
    return lan743x_rx_frame(s, buf, size, &vh) ? full : 0;
}

/* The test traffic generator's frames enter the wire like the peer's */
static int64_t lan743x_gen_offer(void *opaque, const uint8_t *buf,
                                 size_t len, bool ignore_pause)
{
    LAN743xState *s = opaque;
    static const struct virtio_net_hdr none;
    int64_t due;

    if (unlikely(s->fault == LAN743X_FAULT_DEAD) || !lan743x_link_up(s)) {
        return 0;               /* lost on the way */
    }
    if (s->pause_sent && !ignore_pause) {
        return LAN743X_GEN_WAIT;
    }
    if (lan743x_rx_wire_full(s, &due)) {
        return due;
    }
    return lan743x_rx_frame(s, buf, len, &none) ? 0 : LAN743X_GEN_WAIT;
}

static void lan743x_gen_own_mac(void *opaque, uint8_t mac[ETH_ALEN])
{
    LAN743xState *s = opaque;

    stl_le_p(mac, s->regs[R_MAC_RX_ADDRL]);
    stw_le_p(mac + 4, s->regs[R_MAC_RX_ADDRH]);
}

const LAN743xGenOps lan743x_gen_ops = {
    .offer = lan743x_gen_offer,
    .own_mac = lan743x_gen_own_mac,
};

/* ------------------------------------------------------------------ */
/* Wake-on-LAN                                                         */
/* ------------------------------------------------------------------ */

/*
 * While the function is in D3hot with PMT_CTL.WOL_EN and the receiver on
 * (MAC_RX.RXEN), no frame reaches a ring: each one is checked against the
 * wake sources MAC_WUCSR enables, and a match sets its status bits
 * (MAC_WUCSR, MAC_WK_SRC, PMT_CTL.WUPS) and PME_Status in the PM
 * capability; with PME_En set, the PME wakes a suspended guest
 * (qemu_system_wakeup_request).  The sources:
 *  - MPEN: a magic packet (6 bytes of 0xff, then the station address 16
 *    times, anywhere in the frame) to our address, a multicast address
 *    or broadcast;
 *  - BCST_EN: a broadcast frame; PFDA_EN: a frame to our address
 *    (RFE_ADDR_FILT entry 0, the perfect DA);
 *  - WAKE_EN: the 32 wake-up frame filters: MAC_WUF_CFGn enables filter
 *    n, gives the byte offset where its mask starts, the destinations it
 *    takes (0 our address, 1 any, 2 multicast, 3 broadcast) and the
 *    CRC-16 of the bytes its 128-bit mask (MAC_WUF_MASK0..3 of n, bit i
 *    = byte offset + i) selects: the CRC-16 of polynomial 0x8005, initial
 *    value 0xffff, bits in the order they arrive, as the drivers compute
 *    it (bitrev16(crc16(0xffff, ...)) in Linux's terms).
 * BCST_EN, PFDA_EN and WAKE_EN take effect only with RFE_WAKE_EN, which
 * also sets RFE_WAKE_FR / RFE_FR_WK with them (inferred: the drivers set
 * RFE_WAKE_EN with each of them).  PHY wake (ETH_PHY_WAKE_EN), EEE,
 * GPIO and the TCP SYN / ARP / NS offloads of MAC_WUCSR2 are not
 * emulated.
 *
 * QEMU resets every device when it wakes the guest: the wake status
 * (MAC_WK_SRC, MAC_WUCSR's status bits, PMT_CTL.WUPS) survives that reset,
 * as it does S3 on the chip, and PME_Status is in the PM capability,
 * which QEMU's reset leaves as it is.
 *
 * A suspended guest's QEMU delivers no frames (its netdevs hold them while
 * the machine is not running): while the guest is suspended with a wake
 * armed, a timer on the host's clock takes them from QEMU's queue.
 */

static uint16_t lan743x_wuf_crc16(const uint8_t *p, size_t len, unsigned off,
                                  const uint32_t *mask)
{
    uint16_t crc = 0xffff;
    unsigned i;
    int b;

    for (i = 0; i < 128 && off + i < len; i++) {
        uint8_t byte;

        if (!(mask[i / 32] & BIT(i % 32))) {
            continue;
        }
        byte = p[off + i];
        for (b = 0; b < 8; b++) {
            bool top = (crc >> 15) ^ ((byte >> b) & 1);

            crc <<= 1;
            if (top) {
                crc ^= 0x8005;
            }
        }
    }
    return crc;
}

static bool lan743x_own_addr(LAN743xState *s, const uint8_t *da)
{
    return (s->regs[R_RFE_ADDR_FILT_HI0] & R_RFE_ADDR_FILT_HI_VALID_MASK) &&
           ldl_le_p(da) == s->regs[R_RFE_ADDR_FILT_LO0] &&
           lduw_le_p(da + 4) == (s->regs[R_RFE_ADDR_FILT_HI0] & 0xffff);
}

static bool lan743x_is_magic(LAN743xState *s, const uint8_t *p, size_t len)
{
    uint8_t mac[ETH_ALEN];
    size_t i;
    int n;

    stl_le_p(mac, s->regs[R_MAC_RX_ADDRL]);
    stw_le_p(mac + 4, s->regs[R_MAC_RX_ADDRH]);
    for (i = ETH_HLEN; i + 17 * ETH_ALEN <= len; i++) {
        if (memcmp(p + i, "\xff\xff\xff\xff\xff\xff", ETH_ALEN)) {
            continue;
        }
        for (n = 1; n <= 16; n++) {
            if (memcmp(p + i + n * ETH_ALEN, mac, ETH_ALEN)) {
                break;
            }
        }
        if (n > 16) {
            return true;
        }
    }
    return false;
}

static bool lan743x_wuf_match(LAN743xState *s, const uint8_t *p, size_t len)
{
    int i;

    for (i = 0; i < MAC_WUF_FILTERS; i++) {
        uint32_t cfg = s->regs[R_MAC_WUF_CFG0 + i];
        const uint32_t *mask = &s->regs[R_MAC_WUF_MASK0 + 4 * i];
        bool take;

        if (!FIELD_EX32(cfg, MAC_WUF_CFG, EN)) {
            continue;
        }
        switch (FIELD_EX32(cfg, MAC_WUF_CFG, TYPE)) {
        case 0:
            take = lan743x_own_addr(s, p);
            break;
        case 2:
            take = is_multicast_ether_addr(p);
            break;
        case 3:
            take = is_broadcast_ether_addr(p);
            break;
        default:
            take = true;
            break;
        }
        if (take &&
            lan743x_wuf_crc16(p, len, FIELD_EX32(cfg, MAC_WUF_CFG, OFFSET),
                              mask) == FIELD_EX32(cfg, MAC_WUF_CFG, CRC16)) {
            return true;
        }
    }
    return false;
}

/* The function is in D3hot: no DMA, frames only wake it */
bool lan743x_in_d3(LAN743xState *s)
{
    PCIDevice *d = lan743x_pci(s);

    return (pci_get_word(d->config + LAN743X_PM_OFFSET + PCI_PM_CTRL) &
            PCI_PM_CTRL_STATE_MASK) == 3;
}

/* A wake source is armed (the PME, if enabled, can wake the guest) */
bool lan743x_wol_armed(LAN743xState *s)
{
    return lan743x_in_d3(s) &&
           FIELD_EX32(s->regs[R_PMT_CTL], PMT_CTL, WOL_EN) &&
           FIELD_EX32(s->regs[R_MAC_RX], MAC_RX, RXEN) &&
           (s->regs[R_MAC_WUCSR] & (R_MAC_WUCSR_MPEN_MASK |
                                    R_MAC_WUCSR_BCST_EN_MASK |
                                    R_MAC_WUCSR_PFDA_EN_MASK |
                                    R_MAC_WUCSR_WAKE_EN_MASK));
}

static void lan743x_wol_frame(LAN743xState *s, const uint8_t *p, size_t len)
{
    uint32_t wucsr = s->regs[R_MAC_WUCSR];
    bool rfe = FIELD_EX32(wucsr, MAC_WUCSR, RFE_WAKE_EN);
    uint32_t st = 0, src = 0;
    PCIDevice *d = lan743x_pci(s);
    uint8_t *pmcsr = d->config + LAN743X_PM_OFFSET + PCI_PM_CTRL;

    if (!lan743x_wol_armed(s) || len < ETH_HLEN) {
        return;
    }
    if (FIELD_EX32(wucsr, MAC_WUCSR, MPEN) &&
        (lan743x_own_addr(s, p) || is_multicast_ether_addr(p)) &&
        lan743x_is_magic(s, p, len)) {
        st |= R_MAC_WUCSR_MPR_MASK;
        src |= R_MAC_WK_SRC_MP_FR_WK_MASK;
    }
    if (rfe && FIELD_EX32(wucsr, MAC_WUCSR, BCST_EN) &&
        is_broadcast_ether_addr(p)) {
        st |= R_MAC_WUCSR_BCAST_FR_MASK;
        src |= R_MAC_WK_SRC_BCAST_FR_WK_MASK;
    }
    if (rfe && FIELD_EX32(wucsr, MAC_WUCSR, PFDA_EN) &&
        lan743x_own_addr(s, p)) {
        st |= R_MAC_WUCSR_PFDA_FR_MASK;
        src |= R_MAC_WK_SRC_PFDA_FR_WK_MASK;
    }
    if (rfe && FIELD_EX32(wucsr, MAC_WUCSR, WAKE_EN) &&
        lan743x_wuf_match(s, p, len)) {
        st |= R_MAC_WUCSR_WUFR_MASK;
        src |= R_MAC_WK_SRC_WU_FR_WK_MASK;
    }
    if (!st) {
        return;
    }
    if (st & ~R_MAC_WUCSR_MPR_MASK) {
        st |= R_MAC_WUCSR_RFE_WAKE_FR_MASK;
        src |= R_MAC_WK_SRC_RFE_FR_WK_MASK;
    }
    trace_lan743x_wake(st, src);
    s->regs[R_MAC_WUCSR] |= st;
    s->regs[R_MAC_WK_SRC] |= src;
    s->regs[R_PMT_CTL] = FIELD_DP32(s->regs[R_PMT_CTL], PMT_CTL, WUPS,
                                    FIELD_EX32(s->regs[R_PMT_CTL], PMT_CTL,
                                               WUPS) | 2);
    pci_set_word(pmcsr, pci_get_word(pmcsr) | PCI_PM_CTRL_PME_STATUS);
    if ((pci_get_word(pmcsr) & PCI_PM_CTRL_PME_ENABLE) &&
        runstate_check(RUN_STATE_SUSPENDED)) {
        s->wol_woke = true;
        qemu_system_wakeup_request(QEMU_WAKEUP_REASON_OTHER, NULL);
    }
}

/* While the guest is suspended: take the frames QEMU holds for us */
void lan743x_wol_timer_cb(void *opaque)
{
    LAN743xState *s = opaque;

    if (!runstate_check(RUN_STATE_SUSPENDED) || !lan743x_wol_armed(s)) {
        return;
    }
    qemu_flush_queued_packets(qemu_get_queue(s->nic));
    timer_mod(s->wol_timer, qemu_clock_get_ms(QEMU_CLOCK_REALTIME) +
              LAN743X_WOL_POLL_MS);
}

/* The guest suspends: with a wake armed, keep taking frames */
void lan743x_wol_suspend(Notifier *n, void *data)
{
    LAN743xState *s = container_of(n, LAN743xState, suspend_notifier);

    if (lan743x_wol_armed(s)) {
        timer_mod(s->wol_timer, qemu_clock_get_ms(QEMU_CLOCK_REALTIME) +
                  LAN743X_WOL_POLL_MS);
    }
}

/* Frames from the wire reach the MAC only over the PHY's link */
ssize_t lan743x_receive_phy(NetClientState *nc, const uint8_t *buf,
                            size_t size)
{
    LAN743xState *s = qemu_get_nic_opaque(nc);
    ssize_t ret;

    if (!lan743x_link_up(s)) {
        return size;            /* dropped */
    }
    if (unlikely(lan743x_in_d3(s))) {
        size_t hdr = s->has_vnet ? sizeof(struct virtio_net_hdr) : 0;

        if (size > hdr) {
            lan743x_wol_frame(s, buf + hdr, size - hdr);
        }
        return size;            /* only a wake source in D3 */
    }
    ret = lan743x_receive(nc, buf, size);
    s->rx_refused |= !ret;
    return ret;
}

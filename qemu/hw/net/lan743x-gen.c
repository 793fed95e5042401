/*
 * LAN743x model: the test traffic generator on the chip's wire
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * A traffic source at the far end of the chip's wire, timed on the virtual
 * clock, as a hardware traffic generator cabled to the port would be.  The
 * benchmark uses it so that the traffic costs the guest nothing and the
 * host's load cannot hold it back: with the guest on a clock of its own
 * (-icount, sleep=off) every figure measured in the guest then depends on
 * the guest's instructions only.  Test-only, off by default: it exists with
 * the device property x-gen=on.  Its registers are in BAR0 where the chip
 * has none (like the fault registers at 0x1f00):
 *
 * GEN_CTL    0x1f40  write 1: start (a running one is stopped first);
 *                    write 0: stop (TCP: with a reset).  Read: bit 0
 *                    RUNNING, bit 1 DONE (ended normally), bit 2 ERROR
 *                    (TCP: reset by the receiver, or no SYN-ACK in 1 s)
 * GEN_MODE   0x1f44  bits 3:0: 1 UDP over IPv4, 2 TCP over IPv4; bit 8
 *                    (UDP): ignore pause frames, so that the rate is
 *                    offered whatever the receiver asks
 * GEN_LEN    0x1f48  UDP payload bytes (at least 4); TCP MSS (0: 1460)
 * GEN_RATE   0x1f4c  UDP datagrams per second (0: back to back).  Held
 *                    back (pause, busy wire), it catches up at the line
 *                    rate, so the average stays the rate
 * GEN_COUNT  0x1f50  UDP datagrams, or TCP payload bytes (up to 2^31 - 64
 *                    KiB: one sequence space), to send
 * GEN_SRC_IP 0x1f54  the generator's IPv4 address (10.0.1.2 = 0x0a000102)
 * GEN_DST_IP 0x1f58  the receiver's IPv4 address
 * GEN_PORTS  0x1f5c  the generator's port << 16 | the receiver's port
 * GEN_SENT   0x1f60  frames put on the wire since the start (UDP
 *                    datagrams; TCP data segments, sent again included)
 * GEN_RETX   0x1f64  TCP data segments sent again
 * GEN_USECS  0x1f68  virtual microseconds from the start to the end, or to
 *                    now while running
 *
 * Frames go from 02:4c:54:47:45:4e to the chip's own address, with valid
 * IPv4 and UDP/TCP checksums.  A UDP payload starts with its sequence
 * number (from 0, big endian); byte i >= 4 is (seq + i) & 0xff.  TCP: the
 * generator opens the connection (SYN with MSS and window scale 0, no
 * SACK, no timestamps), sends its bytes as fast as the receiver's window
 * and the wire allow (byte k of the stream is k % 251; PSH at the end of
 * every 64 KiB, as a sender writing that much at a time), sends again from
 * the first unacknowledged byte after 3 duplicate ACKs or 200 ms without
 * progress, then sends FIN and is DONE when that is acked.  No congestion
 * control: it is the wire's partner, and the wire is paced and flow
 * controlled.  It answers ARP for its address; what the guest sends to it
 * is taken here and never reaches the netdev peer.
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qemu/timer.h"
#include "qemu/units.h"
#include "net/checksum.h"
#include "net/eth.h"
#include "lan743x-gen.h"
#include "trace.h"

#define GEN_CTL         0x1f40
#define GEN_MODE        0x1f44
#define GEN_LEN         0x1f48
#define GEN_RATE        0x1f4c
#define GEN_COUNT       0x1f50
#define GEN_SRC_IP      0x1f54
#define GEN_DST_IP      0x1f58
#define GEN_PORTS       0x1f5c
#define GEN_SENT        0x1f60
#define GEN_RETX        0x1f64
#define GEN_USECS       0x1f68

#define GEN_CTL_RUNNING     BIT(0)
#define GEN_CTL_DONE        BIT(1)
#define GEN_CTL_ERROR       BIT(2)
#define GEN_MODE_PROTO      0xf
#define GEN_MODE_UDP        1
#define GEN_MODE_TCP        2
#define GEN_MODE_NO_PAUSE   BIT(8)

#define GEN_IP_HLEN         20
#define GEN_UDP_HLEN        8
#define GEN_TCP_HLEN        20
#define GEN_TCP_SYN_OPTS    8       /* MSS, NOP, window scale */
#define GEN_FRAME_MAX       9216
#define GEN_TCP_MSS         1460
#define GEN_TCP_RTO_NS      (200 * SCALE_MS)
#define GEN_TCP_SYN_NS      NANOSECONDS_PER_SECOND
#define GEN_TCP_MAX_BYTES   (0x80000000u - 0x10000u)
#define GEN_TCP_WRITE       (64 * KiB)

#define TH_FIN  0x01
#define TH_SYN  0x02
#define TH_RST  0x04
#define TH_PSH  0x08
#define TH_ACK  0x10

static const uint8_t gen_mac[ETH_ALEN] = { 0x02, 0x4c, 0x54, 0x47, 0x45, 0x4e };

/* The sender's connection */
enum {
    GEN_TCP_CLOSED,
    GEN_TCP_SYN_SENT,
    GEN_TCP_OPEN,
    GEN_TCP_FIN_SENT,
    GEN_TCP_FIN_ACKED,
};

struct LAN743xGen {
    const LAN743xGenOps *ops;
    void *opaque;
    QEMUTimer *timer;

    /* registers */
    uint32_t ctl;
    uint32_t mode;
    uint32_t len;
    uint32_t rate;
    uint32_t count;
    uint32_t src_ip;
    uint32_t dst_ip;
    uint32_t ports;
    uint32_t sent;
    uint32_t retx;
    int64_t start_ns;
    int64_t end_ns;

    /* a frame built and not yet taken by the wire */
    uint8_t frame[GEN_FRAME_MAX];
    size_t frame_len;
    uint32_t frame_seq;         /* TCP: sequence number after its data */
    uint32_t frame_data;        /* TCP: its payload bytes */
    bool frame_is_arp;
    uint16_t ip_id;

    /* UDP: datagrams taken by the wire */
    uint32_t udp_next;

    /* TCP sender (sequence numbers of this side, then of the receiver) */
    int tcp;
    uint32_t iss;
    uint32_t snd_una;
    uint32_t snd_nxt;
    uint32_t snd_max;
    uint32_t snd_wnd;
    uint32_t wnd_shift;
    uint32_t rcv_nxt;
    uint32_t dupacks;
    int64_t rto_at;
    bool ack_due;               /* a bare ACK to send (SYN-ACK, FIN) */
    bool rst_due;

    /* an ARP request for our address to answer: the asker's MAC and IP */
    bool arp_due;
    uint8_t arp_mac[ETH_ALEN];
    uint32_t arp_ip;
};

static int64_t gen_now(void)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static bool seq_lt(uint32_t a, uint32_t b)
{
    return (int32_t)(a - b) < 0;
}

static bool gen_running(LAN743xGen *g)
{
    return g->ctl & GEN_CTL_RUNNING;
}

static void gen_drop_frame(LAN743xGen *g)
{
    g->frame_len = 0;
    g->frame_is_arp = false;
}

static void gen_end(LAN743xGen *g, uint32_t how)
{
    g->ctl = how;
    g->end_ns = gen_now();
    gen_drop_frame(g);
    timer_del(g->timer);
    trace_lan743x_gen_end(how, g->sent, g->retx);
}

/* Run the generator again soon, outside the caller's context */
static void gen_schedule(LAN743xGen *g)
{
    timer_mod(g->timer, gen_now());
}

/* Ethernet and IPv4 headers for @l4_len bytes of @proto; returns the L4 */
static uint8_t *gen_ip(LAN743xGen *g, uint8_t proto, size_t l4_len)
{
    uint8_t *f = g->frame, *ip = f + ETH_HLEN;

    g->ops->own_mac(g->opaque, f);
    memcpy(f + ETH_ALEN, gen_mac, ETH_ALEN);
    stw_be_p(f + 12, ETH_P_IP);
    ip[0] = 0x45;
    ip[1] = 0;
    stw_be_p(ip + 2, GEN_IP_HLEN + l4_len);
    stw_be_p(ip + 4, g->ip_id++);
    stw_be_p(ip + 6, 0x4000);           /* DF */
    ip[8] = 64;
    ip[9] = proto;
    stw_be_p(ip + 10, 0);
    stl_be_p(ip + 12, g->src_ip);
    stl_be_p(ip + 16, g->dst_ip);
    g->frame_len = ETH_HLEN + GEN_IP_HLEN + l4_len;
    return ip + GEN_IP_HLEN;
}

static void gen_csum(LAN743xGen *g)
{
    net_checksum_calculate(g->frame, g->frame_len, CSUM_ALL);
}

/* ------------------------------------------------------------------ */
/* UDP                                                                 */
/* ------------------------------------------------------------------ */

/* Build the next datagram if it is due; else arm the timer or end */
static bool gen_udp_next(LAN743xGen *g, int64_t now)
{
    uint32_t len = MAX(g->len, 4), seq = g->udp_next, i;
    uint8_t *udp, *p;
    int64_t due;

    if (seq >= g->count) {
        gen_end(g, GEN_CTL_DONE);
        return false;
    }
    if (g->rate) {
        due = g->start_ns + muldiv64(seq, NANOSECONDS_PER_SECOND, g->rate);
        if (now < due) {
            timer_mod(g->timer, due);
            return false;
        }
    }
    udp = gen_ip(g, IP_PROTO_UDP, GEN_UDP_HLEN + len);
    stw_be_p(udp, g->ports >> 16);
    stw_be_p(udp + 2, g->ports & 0xffff);
    stw_be_p(udp + 4, GEN_UDP_HLEN + len);
    stw_be_p(udp + 6, 0);
    p = udp + GEN_UDP_HLEN;
    stl_be_p(p, seq);
    for (i = 4; i < len; i++) {
        p[i] = seq + i;
    }
    gen_csum(g);
    return true;
}

/* ------------------------------------------------------------------ */
/* TCP                                                                 */
/* ------------------------------------------------------------------ */

static uint32_t gen_tcp_end(LAN743xGen *g)
{
    /* the sequence number of the FIN, within half the sequence space */
    return g->iss + 1 + MIN(g->count, GEN_TCP_MAX_BYTES);
}

static uint8_t *gen_tcp_hdr(LAN743xGen *g, uint32_t seq, uint8_t flags,
                            size_t opts, size_t data)
{
    uint8_t *th = gen_ip(g, IP_PROTO_TCP, GEN_TCP_HLEN + opts + data);

    stw_be_p(th, g->ports >> 16);
    stw_be_p(th + 2, g->ports & 0xffff);
    stl_be_p(th + 4, seq);
    stl_be_p(th + 8, flags & TH_ACK ? g->rcv_nxt : 0);
    th[12] = ((GEN_TCP_HLEN + opts) / 4) << 4;
    th[13] = flags;
    stw_be_p(th + 14, 0xffff);          /* we take no data */
    stw_be_p(th + 16, 0);
    stw_be_p(th + 18, 0);
    g->frame_seq = seq;
    g->frame_data = 0;
    return th + GEN_TCP_HLEN;
}

static bool gen_tcp_syn(LAN743xGen *g)
{
    uint8_t *o = gen_tcp_hdr(g, g->iss, TH_SYN, GEN_TCP_SYN_OPTS, 0);

    o[0] = 2;                           /* MSS */
    o[1] = 4;
    stw_be_p(o + 2, g->len ? g->len : GEN_TCP_MSS);
    o[4] = 1;                           /* NOP */
    o[5] = 3;                           /* window scale 0 */
    o[6] = 3;
    o[7] = 0;
    g->frame_seq = g->iss + 1;
    gen_csum(g);
    return true;
}

/* Send again from the first unacknowledged byte (go-back-N) */
static void gen_rewind(LAN743xGen *g, int64_t now)
{
    if (g->frame_len && g->frame_data) {
        gen_drop_frame(g);      /* built beyond the hole: build it again */
    }
    g->snd_nxt = g->snd_una;
    g->rto_at = now + GEN_TCP_RTO_NS;
}

/* The next TCP frame to send, if any; arms the timer when it waits */
static bool gen_tcp_next(LAN743xGen *g, int64_t now)
{
    uint32_t end = gen_tcp_end(g), mss = g->len ? g->len : GEN_TCP_MSS;
    uint32_t seg, room, k, i;
    uint8_t *p;

    if (g->rst_due) {
        g->rst_due = false;
        gen_tcp_hdr(g, g->snd_nxt, TH_RST | TH_ACK, 0, 0);
        gen_csum(g);
        return true;
    }
    if (g->tcp == GEN_TCP_CLOSED) {
        return false;
    }
    if (g->ack_due) {
        g->ack_due = false;
        gen_tcp_hdr(g, g->snd_nxt, TH_ACK, 0, 0);
        gen_csum(g);
        return true;
    }
    if (!gen_running(g)) {
        return false;                   /* only ACKs after the end */
    }
    if (g->tcp == GEN_TCP_SYN_SENT) {
        if (now >= g->start_ns + GEN_TCP_SYN_NS) {
            gen_end(g, GEN_CTL_ERROR);
            return false;
        }
        if (g->snd_nxt == g->iss) {
            return gen_tcp_syn(g);
        }
        timer_mod(g->timer, g->start_ns + GEN_TCP_SYN_NS);
        return false;
    }
    /* Nothing acked for a while: send again from the first unacked byte */
    if (g->snd_una != g->snd_nxt && now >= g->rto_at) {
        gen_rewind(g, now);
    }
    if (seq_lt(g->snd_nxt, end)) {
        seg = MIN(mss, end - g->snd_nxt);
        room = g->snd_una + g->snd_wnd - g->snd_nxt;
        if ((int32_t)room < (int32_t)seg) {
            if (g->snd_una != g->snd_nxt) {
                timer_mod(g->timer, g->rto_at); /* wait for ACKs */
                return false;
            }
            if ((int32_t)room <= 0) {
                /* a closed window opens with an ACK; look again anyway */
                timer_mod(g->timer, now + GEN_TCP_RTO_NS);
                return false;
            }
            seg = room;         /* nothing in flight: what fits */
        }
        k = g->snd_nxt - g->iss - 1;    /* stream offset */
        /*
         * PSH where a sender's write of GEN_TCP_WRITE bytes would end (a
         * PSH on every segment would stop the receiver's GRO)
         */
        p = gen_tcp_hdr(g, g->snd_nxt, TH_ACK |
                        ((k + seg) % GEN_TCP_WRITE < seg ||
                         g->snd_nxt + seg == end ? TH_PSH : 0), 0, seg);
        for (i = 0; i < seg; i++) {
            p[i] = (k + i) % 251;
        }
        g->frame_seq = g->snd_nxt + seg;
        g->frame_data = seg;
        gen_csum(g);
        return true;
    }
    if (g->tcp != GEN_TCP_FIN_ACKED && g->snd_nxt == end && g->snd_una == end) {
        gen_tcp_hdr(g, end, TH_FIN | TH_ACK, 0, 0);
        g->frame_seq = end + 1;
        gen_csum(g);
        return true;
    }
    if (g->snd_una != g->snd_nxt) {
        timer_mod(g->timer, g->rto_at);
    }
    return false;
}

/* The wire took the TCP frame just built */
static void gen_tcp_taken(LAN743xGen *g, int64_t now)
{
    uint32_t after = g->frame_seq;

    if (g->frame_data) {
        g->sent++;
        if (seq_lt(g->frame_seq - g->frame_data, g->snd_max)) {
            g->retx++;
        }
    }
    if (seq_lt(g->snd_nxt, after)) {
        if (g->snd_una == g->snd_nxt) {
            g->rto_at = now + GEN_TCP_RTO_NS;   /* first byte in flight */
        }
        g->snd_nxt = after;
        if (seq_lt(g->snd_max, after)) {
            g->snd_max = after;
        }
        if (after == gen_tcp_end(g) + 1) {
            g->tcp = GEN_TCP_FIN_SENT;
        }
    }
}

/* A TCP segment from the receiver, @th its header, @len bytes with data */
static void gen_tcp_input(LAN743xGen *g, const uint8_t *th, size_t len)
{
    uint8_t flags = th[13];
    uint32_t seq = ldl_be_p(th + 4), ack = ldl_be_p(th + 8);
    size_t hlen = (th[12] >> 4) * 4, o;
    uint32_t wnd = lduw_be_p(th + 14);
    uint32_t old_wnd = g->snd_wnd;

    if (g->tcp == GEN_TCP_CLOSED || hlen < GEN_TCP_HLEN || hlen > len) {
        return;
    }
    if (flags & TH_RST) {
        g->tcp = GEN_TCP_CLOSED;
        if (gen_running(g)) {
            gen_end(g, GEN_CTL_ERROR);
        }
        return;
    }
    if (g->tcp == GEN_TCP_SYN_SENT) {
        if ((flags & (TH_SYN | TH_ACK)) != (TH_SYN | TH_ACK) ||
            ack != g->iss + 1) {
            return;
        }
        g->wnd_shift = 0;
        for (o = GEN_TCP_HLEN; o < hlen && th[o] != 0;) {
            if (th[o] == 1) {
                o++;
                continue;
            }
            if (o + 1 >= hlen || th[o + 1] < 2 || o + th[o + 1] > hlen) {
                break;
            }
            if (th[o] == 3 && th[o + 1] == 3) {
                g->wnd_shift = MIN(th[o + 2], 14);
            }
            o += th[o + 1];
        }
        g->rcv_nxt = seq + 1;
        g->snd_una = ack;
        g->snd_wnd = wnd;               /* a SYN's window is not scaled */
        g->tcp = GEN_TCP_OPEN;
        g->ack_due = true;
        gen_schedule(g);
        return;
    }
    if (!(flags & TH_ACK)) {
        return;
    }
    wnd <<= g->wnd_shift;
    if (seq_lt(g->snd_una, ack) && !seq_lt(g->snd_max, ack)) {
        g->snd_una = ack;
        g->dupacks = 0;
        g->rto_at = gen_now() + GEN_TCP_RTO_NS;
        if (seq_lt(g->snd_nxt, ack)) {
            g->snd_nxt = ack;   /* acked beyond a rewind */
        }
        if (ack == gen_tcp_end(g) + 1 && g->tcp == GEN_TCP_FIN_SENT) {
            g->tcp = GEN_TCP_FIN_ACKED;
            if (gen_running(g)) {
                gen_end(g, GEN_CTL_DONE);
            }
        }
    } else if (ack == g->snd_una && len == hlen && wnd == old_wnd &&
               g->snd_una != g->snd_max && !(flags & (TH_SYN | TH_FIN)) &&
               ++g->dupacks == 3) {
        gen_rewind(g, gen_now());       /* go back to the hole */
    }
    g->snd_wnd = wnd;
    if (flags & TH_FIN && seq + (len - hlen) == g->rcv_nxt) {
        g->rcv_nxt = seq + (len - hlen) + 1;
        g->ack_due = true;
    }
    gen_schedule(g);
}

/* ------------------------------------------------------------------ */
/* The engine                                                          */
/* ------------------------------------------------------------------ */

/* The reply to the ARP request noted by lan743x_gen_tx() */
static void gen_arp_reply(LAN743xGen *g)
{
    uint8_t *f = g->frame, *r = f + ETH_HLEN;

    memcpy(f, g->arp_mac, ETH_ALEN);
    memcpy(f + ETH_ALEN, gen_mac, ETH_ALEN);
    stw_be_p(f + 12, ETH_P_ARP);
    stw_be_p(r, 1);                     /* Ethernet */
    stw_be_p(r + 2, ETH_P_IP);
    r[4] = ETH_ALEN;
    r[5] = 4;
    stw_be_p(r + 6, 2);                 /* reply */
    memcpy(r + 8, gen_mac, ETH_ALEN);
    stl_be_p(r + 14, g->src_ip);
    memcpy(r + 18, g->arp_mac, ETH_ALEN);
    stl_be_p(r + 24, g->arp_ip);
    g->frame_len = ETH_HLEN + 28;
    g->frame_data = 0;                  /* gen_rewind() keeps it */
    g->arp_due = false;
    g->frame_is_arp = true;
}

static bool gen_next(LAN743xGen *g, int64_t now)
{
    if (g->arp_due) {
        gen_arp_reply(g);
        return true;
    }
    switch (g->mode & GEN_MODE_PROTO) {
    case GEN_MODE_UDP:
        return gen_running(g) && gen_udp_next(g, now);
    case GEN_MODE_TCP:
        return gen_tcp_next(g, now);
    }
    return false;
}

/* Offer frames to the wire until it is busy, we wait, or we are done */
static void gen_run(LAN743xGen *g)
{
    bool no_pause = (g->mode & GEN_MODE_PROTO) == GEN_MODE_UDP &&
                    (g->mode & GEN_MODE_NO_PAUSE);
    int64_t now = gen_now(), r;

    for (;;) {
        if (!g->frame_len && !gen_next(g, now)) {
            return;
        }
        r = g->ops->offer(g->opaque, g->frame, g->frame_len, no_pause);
        if (r == LAN743X_GEN_WAIT) {
            return;                     /* lan743x_gen_kick() resumes */
        }
        if (r > 0) {
            timer_mod(g->timer, r);
            return;
        }
        g->frame_len = 0;
        if (g->frame_is_arp) {
            g->frame_is_arp = false;
        } else if ((g->mode & GEN_MODE_PROTO) == GEN_MODE_TCP) {
            gen_tcp_taken(g, now);
        } else {
            g->udp_next++;
            g->sent++;
        }
    }
}

static void gen_timer_cb(void *opaque)
{
    gen_run(opaque);
}

void lan743x_gen_kick(LAN743xGen *g)
{
    if (g->frame_len || gen_running(g) || g->ack_due || g->rst_due ||
        g->arp_due) {
        gen_schedule(g);
    }
}

static void gen_stop(LAN743xGen *g)
{
    if (g->tcp != GEN_TCP_CLOSED && g->tcp != GEN_TCP_FIN_ACKED &&
        g->tcp != GEN_TCP_SYN_SENT) {
        g->rst_due = true;
        gen_schedule(g);
    }
    g->tcp = GEN_TCP_CLOSED;
    g->ack_due = false;
    if (gen_running(g)) {
        gen_end(g, 0);
    }
    gen_drop_frame(g);
}

static void gen_start(LAN743xGen *g)
{
    gen_stop(g);
    g->rst_due = false;
    g->ctl = GEN_CTL_RUNNING;
    g->start_ns = gen_now();
    g->sent = 0;
    g->retx = 0;
    g->udp_next = 0;
    g->iss = 0x4c540000;
    g->snd_una = g->snd_nxt = g->snd_max = g->iss;
    g->snd_wnd = 0;
    g->dupacks = 0;
    g->tcp = (g->mode & GEN_MODE_PROTO) == GEN_MODE_TCP ? GEN_TCP_SYN_SENT
                                                       : GEN_TCP_CLOSED;
    trace_lan743x_gen_start(g->mode, g->len, g->rate, g->count);
    if ((g->mode & GEN_MODE_PROTO) != GEN_MODE_UDP &&
        (g->mode & GEN_MODE_PROTO) != GEN_MODE_TCP) {
        gen_end(g, GEN_CTL_ERROR);
        return;
    }
    gen_schedule(g);
}

/* ------------------------------------------------------------------ */
/* What the guest sends to the generator                               */
/* ------------------------------------------------------------------ */

/*
 * A frame the guest transmits: true if it was for the generator (and is
 * taken here), false if it goes on to the netdev peer.
 */
bool lan743x_gen_tx(LAN743xGen *g, const uint8_t *buf, size_t len)
{
    static const uint8_t bcast[ETH_ALEN] = { 0xff, 0xff, 0xff, 0xff, 0xff,
                                             0xff };
    const uint8_t *ip = buf + ETH_HLEN;
    size_t ihl, tot;

    if (!g->src_ip || len < ETH_HLEN) {
        return false;
    }
    if (lduw_be_p(buf + 12) == ETH_P_ARP && len >= ETH_HLEN + 28 &&
        (!memcmp(buf, bcast, ETH_ALEN) || !memcmp(buf, gen_mac, ETH_ALEN))) {
        if (ldl_be_p(ip + 24) != g->src_ip) {
            return false;
        }
        if (lduw_be_p(ip) == 1 && lduw_be_p(ip + 2) == ETH_P_IP &&
            ip[4] == ETH_ALEN && ip[5] == 4 && lduw_be_p(ip + 6) == 1) {
            memcpy(g->arp_mac, ip + 8, ETH_ALEN);
            g->arp_ip = ldl_be_p(ip + 14);
            g->arp_due = true;
            gen_schedule(g);
        }
        return true;
    }
    if (memcmp(buf, gen_mac, ETH_ALEN)) {
        return false;
    }
    /* Ours from here on, whatever it holds */
    if (lduw_be_p(buf + 12) != ETH_P_IP || len < ETH_HLEN + GEN_IP_HLEN) {
        return true;
    }
    ihl = (ip[0] & 0xf) * 4;
    tot = lduw_be_p(ip + 2);
    /* our connection: from the receiver's port to ours */
    if (ip[9] == IP_PROTO_TCP && ihl >= GEN_IP_HLEN &&
        tot >= ihl + GEN_TCP_HLEN && ETH_HLEN + tot <= len &&
        ldl_be_p(ip + 16) == g->src_ip &&
        lduw_be_p(ip + ihl) == (g->ports & 0xffff) &&
        lduw_be_p(ip + ihl + 2) == g->ports >> 16) {
        gen_tcp_input(g, ip + ihl, tot - ihl);
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Registers                                                           */
/* ------------------------------------------------------------------ */

bool lan743x_gen_read(LAN743xGen *g, hwaddr addr, uint32_t *val)
{
    int64_t end;

    switch (addr) {
    case GEN_CTL:
        *val = g->ctl;
        break;
    case GEN_MODE:
        *val = g->mode;
        break;
    case GEN_LEN:
        *val = g->len;
        break;
    case GEN_RATE:
        *val = g->rate;
        break;
    case GEN_COUNT:
        *val = g->count;
        break;
    case GEN_SRC_IP:
        *val = g->src_ip;
        break;
    case GEN_DST_IP:
        *val = g->dst_ip;
        break;
    case GEN_PORTS:
        *val = g->ports;
        break;
    case GEN_SENT:
        *val = g->sent;
        break;
    case GEN_RETX:
        *val = g->retx;
        break;
    case GEN_USECS:
        end = gen_running(g) ? gen_now() : g->end_ns;
        *val = (end - g->start_ns) / SCALE_US;
        break;
    default:
        return false;
    }
    return true;
}

bool lan743x_gen_write(LAN743xGen *g, hwaddr addr, uint32_t val)
{
    switch (addr) {
    case GEN_CTL:
        if (val & GEN_CTL_RUNNING) {
            gen_start(g);
        } else {
            gen_stop(g);
        }
        break;
    case GEN_MODE:
        g->mode = val & (GEN_MODE_PROTO | GEN_MODE_NO_PAUSE);
        break;
    case GEN_LEN:
        g->len = MIN(val, GEN_FRAME_MAX - ETH_HLEN - GEN_IP_HLEN -
                          GEN_TCP_HLEN - GEN_TCP_SYN_OPTS);
        break;
    case GEN_RATE:
        g->rate = val;
        break;
    case GEN_COUNT:
        g->count = val;
        break;
    case GEN_SRC_IP:
        g->src_ip = val;
        break;
    case GEN_DST_IP:
        g->dst_ip = val;
        break;
    case GEN_PORTS:
        g->ports = val;
        break;
    case GEN_SENT:
    case GEN_RETX:
    case GEN_USECS:
        break;                          /* read-only */
    default:
        return false;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Life cycle                                                          */
/* ------------------------------------------------------------------ */

LAN743xGen *lan743x_gen_new(const LAN743xGenOps *ops, void *opaque)
{
    LAN743xGen *g = g_new0(LAN743xGen, 1);

    g->ops = ops;
    g->opaque = opaque;
    g->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, gen_timer_cb, g);
    return g;
}

void lan743x_gen_free(LAN743xGen *g)
{
    timer_free(g->timer);
    g_free(g);
}

/*
 * Device reset: stop and forget the configuration (no TCP reset sent: the
 * chip itself forgot the connection)
 */
void lan743x_gen_reset(LAN743xGen *g)
{
    const LAN743xGenOps *ops = g->ops;
    void *opaque = g->opaque;
    QEMUTimer *timer = g->timer;

    timer_del(timer);
    memset(g, 0, sizeof(*g));
    g->ops = ops;
    g->opaque = opaque;
    g->timer = timer;
}

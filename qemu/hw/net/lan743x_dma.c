/*
 * Microchip LAN7430/LAN7431 model: the DMA controller: descriptor rings,
 * TX (checksum insertion, TSO), RX into the rings and the RX FIFO, the
 * channels' start/stop/reset and their registers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "net/checksum.h"
#include "qemu/log.h"
#include "standard-headers/linux/virtio_net.h"
#include "trace.h"
#include "lan743x_int.h"

/* ------------------------------------------------------------------ */
/* Descriptor helpers                                                  */
/* ------------------------------------------------------------------ */

bool lan743x_read_desc(LAN743xState *s, dma_addr_t addr, LAN743xDesc *desc)
{
    uint32_t raw[4];

    if (pci_dma_read(lan743x_pci(s), addr, raw, sizeof(raw)) != MEMTX_OK) {
        return false;
    }
    desc->data0 = le32_to_cpu(raw[0]);
    desc->data1 = le32_to_cpu(raw[1]);
    desc->data2 = le32_to_cpu(raw[2]);
    desc->data3 = le32_to_cpu(raw[3]);
    trace_lan743x_desc_read(addr, desc->data0, desc->data1, desc->data2,
                            desc->data3);
    return true;
}

/* Words 1..3 first, then data0 (which hands the descriptor back) */
bool lan743x_write_desc(LAN743xState *s, dma_addr_t addr,
                        const LAN743xDesc *desc)
{
    uint32_t raw[4];

    trace_lan743x_desc_write(addr, desc->data0, desc->data1, desc->data2,
                             desc->data3);
    raw[0] = cpu_to_le32(desc->data0);
    raw[1] = cpu_to_le32(desc->data1);
    raw[2] = cpu_to_le32(desc->data2);
    raw[3] = cpu_to_le32(desc->data3);
    if (pci_dma_write(lan743x_pci(s), addr + 4, &raw[1], 12) != MEMTX_OK) {
        return false;
    }
    return pci_dma_write(lan743x_pci(s), addr, &raw[0], 4) == MEMTX_OK;
}

bool lan743x_write_head(LAN743xState *s, uint32_t addrh, uint32_t addrl,
                        uint32_t head)
{
    dma_addr_t addr = ((uint64_t)addrh << 32) | addrl;
    uint32_t val = cpu_to_le32(head);

    return pci_dma_write(lan743x_pci(s), addr, &val, 4) == MEMTX_OK;
}

/* Running, or "stop pending" (1, 1), which only STOP_HANG leaves behind */
static bool lan743x_rx_running(LAN743xState *s, int ch)
{
    uint32_t cmd = s->regs[R_DMAC_CMD];

    return (cmd & DMAC_CMD_START_R(ch)) &&
           (!(cmd & DMAC_CMD_STOP_R(ch)) ||
            unlikely(s->fault == LAN743X_FAULT_STOP_HANG));
}

static bool lan743x_tx_running(LAN743xState *s, int ch)
{
    uint32_t cmd = s->regs[R_DMAC_CMD];

    return (cmd & DMAC_CMD_START_T(ch)) &&
           (!(cmd & DMAC_CMD_STOP_T(ch)) ||
            unlikely(s->fault == LAN743X_FAULT_STOP_HANG));
}

/* A DMA error stops the channel (the driver then sees it stopped) */
void lan743x_rx_dma_error(LAN743xState *s, int ch, const char *why)
{
    qemu_log_mask(LOG_GUEST_ERROR, "lan743x: RX channel %d: %s; "
                  "channel stopped\n", ch, why);
    s->regs[R_DMAC_CMD] &= ~DMAC_CMD_START_R(ch);
    s->regs[R_DMAC_CMD] |= DMAC_CMD_STOP_R(ch);
}

static void lan743x_tx_dma_error(LAN743xState *s, int ch, const char *why)
{
    qemu_log_mask(LOG_GUEST_ERROR, "lan743x: TX channel %d: %s; "
                  "channel stopped\n", ch, why);
    s->regs[R_DMAC_CMD] &= ~DMAC_CMD_START_T(ch);
    s->regs[R_DMAC_CMD] |= DMAC_CMD_STOP_T(ch);
}

/*
 * A read the bus refused (an IOMMU fault, an address nothing decodes):
 * the chip learns it from the completion and reports it, the channel's
 * @err bit in DMAC_{RX,TX}_ERR_STS and ERR in DMAC_INT_STS (DMA_GEN in
 * INT_STS when enabled), as the DMA_ERROR fault does.  A write that fails
 * is a posted write the chip never hears about: the IOMMU reports it to
 * the OS, and the model only stops the channel.
 */
static void lan743x_dma_read_error(LAN743xState *s, int ch, bool rx,
                                   uint32_t err, const char *why)
{
    if (rx) {
        s->regs[CH_REG(DMAC_RX_ERR_STS, ch)] |= err;
        lan743x_rx_dma_error(s, ch, why);
    } else {
        s->regs[CH_REG(DMAC_TX_ERR_STS, ch)] |= err;
        lan743x_tx_dma_error(s, ch, why);
    }
    s->regs[R_DMAC_INT_STS] |= DMAC_INT_ERR;
    lan743x_update_irq(s);
}

/* ------------------------------------------------------------------ */
/* Transmit                                                            */
/* ------------------------------------------------------------------ */

static void lan743x_tx_send_hdr(LAN743xState *s, uint8_t *buf, size_t len,
                                struct virtio_net_hdr *vh)
{
    NetClientState *nc = qemu_get_queue(s->nic);
    struct virtio_net_hdr zero = { 0 };
    struct iovec iov[2];

    if (!lan743x_link_up(s)) {
        return;                 /* no link: the frame goes nowhere */
    }
    if (!s->has_vnet) {
        qemu_send_packet(nc, buf, len);
        return;
    }
    iov[0].iov_base = vh ? vh : &zero;
    iov[0].iov_len = sizeof(zero);
    iov[1].iov_base = buf;
    iov[1].iov_len = len;
    qemu_sendv_packet(nc, iov, 2);
}

static void lan743x_tx_send(LAN743xState *s, uint8_t *buf, size_t len)
{
    if (len < ETH_HLEN) {
        return;
    }
    trace_lan743x_tx_frame(len);
    lan743x_lpi_tx(s);
    lan743x_count_frame(s, false, buf, MAX(len, LAN743X_MIN_FRAME) +
                        LAN743X_FCS_LEN);
    if (unlikely(s->gen) && lan743x_link_up(s) &&
        lan743x_gen_tx(s->gen, buf, len)) {
        return;                 /* for the generator at the wire's end */
    }
    lan743x_tx_send_hdr(s, buf, len, NULL);
}

/* Segment a TSO frame: headers in front, payload of @pay_len after them */
static void lan743x_tx_tso(LAN743xState *s, uint8_t *buf, size_t len,
                           unsigned mss, bool ip_csum)
{
    LAN743xPktInfo pi;
    unsigned hdr_len, pay_len, off, seg, thl;
    uint32_t seq;
    uint16_t ip_id = 0;
    uint8_t flags;
    uint8_t *p = s->tx_seg;
    int count = 0;

    lan743x_parse_hdrs(buf, len, &pi, true);
    if (!pi.l4_off || pi.l4_proto != IP_PROTO_TCP || pi.l4_off + 20 > len) {
        /*
         * Only TCP can be segmented (the chip's LSO): send it as is and
         * let the peer cope with it.
         */
        qemu_log_mask(LOG_GUEST_ERROR, "lan743x: LSO on a non-TCP frame\n");
        lan743x_fill_csum(buf, len, ip_csum, true);
        lan743x_tx_send(s, buf, len);
        return;
    }
    thl = (buf[pi.l4_off + 12] >> 4) * 4;
    hdr_len = pi.l4_off + thl;
    if (thl < 20 || hdr_len > len || mss < 8) {
        qemu_log_mask(LOG_GUEST_ERROR, "lan743x: bad LSO header/MSS\n");
        return;
    }
    pay_len = len - hdr_len;
    if (hdr_len + mss > LAN743X_TX_BUF_SIZE) {
        mss = LAN743X_TX_BUF_SIZE - hdr_len;
    }
    seq = ldl_be_p(buf + pi.l4_off + 4);
    flags = buf[pi.l4_off + 13];

    if (s->has_vnet && len <= 65535 + ETH_HLEN && pay_len > mss) {
        /*
         * The peer (tap) segments for us: hand it the template with a
         * virtio-net GSO header, as the guest's stack built it (the TCP
         * checksum field holds the pseudo-header sum, as for any
         * CHECKSUM_PARTIAL frame).  Fix the IP length so that the peer
         * sees a consistent frame.
         */
        struct virtio_net_hdr vh = {
            .flags = VIRTIO_NET_HDR_F_NEEDS_CSUM,
            .gso_type = pi.ipv4 ? VIRTIO_NET_HDR_GSO_TCPV4
                                : VIRTIO_NET_HDR_GSO_TCPV6,
            .hdr_len = cpu_to_le16(hdr_len),
            .gso_size = cpu_to_le16(mss),
            .csum_start = cpu_to_le16(pi.l4_off),
            .csum_offset = cpu_to_le16(16),
        };
        uint32_t sum;

        if (flags & 0x80) {                     /* CWR */
            vh.gso_type |= VIRTIO_NET_HDR_GSO_ECN;
        }
        if (pi.ipv4) {
            stw_be_p(buf + pi.l3_off + 2, len - pi.l3_off);
            lan743x_fill_ip4_csum(buf, &pi);
        } else {
            stw_be_p(buf + pi.l3_off + 4, len - pi.l3_off - 40);
        }
        /* Pseudo-header sum without the length, as Linux GSO expects */
        sum = lan743x_pseudo_sum(buf, &pi, 0);
        stw_be_p(buf + pi.l4_off + 16, ~net_checksum_finish(sum) & 0xffff);
        for (off = 0; off < pay_len; off += mss) {
            seg = MIN(mss, pay_len - off);
            lan743x_count_frame(s, false, buf, hdr_len + seg +
                                LAN743X_FCS_LEN);
            count++;
        }
        trace_lan743x_tx_tso(len, mss, count);
        lan743x_tx_send_hdr(s, buf, len, &vh);
        return;
    }
    if (pi.ipv4) {
        ip_id = lduw_be_p(buf + pi.l3_off + 4);
    }

    for (off = 0; off < pay_len || (pay_len == 0 && count == 0); off += seg) {
        LAN743xPktInfo spi;
        bool last;

        seg = MIN(mss, pay_len - off);
        last = off + seg >= pay_len;
        memcpy(p, buf, hdr_len);
        memcpy(p + hdr_len, buf + hdr_len + off, seg);
        if (pi.ipv4) {
            stw_be_p(p + pi.l3_off + 2, hdr_len - pi.l3_off + seg);
            stw_be_p(p + pi.l3_off + 4, ip_id + count);
        } else {
            stw_be_p(p + pi.l3_off + 4, hdr_len - pi.l3_off - 40 + seg);
        }
        stl_be_p(p + pi.l4_off + 4, seq + off);
        /* FIN and PSH only on the last segment, CWR only on the first */
        p[pi.l4_off + 13] = flags & ~((last ? 0 : 0x09) | (count ? 0x80 : 0));
        lan743x_parse(p, hdr_len + seg, &spi);
        if (pi.ipv4) {
            lan743x_fill_ip4_csum(p, &spi);
        }
        stw_be_p(p + pi.l4_off + 16, 0);
        stw_be_p(p + pi.l4_off + 16,
                 lan743x_l4_csum(p, &spi, hdr_len - pi.l4_off + seg));
        lan743x_tx_send(s, p, hdr_len + seg);
        count++;
        if (pay_len == 0) {
            break;
        }
    }
    trace_lan743x_tx_tso(len, mss, count);
}

/*
 * Process TX descriptors from TX_HEAD up to (not including) TX_TAIL.
 * Only complete frames (FS .. LS, plus an extension descriptor if flagged)
 * are consumed; the head is written back after each batch.
 */
void lan743x_tx_process(LAN743xState *s, int ch)
{
    uint32_t ring_len = FIELD_EX32(s->regs[CH_REG(TX_CFG_B, ch)], TX_CFG_B,
                                   RING_LEN);
    dma_addr_t base = ((uint64_t)s->regs[CH_REG(TX_BASE_ADDRH, ch)] << 32) |
                      s->regs[CH_REG(TX_BASE_ADDRL, ch)];
    unsigned spacing = lan743x_desc_spacing(s);
    uint32_t head = s->regs[CH_REG(TX_HEAD, ch)];
    uint32_t tail = FIELD_EX32(s->regs[CH_REG(TX_TAIL, ch)], TX_TAIL, TAIL);
    bool ioc = false, progress = false;
    unsigned budget;

    if (unlikely(s->fault == LAN743X_FAULT_DEAD)) {
        return;
    }
    if (!lan743x_tx_running(s, ch) || head == tail) {
        return;
    }
    if (!(s->regs[R_FCT_TX_CTL] & FCT_CTL_EN(ch)) ||
        !FIELD_EX32(s->regs[R_MAC_TX], MAC_TX, TXEN)) {
        return;         /* not transmitting yet; the tail stays pending */
    }
    if (ring_len == 0 || head >= ring_len || tail >= ring_len) {
        lan743x_tx_dma_error(s, ch, "bad ring length or tail");
        return;
    }
    if (base & 0xf) {
        lan743x_tx_dma_error(s, ch, "misaligned ring base");
        return;
    }

    /* Bounded: each frame consumes at least one descriptor */
    for (budget = ring_len; head != tail && budget; budget--) {
        uint32_t idx = head, ndesc = 0;
        size_t len = 0;
        bool in_frame = false, complete = false, lso = false, drop = false;
        bool expect_ext = false, last_seen = false, frame_ioc = false;
        uint32_t first0 = 0, first3 = 0;

        if (lan743x_wire_busy(s, MAX(s->tx_wire_free - LAN743X_WIRE_AHEAD_NS,
                                     s->tx_pause_end))) {
            /* the rest goes when the wire is free and the pause over */
            lan743x_timer_arm(s->tx_wire_timer,
                              MAX(s->tx_wire_free - LAN743X_WIRE_AHEAD_NS,
                                  s->tx_pause_end));
            break;
        }
        while (idx != tail && ndesc < ring_len) {
            LAN743xDesc d;
            uint32_t dtype;

            if (!lan743x_read_desc(s, base + (dma_addr_t)idx * spacing, &d)) {
                lan743x_dma_read_error(s, ch, false,
                                       R_DMAC_TX_ERR_STS_DESC_READ_ERR_MASK,
                                       "descriptor read failed");
                goto out;
            }
            idx = (idx + 1) % ring_len;
            ndesc++;
            dtype = d.data0 & TX_DESC0_DTYPE_MASK;

            if (expect_ext) {
                /* The descriptor after one flagged EXT */
                expect_ext = false;
                if (dtype != TX_DESC0_DTYPE_EXT) {
                    qemu_log_mask(LOG_GUEST_ERROR,
                                  "lan743x: TX extension descriptor "
                                  "expected, got 0x%" PRIx32 "\n", d.data0);
                    drop = true;
                } else if (d.data0 & TX_DESC0_EXT_LSO) {
                    lso = true;
                }
                if (last_seen) {
                    complete = true;
                    break;
                }
                continue;
            }
            if (dtype != TX_DESC0_DTYPE_DATA) {
                qemu_log_mask(LOG_GUEST_ERROR,
                              "lan743x: unexpected TX descriptor 0x%" PRIx32
                              "\n", d.data0);
                drop = true;
                continue;
            }
            if (d.data0 & TX_DESC0_FS) {
                if (in_frame) {
                    qemu_log_mask(LOG_GUEST_ERROR,
                                  "lan743x: TX FS inside a frame\n");
                    drop = true;
                }
                in_frame = true;
                first0 = d.data0;
                first3 = d.data3;
            } else if (!in_frame) {
                qemu_log_mask(LOG_GUEST_ERROR,
                              "lan743x: TX descriptor without FS\n");
                drop = true;
                in_frame = true;
            }
            if (!drop) {
                size_t blen = d.data0 & TX_DESC0_BUF_LEN_MASK;
                dma_addr_t addr = ((uint64_t)d.data2 << 32) | d.data1;

                if (len + blen > LAN743X_TX_BUF_SIZE) {
                    qemu_log_mask(LOG_GUEST_ERROR,
                                  "lan743x: TX frame too long\n");
                    drop = true;
                } else if (blen && pci_dma_read(lan743x_pci(s), addr,
                                                s->tx_buf + len, blen)
                           != MEMTX_OK) {
                    lan743x_dma_read_error(s, ch, false,
                                           R_DMAC_TX_ERR_STS_DATA_READ_ERR_MASK,
                                           "buffer read failed");
                    goto out;
                }
                len += blen;
            }
            if (d.data0 & TX_DESC0_IOC) {
                frame_ioc = true;
            }
            if (d.data0 & TX_DESC0_EXT) {
                expect_ext = true;
            }
            if (d.data0 & TX_DESC0_LS) {
                last_seen = true;
                if (!expect_ext) {
                    complete = true;
                    break;
                }
            }
        }
        if (!complete) {
            /* Frame not fully posted yet: wait for more tail writes */
            if (ndesc >= ring_len) {
                lan743x_tx_dma_error(s, ch, "no LS descriptor in ring");
            }
            break;
        }

        if (!drop && FIELD_EX32(s->regs[R_MAC_TX], MAC_TX, TXEN)) {
            unsigned mss = (first3 & TX_DESC3_LEN_MSS_MASK) >>
                           TX_DESC3_LEN_MSS_SHIFT;

            if (first0 & TX_DESC0_TSE) {
                lan743x_ptp_tx_stamp(s, s->tx_buf, len, !lso);
            }
            if (lso) {
                lan743x_tx_tso(s, s->tx_buf, len, mss,
                               first0 & (TX_DESC0_IPE | TX_DESC0_ICE));
            } else {
                if (first0 & (TX_DESC0_ICE | TX_DESC0_IPE | TX_DESC0_TPE)) {
                    lan743x_fill_csum(s->tx_buf, len,
                                      first0 & (TX_DESC0_IPE | TX_DESC0_ICE),
                                      first0 & (TX_DESC0_TPE | TX_DESC0_ICE));
                }
                lan743x_tx_send(s, s->tx_buf, len);
            }
            lan743x_wire_use(s, &s->tx_wire_free, s->tx_wire_bytes);
            s->tx_wire_bytes = 0;
        }
        head = idx;
        progress = true;
        ioc |= frame_ioc;
    }

out:
    if (progress) {
        s->regs[CH_REG(TX_HEAD, ch)] = head;
        if (FIELD_EX32(s->regs[CH_REG(TX_CFG_A, ch)], TX_CFG_A, HP_WB_EN)) {
            uint32_t wb = head;

            if (unlikely(s->fault)) {
                wb = lan743x_fault_tx_head(s, ch, head, tail, ring_len);
            }
            if (!lan743x_write_head(s, s->regs[CH_REG(TX_HEAD_WB_ADDRH, ch)],
                                    s->regs[CH_REG(TX_HEAD_WB_ADDRL, ch)],
                                    wb)) {
                lan743x_tx_dma_error(s, ch, "head write-back failed");
            }
        }
        if (ioc && !(unlikely(s->fault) &&
                     lan743x_fault_irq_lost(s, LAN743X_RX_CHANNELS + ch))) {
            s->regs[R_DMAC_INT_STS] |= DMAC_INT_TX_IOC(ch);
        }
        trace_lan743x_tx_head(ch, head);
    }
}

/* ------------------------------------------------------------------ */
/* Receive                                                             */
/* ------------------------------------------------------------------ */

bool lan743x_rx_ready(LAN743xState *s, int ch)
{
    return lan743x_rx_running(s, ch) &&
           (s->regs[R_FCT_RX_CTL] & FCT_CTL_EN(ch));
}

bool lan743x_can_receive(NetClientState *nc)
{
    LAN743xState *s = qemu_get_nic_opaque(nc);
    PCIDevice *d = lan743x_pci(s);
    /* a paused partner keeps its frames */
    bool can = ((d->config[PCI_COMMAND] & PCI_COMMAND_MASTER) &&
                !s->pause_sent) || lan743x_in_d3(s);   /* wake frames */

    s->rx_refused |= !can;
    return can;
}

/*
 * Put one frame (@total bytes at @data: the RX pad, the frame, its FCS)
 * into RX channel @ch.  Returns false if the ring has not enough
 * descriptors yet (the caller keeps the frame).
 */
#define LAN743X_RX_MAX_DESC 64

/*
 * Write a frame (pad + frame + FCS) into the channel's ring; @stamp: the
 * 1588 clock at its arrival, for the timestamp extension descriptor.
 */
bool lan743x_rx_put(LAN743xState *s, int ch, const uint8_t *data,
                    size_t total, size_t frame_len, uint32_t status,
                    int64_t stamp)
{
    uint32_t cfg_b = s->regs[CH_REG(RX_CFG_B, ch)];
    uint32_t ring_len = FIELD_EX32(cfg_b, RX_CFG_B, RING_LEN);
    dma_addr_t base = ((uint64_t)s->regs[CH_REG(RX_BASE_ADDRH, ch)] << 32) |
                      s->regs[CH_REG(RX_BASE_ADDRL, ch)];
    unsigned spacing = lan743x_desc_spacing(s);
    uint32_t head, tail = FIELD_EX32(s->regs[CH_REG(RX_TAIL, ch)], RX_TAIL,
                                     TAIL);
    bool ts = FIELD_EX32(cfg_b, RX_CFG_B, TS_ALL_RX) ||
              FIELD_EX32(cfg_b, RX_CFG_B, TS_DESCR_EN);
    uint32_t idx[LAN743X_RX_MAX_DESC];
    LAN743xDesc desc[LAN743X_RX_MAX_DESC];
    unsigned n = 0, need_ext = ts ? 1 : 0, lead = 0, i;
    size_t have = 0, off = 0;
    uint32_t avail, cur;

    if (unlikely(s->fault) && !lan743x_fault_rx_begin(s, ch, &lead)) {
        return true;
    }
    head = s->regs[CH_REG(RX_HEAD, ch)];
    if (ring_len == 0 || head >= ring_len || tail >= ring_len) {
        lan743x_rx_dma_error(s, ch, "bad ring length, head or tail");
        return true;
    }
    if (base & 0xf) {
        lan743x_rx_dma_error(s, ch, "misaligned ring base");
        return true;
    }
    avail = (tail + ring_len - head) % ring_len;

    /* Gather enough descriptors: data buffers, then the extension */
    cur = head;
    while (n < lead || have < total || need_ext) {
        if (n == avail) {
            if (ring_len > 1 && n >= ring_len - 1) {
                lan743x_rx_dma_error(s, ch, "frame does not fit the ring");
                return true;
            }
            return false;
        }
        if (n == LAN743X_RX_MAX_DESC) {
            qemu_log_mask(LOG_GUEST_ERROR, "lan743x: RX frame needs more than "
                          "%d descriptors; dropped\n", LAN743X_RX_MAX_DESC);
            lan743x_stat_add(s, R_STAT_RX_DROPPED_FRAMES, 1);
            return true;
        }
        if (!lan743x_read_desc(s, base + (dma_addr_t)cur * spacing,
                               &desc[n])) {
            lan743x_dma_read_error(s, ch, true,
                                   R_DMAC_RX_ERR_STS_DESC_READ_ERR_MASK,
                                   "descriptor read failed");
            return true;
        }
        if (!(desc[n].data0 & RX_DESC0_OWN)) {
            /* Not (yet) handed to the device */
            return false;
        }
        idx[n] = cur;
        if (n < lead) {
            /* RX_ZERO_LEN: written back empty, takes no data */
        } else if (have < total) {
            size_t blen = desc[n].data0 & RX_DESC0_BUF_LEN_MASK;

            if (blen == 0) {
                lan743x_rx_dma_error(s, ch, "zero buffer length");
                return true;
            }
            have += blen;
        } else {
            need_ext = 0;
        }
        n++;
        cur = (cur + 1) % ring_len;
    }

    /* Data first, then descriptors, then head write-back */
    for (i = 0; i < n; i++) {
        LAN743xDesc *d = &desc[i];
        dma_addr_t buf = ((uint64_t)d->data2 << 32) | d->data1;
        size_t blen = d->data0 & RX_DESC0_BUF_LEN_MASK;
        bool is_ext = ts && i == n - 1;
        LAN743xDesc out = { 0 };

        if (unlikely(i < lead)) {
            lan743x_fault_rx_zero_len(d, &out);
        } else if (is_ext) {
            uint64_t sec;
            uint32_t ns;

            lan743x_ptp_split(stamp, &sec, &ns);
            out.data0 = RX_DESC0_EXT;
            out.data1 = (uint32_t)sec;
            out.data2 = ns & RX_DESC2_TS_NS_MASK;
        } else {
            size_t chunk = MIN(blen, total - off);

            if (pci_dma_write(lan743x_pci(s), buf, data + off, chunk)
                != MEMTX_OK) {
                lan743x_rx_dma_error(s, ch, "buffer write failed");
                return true;
            }
            off += chunk;
            out.data0 = blen;
            out.data1 = d->data1;
            out.data2 = d->data2;
            if (i == lead) {
                out.data0 |= RX_DESC0_FS;
            }
            if (off == total) {
                out.data0 |= RX_DESC0_LS |
                             (frame_len << RX_DESC0_FRAME_LEN_SHIFT);
                out.data1 = status;
                if (ts) {
                    out.data0 |= RX_DESC0_EXT;
                }
            }
            if (unlikely(s->fault)) {
                lan743x_fault_rx_wb(s, d, &out, have);
            }
        }
        if (!lan743x_write_desc(s, base + (dma_addr_t)idx[i] * spacing,
                                &out)) {
            lan743x_rx_dma_error(s, ch, "descriptor write failed");
            return true;
        }
    }

    head = cur;
    s->regs[CH_REG(RX_HEAD, ch)] = head;
    if (FIELD_EX32(s->regs[CH_REG(RX_CFG_A, ch)], RX_CFG_A, HP_WB_EN) &&
        !lan743x_write_head(s, s->regs[CH_REG(RX_HEAD_WB_ADDRH, ch)],
                            s->regs[CH_REG(RX_HEAD_WB_ADDRL, ch)], head)) {
        lan743x_rx_dma_error(s, ch, "head write-back failed");
        return true;
    }
    if (!(unlikely(s->fault) && lan743x_fault_irq_lost(s, ch))) {
        s->regs[R_DMAC_INT_STS] |= DMAC_INT_RXFRM(ch);
    }
    trace_lan743x_rx_frame(ch, frame_len, n, head);
    if (unlikely(s->fault)) {
        lan743x_fault_rx_done(s, ch);
    }
    return true;
}

/*
 * Keep a frame that found no free descriptor in the channel's RX FIFO, or
 * drop it (counted as dropped, not as received) when the FIFO is full, as
 * the chip does.  Returns whether it was kept.
 */
bool lan743x_rx_fifo_push(LAN743xState *s, int ch, const uint8_t *data,
                          size_t total, size_t frame_len,
                          uint32_t status, int64_t stamp)
{
    LAN743xFifoFrame *f;

    if (s->rx_fifo_used[ch] + total > s->rx_fifo_size) {
        trace_lan743x_rx_fifo_drop(ch, frame_len, s->rx_fifo_used[ch]);
        lan743x_stat_add(s, R_STAT_RX_DROPPED_FRAMES, 1);
        return false;
    }
    f = g_malloc(sizeof(*f) + total);
    f->total = total;
    f->frame_len = frame_len;
    f->status = status;
    f->stamp = stamp;
    memcpy(f->data, data, total);
    QSIMPLEQ_INSERT_TAIL(&s->rx_fifo[ch], f, next);
    s->rx_fifo_used[ch] += total;
    return true;
}

/* Move what waits in the channel's FIFO into its ring, in order */
void lan743x_rx_fifo_drain(LAN743xState *s, int ch)
{
    LAN743xFifoFrame *f;

    while ((f = QSIMPLEQ_FIRST(&s->rx_fifo[ch])) && lan743x_rx_ready(s, ch)) {
        if (!lan743x_rx_put(s, ch, f->data, f->total, f->frame_len,
                            f->status, f->stamp)) {
            break;
        }
        QSIMPLEQ_REMOVE_HEAD(&s->rx_fifo[ch], next);
        s->rx_fifo_used[ch] -= f->total;
        g_free(f);
    }
}

void lan743x_rx_fifo_flush(LAN743xState *s, int ch)
{
    LAN743xFifoFrame *f;

    while ((f = QSIMPLEQ_FIRST(&s->rx_fifo[ch]))) {
        QSIMPLEQ_REMOVE_HEAD(&s->rx_fifo[ch], next);
        g_free(f);
    }
    s->rx_fifo_used[ch] = 0;
}

void lan743x_dmac_command(LAN743xState *s, uint32_t val)
{
    uint32_t *cmd = &s->regs[R_DMAC_CMD];
    int ch;

    if (val & DMAC_CMD_SWR) {
        *cmd = 0;
        s->regs[R_DMAC_INT_STS] = 0;
        for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
            s->regs[CH_REG(RX_HEAD, ch)] = 0;
            s->regs[CH_REG(RX_TAIL, ch)] = 0;
            lan743x_rx_fifo_flush(s, ch);
        }
        for (ch = 0; ch < s->tx_channels; ch++) {
            s->regs[CH_REG(TX_HEAD, ch)] = 0;
            s->regs[CH_REG(TX_TAIL, ch)] = 0;
        }
        return;
    }
    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        if (val & DMAC_CMD_RX_SWR(ch)) {
            *cmd &= ~(DMAC_CMD_START_R(ch) | DMAC_CMD_STOP_R(ch));
            s->regs[CH_REG(RX_HEAD, ch)] = 0;
            s->regs[CH_REG(RX_TAIL, ch)] = 0;
            lan743x_rx_fifo_flush(s, ch);
            s->regs[R_DMAC_INT_STS] &= ~DMAC_INT_RXFRM(ch);
        }
        if (val & DMAC_CMD_START_R(ch)) {
            *cmd |= DMAC_CMD_START_R(ch);
            *cmd &= ~DMAC_CMD_STOP_R(ch);
        }
        if (val & DMAC_CMD_STOP_R(ch)) {
            /* Frames are moved synchronously: stopping completes at once */
            bool hang = unlikely(s->fault) &&
                        lan743x_fault_stop_hang(s, ch, DMAC_CMD_START_R(ch));

            if (!hang) {
                *cmd &= ~DMAC_CMD_START_R(ch);
            }
            *cmd |= DMAC_CMD_STOP_R(ch);
        }
    }
    for (ch = 0; ch < s->tx_channels; ch++) {
        if (val & DMAC_CMD_TX_SWR(ch)) {
            *cmd &= ~(DMAC_CMD_START_T(ch) | DMAC_CMD_STOP_T(ch));
            s->regs[CH_REG(TX_HEAD, ch)] = 0;
            s->regs[CH_REG(TX_TAIL, ch)] = 0;
            s->regs[R_DMAC_INT_STS] &= ~DMAC_INT_TX_IOC(ch);
        }
        if (val & DMAC_CMD_START_T(ch)) {
            *cmd |= DMAC_CMD_START_T(ch);
            *cmd &= ~DMAC_CMD_STOP_T(ch);
            lan743x_tx_process(s, ch);
        }
        if (val & DMAC_CMD_STOP_T(ch)) {
            bool hang = unlikely(s->fault) &&
                        lan743x_fault_stop_hang(s, ch, DMAC_CMD_START_T(ch));

            if (!hang) {
                *cmd &= ~DMAC_CMD_START_T(ch);
            }
            *cmd |= DMAC_CMD_STOP_T(ch);
        }
    }
}

void lan743x_write_rx_chan(LAN743xState *s, int ch, unsigned reg, uint32_t val)
{
    unsigned idx = CH_REG(RX_CFG_A, ch) + reg;

    switch (reg + R_RX_CFG_A) {
    case R_RX_HEAD:
        qemu_log_mask(LOG_GUEST_ERROR, "lan743x: RX_HEAD is read-only\n");
        return;
    case R_RX_TAIL:
        s->regs[idx] = val & R_RX_TAIL_TAIL_MASK;
        if (FIELD_EX32(val, RX_TAIL, SET_TOP_INT_EN)) {
            s->int_en |= INT_BIT_DMA_RX(ch);
        }
        if (FIELD_EX32(val, RX_TAIL, SET_TOP_INT_VEC_EN)) {
            lan743x_vec_enable_for(s, INT_BIT_DMA_RX(ch));
        }
        trace_lan743x_rx_tail(ch, val);
        lan743x_rx_kick(s);
        return;
    case R_DMAC_RX_ERR_STS:
        s->regs[idx] &= ~val;           /* W1C */
        return;
    default:
        s->regs[idx] = val;
        return;
    }
}

void lan743x_write_tx_chan(LAN743xState *s, int ch, unsigned reg, uint32_t val)
{
    unsigned idx = CH_REG(TX_CFG_A, ch) + reg;

    switch (reg + R_TX_CFG_A) {
    case R_TX_HEAD:
        qemu_log_mask(LOG_GUEST_ERROR, "lan743x: TX_HEAD is read-only\n");
        return;
    case R_TX_TAIL:
        s->regs[idx] = val & R_TX_TAIL_TAIL_MASK;
        if (FIELD_EX32(val, TX_TAIL, SET_DMAC_INT_EN)) {
            s->regs[R_DMAC_INT_EN_SET] |= DMAC_INT_TX_IOC(ch);
        }
        if (FIELD_EX32(val, TX_TAIL, SET_TOP_INT_EN)) {
            s->int_en |= INT_BIT_DMA_TX(ch);
        }
        if (FIELD_EX32(val, TX_TAIL, SET_TOP_INT_VEC_EN)) {
            lan743x_vec_enable_for(s, INT_BIT_DMA_TX(ch));
        }
        trace_lan743x_tx_tail(ch, val);
        lan743x_tx_process(s, ch);
        return;
    case R_DMAC_TX_ERR_STS:
        s->regs[idx] &= ~val;           /* W1C */
        return;
    default:
        s->regs[idx] = val;
        return;
    }
}

void lan743x_fct_write(LAN743xState *s, unsigned idx, uint32_t val, int nch)
{
    int ch;

    for (ch = 0; ch < nch; ch++) {
        if (val & FCT_CTL_RESET(ch)) {
            s->regs[idx] &= ~FCT_CTL_EN(ch);    /* reset completes at once */
        }
        if (val & FCT_CTL_EN(ch)) {
            s->regs[idx] |= FCT_CTL_EN(ch);
        }
        if (val & FCT_CTL_DIS(ch)) {
            s->regs[idx] &= ~FCT_CTL_EN(ch);
        }
    }
}

/*
 * x-dma-state: what could still reach the host's memory, for a test that
 * reads it once the guest has shut down (-no-shutdown): "rx-dma N tx-dma N
 * mac-rx N mac-tx N master N d-state N pme-en N wake-armed N", the DMA
 * channels running, the MAC's receiver and transmitter enables, the
 * function's bus mastering, its power state and PME enable, and whether a
 * wake source is armed
 */
char *lan743x_dma_state_get(Object *obj, Error **errp)
{
    LAN743xState *s = LAN743X(obj);
    PCIDevice *d = lan743x_pci(s);
    uint16_t pmcsr = pci_get_word(d->config + LAN743X_PM_OFFSET +
                                  PCI_PM_CTRL);
    int rx = 0, tx = 0, ch;

    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        rx += lan743x_rx_running(s, ch);
    }
    for (ch = 0; ch < s->tx_channels; ch++) {
        tx += lan743x_tx_running(s, ch);
    }
    return g_strdup_printf("rx-dma %d tx-dma %d mac-rx %d mac-tx %d "
                           "master %d d-state %d pme-en %d wake-armed %d",
                           rx, tx,
                           !!(s->regs[R_MAC_RX] & R_MAC_RX_RXEN_MASK),
                           !!(s->regs[R_MAC_TX] & R_MAC_TX_TXEN_MASK),
                           !!(pci_get_word(d->config + PCI_COMMAND) &
                              PCI_COMMAND_MASTER),
                           pmcsr & PCI_PM_CTRL_STATE_MASK,
                           !!(pmcsr & PCI_PM_CTRL_PME_ENABLE),
                           lan743x_wol_armed(s));
}

/*
 * Microchip LAN7430/LAN7431 model: test-only fault injection (x-faults=on)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "hw/pci/msi.h"
#include "hw/pci/msix.h"
#include "trace.h"
#include "lan743x_int.h"

/* ------------------------------------------------------------------ */
/* Fault injection (x-faults=on, driver tests only)                    */
/* ------------------------------------------------------------------ */

/*
 * A hostile device, for testing that the driver survives one: with
 * x-faults=on two registers outside the chip's map make the model
 * misbehave on purpose, one fault at a time, and only when asked.  With
 * x-faults=off (the default) they are unimplemented registers like any
 * other and nothing here runs; in the data path every hook sits behind
 * an "if (unlikely(s->fault))" (s->fault is never set without x-faults).
 *
 * FAULT_CTL (0x1f00)  write: disarm what was armed (a stop held back by
 *                     STOP_HANG completes; a DEAD device comes back as
 *                     after a PCI function reset: all device state reset
 *                     as by the reset handler, config space untouched),
 *                     zero the fired count, then arm the code written;
 *                     an unknown code arms nothing, i.e. acts as 0.
 *                     read: the armed code; 0 once a counted or one-shot
 *                     fault has fired and is spent.
 * FAULT_ARG (0x1f04)  write: N for the next FAULT_CTL write (0 means 1).
 *                     read: how often the armed fault fired since
 *                     FAULT_CTL was last written.
 * A device or system reset disarms everything as well.
 * x-fault (read-only property): the code FAULT_CTL reads, for the host
 * side of a test that must send its frames only once the fault is armed.
 *
 * code fault                what the device does (N: number spoilt;
 *                           FAULT_ARG counts what is in brackets)
 * ---- -------------------- -------------------------------------------
 *  1   DEAD                 stops answering as on a surprise removal:
 *                           BAR0 reads other than FAULT_CTL/FAULT_ARG
 *                           return 0xffffffff, writes are dropped; no
 *                           DMA of any kind (no descriptor fetch, no
 *                           write-back, frames from the wire dropped), no
 *                           interrupts (INTx deasserted), no link changes;
 *                           PCI config space works.  Until disarmed.
 *                           [BAR0 accesses refused]
 *  2   TX_HEAD_BEYOND_TAIL  the next N TX head write-backs (the value
 *                           DMAed to the head write-back address) carry
 *                           (tail + 1 + ring length / 2) % ring length,
 *                           outside (old head, tail]; TX_HEAD reads the
 *                           real head.  [write-backs spoilt]
 *  3   STOP_HANG            STOP_R/STOP_T of a started channel never
 *                           complete: it stays at (START, STOP) = (1, 1)
 *                           "stop pending" and keeps receiving into its
 *                           ring or sending; RX_SWR/TX_SWR (and DMAC SWR)
 *                           still reset it to (0, 0).  Until disarmed.
 *                           [stop commands swallowed, one per channel]
 *  4   RX_LEN_OVERFLOW      the next N frames: FRAME_LENGTH on the LS
 *                           descriptor = the frame's buffers' total length
 *                           + 4096 (at most 0x3fff, the field's maximum);
 *                           the data written is the real frame.  [frames]
 *  5   RX_LS_NO_FS          the next N frames: the first descriptor is
 *                           written back without FS.  [frames]
 *  6   RX_FS_NO_LS          the next N frames are written back as one
 *                           chain: FS on the first descriptor of the first
 *                           frame, LS (and FRAME_LENGTH, status) on none;
 *                           an RX timestamp extension descriptor is still
 *                           written after each frame.  Counted over all
 *                           channels.  [frames]
 *  7   RX_ZERO_LEN          the next N frames: one extra descriptor is
 *                           written back before the frame's own with
 *                           data0 = 0 (no FS, no LS, length 0; data1/2 as
 *                           the driver left them) and no data.  [frames]
 *  8   RX_OWN_UNFILLED      the next N descriptors the device takes are
 *                           handed back unfilled (taken when a frame
 *                           comes, before it): OWN cleared, nothing else
 *                           written, no data; RX_HEAD and its write-back
 *                           move past them, RXFRM is raised.  [descriptors]
 *  9   DMA_ERROR            one-shot, at the next RX descriptor fetch (a
 *                           frame for a running channel): a descriptor
 *                           read error as on a bus error.  The channel's
 *                           DMAC_RX_ERR_STS (0xc60 + 0x40 * ch) gets
 *                           DESC_READ_ERR (bit 6), DMAC_INT_STS gets ERR
 *                           (bit 21; INT_STS shows DMA_GEN, bit 10, when
 *                           ERR is enabled in DMAC_INT_EN_SET), both W1C;
 *                           the channel is stopped, (0, 1), and the frame
 *                           is lost.  [1 once fired]
 * 10   RX_BAD_FCS           the next N frames from the wire that pass the
 *                           RFE address filter arrive with a wrong FCS (a
 *                           tap carries none): the MAC drops them and
 *                           counts them as the chip counts an FCS error,
 *                           by size: above MAX_SIZE (MAX_SIZE + 4 tagged
 *                           with FSE) in STAT_RX_JABBER_ERRORS, else in
 *                           STAT_RX_FCS_ERRORS (the model pads short
 *                           frames, so none is a fragment); no DMA, no
 *                           other counter.  A frame the filter drops, or
 *                           one while RXEN is off, does not count towards
 *                           N.  [frames]
 * 11   RX_RUNT              the next N frames from the wire shorter than
 *                           60 bytes (without FCS) that pass the RFE
 *                           filter are taken as they came, as runts (the
 *                           model otherwise pads them, as the sending NIC
 *                           would have: a tap delivers host frames
 *                           unpadded): the MAC drops them and counts them
 *                           in STAT_RX_UNDERSIZE_FRAME_ERRORS (their FCS
 *                           is good); longer frames pass untouched and do
 *                           not count towards N.  [frames]
 * 12   IRQ_STORM            the rings' status bits (DMAC_INT_STS RXFRM of
 *                           every RX channel, TX_IOC of TX channel 0) read
 *                           as set, with no descriptor completed, until
 *                           N interrupts went out: each time the driver
 *                           clears one or re-enables a source the
 *                           interrupt comes again, as fast as the
 *                           enables and moderation let it (a burst of N
 *                           interrupts without work).  [interrupts the
 *                           device delivered while armed: MSI-X or MSI
 *                           messages, INTx rising edges]
 * 13   IRQ_STUCK            as IRQ_STORM, but until disarmed (status bits
 *                           the driver cannot clear).  [as IRQ_STORM]
 * 14   IRQ_NO_STATUS        N interrupts with nothing in INT_STS: a
 *                           message on vector 0 (MSI-X) or on the MSI
 *                           vector, sent only while that vector has
 *                           nothing pending, or (INTx) the line raised
 *                           while the device does not raise it.  From
 *                           the driver's side an interrupt that is not
 *                           its own.  One is sent a millisecond (virtual
 *                           time) after the last was seen: the driver
 *                           read INT_STS or INT_STS_R2C (which also
 *                           lowers the INTx line), or 500 ms passed; so
 *                           none merges with the one before it in the
 *                           interrupt controller.  [interrupts]
 * 15   IRQ_LOST             N ring completions lose their edge: an RX
 *                           frame or a TX head write-back (with IOC) is
 *                           written back as usual but its status bit
 *                           (RXFRM, TX_IOC) is not set, so nothing is
 *                           raised for it; the channel's next completion
 *                           raises it as usual (one edge lost at a time:
 *                           each channel loses every other completion
 *                           until N were lost).  A completion whose bit
 *                           is set already (its interrupt pending anyway)
 *                           is not lost.  [completions]
 * 16   SYSLOCK_HELD         PCI11x1x only (elsewhere it arms nothing):
 *                           another of the chip's functions takes the
 *                           system lock as soon as it is free (at once,
 *                           or when the Ethernet function releases it)
 *                           and holds it for N ms of virtual time:
 *                           SYS_LOCK reads USB_SS set meanwhile, the
 *                           Ethernet function's requests are not granted
 *                           and the system block's EEPROM and OTP refuse
 *                           its commands (lan743x_eeprom.c).  One-shot:
 *                           spent when the other function releases the
 *                           lock.  [lock requests refused]
 * 17   GPIO_INPUT           one-shot, at once: the signal outside drives
 *                           GPIO (N & 0xff) to level (N >> 8) & 1 (N as
 *                           written, 0 included); the chip's own output
 *                           on that pin, if it drives one, wins.  Spent
 *                           at once: FAULT_CTL reads 0.  Every edge is
 *                           counted and logged with the clock's time
 *                           (x-gpio-edges), and on a PCI11x1x latched by
 *                           the event capture channel of that GPIO as
 *                           it is set (lan743x_ptp.c).  [1 if the pin
 *                           exists]
 *
 * The error bits are the chip's, named as in the pre-mainline Linux
 * driver (mainline has none of them and never enables them).  Whether a
 * bus error stops the channel is not in our references: the model stops
 * it, as for the DMA errors it detects itself.  DMA_GEN goes to the
 * vector of INT_VEC_MAP2[3:0] like the model's other "other" sources.
 * DMAC_RX_ERR_STS and DMAC_TX_ERR_STS are W1C; a DMA read the bus refuses
 * (an IOMMU fault) sets their read-error bits without x-faults too.
 */

/* IRQ_NO_STATUS: a millisecond apart, each seen or given up after 500 ms */
#define LAN743X_FAULT_PHANTOM_NS 1000000
#define LAN743X_FAULT_PHANTOM_WAIT_NS 500000000

/* IRQ_STORM, IRQ_STUCK: the status bits that read as set */
#define LAN743X_FAULT_STUCK_BITS                                         \
    (DMAC_INT_RXFRM(0) | DMAC_INT_RXFRM(1) | DMAC_INT_RXFRM(2) |         \
     DMAC_INT_RXFRM(3) | DMAC_INT_TX_IOC(0))

/*
 * The armed fault fired once more, on channel @ch (-1: none).  @spend: it
 * counts towards N and is disarmed when N is reached.
 */
static void lan743x_fault_fire(LAN743xState *s, int ch, bool spend)
{
    s->fault_fired++;
    trace_lan743x_fault_fire(s->fault, ch, s->fault_fired);
    if (spend && (s->fault_left <= 1 || !--s->fault_left)) {
        s->fault_left = 0;
        s->fault = LAN743X_FAULT_NONE;
    }
}

/* STOP_HANG ends: the stops it held back complete */
static void lan743x_fault_end_stop_hang(LAN743xState *s)
{
    uint32_t *cmd = &s->regs[R_DMAC_CMD];
    int ch;

    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        if ((*cmd & DMAC_CMD_START_R(ch)) && (*cmd & DMAC_CMD_STOP_R(ch))) {
            *cmd &= ~DMAC_CMD_START_R(ch);
        }
    }
    for (ch = 0; ch < s->tx_channels; ch++) {
        if ((*cmd & DMAC_CMD_START_T(ch)) && (*cmd & DMAC_CMD_STOP_T(ch))) {
            *cmd &= ~DMAC_CMD_START_T(ch);
        }
    }
}

/* SYSLOCK_HELD: another function takes the system lock for N ms */
static void lan743x_fault_syslock_take(LAN743xState *s)
{
    s->sys_lock_other = R_SYS_LOCK_USB_SS_MASK;
    timer_mod(s->fault_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                              (int64_t)s->fault_left * SCALE_MS);
}

/* The Ethernet function released the system lock */
void lan743x_fault_syslock_free(LAN743xState *s)
{
    if (unlikely(s->fault == LAN743X_FAULT_SYSLOCK_HELD) &&
        !s->sys_lock_other) {
        lan743x_fault_syslock_take(s);
    }
}

/* The Ethernet function asks for the system lock: refused? */
bool lan743x_fault_syslock_refuse(LAN743xState *s)
{
    if (!s->sys_lock_other) {
        return false;
    }
    if (s->fault == LAN743X_FAULT_SYSLOCK_HELD) {
        lan743x_fault_fire(s, -1, false);
    }
    return true;
}

/* FAULT_CTL write */
static void lan743x_fault_arm(LAN743xState *s, uint32_t code)
{
    bool was_dead = s->fault == LAN743X_FAULT_DEAD;
    uint32_t arg = s->fault_arg;

    if (code > LAN743X_FAULT_LAST ||
        (code == LAN743X_FAULT_SYSLOCK_HELD && !s->pci11x1x)) {
        code = LAN743X_FAULT_NONE;
    }
    if (s->sys_lock_other) {
        s->sys_lock_other = 0;          /* the other function is done */
        timer_del(s->fault_timer);
    }
    if (s->fault == LAN743X_FAULT_STOP_HANG) {
        lan743x_fault_end_stop_hang(s);
    }
    if (was_dead && code != LAN743X_FAULT_DEAD) {
        /* Back as after a function reset (clears the fault state too) */
        lan743x_reset(DEVICE(s));
        s->fault_arg = arg;
    }
    s->fault = code;
    s->fault_left = code == LAN743X_FAULT_DMA_ERROR ? 1 : MAX(arg, 1);
    s->fault_fired = 0;
    s->fault_chain = false;
    s->fault_lost = 0;
    s->fault_phantom_sent = false;      /* a new run waits for none */
    trace_lan743x_fault_arm(code, s->fault_left);
    if (code == LAN743X_FAULT_IRQ_NO_STATUS) {
        timer_mod(s->fault_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                                  LAN743X_FAULT_PHANTOM_NS);
    }
    if (code == LAN743X_FAULT_SYSLOCK_HELD && !s->sys_lock) {
        lan743x_fault_syslock_take(s);
    }
    if (code == LAN743X_FAULT_GPIO_INPUT) {
        s->fault = LAN743X_FAULT_NONE;
        if ((arg & 0xff) < (s->device_id == 0x7430 ? LAN7430_GPIOS :
                                                     LAN7431_GPIOS)) {
            lan743x_ptp_gpio_input(s, arg & 0xff, arg & BIT(8));
            s->fault_fired = 1;
        }
    }
}

/* IRQ_NO_STATUS: the last one was seen; lower the line if it raised it */
static void lan743x_fault_phantom_end(LAN743xState *s)
{
    s->fault_phantom_sent = false;
    if (s->fault_phantom) {
        s->fault_phantom = false;
        pci_set_irq(lan743x_pci(s), s->intx_level);
    }
}

/* IRQ_NO_STATUS: the next interrupt without status, when the vector is idle */
static void lan743x_fault_timer_cb(void *opaque)
{
    LAN743xState *s = opaque;
    PCIDevice *d = lan743x_pci(s);
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    bool sent = false;

    if (s->sys_lock_other) {
        /* SYSLOCK_HELD: the other function releases the lock; spent */
        lan743x_fault_phantom_end(s);
        s->sys_lock_other = 0;
        s->fault = LAN743X_FAULT_NONE;
        return;
    }
    if (s->fault_phantom_sent &&
        now - s->fault_phantom_at < LAN743X_FAULT_PHANTOM_WAIT_NS) {
        timer_mod(s->fault_timer, now + LAN743X_FAULT_PHANTOM_NS);
        return;                 /* not seen yet */
    }
    lan743x_fault_phantom_end(s);
    if (s->fault != LAN743X_FAULT_IRQ_NO_STATUS) {
        return;
    }
    if (msix_enabled(d)) {
        if (!(s->vec_level & BIT(0)) && s->msix_vectors) {
            msix_notify(d, 0);
            sent = true;
        }
    } else if (msi_enabled(d)) {
        if (!s->msi_level) {
            msi_notify(d, 0);
            sent = true;
        }
    } else if (!s->intx_level) {
        s->fault_phantom = true;
        pci_set_irq(d, 1);
        sent = true;
    }
    if (sent) {
        s->fault_phantom_sent = true;
        s->fault_phantom_at = now;
        lan743x_fault_fire(s, -1, true);
    }
    if (s->fault == LAN743X_FAULT_IRQ_NO_STATUS || s->fault_phantom_sent) {
        timer_mod(s->fault_timer, now + LAN743X_FAULT_PHANTOM_NS);
    }
}

void lan743x_fault_realize(LAN743xState *s)
{
    if (s->faults) {
        s->fault_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                      lan743x_fault_timer_cb, s);
    }
}

void lan743x_fault_exit(LAN743xState *s)
{
    if (s->fault_timer) {
        timer_free(s->fault_timer);
        s->fault_timer = NULL;
    }
}

/* Device reset (the line is low already) */
void lan743x_fault_reset(LAN743xState *s)
{
    s->sys_lock_other = 0;
    s->fault_phantom = false;
    s->fault_phantom_sent = false;
    s->fault_lost = 0;
    if (s->fault_timer) {
        timer_del(s->fault_timer);
    }
}

/* IRQ_STORM, IRQ_STUCK: status bits to show as set in DMAC_INT_STS */
uint32_t lan743x_fault_stuck(LAN743xState *s)
{
    return s->fault == LAN743X_FAULT_IRQ_STORM ||
           s->fault == LAN743X_FAULT_IRQ_STUCK ? LAN743X_FAULT_STUCK_BITS : 0;
}

/* An interrupt went out (MSI-X, MSI message or INTx rising edge) */
void lan743x_fault_irq_out(LAN743xState *s)
{
    if (s->fault == LAN743X_FAULT_IRQ_STORM) {
        lan743x_fault_fire(s, -1, true);
    } else if (s->fault == LAN743X_FAULT_IRQ_STUCK) {
        lan743x_fault_fire(s, -1, false);
    }
}

/*
 * IRQ_LOST: a completion on channel @ch (RX channels first, then TX) is
 * about to set its status bit: true if it is lost instead.
 */
bool lan743x_fault_irq_lost(LAN743xState *s, int ch)
{
    uint32_t bit = ch < LAN743X_RX_CHANNELS ? DMAC_INT_RXFRM(ch) :
                   DMAC_INT_TX_IOC(ch - LAN743X_RX_CHANNELS);

    if (s->fault != LAN743X_FAULT_IRQ_LOST ||
        (s->regs[R_DMAC_INT_STS] & bit)) {
        return false;
    }
    if (s->fault_lost & BIT(ch)) {
        s->fault_lost &= ~BIT(ch);      /* this one goes through */
        return false;
    }
    s->fault_lost |= BIT(ch);
    lan743x_fault_fire(s, ch, true);
    return true;
}

/* BAR0 read with x-faults=on: true if answered here */
bool lan743x_fault_mmio_read(LAN743xState *s, hwaddr addr, uint32_t *val)
{
    switch (addr) {
    case A_FAULT_CTL:
        *val = s->fault;
        return true;
    case A_FAULT_ARG:
        *val = s->fault_fired;
        return true;
    case A_INT_STS:
    case A_INT_STS_R2C:
        lan743x_fault_phantom_end(s);       /* the driver looked */
        break;
    case A_DMAC_INT_STS:
        if (lan743x_fault_stuck(s)) {
            *val = s->regs[R_DMAC_INT_STS] | lan743x_fault_stuck(s);
            return true;
        }
        break;
    }
    if (s->fault == LAN743X_FAULT_DEAD) {
        *val = 0xffffffff;
        lan743x_fault_fire(s, -1, false);
        return true;
    }
    return false;
}

/* BAR0 write with x-faults=on: true if taken (or dropped) here */
bool lan743x_fault_mmio_write(LAN743xState *s, hwaddr addr, uint32_t val)
{
    switch (addr) {
    case A_FAULT_CTL:
        lan743x_fault_arm(s, val);
        return true;
    case A_FAULT_ARG:
        s->fault_arg = val;
        return true;
    }
    if (s->fault == LAN743X_FAULT_DEAD) {
        lan743x_fault_fire(s, -1, false);
        return true;
    }
    return false;
}

/* DEAD: a device that is gone signals nothing */
void lan743x_fault_dead_irq(LAN743xState *s)
{
    if (s->intx_level) {
        s->intx_level = 0;
        pci_set_irq(lan743x_pci(s), 0);
    }
}

/* STOP_HANG: swallow a stop command for a started channel? */
bool lan743x_fault_stop_hang(LAN743xState *s, int ch, uint32_t start_bit)
{
    if (s->fault != LAN743X_FAULT_STOP_HANG ||
        !(s->regs[R_DMAC_CMD] & start_bit)) {
        return false;
    }
    lan743x_fault_fire(s, ch, false);
    return true;
}

/* TX_HEAD_BEYOND_TAIL: the head value to write back instead of @head */
uint32_t lan743x_fault_tx_head(LAN743xState *s, int ch, uint32_t head,
                               uint32_t tail, uint32_t ring_len)
{
    if (s->fault != LAN743X_FAULT_TX_HEAD_BEYOND_TAIL) {
        return head;
    }
    lan743x_fault_fire(s, ch, true);
    return (tail + 1 + ring_len / 2) % ring_len;
}

/* DMA_ERROR: a descriptor read error on RX channel @ch */
static void lan743x_fault_rx_dma_error(LAN743xState *s, int ch)
{
    s->regs[CH_REG(DMAC_RX_ERR_STS, ch)] |=
        R_DMAC_RX_ERR_STS_DESC_READ_ERR_MASK;
    s->regs[R_DMAC_INT_STS] |= DMAC_INT_ERR;
    lan743x_rx_dma_error(s, ch, "injected descriptor read error");
    lan743x_fault_fire(s, ch, true);
}

/* RX_OWN_UNFILLED: hand descriptors back from the head, unfilled */
static void lan743x_fault_rx_own_unfilled(LAN743xState *s, int ch)
{
    uint32_t ring_len = FIELD_EX32(s->regs[CH_REG(RX_CFG_B, ch)], RX_CFG_B,
                                   RING_LEN);
    dma_addr_t base = ((uint64_t)s->regs[CH_REG(RX_BASE_ADDRH, ch)] << 32) |
                      s->regs[CH_REG(RX_BASE_ADDRL, ch)];
    unsigned spacing = lan743x_desc_spacing(s);
    uint32_t head = s->regs[CH_REG(RX_HEAD, ch)];
    uint32_t tail = FIELD_EX32(s->regs[CH_REG(RX_TAIL, ch)], RX_TAIL, TAIL);
    bool moved = false;
    LAN743xDesc d;

    if (ring_len == 0 || head >= ring_len || tail >= ring_len ||
        (base & 0xf)) {
        return;                 /* lan743x_rx_put() reports the ring */
    }
    while (s->fault == LAN743X_FAULT_RX_OWN_UNFILLED && head != tail) {
        dma_addr_t addr = base + (dma_addr_t)head * spacing;

        if (!lan743x_read_desc(s, addr, &d) || !(d.data0 & RX_DESC0_OWN)) {
            break;
        }
        d.data0 &= ~RX_DESC0_OWN;
        if (!lan743x_write_desc(s, addr, &d)) {
            break;
        }
        head = (head + 1) % ring_len;
        moved = true;
        lan743x_fault_fire(s, ch, true);
    }
    if (!moved) {
        return;
    }
    s->regs[CH_REG(RX_HEAD, ch)] = head;
    if (FIELD_EX32(s->regs[CH_REG(RX_CFG_A, ch)], RX_CFG_A, HP_WB_EN)) {
        lan743x_write_head(s, s->regs[CH_REG(RX_HEAD_WB_ADDRH, ch)],
                           s->regs[CH_REG(RX_HEAD_WB_ADDRL, ch)], head);
    }
    s->regs[R_DMAC_INT_STS] |= DMAC_INT_RXFRM(ch);
}

/*
 * A frame is about to go into RX channel @ch.  Returns false if it is
 * lost instead (DEAD, DMA_ERROR); sets *lead to the number of zero-length
 * descriptors to write back in front of it (RX_ZERO_LEN).
 */
bool lan743x_fault_rx_begin(LAN743xState *s, int ch, unsigned *lead)
{
    switch (s->fault) {
    case LAN743X_FAULT_DEAD:
        return false;
    case LAN743X_FAULT_DMA_ERROR:
        lan743x_fault_rx_dma_error(s, ch);
        return false;
    case LAN743X_FAULT_RX_OWN_UNFILLED:
        lan743x_fault_rx_own_unfilled(s, ch);
        break;
    case LAN743X_FAULT_RX_ZERO_LEN:
        *lead = 1;
        break;
    }
    return true;
}

/* RX_ZERO_LEN: the write-back of a descriptor put in front of a frame */
void lan743x_fault_rx_zero_len(const LAN743xDesc *d, LAN743xDesc *out)
{
    out->data0 = 0;
    out->data1 = d->data1;
    out->data2 = d->data2;
}

/*
 * Spoil the write-back @out of a frame's data descriptor @d (FS and LS
 * set as they should be); @have: the frame's buffers' total length.
 */
void lan743x_fault_rx_wb(LAN743xState *s, const LAN743xDesc *d,
                         LAN743xDesc *out, size_t have)
{
    uint32_t len;

    switch (s->fault) {
    case LAN743X_FAULT_RX_LEN_OVERFLOW:
        if (out->data0 & RX_DESC0_LS) {
            len = MIN(have + 4096, RX_DESC0_FRAME_LEN_MASK >>
                                   RX_DESC0_FRAME_LEN_SHIFT);
            out->data0 = (out->data0 & ~RX_DESC0_FRAME_LEN_MASK) |
                         (len << RX_DESC0_FRAME_LEN_SHIFT);
        }
        break;
    case LAN743X_FAULT_RX_LS_NO_FS:
        out->data0 &= ~RX_DESC0_FS;
        break;
    case LAN743X_FAULT_RX_FS_NO_LS:
        if (s->fault_chain) {
            out->data0 &= ~RX_DESC0_FS;
        }
        if (out->data0 & RX_DESC0_LS) {
            /* as a descriptor in the middle of a frame */
            out->data0 &= ~(RX_DESC0_LS | RX_DESC0_FRAME_LEN_MASK |
                            RX_DESC0_EXT);
            out->data1 = d->data1;
        }
        break;
    }
}

/* A frame went into RX channel @ch with the write-backs spoilt */
void lan743x_fault_rx_done(LAN743xState *s, int ch)
{
    switch (s->fault) {
    case LAN743X_FAULT_RX_FS_NO_LS:
        s->fault_chain = true;
        /* fall through */
    case LAN743X_FAULT_RX_LEN_OVERFLOW:
    case LAN743X_FAULT_RX_LS_NO_FS:
    case LAN743X_FAULT_RX_ZERO_LEN:
        lan743x_fault_fire(s, ch, true);
        break;
    }
}

/*
 * A frame of @size bytes (no FCS, unpadded) passed the RFE filter;
 * @oversize: above MAX_SIZE.  Returns true if the MAC drops it instead
 * (RX_BAD_FCS, RX_RUNT), counted as the chip counts it.
 */
bool lan743x_fault_rx_wire(LAN743xState *s, size_t size, bool oversize)
{
    switch (s->fault) {
    case LAN743X_FAULT_RX_BAD_FCS:
        lan743x_fault_fire(s, -1, true);
        lan743x_stat_add(s, oversize ? R_STAT_RX_JABBER_ERRORS
                                     : R_STAT_RX_FCS_ERRORS, 1);
        return true;
    case LAN743X_FAULT_RX_RUNT:
        if (size >= LAN743X_MIN_FRAME) {
            return false;
        }
        lan743x_fault_fire(s, -1, true);
        lan743x_stat_add(s, R_STAT_RX_UNDERSIZE_FRAME_ERRORS, 1);
        return true;
    }
    return false;
}

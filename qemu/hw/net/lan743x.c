/*
 * Microchip LAN7430/LAN7431 PCIe Gigabit Ethernet controller, and the
 * PCI11010/PCI11414 (PCI11x1x) family's Ethernet function
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The register map, descriptor layouts and handshakes follow what the Linux
 * lan743x driver relies on (there is no public datasheet for some of it;
 * behaviour marked "inferred" in these files is deduced from driver usage).
 *
 * Emulated:
 *  - chip=lan7430 (default) | lan7431 | pci11010 | pci11414 (or device-id=
 *    0x7430 | 0x7431 | 0xa011 | 0xa041): the PCI11x1x has ID_REV chip
 *    revision B0 0x00b0, BAR0 of 32 KiB (the system block at 0x4000),
 *    4 TX channels (registers, DMAC commands, FCT and interrupt bits of
 *    channels 1..3, the wire shared), 16 MSI-X vectors with 4-bit vector
 *    maps, interrupt moderation timers 8/9, its straps, system lock
 *    and SerDes PCS (interface=rgmii|sgmii|sgmii-2500, lan743x_pcs.c),
 *    the EEPROM and OTP behind its system block's controllers, under
 *    the system lock (lan743x_eeprom.c), and the 1588 block's event
 *    capture on GPIOs 0..7 (lan743x_ptp.c);
 *  - PCI identity 1055:7430 (or 7431), BAR0 8 KiB CSRs, MSI-X (8 vectors,
 *    table in BAR2, PBA in BAR4), MSI (1 vector), INTx pin A, PM and PCIe
 *    capabilities;
 *  - ID_REV with chip revision A0 or B0 (selects the driver's interrupt
 *    model), light reset (HW_CFG.LRST), PHY reset (PMT_CTL), EEPROM
 *    (512 bytes) and OTP (1024 bytes, in a file with x-otp-file=PATH),
 *    both non-volatile (lan743x_eeprom.c), data port into the RFE RAM;
 *  - MAC enables and disabled-status bits, MAC address registers loaded
 *    with the NIC's macaddr, MAX_SIZE/FSE oversize filtering, MDIO to one
 *    clause-22 PHY at address 1, statistics counters;
 *  - the LAN7431's board wiring: phy=off leaves its MDIO bus empty and
 *    runs the MAC at 1000/full whenever the netdev link is up (a switch
 *    port wired to its RGMII), phy-addr=N puts its external PHY at
 *    address N instead of 1, strap-mii=on latches MAC_CR.MII_EN at reset;
 *  - the PHY's link (lan743x_phy.c): autonegotiation (1000/100/10, full
 *    and half duplex), parallel detection and forced modes, resolved
 *    against the partner on the other end of the cable: another LAN743x
 *    that names the same x-cable=NAME, PHY to PHY, or else (a tap or
 *    other netdev peer) a partner that takes whatever we do.  The link
 *    goes down on every restart and comes back after 500 ms of virtual
 *    time; it also follows the netdev link state (QMP set_link);
 *  - RFE: perfect filters (entry 0 own address, 1..32 multicast), multicast
 *    hash table, broadcast, promiscuous/all-multicast, RX checksum status
 *    (IPv4 header, TCP/UDP over IPv4/IPv6), RSS with the Toeplitz hash and
 *    the 128-entry indirection table over the 4 RX channels;
 *  - DMAC: 4 RX channels and 1 TX channel, start/stop/reset state machine,
 *    descriptor rings with 16/32/64/128-byte spacing (DMAC_CFG), head
 *    write-back, tail doorbells, multi-buffer frames, RX pad, RX timestamp
 *    extension descriptors, TX checksum insertion and TSO (LSO extension
 *    descriptor);
 *  - interrupt controller: INT_STS/INT_SET/INT_EN, read-to-clear status,
 *    vector enables with auto-clear, vector maps, the RX_CFG_C/TX_CFG_C
 *    auto-clear bits and the re-arm bits written with the tail registers,
 *    moderation timers (INT_MOD_MAPn/INT_MOD_CFGn, as a minimum interval
 *    between interrupts of a timer; the unit is taken to be 1 us);
 *  - with a tap peer that takes virtio-net headers, TSO frames are handed
 *    to the host in one piece for it to segment (as e1000e does); with any
 *    other peer the model segments them itself;
 *  - the wire runs at the negotiated link speed (1000/100/10 Mbit/s),
 *    timed on the virtual clock: a frame occupies it for its length plus
 *    FCS, preamble and inter-frame gap (24 bytes, 60-byte minimum before
 *    FCS), in each direction, TSO segments one by one; frames due within
 *    100 us are taken in one go (QEMU wakes per batch), each timestamped
 *    at its own time on the wire.  Frames arriving
 *    while the guest's ring has no free descriptor wait in a per-channel
 *    RX FIFO (x-rx-fifo-size bytes, 32 KiB by default: the chip's size is
 *    not in our references, and the FIFO must hold more than the 21 KiB at
 *    which the drivers have flow control start) and are dropped, counted
 *    in STAT_RX_DROPPED_FRAMES, when it is full, unless flow control holds
 *    the partner back first.  x-pace-wire=off lifts pacing (model
 *    development only: frames then enter as fast as the host delivers
 *    them, and a full ring holds them back in QEMU's queue instead of
 *    dropping);
 *  - 802.3x flow control: pause frames sent when an RX FIFO crosses its
 *    FCT_FLOW thresholds (the partner, the netdev peer, then keeps its
 *    frames), received pause frames holding the transmitter, both counted
 *    (lan743x_mac.c, "Flow control");
 *  - PTP: the 1588 clock (read, load, step, rate adjustment), TX
 *    timestamps with their FIFO and one-step Sync, RX timestamps in the
 *    extension descriptor, the 1588 interrupt (lan743x_ptp.c);
 *  - wake-on-LAN (lan743x_mac.c, "Wake-on-LAN"): in D3hot, magic
 *    packets, broadcast, our unicast address and the 32 wake-up frame
 *    filters set MAC_WUCSR/MAC_WK_SRC/PMT_CTL status and PME_Status, and
 *    with PME_En wake a suspended (S3) guest; the PCI11x1x keeps HW_CFG
 *    through the resets of the wake-up while in D3hot with its D3 reset
 *    disable set (lan743x_reset);
 *  - x-msix-vectors=N (1 to 8, driver tests only): an MSI-X table of N
 *    entries instead of the chip's 8, as a host that grants a driver
 *    fewer vectors; a source mapped to a vector beyond it raises nothing;
 *  - x-faults=on (driver tests only; off by default): a fault register at
 *    BAR0 0x1f00/0x1f04 (FAULT_CTL/FAULT_ARG, not a chip register) makes
 *    the device misbehave on purpose, one fault at a time: stop answering
 *    like a surprise removal, write back bogus heads or descriptors, hang
 *    DMA stops, raise a DMA error.  See lan743x_faults.c.  With
 *    x-faults=off those offsets are plain unimplemented registers.
 *  - x-gen=on (benchmarks and tests only; off by default): a traffic
 *    generator at the far end of the wire (registers at BAR0 0x1f40..0x1f68,
 *    lan743x-gen.c): UDP at a set rate or a TCP stream, on the virtual
 *    clock, through the same wire, FIFO and flow control as the peer's
 *    frames, so that a benchmark's traffic costs the guest nothing and does
 *    not wait for the host.
 *
 * Not emulated:
 *  - DMA coalescing (DMAC_COAL_CFG) and OBFF: stored only;
 *  - DMA error reporting for the errors the model detects itself (a bad
 *    ring or an address outside RAM stops the channel silently): the
 *    error bits (DMAC_INT_STS ERR, INT_STS DMA_GEN, DMAC_RX_ERR_STS) are
 *    raised only by the injected DMA_ERROR fault;
 *  - PHY wake-up, EEE wake-up and the MAC_WUCSR2 offloads (ARP/NS/TCP
 *    SYN) (EEE: low power idle is counted, lan743x_mac.c; the PHY's EEE
 *    registers, lan743x_phy.c);
 *  - the PCI11x1x's own PTP I/O event outputs (its periodic outputs
 *    use the LAN743x's GPIO path; GPIOs, 1588 outputs and the family's
 *    event capture are modelled, lan743x_ptp.c) and its SerDes rates
 *    (lan743x_pcs.c);
 *  - VLAN filtering (the VLAN table in the RFE RAM is stored, not used);
 *  - clause-45 MDIO accesses other than to interface=sgmii-2500's PHY
 *    (read as 0xffff);
 *  - in the PHY: its interrupt (the drivers poll it), next pages, remote
 *    fault, MDI/MDI-X, loopback and isolate (BMCR bits stored only), cable
 *    diagnostics, collisions of a half-duplex or mismatched link;
 *  - the AER/DSN/LTR/L1SS extended capabilities.
 *
 * Files: lan743x.c (this file: PCI glue, interrupts, reset, register
 * dispatch, properties, vmstate), lan743x_regs.h (the register map),
 * lan743x_int.h (the device state and the functions the files share),
 * lan743x_phy.c (PHY, MDIO, the link and the x-cable), lan743x_mac.c
 * (the wire, packet parsing and checksums, RFE and RSS, flow control,
 * the MAC's receive path), lan743x_dma.c (descriptor rings, TX with
 * checksum/TSO, RX into the rings and the RX FIFO), lan743x_ptp.c (the
 * 1588 clock and timestamps), lan743x_eeprom.c (EEPROM, OTP),
 * lan743x_pcs.c (the PCI11x1x's straps, system lock and PCS),
 * lan743x_faults.c (x-faults), lan743x-gen.c (x-gen).
 */

#include "qemu/osdep.h"
#include "hw/pci/pci.h"
#include "hw/pci/pcie.h"
#include "hw/pci/msi.h"
#include "hw/pci/msix.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/units.h"
#include "standard-headers/linux/virtio_net.h"
#include "sysemu/runstate.h"
#include "sysemu/sysemu.h"
#include "trace.h"
#include "lan743x_int.h"

/* Capability offsets as on a shipping LAN7430 (PM: lan743x_int.h) */
#define LAN743X_MSI_OFFSET      0x50
#define LAN743X_PCIE_OFFSET     0x70
#define LAN743X_MSIX_OFFSET     0xb0
#define LAN743X_AER_OFFSET      0x100   /* extended config space */

static const char *lan743x_reg_name(hwaddr addr)
{
    switch (addr) {
    case A_ID_REV: return "ID_REV";
    case A_HW_CFG: return "HW_CFG";
    case A_PMT_CTL: return "PMT_CTL";
    case A_FCT_RX_CTL: return "FCT_RX_CTL";
    case A_FCT_TX_CTL: return "FCT_TX_CTL";
    case A_MAC_CR: return "MAC_CR";
    case A_MAC_RX: return "MAC_RX";
    case A_MAC_TX: return "MAC_TX";
    case A_MAC_MII_ACC: return "MAC_MII_ACC";
    case A_MAC_MII_DATA: return "MAC_MII_DATA";
    case A_RFE_CTL: return "RFE_CTL";
    case A_RFE_RSS_CFG: return "RFE_RSS_CFG";
    case A_INT_STS: return "INT_STS";
    case A_INT_SET: return "INT_SET";
    case A_INT_EN_SET: return "INT_EN_SET";
    case A_INT_EN_CLR: return "INT_EN_CLR";
    case A_INT_STS_R2C: return "INT_STS_R2C";
    case A_INT_VEC_EN_SET: return "INT_VEC_EN_SET";
    case A_INT_VEC_EN_CLR: return "INT_VEC_EN_CLR";
    case A_INT_VEC_EN_AUTO_CLR: return "INT_VEC_EN_AUTO_CLR";
    case A_INT_VEC_MAP0: return "INT_VEC_MAP0";
    case A_INT_VEC_MAP1: return "INT_VEC_MAP1";
    case A_INT_VEC_MAP2: return "INT_VEC_MAP2";
    case A_PTP_CMD_CTL: return "PTP_CMD_CTL";
    case A_PTP_INT_STS: return "PTP_INT_STS";
    case A_PTP_CLOCK_RATE_ADJ: return "PTP_CLOCK_RATE_ADJ";
    case A_PTP_CAP_INFO: return "PTP_CAP_INFO";
    case A_PTP_TX_EGRESS_SEC: return "PTP_TX_EGRESS_SEC";
    case A_PTP_TX_EGRESS_NS: return "PTP_TX_EGRESS_NS";
    case A_PTP_TX_MSG_HEADER: return "PTP_TX_MSG_HEADER";
    case A_DMAC_CFG: return "DMAC_CFG";
    case A_DMAC_CMD: return "DMAC_CMD";
    case A_DMAC_INT_STS: return "DMAC_INT_STS";
    case A_DMAC_INT_EN_SET: return "DMAC_INT_EN_SET";
    case A_DMAC_INT_EN_CLR: return "DMAC_INT_EN_CLR";
    case A_FAULT_CTL: return "FAULT_CTL";
    case A_FAULT_ARG: return "FAULT_ARG";
    }
    if (addr >= A_RX_CFG_A && addr < A_RX_CFG_A + 0x40 * LAN743X_RX_CHANNELS) {
        return "RX_CHANNEL";
    }
    if (addr >= A_TX_CFG_A &&
        addr < A_TX_CFG_A + 0x40 * LAN743X_TX_CHANNELS_MAX) {
        return "TX_CHANNEL";
    }
    if (addr >= A_SGMII_ACC && addr <= A_SGMII_CTL) {
        return "SGMII";
    }
    if (addr >= PCI11X1X_SYS_BASE) {
        return "SYS";
    }
    if (addr >= STAT_FIRST && addr <= STAT_LAST) {
        return "STAT";
    }
    return "?";
}

/* ------------------------------------------------------------------ */
/* VMState                                                             */
/* ------------------------------------------------------------------ */

static int lan743x_post_load(void *opaque, int version_id)
{
    LAN743xState *s = opaque;

    if (s->ptp_tx_count > LAN743X_PTP_TX_TS_FIFO) {
        return -EINVAL;
    }
    /* Re-arm a pending moderation timer */
    lan743x_update_irq(opaque);
    s->rx_refused = true;
    return 0;
}

static const VMStateDescription vmstate_lan743x = {
    .name = TYPE_LAN743X,
    .version_id = 7,
    .minimum_version_id = 1,
    .post_load = lan743x_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, LAN743xState),
        VMSTATE_MSIX(parent_obj, LAN743xState),
        VMSTATE_UINT32_ARRAY(regs, LAN743xState, LAN743X_NUM_REGS),
        VMSTATE_UINT32_ARRAY(rfe_ram, LAN743xState, LAN743X_RFE_RAM_SIZE),
        VMSTATE_UINT8_SUB_ARRAY(eeprom, LAN743xState, 0, LAN743X_EEPROM_SIZE),
        VMSTATE_UINT16_ARRAY(phy_regs, LAN743xState, 32),
        VMSTATE_UINT32(int_latch, LAN743xState),
        VMSTATE_UINT32(int_en, LAN743xState),
        VMSTATE_UINT32(vec_en, LAN743xState),
        VMSTATE_UINT32(vec_level, LAN743xState),
        VMSTATE_UINT32(msi_level, LAN743xState),
        VMSTATE_UINT32(intx_level, LAN743xState),
        VMSTATE_INT64_ARRAY(mod_deadline, LAN743xState, LAN743X_MOD_TIMERS),
        VMSTATE_INT64(ptp_base, LAN743xState),
        VMSTATE_INT64(ptp_ref, LAN743xState),
        VMSTATE_UINT32_V(ptp_subns, LAN743xState, 2),
        VMSTATE_UINT32_V(ptp_tx_count, LAN743xState, 2),
        VMSTATE_UINT32_ARRAY_V(ptp_tx_sec, LAN743xState,
                               LAN743X_PTP_TX_TS_FIFO, 2),
        VMSTATE_UINT32_ARRAY_V(ptp_tx_ns, LAN743xState,
                               LAN743X_PTP_TX_TS_FIFO, 2),
        VMSTATE_UINT32_ARRAY_V(ptp_tx_hdr, LAN743xState,
                               LAN743X_PTP_TX_TS_FIFO, 2),
        VMSTATE_BOOL_V(phy_link, LAN743xState, 3),
        VMSTATE_BOOL_V(phy_latched, LAN743xState, 3),
        VMSTATE_UINT32_V(phy_mbps, LAN743xState, 3),
        VMSTATE_TIMER_PTR_V(phy_an_timer, LAN743xState, 3),
        VMSTATE_BOOL_V(eeprom_wen, LAN743xState, 4),
        VMSTATE_SUB_ARRAY(otp, LAN743xState, 0, LAN743X_OTP_SIZE, 4,
                          vmstate_info_uint8, uint8_t),
        VMSTATE_UINT16_V(phy_mmd_addr, LAN743xState, 5),
        VMSTATE_UINT16_V(phy_pcs_ctrl1, LAN743xState, 5),
        VMSTATE_UINT16_V(phy_eee_adv, LAN743xState, 5),
        VMSTATE_UINT16_V(phy_eee_lpa, LAN743xState, 5),
        VMSTATE_BOOL_V(phy_eee, LAN743xState, 5),
        VMSTATE_BOOL_V(lpi_on, LAN743xState, 5),
        VMSTATE_INT64_V(lpi_dly_ns, LAN743xState, 5),
        VMSTATE_INT64_V(lpi_idle_since, LAN743xState, 5),
        VMSTATE_UINT64_V(lpi_tx_ns, LAN743xState, 5),
        VMSTATE_UINT64_V(lpi_rx_ns, LAN743xState, 5),
        VMSTATE_UINT16_ARRAY_V(phy45, LAN743xState, PHY45_REGS, 6),
        VMSTATE_UINT16_ARRAY_V(phy45_addr, LAN743xState, 32, 6),
        VMSTATE_UINT32_V(sys_lock, LAN743xState, 6),
        VMSTATE_UINT16_ARRAY_V(pcs, LAN743xState, PCS_REGS, 6),
        VMSTATE_UINT32_ARRAY_V(hs_e2p, LAN743xState, HS_E2P_REGS, 7),
        VMSTATE_UINT32_ARRAY_V(hs_otp, LAN743xState, OTP_REGS, 7),
        VMSTATE_SUB_ARRAY(eeprom, LAN743xState, LAN743X_EEPROM_SIZE,
                          PCI11X1X_EEPROM_SIZE - LAN743X_EEPROM_SIZE, 7,
                          vmstate_info_uint8, uint8_t),
        VMSTATE_SUB_ARRAY(otp, LAN743xState, LAN743X_OTP_SIZE,
                          PCI11X1X_OTP_SIZE - LAN743X_OTP_SIZE, 7,
                          vmstate_info_uint8, uint8_t),
        VMSTATE_BOOL_ARRAY_V(gpio_in, LAN743xState, LAN7431_GPIOS, 7),
        VMSTATE_UINT32_ARRAY_V(ptp_cap_sec, LAN743xState,
                               2 * PTP_IO_CHANNELS, 7),
        VMSTATE_UINT32_ARRAY_V(ptp_cap_ns, LAN743xState,
                               2 * PTP_IO_CHANNELS, 7),
        VMSTATE_END_OF_LIST()
    }
};

/* ------------------------------------------------------------------ */
/* Interrupts                                                          */
/* ------------------------------------------------------------------ */

/* Pending sources as INT_STS shows them (without MAS). */
static uint32_t lan743x_int_sources(LAN743xState *s)
{
    uint32_t dmac = s->regs[R_DMAC_INT_STS];
    uint32_t sts = s->int_latch & ~INT_BIT_MAS;

    if (unlikely(s->fault)) {
        dmac |= lan743x_fault_stuck(s);         /* IRQ_STORM, IRQ_STUCK */
    }
    dmac &= s->regs[R_DMAC_INT_EN_SET];
    int ch;

    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        if (dmac & DMAC_INT_RXFRM(ch)) {
            sts |= INT_BIT_DMA_RX(ch);
        }
    }
    for (ch = 0; ch < s->tx_channels; ch++) {
        if (dmac & DMAC_INT_TX_IOC(ch)) {
            sts |= INT_BIT_DMA_TX(ch);
        }
    }
    if (s->regs[R_PTP_INT_STS] & s->regs[R_PTP_INT_EN_SET]) {
        sts |= INT_BIT_1588;
    }
    if (dmac & DMAC_INT_ERR) {          /* a DMA read error */
        sts |= INT_BIT_DMA_GEN;
    }
    return sts;
}

static uint32_t lan743x_int_sts(LAN743xState *s)
{
    uint32_t sts = lan743x_int_sources(s);

    if (sts & s->int_en & ~INT_BIT_MAS) {
        sts |= INT_BIT_MAS;
    }
    return sts;
}

/*
 * The MSI-X vector a source bit is mapped to (INT_VEC_MAP0..2): 8 vectors
 * on a LAN743x (the nibble's low 3 bits), 16 on a PCI11x1x.
 */
static unsigned lan743x_int_vector(LAN743xState *s, int bit)
{
    unsigned mask = s->msix_max - 1;

    if (bit >= 24 && bit < 24 + LAN743X_RX_CHANNELS) {
        return extract32(s->regs[R_INT_VEC_MAP0], (bit - 24) * 4, 4) & mask;
    }
    if (bit >= 16 && bit < 16 + s->tx_channels) {
        return extract32(s->regs[R_INT_VEC_MAP1], (bit - 16) * 4, 4) & mask;
    }
    return extract32(s->regs[R_INT_VEC_MAP2], 0, 4) & mask;
}

/*
 * Interrupt moderation (INT_MOD_MAPn / INT_MOD_CFGn): each source maps to
 * one of 10 timers (nibble per channel; 0xf = none).  Once an interrupt
 * for a moderated source was delivered, the next one for that timer waits
 * until INT_MOD_CFG microseconds have passed (inferred: the unit is not
 * documented; 400, the driver's value, gives at most 2500 interrupts/s per
 * queue).  The first interrupt after a quiet period goes out at once.
 */
static int lan743x_mod_timer(LAN743xState *s, int bit)
{
    unsigned t;

    if (bit >= 24 && bit < 24 + LAN743X_RX_CHANNELS) {
        t = extract32(s->regs[R_INT_MOD_MAP0], (bit - 24) * 4, 4);
    } else if (bit >= 16 && bit < 16 + s->tx_channels) {
        t = extract32(s->regs[R_INT_MOD_MAP1], (bit - 16) * 4, 4);
    } else {
        t = extract32(s->regs[R_INT_MOD_MAP2], 0, 4);
    }
    if (t >= LAN743X_MOD_TIMERS || !s->regs[R_INT_MOD_CFG0 + t]) {
        return -1;
    }
    return t;
}

/*
 * May an interrupt for the pending sources @bits go out now?  If not,
 * lower *next to the time it may.
 */
static bool lan743x_mod_ready(LAN743xState *s, uint32_t bits, int64_t now,
                              int64_t *next)
{
    int64_t wait = INT64_MAX;
    int bit, t;

    for (bit = 0; bit < 32; bit++) {
        if (!(bits & BIT(bit))) {
            continue;
        }
        t = lan743x_mod_timer(s, bit);
        if (t < 0 || s->mod_deadline[t] <= now) {
            return true;
        }
        wait = MIN(wait, s->mod_deadline[t]);
    }
    *next = MIN(*next, wait);
    return false;
}

static void lan743x_mod_start(LAN743xState *s, uint32_t bits, int64_t now)
{
    int bit, t;

    for (bit = 0; bit < 32; bit++) {
        if ((bits & BIT(bit)) && (t = lan743x_mod_timer(s, bit)) >= 0) {
            s->mod_deadline[t] = now + (int64_t)s->regs[R_INT_MOD_CFG0 + t] *
                                 s->int_mod_unit_ns;
        }
    }
}

/*
 * Side effects of delivering an interrupt for the sources in @bits
 * (inferred from the driver's "auto set/clear" vector flags).
 */
static void lan743x_int_fired(LAN743xState *s, uint32_t bits)
{
    int ch;

    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        uint32_t cfg_c = s->regs[CH_REG(RX_CFG_C, ch)];

        if (!(bits & INT_BIT_DMA_RX(ch))) {
            continue;
        }
        if (FIELD_EX32(cfg_c, RX_CFG_C, TOP_INT_EN_AUTO_CLR)) {
            s->int_en &= ~INT_BIT_DMA_RX(ch);
        }
        if (FIELD_EX32(cfg_c, RX_CFG_C, DMA_INT_STS_AUTO_CLR)) {
            s->regs[R_DMAC_INT_STS] &= ~DMAC_INT_RXFRM(ch);
        }
    }
    for (ch = 0; ch < s->tx_channels; ch++) {
        uint32_t cfg_c = s->regs[CH_REG(TX_CFG_C, ch)];

        if (!(bits & INT_BIT_DMA_TX(ch))) {
            continue;
        }
        if (FIELD_EX32(cfg_c, TX_CFG_C, TOP_INT_EN_AUTO_CLR)) {
            s->int_en &= ~INT_BIT_DMA_TX(ch);
        }
        if (FIELD_EX32(cfg_c, TX_CFG_C, DMA_INT_STS_AUTO_CLR)) {
            s->regs[R_DMAC_INT_STS] &= ~DMAC_INT_TX_IOC(ch);
        }
        if (FIELD_EX32(cfg_c, TX_CFG_C, DMA_INT_EN_AUTO_CLR)) {
            s->regs[R_DMAC_INT_EN_SET] &= ~DMAC_INT_TX_IOC(ch);
        }
    }
}

/*
 * Recompute the interrupt outputs.  Called at the end of every state
 * change.  MSI-X and MSI are edge-triggered: a message goes out when the
 * level of a vector rises (master enable, vector enable and an enabled
 * pending source mapped to it).  INTx is a level (gated by MAS only, as
 * the driver does not use vector enables in legacy mode).
 */
void lan743x_update_irq(LAN743xState *s)
{
    PCIDevice *d = lan743x_pci(s);
    bool mas = s->int_en & INT_BIT_MAS;
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int64_t next = INT64_MAX;
    uint32_t active = lan743x_int_sources(s) & s->int_en & ~INT_BIT_MAS;
    uint32_t level = 0, postponed = 0;
    uint32_t vec_bits[LAN743X_MSIX_VECTORS_MAX] = { 0 };
    int bit, v;

    if (unlikely(s->fault == LAN743X_FAULT_DEAD)) {
        lan743x_fault_dead_irq(s);
        return;
    }
    if (msix_enabled(d)) {
        for (bit = 1; bit < 32; bit++) {
            if (active & BIT(bit)) {
                v = lan743x_int_vector(s, bit);
                vec_bits[v] |= BIT(bit);
            }
        }
        for (v = 0; v < s->msix_max; v++) {
            if (mas && (s->vec_en & BIT(v)) && vec_bits[v]) {
                level |= BIT(v);
            }
        }
        for (v = 0; v < s->msix_max; v++) {
            /* no table entry beyond x-msix-vectors: nothing to raise */
            if (!(level & BIT(v)) || (s->vec_level & BIT(v)) ||
                v >= s->msix_vectors) {
                continue;
            }
            if (!lan743x_mod_ready(s, vec_bits[v], now, &next)) {
                postponed |= BIT(v);
                continue;
            }
            trace_lan743x_irq_msix(v, vec_bits[v]);
            if (s->regs[R_INT_VEC_EN_AUTO_CLR] & BIT(v)) {
                s->vec_en &= ~BIT(v);
            }
            lan743x_mod_start(s, vec_bits[v], now);
            lan743x_int_fired(s, vec_bits[v]);
            msix_notify(d, v);
            if (unlikely(s->fault)) {
                lan743x_fault_irq_out(s);
            }
        }
        /* Levels after the auto-clears, for the next edge */
        active = lan743x_int_sources(s) & s->int_en & ~INT_BIT_MAS;
        memset(vec_bits, 0, sizeof(vec_bits));
        for (bit = 1; bit < 32; bit++) {
            if (active & BIT(bit)) {
                vec_bits[lan743x_int_vector(s, bit)] |= BIT(bit);
            }
        }
        level = 0;
        for (v = 0; v < s->msix_max; v++) {
            if (mas && (s->vec_en & BIT(v)) && vec_bits[v]) {
                level |= BIT(v);
            }
        }
        s->vec_level = level & ~postponed;
        s->msi_level = 0;
        if (s->intx_level) {
            s->intx_level = 0;
            pci_set_irq(d, 0);
        }
    } else if (msi_enabled(d)) {
        bool up = mas && (s->vec_en & BIT(0)) && active;

        s->vec_level = 0;
        if (up && !s->msi_level) {
            if (!lan743x_mod_ready(s, active, now, &next)) {
                up = false;
            } else {
                trace_lan743x_irq_msi(active);
                if (s->regs[R_INT_VEC_EN_AUTO_CLR] & BIT(0)) {
                    s->vec_en &= ~BIT(0);
                }
                lan743x_mod_start(s, active, now);
                lan743x_int_fired(s, active);
                msi_notify(d, 0);
                if (unlikely(s->fault)) {
                    lan743x_fault_irq_out(s);
                }
                active = lan743x_int_sources(s) & s->int_en & ~INT_BIT_MAS;
                up = mas && (s->vec_en & BIT(0)) && active;
            }
        }
        s->msi_level = up;
        if (s->intx_level) {
            s->intx_level = 0;
            pci_set_irq(d, 0);
        }
    } else {
        s->vec_level = 0;
        s->msi_level = 0;
        level = mas && active;
        if (level && !s->intx_level) {
            if (!lan743x_mod_ready(s, active, now, &next)) {
                level = 0;
            } else {
                lan743x_mod_start(s, active, now);
                lan743x_int_fired(s, active);
                active = lan743x_int_sources(s) & s->int_en & ~INT_BIT_MAS;
                level = mas && active;
            }
        }
        if (level != s->intx_level) {
            trace_lan743x_irq_intx(level);
            s->intx_level = level;
            pci_set_irq(d, level);
            if (unlikely(s->fault) && level) {
                lan743x_fault_irq_out(s);
            }
        }
    }

    if (next != INT64_MAX) {
        lan743x_timer_arm(s->mod_timer, next);
    }
}

static void lan743x_mod_timer_cb(void *opaque)
{
    lan743x_update_irq(opaque);
}

/* ------------------------------------------------------------------ */
/* Reset                                                               */
/* ------------------------------------------------------------------ */

static void lan743x_load_macaddr(LAN743xState *s)
{
    const uint8_t *m = s->conf.macaddr.a;

    s->regs[R_MAC_RX_ADDRL] = ldl_le_p(m);
    s->regs[R_MAC_RX_ADDRH] = lduw_le_p(m + 4);
}

/* Cold values of the CSRs (light reset and PCI reset) */
static void lan743x_csr_reset(LAN743xState *s)
{
    static const uint8_t default_key[RFE_HASH_KEY_DWORDS * 4] = {
        /* The well-known Toeplitz verification key */
        0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2,
        0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3, 0x8f, 0xb0,
        0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4,
        0x77, 0xcb, 0x2d, 0xa3, 0x80, 0x30, 0xf2, 0x0c,
        0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
    };
    int i;

    memset(s->regs, 0, sizeof(s->regs));
    memset(s->rfe_ram, 0, sizeof(s->rfe_ram));
    /* B0: 0x0010 on a LAN743x, 0x00b0 on a PCI11x1x */
    s->regs[R_ID_REV] = ((uint32_t)s->device_id << 16) |
                        (s->is_a0 ? 0x0000 : s->pci11x1x ? 0x00b0 : 0x0010);
    s->regs[R_PMT_CTL] = R_PMT_CTL_READY_MASK;
    s->regs[R_OTP_PWR_DN] = R_OTP_PWR_DN_PWRDN_N_MASK;
    s->regs[R_DP_SEL] = R_DP_SEL_DPRDY_MASK;
    s->regs[R_MAC_RX] = FIELD_DP32(R_MAC_RX_RXD_MASK, MAC_RX, MAX_SIZE,
                                   1518);
    s->regs[R_MAC_TX] = R_MAC_TX_TXD_MASK;
    /* The LAN7431's MII/RGMII strap, latched at reset */
    s->regs[R_MAC_CR] = FIELD_DP32(0, MAC_CR, MII_EN, s->strap_mii);
    lan743x_lpi_reset_stats(s);
    lan743x_lpi_update(s);
    for (i = 0; i < RFE_HASH_KEY_DWORDS; i++) {
        s->regs[R_RFE_HASH_KEY0 + i] = ldl_le_p(default_key + 4 * i);
    }
    /* Spread the indirection table over the 4 RX channels */
    for (i = 0; i < RFE_INDX_DWORDS; i++) {
        s->regs[R_RFE_INDX0 + i] = 0x03020100;
    }
    lan743x_load_macaddr(s);

    s->int_latch = 0;
    s->int_en = 0;
    s->vec_en = 0;
    memset(s->mod_deadline, 0, sizeof(s->mod_deadline));
    if (s->mod_timer) {
        timer_del(s->mod_timer);
    }
    for (i = 0; i < LAN743X_RX_CHANNELS; i++) {
        lan743x_rx_fifo_flush(s, i);
    }
    s->pause_sent = false;
    s->tx_pause_end = 0;
    s->tx_wire_bytes = 0;
    lan743x_ptp_set(s, 0, 0);
    s->ptp_tx_count = 0;
    if (s->device_id == 0x7430) {
        /* a board's EEPROM enables the PHY's four LEDs on their pins */
        s->regs[R_HW_CFG] = FIELD_DP32(0, HW_CFG, LED_EN, 0xf);
    }
    lan743x_ptp_io_reset(s);
    lan743x_pcs_reset(s);
    lan743x_nvm_reset(s);
    lan743x_phy_reset(s);
}

void lan743x_reset(DeviceState *dev)
{
    LAN743xState *s = LAN743X(dev);
    uint32_t wk_src = s->regs[R_MAC_WK_SRC];
    uint32_t wucsr = s->regs[R_MAC_WUCSR] & MAC_WUCSR_STATUS_MASK;
    uint32_t wups = s->regs[R_PMT_CTL] & R_PMT_CTL_WUPS_MASK;
    uint32_t hw_cfg = s->regs[R_HW_CFG];
    /*
     * The PCI11x1x in D3hot whose driver set HW_CFG's D3 reset disable
     * (with the reset protections, before D3) keeps HW_CFG through the
     * resets of a system that wakes from S3 (inferred: the Linux driver
     * saves HW_CFG before setting them and writes it back at resume)
     */
    bool keep_hw_cfg = s->pci11x1x && lan743x_in_d3(s) &&
                       FIELD_EX32(hw_cfg, HW_CFG, D3_RESET_DIS);

    lan743x_csr_reset(s);
    if (keep_hw_cfg) {
        s->regs[R_HW_CFG] = hw_cfg;
    }
    if (s->wol_woke) {
        /*
         * QEMU resets every device when it wakes a suspended guest; the
         * chip, powered through S3, keeps what woke it for the driver
         */
        s->regs[R_MAC_WK_SRC] = wk_src;
        s->regs[R_MAC_WUCSR] = wucsr;
        s->regs[R_PMT_CTL] |= wups;
        s->wol_woke = false;
    }
    /*
     * QEMU may hold frames for us: those that came while the guest was
     * suspended (it delivers none then), before the reset that wakes it
     */
    s->rx_refused = true;
    s->vec_level = 0;
    s->msi_level = 0;
    s->intx_level = 0;
    s->eeprom_wen = false;      /* the EEPROM and OTP keep their contents */
    pci_set_irq(lan743x_pci(s), 0);
    if (s->gen) {
        lan743x_gen_reset(s->gen);
    }
    s->fault = LAN743X_FAULT_NONE;
    s->fault_arg = 0;
    s->fault_left = 0;
    s->fault_fired = 0;
    s->fault_chain = false;
    lan743x_fault_reset(s);
}

/* ------------------------------------------------------------------ */
/* Register access                                                     */
/* ------------------------------------------------------------------ */

/* Set the vector enable of the vector a source is mapped to */
void lan743x_vec_enable_for(LAN743xState *s, uint32_t bit)
{
    s->vec_en |= BIT(lan743x_int_vector(s, ctz32(bit)));
}

static uint32_t lan743x_int_r2c(LAN743xState *s)
{
    uint32_t sts = lan743x_int_sts(s);
    int ch;

    /*
     * The software interrupt (SW_GP) stays latched until INT_STS is
     * written: Debian's 5.10 driver, which opens real B0 chips, reads
     * INT_STS_R2C in its handler and then INT_STS again, and counts the
     * interrupt self-test of every open as passed only if SW_GP is still
     * set there (lan743x_intr_software_isr).  Later drivers mask SW_GP
     * (INT_EN_CLR) in the handler, so a latched SW_GP stays quiet.
     */
    s->int_latch &= ~(sts & ~INT_BIT_SW_GP);
    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        uint32_t cfg_c = s->regs[CH_REG(RX_CFG_C, ch)];

        if (!(sts & INT_BIT_DMA_RX(ch))) {
            continue;
        }
        if (FIELD_EX32(cfg_c, RX_CFG_C, R2C_MODE)) {
            s->regs[R_DMAC_INT_STS] &= ~DMAC_INT_RXFRM(ch);
        }
        if (FIELD_EX32(cfg_c, RX_CFG_C, INT_EN_R2C)) {
            s->int_en &= ~INT_BIT_DMA_RX(ch);
        }
    }
    for (ch = 0; ch < s->tx_channels; ch++) {
        uint32_t cfg_c = s->regs[CH_REG(TX_CFG_C, ch)];

        if (!(sts & INT_BIT_DMA_TX(ch))) {
            continue;
        }
        if (FIELD_EX32(cfg_c, TX_CFG_C, R2C_MODE)) {
            s->regs[R_DMAC_INT_STS] &= ~DMAC_INT_TX_IOC(ch);
        }
        if (FIELD_EX32(cfg_c, TX_CFG_C, INT_EN_R2C)) {
            s->int_en &= ~INT_BIT_DMA_TX(ch);
        }
    }
    return sts;
}

static bool lan743x_is_lpi_stat(unsigned idx)
{
    return idx == R_STAT_EEE_RX_LPI_TRANSITIONS ||
           idx == R_STAT_EEE_RX_LPI_TIME ||
           idx == R_STAT_EEE_TX_LPI_TRANSITIONS ||
           idx == R_STAT_EEE_TX_LPI_TIME;
}

static uint64_t lan743x_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    LAN743xState *s = opaque;
    unsigned idx = addr >> 2;
    uint32_t val;

    if (unlikely(s->faults) && lan743x_fault_mmio_read(s, addr, &val)) {
        trace_lan743x_mmio_read(addr, lan743x_reg_name(addr), val);
        return val;
    }
    if (unlikely(s->gen) && lan743x_gen_read(s->gen, addr, &val)) {
        return val;
    }
    if (unlikely(s->pci11x1x) && lan743x_pcs_read(s, addr, &val)) {
        trace_lan743x_mmio_read(addr, lan743x_reg_name(addr), val);
        return val;
    }
    switch (idx) {
    case R_INT_STS:
        val = lan743x_int_sts(s);
        break;
    case R_INT_STS_R2C:
        val = lan743x_int_r2c(s);
        lan743x_update_irq(s);
        break;
    case R_INT_EN_SET:
    case R_INT_EN_CLR:
        val = s->int_en;
        break;
    case R_INT_VEC_EN_SET:
    case R_INT_VEC_EN_CLR:
        val = s->vec_en;
        break;
    case R_INT_SET:
        val = 0;
        break;
    case R_DMAC_INT_EN_CLR:
        val = s->regs[R_DMAC_INT_EN_SET];
        break;
    case R_PTP_INT_EN_CLR:
        val = s->regs[R_PTP_INT_EN_SET];
        break;
    case R_PTP_CAP_INFO:
        val = FIELD_DP32(0, PTP_CAP_INFO, TX_TS_CNT, s->ptp_tx_count);
        break;
    case R_PTP_IO_RE_LTC_SEC_CAP_X ... R_PTP_IO_FE_LTC_NS_CAP_X:
        val = s->pci11x1x ? lan743x_ptp_cap_read(s, idx) : s->regs[idx];
        break;
    case R_PTP_TX_EGRESS_SEC:       /* the oldest TX timestamp, if any */
        val = s->ptp_tx_count ? s->ptp_tx_sec[0] : 0;
        break;
    case R_PTP_TX_EGRESS_NS:
        val = s->ptp_tx_count ? s->ptp_tx_ns[0] : 0;
        break;
    case R_PTP_TX_MSG_HEADER:
        val = s->ptp_tx_count ? s->ptp_tx_hdr[0] : 0;
        break;
    case R_E2P_DATA:
        val = s->regs[idx] & 0xff;
        break;
    case R_STAT_EEE_RX_LPI_TRANSITIONS:
    case R_STAT_EEE_RX_LPI_TIME:
    case R_STAT_EEE_TX_LPI_TRANSITIONS:
    case R_STAT_EEE_TX_LPI_TIME:
        val = lan743x_lpi_stat(s, idx);
        break;
    default:
        val = s->regs[idx];
        break;
    }
    trace_lan743x_mmio_read(addr, lan743x_reg_name(addr), val);
    return val;
}

static void lan743x_mmio_write(void *opaque, hwaddr addr, uint64_t val64,
                               unsigned size)
{
    LAN743xState *s = opaque;
    unsigned idx = addr >> 2;
    uint32_t val = val64;
    bool kick_rx = false;
    int ch;

    trace_lan743x_mmio_write(addr, lan743x_reg_name(addr), val);

    if (unlikely(s->faults) && lan743x_fault_mmio_write(s, addr, val)) {
        lan743x_update_irq(s);
        return;
    }
    if (unlikely(s->gen) && lan743x_gen_write(s->gen, addr, val)) {
        return;
    }
    if (unlikely(s->pci11x1x) && lan743x_pcs_write(s, addr, val)) {
        lan743x_rx_kick(s);     /* the SerDes may carry frames again */
        lan743x_update_irq(s);
        return;
    }
    if (addr >= A_RX_CFG_A && addr < A_RX_CFG_A + 0x40 * LAN743X_RX_CHANNELS) {
        ch = (addr - A_RX_CFG_A) / 0x40;
        lan743x_write_rx_chan(s, ch, idx - CH_REG(RX_CFG_A, ch), val);
        lan743x_update_irq(s);
        return;
    }
    if (addr >= A_TX_CFG_A && addr < A_TX_CFG_A + 0x40 * s->tx_channels) {
        ch = (addr - A_TX_CFG_A) / 0x40;
        lan743x_write_tx_chan(s, ch, idx - CH_REG(TX_CFG_A, ch), val);
        lan743x_update_irq(s);
        return;
    }
    if (addr >= STAT_FIRST && addr <= STAT_LAST) {
        /* counters are writable (e.g. to clear) */
        if (lan743x_is_lpi_stat(idx)) {
            lan743x_lpi_stat_write(s, idx, val);
        } else {
            s->regs[idx] = val;
        }
        return;
    }

    switch (idx) {
    case R_ID_REV:
    case R_FPGA_REV:
    case R_STRAP_READ:
    case R_OTP_STATUS:
    case R_OTP_READ_DATA:
    case R_PTP_CAP_INFO:
    case R_PTP_TX_EGRESS_SEC:
    case R_PTP_TX_EGRESS_NS:
    case R_PTP_TX_MSG_HEADER:
        qemu_log_mask(LOG_GUEST_ERROR, "lan743x: write to read-only "
                      "register 0x%" HWADDR_PRIx "\n", addr);
        break;
    case R_HW_CFG:
        if (FIELD_EX32(val, HW_CFG, LRST)) {
            /* Light reset: everything but PCI; completes at once */
            lan743x_csr_reset(s);
            s->regs[R_HW_CFG] = val & ~R_HW_CFG_LRST_MASK;
        } else {
            lan743x_ptp_io_write(s, idx, val);
        }
        break;
    case R_GPIO_CFG0 ... R_GPIO_CFG3:
    case R_PTP_GENERAL_CONFIG:
    case R_PTP_IO_EVENT_OUTPUT_CFG:
    case R_PTP_IO_PIN_CFG:
    case R_PTP_CLOCK_TARGET_SEC_A ... R_PTP_CLOCK_TARGET_SEC_A + 7:
        lan743x_ptp_io_write(s, idx, val);
        break;
    case R_PMT_CTL:
        if (FIELD_EX32(val, PMT_CTL, ETH_PHY_RST)) {
            lan743x_phy_reset(s);
        }
        s->regs[R_PMT_CTL] = (val & ~(R_PMT_CTL_ETH_PHY_RST_MASK |
                                      R_PMT_CTL_WUPS_MASK)) |
                             (s->regs[R_PMT_CTL] & R_PMT_CTL_WUPS_MASK &
                              ~val) | R_PMT_CTL_READY_MASK;
        break;
    case R_DP_SEL:
        s->regs[R_DP_SEL] = (val & R_DP_SEL_SEL_MASK) | R_DP_SEL_DPRDY_MASK;
        break;
    case R_DP_CMD:
        if ((val & R_DP_CMD_WRITE_MASK) &&
            FIELD_EX32(s->regs[R_DP_SEL], DP_SEL, SEL) == 1) {
            s->rfe_ram[s->regs[R_DP_ADDR] % LAN743X_RFE_RAM_SIZE] =
                s->regs[R_DP_DATA_0];
        }
        break;
    case R_E2P_CMD:
    case R_OTP_CMD_GO:
        if (s->pci11x1x) {
            /* its memories are behind the system block's controllers */
            qemu_log_mask(LOG_GUEST_ERROR, "lan743x: PCI11x1x: no %s at "
                          "0x%" HWADDR_PRIx "\n",
                          idx == R_E2P_CMD ? "EEPROM" : "OTP", addr);
        } else if (idx == R_E2P_CMD) {
            lan743x_e2p_command(s, val);
        } else {
            lan743x_otp_go(s, &s->regs[R_OTP_PWR_DN], val);
        }
        break;
    case R_FCT_RX_CTL:
        lan743x_fct_write(s, idx, val, LAN743X_RX_CHANNELS);
        kick_rx = true;
        break;
    case R_FCT_TX_CTL:
        lan743x_fct_write(s, idx, val, s->tx_channels);
        for (ch = 0; ch < s->tx_channels; ch++) {
            lan743x_tx_process(s, ch);
        }
        break;
    case R_MAC_CR:
        if (FIELD_EX32(val, MAC_CR, CNTR_RST)) {
            lan743x_lpi_reset_stats(s);
            memset(&s->regs[STAT_FIRST / 4], 0, STAT_LAST + 4 - STAT_FIRST);
        }
        s->regs[R_MAC_CR] = val & ~(R_MAC_CR_RST_MASK | R_MAC_CR_CNTR_RST_MASK);
        lan743x_lpi_update(s);
        break;
    case R_MAC_EEE_TX_LPI_REQ_DLY_CNT:
        s->regs[idx] = val;
        lan743x_lpi_update(s);
        break;
    case R_MAC_RX: {
        uint32_t old = s->regs[R_MAC_RX];
        uint32_t new = val & ~R_MAC_RX_RXD_MASK;

        /* FSE may only change while the receiver is disabled */
        if (FIELD_EX32(old, MAC_RX, RXEN) && FIELD_EX32(val, MAC_RX, RXEN)) {
            new = FIELD_DP32(new, MAC_RX, FSE, FIELD_EX32(old, MAC_RX, FSE));
        }
        /* RXD: write 1 to clear; set when the receiver is disabled */
        if (FIELD_EX32(old, MAC_RX, RXD) && !FIELD_EX32(val, MAC_RX, RXD)) {
            new |= R_MAC_RX_RXD_MASK;
        }
        if (!FIELD_EX32(val, MAC_RX, RXEN) && !FIELD_EX32(val, MAC_RX, RXD)) {
            new |= R_MAC_RX_RXD_MASK;
        }
        s->regs[R_MAC_RX] = new;
        kick_rx = FIELD_EX32(new, MAC_RX, RXEN);
        break;
    }
    case R_MAC_TX: {
        uint32_t old = s->regs[R_MAC_TX];
        uint32_t new = val & ~R_MAC_TX_TXD_MASK;

        if (FIELD_EX32(old, MAC_TX, TXD) && !FIELD_EX32(val, MAC_TX, TXD)) {
            new |= R_MAC_TX_TXD_MASK;
        }
        if (!FIELD_EX32(val, MAC_TX, TXEN) && !FIELD_EX32(val, MAC_TX, TXD)) {
            new |= R_MAC_TX_TXD_MASK;
        }
        s->regs[R_MAC_TX] = new;
        lan743x_lpi_update(s);
        if (FIELD_EX32(new, MAC_TX, TXEN)) {
            for (ch = 0; ch < s->tx_channels; ch++) {
                lan743x_tx_process(s, ch);
            }
        }
        break;
    }
    case R_MAC_MII_ACC:
        if (FIELD_EX32(val, MAC_MII_ACC, BUSY)) {
            lan743x_mii_access(s, val);
        } else {
            s->regs[R_MAC_MII_ACC] = val;
        }
        break;
    case R_MAC_MII_DATA:
        s->regs[R_MAC_MII_DATA] = val & 0xffff;
        break;
    case R_MAC_WK_SRC:
        s->regs[R_MAC_WK_SRC] &= ~val;
        break;
    case R_MAC_WUCSR:           /* status bits: write 1 to clear */
        s->regs[R_MAC_WUCSR] = (val & ~MAC_WUCSR_STATUS_MASK) |
                               (s->regs[R_MAC_WUCSR] &
                                MAC_WUCSR_STATUS_MASK & ~val);
        break;
    case R_INT_STS:
        s->int_latch &= ~val;
        break;
    case R_INT_SET:
        s->int_latch |= val & ~INT_BIT_MAS;
        break;
    case R_INT_EN_SET:
        s->int_en |= val;
        break;
    case R_INT_EN_CLR:
        s->int_en &= ~val;
        break;
    case R_INT_STS_R2C:
        s->int_latch &= ~val;
        break;
    case R_INT_VEC_EN_SET:
        s->vec_en |= val & MAKE_64BIT_MASK(0, s->msix_max);
        break;
    case R_INT_VEC_EN_CLR:
        s->vec_en &= ~val;
        break;
    case R_PTP_CMD_CTL:
        lan743x_ptp_command(s, val);
        break;
    case R_PTP_INT_STS:
        lan743x_ptp_int_clear(s, val);
        break;
    case R_PTP_CLOCK_RATE_ADJ:
        lan743x_ptp_rate(s, val);
        break;
    case R_PTP_INT_EN_SET:
        s->regs[R_PTP_INT_EN_SET] |= val;
        break;
    case R_PTP_INT_EN_CLR:
        s->regs[R_PTP_INT_EN_SET] &= ~val;
        break;
    case R_DMAC_CMD:
        lan743x_dmac_command(s, val);
        kick_rx = true;
        break;
    case R_DMAC_INT_STS:
        s->regs[R_DMAC_INT_STS] &= ~val;
        break;
    case R_DMAC_INT_EN_SET:
        s->regs[R_DMAC_INT_EN_SET] |= val;
        break;
    case R_DMAC_INT_EN_CLR:
        s->regs[R_DMAC_INT_EN_SET] &= ~val;
        break;
    case R_MAC_FLOW:
    case R_FCT_FLOW0 ... R_FCT_FLOW0 + LAN743X_RX_CHANNELS - 1:
        s->regs[idx] = val;
        kick_rx = true;         /* a pause may have to start or end */
        break;
    default:
        s->regs[idx] = val;
        break;
    }

    if (kick_rx) {
        lan743x_rx_kick(s);
    }
    lan743x_update_irq(s);
}

static const MemoryRegionOps lan743x_mmio_ops = {
    .read = lan743x_mmio_read,
    .write = lan743x_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

/* ------------------------------------------------------------------ */
/* PCI glue                                                            */
/* ------------------------------------------------------------------ */

static void lan743x_write_config(PCIDevice *d, uint32_t addr, uint32_t val,
                                 int len)
{
    LAN743xState *s = LAN743X(d);

    pci_default_write_config(d, addr, val, len);
    /* the AER error log follows the status registers the guest clears */
    pcie_aer_write_config(d, addr, val, len);
    if (range_covers_byte(addr, len, PCI_COMMAND) &&
        (d->config[PCI_COMMAND] & PCI_COMMAND_MASTER)) {
        lan743x_rx_kick(s);
    }
    /* MSI/MSI-X may have been switched on or off */
    lan743x_update_irq(s);
}

static NetClientInfo net_lan743x_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .can_receive = lan743x_can_receive,
    .receive = lan743x_receive_phy,
    .link_status_changed = lan743x_set_link_status,
};

static void lan743x_add_pm_capability(PCIDevice *d, Error **errp)
{
    if (pci_add_capability(d, PCI_CAP_ID_PM, LAN743X_PM_OFFSET,
                           PCI_PM_SIZEOF, errp) < 0) {
        return;
    }
    pci_set_word(d->config + LAN743X_PM_OFFSET + PCI_PM_PMC,
                 0x3 | PCI_PM_CAP_PME_D3hot | PCI_PM_CAP_PME_D0);
    pci_set_word(d->wmask + LAN743X_PM_OFFSET + PCI_PM_CTRL,
                 PCI_PM_CTRL_STATE_MASK | PCI_PM_CTRL_PME_ENABLE);
    pci_set_word(d->w1cmask + LAN743X_PM_OFFSET + PCI_PM_CTRL,
                 PCI_PM_CTRL_PME_STATUS);
}

/* The chips the model is, by name (property chip) and PCI device ID */
static const struct {
    const char *name;
    uint16_t id;
} lan743x_chips[] = {
    { "lan7430", 0x7430 },
    { "lan7431", 0x7431 },
    { "pci11010", 0xa011 },
    { "pci11414", 0xa041 },
};

/* chip= and device-id=: the chip's identity, and with it its family */
static bool lan743x_chip_realize(LAN743xState *s, Error **errp)
{
    int i, n = ARRAY_SIZE(lan743x_chips);

    if (s->chip) {
        for (i = 0; i < n && strcasecmp(s->chip, lan743x_chips[i].name); i++) {
        }
        if (i == n) {
            error_setg(errp, "lan743x: chip must be lan7430, lan7431, "
                       "pci11010 or pci11414");
            return false;
        }
        if (s->device_id != 0x7430 && s->device_id != lan743x_chips[i].id) {
            error_setg(errp, "lan743x: chip=%s and device-id=0x%04x disagree",
                       s->chip, s->device_id);
            return false;
        }
        s->device_id = lan743x_chips[i].id;
    }
    for (i = 0; i < n && s->device_id != lan743x_chips[i].id; i++) {
    }
    if (i == n) {
        error_setg(errp, "lan743x: device-id must be 0x7430, 0x7431, "
                   "0xa011 or 0xa041");
        return false;
    }
    s->pci11x1x = (s->device_id & 0xff00) == 0xa000;
    s->tx_channels = s->pci11x1x ? LAN743X_TX_CHANNELS_MAX : 1;
    s->msix_max = s->pci11x1x ? PCI11X1X_MSIX_VECTORS : LAN743X_MSIX_VECTORS;
    return lan743x_pcs_realize(s, errp);
}

static void lan743x_realize(PCIDevice *d, Error **errp)
{
    LAN743xState *s = LAN743X(d);
    NetClientState *nc;
    bool full;
    int i;

    if (!lan743x_chip_realize(s, errp)) {
        return;
    }
    if (s->device_id == 0x7430 &&
        (!s->phy_present || s->strap_mii || s->phy_addr != LAN743X_PHY_ADDR)) {
        error_setg(errp, "lan743x: the LAN7430's PHY is internal: "
                   "phy=off, phy-addr and strap-mii are for device-id=0x7431");
        return;
    }
    if (s->phy_addr > 31) {
        error_setg(errp, "lan743x: phy-addr must be 0 to 31");
        return;
    }
    if (!s->revision || !strcasecmp(s->revision, "b0")) {
        s->is_a0 = false;
    } else if (!strcasecmp(s->revision, "a0") && !s->pci11x1x) {
        s->is_a0 = true;
    } else {
        error_setg(errp, "lan743x: revision must be a0 or b0 (PCI11x1x: b0)");
        return;
    }
    if (!s->msix_vectors) {
        s->msix_vectors = s->msix_max;  /* the chip's table */
    }
    if (s->msix_vectors < 1 || s->msix_vectors > s->msix_max) {
        error_setg(errp, "lan743x: x-msix-vectors must be 1 to %u",
                   s->msix_max);
        return;
    }
    if (s->cable && (lan743x_cable_end(s->cable, &full), full)) {
        error_setg(errp, "lan743x: x-cable %s already joins two chips",
                   s->cable);
        return;
    }
    if (!lan743x_nvm_realize(s, errp)) {
        return;
    }

    pci_set_word(d->config + PCI_DEVICE_ID, s->device_id);
    pci_set_word(d->config + PCI_SUBSYSTEM_VENDOR_ID, PCI_VENDOR_ID_LAN743X);
    pci_set_word(d->config + PCI_SUBSYSTEM_ID, s->device_id);
    /* a PCI11x1x's revision ID is not in our references: ID_REV's */
    d->config[PCI_REVISION_ID] = s->is_a0 ? 0x00 : s->pci11x1x ? 0xb0 : 0x11;
    d->config[PCI_INTERRUPT_PIN] = 1;            /* INTA# */
    d->config[PCI_CACHE_LINE_SIZE] = 0x10;

    memory_region_init_io(&s->mmio, OBJECT(s), &lan743x_mmio_ops, s,
                          "lan743x-mmio", s->pci11x1x ? PCI11X1X_MMIO_SIZE :
                          LAN743X_MMIO_SIZE);
    pci_register_bar(d, 0, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->mmio);
    memory_region_init(&s->msix_table_bar, OBJECT(s), "lan743x-msix-table",
                       LAN743X_MSIX_BAR_SIZE);
    pci_register_bar(d, 2, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->msix_table_bar);
    memory_region_init(&s->msix_pba_bar, OBJECT(s), "lan743x-msix-pba",
                       LAN743X_MSIX_BAR_SIZE);
    pci_register_bar(d, 4, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->msix_pba_bar);

    lan743x_add_pm_capability(d, errp);
    if (*errp) {
        goto err_msi;           /* (no MSI yet: msi_uninit() does nothing) */
    }
    if (s->msi && msi_init(d, LAN743X_MSI_OFFSET, 1, true, true, errp) < 0) {
        goto err_msi;
    }
    if (pcie_endpoint_cap_init(d, LAN743X_PCIE_OFFSET) < 0) {
        error_setg(errp, "lan743x: failed to add the PCIe capability");
        goto err_msi;
    }
    /* Device Control's error reporting enables, which AER messages need */
    pcie_cap_deverr_init(d);
    /*
     * Advanced Error Reporting, as the chip has: the target of QEMU's
     * pcie_aer_inject_error (HMP), reported to the root port above.
     */
    if (pcie_aer_init(d, PCI_ERR_VER, LAN743X_AER_OFFSET, PCI_ERR_SIZEOF,
                      errp) < 0) {
        goto err_pcie;
    }
    if (s->msix) {
        if (msix_init(d, s->msix_vectors, &s->msix_table_bar, 2, 0,
                      &s->msix_pba_bar, 4, 0, LAN743X_MSIX_OFFSET,
                      errp) < 0) {
            goto err_aer;
        }
        for (i = 0; i < s->msix_vectors; i++) {
            msix_vector_use(d, i);
        }
    }

    s->mod_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, lan743x_mod_timer_cb, s);
    s->rx_wire_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                    lan743x_rx_wire_timer_cb, s);
    s->tx_wire_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                    lan743x_tx_wire_timer_cb, s);
    s->wol_timer = timer_new_ms(QEMU_CLOCK_REALTIME, lan743x_wol_timer_cb, s);
    s->suspend_notifier.notify = lan743x_wol_suspend;
    qemu_register_suspend_notifier(&s->suspend_notifier);
    s->phy_an_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                   lan743x_phy_an_timer_cb, s);
    s->ptp_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, lan743x_ptp_timer_cb, s);
    lan743x_fault_realize(s);
    for (i = 0; i < LAN743X_RX_CHANNELS; i++) {
        QSIMPLEQ_INIT(&s->rx_fifo[i]);
    }
    if (s->gen_on) {
        s->gen = lan743x_gen_new(&lan743x_gen_ops, s);
    }
    s->rx_buf = g_malloc(LAN743X_MAX_FRAME + 64);
    s->tx_buf = g_malloc(LAN743X_TX_BUF_SIZE);
    s->tx_seg = g_malloc(LAN743X_TX_BUF_SIZE);

    qemu_macaddr_default_if_unset(&s->conf.macaddr);
    s->nic = qemu_new_nic(&net_lan743x_info, &s->conf,
                          object_get_typename(OBJECT(s)), DEVICE(s)->id,
                          &DEVICE(s)->mem_reentrancy_guard, s);
    qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);
    nc = qemu_get_queue(s->nic);
    if (s->vnet && nc->peer && qemu_has_vnet_hdr(nc->peer)) {
        /* Lets a tap peer segment our TSO frames (as e1000e does) */
        qemu_set_vnet_hdr_len(nc->peer, sizeof(struct virtio_net_hdr));
        qemu_using_vnet_hdr(nc->peer, true);
        s->has_vnet = true;
    }
    lan743x_cable_join(s);
    lan743x_reset(DEVICE(s));
    return;

err_aer:
    pcie_aer_exit(d);
err_pcie:
    pcie_cap_exit(d);
err_msi:
    msi_uninit(d);
    lan743x_nvm_exit(s);
}

static void lan743x_exit(PCIDevice *d)
{
    LAN743xState *s = LAN743X(d);
    int i;

    timer_free(s->mod_timer);
    timer_free(s->rx_wire_timer);
    timer_free(s->tx_wire_timer);
    if (s->gen) {
        lan743x_gen_free(s->gen);
    }
    lan743x_cable_leave(s);
    timer_free(s->phy_an_timer);
    timer_free(s->ptp_timer);
    lan743x_fault_exit(s);
    notifier_remove(&s->suspend_notifier);
    timer_free(s->wol_timer);
    for (i = 0; i < LAN743X_RX_CHANNELS; i++) {
        lan743x_rx_fifo_flush(s, i);
    }
    qemu_del_nic(s->nic);
    if (s->msix) {
        msix_unuse_all_vectors(d);
        msix_uninit(d, &s->msix_table_bar, &s->msix_pba_bar);
    }
    pcie_aer_exit(d);
    pcie_cap_exit(d);
    msi_uninit(d);
    g_free(s->rx_buf);
    g_free(s->tx_buf);
    g_free(s->tx_seg);
    lan743x_nvm_exit(s);
}

static Property lan743x_properties[] = {
    DEFINE_NIC_PROPERTIES(LAN743xState, conf),
    DEFINE_PROP_UINT16("device-id", LAN743xState, device_id, 0x7430),
    DEFINE_PROP_STRING("chip", LAN743xState, chip),
    DEFINE_PROP_STRING("interface", LAN743xState, interface),
    DEFINE_PROP_STRING("revision", LAN743xState, revision),
    DEFINE_PROP_BOOL("msix", LAN743xState, msix, true),
    /* 0: the chip's (8, PCI11x1x 16) */
    DEFINE_PROP_UINT32("x-msix-vectors", LAN743xState, msix_vectors, 0),
    DEFINE_PROP_BOOL("msi", LAN743xState, msi, true),
    DEFINE_PROP_BOOL("x-vnet-hdr", LAN743xState, vnet, true),
    DEFINE_PROP_BOOL("x-pace-wire", LAN743xState, pace_wire, true),
    DEFINE_PROP_UINT32("x-rx-fifo-size", LAN743xState, rx_fifo_size,
                       32 * KiB),
    DEFINE_PROP_UINT32("x-int-mod-unit-ns", LAN743xState, int_mod_unit_ns,
                       1000),
    DEFINE_PROP_BOOL("x-faults", LAN743xState, faults, false),
    DEFINE_PROP_BOOL("x-gen", LAN743xState, gen_on, false),
    DEFINE_PROP_STRING("x-cable", LAN743xState, cable),
    DEFINE_PROP_BOOL("phy", LAN743xState, phy_present, true),
    DEFINE_PROP_BOOL("strap-mii", LAN743xState, strap_mii, false),
    DEFINE_PROP_UINT8("phy-addr", LAN743xState, phy_addr, LAN743X_PHY_ADDR),
    DEFINE_PROP_STRING("x-otp-file", LAN743xState, otp_file),
    DEFINE_PROP_END_OF_LIST(),
};

/* A reset of the function (bus or system): the chip, and the error
 * reporting enables of its config space
 */
static void lan743x_qdev_reset(DeviceState *dev)
{
    pcie_cap_deverr_reset(PCI_DEVICE(dev));
    lan743x_reset(dev);
}

static void lan743x_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    k->realize = lan743x_realize;
    k->exit = lan743x_exit;
    k->config_write = lan743x_write_config;
    k->vendor_id = PCI_VENDOR_ID_LAN743X;
    k->device_id = 0x7430;
    k->revision = 0x11;
    k->class_id = PCI_CLASS_NETWORK_ETHERNET;
    k->romfile = NULL;

    dc->desc = "Microchip LAN7430/LAN7431 PCIe Gigabit Ethernet "
               "(and PCI11010/PCI11414)";
    dc->vmsd = &vmstate_lan743x;
    dc->reset = lan743x_qdev_reset;
    device_class_set_props(dc, lan743x_properties);
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
}

static void lan743x_instance_init(Object *obj)
{
    LAN743xState *s = LAN743X(obj);

    device_add_bootindex_property(obj, &s->conf.bootindex, "bootindex",
                                  "/ethernet-phy@0", DEVICE(obj));
    object_property_add_str(obj, "x-gpio-edges", lan743x_gpio_edges_get,
                            NULL);
    object_property_add_str(obj, "x-dma-state", lan743x_dma_state_get,
                            NULL);
    object_property_add_uint32_ptr(obj, "x-fault", &s->fault,
                                   OBJ_PROP_FLAG_READ);
}

static const TypeInfo lan743x_info = {
    .name = TYPE_LAN743X,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(LAN743xState),
    .instance_init = lan743x_instance_init,
    .class_init = lan743x_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_PCIE_DEVICE },
        { }
    },
};

static void lan743x_register_types(void)
{
    type_register_static(&lan743x_info);
}

type_init(lan743x_register_types)

/*
 * Microchip LAN7430/LAN7431 model: the PHY, its MDIO access, the link
 * and the x-cable
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "hw/net/mii.h"
#include "trace.h"
#include "lan743x_int.h"

/* ------------------------------------------------------------------ */
/* PHY (IEEE 802.3 clause 22, address 1)                               */
/* ------------------------------------------------------------------ */

/*
 * The link, as two 1000BASE-T PHYs on one cable bring it up (802.3
 * clauses 28 and 40).  The partner on the other end of the cable is:
 *  - with x-cable=NAME, the other LAN743x of that x-cable, PHY to PHY (a
 *    third chip naming it is refused).  Until a second chip names it the
 *    cable has one end: no partner, no link;
 *  - without x-cable (a tap, or any other netdev peer), a partner that
 *    takes whatever we do: it autonegotiates, advertising every mode and
 *    both pauses, while we do, and is forced to our speed and duplex while
 *    we are forced.
 * The outcome:
 *  - both autonegotiate: the first mode both advertise of 1000 full, 1000
 *    half, 100 full, 100 half, 10 full, 10 half; ANLPAR and STAT1000 show
 *    what the partner advertised.  At 1000 Mbit/s one end is master
 *    (STAT1000 MS_RES): a manual CTRL1000 setting, else the multiport one,
 *    else (a tie) the chip with the lower MAC address; the partner of a
 *    chip without x-cable takes what that chip does not.  No mode in
 *    common, or both ends manually master or both slave (STAT1000
 *    MS_FAULT): no link;
 *  - one forced to 10 or 100 Mbit/s, the other autonegotiating: the latter
 *    detects the speed (parallel detection) and takes half duplex, with
 *    that technology's bit in ANLPAR and without LP_AN_ABLE in ANER; the
 *    forced end keeps its duplex.  Forced to 1000 Mbit/s: no link
 *    (1000BASE-T has no parallel detection);
 *  - both forced: a link at the same speed, whatever the duplexes (a
 *    mismatch, as on a real cable); none at different speeds.
 * The link goes down at once, at both ends, when either end restarts
 * autonegotiation (BMCR ANRESTART with AUTOEN), changes AUTOEN, or the
 * forced speed or duplex, is reset (BMCR RESET, PMT_CTL, light or device
 * reset), powers down (BMCR PDOWN) or up, or loses its netdev link (QMP
 * set_link); it comes back LAN743X_PHY_AN_NS of virtual time after the
 * last such event, if both ends are powered up with their netdev links up.
 * New ANAR and CTRL1000 values count from the next restart, as the
 * drivers' phylib makes one after writing them.  BMSR LINK_ST latches low
 * until BMSR is read (802.3 clause 22): phylib polls the PHY once a
 * second (the drivers use no PHY interrupt) and reads the speed again
 * only after it saw the link down.  While the link is down the MAC's
 * frames go nowhere and none are taken from the wire.
 *
 * Energy-Efficient Ethernet (802.3 clause 78) lives in clause-45 registers
 * that clause 22 reaches through MMD access control and data (registers
 * 13 and 14: the address function, then data without post-increment, as
 * phylib uses them).  As on a GPHY with EEE: MMD 3.20 (EEE capability)
 * reads 100BASE-TX and 1000BASE-T, MMD 7.60 (EEE advertisement) holds
 * those two after a reset and keeps only supported bits, MMD 7.61 is what
 * the partner advertised in the last negotiation, MMD 3.0 (PCS control 1)
 * is stored.  Like ANAR, a new advertisement counts from the next
 * restart.  The link runs with EEE when both ends autonegotiated at full
 * duplex and both advertise EEE for the resolved speed; the partner
 * without x-cable advertises no EEE.  Every other MMD register reads 0.
 */
/*
 * Microchip's OUI and a model number no Linux PHY driver claims (checked by
 * tests/static/61-model-phy-id.sh): a driver bound by its ID would program
 * registers this model does not have.  0xc1f1, used before, is in the
 * LAN887x range of microchip_t1 since Linux 6.12.
 */
#define PHY_ID1                 0x0007
#define PHY_ID2                 0xc0e1
#define PHY_EXTSTAT_1000T_FD    (1 << 13)
#define PHY_EXTSTAT_1000T_HD    (1 << 12)
#define PHY_CTRL1000_MS_MANUAL  (1 << 12)
#define PHY_CTRL1000_MS_MASTER  (1 << 11)   /* manual value: master */
#define PHY_CTRL1000_MULTIPORT  (1 << 10)   /* port type: prefers master */
#define PHY_STAT1000_MS_FAULT   (1 << 15)
#define PHY_STAT1000_MS_RES     (1 << 14)   /* resolved as master */
#define PHY_STAT1000_RX_OK      (3 << 12)   /* local and remote receiver */
#define PHY_ANER_LP_AN_ABLE     (1 << 0)
#define PHY_AN_MODES            6
#define PHY_MMD_FN_MASK         0xc000      /* MMD control: function */
#define PHY_MMD_FN_ADDR         0x0000
#define PHY_MMD_DEVAD_MASK      0x001f
#define PHY_MMD_PCS             3
#define PHY_MMD_AN              7
#define PHY_PCS_CTRL1           0
#define PHY_PCS_EEE_ABLE        20
#define PHY_AN_EEE_ADV          60
#define PHY_AN_EEE_LPABLE       61
#define PHY_EEE_100TX           (1 << 1)
#define PHY_EEE_1000T           (1 << 2)
#define PHY_EEE_CAP             (PHY_EEE_100TX | PHY_EEE_1000T)

/* Autonegotiation (or parallel detection, or forced link-up) time */
#define LAN743X_PHY_AN_NS       (500 * SCALE_MS)

/* The modes in autonegotiation's order of priority */
static const struct {
    unsigned mbps;
    bool fd;
} lan743x_phy_modes[PHY_AN_MODES] = {
    { 1000, true }, { 1000, false }, { 100, true },
    { 100, false }, { 10, true }, { 10, false },
};

/* The chips with an x-cable, to find the other end of a cable */
static GSList *lan743x_cabled;

/* The modes an advertisement names, bit i for lan743x_phy_modes[i] */
static unsigned lan743x_phy_adv_modes(uint16_t anar, uint16_t ctrl1000)
{
    return (ctrl1000 & MII_CTRL1000_FULL ? BIT(0) : 0) |
           (ctrl1000 & MII_CTRL1000_HALF ? BIT(1) : 0) |
           (anar & MII_ANAR_TXFD ? BIT(2) : 0) |
           (anar & MII_ANAR_TX ? BIT(3) : 0) |
           (anar & MII_ANAR_10FD ? BIT(4) : 0) |
           (anar & MII_ANAR_10 ? BIT(5) : 0);
}

/* The speed BMCR forces */
static unsigned lan743x_phy_forced_mbps(uint16_t bmcr)
{
    if (bmcr & MII_BMCR_SPEED1000) {
        return 1000;
    }
    return bmcr & MII_BMCR_SPEED100 ? 100 : 10;
}

/* Powered up, with its netdev link up: an end that can hold a link */
static bool lan743x_phy_ready(LAN743xState *s)
{
    return !qemu_get_queue(s->nic)->link_down &&
           !(s->phy_regs[MII_BMCR] & MII_BMCR_PDOWN);
}

/* The link is down (or stays down): LINK_ST latches low */
static void lan743x_phy_down(LAN743xState *s)
{
    uint16_t *r = s->phy_regs;

    if (s->phy_link) {
        s->phy_link = false;
        s->phy_latched = true;
        trace_lan743x_phy_link(0, 0, 0);
    }
    r[MII_BMSR] &= ~(MII_BMSR_LINK_ST | MII_BMSR_AN_COMP);
    r[MII_ANLPAR] = 0;
    r[MII_STAT1000] = 0;
    r[MII_ANER] &= ~PHY_ANER_LP_AN_ABLE;
    s->phy_mbps = 0;
    s->phy_eee_lpa = 0;
    s->phy_eee = false;
    lan743x_lpi_update(s);
}

/*
 * Down at both ends of the cable now, and negotiating again: each end
 * resolves the link LAN743X_PHY_AN_NS from now (lan743x_phy_resolve()).
 */
static void lan743x_phy_retrain(LAN743xState *s)
{
    int64_t when = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + LAN743X_PHY_AN_NS;

    lan743x_phy_down(s);
    timer_mod(s->phy_an_timer, when);
    if (s->cable_peer) {
        lan743x_phy_down(s->cable_peer);
        timer_mod(s->cable_peer->phy_an_timer, when);
    }
}

/* Down at both ends until something retrains the link */
static void lan743x_phy_drop(LAN743xState *s)
{
    lan743x_phy_down(s);
    if (s->cable_peer) {
        lan743x_phy_down(s->cable_peer);
    }
}

/*
 * 1000BASE-T master/slave resolution for an end configured @a against a
 * partner configured @b (CTRL1000): true if the end is master.  @tie: the
 * end wins when both have the same preference.  *@fault: both manually
 * master, or both slave.
 */
static bool lan743x_phy_master(uint16_t a, uint16_t b, bool tie, bool *fault)
{
    bool a_man = a & PHY_CTRL1000_MS_MANUAL;
    bool b_man = b & PHY_CTRL1000_MS_MANUAL;
    bool a_val = a & PHY_CTRL1000_MS_MASTER;
    bool b_val = b & PHY_CTRL1000_MS_MASTER;

    *fault = a_man && b_man && a_val == b_val;
    if (a_man || b_man) {
        return a_man ? a_val : !b_val;
    }
    a_val = a & PHY_CTRL1000_MULTIPORT;
    b_val = b & PHY_CTRL1000_MULTIPORT;
    return a_val == b_val ? tie : a_val;
}

static void lan743x_phy45_resolve(LAN743xState *s);
static void lan743x_phy45_reset(LAN743xState *s);

/* Bring the link up as the two ends' settings resolve it, or leave it down */
static void lan743x_phy_resolve(LAN743xState *s)
{
    LAN743xState *p = s->cable_peer;
    uint16_t *r = s->phy_regs;
    bool an = r[MII_BMCR] & MII_BMCR_AUTOEN;
    uint16_t p_bmcr, p_anar, p_ctrl1000, p_eee, lpa = 0, stat1000 = 0;
    bool tie = false, fault, an_done = false, fd;
    unsigned mbps, common;

    if (s->phy_c45) {
        lan743x_phy45_resolve(s);
        return;
    }
    if (!s->phy_present) {
        /* The MAC's RGMII straight to a switch port: 1000/full whenever
         * the netdev is up
         */
        s->phy_link = !qemu_get_queue(s->nic)->link_down;
        s->phy_mbps = !s->phy_link ? 0 :
                      s->serdes == LAN743X_SERDES_2500 ? 2500 : 1000;
        return;
    }
    lan743x_phy_down(s);
    if (!lan743x_phy_ready(s) || (p && !lan743x_phy_ready(p)) ||
        (s->cable && !p)) {
        return;
    }
    if (p) {
        p_bmcr = p->phy_regs[MII_BMCR];
        p_anar = p->phy_regs[MII_ANAR];
        p_ctrl1000 = p->phy_regs[MII_CTRL1000];
        p_eee = p->phy_eee_adv;
        tie = memcmp(s->conf.macaddr.a, p->conf.macaddr.a, ETH_ALEN) < 0;
    } else {
        /* The partner that takes whatever we do */
        p_bmcr = r[MII_BMCR];
        p_anar = MII_ANAR_PAUSE_ASYM | MII_ANAR_PAUSE | MII_ANAR_TXFD |
                 MII_ANAR_TX | MII_ANAR_10FD | MII_ANAR_10 | MII_ANAR_CSMACD;
        p_ctrl1000 = (MII_CTRL1000_FULL | MII_CTRL1000_HALF) |
                     (r[MII_CTRL1000] & PHY_CTRL1000_MS_MANUAL ?
                      PHY_CTRL1000_MS_MANUAL |
                      (~r[MII_CTRL1000] & PHY_CTRL1000_MS_MASTER) : 0);
        p_eee = 0;              /* and has no EEE */
    }

    if (an && (p_bmcr & MII_BMCR_AUTOEN)) {
        lpa = p_anar | MII_ANLPAR_ACK;
        stat1000 = (p_ctrl1000 & MII_CTRL1000_FULL ? MII_STAT1000_FULL : 0) |
                   (p_ctrl1000 & MII_CTRL1000_HALF ? MII_STAT1000_HALF : 0);
        r[MII_ANER] |= PHY_ANER_LP_AN_ABLE;
        common = lan743x_phy_adv_modes(r[MII_ANAR], r[MII_CTRL1000]) &
                 lan743x_phy_adv_modes(p_anar, p_ctrl1000);
        mbps = 0;
        fd = false;
        if (common) {
            mbps = lan743x_phy_modes[ctz32(common)].mbps;
            fd = lan743x_phy_modes[ctz32(common)].fd;
        }
        if (mbps == 1000) {
            if (lan743x_phy_master(r[MII_CTRL1000], p_ctrl1000, tie,
                                   &fault)) {
                stat1000 |= PHY_STAT1000_MS_RES;
            }
            if (fault) {
                stat1000 = PHY_STAT1000_MS_FAULT;
                mbps = 0;
            } else {
                stat1000 |= PHY_STAT1000_RX_OK;
            }
        }
        an_done = mbps != 0;
        if (an_done) {
            s->phy_eee_lpa = p_eee;
        }
    } else if (an) {
        /* Parallel detection: 10BASE-T or 100BASE-TX, never 1000BASE-T */
        mbps = lan743x_phy_forced_mbps(p_bmcr);
        fd = false;
        if (mbps == 1000) {
            mbps = 0;
        }
        lpa = mbps == 100 ? MII_ANLPAR_TX : mbps == 10 ? MII_ANLPAR_10 : 0;
        an_done = mbps != 0;
    } else {
        mbps = lan743x_phy_forced_mbps(r[MII_BMCR]);
        fd = r[MII_BMCR] & MII_BMCR_FD;
        if ((p_bmcr & MII_BMCR_AUTOEN) ? mbps == 1000 :
            mbps != lan743x_phy_forced_mbps(p_bmcr)) {
            mbps = 0;
        }
        if (mbps == 1000) {
            stat1000 = PHY_STAT1000_RX_OK;
        }
    }

    r[MII_ANLPAR] = lpa;
    r[MII_STAT1000] = stat1000;
    if (!mbps) {
        return;                 /* keeps negotiating: no link */
    }
    if (an_done) {
        r[MII_BMSR] |= MII_BMSR_AN_COMP;
    }
    if (!s->phy_latched) {
        r[MII_BMSR] |= MII_BMSR_LINK_ST;
    }
    s->phy_link = true;
    s->phy_mbps = mbps;
    s->phy_eee = an_done && fd &&
                 (s->phy_eee_adv & s->phy_eee_lpa &
                  (mbps == 1000 ? PHY_EEE_1000T :
                   mbps == 100 ? PHY_EEE_100TX : 0));
    trace_lan743x_phy_link(1, mbps, fd);
    lan743x_lpi_update(s);
}

void lan743x_phy_an_timer_cb(void *opaque)
{
    lan743x_phy_resolve(opaque);
}

void lan743x_phy_reset(LAN743xState *s)
{
    uint16_t *r = s->phy_regs;

    memset(r, 0, sizeof(s->phy_regs));
    if (s->phy_c45) {
        lan743x_phy45_reset(s);
        lan743x_phy_retrain(s);
        return;
    }
    r[MII_BMCR] = MII_BMCR_AUTOEN | MII_BMCR_FD | MII_BMCR_SPEED1000;
    r[MII_BMSR] = MII_BMSR_100TX_FD | MII_BMSR_100TX_HD | MII_BMSR_10T_FD |
                  MII_BMSR_10T_HD | MII_BMSR_EXTSTAT | MII_BMSR_MFPS |
                  MII_BMSR_AUTONEG | MII_BMSR_EXTCAP;
    r[MII_PHYID1] = PHY_ID1;
    r[MII_PHYID2] = PHY_ID2;
    r[MII_ANAR] = MII_ANAR_TXFD | MII_ANAR_TX | MII_ANAR_10FD | MII_ANAR_10 |
                  MII_ANAR_CSMACD;
    r[MII_CTRL1000] = MII_CTRL1000_FULL | MII_CTRL1000_HALF;
    r[MII_EXTSTAT] = PHY_EXTSTAT_1000T_FD | PHY_EXTSTAT_1000T_HD;
    s->phy_mmd_addr = 0;
    s->phy_pcs_ctrl1 = 0;
    s->phy_eee_adv = PHY_EEE_CAP;
    lan743x_phy_retrain(s);
}

/* The MMD register that MMD access control (register 13) points at */
static uint16_t *lan743x_phy_mmd_reg(LAN743xState *s, bool *writable)
{
    unsigned devad = s->phy_regs[MII_MDDACR] & PHY_MMD_DEVAD_MASK;

    *writable = true;
    if (devad == PHY_MMD_PCS && s->phy_mmd_addr == PHY_PCS_CTRL1) {
        return &s->phy_pcs_ctrl1;
    }
    if (devad == PHY_MMD_AN && s->phy_mmd_addr == PHY_AN_EEE_ADV) {
        return &s->phy_eee_adv;
    }
    *writable = false;
    if (devad == PHY_MMD_AN && s->phy_mmd_addr == PHY_AN_EEE_LPABLE) {
        return &s->phy_eee_lpa;
    }
    return NULL;
}

static uint16_t lan743x_phy_mmd_read(LAN743xState *s)
{
    unsigned devad = s->phy_regs[MII_MDDACR] & PHY_MMD_DEVAD_MASK;
    uint16_t *reg;
    bool writable;

    if ((s->phy_regs[MII_MDDACR] & PHY_MMD_FN_MASK) == PHY_MMD_FN_ADDR) {
        return s->phy_mmd_addr;
    }
    if (devad == PHY_MMD_PCS && s->phy_mmd_addr == PHY_PCS_EEE_ABLE) {
        return PHY_EEE_CAP;
    }
    reg = lan743x_phy_mmd_reg(s, &writable);
    return reg ? *reg : 0;
}

static void lan743x_phy_mmd_write(LAN743xState *s, uint16_t val)
{
    uint16_t *reg;
    bool writable;

    if ((s->phy_regs[MII_MDDACR] & PHY_MMD_FN_MASK) == PHY_MMD_FN_ADDR) {
        s->phy_mmd_addr = val;
        return;
    }
    reg = lan743x_phy_mmd_reg(s, &writable);
    if (reg && writable) {
        *reg = reg == &s->phy_eee_adv ? val & PHY_EEE_CAP : val;
    }
}

static uint16_t lan743x_phy_read(LAN743xState *s, unsigned reg)
{
    uint16_t val = (reg & 31) == MII_MDDAADR ? lan743x_phy_mmd_read(s) :
                   s->phy_regs[reg & 31];

    if ((reg & 31) == MII_BMSR && s->phy_latched) {
        /* Read once: the link status is the current one again */
        s->phy_latched = false;
        if (s->phy_link) {
            s->phy_regs[MII_BMSR] |= MII_BMSR_LINK_ST;
        }
    }
    trace_lan743x_phy_read(reg, val);
    return val;
}

static void lan743x_phy_write(LAN743xState *s, unsigned reg, uint16_t val)
{
    uint16_t old = s->phy_regs[MII_BMCR];
    uint16_t changed = old ^ val;

    trace_lan743x_phy_write(reg, val);
    switch (reg) {
    case MII_BMCR:
        if (val & MII_BMCR_RESET) {
            lan743x_phy_reset(s);
            return;
        }
        s->phy_regs[MII_BMCR] = val & ~(MII_BMCR_RESET | MII_BMCR_ANRESTART);
        if (val & MII_BMCR_PDOWN) {
            if (!(old & MII_BMCR_PDOWN)) {
                timer_del(s->phy_an_timer);
                lan743x_phy_drop(s);
            }
        } else if ((old & MII_BMCR_PDOWN) || (changed & MII_BMCR_AUTOEN) ||
                   ((val & MII_BMCR_AUTOEN) ? val & MII_BMCR_ANRESTART :
                    changed & (MII_BMCR_SPEED1000 | MII_BMCR_SPEED100 |
                               MII_BMCR_FD))) {
            lan743x_phy_retrain(s);
        }
        break;
    case MII_MDDAADR:
        lan743x_phy_mmd_write(s, val);
        break;
    case MII_BMSR:
    case MII_PHYID1:
    case MII_PHYID2:
    case MII_ANLPAR:
    case MII_ANER:
    case MII_STAT1000:
    case MII_EXTSTAT:
        break;                                  /* read-only */
    default:
        s->phy_regs[reg & 31] = val;
        break;
    }
}

/* ------------------------------------------------------------------ */
/* A clause-45 2.5GBASE-T PHY (the PCI11x1x's, interface=sgmii-2500)   */
/* ------------------------------------------------------------------ */

/*
 * A PHY that answers clause-45 frames only (802.3 clause 45), as 2.5G
 * PHYs do: a clause-22 scan of the bus finds nothing, a clause-45 scan
 * finds the PMA/PMD (MMD 1), the PCS (3) and autonegotiation (7), with
 * the same unclaimed ID as the clause-22 PHY (so that Linux binds its
 * generic clause-45 driver).  Modelled:
 *  - abilities: 1.8 STAT2 (extended abilities), 1.11 (10BASE-T,
 *    100BASE-TX, 1000BASE-T, 2.5G/5G extended), 1.21 (2.5GBASE-T);
 *    7.1 autonegotiation ability; no EEE (3.20 reads 0);
 *  - autonegotiation (7.0 enable, restart): the advertisement 7.16
 *    (10/100 and pause) and 7.32 (2.5GBASE-T) against the partner's,
 *    the partner taking whatever we do (every mode, both pauses; an
 *    x-cable is refused with this PHY); the result in 7.1 (complete, LP
 *    able), 7.19 and 7.33.  1000BASE-T has no standard clause-45
 *    advertisement: it is not negotiated;
 *  - forced mode (7.0 enable clear): the speed of 1.0's speed selection;
 *  - link status in 1.1, 3.1 and 7.1, latched low in 1.1 until read;
 *    the link comes back LAN743X_PHY_AN_NS after a restart, as the
 *    clause-22 PHY's does.
 * Every other register reads 0 and ignores writes.
 */
#define MMD_PMAPMD              1
#define MMD_PCS                 3
#define MMD_AN                  7
#define MDIO_CTRL1              0
#define MDIO_STAT1              1
#define MDIO_DEVID1             2
#define MDIO_DEVID2             3
#define MDIO_DEVS1              5
#define MDIO_DEVS2              6
#define MDIO_STAT2              8
#define MDIO_PMA_EXTABLE        11
#define MDIO_PMA_NG_EXTABLE     21
#define MDIO_AN_ADVERTISE       16
#define MDIO_AN_LPA             19
#define MDIO_AN_10GBT_CTRL      32
#define MDIO_AN_10GBT_STAT      33
#define MDIO_CTRL1_RESET        (1 << 15)
#define MDIO_CTRL1_SPEEDSEL     0x207c
#define MDIO_CTRL1_SPEED10      0x0000
#define MDIO_CTRL1_SPEED100     0x2000
#define MDIO_CTRL1_SPEED1000    0x0040
#define MDIO_CTRL1_SPEED2_5G    0x2058
#define MDIO_AN_CTRL1_RESTART   (1 << 9)
#define MDIO_AN_CTRL1_ENABLE    (1 << 12)
#define MDIO_STAT1_LSTATUS      (1 << 2)
#define MDIO_AN_STAT1_LPABLE    (1 << 0)
#define MDIO_AN_STAT1_ABLE      (1 << 3)
#define MDIO_AN_STAT1_COMPLETE  (1 << 5)
#define MDIO_STAT2_PRESENT      0x8000      /* "device responding" */
#define MDIO_STAT2_EXTABLE      (1 << 9)
#define MDIO_EXTABLE_1000BT     (1 << 5)
#define MDIO_EXTABLE_100BTX     (1 << 7)
#define MDIO_EXTABLE_10BT       (1 << 8)
#define MDIO_EXTABLE_NBT        (1 << 14)
#define MDIO_NG_EXTABLE_2_5GBT  (1 << 0)
#define MDIO_10GBT_CTRL_ADV2_5G (1 << 7)
#define MDIO_10GBT_STAT_LP2_5G  (1 << 5)
#define PHY45_DEVS              (BIT(MMD_PMAPMD) | BIT(MMD_PCS) | BIT(MMD_AN))
#define PHY45_ADV_MASK          (MII_ANAR_PAUSE_ASYM | MII_ANAR_PAUSE | \
                                 MII_ANAR_TXFD | MII_ANAR_TX | MII_ANAR_10FD | \
                                 MII_ANAR_10)

static void lan743x_phy45_reset(LAN743xState *s)
{
    uint16_t *r = s->phy45;

    memset(r, 0, sizeof(s->phy45));
    memset(s->phy45_addr, 0, sizeof(s->phy45_addr));
    r[PHY45_PMA_CTRL1] = MDIO_CTRL1_SPEED2_5G;
    r[PHY45_AN_CTRL1] = MDIO_AN_CTRL1_ENABLE;
    r[PHY45_AN_ADV] = MII_ANAR_TXFD | MII_ANAR_TX | MII_ANAR_10FD |
                      MII_ANAR_10 | MII_ANAR_CSMACD;
    r[PHY45_AN_10GBT_CTRL] = MDIO_10GBT_CTRL_ADV2_5G;
}

/* The link as our settings and the partner's (who takes ours) resolve it */
static void lan743x_phy45_resolve(LAN743xState *s)
{
    uint16_t *r = s->phy45;
    unsigned mbps = 0;

    lan743x_phy_down(s);
    r[PHY45_AN_LPA] = 0;
    r[PHY45_AN_10GBT_STAT] = 0;
    r[PHY45_AN_DONE] = 0;
    if (!lan743x_phy_ready(s)) {
        return;
    }
    if (r[PHY45_AN_CTRL1] & MDIO_AN_CTRL1_ENABLE) {
        /* the partner advertises every mode and both pauses */
        r[PHY45_AN_LPA] = PHY45_ADV_MASK | MII_ANAR_CSMACD | MII_ANLPAR_ACK;
        r[PHY45_AN_10GBT_STAT] = MDIO_10GBT_STAT_LP2_5G;
        if (r[PHY45_AN_10GBT_CTRL] & MDIO_10GBT_CTRL_ADV2_5G) {
            mbps = 2500;
        } else if (r[PHY45_AN_ADV] & (MII_ANAR_TXFD | MII_ANAR_TX)) {
            mbps = 100;
        } else if (r[PHY45_AN_ADV] & (MII_ANAR_10FD | MII_ANAR_10)) {
            mbps = 10;
        }
        r[PHY45_AN_DONE] = mbps != 0;
    } else {
        switch (r[PHY45_PMA_CTRL1] & MDIO_CTRL1_SPEEDSEL) {
        case MDIO_CTRL1_SPEED2_5G:
            mbps = 2500;
            break;
        case MDIO_CTRL1_SPEED1000:
            mbps = 1000;
            break;
        case MDIO_CTRL1_SPEED100:
            mbps = 100;
            break;
        case MDIO_CTRL1_SPEED10:
            mbps = 10;
            break;
        }
    }
    if (!mbps) {
        return;
    }
    s->phy_link = true;
    s->phy_mbps = mbps;
    trace_lan743x_phy_link(1, mbps, 1);
    lan743x_lpi_update(s);
}

static uint16_t lan743x_phy45_read(LAN743xState *s, unsigned mmd,
                                   unsigned reg)
{
    uint16_t *r = s->phy45;
    uint16_t stat1;

    if (!(PHY45_DEVS & BIT(mmd))) {
        return 0xffff;          /* no such device in the package */
    }
    switch (reg) {
    case MDIO_DEVID1:
        return PHY_ID1;
    case MDIO_DEVID2:
        return PHY_ID2;
    case MDIO_DEVS1:
        return PHY45_DEVS;
    case MDIO_DEVS2:
        return 0;
    case MDIO_STAT1:
        stat1 = s->phy_link && !(mmd == MMD_PMAPMD && s->phy_latched) ?
                MDIO_STAT1_LSTATUS : 0;
        if (mmd == MMD_PMAPMD && s->phy_latched) {
            s->phy_latched = false;         /* read once */
        }
        if (mmd == MMD_AN) {
            stat1 |= MDIO_AN_STAT1_ABLE;
            if (r[PHY45_AN_DONE]) {
                stat1 |= MDIO_AN_STAT1_COMPLETE | MDIO_AN_STAT1_LPABLE;
            }
        }
        return stat1;
    case MDIO_STAT2:
        return MDIO_STAT2_PRESENT | (mmd == MMD_PMAPMD ? MDIO_STAT2_EXTABLE : 0);
    }
    switch (mmd << 16 | reg) {
    case MMD_PMAPMD << 16 | MDIO_CTRL1:
        return r[PHY45_PMA_CTRL1];
    case MMD_PMAPMD << 16 | MDIO_PMA_EXTABLE:
        return MDIO_EXTABLE_NBT | MDIO_EXTABLE_1000BT | MDIO_EXTABLE_100BTX |
               MDIO_EXTABLE_10BT;
    case MMD_PMAPMD << 16 | MDIO_PMA_NG_EXTABLE:
        return MDIO_NG_EXTABLE_2_5GBT;
    case MMD_PCS << 16 | MDIO_CTRL1:
        return r[PHY45_PCS_CTRL1];
    case MMD_AN << 16 | MDIO_CTRL1:
        return r[PHY45_AN_CTRL1];
    case MMD_AN << 16 | MDIO_AN_ADVERTISE:
        return r[PHY45_AN_ADV];
    case MMD_AN << 16 | MDIO_AN_LPA:
        return r[PHY45_AN_LPA];
    case MMD_AN << 16 | MDIO_AN_10GBT_CTRL:
        return r[PHY45_AN_10GBT_CTRL];
    case MMD_AN << 16 | MDIO_AN_10GBT_STAT:
        return r[PHY45_AN_10GBT_STAT];
    }
    return 0;
}

static void lan743x_phy45_write(LAN743xState *s, unsigned mmd, unsigned reg,
                                uint16_t val)
{
    uint16_t *r = s->phy45;
    uint16_t old;

    switch (mmd << 16 | reg) {
    case MMD_PMAPMD << 16 | MDIO_CTRL1:
    case MMD_PCS << 16 | MDIO_CTRL1:
        if (val & MDIO_CTRL1_RESET) {
            lan743x_phy_reset(s);           /* the whole PHY */
            return;
        }
        if (mmd == MMD_PCS) {
            r[PHY45_PCS_CTRL1] = val;
            return;
        }
        old = r[PHY45_PMA_CTRL1];
        r[PHY45_PMA_CTRL1] = val;
        if (!(r[PHY45_AN_CTRL1] & MDIO_AN_CTRL1_ENABLE) &&
            ((old ^ val) & MDIO_CTRL1_SPEEDSEL)) {
            lan743x_phy_retrain(s);
        }
        return;
    case MMD_AN << 16 | MDIO_CTRL1:
        old = r[PHY45_AN_CTRL1];
        r[PHY45_AN_CTRL1] = val & ~MDIO_AN_CTRL1_RESTART;
        if (((old ^ val) & MDIO_AN_CTRL1_ENABLE) ||
            ((val & MDIO_AN_CTRL1_ENABLE) && (val & MDIO_AN_CTRL1_RESTART))) {
            lan743x_phy_retrain(s);
        }
        return;
    case MMD_AN << 16 | MDIO_AN_ADVERTISE:
        r[PHY45_AN_ADV] = (val & PHY45_ADV_MASK) | MII_ANAR_CSMACD;
        return;
    case MMD_AN << 16 | MDIO_AN_10GBT_CTRL:
        r[PHY45_AN_10GBT_CTRL] = val & MDIO_10GBT_CTRL_ADV2_5G;
        return;
    }
}

/* A clause-45 frame to the PHY: @mmd, the MAC_MII_C45_* command @cmd */
static void lan743x_phy45_access(LAN743xState *s, unsigned mmd, unsigned cmd)
{
    uint16_t *addr = &s->phy45_addr[mmd & 31];
    uint16_t data = s->regs[R_MAC_MII_DATA] & 0xffff;

    switch (cmd) {
    case MAC_MII_C45_ADDR:
        *addr = data;
        break;
    case MAC_MII_C45_WRITE:
        trace_lan743x_phy_write(mmd << 16 | *addr, data);
        lan743x_phy45_write(s, mmd, *addr, data);
        break;
    case MAC_MII_C45_READ:
    case MAC_MII_C45_READ_INC:
        s->regs[R_MAC_MII_DATA] = lan743x_phy45_read(s, mmd, *addr);
        trace_lan743x_phy_read(mmd << 16 | *addr,
                               s->regs[R_MAC_MII_DATA]);
        if (cmd == MAC_MII_C45_READ_INC) {
            (*addr)++;
        }
        break;
    }
}

/* The chip already on the x-cable @name, if any; *@full: it has two */
LAN743xState *lan743x_cable_end(const char *name, bool *full)
{
    GSList *l;

    for (l = lan743x_cabled; l; l = l->next) {
        LAN743xState *o = l->data;

        if (!strcmp(o->cable, name)) {
            *full = o->cable_peer != NULL;
            return o;
        }
    }
    *full = false;
    return NULL;
}

/* x-cable: take the free end of the cable (lan743x_cable_end() said so) */
void lan743x_cable_join(LAN743xState *s)
{
    LAN743xState *o;
    bool full;

    if (!s->cable) {
        return;
    }
    o = lan743x_cable_end(s->cable, &full);
    if (o) {
        o->cable_peer = s;
        s->cable_peer = o;
    }
    lan743x_cabled = g_slist_prepend(lan743x_cabled, s);
}

/* The chip goes away: its partner is left with a cable with one end */
void lan743x_cable_leave(LAN743xState *s)
{
    LAN743xState *p = s->cable_peer;

    lan743x_cabled = g_slist_remove(lan743x_cabled, s);
    s->cable_peer = NULL;
    if (p) {
        p->cable_peer = NULL;
        lan743x_phy_down(p);
    }
}

void lan743x_mii_access(LAN743xState *s, uint32_t acc)
{
    unsigned phy = FIELD_EX32(acc, MAC_MII_ACC, PHY);
    unsigned reg = FIELD_EX32(acc, MAC_MII_ACC, REG);
    bool write = FIELD_EX32(acc, MAC_MII_ACC, WRITE);

    if (FIELD_EX32(acc, MAC_MII_ACC, MIICL45)) {
        /* Only the clause-45 PHY answers clause-45 frames */
        if (s->phy_c45 && phy == s->phy_addr) {
            lan743x_phy45_access(s, reg, FIELD_EX32(acc, MAC_MII_ACC,
                                                    C45_CMD));
        } else if (FIELD_EX32(acc, MAC_MII_ACC, C45_CMD) >= MAC_MII_C45_READ) {
            s->regs[R_MAC_MII_DATA] = 0xffff;
        }
    } else if (phy != s->phy_addr || !s->phy_present || s->phy_c45) {
        if (!write) {
            s->regs[R_MAC_MII_DATA] = 0xffff;
        }
    } else if (write) {
        lan743x_phy_write(s, reg, s->regs[R_MAC_MII_DATA] & 0xffff);
    } else {
        s->regs[R_MAC_MII_DATA] = lan743x_phy_read(s, reg);
    }
    /* The access completes at once: BUSY reads back as 0 */
    s->regs[R_MAC_MII_ACC] = acc & ~R_MAC_MII_ACC_BUSY_MASK;
}

void lan743x_set_link_status(NetClientState *nc)
{
    LAN743xState *s = qemu_get_nic_opaque(nc);

    trace_lan743x_link(!nc->link_down);
    if (unlikely(s->fault == LAN743X_FAULT_DEAD)) {
        return;                 /* reset reads the link again on revival */
    }
    if (nc->link_down) {
        lan743x_phy_drop(s);
    } else {
        lan743x_phy_retrain(s);
    }
}

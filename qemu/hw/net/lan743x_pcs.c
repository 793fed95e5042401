/*
 * Microchip PCI11010/PCI11414 model: what the family adds to the LAN743x
 * (the chip's identity, its 4 TX channels and 16 MSI-X vectors are in
 * lan743x.c): the straps, the system lock, and the PCS of its SerDes
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Facts from the Linux lan743x driver's PCI11x1x support (6.12 .. 7.2),
 * which is all our references have of the family; "inferred" marks
 * behaviour deduced from how that driver uses a register.
 *
 *  - interface=rgmii (default) | sgmii | sgmii-2500: the board's straps.
 *    rgmii: the MAC's RGMII to an external clause-22 PHY, as on a
 *    LAN7431 (phy-addr, phy=off apply).  sgmii: the SerDes at 1.25 GBd
 *    to a 10/100/1000 PHY (the same clause-22 PHY model).  sgmii-2500:
 *    the SerDes at 3.125 GBd to a 2.5GBASE-T PHY that answers clause-45
 *    frames only (lan743x_phy.c), the wire at 2500 Mbit/s; with phy=off
 *    a 2500BASE-X link partner (a switch port) at 2500/full.
 *    STRAP_READ shows SGMII_EN (and SGMII_2_5G) with USE_SGMII_EN (the
 *    straps are valid), SYS_CONFIG_LOAD_STARTED says the configuration
 *    was loaded (ETH), FPGA_REV reads 0 (silicon, not an FPGA image);
 *  - the system lock (SYS_LOCK, 0x40a0): the Ethernet function's bit
 *    reads back set once written while the lock is free, and 0 releases
 *    it.  The chip's other functions hold it only when a test asks
 *    (x-faults SYSLOCK_HELD, lan743x_faults.c: USB_SS set meanwhile).
 *    The EEPROM and OTP controllers behind it are lan743x_eeprom.c's;
 *  - SGMII_CTL: SGMII_ENABLE and POWER_DN, as strapped at reset (inferred:
 *    the driver programs both at probe);
 *  - the PCS behind SGMII_ACC/SGMII_DATA (MMD 31, a DesignWare-style
 *    vendor register set): BMCR (reset, autonegotiation enable and
 *    restart, power down), BMSR and VR_MII_AN_INTR_STS (link, the PHY's
 *    speed as SGMII carries it, duplex, autonegotiation complete), the
 *    SGMII partner word in the LPA register, VR_MII_DIG_STS's power
 *    sequence state (powered down / up: at once), VR_MII_DIG_CTRL1's
 *    self-clearing reset, and stored: ADV, VR_MII_AN_CTRL, the link timer,
 *    the MPLL and rate registers.  Accesses complete at once (SGMII_ACC
 *    BZY reads 0);
 *  - frames pass only while MAC_CR's speed (CFG_H/CFG_L: 10, 100, 1000,
 *    2500) is the link's, and in a SerDes mode while SGMII_CTL enables
 *    the SerDes, does not power it down and the PCS is not powered down
 *    (BMCR).
 * Not modelled: the MPLL and rates (the wire runs at the PHY's speed
 *    whatever baud rate they select), 1000BASE-X/2500BASE-X
 *    autonegotiation with the partner (the PCS takes its link from the
 *    PHY), LINK_STATUS_SOURCE (stored), the rest of the system block
 *    (reads 0, writes ignored),
 *    MISC_CTL_0 (stored), PTP I/O event capture.
 */

#include "qemu/osdep.h"
#include "hw/net/mii.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "trace.h"
#include "lan743x_int.h"

/* The PCS's registers (MMD 31) */
#define PCS_MMD                 31
#define PCS_R_BMCR              0x0000
#define PCS_R_BMSR              0x0001
#define PCS_R_ADV               0x0004
#define PCS_R_LPA               0x0005
#define PCS_R_DIG_CTRL1         0x8000
#define PCS_R_AN_CTRL           0x8001
#define PCS_R_AN_INTR_STS       0x8002
#define PCS_R_LINK_TIMER        0x800a
#define PCS_R_DIG_STS           0x8010
#define PCS_R_MPLL_CTRL0        0x8078
#define PCS_R_MPLL_CTRL1        0x8079
#define PCS_R_MISC_CTRL1        0x809a
#define PCS_DIG_CTRL1_VR_RST    (1 << 15)
#define PCS_AN_INTR_LINK_UP     (1 << 4)
#define PCS_AN_INTR_1000        (1 << 3)
#define PCS_AN_INTR_100         (1 << 2)
#define PCS_AN_INTR_FDX         (1 << 1)
#define PCS_AN_INTR_CMPLT       (1 << 0)
#define PCS_DIG_STS_PSEQ_SHIFT  2
#define PCS_PSEQ_UP             4
#define PCS_PSEQ_DOWN           6
/* The SGMII partner word (LPA): link, acknowledge, duplex, speed */
#define PCS_SGMII_LINK          (1 << 15)
#define PCS_SGMII_ACK           (1 << 14)
#define PCS_SGMII_FD            (1 << 12)
#define PCS_SGMII_1000          (2 << 10)
#define PCS_SGMII_100           (1 << 10)
#define PCS_SGMII_SGMII         (1 << 0)

bool lan743x_pcs_realize(LAN743xState *s, Error **errp)
{
    const char *i = s->interface;

    s->serdes = LAN743X_SERDES_NONE;
    s->phy_c45 = false;
    if (!s->pci11x1x) {
        if (i && strcmp(i, "rgmii")) {
            error_setg(errp, "lan743x: interface is for chip=pci11010 or "
                       "pci11414");
            return false;
        }
        return true;
    }
    if (!i || !strcmp(i, "rgmii")) {
        s->serdes = LAN743X_SERDES_NONE;
    } else if (!strcmp(i, "sgmii")) {
        s->serdes = LAN743X_SERDES_SGMII;
    } else if (!strcmp(i, "sgmii-2500")) {
        s->serdes = LAN743X_SERDES_2500;
    } else {
        error_setg(errp, "lan743x: interface must be rgmii, sgmii or "
                   "sgmii-2500");
        return false;
    }
    if (s->strap_mii) {
        error_setg(errp, "lan743x: strap-mii is the LAN7431's");
        return false;
    }
    s->phy_c45 = s->serdes == LAN743X_SERDES_2500 && s->phy_present;
    if (s->phy_c45 && s->cable) {
        error_setg(errp, "lan743x: x-cable joins clause-22 PHYs only, not "
                   "interface=sgmii-2500's 2.5GBASE-T PHY");
        return false;
    }
    return true;
}

static void lan743x_pcs_regs_reset(LAN743xState *s)
{
    bool fast = s->serdes == LAN743X_SERDES_2500;

    memset(s->pcs, 0, sizeof(s->pcs));
    s->pcs[PCS_BMCR] = MII_BMCR_AUTOEN | MII_BMCR_FD | MII_BMCR_SPEED1000;
    s->pcs[PCS_ADV] = MII_ANAR_TXFD;        /* 1000BASE-X full duplex */
    /* the MPLL for 3.125 or 1.25 GBd, as the driver sets them (inferred) */
    s->pcs[PCS_MPLL_CTRL1] = fast ? 125 : 100;
    s->pcs[PCS_MISC_CTRL1] = fast ? 0x5 : 0xa;
}

/* Cold values (light and device reset) */
void lan743x_pcs_reset(LAN743xState *s)
{
    uint32_t strap = 0;

    if (!s->pci11x1x) {
        return;
    }
    if (s->serdes) {
        strap = R_STRAP_READ_SGMII_EN_MASK |
                (s->serdes == LAN743X_SERDES_2500 ?
                 R_STRAP_READ_SGMII_2_5G_MASK : 0);
    }
    s->regs[R_STRAP_READ] = strap | R_STRAP_READ_USE_SGMII_EN_MASK;
    s->regs[R_FPGA_REV] = 0;
    s->regs[R_SGMII_CTL] = s->serdes ? R_SGMII_CTL_ENABLE_MASK :
                           R_SGMII_CTL_POWER_DN_MASK;
    s->sys_lock = 0;
    lan743x_pcs_regs_reset(s);
}

static bool lan743x_pcs_up(LAN743xState *s)
{
    uint32_t ctl = s->regs[R_SGMII_CTL];

    return FIELD_EX32(ctl, SGMII_CTL, ENABLE) &&
           !FIELD_EX32(ctl, SGMII_CTL, POWER_DN) &&
           !(s->pcs[PCS_BMCR] & MII_BMCR_PDOWN);
}

/*
 * The MAC runs at the link's speed (MAC_CR CFG_H/CFG_L: 10, 100, 1000,
 * 2500; the driver clears auto speed detection and sets them from the
 * PHY's result), and a SerDes between them is up
 */
bool lan743x_family_path_up(LAN743xState *s)
{
    static const unsigned mac_mbps[4] = { 10, 100, 1000, 2500 };

    if (mac_mbps[FIELD_EX32(s->regs[R_MAC_CR], MAC_CR, SPEED)] !=
        s->phy_mbps) {
        return false;
    }
    return !s->serdes || lan743x_pcs_up(s);
}

/* The link the PCS sees: its own power and the PHY's link */
static bool lan743x_pcs_link(LAN743xState *s)
{
    return s->serdes && lan743x_pcs_up(s) && s->phy_link;
}

static uint16_t lan743x_pcs_reg_read(LAN743xState *s, unsigned mmd,
                                     unsigned addr)
{
    bool link = lan743x_pcs_link(s);
    bool an = s->pcs[PCS_BMCR] & MII_BMCR_AUTOEN;
    uint16_t val;

    if (mmd != PCS_MMD) {
        return 0;
    }
    switch (addr) {
    case PCS_R_BMCR:
        return s->pcs[PCS_BMCR];
    case PCS_R_BMSR:
        return MII_BMSR_EXTSTAT | MII_BMSR_AUTONEG | MII_BMSR_EXTCAP |
               (link ? MII_BMSR_LINK_ST : 0) |
               (link && an ? MII_BMSR_AN_COMP : 0);
    case PCS_R_ADV:
        return s->pcs[PCS_ADV];
    case PCS_R_LPA:
        if (!link || !an) {
            return 0;
        }
        return PCS_SGMII_LINK | PCS_SGMII_ACK | PCS_SGMII_FD |
               PCS_SGMII_SGMII | (s->phy_mbps >= 1000 ? PCS_SGMII_1000 :
                                  s->phy_mbps == 100 ? PCS_SGMII_100 : 0);
    case PCS_R_DIG_CTRL1:
        return s->pcs[PCS_DIG_CTRL1];
    case PCS_R_AN_CTRL:
        return s->pcs[PCS_AN_CTRL];
    case PCS_R_AN_INTR_STS:
        if (!link) {
            return 0;
        }
        val = PCS_AN_INTR_LINK_UP | PCS_AN_INTR_FDX |
              (s->phy_mbps >= 1000 ? PCS_AN_INTR_1000 :
               s->phy_mbps == 100 ? PCS_AN_INTR_100 : 0);
        return val | (an ? PCS_AN_INTR_CMPLT : 0);
    case PCS_R_LINK_TIMER:
        return s->pcs[PCS_LINK_TIMER];
    case PCS_R_DIG_STS:
        return (s->pcs[PCS_BMCR] & MII_BMCR_PDOWN ? PCS_PSEQ_DOWN :
                PCS_PSEQ_UP) << PCS_DIG_STS_PSEQ_SHIFT;
    case PCS_R_MPLL_CTRL0:
        return s->pcs[PCS_MPLL_CTRL0];
    case PCS_R_MPLL_CTRL1:
        return s->pcs[PCS_MPLL_CTRL1];
    case PCS_R_MISC_CTRL1:
        return s->pcs[PCS_MISC_CTRL1];
    }
    return 0;
}

static void lan743x_pcs_reg_write(LAN743xState *s, unsigned mmd,
                                  unsigned addr, uint16_t val)
{
    if (mmd != PCS_MMD) {
        qemu_log_mask(LOG_UNIMP, "lan743x: PCS MMD %u register 0x%04x "
                      "not modelled\n", mmd, addr);
        return;
    }
    switch (addr) {
    case PCS_R_BMCR:
        if (val & MII_BMCR_RESET) {
            lan743x_pcs_regs_reset(s);
        } else {
            s->pcs[PCS_BMCR] = val & ~MII_BMCR_ANRESTART;
        }
        break;
    case PCS_R_ADV:
        s->pcs[PCS_ADV] = val;
        break;
    case PCS_R_DIG_CTRL1:
        if (val & PCS_DIG_CTRL1_VR_RST) {
            lan743x_pcs_regs_reset(s);
        } else {
            s->pcs[PCS_DIG_CTRL1] = val;
        }
        break;
    case PCS_R_AN_CTRL:
        s->pcs[PCS_AN_CTRL] = val;
        break;
    case PCS_R_LINK_TIMER:
        s->pcs[PCS_LINK_TIMER] = val;
        break;
    case PCS_R_MPLL_CTRL0:
        s->pcs[PCS_MPLL_CTRL0] = val;
        break;
    case PCS_R_MPLL_CTRL1:
        s->pcs[PCS_MPLL_CTRL1] = val;
        break;
    case PCS_R_MISC_CTRL1:
        s->pcs[PCS_MISC_CTRL1] = val;
        break;
    default:
        break;                  /* read-only, or not modelled */
    }
}

/* The PCI11x1x's own registers: true if @addr is one of them */
bool lan743x_pcs_read(LAN743xState *s, hwaddr addr, uint32_t *val)
{
    switch (addr) {
    case A_SGMII_ACC:
    case A_SGMII_DATA:
    case A_SGMII_CTL:
        *val = s->regs[addr / 4];
        return true;
    case A_SYS_LOCK:
        *val = s->sys_lock | s->sys_lock_other;
        return true;
    case A_SYS_CONFIG_LOAD_STARTED:
        *val = R_SYS_CONFIG_LOAD_STARTED_ETH_MASK;
        return true;
    }
    if (lan743x_nvm_sys_read(s, addr, val)) {
        return true;            /* the EEPROM and OTP controllers */
    }
    if (addr >= LAN743X_MMIO_SIZE) {
        *val = 0;               /* the rest of the system block */
        return true;
    }
    return false;
}

bool lan743x_pcs_write(LAN743xState *s, hwaddr addr, uint32_t val)
{
    uint32_t acc;

    switch (addr) {
    case A_SGMII_ACC:
        acc = val & ~R_SGMII_ACC_BZY_MASK;      /* done at once */
        if (FIELD_EX32(val, SGMII_ACC, BZY)) {
            unsigned mmd = FIELD_EX32(val, SGMII_ACC, MMD);
            unsigned reg = FIELD_EX32(val, SGMII_ACC, ADDR);

            if (FIELD_EX32(val, SGMII_ACC, WR)) {
                trace_lan743x_pcs_write(mmd, reg, s->regs[R_SGMII_DATA]);
                lan743x_pcs_reg_write(s, mmd, reg,
                                      s->regs[R_SGMII_DATA] & 0xffff);
            } else {
                s->regs[R_SGMII_DATA] = lan743x_pcs_reg_read(s, mmd, reg);
                trace_lan743x_pcs_read(mmd, reg, s->regs[R_SGMII_DATA]);
            }
        }
        s->regs[R_SGMII_ACC] = acc;
        return true;
    case A_SGMII_DATA:
        s->regs[R_SGMII_DATA] = val & 0xffff;
        return true;
    case A_SGMII_CTL:
        s->regs[R_SGMII_CTL] = val;
        return true;
    case A_SYS_LOCK:
        /* granted when free (another function may hold it); 0 releases */
        if (!val) {
            s->sys_lock = 0;
            lan743x_fault_syslock_free(s);
        } else if (!s->sys_lock && !lan743x_fault_syslock_refuse(s)) {
            s->sys_lock = val & R_SYS_LOCK_ENET_SS_MASK;
        }
        trace_lan743x_sys_lock(val, s->sys_lock | s->sys_lock_other);
        return true;
    }
    if (lan743x_nvm_sys_write(s, addr, val)) {
        return true;            /* the EEPROM and OTP controllers */
    }
    if (addr >= LAN743X_MMIO_SIZE) {
        qemu_log_mask(LOG_UNIMP, "lan743x: system register 0x%" HWADDR_PRIx
                      " not modelled\n", addr);
        return true;
    }
    return false;
}

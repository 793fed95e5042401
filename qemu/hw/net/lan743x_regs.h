/*
 * Microchip LAN7430/LAN7431 model: the register map (BAR0) and the
 * descriptor layouts
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_NET_LAN743X_REGS_H
#define HW_NET_LAN743X_REGS_H

#include "hw/registerfields.h"

/* System registers */
REG32(ID_REV, 0x000)
REG32(FPGA_REV, 0x004)
    FIELD(FPGA_REV, SGMII_OP, 24, 1)    /* PCI11x1x FPGA images only */
/* PCI11x1x: the pins latched at reset (lan743x_pcs.c) */
REG32(STRAP_READ, 0x00c)
    FIELD(STRAP_READ, BASE_X, 3, 1)
    FIELD(STRAP_READ, SGMII_2_5G, 4, 1)
    FIELD(STRAP_READ, SGMII_EN, 6, 1)
    FIELD(STRAP_READ, USE_SGMII_EN, 22, 1)  /* SGMII_EN holds the strap */
REG32(HW_CFG, 0x010)
    FIELD(HW_CFG, LRST, 1, 1)
    FIELD(HW_CFG, RST_PROTECT, 12, 1)
    FIELD(HW_CFG, D3_RESET_DIS, 13, 1)  /* PCI11x1x: kept through D3 */
    FIELD(HW_CFG, LED_EN, 20, 4)        /* LAN7430: LED0..3 own GPIO0..3 */
REG32(PMT_CTL, 0x014)
    FIELD(PMT_CTL, WUPS, 0, 2)            /* W1C; 2: the MAC woke */
    FIELD(PMT_CTL, ETH_PHY_WAKE_EN, 2, 1)
    FIELD(PMT_CTL, WOL_EN, 3, 1)
    FIELD(PMT_CTL, ETH_PHY_RST, 4, 1)
    FIELD(PMT_CTL, READY, 7, 1)
REG32(DP_SEL, 0x024)
    FIELD(DP_SEL, SEL, 0, 5)
    FIELD(DP_SEL, DPRDY, 31, 1)
REG32(DP_CMD, 0x028)
    FIELD(DP_CMD, WRITE, 0, 1)
REG32(DP_ADDR, 0x02c)
REG32(DP_DATA_0, 0x030)
REG32(E2P_CMD, 0x040)
    FIELD(E2P_CMD, ADDR, 0, 9)
    FIELD(E2P_CMD, TIMEOUT, 10, 1)
    FIELD(E2P_CMD, CMD, 28, 3)
    FIELD(E2P_CMD, BUSY, 31, 1)
REG32(E2P_DATA, 0x044)
/* GPIO n: bit n of the low half, bit 16 + n of the high half */
REG32(GPIO_CFG0, 0x050)                 /* [n] data, [16 + n] 1 = output */
REG32(GPIO_CFG1, 0x054)                 /* [n] 1 = push-pull, [16 + n] 1 = off */
REG32(GPIO_CFG2, 0x058)                 /* [n] 1588 output active high */
REG32(GPIO_CFG3, 0x05c)                 /* [n] 1588 output, [16 + n] channel B */
#define LAN7430_GPIOS           4       /* shared with the PHY's LEDs */
#define LAN7431_GPIOS           12
REG32(FCT_RX_CTL, 0x0ac)
REG32(FCT_TX_CTL, 0x0c4)
REG32(FCT_FLOW0, 0x0e0)
    FIELD(FCT_FLOW, ON, 0, 7)
    FIELD(FCT_FLOW, REQ_EN, 7, 1)
    FIELD(FCT_FLOW, OFF, 8, 7)
/* FCT_FLOW thresholds count 512-byte units (see lan743x_flow_update()) */
#define LAN743X_FLOW_UNIT       512

/* FCT_RX_CTL / FCT_TX_CTL per-channel bits */
#define FCT_CTL_EN(ch)          BIT(28 + (ch))
#define FCT_CTL_DIS(ch)         BIT(24 + (ch))
#define FCT_CTL_RESET(ch)       BIT(20 + (ch))

/* MAC */
REG32(MAC_CR, 0x100)
    FIELD(MAC_CR, RST, 0, 1)
    FIELD(MAC_CR, SPEED, 1, 2)          /* CFG_L, CFG_H: 10/100/1000/2500 */
    FIELD(MAC_CR, DPX, 3, 1)
    FIELD(MAC_CR, CNTR_RST, 5, 1)
    FIELD(MAC_CR, EEE_EN, 17, 1)
    FIELD(MAC_CR, MII_EN, 19, 1)
REG32(MAC_RX, 0x104)
    FIELD(MAC_RX, RXEN, 0, 1)
    FIELD(MAC_RX, RXD, 1, 1)
    FIELD(MAC_RX, FSE, 2, 1)
    FIELD(MAC_RX, MAX_SIZE, 16, 14)
REG32(MAC_TX, 0x108)
    FIELD(MAC_TX, TXEN, 0, 1)
    FIELD(MAC_TX, TXD, 1, 1)
REG32(MAC_FLOW, 0x10c)
    FIELD(MAC_FLOW, PAUSE_TIME, 0, 16)
    FIELD(MAC_FLOW, RX_FCEN, 29, 1)
    FIELD(MAC_FLOW, TX_FCEN, 30, 1)
REG32(MAC_RX_ADDRH, 0x118)
REG32(MAC_RX_ADDRL, 0x11c)
REG32(MAC_MII_ACC, 0x120)
    FIELD(MAC_MII_ACC, BUSY, 0, 1)
    FIELD(MAC_MII_ACC, WRITE, 1, 1)
    FIELD(MAC_MII_ACC, C45_CMD, 1, 2)   /* clause 45: MAC_MII_C45_* */
    FIELD(MAC_MII_ACC, MIICL45, 3, 1)
    FIELD(MAC_MII_ACC, REG, 6, 5)       /* clause 45: the MMD */
    FIELD(MAC_MII_ACC, PHY, 11, 5)
REG32(MAC_MII_DATA, 0x124)
#define MAC_MII_C45_ADDR        0
#define MAC_MII_C45_WRITE       1
#define MAC_MII_C45_READ        2
#define MAC_MII_C45_READ_INC    3
REG32(MAC_EEE_TX_LPI_REQ_DLY_CNT, 0x130)
/* Wake-on-LAN (lan743x_mac.c, "Wake-on-LAN") */
REG32(MAC_WUCSR, 0x140)
    FIELD(MAC_WUCSR, BCST_EN, 0, 1)
    FIELD(MAC_WUCSR, MPEN, 1, 1)
    FIELD(MAC_WUCSR, WAKE_EN, 2, 1)         /* wake-up frame filters */
    FIELD(MAC_WUCSR, PFDA_EN, 3, 1)         /* perfect DA */
    FIELD(MAC_WUCSR, BCAST_FR, 4, 1)        /* status bits 4..9: W1C */
    FIELD(MAC_WUCSR, MPR, 5, 1)
    FIELD(MAC_WUCSR, WUFR, 6, 1)
    FIELD(MAC_WUCSR, PFDA_FR, 7, 1)
    FIELD(MAC_WUCSR, RFE_WAKE_FR, 9, 1)
    FIELD(MAC_WUCSR, RFE_WAKE_EN, 14, 1)
#define MAC_WUCSR_STATUS_MASK   0x000002f0u
REG32(MAC_WK_SRC, 0x144)                    /* W1C */
    FIELD(MAC_WK_SRC, WU_FR_WK, 8, 1)
    FIELD(MAC_WK_SRC, BCAST_FR_WK, 9, 1)
    FIELD(MAC_WK_SRC, MP_FR_WK, 10, 1)
    FIELD(MAC_WK_SRC, PFDA_FR_WK, 11, 1)
    FIELD(MAC_WK_SRC, RFE_FR_WK, 12, 1)
REG32(MAC_WUF_CFG0, 0x150)                  /* 32 filters */
    FIELD(MAC_WUF_CFG, CRC16, 0, 16)
    FIELD(MAC_WUF_CFG, OFFSET, 16, 8)
    FIELD(MAC_WUF_CFG, TYPE, 24, 2)         /* 0 ucast 1 all 2 mcast 3 bcast */
    FIELD(MAC_WUF_CFG, EN, 31, 1)
#define MAC_WUF_FILTERS         32
REG32(MAC_WUF_MASK0, 0x200)                 /* 4 masks of 32 bytes each */

/* Receive filtering engine */
REG32(RFE_ADDR_FILT_HI0, 0x400)
    FIELD(RFE_ADDR_FILT_HI, VALID, 31, 1)
REG32(RFE_ADDR_FILT_LO0, 0x404)
#define RFE_ADDR_FILT_ENTRIES   33
REG32(RFE_CTL, 0x508)
    FIELD(RFE_CTL, DA_PERFECT, 1, 1)
    FIELD(RFE_CTL, MCAST_HASH, 3, 1)
    FIELD(RFE_CTL, AU, 8, 1)
    FIELD(RFE_CTL, AM, 9, 1)
    FIELD(RFE_CTL, AB, 10, 1)
    FIELD(RFE_CTL, IP_COE, 11, 1)
    FIELD(RFE_CTL, TCP_UDP_COE, 12, 1)
REG32(RFE_RSS_CFG, 0x554)
    FIELD(RFE_RSS_CFG, ENABLE, 0, 1)
    FIELD(RFE_RSS_CFG, VALID_HASH_BITS, 5, 3)
    FIELD(RFE_RSS_CFG, IPV4, 8, 1)
    FIELD(RFE_RSS_CFG, TCP_IPV4, 9, 1)
    FIELD(RFE_RSS_CFG, UDP_IPV4, 10, 1)
    FIELD(RFE_RSS_CFG, IPV6, 11, 1)
    FIELD(RFE_RSS_CFG, TCP_IPV6, 12, 1)
    FIELD(RFE_RSS_CFG, UDP_IPV6, 13, 1)
REG32(RFE_HASH_KEY0, 0x558)
#define RFE_HASH_KEY_DWORDS     10
REG32(RFE_INDX0, 0x580)
#define RFE_INDX_DWORDS         32

/*
 * PCI11x1x: the PCS of its SGMII/1000BASE-X/2500BASE-X SerDes, reached
 * through SGMII_ACC/SGMII_DATA (lan743x_pcs.c)
 */
REG32(SGMII_ACC, 0x720)
    FIELD(SGMII_ACC, ADDR, 0, 16)
    FIELD(SGMII_ACC, MMD, 16, 5)
    FIELD(SGMII_ACC, WR, 30, 1)
    FIELD(SGMII_ACC, BZY, 31, 1)
REG32(SGMII_DATA, 0x724)
REG32(SGMII_CTL, 0x728)
    FIELD(SGMII_CTL, POWER_DN, 1, 1)
    FIELD(SGMII_CTL, LINK_STATUS_SOURCE, 8, 1)
    FIELD(SGMII_CTL, ENABLE, 31, 1)

/* Interrupt controller */
REG32(INT_STS, 0x780)
REG32(INT_SET, 0x784)
REG32(INT_EN_SET, 0x788)
REG32(INT_EN_CLR, 0x78c)
REG32(INT_STS_R2C, 0x790)
REG32(INT_VEC_EN_SET, 0x794)
REG32(INT_VEC_EN_CLR, 0x798)
REG32(INT_VEC_EN_AUTO_CLR, 0x79c)
REG32(INT_VEC_MAP0, 0x7a0)
REG32(INT_VEC_MAP1, 0x7a4)
REG32(INT_VEC_MAP2, 0x7a8)
REG32(INT_MOD_MAP0, 0x7b0)
REG32(INT_MOD_MAP1, 0x7b4)
REG32(INT_MOD_MAP2, 0x7b8)
REG32(INT_MOD_CFG0, 0x7c0)
#define LAN743X_MOD_TIMERS      10      /* CFG8/9: PCI11x1x's TX channels */
/* PCI11x1x B0: the RFE's read FIFO threshold (stored only) */
REG32(MISC_CTL_0, 0x920)
    FIELD(MISC_CTL_0, RFE_READ_FIFO, 4, 3)

#define INT_BIT_MAS             BIT(0)
#define INT_BIT_1588            BIT(7)
#define INT_BIT_SW_GP           BIT(9)
#define INT_BIT_DMA_GEN         BIT(10)    /* DMAC_INT_STS ERR */
#define INT_BIT_DMA_TX(ch)      BIT(16 + (ch))
#define INT_BIT_DMA_RX(ch)      BIT(24 + (ch))
#define INT_BITS_OTHER          (INT_BIT_1588 | INT_BIT_SW_GP)

/* PTP */
REG32(PTP_CMD_CTL, 0xa00)
    FIELD(PTP_CMD_CTL, RESET, 0, 1)
    FIELD(PTP_CMD_CTL, DISABLE, 1, 1)
    FIELD(PTP_CMD_CTL, ENABLE, 2, 1)
    FIELD(PTP_CMD_CTL, CLOCK_READ, 3, 1)
    FIELD(PTP_CMD_CTL, CLOCK_LOAD, 4, 1)
    FIELD(PTP_CMD_CTL, STEP_SEC, 5, 1)
    FIELD(PTP_CMD_CTL, STEP_NSEC, 6, 1)
REG32(PTP_GENERAL_CONFIG, 0xa04)
/* per channel ch (0 = A, 1 = B), bits 4ch..4ch+3: */
#define PTP_GC_RELOAD_ADD(ch)   BIT(4 * (ch))     /* 1: reload, 0: add */
#define PTP_GC_EVENT_SHIFT(ch)  (4 * (ch) + 1)    /* 3 bits: what it does */
#define PTP_EVENT_TOGGLE        6
#define PTP_EVENT_NONE          7
/*
 * PCI11x1x: the same register in the family's layout (HS_PTP_GENERAL_CONFIG
 * in the kernel's driver): per channel ch, RELOAD_ADD in bit 2ch, the
 * event's polarity in bit 2ch + 1 (1: active high) and its action in
 * bits 4ch + 4..4ch + 7
 */
#define PTP_HS_GC_RELOAD_ADD(ch) BIT(2 * (ch))
#define PTP_HS_GC_POL_HIGH(ch)  BIT(2 * (ch) + 1)
#define PTP_HS_GC_EVENT_SHIFT(ch) (4 * (ch) + 4)  /* 4 bits */
#define PTP_HS_EVENT_TOGGLE     14
#define PTP_HS_EVENT_NONE       15                /* an interrupt only */
REG32(PTP_INT_STS, 0xa08)
    FIELD(PTP_INT_STS, TIMER_A, 0, 1)
    FIELD(PTP_INT_STS, TIMER_B, 1, 1)
    FIELD(PTP_INT_STS, TX_TS, 12, 1)
    FIELD(PTP_INT_STS, TX_TS_OVRFL, 14, 1)
REG32(PTP_INT_EN_SET, 0xa0c)
REG32(PTP_INT_EN_CLR, 0xa10)
REG32(PTP_CLOCK_SEC, 0xa14)
REG32(PTP_CLOCK_NS, 0xa18)
REG32(PTP_CLOCK_SUBNS, 0xa1c)
REG32(PTP_CLOCK_RATE_ADJ, 0xa20)
    FIELD(PTP_CLOCK_RATE_ADJ, VALUE, 0, 30)
    FIELD(PTP_CLOCK_RATE_ADJ, DIR, 31, 1)
REG32(PTP_CLOCK_STEP_ADJ, 0xa2c)
    FIELD(PTP_CLOCK_STEP_ADJ, VALUE, 0, 30)
    FIELD(PTP_CLOCK_STEP_ADJ, DIR, 31, 1)
/* channel ch's target and reload: ch * 4 registers on */
REG32(PTP_CLOCK_TARGET_SEC_A, 0xa30)
REG32(PTP_CLOCK_TARGET_NS_A, 0xa34)
REG32(PTP_CLOCK_TARGET_RELOAD_SEC_A, 0xa38)
REG32(PTP_CLOCK_TARGET_RELOAD_NS_A, 0xa3c)
REG32(PTP_CLOCK_TARGET_NS_B, 0xa44)
#define PTP_CHANNELS            2
#define PTP_TARGET(ch, r)       (R_PTP_CLOCK_TARGET_##r##_A + 4 * (ch))
/*
 * PCI11x1x: event capture (PTP-IO).  Channel n latches the clock at the
 * edges of GPIO n that PTP_IO_CAP_CONFIG enables (RE_CAP_EN n, FE_CAP_EN
 * 8 + n; LOCK_RE 16 + n, LOCK_FE 24 + n keep the first capture until its
 * PTP_INT_STS bit is cleared) and sets PTP_INT_STS IO_RE / IO_FE; the
 * *_CAP_X registers show the captures of the channel PTP_IO_SEL selects
 */
REG32(PTP_IO_SEL, 0xa58)
    FIELD(PTP_IO_SEL, SEL, 8, 3)
REG32(PTP_LATENCY, 0xa5c)
    FIELD(PTP_LATENCY, RX, 0, 16)
    FIELD(PTP_LATENCY, TX, 16, 16)
REG32(PTP_CAP_INFO, 0xa60)
    FIELD(PTP_CAP_INFO, TX_TS_CNT, 4, 3)
/*
 * TX timestamps the chip holds until the driver takes them: the in-tree
 * driver assumes 4 (LAN743X_PTP_NUMBER_OF_TX_TIMESTAMPS)
 */
#define LAN743X_PTP_TX_TS_FIFO  4
#define PTP_TX_CAUSE_SW         1       /* captured for a TSE descriptor */
#define PTP_MSG_SYNC            0
#define PTP_ETHERTYPE           0x88f7
#define PTP_EVENT_PORT          319
#define PTP_GENERAL_PORT        320
#define PTP_HDR_LEN             34
#define PTP_ORIGIN_TS_LEN       10      /* 48-bit seconds, 32-bit ns */
REG32(PTP_TX_MOD, 0xaa4)
    FIELD(PTP_TX_MOD, SYNC_TS_INSERT, 28, 1)
REG32(PTP_TX_MOD2, 0xaa8)
    FIELD(PTP_TX_MOD2, CLR_UDPV4_CHKSUM, 0, 1)
REG32(PTP_TX_EGRESS_SEC, 0xaac)
REG32(PTP_TX_EGRESS_NS, 0xab0)
    FIELD(PTP_TX_EGRESS_NS, NS, 0, 30)
    FIELD(PTP_TX_EGRESS_NS, CAUSE, 30, 2)
REG32(PTP_TX_MSG_HEADER, 0xab4)
    FIELD(PTP_TX_MSG_HEADER, SEQ_ID, 0, 16)
    FIELD(PTP_TX_MSG_HEADER, MSG_TYPE, 16, 4)
REG32(PTP_IO_CAP_CONFIG, 0xac4)
REG32(PTP_IO_RE_LTC_SEC_CAP_X, 0xac8)
REG32(PTP_IO_RE_LTC_NS_CAP_X, 0xacc)
REG32(PTP_IO_FE_LTC_SEC_CAP_X, 0xad0)
REG32(PTP_IO_FE_LTC_NS_CAP_X, 0xad4)
#define PTP_IO_CHANNELS         8
#define PTP_IO_RE_CAP_EN(n)     BIT(n)
#define PTP_IO_FE_CAP_EN(n)     BIT(8 + (n))
#define PTP_IO_LOCK_RE(n)       BIT(16 + (n))
#define PTP_IO_LOCK_FE(n)       BIT(24 + (n))
#define PTP_INT_IO_RE(n)        BIT(16 + (n))      /* PTP_INT_STS */
#define PTP_INT_IO_FE(n)        BIT(24 + (n))
/*
 * PCI11x1x: event outputs (PTP-IO).  GPIO n shows a clock target's event
 * while EN n is set, channel B's if SEL_B n is set, else channel A's;
 * PTP_IO_PIN_CFG says how it drives it: push-pull, or open drain (only
 * the low level driven)
 */
REG32(PTP_IO_EVENT_OUTPUT_CFG, 0xad8)
#define PTP_IO_OUT_EN(n)        BIT(n)
#define PTP_IO_OUT_SEL_B(n)     BIT(16 + (n))
REG32(PTP_IO_PIN_CFG, 0xadc)
#define PTP_IO_PUSH_PULL(n)     BIT(n)
REG32(PTP_LTC_RD_SEC_HI, 0xaf0)
REG32(PTP_LTC_RD_SEC_LO, 0xaf4)
REG32(PTP_LTC_RD_NS, 0xaf8)
REG32(PTP_LTC_RD_SUBNS, 0xafc)

/* DMA controller */
REG32(DMAC_CFG, 0xc00)
    FIELD(DMAC_CFG, MAX_DSPACE, 0, 2)
REG32(DMAC_COAL_CFG, 0xc04)
REG32(DMAC_OBFF_CFG, 0xc08)
REG32(DMAC_CMD, 0xc0c)
REG32(DMAC_INT_STS, 0xc10)
REG32(DMAC_INT_EN_SET, 0xc14)
REG32(DMAC_INT_EN_CLR, 0xc18)

#define DMAC_CMD_SWR            BIT(31)
#define DMAC_CMD_TX_SWR(ch)     BIT(24 + (ch))
#define DMAC_CMD_START_T(ch)    BIT(20 + (ch))
#define DMAC_CMD_STOP_T(ch)     BIT(16 + (ch))
#define DMAC_CMD_RX_SWR(ch)     BIT(8 + (ch))
#define DMAC_CMD_START_R(ch)    BIT(4 + (ch))
#define DMAC_CMD_STOP_R(ch)     BIT(0 + (ch))
#define DMAC_INT_TX_IOC(ch)     BIT(0 + (ch))
#define DMAC_INT_RXFRM(ch)      BIT(16 + (ch))
#define DMAC_INT_ERR            BIT(21)

/* Per-channel DMA registers: channel 0 offsets, 0x40 apart */
REG32(RX_CFG_A, 0xc40)
    FIELD(RX_CFG_A, HP_WB_EN, 5, 1)
REG32(RX_CFG_B, 0xc44)
    FIELD(RX_CFG_B, RING_LEN, 0, 16)
    FIELD(RX_CFG_B, RX_PAD, 24, 2)
    FIELD(RX_CFG_B, TS_DESCR_EN, 28, 1)
    FIELD(RX_CFG_B, TS_ALL_RX, 29, 1)
REG32(RX_BASE_ADDRH, 0xc48)
REG32(RX_BASE_ADDRL, 0xc4c)
REG32(RX_HEAD_WB_ADDRH, 0xc50)
REG32(RX_HEAD_WB_ADDRL, 0xc54)
REG32(RX_HEAD, 0xc58)
REG32(RX_TAIL, 0xc5c)
    FIELD(RX_TAIL, TAIL, 0, 16)
    FIELD(RX_TAIL, SET_TOP_INT_VEC_EN, 29, 1)
    FIELD(RX_TAIL, SET_TOP_INT_EN, 30, 1)
REG32(DMAC_RX_ERR_STS, 0xc60)
    FIELD(DMAC_RX_ERR_STS, DESC_TAIL_ERR, 5, 1)
    FIELD(DMAC_RX_ERR_STS, DESC_READ_ERR, 6, 1)
REG32(RX_CFG_C, 0xc64)
    FIELD(RX_CFG_C, R2C_MODE, 0, 3)
    FIELD(RX_CFG_C, DMA_INT_STS_AUTO_CLR, 3, 1)
    FIELD(RX_CFG_C, INT_EN_R2C, 4, 1)
    FIELD(RX_CFG_C, TOP_INT_EN_AUTO_CLR, 6, 1)

REG32(TX_CFG_A, 0xd40)
    FIELD(TX_CFG_A, HP_WB_EN, 5, 1)
REG32(TX_CFG_B, 0xd44)
    FIELD(TX_CFG_B, RING_LEN, 0, 16)
REG32(TX_BASE_ADDRH, 0xd48)
REG32(TX_BASE_ADDRL, 0xd4c)
REG32(TX_HEAD_WB_ADDRH, 0xd50)
REG32(TX_HEAD_WB_ADDRL, 0xd54)
REG32(TX_HEAD, 0xd58)
REG32(TX_TAIL, 0xd5c)
    FIELD(TX_TAIL, TAIL, 0, 16)
    FIELD(TX_TAIL, SET_TOP_INT_VEC_EN, 29, 1)
    FIELD(TX_TAIL, SET_TOP_INT_EN, 30, 1)
    FIELD(TX_TAIL, SET_DMAC_INT_EN, 31, 1)
REG32(DMAC_TX_ERR_STS, 0xd60)
    FIELD(DMAC_TX_ERR_STS, DESC_READ_ERR, 6, 1)
    FIELD(DMAC_TX_ERR_STS, DATA_READ_ERR, 7, 1)
REG32(TX_CFG_C, 0xd64)
    FIELD(TX_CFG_C, R2C_MODE, 0, 3)
    FIELD(TX_CFG_C, DMA_INT_STS_AUTO_CLR, 3, 1)
    FIELD(TX_CFG_C, INT_EN_R2C, 4, 1)
    FIELD(TX_CFG_C, DMA_INT_EN_AUTO_CLR, 5, 1)
    FIELD(TX_CFG_C, TOP_INT_EN_AUTO_CLR, 6, 1)

#define CH_REG(r, ch)           (R_##r + (ch) * (0x40 / 4))

/*
 * PCI11x1x: the system block above the Ethernet registers (BAR0 0x4000),
 * shared with the chip's other functions (lan743x_pcs.c)
 */
#define PCI11X1X_SYS_BASE       0x4000
REG32(SYS_CONFIG_LOAD_STARTED, 0x4078)
    FIELD(SYS_CONFIG_LOAD_STARTED, ETH, 4, 1)   /* loaded from EEPROM/OTP */
REG32(SYS_LOCK, 0x40a0)
    FIELD(SYS_LOCK, USB_SS, 0, 1)       /* another function's (x-faults) */
    FIELD(SYS_LOCK, ENET_SS, 1, 1)
/*
 * Its EEPROM controller (an I2C EEPROM: no write enable) and its OTP
 * controller, whose registers are the OTP_* block's at HS_OTP_BASE
 * (lan743x_eeprom.c)
 */
REG32(HS_E2P_CMD, 0x4e00)
    FIELD(HS_E2P_CMD, ADDR, 0, 16)
    FIELD(HS_E2P_CMD, TIMEOUT, 17, 1)
    FIELD(HS_E2P_CMD, CMD, 28, 3)       /* READ 0, WRITE 3 */
    FIELD(HS_E2P_CMD, BUSY, 31, 1)
REG32(HS_E2P_DATA, 0x4e04)
REG32(HS_E2P_CFG, 0x4e08)
REG32(HS_E2P_PAD_CTL, 0x4e0c)
#define HS_E2P_REGS             4
#define HS_OTP_BASE             0x5000

/* OTP (1024 bytes, lan743x_eeprom.c) and statistics */
REG32(OTP_PWR_DN, 0x1000)
    FIELD(OTP_PWR_DN, PWRDN_N, 0, 1)        /* 1: powered down */
REG32(OTP_ADDR_HIGH, 0x1004)                /* address bits 9:8 */
REG32(OTP_ADDR_LOW, 0x1008)                 /* address bits 7:0 */
REG32(OTP_PRGM_DATA, 0x1010)
REG32(OTP_PRGM_MODE, 0x1014)
    FIELD(OTP_PRGM_MODE, BYTE, 0, 1)
REG32(OTP_READ_DATA, 0x1018)
REG32(OTP_FUNC_CMD, 0x1020)
    FIELD(OTP_FUNC_CMD, READ, 0, 1)
REG32(OTP_TST_CMD, 0x1024)
    FIELD(OTP_TST_CMD, PRGVRFY, 3, 1)
REG32(OTP_CMD_GO, 0x1028)
    FIELD(OTP_CMD_GO, GO, 0, 1)
REG32(OTP_STATUS, 0x1030)
    FIELD(OTP_STATUS, BUSY, 0, 1)
/* an OTP block's registers, OTP_PWR_DN to OTP_STATUS: OTP_REG(OTP_x) */
#define OTP_REGS                (R_OTP_STATUS - R_OTP_PWR_DN + 1)
#define OTP_REG(r)              (R_##r - R_OTP_PWR_DN)
REG32(STAT_RX_FCS_ERRORS, 0x1200)
REG32(STAT_RX_OVERSIZE_FRAME_ERRORS, 0x1214)
REG32(STAT_RX_DROPPED_FRAMES, 0x1218)
REG32(STAT_RX_UNICAST_BYTE_COUNT, 0x121c)
REG32(STAT_RX_BROADCAST_BYTE_COUNT, 0x1220)
REG32(STAT_RX_MULTICAST_BYTE_COUNT, 0x1224)
REG32(STAT_RX_UNICAST_FRAMES, 0x1228)
REG32(STAT_RX_BROADCAST_FRAMES, 0x122c)
REG32(STAT_RX_MULTICAST_FRAMES, 0x1230)
REG32(STAT_RX_PAUSE_FRAMES, 0x1234)
REG32(STAT_RX_64_BYTE_FRAMES, 0x1238)
REG32(STAT_RX_TOTAL_FRAMES, 0x1254)
REG32(STAT_EEE_RX_LPI_TRANSITIONS, 0x1258)
REG32(STAT_EEE_RX_LPI_TIME, 0x125c)
REG32(STAT_TX_UNICAST_BYTE_COUNT, 0x12a0)
REG32(STAT_TX_BROADCAST_BYTE_COUNT, 0x12a4)
REG32(STAT_TX_MULTICAST_BYTE_COUNT, 0x12a8)
REG32(STAT_TX_UNICAST_FRAMES, 0x12ac)
REG32(STAT_TX_BROADCAST_FRAMES, 0x12b0)
REG32(STAT_TX_MULTICAST_FRAMES, 0x12b4)
REG32(STAT_TX_PAUSE_FRAMES, 0x12b8)
REG32(STAT_TX_64_BYTE_FRAMES, 0x12bc)
REG32(STAT_TX_TOTAL_FRAMES, 0x12d8)
REG32(STAT_EEE_TX_LPI_TRANSITIONS, 0x12dc)
REG32(STAT_EEE_TX_LPI_TIME, 0x12e0)
#define STAT_FIRST              0x1200
#define STAT_LAST               0x12fc

/*
 * Test-only fault injection (x-faults=on; see lan743x_faults.c).  Free
 * in the chip's map: the Linux driver's register map (mainline and the
 * pre-mainline one) ends at the statistics (0x12fc) below 0x2000.
 */
REG32(FAULT_CTL, 0x1f00)
REG32(FAULT_ARG, 0x1f04)
/* chip counters that only injected wire faults move (RX_BAD_FCS, RX_RUNT) */
REG32(STAT_RX_FRAGMENT_ERRORS, 0x1208)
REG32(STAT_RX_JABBER_ERRORS, 0x120c)
REG32(STAT_RX_UNDERSIZE_FRAME_ERRORS, 0x1210)

enum {
    LAN743X_FAULT_NONE = 0,
    LAN743X_FAULT_DEAD = 1,
    LAN743X_FAULT_TX_HEAD_BEYOND_TAIL = 2,
    LAN743X_FAULT_STOP_HANG = 3,
    LAN743X_FAULT_RX_LEN_OVERFLOW = 4,
    LAN743X_FAULT_RX_LS_NO_FS = 5,
    LAN743X_FAULT_RX_FS_NO_LS = 6,
    LAN743X_FAULT_RX_ZERO_LEN = 7,
    LAN743X_FAULT_RX_OWN_UNFILLED = 8,
    LAN743X_FAULT_DMA_ERROR = 9,
    LAN743X_FAULT_RX_BAD_FCS = 10,
    LAN743X_FAULT_RX_RUNT = 11,
    LAN743X_FAULT_IRQ_STORM = 12,
    LAN743X_FAULT_IRQ_STUCK = 13,
    LAN743X_FAULT_IRQ_NO_STATUS = 14,
    LAN743X_FAULT_IRQ_LOST = 15,
    LAN743X_FAULT_SYSLOCK_HELD = 16,
    LAN743X_FAULT_GPIO_INPUT = 17,
    LAN743X_FAULT_LAST = LAN743X_FAULT_GPIO_INPUT,
};

/* RX descriptor (16 bytes; data0 written last by the device) */
#define RX_DESC0_BUF_LEN_MASK   0x00003fff
#define RX_DESC0_EXT            BIT(14)
#define RX_DESC0_OWN            BIT(15)
#define RX_DESC0_FRAME_LEN_SHIFT 16
#define RX_DESC0_FRAME_LEN_MASK 0x3fff0000
#define RX_DESC0_LS             BIT(30)
#define RX_DESC0_FS             BIT(31)
#define RX_DESC1_ICSM           BIT(0)
#define RX_DESC1_TCE            BIT(16)
#define RX_DESC1_ICE            BIT(17)
#define RX_DESC2_TS_NS_MASK     0x3fffffff

/* TX descriptor */
#define TX_DESC0_BUF_LEN_MASK   0x0000ffff
#define TX_DESC0_TSE            BIT(16)
#define TX_DESC0_FCS            BIT(17)
#define TX_DESC0_TPE            BIT(20)
#define TX_DESC0_IPE            BIT(21)
#define TX_DESC0_ICE            BIT(22)
#define TX_DESC0_IOC            BIT(26)
#define TX_DESC0_EXT            BIT(27)
#define TX_DESC0_TSE            BIT(16)
#define TX_DESC0_LS             BIT(28)
#define TX_DESC0_FS             BIT(29)
#define TX_DESC0_DTYPE_MASK     0xc0000000
#define TX_DESC0_DTYPE_DATA     0x00000000
#define TX_DESC0_DTYPE_EXT      0x40000000
#define TX_DESC0_EXT_LSO        BIT(21)
#define TX_DESC0_EXT_PAY_LEN_MASK 0x000fffff
#define TX_DESC3_LEN_MSS_SHIFT  16
#define TX_DESC3_LEN_MSS_MASK   0x3fff0000

#endif

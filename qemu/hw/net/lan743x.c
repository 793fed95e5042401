/*
 * Microchip LAN7430/LAN7431 PCIe Gigabit Ethernet controller
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The register map, descriptor layouts and handshakes follow what the Linux
 * lan743x driver relies on (there is no public datasheet for some of it;
 * behaviour marked "inferred" below is deduced from driver usage).
 *
 * Emulated:
 *  - PCI identity 1055:7430 (or 7431), BAR0 8 KiB CSRs, MSI-X (8 vectors,
 *    table in BAR2, PBA in BAR4), MSI (1 vector), INTx pin A, PM and PCIe
 *    capabilities;
 *  - ID_REV with chip revision A0 or B0 (selects the driver's interrupt
 *    model), light reset (HW_CFG.LRST), PHY reset (PMT_CTL), EEPROM
 *    (512 bytes, volatile), data port into the RFE RAM;
 *  - MAC enables and disabled-status bits, MAC address registers loaded
 *    with the NIC's macaddr, MAX_SIZE/FSE oversize filtering, MDIO to one
 *    clause-22 PHY at address 1, statistics counters;
 *  - the PHY's link (see "PHY" below): autonegotiation (1000/100/10, full
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
 *    (see "Flow control" below);
 *  - PTP: the 1588 clock (read, load, step, rate adjustment), TX
 *    timestamps with their FIFO and one-step Sync, RX timestamps in the
 *    extension descriptor, the 1588 interrupt (see "PTP clock" below);
 *  - x-faults=on (driver tests only; off by default): a fault register at
 *    BAR0 0x1f00/0x1f04 (FAULT_CTL/FAULT_ARG, not a chip register) makes
 *    the device misbehave on purpose, one fault at a time: stop answering
 *    like a surprise removal, write back bogus heads or descriptors, hang
 *    DMA stops, raise a DMA error.  See "Fault injection" below.  With
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
 *  - EEE, wake-on-LAN and PME;
 *  - GPIOs, 1588 target/periodic outputs and event capture;
 *  - OTP memory (reads as blank), SGMII/PCI11x1x registers;
 *  - VLAN filtering (the VLAN table in the RFE RAM is stored, not used);
 *  - clause-45 MDIO accesses (read as 0xffff);
 *  - in the PHY: its interrupt (the drivers poll it), next pages, remote
 *    fault, MDI/MDI-X, loopback and isolate (BMCR bits stored only), cable
 *    diagnostics, collisions of a half-duplex or mismatched link;
 *  - the AER/DSN/LTR/L1SS extended capabilities.
 */

#include "qemu/osdep.h"
#include <zlib.h>
#include "hw/hw.h"
#include "hw/net/mii.h"
#include "hw/pci/pci.h"
#include "hw/pci/pcie.h"
#include "hw/pci/msi.h"
#include "hw/pci/msix.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "migration/vmstate.h"
#include "net/net.h"
#include "net/eth.h"
#include "net/checksum.h"
#include "qapi/error.h"
#include "qemu/bitops.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/units.h"
#include "qemu/queue.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "standard-headers/linux/virtio_net.h"
#include "sysemu/dma.h"
#include "sysemu/sysemu.h"
#include "trace.h"
#include "lan743x-gen.h"

#define TYPE_LAN743X "lan743x"
OBJECT_DECLARE_SIMPLE_TYPE(LAN743xState, LAN743X)

#define PCI_VENDOR_ID_LAN743X   0x1055     /* SMSC (PCI_VENDOR_ID_EFAR) */
#define LAN743X_MMIO_SIZE       0x2000
#define LAN743X_NUM_REGS        (LAN743X_MMIO_SIZE / 4)
#define LAN743X_MSIX_BAR_SIZE   256
#define LAN743X_MSIX_VECTORS    8
#define LAN743X_RX_CHANNELS     4
#define LAN743X_TX_CHANNELS     1
#define LAN743X_PHY_ADDR        1
#define LAN743X_RFE_RAM_SIZE    512        /* dwords */
#define LAN743X_RFE_HASH_BASE   128        /* multicast hash, 16 dwords */
#define LAN743X_EEPROM_SIZE     512
#define LAN743X_MAX_FRAME       16384      /* MAC_RX MAX_SIZE is 14 bits */
#define LAN743X_TX_BUF_SIZE     (256 * 1024)
#define LAN743X_MIN_FRAME       60         /* without FCS */
#define LAN743X_FCS_LEN         4

/* Capability offsets as on a shipping LAN7430 */
#define LAN743X_PM_OFFSET       0x40
#define LAN743X_MSI_OFFSET      0x50
#define LAN743X_PCIE_OFFSET     0x70
#define LAN743X_MSIX_OFFSET     0xb0

/* System registers */
REG32(ID_REV, 0x000)
REG32(FPGA_REV, 0x004)
REG32(STRAP_READ, 0x00c)
REG32(HW_CFG, 0x010)
    FIELD(HW_CFG, LRST, 1, 1)
REG32(PMT_CTL, 0x014)
    FIELD(PMT_CTL, WUPS, 0, 2)
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
REG32(GPIO_CFG0, 0x050)
REG32(GPIO_CFG3, 0x05c)
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
    FIELD(MAC_CR, CNTR_RST, 5, 1)
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
    FIELD(MAC_MII_ACC, MIICL45, 3, 1)
    FIELD(MAC_MII_ACC, REG, 6, 5)
    FIELD(MAC_MII_ACC, PHY, 11, 5)
REG32(MAC_MII_DATA, 0x124)
REG32(MAC_WK_SRC, 0x144)

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
#define LAN743X_MOD_TIMERS      10

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
REG32(PTP_INT_STS, 0xa08)
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
REG32(TX_CFG_C, 0xd64)
    FIELD(TX_CFG_C, R2C_MODE, 0, 3)
    FIELD(TX_CFG_C, DMA_INT_STS_AUTO_CLR, 3, 1)
    FIELD(TX_CFG_C, INT_EN_R2C, 4, 1)
    FIELD(TX_CFG_C, DMA_INT_EN_AUTO_CLR, 5, 1)
    FIELD(TX_CFG_C, TOP_INT_EN_AUTO_CLR, 6, 1)

#define CH_REG(r, ch)           (R_##r + (ch) * (0x40 / 4))

/* OTP and statistics */
REG32(OTP_STATUS, 0x1030)
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
REG32(STAT_TX_UNICAST_BYTE_COUNT, 0x12a0)
REG32(STAT_TX_BROADCAST_BYTE_COUNT, 0x12a4)
REG32(STAT_TX_MULTICAST_BYTE_COUNT, 0x12a8)
REG32(STAT_TX_UNICAST_FRAMES, 0x12ac)
REG32(STAT_TX_BROADCAST_FRAMES, 0x12b0)
REG32(STAT_TX_MULTICAST_FRAMES, 0x12b4)
REG32(STAT_TX_PAUSE_FRAMES, 0x12b8)
REG32(STAT_TX_64_BYTE_FRAMES, 0x12bc)
REG32(STAT_TX_TOTAL_FRAMES, 0x12d8)
#define STAT_FIRST              0x1200
#define STAT_LAST               0x12fc

/*
 * Test-only fault injection (x-faults=on; see "Fault injection").  Free
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
    LAN743X_FAULT_LAST = LAN743X_FAULT_RX_RUNT,
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

typedef struct LAN743xDesc {
    uint32_t data0;
    uint32_t data1;
    uint32_t data2;
    uint32_t data3;
} LAN743xDesc;

/* A received frame waiting in the RX FIFO: pad + frame + FCS */
typedef struct LAN743xFifoFrame {
    QSIMPLEQ_ENTRY(LAN743xFifoFrame) next;
    size_t total;
    size_t frame_len;
    uint32_t status;
    int64_t stamp;              /* the 1588 clock when it arrived */
    uint8_t data[];
} LAN743xFifoFrame;

struct LAN743xState {
    /*< private >*/
    PCIDevice parent_obj;
    /*< public >*/

    MemoryRegion mmio;
    MemoryRegion msix_table_bar;
    MemoryRegion msix_pba_bar;
    NICState *nic;
    NICConf conf;

    /* properties */
    uint16_t device_id;
    char *revision;
    bool msix;
    bool msi;
    bool vnet;
    bool pace_wire;
    uint32_t rx_fifo_size;
    uint32_t int_mod_unit_ns;
    bool faults;                 /* x-faults: FAULT_CTL/FAULT_ARG exist */
    bool gen_on;                 /* x-gen: the traffic generator exists */
    char *cable;                 /* x-cable: the cable's name, or NULL */
    bool is_a0;
    bool has_vnet;               /* peer takes/gives virtio-net headers */

    uint32_t regs[LAN743X_NUM_REGS];
    uint32_t rfe_ram[LAN743X_RFE_RAM_SIZE];
    uint8_t eeprom[LAN743X_EEPROM_SIZE];
    uint16_t phy_regs[32];
    /*
     * The PHY's link (see "PHY" below): the chip on the other end of the
     * x-cable (not migrated: the destination's x-cable joins them again),
     * the timer at which negotiation ends, the link as it is (BMSR LINK_ST
     * is as last latched), a drop not read from BMSR yet, the speed.
     */
    LAN743xState *cable_peer;
    QEMUTimer *phy_an_timer;
    bool phy_link;
    bool phy_latched;
    uint32_t phy_mbps;

    /* interrupt controller */
    uint32_t int_latch;          /* INT_SET / SW_GP latched sources */
    uint32_t int_en;             /* INT_EN_SET / INT_EN_CLR */
    uint32_t vec_en;             /* INT_VEC_EN_SET / INT_VEC_EN_CLR */
    uint32_t vec_level;          /* last computed level per MSI-X vector */
    uint32_t msi_level;
    uint32_t intx_level;

    /* interrupt moderation: a timer may not fire again before its deadline */
    int64_t mod_deadline[LAN743X_MOD_TIMERS];
    QEMUTimer *mod_timer;

    /*
     * The wire, per direction: virtual time at which it is free for the
     * next frame, and a timer to resume when it is.  RX frames that find
     * no descriptor wait in a per-channel FIFO.  Not migrated: frames in
     * flight are lost, as on a real link that bounces.
     */
    int64_t rx_wire_free;
    int64_t tx_wire_free;
    bool rx_wire_held;          /* turned a frame away: wait for a batch */
    /*
     * QEMU may hold frames for us: we turned one away or could not
     * receive.  Only then does taking frames in again flush its queue: a
     * flush wakes QEMU's main loop, and drivers move the RX tail often.
     */
    bool rx_refused;
    QEMUTimer *rx_wire_timer;
    QEMUTimer *tx_wire_timer;
    QSIMPLEQ_HEAD(, LAN743xFifoFrame) rx_fifo[LAN743X_RX_CHANNELS];
    uint32_t rx_fifo_used[LAN743X_RX_CHANNELS];
    /*
     * 802.3x flow control: we asked the partner to pause (and have not
     * released it yet); the partner paused our transmitter until then.
     */
    bool pause_sent;
    int64_t tx_pause_end;

    /*
     * PTP clock: ptp_base ns + ptp_subns 2^-32 ns at virtual time ptp_ref,
     * running at the rate PTP_CLOCK_RATE_ADJ sets since then.  The TX
     * timestamp FIFO: ptp_tx_count entries, the oldest first.
     */
    int64_t ptp_base;
    int64_t ptp_ref;
    uint32_t ptp_subns;
    uint32_t ptp_tx_count;
    uint32_t ptp_tx_sec[LAN743X_PTP_TX_TS_FIFO];
    uint32_t ptp_tx_ns[LAN743X_PTP_TX_TS_FIFO];
    uint32_t ptp_tx_hdr[LAN743X_PTP_TX_TS_FIFO];

    /* what the TX frames sent since the wire was last taken occupy */
    uint64_t tx_wire_bytes;

    /*
     * Fault injection (x-faults=on), tests only, not migrated: the armed
     * code (0 = none), the N last written to FAULT_ARG, how many more
     * write-backs/frames/descriptors a counted fault spoils, how often it
     * fired since FAULT_CTL was written, RX_FS_NO_LS inside its chain.
     */
    uint32_t fault;
    uint32_t fault_arg;
    uint32_t fault_left;
    uint32_t fault_fired;
    bool fault_chain;

    /* the test traffic generator (x-gen=on; lan743x-gen.c), not migrated */
    LAN743xGen *gen;

    /* scratch buffers, not migrated */
    uint8_t *rx_buf;
    uint8_t *tx_buf;
    uint8_t *tx_seg;
};

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
    if (addr >= A_TX_CFG_A && addr < A_TX_CFG_A + 0x40 * LAN743X_TX_CHANNELS) {
        return "TX_CHANNEL";
    }
    if (addr >= STAT_FIRST && addr <= STAT_LAST) {
        return "STAT";
    }
    return "?";
}

/*
 * The chip as a PCI device, for the paths that run per frame and per
 * register access: the parent object itself, without the checked QOM cast
 * (a type lookup each time in builds with QOM cast debugging, the default).
 */
static inline PCIDevice *lan743x_pci(LAN743xState *s)
{
    return &s->parent_obj;
}

/* ------------------------------------------------------------------ */
/* VMState                                                             */
/* ------------------------------------------------------------------ */

static void lan743x_update_irq(LAN743xState *s);
static void lan743x_fault_dead_irq(LAN743xState *s);

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
    .version_id = 3,
    .minimum_version_id = 1,
    .post_load = lan743x_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, LAN743xState),
        VMSTATE_MSIX(parent_obj, LAN743xState),
        VMSTATE_UINT32_ARRAY(regs, LAN743xState, LAN743X_NUM_REGS),
        VMSTATE_UINT32_ARRAY(rfe_ram, LAN743xState, LAN743X_RFE_RAM_SIZE),
        VMSTATE_UINT8_ARRAY(eeprom, LAN743xState, LAN743X_EEPROM_SIZE),
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
        VMSTATE_END_OF_LIST()
    }
};

/* ------------------------------------------------------------------ */
/* Interrupts                                                          */
/* ------------------------------------------------------------------ */

/*
 * Arm @t for @when unless it already is: timer_mod() on a timer that is
 * first in its list wakes the main loop (an eventfd write) even when the
 * deadline does not change, and the paths below re-arm the same deadline
 * for every frame while the wire or a moderation timer is busy.
 */
static void lan743x_timer_arm(QEMUTimer *t, int64_t when)
{
    if (!timer_pending(t) || timer_expire_time_ns(t) != when) {
        timer_mod(t, when);
    }
}

/* Pending sources as INT_STS shows them (without MAS). */
static uint32_t lan743x_int_sources(LAN743xState *s)
{
    uint32_t dmac = s->regs[R_DMAC_INT_STS] & s->regs[R_DMAC_INT_EN_SET];
    uint32_t sts = s->int_latch & ~INT_BIT_MAS;
    int ch;

    for (ch = 0; ch < LAN743X_RX_CHANNELS; ch++) {
        if (dmac & DMAC_INT_RXFRM(ch)) {
            sts |= INT_BIT_DMA_RX(ch);
        }
    }
    for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
        if (dmac & DMAC_INT_TX_IOC(ch)) {
            sts |= INT_BIT_DMA_TX(ch);
        }
    }
    if (s->regs[R_PTP_INT_STS] & s->regs[R_PTP_INT_EN_SET]) {
        sts |= INT_BIT_1588;
    }
    if (dmac & DMAC_INT_ERR) {          /* only the DMA_ERROR fault sets it */
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

/* The MSI-X vector a source bit is mapped to (INT_VEC_MAP0..2). */
static unsigned lan743x_int_vector(LAN743xState *s, int bit)
{
    if (bit >= 24 && bit < 24 + LAN743X_RX_CHANNELS) {
        return extract32(s->regs[R_INT_VEC_MAP0], (bit - 24) * 4, 4) & 7;
    }
    if (bit >= 16 && bit < 16 + LAN743X_TX_CHANNELS) {
        return extract32(s->regs[R_INT_VEC_MAP1], (bit - 16) * 4, 4) & 7;
    }
    return extract32(s->regs[R_INT_VEC_MAP2], 0, 4) & 7;
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
    } else if (bit >= 16 && bit < 16 + LAN743X_TX_CHANNELS) {
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
    for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
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
static void lan743x_update_irq(LAN743xState *s)
{
    PCIDevice *d = lan743x_pci(s);
    bool mas = s->int_en & INT_BIT_MAS;
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int64_t next = INT64_MAX;
    uint32_t active = lan743x_int_sources(s) & s->int_en & ~INT_BIT_MAS;
    uint32_t level = 0, postponed = 0;
    uint32_t vec_bits[LAN743X_MSIX_VECTORS] = { 0 };
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
        for (v = 0; v < LAN743X_MSIX_VECTORS; v++) {
            if (mas && (s->vec_en & BIT(v)) && vec_bits[v]) {
                level |= BIT(v);
            }
        }
        for (v = 0; v < LAN743X_MSIX_VECTORS; v++) {
            if (!(level & BIT(v)) || (s->vec_level & BIT(v))) {
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
        for (v = 0; v < LAN743X_MSIX_VECTORS; v++) {
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
 */
#define PHY_ID1                 0x0007      /* Microchip OUI */
#define PHY_ID2                 0xc1f1      /* model no PHY driver claims */
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

/* Bring the link up as the two ends' settings resolve it, or leave it down */
static void lan743x_phy_resolve(LAN743xState *s)
{
    LAN743xState *p = s->cable_peer;
    uint16_t *r = s->phy_regs;
    bool an = r[MII_BMCR] & MII_BMCR_AUTOEN;
    uint16_t p_bmcr, p_anar, p_ctrl1000, lpa = 0, stat1000 = 0;
    bool tie = false, fault, an_done = false, fd;
    unsigned mbps, common;

    lan743x_phy_down(s);
    if (!lan743x_phy_ready(s) || (p && !lan743x_phy_ready(p)) ||
        (s->cable && !p)) {
        return;
    }
    if (p) {
        p_bmcr = p->phy_regs[MII_BMCR];
        p_anar = p->phy_regs[MII_ANAR];
        p_ctrl1000 = p->phy_regs[MII_CTRL1000];
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
    trace_lan743x_phy_link(1, mbps, fd);
}

static void lan743x_phy_an_timer_cb(void *opaque)
{
    lan743x_phy_resolve(opaque);
}

static void lan743x_phy_reset(LAN743xState *s)
{
    uint16_t *r = s->phy_regs;

    memset(r, 0, sizeof(s->phy_regs));
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
    lan743x_phy_retrain(s);
}

static uint16_t lan743x_phy_read(LAN743xState *s, unsigned reg)
{
    uint16_t val = s->phy_regs[reg & 31];

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

/* The chip already on the x-cable @name, if any; *@full: it has two */
static LAN743xState *lan743x_cable_end(const char *name, bool *full)
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
static void lan743x_cable_join(LAN743xState *s)
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
static void lan743x_cable_leave(LAN743xState *s)
{
    LAN743xState *p = s->cable_peer;

    lan743x_cabled = g_slist_remove(lan743x_cabled, s);
    s->cable_peer = NULL;
    if (p) {
        p->cable_peer = NULL;
        lan743x_phy_down(p);
    }
}

static void lan743x_mii_access(LAN743xState *s, uint32_t acc)
{
    unsigned phy = FIELD_EX32(acc, MAC_MII_ACC, PHY);
    unsigned reg = FIELD_EX32(acc, MAC_MII_ACC, REG);
    bool write = FIELD_EX32(acc, MAC_MII_ACC, WRITE);

    if (FIELD_EX32(acc, MAC_MII_ACC, MIICL45)) {
        /* No clause-45 devices on this bus */
        if (!write) {
            s->regs[R_MAC_MII_DATA] = 0xffff;
        }
    } else if (phy != LAN743X_PHY_ADDR) {
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

/* ------------------------------------------------------------------ */
/* The wire                                                            */
/* ------------------------------------------------------------------ */

/* Beyond the frame and its FCS: preamble + SFD (8) and inter-frame gap */
#define LAN743X_WIRE_OVERHEAD   20
/*
 * How far the wire may lag behind the virtual clock.  A timer fires late
 * and the host delivers frames in bursts: the wire catches up that much,
 * so that the average rate is the line rate, but idle time beyond it is
 * not banked for a later burst.
 */
#define LAN743X_WIRE_SLACK_NS   (50 * SCALE_US)
/*
 * How far ahead of its time the wire takes a frame: the frames due within
 * this much go in one go, so that QEMU wakes once per batch of frames
 * instead of once per frame.  Each frame keeps its own time on the wire
 * (its timestamps are when it starts on it) and the average rate stays
 * the line rate.
 */
#define LAN743X_WIRE_AHEAD_NS   (100 * SCALE_US)

/* The speed of the PHY's link, 0 without one */
static unsigned lan743x_link_mbps(LAN743xState *s)
{
    return s->phy_link ? s->phy_mbps : 0;
}

/* Is the wire of one direction, free from @free on, still busy? */
static bool lan743x_wire_busy(LAN743xState *s, int64_t free)
{
    return s->pace_wire && qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) < free;
}

/* Bytes a frame of @frame_len (with FCS) occupies on the wire */
static uint64_t lan743x_wire_bytes(size_t frame_len)
{
    return frame_len + LAN743X_WIRE_OVERHEAD;
}

/* When a frame put on a wire free from @free on starts on it */
static int64_t lan743x_wire_start(LAN743xState *s, int64_t free)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    return s->pace_wire && lan743x_link_mbps(s) ? MAX(free, now) : now;
}

/*
 * Occupy the wire of one direction for @bytes (lan743x_wire_bytes()).
 * Returns when the frame starts on it: now, or later for a frame taken
 * ahead of its time.
 */
static int64_t lan743x_wire_use(LAN743xState *s, int64_t *free,
                                uint64_t bytes)
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
static int64_t lan743x_ptp_read_at(LAN743xState *s, int64_t when,
                                   uint32_t *subns)
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

static void lan743x_ptp_set(LAN743xState *s, int64_t ns, uint32_t subns)
{
    s->ptp_base = ns;
    s->ptp_subns = subns;
    s->ptp_ref = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* A clock value as the chip's 48-bit seconds and ns (before 0 wraps) */
static void lan743x_ptp_split(int64_t now, uint64_t *sec, uint32_t *ns)
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
static void lan743x_ptp_rate(LAN743xState *s, uint32_t val)
{
    uint32_t subns;
    int64_t now = lan743x_ptp_read(s, &subns);

    lan743x_ptp_set(s, now, subns);
    s->regs[R_PTP_CLOCK_RATE_ADJ] = val;
}

static void lan743x_ptp_command(LAN743xState *s, uint32_t cmd)
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
static void lan743x_ptp_int_clear(LAN743xState *s, uint32_t val)
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

/* ------------------------------------------------------------------ */
/* Descriptor helpers                                                  */
/* ------------------------------------------------------------------ */

static unsigned lan743x_desc_spacing(LAN743xState *s)
{
    return 16u << FIELD_EX32(s->regs[R_DMAC_CFG], DMAC_CFG, MAX_DSPACE);
}

static bool lan743x_read_desc(LAN743xState *s, dma_addr_t addr,
                              LAN743xDesc *desc)
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
static bool lan743x_write_desc(LAN743xState *s, dma_addr_t addr,
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

static bool lan743x_write_head(LAN743xState *s, uint32_t addrh, uint32_t addrl,
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
static void lan743x_rx_dma_error(LAN743xState *s, int ch, const char *why)
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
 *
 * The error bits are the chip's, named as in the pre-mainline Linux
 * driver (mainline has none of them and never enables them).  Whether a
 * bus error stops the channel is not in our references: the model stops
 * it, as for the DMA errors it detects itself.  DMA_GEN goes to the
 * vector of INT_VEC_MAP2[3:0] like the model's other "other" sources.
 * DMAC_RX_ERR_STS is W1C only with x-faults=on (a plain register before).
 */

static void lan743x_reset(DeviceState *dev);

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
    for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
        if ((*cmd & DMAC_CMD_START_T(ch)) && (*cmd & DMAC_CMD_STOP_T(ch))) {
            *cmd &= ~DMAC_CMD_START_T(ch);
        }
    }
}

/* FAULT_CTL write */
static void lan743x_fault_arm(LAN743xState *s, uint32_t code)
{
    bool was_dead = s->fault == LAN743X_FAULT_DEAD;
    uint32_t arg = s->fault_arg;

    if (code > LAN743X_FAULT_LAST) {
        code = LAN743X_FAULT_NONE;
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
    trace_lan743x_fault_arm(code, s->fault_left);
}

/* BAR0 read with x-faults=on: true if answered here */
static bool lan743x_fault_mmio_read(LAN743xState *s, hwaddr addr,
                                    uint32_t *val)
{
    switch (addr) {
    case A_FAULT_CTL:
        *val = s->fault;
        return true;
    case A_FAULT_ARG:
        *val = s->fault_fired;
        return true;
    }
    if (s->fault == LAN743X_FAULT_DEAD) {
        *val = 0xffffffff;
        lan743x_fault_fire(s, -1, false);
        return true;
    }
    return false;
}

/* BAR0 write with x-faults=on: true if taken (or dropped) here */
static bool lan743x_fault_mmio_write(LAN743xState *s, hwaddr addr,
                                     uint32_t val)
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
static void lan743x_fault_dead_irq(LAN743xState *s)
{
    if (s->intx_level) {
        s->intx_level = 0;
        pci_set_irq(lan743x_pci(s), 0);
    }
}

/* STOP_HANG: swallow a stop command for a started channel? */
static bool lan743x_fault_stop_hang(LAN743xState *s, int ch,
                                    uint32_t start_bit)
{
    if (s->fault != LAN743X_FAULT_STOP_HANG ||
        !(s->regs[R_DMAC_CMD] & start_bit)) {
        return false;
    }
    lan743x_fault_fire(s, ch, false);
    return true;
}

/* TX_HEAD_BEYOND_TAIL: the head value to write back instead of @head */
static uint32_t lan743x_fault_tx_head(LAN743xState *s, int ch, uint32_t head,
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
static bool lan743x_fault_rx_begin(LAN743xState *s, int ch, unsigned *lead)
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
static void lan743x_fault_rx_zero_len(const LAN743xDesc *d, LAN743xDesc *out)
{
    out->data0 = 0;
    out->data1 = d->data1;
    out->data2 = d->data2;
}

/*
 * Spoil the write-back @out of a frame's data descriptor @d (FS and LS
 * set as they should be); @have: the frame's buffers' total length.
 */
static void lan743x_fault_rx_wb(LAN743xState *s, const LAN743xDesc *d,
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
static void lan743x_fault_rx_done(LAN743xState *s, int ch)
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

static void lan743x_stat_add(LAN743xState *s, int reg, uint32_t n);

/*
 * A frame of @size bytes (no FCS, unpadded) passed the RFE filter;
 * @oversize: above MAX_SIZE.  Returns true if the MAC drops it instead
 * (RX_BAD_FCS, RX_RUNT), counted as the chip counts it.
 */
static bool lan743x_fault_rx_wire(LAN743xState *s, size_t size, bool oversize)
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

/* ------------------------------------------------------------------ */
/* Packet helpers: L3/L4 parsing, checksums, statistics                */
/* ------------------------------------------------------------------ */

typedef struct LAN743xPktInfo {
    unsigned l3_off;        /* 0 if not IP */
    unsigned l4_off;        /* 0 if no TCP/UDP header to use */
    uint8_t l4_proto;       /* IP_PROTO_TCP / IP_PROTO_UDP / other */
    bool ipv4;
    bool ipv6;
    bool fragment;
    bool vlan;
} LAN743xPktInfo;

/*
 * Find the L3/L4 headers.  @lso: a TSO template whose IP length fields
 * may be stale (0 or the pre-segmentation length): trust @len instead.
 */
static void lan743x_parse_hdrs(const uint8_t *p, size_t len,
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

static void lan743x_parse(const uint8_t *p, size_t len, LAN743xPktInfo *pi)
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
static uint32_t lan743x_pseudo_sum(const uint8_t *p, const LAN743xPktInfo *pi,
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

static uint16_t lan743x_l4_csum(uint8_t *p, const LAN743xPktInfo *pi,
                                unsigned l4_len)
{
    uint32_t sum = lan743x_pseudo_sum(p, pi, l4_len);

    sum += lan743x_csum_add(p + pi->l4_off, l4_len);
    return net_checksum_finish(sum);
}

static void lan743x_fill_ip4_csum(uint8_t *p, const LAN743xPktInfo *pi)
{
    unsigned ihl = (p[pi->l3_off] & 0xf) * 4;

    stw_be_p(p + pi->l3_off + 10, 0);
    stw_be_p(p + pi->l3_off + 10,
             net_checksum_finish(lan743x_csum_add(p + pi->l3_off, ihl)));
}

/* Insert the TCP/UDP checksum (and IPv4 header checksum) into a frame */
static void lan743x_fill_csum(uint8_t *p, size_t len, bool ip, bool l4)
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

static void lan743x_stat_add(LAN743xState *s, int reg, uint32_t n)
{
    s->regs[reg] += n;
}

/* Count a frame of @len bytes (with FCS) in the RX or TX counter block */
static void lan743x_count_frame(LAN743xState *s, bool rx, const uint8_t *da,
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
/* Transmit                                                            */
/* ------------------------------------------------------------------ */

static void lan743x_tx_send_hdr(LAN743xState *s, uint8_t *buf, size_t len,
                                struct virtio_net_hdr *vh)
{
    NetClientState *nc = qemu_get_queue(s->nic);
    struct virtio_net_hdr zero = { 0 };
    struct iovec iov[2];

    if (!s->phy_link) {
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
    lan743x_count_frame(s, false, buf, MAX(len, LAN743X_MIN_FRAME) +
                        LAN743X_FCS_LEN);
    if (unlikely(s->gen) && s->phy_link &&
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
static void lan743x_ptp_tx_stamp(LAN743xState *s, uint8_t *p, size_t len,
                                 bool insert)
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

/*
 * Process TX descriptors from TX_HEAD up to (not including) TX_TAIL.
 * Only complete frames (FS .. LS, plus an extension descriptor if flagged)
 * are consumed; the head is written back after each batch.
 */
static void lan743x_tx_process(LAN743xState *s, int ch)
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
                lan743x_tx_dma_error(s, ch, "descriptor read failed");
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
                    lan743x_tx_dma_error(s, ch, "buffer read failed");
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
        if (ioc) {
            s->regs[R_DMAC_INT_STS] |= DMAC_INT_TX_IOC(ch);
        }
        trace_lan743x_tx_head(ch, head);
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
/* Receive                                                             */
/* ------------------------------------------------------------------ */

static bool lan743x_rx_ready(LAN743xState *s, int ch)
{
    return lan743x_rx_running(s, ch) &&
           (s->regs[R_FCT_RX_CTL] & FCT_CTL_EN(ch));
}

static bool lan743x_can_receive(NetClientState *nc)
{
    LAN743xState *s = qemu_get_nic_opaque(nc);
    PCIDevice *d = lan743x_pci(s);
    /* a paused partner keeps its frames */
    bool can = (d->config[PCI_COMMAND] & PCI_COMMAND_MASTER) &&
               !s->pause_sent;

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
static bool lan743x_rx_put(LAN743xState *s, int ch, const uint8_t *data,
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
            lan743x_rx_dma_error(s, ch, "descriptor read failed");
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
    s->regs[R_DMAC_INT_STS] |= DMAC_INT_RXFRM(ch);
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
static bool lan743x_rx_fifo_push(LAN743xState *s, int ch, const uint8_t *data,
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
static void lan743x_rx_fifo_drain(LAN743xState *s, int ch)
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

static void lan743x_rx_fifo_flush(LAN743xState *s, int ch)
{
    LAN743xFifoFrame *f;

    while ((f = QSIMPLEQ_FIRST(&s->rx_fifo[ch]))) {
        QSIMPLEQ_REMOVE_HEAD(&s->rx_fifo[ch], next);
        g_free(f);
    }
    s->rx_fifo_used[ch] = 0;
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
        for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
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
static void lan743x_rx_kick(LAN743xState *s)
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

static void lan743x_rx_wire_timer_cb(void *opaque)
{
    LAN743xState *s = opaque;

    lan743x_rx_flush(s);
    lan743x_update_irq(s);
}

static void lan743x_tx_wire_timer_cb(void *opaque)
{
    LAN743xState *s = opaque;
    int ch;

    for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
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
    stamp = lan743x_ptp_read_at(s, stamp, &subns);
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

    if (unlikely(s->fault == LAN743X_FAULT_DEAD) || !s->phy_link) {
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

static const LAN743xGenOps lan743x_gen_ops = {
    .offer = lan743x_gen_offer,
    .own_mac = lan743x_gen_own_mac,
};

static void lan743x_set_link_status(NetClientState *nc)
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

/* Frames from the wire reach the MAC only over the PHY's link */
static ssize_t lan743x_receive_phy(NetClientState *nc, const uint8_t *buf,
                                   size_t size)
{
    LAN743xState *s = qemu_get_nic_opaque(nc);
    ssize_t ret;

    if (!s->phy_link) {
        return size;            /* dropped */
    }
    ret = lan743x_receive(nc, buf, size);
    s->rx_refused |= !ret;
    return ret;
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
    s->regs[R_ID_REV] = ((uint32_t)s->device_id << 16) |
                        (s->is_a0 ? 0x0000 : 0x0010);
    s->regs[R_PMT_CTL] = R_PMT_CTL_READY_MASK;
    s->regs[R_DP_SEL] = R_DP_SEL_DPRDY_MASK;
    s->regs[R_MAC_RX] = FIELD_DP32(R_MAC_RX_RXD_MASK, MAC_RX, MAX_SIZE,
                                   1518);
    s->regs[R_MAC_TX] = R_MAC_TX_TXD_MASK;
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
    lan743x_phy_reset(s);
}

static void lan743x_reset(DeviceState *dev)
{
    LAN743xState *s = LAN743X(dev);

    lan743x_csr_reset(s);
    s->vec_level = 0;
    s->msi_level = 0;
    s->intx_level = 0;
    memset(s->eeprom, 0xff, sizeof(s->eeprom));
    pci_set_irq(lan743x_pci(s), 0);
    if (s->gen) {
        lan743x_gen_reset(s->gen);
    }
    s->fault = LAN743X_FAULT_NONE;
    s->fault_arg = 0;
    s->fault_left = 0;
    s->fault_fired = 0;
    s->fault_chain = false;
}

/* ------------------------------------------------------------------ */
/* Register access                                                     */
/* ------------------------------------------------------------------ */

static void lan743x_dmac_command(LAN743xState *s, uint32_t val)
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
        for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
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
    for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
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

/* Set the vector enable of the vector a source is mapped to */
static void lan743x_vec_enable_for(LAN743xState *s, uint32_t bit)
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
    for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
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
    default:
        val = s->regs[idx];
        break;
    }
    trace_lan743x_mmio_read(addr, lan743x_reg_name(addr), val);
    return val;
}

static void lan743x_write_rx_chan(LAN743xState *s, int ch, unsigned reg,
                                  uint32_t val)
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
        /* W1C; only x-faults sets bits, without it a plain register */
        if (s->faults) {
            s->regs[idx] &= ~val;
        } else {
            s->regs[idx] = val;
        }
        return;
    default:
        s->regs[idx] = val;
        return;
    }
}

static void lan743x_write_tx_chan(LAN743xState *s, int ch, unsigned reg,
                                  uint32_t val)
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
    default:
        s->regs[idx] = val;
        return;
    }
}

static void lan743x_fct_write(LAN743xState *s, unsigned idx, uint32_t val,
                              int nch)
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

static void lan743x_e2p_command(LAN743xState *s, uint32_t val)
{
    unsigned addr = FIELD_EX32(val, E2P_CMD, ADDR);

    if (!FIELD_EX32(val, E2P_CMD, BUSY)) {
        return;
    }
    switch (FIELD_EX32(val, E2P_CMD, CMD)) {
    case 0:                                             /* READ */
        s->regs[R_E2P_DATA] = s->eeprom[addr];
        break;
    case 3:                                             /* WRITE */
        s->eeprom[addr] = s->regs[R_E2P_DATA];
        break;
    default:                                            /* EWEN etc. */
        break;
    }
    s->regs[R_E2P_CMD] = val & ~R_E2P_CMD_BUSY_MASK;
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
    if (addr >= A_RX_CFG_A && addr < A_RX_CFG_A + 0x40 * LAN743X_RX_CHANNELS) {
        ch = (addr - A_RX_CFG_A) / 0x40;
        lan743x_write_rx_chan(s, ch, idx - CH_REG(RX_CFG_A, ch), val);
        lan743x_update_irq(s);
        return;
    }
    if (addr >= A_TX_CFG_A && addr < A_TX_CFG_A + 0x40 * LAN743X_TX_CHANNELS) {
        ch = (addr - A_TX_CFG_A) / 0x40;
        lan743x_write_tx_chan(s, ch, idx - CH_REG(TX_CFG_A, ch), val);
        lan743x_update_irq(s);
        return;
    }
    if (addr >= STAT_FIRST && addr <= STAT_LAST) {
        s->regs[idx] = val;     /* counters are writable (e.g. to clear) */
        return;
    }

    switch (idx) {
    case R_ID_REV:
    case R_FPGA_REV:
    case R_STRAP_READ:
    case R_OTP_STATUS:
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
            s->regs[R_HW_CFG] = val;
        }
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
        lan743x_e2p_command(s, val);
        break;
    case R_FCT_RX_CTL:
        lan743x_fct_write(s, idx, val, LAN743X_RX_CHANNELS);
        kick_rx = true;
        break;
    case R_FCT_TX_CTL:
        lan743x_fct_write(s, idx, val, LAN743X_TX_CHANNELS);
        for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
            lan743x_tx_process(s, ch);
        }
        break;
    case R_MAC_CR:
        if (FIELD_EX32(val, MAC_CR, CNTR_RST)) {
            memset(&s->regs[STAT_FIRST / 4], 0, STAT_LAST + 4 - STAT_FIRST);
        }
        s->regs[R_MAC_CR] = val & ~(R_MAC_CR_RST_MASK | R_MAC_CR_CNTR_RST_MASK);
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
        if (FIELD_EX32(new, MAC_TX, TXEN)) {
            for (ch = 0; ch < LAN743X_TX_CHANNELS; ch++) {
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
        s->vec_en |= val & MAKE_64BIT_MASK(0, LAN743X_MSIX_VECTORS);
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

static void lan743x_realize(PCIDevice *d, Error **errp)
{
    LAN743xState *s = LAN743X(d);
    NetClientState *nc;
    bool full;
    int i;

    if (s->device_id != 0x7430 && s->device_id != 0x7431) {
        error_setg(errp, "lan743x: device-id must be 0x7430 or 0x7431");
        return;
    }
    if (!s->revision || !strcasecmp(s->revision, "b0")) {
        s->is_a0 = false;
    } else if (!strcasecmp(s->revision, "a0")) {
        s->is_a0 = true;
    } else {
        error_setg(errp, "lan743x: revision must be a0 or b0");
        return;
    }
    if (s->cable && (lan743x_cable_end(s->cable, &full), full)) {
        error_setg(errp, "lan743x: x-cable %s already joins two chips",
                   s->cable);
        return;
    }

    pci_set_word(d->config + PCI_DEVICE_ID, s->device_id);
    pci_set_word(d->config + PCI_SUBSYSTEM_VENDOR_ID, PCI_VENDOR_ID_LAN743X);
    pci_set_word(d->config + PCI_SUBSYSTEM_ID, s->device_id);
    d->config[PCI_REVISION_ID] = s->is_a0 ? 0x00 : 0x11;
    d->config[PCI_INTERRUPT_PIN] = 1;            /* INTA# */
    d->config[PCI_CACHE_LINE_SIZE] = 0x10;

    memory_region_init_io(&s->mmio, OBJECT(s), &lan743x_mmio_ops, s,
                          "lan743x-mmio", LAN743X_MMIO_SIZE);
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
        return;
    }
    if (s->msi && msi_init(d, LAN743X_MSI_OFFSET, 1, true, true, errp) < 0) {
        return;
    }
    if (pcie_endpoint_cap_init(d, LAN743X_PCIE_OFFSET) < 0) {
        error_setg(errp, "lan743x: failed to add the PCIe capability");
        goto err_msi;
    }
    if (s->msix) {
        if (msix_init(d, LAN743X_MSIX_VECTORS, &s->msix_table_bar, 2, 0,
                      &s->msix_pba_bar, 4, 0, LAN743X_MSIX_OFFSET,
                      errp) < 0) {
            goto err_pcie;
        }
        for (i = 0; i < LAN743X_MSIX_VECTORS; i++) {
            msix_vector_use(d, i);
        }
    }

    s->mod_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, lan743x_mod_timer_cb, s);
    s->rx_wire_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                    lan743x_rx_wire_timer_cb, s);
    s->tx_wire_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                    lan743x_tx_wire_timer_cb, s);
    s->phy_an_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                   lan743x_phy_an_timer_cb, s);
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

err_pcie:
    pcie_cap_exit(d);
err_msi:
    msi_uninit(d);
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
    for (i = 0; i < LAN743X_RX_CHANNELS; i++) {
        lan743x_rx_fifo_flush(s, i);
    }
    qemu_del_nic(s->nic);
    if (s->msix) {
        msix_unuse_all_vectors(d);
        msix_uninit(d, &s->msix_table_bar, &s->msix_pba_bar);
    }
    pcie_cap_exit(d);
    msi_uninit(d);
    g_free(s->rx_buf);
    g_free(s->tx_buf);
    g_free(s->tx_seg);
}

static Property lan743x_properties[] = {
    DEFINE_NIC_PROPERTIES(LAN743xState, conf),
    DEFINE_PROP_UINT16("device-id", LAN743xState, device_id, 0x7430),
    DEFINE_PROP_STRING("revision", LAN743xState, revision),
    DEFINE_PROP_BOOL("msix", LAN743xState, msix, true),
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
    DEFINE_PROP_END_OF_LIST(),
};

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

    dc->desc = "Microchip LAN7430/LAN7431 PCIe Gigabit Ethernet";
    dc->vmsd = &vmstate_lan743x;
    dc->reset = lan743x_reset;
    device_class_set_props(dc, lan743x_properties);
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
}

static void lan743x_instance_init(Object *obj)
{
    LAN743xState *s = LAN743X(obj);

    device_add_bootindex_property(obj, &s->conf.bootindex, "bootindex",
                                  "/ethernet-phy@0", DEVICE(obj));
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

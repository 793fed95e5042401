/*
 * Microchip LAN7430/LAN7431 model: the device state and what the
 * model's files share (see the overview in lan743x.c)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_NET_LAN743X_INT_H
#define HW_NET_LAN743X_INT_H

#include "hw/pci/pci.h"
#include "net/eth.h"
#include "net/net.h"
#include "qemu/bitops.h"
#include "qemu/notify.h"
#include "qemu/queue.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "sysemu/dma.h"
#include "lan743x_regs.h"
#include "lan743x-gen.h"

/* A GPIO's level change at a clock time (ns), for tests */
#define LAN743X_GPIO_LOG        128
typedef struct LAN743xEdge {
    uint8_t pin;
    bool level;
    int64_t phc;
} LAN743xEdge;

#define TYPE_LAN743X "lan743x"
OBJECT_DECLARE_SIMPLE_TYPE(LAN743xState, LAN743X)

#define PCI_VENDOR_ID_LAN743X   0x1055     /* SMSC (PCI_VENDOR_ID_EFAR) */
#define LAN743X_MMIO_SIZE       0x2000     /* the CSRs regs[] holds */
/* PCI11x1x: BAR0 reaches the system block at 0x4000 too (lan743x_pcs.c) */
#define PCI11X1X_MMIO_SIZE      0x8000
#define LAN743X_PM_OFFSET       0x40        /* PCI PM capability */
#define LAN743X_WOL_POLL_MS     10
#define LAN743X_NUM_REGS        (LAN743X_MMIO_SIZE / 4)
#define LAN743X_MSIX_BAR_SIZE   256
#define LAN743X_MSIX_VECTORS    8
/*
 * PCI11x1x: its driver uses up to 9 (shared, 4 TX, 4 RX) and handles 16
 * (vector enables 0xffff, 4-bit vector maps): a table of 16 (inferred)
 */
#define PCI11X1X_MSIX_VECTORS   16
#define LAN743X_MSIX_VECTORS_MAX 16
#define LAN743X_RX_CHANNELS     4
#define LAN743X_TX_CHANNELS_MAX 4          /* LAN743x: 1, PCI11x1x: 4 */
#define LAN743X_PHY_ADDR        1
#define LAN743X_RFE_RAM_SIZE    512        /* dwords */
#define LAN743X_RFE_HASH_BASE   128        /* multicast hash, 16 dwords */
#define LAN743X_EEPROM_SIZE     512
#define LAN743X_OTP_SIZE        1024
/* PCI11x1x: an I2C EEPROM of 64 KiB (16-bit addresses), an 8 KiB OTP */
#define PCI11X1X_EEPROM_SIZE    65536
#define PCI11X1X_OTP_SIZE       8192
#define LAN743X_MAX_FRAME       16384      /* MAC_RX MAX_SIZE is 14 bits */
#define LAN743X_TX_BUF_SIZE     (256 * 1024)
#define LAN743X_MIN_FRAME       60         /* without FCS */
#define LAN743X_FCS_LEN         4

/* The PCI11x1x's SerDes, as strapped (property interface) */
enum {
    LAN743X_SERDES_NONE = 0,     /* RGMII (and every LAN743x) */
    LAN743X_SERDES_SGMII,        /* SGMII to a 10/100/1000 PHY */
    LAN743X_SERDES_2500,         /* 3.125 GBd to a 2.5GBASE-T PHY */
};

/* The clause-45 PHY's registers (lan743x_phy.c) */
enum {
    PHY45_PMA_CTRL1,             /* 1.0 */
    PHY45_PCS_CTRL1,             /* 3.0 */
    PHY45_AN_CTRL1,              /* 7.0 */
    PHY45_AN_ADV,                /* 7.16 */
    PHY45_AN_LPA,                /* 7.19 */
    PHY45_AN_10GBT_CTRL,         /* 7.32 */
    PHY45_AN_10GBT_STAT,         /* 7.33 */
    PHY45_AN_DONE,               /* 1: autonegotiation complete */
    PHY45_REGS
};

/* The PCS's registers (MMD 31 behind SGMII_ACC, lan743x_pcs.c) */
enum {
    PCS_BMCR,                    /* 0x0000 */
    PCS_ADV,                     /* 0x0004 */
    PCS_DIG_CTRL1,               /* 0x8000 */
    PCS_AN_CTRL,                 /* 0x8001 */
    PCS_LINK_TIMER,              /* 0x800a */
    PCS_MPLL_CTRL0,              /* 0x8078 */
    PCS_MPLL_CTRL1,              /* 0x8079 */
    PCS_MISC_CTRL1,              /* 0x809a */
    PCS_REGS
};

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
    char *chip;                  /* chip: lan7430 ... pci11414 (device_id) */
    char *interface;             /* interface: PCI11x1x strap, see below */
    char *revision;
    bool msix;
    uint32_t msix_vectors;       /* x-msix-vectors: MSI-X table size */
    bool msi;
    bool vnet;
    bool pace_wire;
    uint32_t rx_fifo_size;
    uint32_t int_mod_unit_ns;
    bool faults;                 /* x-faults: FAULT_CTL/FAULT_ARG exist */
    bool gen_on;                 /* x-gen: the traffic generator exists */
    char *cable;                 /* x-cable: the cable's name, or NULL */
    bool phy_present;            /* phy: off: a LAN7431 wired to a switch */
    uint8_t phy_addr;            /* phy-addr: the LAN7431's external PHY */
    bool strap_mii;              /* strap-mii: a LAN7431 strapped for MII */
    bool is_a0;
    bool has_vnet;               /* peer takes/gives virtio-net headers */
    /*
     * The chip's family: a PCI11010/PCI11414 (0xa011/0xa041) has 4 TX
     * channels, 16 MSI-X vectors, a larger BAR0 with the system lock, and
     * a SerDes (SGMII, or 2500 Mbit/s with a 2.5GBASE-T PHY) beside RGMII,
     * chosen by its straps (lan743x_pcs.c)
     */
    bool pci11x1x;
    unsigned tx_channels;
    unsigned msix_max;           /* the vector maps' and enables' range */
    uint8_t serdes;              /* LAN743X_SERDES_* */

    uint32_t regs[LAN743X_NUM_REGS];
    uint32_t rfe_ram[LAN743X_RFE_RAM_SIZE];
    /*
     * Non-volatile memories (lan743x_eeprom.c): they keep their contents
     * across resets.  The EEPROM's write enable (EWEN/EWDS); the OTP's
     * backing file (x-otp-file) and its descriptor, -1 without one.
     */
    uint8_t eeprom[PCI11X1X_EEPROM_SIZE];
    bool eeprom_wen;
    uint8_t otp[PCI11X1X_OTP_SIZE];
    uint32_t eeprom_size;        /* the chip's, at realize */
    uint32_t otp_size;
    char *otp_file;
    int otp_fd;
    uint16_t phy_regs[32];
    /*
     * The PHY's link (lan743x_phy.c): the chip on the other end of the
     * x-cable (not migrated: the destination's x-cable joins them again),
     * the timer at which negotiation ends, the link as it is (BMSR LINK_ST
     * is as last latched), a drop not read from BMSR yet, the speed.
     */
    LAN743xState *cable_peer;
    QEMUTimer *phy_an_timer;
    bool phy_link;
    bool phy_latched;
    uint32_t phy_mbps;
    /*
     * Its clause-45 registers behind clause 22's MMD access (registers
     * 13/14): the address the last address function set, the PCS control
     * 1 (MMD 3.0), the EEE advertisement (MMD 7.60) and what the partner
     * advertised (7.61), and whether the link runs with EEE (both ends
     * advertise it for the resolved speed).
     */
    uint16_t phy_mmd_addr;
    uint16_t phy_pcs_ctrl1;
    uint16_t phy_eee_adv;
    uint16_t phy_eee_lpa;
    bool phy_eee;
    /*
     * A clause-45 PHY instead (the PCI11x1x's 2.5GBASE-T PHY, serdes
     * 2500): its registers (PHY45_*), the address each MMD's address
     * function last set.
     */
    bool phy_c45;
    uint16_t phy45[PHY45_REGS];
    uint16_t phy45_addr[32];

    /*
     * PCI11x1x (lan743x_pcs.c): the system lock (SYS_LOCK) as the
     * Ethernet function holds it, the PCS's registers behind SGMII_ACC
     * (PCS_*); the registers of the system block's EEPROM and OTP
     * controllers (lan743x_eeprom.c); the lock as another of the chip's
     * functions holds it (x-faults SYSLOCK_HELD only, not migrated)
     */
    uint32_t sys_lock;
    uint16_t pcs[PCS_REGS];
    uint32_t hs_e2p[HS_E2P_REGS];
    uint32_t hs_otp[OTP_REGS];
    uint32_t sys_lock_other;

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
    /* Wake-on-LAN: frames held by QEMU while the guest is suspended */
    QEMUTimer *wol_timer;
    Notifier suspend_notifier;
    bool wol_woke;              /* woke the guest: keep the status (reset) */
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

    /*
     * EEE low power idle (lan743x_mac.c): whether the transmitter may
     * enter LPI (MAC_CR EEE_EN, TXEN, a link with EEE) and its request
     * delay, as of the last change; since when it has been idle; the
     * counted transitions and time (ns) of both directions, the receive
     * side counting the LPI of the chip at the cable's other end.
     */
    bool lpi_on;
    int64_t lpi_dly_ns;
    int64_t lpi_idle_since;
    uint64_t lpi_tx_ns;
    uint64_t lpi_rx_ns;

    /*
     * Clock targets and GPIOs: each channel's output and when its pulse
     * ends (clock ns), the clock's time up to which its target was looked
     * at, each pin's level and edge counts, the last LAN743X_GPIO_LOG
     * edges (not migrated: tests only).
     */
    QEMUTimer *ptp_timer;
    bool ptp_out[PTP_CHANNELS];
    int64_t ptp_pulse_end[PTP_CHANNELS];
    int64_t ptp_seen[PTP_CHANNELS];
    int64_t ptp_fired;          /* virtual time the timer last fired */
    bool gpio_level[LAN7431_GPIOS];
    /*
     * What drives each GPIO from outside while the chip does not (x-faults
     * GPIO_INPUT); a PCI11x1x's captures per channel, rising edges first
     */
    bool gpio_in[LAN7431_GPIOS];
    uint32_t ptp_cap_sec[2 * PTP_IO_CHANNELS];
    uint32_t ptp_cap_ns[2 * PTP_IO_CHANNELS];
    uint32_t gpio_rises[LAN7431_GPIOS];
    uint32_t gpio_falls[LAN7431_GPIOS];
    LAN743xEdge gpio_log[LAN743X_GPIO_LOG];
    uint64_t gpio_log_count;

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
    /*
     * IRQ_NO_STATUS: its timer, INTx raised by it alone, one sent and
     * not yet seen (INT_STS not read since), when it was sent
     */
    QEMUTimer *fault_timer;
    bool fault_phantom;
    bool fault_phantom_sent;
    int64_t fault_phantom_at;
    /* IRQ_LOST: channels (RX, then TX) whose last completion was lost */
    uint32_t fault_lost;

    /* the test traffic generator (x-gen=on; lan743x-gen.c), not migrated */
    LAN743xGen *gen;

    /* scratch buffers, not migrated */
    uint8_t *rx_buf;
    uint8_t *tx_buf;
    uint8_t *tx_seg;
};

/* A frame's L3/L4 headers (lan743x_parse()) */
typedef struct LAN743xPktInfo {
    unsigned l3_off;        /* 0 if not IP */
    unsigned l4_off;        /* 0 if no TCP/UDP header to use */
    uint8_t l4_proto;       /* IP_PROTO_TCP / IP_PROTO_UDP / other */
    bool ipv4;
    bool ipv6;
    bool fragment;
    bool vlan;
} LAN743xPktInfo;

/* The wire (lan743x_mac.c) */
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

/*
 * The chip as a PCI device, for the paths that run per frame and per
 * register access: the parent object itself, without the checked QOM cast
 * (a type lookup each time in builds with QOM cast debugging, the default).
 */
static inline PCIDevice *lan743x_pci(LAN743xState *s)
{
    return &s->parent_obj;
}

/*
 * Arm @t for @when unless it already is: timer_mod() on a timer that is
 * first in its list wakes the main loop (an eventfd write) even when the
 * deadline does not change, and the model's paths re-arm the same deadline
 * for every frame while the wire or a moderation timer is busy.
 */
static inline void lan743x_timer_arm(QEMUTimer *t, int64_t when)
{
    if (!timer_pending(t) || timer_expire_time_ns(t) != when) {
        timer_mod(t, when);
    }
}

/* lan743x_pcs.c: a PCI11x1x's path from the MAC to the PHY carries frames */
bool lan743x_family_path_up(LAN743xState *s);

/*
 * Does the wire carry frames: the PHY's link and, on a PCI11x1x, the MAC
 * at the link's speed and, strapped for its SerDes, the PCS between MAC
 * and PHY powered up and enabled (lan743x_pcs.c)
 */
static inline bool lan743x_link_up(LAN743xState *s)
{
    return s->phy_link && (!s->pci11x1x || lan743x_family_path_up(s));
}

/* Is the wire of one direction, free from @free on, still busy? */
static inline bool lan743x_wire_busy(LAN743xState *s, int64_t free)
{
    return s->pace_wire && qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) < free;
}

static inline void lan743x_stat_add(LAN743xState *s, int reg, uint32_t n)
{
    s->regs[reg] += n;
}

static inline unsigned lan743x_desc_spacing(LAN743xState *s)
{
    return 16u << FIELD_EX32(s->regs[R_DMAC_CFG], DMAC_CFG, MAX_DSPACE);
}

/* the test traffic generator's hooks into the wire (lan743x_mac.c) */
extern const LAN743xGenOps lan743x_gen_ops;

/* lan743x.c */
void lan743x_update_irq(LAN743xState *s);
void lan743x_reset(DeviceState *dev);
void lan743x_vec_enable_for(LAN743xState *s, uint32_t bit);

/* lan743x_pcs.c */
bool lan743x_pcs_realize(LAN743xState *s, Error **errp);
void lan743x_pcs_reset(LAN743xState *s);
bool lan743x_pcs_read(LAN743xState *s, hwaddr addr, uint32_t *val);
bool lan743x_pcs_write(LAN743xState *s, hwaddr addr, uint32_t val);

/* lan743x_phy.c */
void lan743x_phy_an_timer_cb(void *opaque);
void lan743x_phy_reset(LAN743xState *s);
LAN743xState *lan743x_cable_end(const char *name, bool *full);
void lan743x_cable_join(LAN743xState *s);
void lan743x_cable_leave(LAN743xState *s);
void lan743x_mii_access(LAN743xState *s, uint32_t acc);

/* lan743x_mac.c: EEE low power idle */
void lan743x_lpi_update(LAN743xState *s);
void lan743x_lpi_tx(LAN743xState *s);
uint32_t lan743x_lpi_stat(LAN743xState *s, unsigned idx);
void lan743x_lpi_stat_write(LAN743xState *s, unsigned idx, uint32_t val);
void lan743x_lpi_reset_stats(LAN743xState *s);
void lan743x_set_link_status(NetClientState *nc);

/* lan743x_mac.c */
int64_t lan743x_wire_start(LAN743xState *s, int64_t free);
int64_t lan743x_wire_use(LAN743xState *s, int64_t *free, uint64_t bytes);
void lan743x_parse_hdrs(const uint8_t *p, size_t len,
                        LAN743xPktInfo *pi, bool lso);
void lan743x_parse(const uint8_t *p, size_t len, LAN743xPktInfo *pi);
uint32_t lan743x_pseudo_sum(const uint8_t *p, const LAN743xPktInfo *pi,
                            unsigned l4_len);
uint16_t lan743x_l4_csum(uint8_t *p, const LAN743xPktInfo *pi, unsigned l4_len);
void lan743x_fill_ip4_csum(uint8_t *p, const LAN743xPktInfo *pi);
void lan743x_fill_csum(uint8_t *p, size_t len, bool ip, bool l4);
void lan743x_count_frame(LAN743xState *s, bool rx, const uint8_t *da,
                         size_t len);
void lan743x_rx_kick(LAN743xState *s);
void lan743x_rx_wire_timer_cb(void *opaque);
void lan743x_tx_wire_timer_cb(void *opaque);
ssize_t lan743x_receive_phy(NetClientState *nc, const uint8_t *buf,
                            size_t size);

/* lan743x_dma.c */
bool lan743x_read_desc(LAN743xState *s, dma_addr_t addr, LAN743xDesc *desc);
bool lan743x_write_desc(LAN743xState *s, dma_addr_t addr,
                        const LAN743xDesc *desc);
bool lan743x_write_head(LAN743xState *s, uint32_t addrh, uint32_t addrl,
                        uint32_t head);
void lan743x_rx_dma_error(LAN743xState *s, int ch, const char *why);
char *lan743x_dma_state_get(Object *obj, Error **errp);
void lan743x_tx_process(LAN743xState *s, int ch);
bool lan743x_rx_ready(LAN743xState *s, int ch);
bool lan743x_can_receive(NetClientState *nc);
bool lan743x_in_d3(LAN743xState *s);
bool lan743x_wol_armed(LAN743xState *s);
void lan743x_wol_timer_cb(void *opaque);
void lan743x_wol_suspend(Notifier *n, void *data);
bool lan743x_rx_put(LAN743xState *s, int ch, const uint8_t *data,
                    size_t total, size_t frame_len, uint32_t status,
                    int64_t stamp);
bool lan743x_rx_fifo_push(LAN743xState *s, int ch, const uint8_t *data,
                          size_t total, size_t frame_len,
                          uint32_t status, int64_t stamp);
void lan743x_rx_fifo_drain(LAN743xState *s, int ch);
void lan743x_rx_fifo_flush(LAN743xState *s, int ch);
void lan743x_dmac_command(LAN743xState *s, uint32_t val);
void lan743x_write_rx_chan(LAN743xState *s, int ch, unsigned reg, uint32_t val);
void lan743x_write_tx_chan(LAN743xState *s, int ch, unsigned reg, uint32_t val);
void lan743x_fct_write(LAN743xState *s, unsigned idx, uint32_t val, int nch);

/* lan743x_ptp.c */
int64_t lan743x_ptp_read_at(LAN743xState *s, int64_t when, uint32_t *subns);
int64_t lan743x_ptp_tx_latency_fix(LAN743xState *s);
int64_t lan743x_ptp_rx_latency_fix(LAN743xState *s);
void lan743x_ptp_set(LAN743xState *s, int64_t ns, uint32_t subns);
void lan743x_ptp_split(int64_t now, uint64_t *sec, uint32_t *ns);
void lan743x_ptp_rate(LAN743xState *s, uint32_t val);
void lan743x_ptp_command(LAN743xState *s, uint32_t cmd);
void lan743x_ptp_int_clear(LAN743xState *s, uint32_t val);
void lan743x_ptp_tx_stamp(LAN743xState *s, uint8_t *p, size_t len, bool insert);
void lan743x_ptp_timer_cb(void *opaque);
void lan743x_ptp_io_write(LAN743xState *s, unsigned idx, uint32_t val);
void lan743x_ptp_io_reset(LAN743xState *s);
void lan743x_ptp_gpio_input(LAN743xState *s, unsigned pin, bool level);
uint32_t lan743x_ptp_cap_read(LAN743xState *s, unsigned idx);
char *lan743x_gpio_edges_get(Object *obj, Error **errp);

/* lan743x_eeprom.c */
void lan743x_e2p_command(LAN743xState *s, uint32_t val);
void lan743x_otp_go(LAN743xState *s, uint32_t *otp, uint32_t val);
bool lan743x_nvm_sys_read(LAN743xState *s, hwaddr addr, uint32_t *val);
bool lan743x_nvm_sys_write(LAN743xState *s, hwaddr addr, uint32_t val);
void lan743x_nvm_reset(LAN743xState *s);
bool lan743x_nvm_realize(LAN743xState *s, Error **errp);
void lan743x_nvm_exit(LAN743xState *s);

/* lan743x_faults.c */
bool lan743x_fault_mmio_read(LAN743xState *s, hwaddr addr, uint32_t *val);
bool lan743x_fault_mmio_write(LAN743xState *s, hwaddr addr, uint32_t val);
void lan743x_fault_dead_irq(LAN743xState *s);
bool lan743x_fault_stop_hang(LAN743xState *s, int ch, uint32_t start_bit);
uint32_t lan743x_fault_tx_head(LAN743xState *s, int ch, uint32_t head,
                               uint32_t tail, uint32_t ring_len);
bool lan743x_fault_rx_begin(LAN743xState *s, int ch, unsigned *lead);
void lan743x_fault_rx_zero_len(const LAN743xDesc *d, LAN743xDesc *out);
void lan743x_fault_rx_wb(LAN743xState *s, const LAN743xDesc *d,
                         LAN743xDesc *out, size_t have);
void lan743x_fault_rx_done(LAN743xState *s, int ch);
bool lan743x_fault_rx_wire(LAN743xState *s, size_t size, bool oversize);
void lan743x_fault_realize(LAN743xState *s);
void lan743x_fault_exit(LAN743xState *s);
void lan743x_fault_reset(LAN743xState *s);
uint32_t lan743x_fault_stuck(LAN743xState *s);
void lan743x_fault_irq_out(LAN743xState *s);
void lan743x_fault_syslock_free(LAN743xState *s);
bool lan743x_fault_syslock_refuse(LAN743xState *s);
bool lan743x_fault_irq_lost(LAN743xState *s, int ch);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* Register map of the Microchip LAN7430/LAN7431 PCIe Gigabit Ethernet
 * controller and of the PCI11010/PCI11414 ("PCI11x1x") family, which has
 * the same MAC, DMA and interrupt blocks plus a PCS, more TX channels and
 * a system block shared with its other functions.
 * Offsets are byte offsets into BAR0.  Names follow the
 * upstream lan743x driver so that the two stay easy to compare; every
 * multi-bit field is a GENMASK() accessed with FIELD_PREP()/FIELD_GET(),
 * single bits are BIT().  Descriptor layouts close the file.
 */
#ifndef _LAN743X_REGS_H
#define _LAN743X_REGS_H

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/types.h>

/* System block */
#define ID_REV				0x000
#define ID_REV_ID_MASK_			GENMASK(31, 16)
#define ID_REV_ID_FAMILY_MASK_		GENMASK(31, 20)
#define ID_REV_ID_LAN743X_FAMILY_	0x743
#define ID_REV_ID_LAN7430_		0x7430
#define ID_REV_ID_LAN7431_		0x7431
#define ID_REV_ID_PCI11010_		0xA011
#define ID_REV_ID_PCI11414_		0xA041
#define ID_REV_CHIP_REV_MASK_		GENMASK(15, 0)
#define ID_REV_CHIP_REV_A0_		0x0000
#define ID_REV_CHIP_REV_B0_		0x0010
#define ID_REV_CHIP_REV_PCI11X1X_A0_	0x00A0
#define ID_REV_CHIP_REV_PCI11X1X_B0_	0x00B0

#define FPGA_REV			0x004
#define FPGA_REV_MAJOR_MASK_		GENMASK(7, 0)
#define FPGA_REV_MINOR_MASK_		GENMASK(15, 8)
#define FPGA_REV_SGMII_OP_		BIT(24)	/* PCI11x1x FPGA: SGMII */

/* PCI11x1x: how the chip was strapped */
#define STRAP_READ			0x00C
#define STRAP_READ_USE_SGMII_EN_	BIT(22)	/* SGMII_EN below is valid */
#define STRAP_READ_SGMII_EN_		BIT(6)
#define STRAP_READ_SGMII_2_5G_		BIT(4)
#define STRAP_READ_BASE_X_		BIT(3)

#define HW_CFG				0x010
#define HW_CFG_RST_PROTECT_PCIE_	BIT(19)
#define HW_CFG_HOT_RESET_DIS_		BIT(15)
#define HW_CFG_D3_VAUX_OVR_		BIT(14)
#define HW_CFG_D3_RESET_DIS_		BIT(13)
#define HW_CFG_RST_PROTECT_		BIT(12)
/* PCI11x1x: what keeps the Ethernet function's state through D3 */
#define HW_CFG_D3_KEEP_			(HW_CFG_RST_PROTECT_PCIE_ | \
					 HW_CFG_HOT_RESET_DIS_ | \
					 HW_CFG_D3_VAUX_OVR_ | \
					 HW_CFG_D3_RESET_DIS_ | \
					 HW_CFG_RST_PROTECT_)
#define HW_CFG_LRST_			BIT(1)
/* LAN7430: the PHY's LED n owns GPIO n (n < 4) while its bit is set */
#define HW_CFG_LED_EN_(n)		BIT(20 + (n))

#define PMT_CTL				0x014
#define PMT_CTL_ETH_PHY_D3_COLD_OVR_	BIT(27)
#define PMT_CTL_MAC_D3_RX_CLK_OVR_	BIT(25)
#define PMT_CTL_ETH_PHY_D3_OVR_		BIT(23)
#define PMT_CTL_RX_FCT_RFE_D3_CLK_OVR_	BIT(18)
#define PMT_CTL_GPIO_WAKEUP_EN_		BIT(15)
#define PMT_CTL_EEE_WAKEUP_EN_		BIT(13)
#define PMT_CTL_RES_CLR_WKP_MASK_	GENMASK(9, 8)
#define PMT_CTL_READY_			BIT(7)
#define PMT_CTL_ETH_PHY_RST_		BIT(4)
#define PMT_CTL_WOL_EN_			BIT(3)
#define PMT_CTL_ETH_PHY_WAKE_EN_	BIT(2)
#define PMT_CTL_WUPS_MASK_		GENMASK(1, 0)

#define DP_SEL				0x024
#define DP_SEL_DPRDY_			BIT(31)
#define DP_SEL_MASK_			GENMASK(4, 0)
#define DP_SEL_RFE_RAM			1
#define DP_SEL_VHF_VLAN_LEN		128	/* hash table follows the VLAN table */
#define DP_SEL_VHF_HASH_LEN		16	/* 512 bits */
/* multicast hash bit: the top 9 bits of the destination's Ethernet CRC */
#define RFE_MCAST_HASH_CRC_MASK_	GENMASK(31, 23)
#define DP_CMD				0x028
#define DP_CMD_WRITE_			BIT(0)
#define DP_ADDR				0x02C
#define DP_DATA_0			0x030

#define E2P_CMD				0x040
#define E2P_CMD_BUSY_			BIT(31)
#define E2P_CMD_CMD_MASK_		GENMASK(30, 28)
#define E2P_CMD_READ			0
#define E2P_CMD_EWEN			2	/* write enable */
#define E2P_CMD_WRITE			3
#define E2P_CMD_TIMEOUT_		BIT(10)
#define E2P_CMD_ADDR_MASK_		GENMASK(8, 0)
#define E2P_DATA			0x044
#define E2P_DATA_MASK_			GENMASK(7, 0)
/* E2P_DATA is the register after E2P_CMD, in both families */
#define E2P_DATA_OFF			(E2P_DATA - E2P_CMD)

/* PCI11x1x system block, shared with the chip's other functions: the
 * EEPROM and OTP controllers are there, behind a hardware lock
 */
#define SYS_LOCK			0x40A0
#define SYS_LOCK_ENET_SS_		BIT(1)
#define SYS_CONFIG_LOAD_STARTED		0x4078
#define SYS_CONFIG_LOAD_STARTED_ETH_	BIT(4)
#define HS_E2P_CMD			0x4E00	/* E2P_DATA at +4 */
#define HS_E2P_CMD_TIMEOUT_		BIT(17)
#define HS_E2P_CMD_ADDR_MASK_		GENMASK(15, 0)
#define HS_OTP_BASE			0x5000	/* the OTP_* block's layout */

#define GPIO_CFG0			0x050
#define GPIO_CFG0_DATA_(n)		BIT(n)
#define GPIO_CFG0_DIR_OUT_(n)		BIT(16 + (n))
#define GPIO_CFG1			0x054
#define GPIO_CFG1_PUSH_PULL_(n)		BIT(n)
#define GPIO_CFG1_DISABLE_(n)		BIT(16 + (n))
#define GPIO_CFG1_INIT_			0x0FFF0000
#define GPIO_CFG2			0x058
#define GPIO_CFG2_1588_HIGH_(n)		BIT(n)
#define GPIO_CFG3			0x05C
#define GPIO_CFG3_1588_OE_(n)		BIT(n)
#define GPIO_CFG3_1588_CH_B_(n)		BIT(16 + (n))

#define FCT_RX_CTL			0x0AC
#define FCT_RX_CTL_EN_(ch)		BIT(28 + (ch))
#define FCT_RX_CTL_DIS_(ch)		BIT(24 + (ch))
#define FCT_RX_CTL_RESET_(ch)		BIT(20 + (ch))

#define FCT_TX_CTL			0x0C4
#define FCT_TX_CTL_EN_(ch)		BIT(28 + (ch))
#define FCT_TX_CTL_DIS_(ch)		BIT(24 + (ch))
#define FCT_TX_CTL_RESET_(ch)		BIT(20 + (ch))

#define FCT_FLOW(ch)			(0x0E0 + 4 * (ch))
#define FCT_FLOW_CTL_OFF_THRESHOLD_	GENMASK(14, 8)
#define FCT_FLOW_CTL_REQ_EN_		BIT(7)
#define FCT_FLOW_CTL_ON_THRESHOLD_	GENMASK(6, 0)

/* MAC block */
#define MAC_CR				0x100
#define MAC_CR_MII_EN_			BIT(19)
#define MAC_CR_EEE_EN_			BIT(17)
#define MAC_CR_ADD_			BIT(12)
#define MAC_CR_ASD_			BIT(11)
#define MAC_CR_CNTR_RST_		BIT(5)
#define MAC_CR_DPX_			BIT(3)
#define MAC_CR_CFG_MASK_		GENMASK(2, 1)
enum {
	MAC_CR_CFG_10_ = 0,
	MAC_CR_CFG_100_ = 1,
	MAC_CR_CFG_1000_ = 2,
	MAC_CR_CFG_2500_ = 3,	/* PCI11x1x */
};

#define MAC_RX				0x104
#define MAC_RX_MAX_SIZE_MASK_		GENMASK(29, 16)
#define MAC_RX_FSE_			BIT(2)
#define MAC_RX_RXD_			BIT(1)
#define MAC_RX_RXEN_			BIT(0)

#define MAC_TX				0x108
#define MAC_TX_TXD_			BIT(1)
#define MAC_TX_TXEN_			BIT(0)

#define MAC_FLOW			0x10C
#define MAC_FLOW_CR_TX_FCEN_		BIT(30)
#define MAC_FLOW_CR_RX_FCEN_		BIT(29)
#define MAC_FLOW_CR_FCPT_MASK_		GENMASK(15, 0)

#define MAC_RX_ADDRH			0x118
#define MAC_RX_ADDRL			0x11C

#define MAC_MII_ACC			0x120
#define MAC_MII_ACC_MDC_CYCLE_MASK_	GENMASK(18, 16)
#define MAC_MII_ACC_PHY_ADDR_MASK_	GENMASK(15, 11)
#define MAC_MII_ACC_MIIRINDA_MASK_	GENMASK(10, 6)
#define MAC_MII_ACC_MII_WRITE_		BIT(1)
#define MAC_MII_ACC_MII_BUSY_		BIT(0)
/* PCI11x1x clause 45: MMD in the register field, a command in [2:1] */
#define MAC_MII_ACC_MIICL45_		BIT(3)
#define MAC_MII_ACC_MIICMD_MASK_	GENMASK(2, 1)
enum {
	MAC_MII_ACC_MIICMD_ADDR_ = 0,
	MAC_MII_ACC_MIICMD_WRITE_ = 1,
	MAC_MII_ACC_MIICMD_READ_ = 2,
};

#define MAC_MII_DATA			0x124
#define MAC_MII_DATA_MASK_		GENMASK(15, 0)

#define MAC_EEE_TX_LPI_REQ_DLY_CNT	0x130
#define MAC_WUCSR			0x140
#define MAC_WUCSR_RFE_WAKE_EN_		BIT(14)
#define MAC_WUCSR_STATUS_MASK_		GENMASK(13, 4)	/* W1C */
#define MAC_WUCSR_PFDA_EN_		BIT(3)
#define MAC_WUCSR_WAKE_EN_		BIT(2)
#define MAC_WUCSR_MPEN_			BIT(1)
#define MAC_WUCSR_BCST_EN_		BIT(0)
#define MAC_WK_SRC			0x144
#define MAC_WK_SRC_ETH_PHY_WK_		BIT(17)
#define MAC_WK_SRC_RFE_FR_WK_		BIT(12)
#define MAC_WK_SRC_PFDA_FR_WK_		BIT(11)
#define MAC_WK_SRC_MP_FR_WK_		BIT(10)
#define MAC_WK_SRC_BCAST_FR_WK_		BIT(9)
#define MAC_WK_SRC_WU_FR_WK_		BIT(8)
#define MAC_WUF_CFG(i)			(0x150 + 4 * (i))
#define MAC_WUF_CFG_EN_			BIT(31)
#define MAC_WUF_CFG_TYPE_MASK_		GENMASK(25, 24)
#define MAC_WUF_CFG_TYPE_ALL_		1
#define MAC_WUF_CFG_TYPE_MCAST_		2
#define MAC_WUF_CFG_OFFSET_MASK_	GENMASK(23, 16)
#define MAC_WUF_CFG_CRC16_MASK_		GENMASK(15, 0)
#define MAC_WUF_NUM			32
#define MAC_WUF_MASK(i, n)		(0x200 + 0x10 * (i) + 4 * (n))
#define MAC_WUCSR2			0x600
#define MAC_WUCSR2_STATUS_MASK_		GENMASK(7, 4)	/* W1C */

/* Receive filtering engine */
#define RFE_ADDR_FILT_CNT		33	/* entry 0 is our own address */
#define RFE_ADDR_FILT_HI(x)		(0x400 + 8 * (x))
#define RFE_ADDR_FILT_HI_VALID_		BIT(31)
#define RFE_ADDR_FILT_LO(x)		(0x404 + 8 * (x))

#define RFE_CTL				0x508
#define RFE_CTL_TCP_UDP_COE_		BIT(12)
#define RFE_CTL_IP_COE_			BIT(11)
#define RFE_CTL_AB_			BIT(10)
#define RFE_CTL_AM_			BIT(9)
#define RFE_CTL_AU_			BIT(8)
#define RFE_CTL_MCAST_HASH_		BIT(3)
#define RFE_CTL_DA_PERFECT_		BIT(1)

#define RFE_RSS_CFG			0x554
#define RFE_RSS_CFG_HASH_TYPES_		GENMASK(16, 8)	/* IPv4..UDP6_EX */
#define RFE_RSS_CFG_IPV4_		BIT(8)
#define RFE_RSS_CFG_TCP_IPV4_		BIT(9)
#define RFE_RSS_CFG_UDP_IPV4_		BIT(10)
#define RFE_RSS_CFG_IPV6_		BIT(11)
#define RFE_RSS_CFG_TCP_IPV6_		BIT(12)
#define RFE_RSS_CFG_UDP_IPV6_		BIT(13)
#define RFE_RSS_CFG_VALID_HASH_BITS_	GENMASK(7, 5)
#define RFE_RSS_CFG_RSS_QUEUE_ENABLE_	BIT(2)
#define RFE_RSS_CFG_RSS_HASH_STORE_	BIT(1)
#define RFE_RSS_CFG_RSS_ENABLE_		BIT(0)

#define RFE_HASH_KEY_CNT		10	/* 40-byte Toeplitz key */
#define RFE_HASH_KEY(i)			(0x558 + 4 * (i))
#define RFE_INDX_CNT			32	/* 128 one-byte entries */
#define RFE_INDX(i)			(0x580 + 4 * (i))

/* Interrupt controller */
#define INT_STS				0x780
#define INT_BIT_DMA_RX_(ch)		BIT(24 + (ch))
#define INT_BIT_ALL_RX_			GENMASK(27, 24)
#define INT_BIT_DMA_TX_(ch)		BIT(16 + (ch))
#define INT_BIT_ALL_TX_			GENMASK(19, 16)
#define INT_BIT_DMA_GEN_		BIT(10)
#define INT_BIT_SW_GP_			BIT(9)
#define INT_BIT_1588_			BIT(7)
#define INT_BIT_MAS_			BIT(0)
#define INT_SET				0x784
#define INT_EN_SET			0x788
#define INT_EN_CLR			0x78C
#define INT_STS_R2C			0x790	/* read clears: never dump it */
#define INT_VEC_EN_SET			0x794
#define INT_VEC_EN_CLR			0x798
#define INT_VEC_EN_AUTO_CLR		0x79C
#define INT_VEC_EN_(v)			BIT(v)
#define INT_VEC_MAP0			0x7A0	/* RX channel n -> nibble n */
#define INT_VEC_MAP1			0x7A4	/* TX channel n -> nibble n */
#define INT_VEC_MAP2			0x7A8	/* other sources */
/* vector of channel ch (INT_VEC_MAP0/1), moderation timer (INT_MOD_MAP0) */
#define INT_MAP_CH_(ch, v)		(((u32)(v) & 0xF) << (4 * (ch)))
#define INT_MOD_MAP0			0x7B0
#define INT_MOD_MAP1			0x7B4
#define INT_MOD_MAP2			0x7B8
#define INT_MOD_MAP2_NONE_		GENMASK(23, 0)	/* 0xf: not moderated */
#define INT_MOD_CFG_CNT			8	/* 10 on the PCI11x1x */
#define INT_MOD_CFG(i)			(0x7C0 + 4 * (i))

/* DMA controller */
#define DMAC_CFG			0xC00
#define DMAC_CFG_COAL_EN_		BIT(16)
#define DMAC_CFG_MAX_READ_REQ_MASK_	GENMASK(6, 4)
#define DMAC_CFG_MAX_DSPACE_MASK_	GENMASK(1, 0)
#define DMAC_CFG_MAX_DSPACE_16_		0

#define DMAC_COAL_CFG			0xC04
#define DMAC_COAL_CFG_TIMER_LIMIT_MASK_	GENMASK(31, 20)
#define DMAC_COAL_CFG_TIMER_TX_START_	BIT(19)
#define DMAC_COAL_CFG_FLUSH_INTS_	BIT(18)
#define DMAC_COAL_CFG_INT_EXIT_COAL_	BIT(17)
#define DMAC_COAL_CFG_CSR_EXIT_COAL_	BIT(16)
#define DMAC_COAL_CFG_TX_THRES_MASK_	GENMASK(15, 8)
#define DMAC_COAL_CFG_RX_THRES_MASK_	GENMASK(7, 0)

#define DMAC_OBFF_CFG			0xC08
#define DMAC_OBFF_TX_THRES_MASK_	GENMASK(15, 8)
#define DMAC_OBFF_RX_THRES_MASK_	GENMASK(7, 0)

#define DMAC_CMD			0xC0C
#define DMAC_CMD_SWR_			BIT(31)
#define DMAC_CMD_TX_SWR_(ch)		BIT(24 + (ch))
#define DMAC_CMD_START_T_(ch)		BIT(20 + (ch))
#define DMAC_CMD_STOP_T_(ch)		BIT(16 + (ch))
#define DMAC_CMD_RX_SWR_(ch)		BIT(8 + (ch))
#define DMAC_CMD_START_R_(ch)		BIT(4 + (ch))
#define DMAC_CMD_STOP_R_(ch)		BIT(0 + (ch))

#define DMAC_INT_STS			0xC10
#define DMAC_INT_EN_SET			0xC14
#define DMAC_INT_EN_CLR			0xC18
#define DMAC_INT_BIT_ERR_		BIT(21)
#define DMAC_INT_BIT_RXFRM_(ch)		BIT(16 + (ch))
#define DMAC_INT_BIT_TX_IOC_(ch)	BIT(0 + (ch))

/* RX DMA channel ch */
#define RX_CFG_A(ch)			(0xC40 + 0x40 * (ch))
#define RX_CFG_A_RX_WB_ON_INT_TMR_	BIT(30)
#define RX_CFG_A_RX_WB_THRES_MASK_	GENMASK(28, 24)
#define RX_CFG_A_RX_PF_THRES_MASK_	GENMASK(20, 16)
#define RX_CFG_A_RX_PF_PRI_THRES_MASK_	GENMASK(12, 8)
#define RX_CFG_A_RX_HP_WB_EN_		BIT(5)
#define RX_CFG_B(ch)			(0xC44 + 0x40 * (ch))
#define RX_CFG_B_TS_ALL_RX_		BIT(29)
#define RX_CFG_B_TS_DESCR_EN_		BIT(28)
#define RX_CFG_B_RX_PAD_MASK_		GENMASK(25, 24)
#define RX_CFG_B_RDMABL_512_		BIT(18)
#define RX_CFG_B_RX_RING_LEN_MASK_	GENMASK(15, 0)
#define RX_BASE_ADDRH(ch)		(0xC48 + 0x40 * (ch))
#define RX_BASE_ADDRL(ch)		(0xC4C + 0x40 * (ch))
#define RX_HEAD_WRITEBACK_ADDRH(ch)	(0xC50 + 0x40 * (ch))
#define RX_HEAD_WRITEBACK_ADDRL(ch)	(0xC54 + 0x40 * (ch))
#define RX_HEAD(ch)			(0xC58 + 0x40 * (ch))
#define RX_TAIL(ch)			(0xC5C + 0x40 * (ch))
#define RX_TAIL_SET_TOP_INT_EN_		BIT(30)
#define RX_TAIL_SET_TOP_INT_VEC_EN_	BIT(29)
#define RX_TAIL_INDEX_MASK_		GENMASK(15, 0)
#define DMAC_RX_ERR_STS(ch)		(0xC60 + 0x40 * (ch))
#define DMAC_RX_ERR_STS_MASK_		GENMASK(6, 5)	/* desc read, tail */
#define RX_CFG_C(ch)			(0xC64 + 0x40 * (ch))
#define RX_CFG_C_RX_TOP_INT_EN_AUTO_CLR_	BIT(6)
#define RX_CFG_C_RX_INT_EN_R2C_		BIT(4)
#define RX_CFG_C_RX_DMA_INT_STS_AUTO_CLR_	BIT(3)
#define RX_CFG_C_RX_INT_STS_R2C_MODE_MASK_	GENMASK(2, 0)

/* TX DMA channel ch */
#define TX_CFG_A(ch)			(0xD40 + 0x40 * (ch))
#define TX_CFG_A_TX_HP_WB_ON_INT_TMR_	BIT(30)
#define TX_CFG_A_TX_TMR_HPWB_SEL_IOC_	BIT(28)
#define TX_CFG_A_TX_PF_THRES_MASK_	GENMASK(20, 16)
#define TX_CFG_A_TX_PF_PRI_THRES_MASK_	GENMASK(12, 8)
#define TX_CFG_A_TX_HP_WB_EN_		BIT(5)
#define TX_CFG_A_TX_HP_WB_THRES_MASK_	GENMASK(3, 0)
#define TX_CFG_B(ch)			(0xD44 + 0x40 * (ch))
#define TX_CFG_B_TDMABL_512_		BIT(18)
#define TX_CFG_B_TX_RING_LEN_MASK_	GENMASK(15, 0)
#define TX_BASE_ADDRH(ch)		(0xD48 + 0x40 * (ch))
#define TX_BASE_ADDRL(ch)		(0xD4C + 0x40 * (ch))
#define TX_HEAD_WRITEBACK_ADDRH(ch)	(0xD50 + 0x40 * (ch))
#define TX_HEAD_WRITEBACK_ADDRL(ch)	(0xD54 + 0x40 * (ch))
#define TX_HEAD(ch)			(0xD58 + 0x40 * (ch))
#define TX_TAIL(ch)			(0xD5C + 0x40 * (ch))
#define TX_TAIL_INDEX_MASK_		GENMASK(15, 0)
#define DMAC_TX_ERR_STS(ch)		(0xD60 + 0x40 * (ch))
#define DMAC_TX_ERR_STS_MASK_		GENMASK(7, 0)	/* read, FS, ... errors */
#define TX_CFG_C(ch)			(0xD64 + 0x40 * (ch))
#define TX_CFG_C_TX_TOP_INT_EN_AUTO_CLR_	BIT(6)
#define TX_CFG_C_TX_DMA_INT_EN_AUTO_CLR_	BIT(5)
#define TX_CFG_C_TX_INT_EN_R2C_		BIT(4)
#define TX_CFG_C_TX_DMA_INT_STS_AUTO_CLR_	BIT(3)
#define TX_CFG_C_TX_INT_STS_R2C_MODE_MASK_	GENMASK(2, 0)

/* 1588 block */
#define PTP_CMD_CTL			0xA00
#define PTP_CMD_CTL_STEP_NSEC_		BIT(6)
#define PTP_CMD_CTL_CLOCK_LOAD_		BIT(4)
#define PTP_CMD_CTL_CLOCK_READ_		BIT(3)
#define PTP_CMD_CTL_ENABLE_		BIT(2)
#define PTP_CMD_CTL_DISABLE_		BIT(1)
#define PTP_CMD_CTL_RESET_		BIT(0)
/* per clock target channel ch (0 = A, 1 = B) */
#define PTP_GENERAL_CONFIG		0xA04
#define PTP_GC_RELOAD_ADD_(ch)		BIT(4 * (ch))
#define PTP_GC_EVENT_MASK_(ch)		(GENMASK(3, 1) << (4 * (ch)))
#define PTP_GC_EVENT_100NS_		0
#define PTP_GC_EVENT_10US_		1
#define PTP_GC_EVENT_100US_		2
#define PTP_GC_EVENT_1MS_		3
#define PTP_GC_EVENT_10MS_		4
#define PTP_GC_EVENT_200MS_		5
#define PTP_GC_EVENT_TOGGLE_		6
/* the PCI11x1x's layout of PTP_GENERAL_CONFIG, 14 pulse widths */
#define PTP_HS_GC_RELOAD_ADD_(ch)	BIT(2 * (ch))
#define PTP_HS_GC_POL_HIGH_(ch)		BIT(2 * (ch) + 1)
#define PTP_HS_GC_EVENT_MASK_(ch)	(GENMASK(7, 4) << (4 * (ch)))
#define PTP_HS_GC_EVENT_100NS_		0
#define PTP_HS_GC_EVENT_500NS_		1
#define PTP_HS_GC_EVENT_1US_		2
#define PTP_HS_GC_EVENT_5US_		3
#define PTP_HS_GC_EVENT_10US_		4
#define PTP_HS_GC_EVENT_50US_		5
#define PTP_HS_GC_EVENT_100US_		6
#define PTP_HS_GC_EVENT_500US_		7
#define PTP_HS_GC_EVENT_1MS_		8
#define PTP_HS_GC_EVENT_5MS_		9
#define PTP_HS_GC_EVENT_10MS_		10
#define PTP_HS_GC_EVENT_50MS_		11
#define PTP_HS_GC_EVENT_100MS_		12
#define PTP_HS_GC_EVENT_200MS_		13
#define PTP_HS_GC_EVENT_TOGGLE_		14
#define PTP_INT_STS			0xA08
#define PTP_INT_EN_SET			0xA0C
#define PTP_INT_EN_CLR			0xA10
#define PTP_INT_IO_FE_(ch)		BIT(24 + (ch))	/* PCI11x1x */
#define PTP_INT_IO_RE_(ch)		BIT(16 + (ch))
#define PTP_INT_BIT_TX_TS_OVRFL_	BIT(14)
#define PTP_INT_BIT_TX_TS_		BIT(12)
#define PTP_CLOCK_SEC			0xA14
#define PTP_CLOCK_NS			0xA18
#define PTP_CLOCK_SUBNS			0xA1C
#define PTP_CLOCK_RATE_ADJ		0xA20
#define PTP_CLOCK_STEP_ADJ		0xA2C
#define PTP_ADJ_DIR_			BIT(31)
#define PTP_ADJ_VALUE_MASK_		GENMASK(29, 0)
#define PTP_TARGET_SEC(ch)		(0xA30 + 0x10 * (ch))
#define PTP_TARGET_NS(ch)		(0xA34 + 0x10 * (ch))
#define PTP_RELOAD_SEC(ch)		(0xA38 + 0x10 * (ch))
#define PTP_RELOAD_NS(ch)		(0xA3C + 0x10 * (ch))
/* a target this far on never comes: the channel is off */
#define PTP_TARGET_SEC_OFF_		0xFFFF0000
/* PCI11x1x event capture: channel n latches the clock at GPIO n's edges */
#define PTP_IO_SEL			0xA58
#define PTP_IO_SEL_MASK_		GENMASK(10, 8)
#define PTP_LATENCY			0xA5C
#define PTP_LATENCY_RX_MASK_		GENMASK(15, 0)
#define PTP_LATENCY_TX_MASK_		GENMASK(31, 16)
#define PTP_TX_MOD			0xAA4
#define PTP_TX_MOD_SYNC_TS_INSERT_	BIT(28)
#define PTP_TX_MOD2			0xAA8
#define PTP_TX_MOD2_CLR_UDPV4_CHKSUM_	BIT(0)
#define PTP_IO_CAP_CONFIG		0xAC4
#define PTP_IO_CAP_LOCK_FE_(ch)		BIT(24 + (ch))
#define PTP_IO_CAP_LOCK_RE_(ch)		BIT(16 + (ch))
#define PTP_IO_CAP_FE_EN_(ch)		BIT(8 + (ch))
#define PTP_IO_CAP_RE_EN_(ch)		BIT(ch)
/* the captures of the channel PTP_IO_SEL selects */
#define PTP_IO_RE_CAP_SEC		0xAC8
#define PTP_IO_RE_CAP_NS		0xACC
#define PTP_IO_FE_CAP_SEC		0xAD0
#define PTP_IO_FE_CAP_NS		0xAD4
/* PCI11x1x event outputs: GPIO n shows clock target channel A or B */
#define PTP_IO_EVENT_OUTPUT_CFG		0xAD8
#define PTP_IO_OUT_SEL_B_(n)		BIT(16 + (n))
#define PTP_IO_OUT_EN_(n)		BIT(n)
#define PTP_IO_PIN_CFG			0xADC
#define PTP_IO_PIN_PUSH_PULL_(n)	BIT(n)	/* else open drain */
#define PTP_TX_EGRESS_SEC		0xAAC
#define PTP_TX_EGRESS_NS		0xAB0
#define PTP_TX_EGRESS_NS_MASK_		GENMASK(29, 0)
#define PTP_TX_MSG_HEADER		0xAB4
#define PTP_TX_MSG_HEADER_MSG_TYPE_MASK_	GENMASK(19, 16)
#define PTP_TX_MSG_HEADER_SEQ_ID_MASK_	GENMASK(15, 0)

/* PCI11x1x PCS (a DesignWare XPCS): its MMD registers through SGMII_ACC */
#define SGMII_ACC			0x720
#define SGMII_ACC_BUSY_			BIT(31)
#define SGMII_ACC_WRITE_		BIT(30)
#define SGMII_ACC_MMD_MASK_		GENMASK(20, 16)
#define SGMII_ACC_ADDR_MASK_		GENMASK(15, 0)
#define SGMII_DATA			0x724
#define SGMII_DATA_MASK_		GENMASK(15, 0)
#define SGMII_CTL			0x728
#define SGMII_CTL_ENABLE_		BIT(31)
#define SGMII_CTL_LINK_STATUS_SOURCE_	BIT(8)	/* set: the PCS's own link */
#define SGMII_CTL_POWER_DN_		BIT(1)
/* PCS registers in MMD 31 (MDIO_MMD_VEND2): BMCR and BMSR at 0 and 1 */
#define VR_MII_DIG_CTRL1		0x8000
#define VR_MII_DIG_CTRL1_MAC_AUTO_SW_	BIT(9)
#define VR_MII_DIG_CTRL1_CL37_TMR_OVR_	BIT(3)
#define VR_MII_AN_CTRL			0x8001
#define VR_MII_AN_CTRL_SGMII_LINK_STS_	BIT(4)
#define VR_MII_AN_CTRL_PCS_MODE_MASK_	GENMASK(2, 1)
enum {
	VR_MII_PCS_MODE_1000BASEX_ = 0,
	VR_MII_PCS_MODE_SGMII_ = 2,
};

#define VR_MII_LINK_TIMER_CTRL		0x800A
#define VR_MII_LINK_TIMER_2500_		0x7A1	/* 1.6 ms at 3.125 GBd */
#define VR_MII_DIG_STS			0x8010
#define VR_MII_DIG_STS_PSEQ_MASK_	GENMASK(4, 2)
enum {
	VR_MII_PSEQ_POWER_UP_ = 4,
	VR_MII_PSEQ_POWER_DOWN_ = 6,
};

#define VR_MII_MPLL_CTRL0		0x8078
#define VR_MII_MPLL_CTRL0_REFCLK_PAD_	BIT(4)
#define VR_MII_MPLL_CTRL1		0x8079	/* multiplier */
#define VR_MII_MPLL_MULT_1G25_		100
#define VR_MII_MPLL_MULT_3G125_		125
#define VR_MII_MISC_CTRL1		0x809A	/* TX/RX rate dividers */
#define VR_MII_MISC_CTRL1_1G25_		0xA	/* MPLL baud clock / 4 */
#define VR_MII_MISC_CTRL1_3G125_	0x5	/* MPLL baud clock / 2 */

/* PCI11x1x B0: the RFE read FIFO threshold */
#define MISC_CTL_0			0x920
#define MISC_CTL_0_RFE_READ_FIFO_MASK_	GENMASK(6, 4)
#define MISC_CTL_0_RFE_READ_FIFO_B0_	3	/* dwords */

/* OTP: 1024 bytes; ADDR_HIGH/ADDR_LOW take these bits of a byte address.
 * The PCI11x1x has the same block at HS_OTP_BASE.
 */
#define OTP_BASE			0x1000
#define OTP_PWR_DN			0x1000
#define OTP_PWR_DN_PWRDN_N_		BIT(0)	/* set: powered down */
#define OTP_ADDR_HIGH			0x1004
#define OTP_ADDR_HIGH_MASK_		GENMASK(12, 8)	/* LAN743x: 9:8 */
#define OTP_ADDR_LOW			0x1008
#define OTP_ADDR_LOW_MASK_		GENMASK(7, 0)
#define OTP_PRGM_DATA			0x1010
#define OTP_PRGM_MODE			0x1014
#define OTP_PRGM_MODE_BYTE_		BIT(0)
#define OTP_READ_DATA			0x1018
#define OTP_FUNC_CMD			0x1020
#define OTP_FUNC_CMD_READ_		BIT(0)
#define OTP_TST_CMD			0x1024
#define OTP_TST_CMD_PRGVRFY_		BIT(3)	/* program and verify */
#define OTP_CMD_GO			0x1028
#define OTP_CMD_GO_GO_			BIT(0)
#define OTP_STATUS			0x1030
#define OTP_STATUS_BUSY_		BIT(0)

/* MAC statistics: free-running 32-bit counters */
#define STAT_RX_FCS_ERRORS		0x1200
#define STAT_RX_ALIGNMENT_ERRORS	0x1204
#define STAT_RX_FRAGMENT_ERRORS		0x1208
#define STAT_RX_JABBER_ERRORS		0x120C
#define STAT_RX_UNDERSIZE_FRAME_ERRORS	0x1210
#define STAT_RX_OVERSIZE_FRAME_ERRORS	0x1214
#define STAT_RX_DROPPED_FRAMES		0x1218
#define STAT_RX_UNICAST_BYTE_COUNT	0x121C
#define STAT_RX_BROADCAST_BYTE_COUNT	0x1220
#define STAT_RX_MULTICAST_BYTE_COUNT	0x1224
#define STAT_RX_UNICAST_FRAMES		0x1228
#define STAT_RX_BROADCAST_FRAMES	0x122C
#define STAT_RX_MULTICAST_FRAMES	0x1230
#define STAT_RX_PAUSE_FRAMES		0x1234
/* frame-size histogram (FCS included): 64, 65-127, ..., 1024-1518, 1519+ */
#define STAT_RX_64_BYTE_FRAMES		0x1238
#define STAT_RX_65_127_BYTE_FRAMES	0x123C
#define STAT_RX_128_255_BYTE_FRAMES	0x1240
#define STAT_RX_256_511_BYTE_FRAMES	0x1244
#define STAT_RX_512_1023_BYTE_FRAMES	0x1248
#define STAT_RX_1024_1518_BYTE_FRAMES	0x124C
#define STAT_RX_GREATER_1518_BYTE_FRAMES	0x1250
#define STAT_RX_TOTAL_FRAMES		0x1254
#define STAT_EEE_RX_LPI_TRANSITIONS	0x1258
#define STAT_EEE_RX_LPI_TIME		0x125C
#define STAT_TX_FCS_ERRORS		0x1280
#define STAT_TX_EXCESS_DEFERRAL_ERRORS	0x1284
#define STAT_TX_CARRIER_ERRORS		0x1288
#define STAT_TX_BAD_BYTE_COUNT		0x128C
#define STAT_TX_SINGLE_COLLISIONS	0x1290
#define STAT_TX_MULTIPLE_COLLISIONS	0x1294
#define STAT_TX_EXCESSIVE_COLLISION	0x1298
#define STAT_TX_LATE_COLLISIONS		0x129C
#define STAT_TX_UNICAST_BYTE_COUNT	0x12A0
#define STAT_TX_BROADCAST_BYTE_COUNT	0x12A4
#define STAT_TX_MULTICAST_BYTE_COUNT	0x12A8
#define STAT_TX_UNICAST_FRAMES		0x12AC
#define STAT_TX_BROADCAST_FRAMES	0x12B0
#define STAT_TX_MULTICAST_FRAMES	0x12B4
#define STAT_TX_PAUSE_FRAMES		0x12B8
#define STAT_TX_64_BYTE_FRAMES		0x12BC
#define STAT_TX_65_127_BYTE_FRAMES	0x12C0
#define STAT_TX_128_255_BYTE_FRAMES	0x12C4
#define STAT_TX_256_511_BYTE_FRAMES	0x12C8
#define STAT_TX_512_1023_BYTE_FRAMES	0x12CC
#define STAT_TX_1024_1518_BYTE_FRAMES	0x12D0
#define STAT_TX_GREATER_1518_BYTE_FRAMES	0x12D4
#define STAT_TX_TOTAL_FRAMES		0x12D8
#define STAT_EEE_TX_LPI_TRANSITIONS	0x12DC
#define STAT_EEE_TX_LPI_TIME		0x12E0

/* Descriptors: four little-endian dwords, 16-byte spacing */
#define RX_DESC_DATA0_FS_		BIT(31)
#define RX_DESC_DATA0_LS_		BIT(30)
#define RX_DESC_DATA0_FRAME_LENGTH_MASK_	GENMASK(29, 16)	/* incl. FCS */
#define RX_DESC_DATA0_OWN_		BIT(15)
#define RX_DESC_DATA0_EXT_		BIT(14)
#define RX_DESC_DATA0_BUF_LENGTH_MASK_	GENMASK(13, 0)
#define RX_DESC_DATA1_STATUS_ICE_	BIT(17)
#define RX_DESC_DATA1_STATUS_TCE_	BIT(16)
#define RX_DESC_DATA1_STATUS_ICSM_	BIT(0)
/* extension descriptor: data1 = seconds, data2 = nanoseconds */
#define RX_DESC_DATA2_TS_NS_MASK_	GENMASK(29, 0)

#define TX_DESC_DATA0_DTYPE_MASK_	GENMASK(31, 30)
enum {
	TX_DESC_DTYPE_DATA_ = 0,
	TX_DESC_DTYPE_EXT_ = 1,
};

#define TX_DESC_DATA0_FS_		BIT(29)
#define TX_DESC_DATA0_LS_		BIT(28)
#define TX_DESC_DATA0_EXT_		BIT(27)
#define TX_DESC_DATA0_IOC_		BIT(26)
#define TX_DESC_DATA0_ICE_		BIT(22)
#define TX_DESC_DATA0_IPE_		BIT(21)
#define TX_DESC_DATA0_TPE_		BIT(20)
#define TX_DESC_DATA0_FCS_		BIT(17)
#define TX_DESC_DATA0_TSE_		BIT(16)
#define TX_DESC_DATA0_BUF_LENGTH_MASK_	GENMASK(15, 0)
#define TX_DESC_DATA0_EXT_LSO_		BIT(21)
#define TX_DESC_DATA0_EXT_PAY_LENGTH_MASK_	GENMASK(19, 0)
#define TX_DESC_DATA3_FRAME_LENGTH_MSS_MASK_	GENMASK(29, 16)
#define TX_DESC_MIN_MSS			8

/**
 * struct lan743x_desc - an RX or TX DMA descriptor as the chip reads it
 * @data0: flags and lengths
 * @data1: buffer address low; RX status on completion
 * @data2: buffer address high
 * @data3: TX frame length or MSS; zero on RX
 */
struct lan743x_desc {
	__le32 data0;
	__le32 data1;
	__le32 data2;
	__le32 data3;
};

#endif /* _LAN743X_REGS_H */

// SPDX-License-Identifier: GPL-2.0
/* Channel setup of the LAN743x DMA rings: the DMAC, FCT and interrupt
 * controller registers of one RX or TX channel, so that the ring code
 * (lan743x_rx.c, lan743x_tx.c) deals in descriptors and buffers only.
 * The A0/B0 differences of a channel are decided here too.
 */

#include <linux/iopoll.h>
#include <linux/pci.h>

#include "lan743x_hw.h"

/* FCT flow-control thresholds of an RX FIFO, in the chip's units */
#define LAN743X_FCT_FLOW_ON		0x2A
#define LAN743X_FCT_FLOW_OFF		0x0A

/* A DMA channel did not stop: keep it out of the buffers about to be freed.
 * A channel reset stops it at once.  A chip that does not answer (reads of
 * all ones: surprise removal, or hung) loses bus mastering instead, which
 * stops any DMA it could still start; the next open turns it back on.
 */
static void lan743x_dma_stop_failed(struct lan743x_adapter *adapter, u32 swr,
				    const char *dir, u8 ch)
{
	struct net_device *netdev = adapter->netdev;

	if (lan743x_rd32(adapter, DMAC_CMD) != ~0u) {
		lan743x_wr32(adapter, DMAC_CMD, swr);
		if (!lan743x_wait_bits(adapter, DMAC_CMD, swr, 0, 1000, 100000)) {
			netdev_warn(netdev, "%s channel %u did not stop: reset\n",
				    dir, ch);
			return;
		}
	}
	if (!adapter->dma_fenced)
		netdev_err(netdev, "%s channel %u did not stop, chip not answering: bus mastering off\n",
			   dir, ch);
	pci_clear_master(adapter->pdev);
	adapter->dma_fenced = true;
}

/* Stop a DMA channel before its buffers are freed.  (START, STOP) reading
 * (1, 1) means a stop is pending.  A channel that does not stop within 2 s
 * is reset, or the chip fenced off the bus.  Context: may sleep.
 */
static void lan743x_dma_stop(struct lan743x_adapter *adapter, u32 start,
			     u32 stop, u32 swr, const char *dir, u8 ch)
{
	u32 both = start | stop;
	u32 cmd;
	int ret;

	lan743x_wr32(adapter, DMAC_CMD, stop);
	ret = readl_poll_timeout(adapter->csr + DMAC_CMD, cmd,
				 (cmd & both) != both || cmd == ~0u,
				 1000, 2000000);
	if (ret || cmd == ~0u)
		lan743x_dma_stop_failed(adapter, swr, dir, ch);
}

/* Soft-reset one DMAC channel (@swr: its RX_SWR or TX_SWR bit) */
static int lan743x_dma_reset(struct lan743x_adapter *adapter, u32 swr)
{
	lan743x_wr32(adapter, DMAC_CMD, swr);
	return lan743x_wait_bits(adapter, DMAC_CMD, swr, 0, 1000, 100000);
}

/* RX_CFG_C of a ring: on B0 a ring with a vector of its own has its source
 * enable and DMAC status auto-cleared when it fires; a ring on a shared
 * vector has them cleared by the read-to-clear INT_STS_R2C.  A0 has neither.
 */
static u32 lan743x_hw_rx_cfg_c(struct lan743x_adapter *adapter, u8 ch)
{
	if (adapter->is_a0)
		return 0;
	if (lan743x_irq_ring_dedicated(adapter, true, ch))
		return RX_CFG_C_RX_TOP_INT_EN_AUTO_CLR_ |
		       RX_CFG_C_RX_DMA_INT_STS_AUTO_CLR_;
	return RX_CFG_C_RX_INT_STS_R2C_MODE_MASK_ | RX_CFG_C_RX_INT_EN_R2C_;
}

/* TX_CFG_C of a ring, as lan743x_hw_rx_cfg_c() */
static u32 lan743x_hw_tx_cfg_c(struct lan743x_adapter *adapter, u8 ch)
{
	if (adapter->is_a0)
		return 0;
	if (lan743x_irq_ring_dedicated(adapter, false, ch))
		return TX_CFG_C_TX_TOP_INT_EN_AUTO_CLR_ |
		       TX_CFG_C_TX_DMA_INT_STS_AUTO_CLR_;
	return TX_CFG_C_TX_INT_STS_R2C_MODE_MASK_ | TX_CFG_C_TX_INT_EN_R2C_;
}

/**
 * lan743x_hw_rx_irq_model() - pick the interrupt model of an RX ring
 * @rx: ring; interrupts are open
 *
 * A0 silicon and a ring on a shared vector mask and clear by hand
 * (@rx->clear_sts); a B0 ring with a vector of its own is re-armed by the
 * RX_TAIL bits in @rx->rearm_flags.
 */
void lan743x_hw_rx_irq_model(struct lan743x_rx *rx)
{
	struct lan743x_adapter *adapter = rx->adapter;

	rx->clear_sts = !lan743x_irq_ring_dedicated(adapter, true, rx->ch) ||
			adapter->is_a0;
	rx->rearm_flags = rx->clear_sts ? 0 :
			  RX_TAIL_SET_TOP_INT_VEC_EN_ | RX_TAIL_SET_TOP_INT_EN_;
}

/**
 * lan743x_hw_rx_reset() - soft-reset an RX DMA channel
 * @adapter: adapter
 * @ch: RX channel
 *
 * Return: 0, or -ETIMEDOUT if the reset bit did not clear.
 */
int lan743x_hw_rx_reset(struct lan743x_adapter *adapter, u8 ch)
{
	return lan743x_dma_reset(adapter, DMAC_CMD_RX_SWR_(ch));
}

/**
 * lan743x_hw_rx_config() - program an RX channel's ring
 * @adapter: adapter
 * @ch: RX channel, freshly reset
 * @ring: DMA address of @size descriptors, the head write-back word after
 * @size: descriptors in the ring
 * @pad: bytes the chip leaves before a frame in its first buffer
 *
 * Also applies the timestamping mode (an extension descriptor after LS)
 * and the interrupt auto-clear bits of the interrupt model.
 */
void lan743x_hw_rx_config(struct lan743x_adapter *adapter, u8 ch,
			  dma_addr_t ring, unsigned int size, u8 pad)
{
	dma_addr_t wb = ring + size * sizeof(struct lan743x_desc);
	u32 val;

	lan743x_wr32(adapter, RX_BASE_ADDRH(ch), upper_32_bits(ring));
	lan743x_wr32(adapter, RX_BASE_ADDRL(ch), lower_32_bits(ring));
	lan743x_wr32(adapter, RX_HEAD_WRITEBACK_ADDRH(ch), upper_32_bits(wb));
	lan743x_wr32(adapter, RX_HEAD_WRITEBACK_ADDRL(ch), lower_32_bits(wb));

	val = RX_CFG_A_RX_HP_WB_EN_;
	if (!adapter->is_a0)
		val |= RX_CFG_A_RX_WB_ON_INT_TMR_ |
		       FIELD_PREP(RX_CFG_A_RX_WB_THRES_MASK_, 7) |
		       FIELD_PREP(RX_CFG_A_RX_PF_THRES_MASK_, 16) |
		       FIELD_PREP(RX_CFG_A_RX_PF_PRI_THRES_MASK_, 4);
	lan743x_wr32(adapter, RX_CFG_A(ch), val);

	val = FIELD_PREP(RX_CFG_B_RX_PAD_MASK_, pad) |
	      FIELD_PREP(RX_CFG_B_RX_RING_LEN_MASK_, size) |
	      adapter->ptp.rx_cfg;
	if (!adapter->is_a0)
		val |= RX_CFG_B_RDMABL_512_;
	lan743x_wr32(adapter, RX_CFG_B(ch), val);

	lan743x_wr32(adapter, RX_CFG_C(ch), lan743x_hw_rx_cfg_c(adapter, ch));
}

/**
 * lan743x_hw_rx_head() - the chip's RX head index
 * @adapter: adapter
 * @ch: RX channel
 *
 * Return: RX_HEAD; 0 after a channel reset.
 */
u32 lan743x_hw_rx_head(struct lan743x_adapter *adapter, u8 ch)
{
	return lan743x_rd32(adapter, RX_HEAD(ch));
}

/**
 * lan743x_hw_rx_start() - start an RX channel whose ring is armed
 * @adapter: adapter
 * @ch: RX channel
 *
 * Enables the ring's interrupt, starts the DMAC channel, then resets and
 * enables the channel's FIFO with its flow-control thresholds.
 */
void lan743x_hw_rx_start(struct lan743x_adapter *adapter, u8 ch)
{
	lan743x_wr32(adapter, INT_EN_SET, INT_BIT_DMA_RX_(ch));
	lan743x_wr32(adapter, DMAC_INT_STS, DMAC_INT_BIT_RXFRM_(ch));
	lan743x_wr32(adapter, DMAC_INT_EN_SET, DMAC_INT_BIT_RXFRM_(ch));
	lan743x_wr32(adapter, DMAC_CMD, DMAC_CMD_START_R_(ch));

	lan743x_wr32(adapter, FCT_RX_CTL, FCT_RX_CTL_RESET_(ch));
	lan743x_wait_bits(adapter, FCT_RX_CTL, FCT_RX_CTL_RESET_(ch), 0,
			  1000, 100000);
	lan743x_wr32(adapter, FCT_FLOW(ch), FCT_FLOW_CTL_REQ_EN_ |
		     FIELD_PREP(FCT_FLOW_CTL_ON_THRESHOLD_, LAN743X_FCT_FLOW_ON) |
		     FIELD_PREP(FCT_FLOW_CTL_OFF_THRESHOLD_,
				LAN743X_FCT_FLOW_OFF));
	lan743x_wr32(adapter, FCT_RX_CTL, FCT_RX_CTL_EN_(ch));
}

/**
 * lan743x_hw_rx_stop() - stop an RX channel before its buffers go
 * @adapter: adapter
 * @ch: RX channel, started
 *
 * FIFO first, then the DMAC channel (reset, or the chip fenced off the
 * bus, if it does not stop), then the ring's interrupt.  Context: may
 * sleep.
 */
void lan743x_hw_rx_stop(struct lan743x_adapter *adapter, u8 ch)
{
	lan743x_wr32(adapter, FCT_RX_CTL, FCT_RX_CTL_DIS_(ch));
	lan743x_wait_bits(adapter, FCT_RX_CTL, FCT_RX_CTL_EN_(ch), 0,
			  1000, 100000);

	lan743x_dma_stop(adapter, DMAC_CMD_START_R_(ch), DMAC_CMD_STOP_R_(ch),
			 DMAC_CMD_RX_SWR_(ch), "RX", ch);

	lan743x_wr32(adapter, DMAC_INT_EN_CLR, DMAC_INT_BIT_RXFRM_(ch));
	lan743x_wr32(adapter, INT_EN_CLR, INT_BIT_DMA_RX_(ch));
}

/**
 * lan743x_hw_rx_set_ts() - change a running RX channel's timestamping
 * @adapter: adapter
 * @ch: RX channel
 * @cfg: RX_CFG_B_TS_ALL_RX_, RX_CFG_B_TS_DESCR_EN_ or 0
 */
void lan743x_hw_rx_set_ts(struct lan743x_adapter *adapter, u8 ch, u32 cfg)
{
	lan743x_rmw32(adapter, RX_CFG_B(ch),
		      RX_CFG_B_TS_ALL_RX_ | RX_CFG_B_TS_DESCR_EN_, cfg);
}

/**
 * lan743x_hw_tx_irq_model() - pick the interrupt model of a TX ring
 * @tx: ring; interrupts are open
 *
 * As lan743x_hw_rx_irq_model(); a TX ring is re-armed through INT_EN_SET
 * in both models.
 */
void lan743x_hw_tx_irq_model(struct lan743x_tx *tx)
{
	tx->clear_sts = !lan743x_irq_ring_dedicated(tx->adapter, false, tx->ch) ||
			tx->adapter->is_a0;
}

/**
 * lan743x_hw_tx_reset() - reset a TX channel's FIFO and DMAC channel
 * @adapter: adapter
 * @ch: TX channel
 *
 * The FIFO is reset and enabled, then the DMAC channel soft-reset.
 *
 * Return: 0, or -ETIMEDOUT if the DMAC reset bit did not clear.
 */
int lan743x_hw_tx_reset(struct lan743x_adapter *adapter, u8 ch)
{
	lan743x_wr32(adapter, FCT_TX_CTL, FCT_TX_CTL_RESET_(ch));
	lan743x_wait_bits(adapter, FCT_TX_CTL, FCT_TX_CTL_RESET_(ch), 0,
			  1000, 100000);
	lan743x_wr32(adapter, FCT_TX_CTL, FCT_TX_CTL_EN_(ch));

	return lan743x_dma_reset(adapter, DMAC_CMD_TX_SWR_(ch));
}

/**
 * lan743x_hw_tx_config() - program a TX channel's ring
 * @adapter: adapter
 * @ch: TX channel, freshly reset
 * @ring: DMA address of @size descriptors, the head write-back word after
 * @size: descriptors in the ring
 */
void lan743x_hw_tx_config(struct lan743x_adapter *adapter, u8 ch,
			  dma_addr_t ring, unsigned int size)
{
	dma_addr_t wb = ring + size * sizeof(struct lan743x_desc);
	u32 val;

	lan743x_wr32(adapter, TX_BASE_ADDRH(ch), upper_32_bits(ring));
	lan743x_wr32(adapter, TX_BASE_ADDRL(ch), lower_32_bits(ring));

	val = FIELD_PREP(TX_CFG_B_TX_RING_LEN_MASK_, size);
	if (!adapter->is_a0)
		val |= TX_CFG_B_TDMABL_512_;
	lan743x_wr32(adapter, TX_CFG_B(ch), val);

	val = TX_CFG_A_TX_TMR_HPWB_SEL_IOC_ | TX_CFG_A_TX_HP_WB_EN_;
	if (!adapter->is_a0)
		val |= TX_CFG_A_TX_HP_WB_ON_INT_TMR_ |
		       FIELD_PREP(TX_CFG_A_TX_PF_THRES_MASK_, 0x10) |
		       FIELD_PREP(TX_CFG_A_TX_PF_PRI_THRES_MASK_, 4) |
		       FIELD_PREP(TX_CFG_A_TX_HP_WB_THRES_MASK_, 7);
	lan743x_wr32(adapter, TX_CFG_A(ch), val);

	lan743x_wr32(adapter, TX_HEAD_WRITEBACK_ADDRH(ch), upper_32_bits(wb));
	lan743x_wr32(adapter, TX_HEAD_WRITEBACK_ADDRL(ch), lower_32_bits(wb));
}

/**
 * lan743x_hw_tx_head() - the chip's TX head index
 * @adapter: adapter
 * @ch: TX channel
 *
 * Return: TX_HEAD, the next descriptor the chip will process.
 */
u32 lan743x_hw_tx_head(struct lan743x_adapter *adapter, u8 ch)
{
	return lan743x_rd32(adapter, TX_HEAD(ch));
}

/**
 * lan743x_hw_tx_start() - start a TX channel whose ring is empty
 * @adapter: adapter
 * @ch: TX channel, configured, tail written
 *
 * Sets the auto-clear bits of the interrupt model, enables the ring's
 * interrupt and starts the DMAC channel.
 */
void lan743x_hw_tx_start(struct lan743x_adapter *adapter, u8 ch)
{
	lan743x_wr32(adapter, TX_CFG_C(ch), lan743x_hw_tx_cfg_c(adapter, ch));
	lan743x_wr32(adapter, INT_EN_SET, INT_BIT_DMA_TX_(ch));
	lan743x_wr32(adapter, DMAC_INT_EN_SET, DMAC_INT_BIT_TX_IOC_(ch));
	lan743x_wr32(adapter, DMAC_CMD, DMAC_CMD_START_T_(ch));
}

/**
 * lan743x_hw_tx_stop() - stop a TX channel before its buffers go
 * @adapter: adapter
 * @ch: TX channel, started
 *
 * DMAC channel first (reset, or the chip fenced off the bus, if it does
 * not stop), then the ring's interrupt, then the FIFO.  Context: may sleep.
 */
void lan743x_hw_tx_stop(struct lan743x_adapter *adapter, u8 ch)
{
	lan743x_dma_stop(adapter, DMAC_CMD_START_T_(ch), DMAC_CMD_STOP_T_(ch),
			 DMAC_CMD_TX_SWR_(ch), "TX", ch);
	lan743x_wr32(adapter, DMAC_INT_EN_CLR, DMAC_INT_BIT_TX_IOC_(ch));
	lan743x_wr32(adapter, INT_EN_CLR, INT_BIT_DMA_TX_(ch));

	lan743x_wr32(adapter, FCT_TX_CTL, FCT_TX_CTL_DIS_(ch));
	lan743x_wait_bits(adapter, FCT_TX_CTL, FCT_TX_CTL_EN_(ch), 0,
			  1000, 100000);
}

/* SPDX-License-Identifier: GPL-2.0 */
/* The hardware side of a DMA ring: what lan743x_rx.c and lan743x_tx.c ask
 * of the DMAC, the FIFO controller (FCT) and the interrupt controller, by
 * name.  Channel setup lives in lan743x_hw.c; the per-packet and per-poll
 * steps (doorbell, interrupt mask, acknowledge, re-arm) are inline here.
 *
 * Two interrupt models (see lan743x_irq.c): a ring whose interrupt is
 * shared, and every ring of A0 silicon, has its source masked by the ISR
 * and its DMAC status cleared by NAPI ("clear_sts"); a ring with a vector
 * of its own on B0 has both auto-cleared by the chip, and RX re-arms them
 * with bits written together with the tail.
 */
#ifndef _LAN743X_HW_H
#define _LAN743X_HW_H

#include "lan743x_main.h"

/* lan743x_hw.c: RX channel */
void lan743x_hw_rx_irq_model(struct lan743x_rx *rx);
int lan743x_hw_rx_reset(struct lan743x_adapter *adapter, u8 ch);
void lan743x_hw_rx_config(struct lan743x_adapter *adapter, u8 ch,
			  dma_addr_t ring, unsigned int size, u8 pad);
u32 lan743x_hw_rx_head(struct lan743x_adapter *adapter, u8 ch);
void lan743x_hw_rx_start(struct lan743x_adapter *adapter, u8 ch);
void lan743x_hw_rx_stop(struct lan743x_adapter *adapter, u8 ch);
void lan743x_hw_rx_set_ts(struct lan743x_adapter *adapter, u8 ch, u32 cfg);

/* lan743x_hw.c: TX channel */
void lan743x_hw_tx_irq_model(struct lan743x_tx *tx);
int lan743x_hw_tx_reset(struct lan743x_adapter *adapter, u8 ch);
void lan743x_hw_tx_config(struct lan743x_adapter *adapter, u8 ch,
			  dma_addr_t ring, unsigned int size);
u32 lan743x_hw_tx_head(struct lan743x_adapter *adapter, u8 ch);
void lan743x_hw_tx_start(struct lan743x_adapter *adapter, u8 ch);
void lan743x_hw_tx_stop(struct lan743x_adapter *adapter, u8 ch);

/* The doorbells, mapped once per ring */
static inline void __iomem *lan743x_hw_rx_tail_reg(struct lan743x_adapter *adapter,
						   u8 ch)
{
	return adapter->csr + RX_TAIL(ch);
}

static inline void __iomem *lan743x_hw_tx_tail_reg(struct lan743x_adapter *adapter,
						   u8 ch)
{
	return adapter->csr + TX_TAIL(ch);
}

/* Hand the chip every RX descriptor up to rx->tail; @flags: RX_TAIL
 * re-arm bits or 0.  writel() orders the descriptor writes before it.
 */
static inline void lan743x_hw_rx_doorbell(struct lan743x_rx *rx, u32 flags)
{
	writel(rx->tail | flags, rx->tail_reg);
}

/* The ISR of a clear_sts ring: keep the source quiet until NAPI is done */
static inline void lan743x_hw_rx_irq_mask(struct lan743x_rx *rx)
{
	lan743x_wr32(rx->adapter, INT_EN_CLR, INT_BIT_DMA_RX_(rx->ch));
}

/* Clear the ring's DMAC status before NAPI looks at the ring: a frame
 * landing later sets it again
 */
static inline void lan743x_hw_rx_irq_ack(struct lan743x_rx *rx)
{
	lan743x_wr32(rx->adapter, DMAC_INT_STS, DMAC_INT_BIT_RXFRM_(rx->ch));
}

/* The end of an RX poll: ring the doorbell if @doorbell (buffers were
 * given back), let the ring interrupt again if @rearm (NAPI completed).
 * A clear_sts ring rings the doorbell first, then unmasks its source; on
 * B0 one write does both, re-enabling what the chip auto-cleared.
 */
static inline void lan743x_hw_rx_poll_done(struct lan743x_rx *rx,
					   bool doorbell, bool rearm)
{
	if (rx->clear_sts) {
		if (doorbell)
			lan743x_hw_rx_doorbell(rx, 0);
		if (rearm)
			lan743x_wr32(rx->adapter, INT_EN_SET,
				     INT_BIT_DMA_RX_(rx->ch));
	} else if (doorbell || rearm) {
		lan743x_hw_rx_doorbell(rx, rearm ? rx->rearm_flags : 0);
	}
}

/* Hand the chip every TX descriptor before tx->tail */
static inline void lan743x_hw_tx_doorbell(struct lan743x_tx *tx)
{
	writel(tx->tail, tx->tail_reg);
}

static inline void lan743x_hw_tx_irq_mask(struct lan743x_tx *tx)
{
	lan743x_wr32(tx->adapter, INT_EN_CLR, INT_BIT_DMA_TX_(tx->ch));
}

static inline void lan743x_hw_tx_irq_ack(struct lan743x_tx *tx)
{
	lan743x_wr32(tx->adapter, DMAC_INT_STS, DMAC_INT_BIT_TX_IOC_(tx->ch));
}

/* TX NAPI completed: let the ring interrupt again (both models) */
static inline void lan743x_hw_tx_irq_rearm(struct lan743x_tx *tx)
{
	lan743x_wr32(tx->adapter, INT_EN_SET, INT_BIT_DMA_TX_(tx->ch));
}

#endif /* _LAN743X_HW_H */

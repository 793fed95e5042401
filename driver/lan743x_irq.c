// SPDX-License-Identifier: GPL-2.0
/* Interrupts of the LAN743x.
 *
 * MSI-X: vector 0 serves the "other" sources (SW_GP self-test, DMA errors,
 * 1588), then one vector per TX channel, then one per RX channel: on the
 * LAN743x vector 1 TX channel 0 and vectors 2..5 RX channels 0..3 (6 in
 * all), on the PCI11x1x vectors 1..4 TX channels 0..3 and 5..8 RX channels
 * 0..3 (9).  A host that grants fewer vectors (down to one) gets the rings
 * in that order as far as they go; the rest share vector 0 with the other
 * sources.  Without MSI-X everything shares one MSI (not on A0) or INTx
 * vector.  Moderation timer n serves the channel of vector n.
 *
 * Two interrupt models:
 * - A0 silicon has no auto set/clear: the ISR masks a ring's source in
 *   INT_EN, NAPI clears DMAC_INT_STS and unmasks the source when done.
 * - Later silicon ("B0") auto-clears a dedicated vector's source enable,
 *   status and (RX) vector enable when it fires, and RX NAPI re-arms them
 *   with bits written together with RX_TAIL.  The shared vector reads the
 *   read-to-clear INT_STS_R2C view, which also clears the sources' enables.
 * The per-ring side of both (RX_CFG_C/TX_CFG_C, mask, ack, re-arm) is in
 * lan743x_hw.c and lan743x_hw.h.
 */

#include <linux/interrupt.h>
#include <linux/pci.h>

#include "lan743x_hw.h"

/* PCI_IRQ_LEGACY was renamed in 6.8 */
#ifndef PCI_IRQ_INTX
#define PCI_IRQ_INTX PCI_IRQ_LEGACY
#endif

/* A ring's vector when the host grants all of them */
static unsigned int lan743x_irq_ring_vector(struct lan743x_adapter *adapter,
					    bool rx, u8 ch)
{
	return rx ? lan743x_rx_vector(adapter, ch) :
		    lan743x_tx_vector(adapter, ch);
}

/**
 * lan743x_irq_ring_dedicated() - does a ring have a vector of its own
 * @adapter: adapter with interrupts open
 * @rx: RX (true) or TX ring
 * @ch: channel
 *
 * Return: true if the ring's interrupt has its own MSI-X vector.
 */
bool lan743x_irq_ring_dedicated(struct lan743x_adapter *adapter, bool rx,
				u8 ch)
{
	return adapter->irq_mode == LAN743X_IRQ_MSIX &&
	       lan743x_irq_ring_vector(adapter, rx, ch) < adapter->num_vectors;
}

/* The vector serving a ring: its own, or the shared vector 0 */
static unsigned int lan743x_irq_vector_of(struct lan743x_adapter *adapter,
					  bool rx, u8 ch)
{
	return lan743x_irq_ring_dedicated(adapter, rx, ch) ?
	       lan743x_irq_ring_vector(adapter, rx, ch) : 0;
}

static irqreturn_t lan743x_isr_rx(int irq, void *data)
{
	struct lan743x_rx *rx = data;

	/* A0: keep the source quiet until NAPI is done; B0 did it itself */
	if (rx->clear_sts)
		lan743x_hw_rx_irq_mask(rx);
	napi_schedule_irqoff(&rx->napi);
	return IRQ_HANDLED;
}

static irqreturn_t lan743x_isr_tx(int irq, void *data)
{
	struct lan743x_tx *tx = data;

	if (tx->clear_sts)
		lan743x_hw_tx_irq_mask(tx);
	napi_schedule_irqoff(&tx->napi);
	return IRQ_HANDLED;
}

/* A DMA channel hit a bus error (a descriptor or buffer it could not read)
 * and the chip stopped it: say which, and reset the chip from process
 * context as after a TX timeout.  The source stays masked until then.
 */
static void lan743x_irq_dma_error(struct lan743x_adapter *adapter)
{
	u32 sts = lan743x_rd32(adapter, DMAC_INT_STS);
	u32 err;
	u8 ch;

	for (ch = 0; ch < LAN743X_NUM_RX; ch++) {
		err = lan743x_rd32(adapter, DMAC_RX_ERR_STS(ch)) &
		      DMAC_RX_ERR_STS_MASK_;
		if (!err)
			continue;
		lan743x_wr32(adapter, DMAC_RX_ERR_STS(ch), err);
		if (net_ratelimit())
			netdev_err(adapter->netdev,
				   "RX channel %u DMA error %#x, resetting\n",
				   ch, err);
	}
	for (ch = 0; ch < adapter->chip->num_tx; ch++) {
		err = lan743x_rd32(adapter, DMAC_TX_ERR_STS(ch)) &
		      DMAC_TX_ERR_STS_MASK_;
		if (!err)
			continue;
		lan743x_wr32(adapter, DMAC_TX_ERR_STS(ch), err);
		if (net_ratelimit())
			netdev_err(adapter->netdev,
				   "TX channel %u DMA error %#x, resetting\n",
				   ch, err);
	}
	lan743x_wr32(adapter, DMAC_INT_STS, sts & DMAC_INT_BIT_ERR_);
	schedule_work(&adapter->reset_work);
}

static void lan743x_irq_dispatch(struct lan743x_adapter *adapter, u32 sts)
{
	u8 ch;

	/* Ring sources stay masked until their NAPI poll re-enables them;
	 * SW_GP and anything unexpected stay masked for good.
	 */
	lan743x_wr32(adapter, INT_EN_CLR, sts);

	for (ch = 0; ch < LAN743X_NUM_RX; ch++)
		if (sts & INT_BIT_DMA_RX_(ch))
			napi_schedule_irqoff(&adapter->rx[ch].napi);
	for (ch = 0; ch < adapter->chip->num_tx; ch++)
		if (sts & INT_BIT_DMA_TX_(ch))
			napi_schedule_irqoff(&adapter->tx[ch].napi);
	if (sts & INT_BIT_DMA_GEN_)
		lan743x_irq_dma_error(adapter);
	if (sts & INT_BIT_1588_)
		lan743x_ptp_isr(adapter);
	if (sts & INT_BIT_SW_GP_) {
		WRITE_ONCE(adapter->sw_isr_seen, true);
		wake_up(&adapter->sw_isr_wq);
	}
}

/* Mask or unmask the shared vector around its handler, so that sources
 * still pending afterwards raise a new message or level.
 */
static void lan743x_irq_shared_mask(struct lan743x_adapter *adapter, bool mask)
{
	if (adapter->irq_mode == LAN743X_IRQ_INTX)
		lan743x_wr32(adapter, mask ? INT_EN_CLR : INT_EN_SET,
			     INT_BIT_MAS_);
	else
		lan743x_wr32(adapter, mask ? INT_VEC_EN_CLR : INT_VEC_EN_SET,
			     INT_VEC_EN_(0));
}

static irqreturn_t lan743x_isr_shared(int irq, void *data)
{
	struct lan743x_vector *vec = data;
	struct lan743x_adapter *adapter;
	u32 sts;

	adapter = vec->adapter;
	sts = lan743x_rd32(adapter, adapter->is_a0 ? INT_STS : INT_STS_R2C);
	/* all ones: a chip gone from the bus raised nothing (a shared INTx
	 * line is someone else's)
	 */
	if (!(sts & INT_BIT_MAS_) || sts == ~0u)
		return IRQ_NONE;
	/* R2C has just cleared the enables on B0: use the mask alone there */
	if (adapter->is_a0)
		sts &= lan743x_rd32(adapter, INT_EN_SET);
	sts &= vec->int_mask;
	if (!sts)
		return IRQ_NONE;

	lan743x_irq_shared_mask(adapter, true);
	lan743x_irq_dispatch(adapter, sts);
	lan743x_irq_shared_mask(adapter, false);
	return IRQ_HANDLED;
}

static int lan743x_irq_alloc_vectors(struct lan743x_adapter *adapter)
{
	struct pci_dev *pdev = adapter->pdev;
	int n;

	n = pci_alloc_irq_vectors(pdev, 1, lan743x_max_vectors(adapter),
				  PCI_IRQ_MSIX);
	if (n > 0) {
		adapter->irq_mode = LAN743X_IRQ_MSIX;
		adapter->num_vectors = n;
		return 0;
	}
	/* A0 cannot do MSI */
	if (!adapter->is_a0) {
		n = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_MSI);
		if (n > 0) {
			adapter->irq_mode = LAN743X_IRQ_MSI;
			adapter->num_vectors = 1;
			return 0;
		}
	}
	n = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_INTX);
	if (n < 0)
		return n;
	adapter->irq_mode = LAN743X_IRQ_INTX;
	adapter->num_vectors = 1;
	return 0;
}

/* Route sources to vectors and record what each vector serves */
static void lan743x_irq_map(struct lan743x_adapter *adapter)
{
	u32 map0 = 0, map1 = 0, auto_clr = 0;
	unsigned int v;
	u8 ch;

	lan743x_wr32(adapter, INT_VEC_EN_CLR, ~0U);
	for (v = 1; v < ARRAY_SIZE(adapter->vectors); v++)
		adapter->vectors[v].int_mask = 0;
	adapter->vectors[0].int_mask = INT_BIT_SW_GP_ | INT_BIT_DMA_GEN_ |
				       INT_BIT_1588_;
	for (ch = 0; ch < adapter->chip->num_tx; ch++) {
		v = lan743x_irq_vector_of(adapter, false, ch);
		map1 |= INT_MAP_CH_(ch, v);
		adapter->vectors[v].int_mask |= INT_BIT_DMA_TX_(ch);
	}
	for (ch = 0; ch < LAN743X_NUM_RX; ch++) {
		v = lan743x_irq_vector_of(adapter, true, ch);
		map0 |= INT_MAP_CH_(ch, v);
		if (v)
			auto_clr |= INT_VEC_EN_(v);
		adapter->vectors[v].int_mask |= INT_BIT_DMA_RX_(ch);
	}
	lan743x_wr32(adapter, INT_VEC_MAP0, map0);
	lan743x_wr32(adapter, INT_VEC_MAP1, map1);
	lan743x_wr32(adapter, INT_VEC_MAP2, 0);
	/* B0: an RX vector disables itself when it fires; NAPI re-arms it */
	lan743x_wr32(adapter, INT_VEC_EN_AUTO_CLR, adapter->is_a0 ? 0 : auto_clr);
}

/**
 * lan743x_irq_moderation() - program the moderation intervals
 * @adapter: adapter; A0 silicon has no moderation and is left alone
 *
 * The chip takes new intervals while it runs.  Context: process, rtnl held
 * or the interface not yet open.
 */
void lan743x_irq_moderation(struct lan743x_adapter *adapter)
{
	u32 map0 = 0, map1 = 0;
	unsigned int t;
	int ch;

	if (adapter->is_a0)
		return;
	/* the timer of a channel is the number of its vector */
	for (ch = 0; ch < adapter->chip->num_tx; ch++) {
		t = lan743x_tx_vector(adapter, ch);
		lan743x_wr32(adapter, INT_MOD_CFG(t), adapter->tx_usecs);
		map1 |= INT_MAP_CH_(ch, t);
	}
	for (ch = 0; ch < LAN743X_NUM_RX; ch++) {
		t = lan743x_rx_vector(adapter, ch);
		lan743x_wr32(adapter, INT_MOD_CFG(t), adapter->rx_usecs);
		map0 |= INT_MAP_CH_(ch, t);
	}
	/* a timer nibble per source; 0xf: not moderated */
	lan743x_wr32(adapter, INT_MOD_MAP0, map0);
	lan743x_wr32(adapter, INT_MOD_MAP1, map1);
	lan743x_wr32(adapter, INT_MOD_MAP2, INT_MOD_MAP2_NONE_);
}

/**
 * lan743x_irq_link_napi() - tell the core which NAPI and IRQ serve a queue
 * @adapter: adapter with interrupts and rings open
 * @link: link them (after open), or unlink them (before close)
 *
 * The netdev netlink family shows them (queue-get, napi-get) on kernels
 * that have it.  Context: rtnl held.
 */
void lan743x_irq_link_napi(struct lan743x_adapter *adapter, bool link)
{
#ifdef LAN743X_HAVE_QUEUE_NAPI
	struct napi_struct *napi;
	int ch, v;

	for (ch = 0; ch < LAN743X_NUM_RX; ch++) {
		napi = &adapter->rx[ch].napi;
		v = lan743x_irq_vector_of(adapter, true, ch);
		netif_napi_set_irq(napi, link ? adapter->vectors[v].irq : -1);
		netif_queue_set_napi(adapter->netdev, ch, NETDEV_QUEUE_TYPE_RX,
				     link ? napi : NULL);
	}
	for (ch = 0; ch < adapter->chip->num_tx; ch++) {
		napi = &adapter->tx[ch].napi;
		v = lan743x_irq_vector_of(adapter, false, ch);
		netif_napi_set_irq(napi, link ? adapter->vectors[v].irq : -1);
		netif_queue_set_napi(adapter->netdev, ch, NETDEV_QUEUE_TYPE_TX,
				     link ? napi : NULL);
	}
#endif
}

static void *lan743x_irq_ctx(struct lan743x_adapter *adapter, unsigned int v,
			     irq_handler_t *handler, const char **what)
{
	if (v == 0) {
		*handler = lan743x_isr_shared;
		/* "misc" when every ring has a vector of its own */
		*what = adapter->vectors[0].int_mask & (INT_BIT_ALL_RX_ |
							INT_BIT_ALL_TX_) ?
			"txrx" : "misc";
		return &adapter->vectors[0];
	}
	if (v < lan743x_rx_vector(adapter, 0)) {
		*handler = lan743x_isr_tx;
		*what = "tx";
		return &adapter->tx[v - lan743x_tx_vector(adapter, 0)];
	}
	*handler = lan743x_isr_rx;
	*what = "rx";
	return &adapter->rx[v - lan743x_rx_vector(adapter, 0)];
}

static int lan743x_irq_request(struct lan743x_adapter *adapter)
{
	unsigned long flags = adapter->irq_mode == LAN743X_IRQ_INTX ?
			      IRQF_SHARED : 0;
	irq_handler_t handler;
	const char *what;
	unsigned int v;
	void *ctx;
	int ret;

	for (v = 0; v < adapter->num_vectors; v++) {
		struct lan743x_vector *vec = &adapter->vectors[v];

		ctx = lan743x_irq_ctx(adapter, v, &handler, &what);
		vec->adapter = adapter;
		vec->index = v;
		vec->irq = pci_irq_vector(adapter->pdev, v);
		if (handler == lan743x_isr_rx)
			snprintf(vec->name, sizeof(vec->name), "%s-rx%u",
				 netdev_name(adapter->netdev),
				 v - lan743x_rx_vector(adapter, 0));
		else if (handler == lan743x_isr_tx)
			snprintf(vec->name, sizeof(vec->name), "%s-tx%u",
				 netdev_name(adapter->netdev),
				 v - lan743x_tx_vector(adapter, 0));
		else
			snprintf(vec->name, sizeof(vec->name), "%s-%s",
				 netdev_name(adapter->netdev), what);
		ret = request_irq(vec->irq, handler, flags, vec->name, ctx);
		if (ret)
			goto free_irqs;
	}
	return 0;

free_irqs:
	while (v--) {
		ctx = lan743x_irq_ctx(adapter, v, &handler, &what);
		free_irq(adapter->vectors[v].irq, ctx);
	}
	return ret;
}

static void lan743x_irq_free(struct lan743x_adapter *adapter)
{
	irq_handler_t handler;
	const char *what;
	unsigned int v;

	for (v = 0; v < adapter->num_vectors; v++)
		free_irq(adapter->vectors[v].irq,
			 lan743x_irq_ctx(adapter, v, &handler, &what));
}

/* Fire SW_GP and wait for vector 0 to see it.  A working interrupt
 * arrives within microseconds; the wait is long because a failure closes
 * the interface (at open and after a TX timeout's reset), and a guest on
 * a busy host, or a kernel with heavy debugging, may not run its handler
 * for a few hundred ms.  Only a broken interrupt path pays the wait.
 */
#define LAN743X_SELFTEST_WAIT_MS	1000

static int lan743x_irq_selftest(struct lan743x_adapter *adapter)
{
	long left;

	WRITE_ONCE(adapter->sw_isr_seen, false);
	lan743x_wr32(adapter, INT_EN_SET, INT_BIT_SW_GP_);
	lan743x_wr32(adapter, INT_SET, INT_BIT_SW_GP_);
	left = wait_event_timeout(adapter->sw_isr_wq,
				  READ_ONCE(adapter->sw_isr_seen),
				  msecs_to_jiffies(LAN743X_SELFTEST_WAIT_MS));
	lan743x_wr32(adapter, INT_EN_CLR, INT_BIT_SW_GP_);
	/* B0 keeps SW_GP in INT_STS until it is written, and the shared
	 * handler takes INT_STS_R2C without the enables: a stale SW_GP would
	 * make it claim every later interrupt on vector 0 that finds MAS set
	 * by a ring served elsewhere (MSI-X), one that is not its own.
	 */
	lan743x_wr32(adapter, INT_STS, INT_BIT_SW_GP_);
	return left ? 0 : -ENODEV;
}

static const char *lan743x_irq_mode_name(struct lan743x_adapter *adapter)
{
	switch (adapter->irq_mode) {
	case LAN743X_IRQ_MSIX:
		return "MSI-X";
	case LAN743X_IRQ_MSI:
		return "MSI";
	default:
		return "INTx";
	}
}

/**
 * lan743x_irq_open() - set up vectors, request IRQs, run the self-test
 * @adapter: adapter, all interrupt sources disabled
 *
 * Return: 0, or a negative errno with everything undone.  -ENODEV if the
 * SW_GP self-test interrupt did not arrive within LAN743X_SELFTEST_WAIT_MS.
 */
int lan743x_irq_open(struct lan743x_adapter *adapter)
{
	int ret;

	ret = lan743x_irq_alloc_vectors(adapter);
	if (ret)
		return ret;
	lan743x_irq_map(adapter);
	lan743x_irq_moderation(adapter);

	ret = lan743x_irq_request(adapter);
	if (ret)
		goto free_vectors;

	if (adapter->irq_mode != LAN743X_IRQ_INTX)
		lan743x_wr32(adapter, INT_VEC_EN_SET,
			     GENMASK(adapter->num_vectors - 1, 0));
	lan743x_wr32(adapter, INT_EN_SET, INT_BIT_MAS_);

	ret = lan743x_irq_selftest(adapter);
	if (ret) {
		netdev_err(adapter->netdev, "%s self-test interrupt lost\n",
			   lan743x_irq_mode_name(adapter));
		goto disable;
	}
	lan743x_wr32(adapter, DMAC_INT_EN_SET, DMAC_INT_BIT_ERR_);
	lan743x_wr32(adapter, INT_EN_SET, INT_BIT_DMA_GEN_);
	if (adapter->irq_mode == LAN743X_IRQ_MSIX &&
	    adapter->num_vectors < lan743x_max_vectors(adapter))
		netdev_info(adapter->netdev,
			    "MSI-X: %u of %u vectors granted, the other rings share vector 0\n",
			    adapter->num_vectors, lan743x_max_vectors(adapter));
	netif_dbg(adapter, ifup, adapter->netdev, "using %s, %u vector(s)\n",
		  lan743x_irq_mode_name(adapter), adapter->num_vectors);
	return 0;

disable:
	lan743x_wr32(adapter, INT_EN_CLR, INT_BIT_MAS_);
	lan743x_wr32(adapter, INT_VEC_EN_CLR, ~0U);
	lan743x_irq_free(adapter);
free_vectors:
	pci_free_irq_vectors(adapter->pdev);
	return ret;
}

/**
 * lan743x_irq_close() - disable the interrupt controller and free the IRQs
 * @adapter: adapter opened by lan743x_irq_open()
 */
void lan743x_irq_close(struct lan743x_adapter *adapter)
{
	lan743x_wr32(adapter, DMAC_INT_EN_CLR, DMAC_INT_BIT_ERR_);
	lan743x_wr32(adapter, INT_EN_CLR, ~0U);
	lan743x_wr32(adapter, INT_VEC_EN_CLR, ~0U);
	lan743x_irq_free(adapter);
	pci_free_irq_vectors(adapter->pdev);
}

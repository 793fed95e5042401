// SPDX-License-Identifier: GPL-2.0
/* RX rings of the LAN743x: descriptor ring, DMA channel, NAPI.
 *
 * Buffer handling is delegated to the ring's buffer policy (rx->ops); this
 * file only walks descriptors, assembles FS..LS chains and talks to the
 * chip.  Frame length rules: FRAME_LENGTH, valid on the LS descriptor,
 * counts the frame including its 4-byte FCS and excluding the RX pad; the
 * pad sits at the start of a frame's first buffer only.
 */

#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/indirect_call_wrapper.h>
#include <linux/iopoll.h>
#include <linux/skbuff.h>

#include "lan743x_main.h"

/* locally batched counters, committed once per poll */
struct lan743x_rx_batch {
	u64 packets;
	u64 bytes;
	u64 alloc_fail;
	u64 dropped;
	u64 csum_unnecessary;
	u64 csum_none;
	u64 multi_buf;
};

/* Largest frame the MAC can be set to accept, RX pad included */
#define LAN743X_RX_MAX_WIRE	(NET_IP_ALIGN + VLAN_ETH_HLEN + \
				 LAN743X_MAX_MTU + ETH_FCS_LEN)

/**
 * lan743x_rx_buf_len() - receive buffer length for an MTU
 * @mtu: the MTU
 *
 * Room for the RX pad, an Ethernet header with one VLAN tag, the payload
 * and the FCS, so that every frame the MAC accepts fits one buffer.  Never
 * so small that a maximum-size frame, arriving right after the MTU was
 * raised, needs more buffers than an skb has fragments.
 *
 * Return: the BUF_LENGTH to program.
 */
u32 lan743x_rx_buf_len(unsigned int mtu)
{
	return max_t(u32, NET_IP_ALIGN + VLAN_ETH_HLEN + mtu + ETH_FCS_LEN,
		     DIV_ROUND_UP(LAN743X_RX_MAX_WIRE, MAX_SKB_FRAGS + 1));
}

/**
 * lan743x_rx_init() - one-time initialisation of an RX ring at probe
 * @adapter: adapter
 * @ch: channel number
 */
void lan743x_rx_init(struct lan743x_adapter *adapter, u8 ch)
{
	struct lan743x_rx *rx = &adapter->rx[ch];

	BUILD_BUG_ON(!is_power_of_2(LAN743X_RX_RING_SIZE));
	BUILD_BUG_ON(NET_IP_ALIGN != 0 && NET_IP_ALIGN != 2);

	rx->adapter = adapter;
	rx->ch = ch;
	rx->size = LAN743X_RX_RING_SIZE;
	rx->size_mask = rx->size - 1;
	rx->pad = NET_IP_ALIGN;
	rx->tail_reg = adapter->csr + RX_TAIL(ch);
	rx->ops = &lan743x_rx_mtu_ops;
	u64_stats_init(&rx->stats.syncp);
	netif_napi_add(adapter->netdev, &rx->napi, lan743x_rx_poll);
}

/**
 * lan743x_rx_set_mtu() - size buffers allocated from now on for @mtu
 * @rx: ring
 * @mtu: new MTU
 *
 * Buffers already in the ring keep their size and are replaced as they are
 * consumed; larger frames meanwhile arrive as multi-buffer chains.
 */
void lan743x_rx_set_mtu(struct lan743x_rx *rx, unsigned int mtu)
{
	WRITE_ONCE(rx->buf_len, lan743x_rx_buf_len(mtu));
}

/**
 * lan743x_rx_set_csum() - trust (or not) the chip's checksum status
 * @rx: ring
 * @enable: NETIF_F_RXCSUM is on
 */
void lan743x_rx_set_csum(struct lan743x_rx *rx, bool enable)
{
	WRITE_ONCE(rx->csum, enable);
}

static void lan743x_rx_arm(struct lan743x_rx *rx, u32 idx)
{
	struct lan743x_rx_slot *slot = &rx->slots[idx];
	struct lan743x_desc *desc = &rx->desc[idx];

	desc->data1 = cpu_to_le32(lower_32_bits(slot->dma));
	desc->data2 = cpu_to_le32(upper_32_bits(slot->dma));
	desc->data3 = 0;
	/* The chip may use the descriptor as soon as OWN is set: the buffer
	 * address has to be visible to it first.
	 */
	dma_wmb();
	desc->data0 = cpu_to_le32(RX_DESC_DATA0_OWN_ |
				  FIELD_PREP(RX_DESC_DATA0_BUF_LENGTH_MASK_,
					     slot->len));
}

static void lan743x_rx_free_buffers(struct lan743x_rx *rx)
{
	u32 i;

	if (rx->skb) {
		dev_kfree_skb_any(rx->skb);
		rx->skb = NULL;
	}
	for (i = 0; i < rx->size; i++)
		rx->ops->release(rx, &rx->slots[i]);
}

static int lan743x_rx_fill(struct lan743x_rx *rx)
{
	int ret;
	u32 i;

	for (i = 0; i < rx->size; i++) {
		ret = rx->ops->refill(rx, &rx->slots[i], GFP_KERNEL);
		if (ret)
			return ret;
		lan743x_rx_arm(rx, i);
	}
	return 0;
}

static int lan743x_rx_ring_alloc(struct lan743x_rx *rx)
{
	struct device *dev = &rx->adapter->pdev->dev;
	int ret;

	rx->ring_bytes = rx->size * sizeof(*rx->desc) + sizeof(*rx->head_wb);
	rx->desc = dma_alloc_coherent(dev, rx->ring_bytes, &rx->ring_dma,
				      GFP_KERNEL);
	if (!rx->desc)
		return -ENOMEM;
	rx->head_wb = (__le32 *)&rx->desc[rx->size];

	rx->slots = kcalloc(rx->size, sizeof(*rx->slots), GFP_KERNEL);
	if (!rx->slots) {
		ret = -ENOMEM;
		goto free_desc;
	}

	ret = rx->ops->ring_alloc ? rx->ops->ring_alloc(rx) : 0;
	if (ret)
		goto free_slots;

	ret = lan743x_rx_fill(rx);
	if (ret)
		goto free_buffers;
	return 0;

free_buffers:
	lan743x_rx_free_buffers(rx);
	if (rx->ops->ring_free)
		rx->ops->ring_free(rx);
free_slots:
	kfree(rx->slots);
	rx->slots = NULL;
free_desc:
	dma_free_coherent(dev, rx->ring_bytes, rx->desc, rx->ring_dma);
	rx->desc = NULL;
	return ret;
}

static void lan743x_rx_ring_free(struct lan743x_rx *rx)
{
	if (!rx->desc)
		return;
	lan743x_rx_free_buffers(rx);
	if (rx->ops->ring_free)
		rx->ops->ring_free(rx);
	kfree(rx->slots);
	rx->slots = NULL;
	dma_free_coherent(&rx->adapter->pdev->dev, rx->ring_bytes, rx->desc,
			  rx->ring_dma);
	rx->desc = NULL;
}

static void lan743x_rx_hw_config(struct lan743x_rx *rx)
{
	dma_addr_t wb = rx->ring_dma + rx->size * sizeof(*rx->desc);
	struct lan743x_adapter *adapter = rx->adapter;
	u8 ch = rx->ch;
	u32 val;

	lan743x_wr32(adapter, RX_BASE_ADDRH(ch), upper_32_bits(rx->ring_dma));
	lan743x_wr32(adapter, RX_BASE_ADDRL(ch), lower_32_bits(rx->ring_dma));
	lan743x_wr32(adapter, RX_HEAD_WRITEBACK_ADDRH(ch), upper_32_bits(wb));
	lan743x_wr32(adapter, RX_HEAD_WRITEBACK_ADDRL(ch), lower_32_bits(wb));

	val = RX_CFG_A_RX_HP_WB_EN_;
	if (!adapter->is_a0)
		val |= RX_CFG_A_RX_WB_ON_INT_TMR_ |
		       FIELD_PREP(RX_CFG_A_RX_WB_THRES_MASK_, 7) |
		       FIELD_PREP(RX_CFG_A_RX_PF_THRES_MASK_, 16) |
		       FIELD_PREP(RX_CFG_A_RX_PF_PRI_THRES_MASK_, 4);
	lan743x_wr32(adapter, RX_CFG_A(ch), val);

	/* no timestamps: they would add an extension descriptor per frame */
	val = FIELD_PREP(RX_CFG_B_RX_PAD_MASK_, rx->pad) |
	      FIELD_PREP(RX_CFG_B_RX_RING_LEN_MASK_, rx->size);
	if (!adapter->is_a0)
		val |= RX_CFG_B_RDMABL_512_;
	lan743x_wr32(adapter, RX_CFG_B(ch), val);

	lan743x_wr32(adapter, RX_CFG_C(ch),
		     lan743x_irq_ring_cfg_c(adapter, true, ch));
}

static int lan743x_rx_hw_start(struct lan743x_rx *rx)
{
	struct lan743x_adapter *adapter = rx->adapter;
	u8 ch = rx->ch;
	int ret;

	lan743x_wr32(adapter, DMAC_CMD, DMAC_CMD_RX_SWR_(ch));
	ret = lan743x_wait_bits(adapter, DMAC_CMD, DMAC_CMD_RX_SWR_(ch), 0,
				1000, 100000);
	if (ret)
		return ret;

	*rx->head_wb = 0;
	lan743x_rx_hw_config(rx);
	rx->next = 0;
	rx->tail = rx->size - 1;
	/* every descriptor is armed: hand the whole ring over */
	writel(rx->tail, rx->tail_reg);
	if (lan743x_rd32(adapter, RX_HEAD(ch)))
		return -EIO;

	napi_enable(&rx->napi);
	lan743x_wr32(adapter, INT_EN_SET, INT_BIT_DMA_RX_(ch));
	lan743x_wr32(adapter, DMAC_INT_STS, DMAC_INT_BIT_RXFRM_(ch));
	lan743x_wr32(adapter, DMAC_INT_EN_SET, DMAC_INT_BIT_RXFRM_(ch));
	lan743x_wr32(adapter, DMAC_CMD, DMAC_CMD_START_R_(ch));

	lan743x_wr32(adapter, FCT_RX_CTL, FCT_RX_CTL_RESET_(ch));
	lan743x_wait_bits(adapter, FCT_RX_CTL, FCT_RX_CTL_RESET_(ch), 0,
			  1000, 100000);
	lan743x_wr32(adapter, FCT_FLOW(ch), FCT_FLOW_CTL_REQ_EN_ |
		     FIELD_PREP(FCT_FLOW_CTL_ON_THRESHOLD_, 0x2A) |
		     FIELD_PREP(FCT_FLOW_CTL_OFF_THRESHOLD_, 0x0A));
	lan743x_wr32(adapter, FCT_RX_CTL, FCT_RX_CTL_EN_(ch));
	return 0;
}

static void lan743x_rx_hw_stop(struct lan743x_rx *rx)
{
	u32 both = DMAC_CMD_START_R_(rx->ch) | DMAC_CMD_STOP_R_(rx->ch);
	struct lan743x_adapter *adapter = rx->adapter;
	u8 ch = rx->ch;
	u32 cmd;

	lan743x_wr32(adapter, FCT_RX_CTL, FCT_RX_CTL_DIS_(ch));
	lan743x_wait_bits(adapter, FCT_RX_CTL, FCT_RX_CTL_EN_(ch), 0,
			  1000, 100000);

	lan743x_wr32(adapter, DMAC_CMD, DMAC_CMD_STOP_R_(ch));
	/* (START, STOP) = (1, 1) means "stop pending" */
	readl_poll_timeout(adapter->csr + DMAC_CMD, cmd,
			   (cmd & both) != both, 1000, 2000000);

	lan743x_wr32(adapter, DMAC_INT_EN_CLR, DMAC_INT_BIT_RXFRM_(ch));
	lan743x_wr32(adapter, INT_EN_CLR, INT_BIT_DMA_RX_(ch));
}

/* Bind a buffer policy to a ring; done once per ring setup, never per packet.
 * Every policy must provide the datapath operations.
 */
static int lan743x_rx_set_buf_ops(struct lan743x_rx *rx,
				  const struct lan743x_rx_buf_ops *ops)
{
	if (!ops->refill || !ops->sync_for_cpu || !ops->recycle ||
	    !ops->build_skb || !ops->add_frag || !ops->release) {
		netdev_err(rx->adapter->netdev,
			   "RX buffer policy %s is incomplete\n", ops->name);
		return -EINVAL;
	}
	rx->ops = ops;
	return 0;
}

/**
 * lan743x_rx_open() - allocate, fill and start an RX ring
 * @rx: ring
 *
 * Binds the buffer policy, allocates the ring with GFP_KERNEL buffers,
 * programs the DMA channel and its FIFO and enables NAPI and interrupts.
 * Interrupt vectors must already be set up.
 *
 * Return: 0 or a negative errno; nothing is left allocated on error.
 */
int lan743x_rx_open(struct lan743x_rx *rx)
{
	struct lan743x_adapter *adapter = rx->adapter;
	int ret;

	/* the only policy so far: MTU-sized buffers with partial syncs */
	ret = lan743x_rx_set_buf_ops(rx, &lan743x_rx_mtu_ops);
	if (ret)
		return ret;
	rx->buf_len = lan743x_rx_buf_len(adapter->netdev->mtu);
	rx->csum = !!(adapter->netdev->features & NETIF_F_RXCSUM);
	rx->skb = NULL;
	rx->dropping = false;
	rx->clear_sts = !lan743x_irq_ring_dedicated(adapter, true, rx->ch) ||
			adapter->is_a0;
	rx->rearm_flags = rx->clear_sts ? 0 :
			  RX_TAIL_SET_TOP_INT_VEC_EN_ | RX_TAIL_SET_TOP_INT_EN_;

	ret = lan743x_rx_ring_alloc(rx);
	if (ret)
		return ret;

	ret = lan743x_rx_hw_start(rx);
	if (ret)
		goto free_ring;
	return 0;

free_ring:
	lan743x_rx_ring_free(rx);
	return ret;
}

/**
 * lan743x_rx_close() - stop an RX ring and free everything it holds
 * @rx: ring opened by lan743x_rx_open()
 */
void lan743x_rx_close(struct lan743x_rx *rx)
{
	lan743x_rx_hw_stop(rx);
	napi_disable(&rx->napi);
	lan743x_rx_ring_free(rx);
}

static void lan743x_rx_drop_frame(struct lan743x_rx *rx,
				  struct lan743x_rx_batch *b)
{
	if (rx->skb) {
		napi_consume_skb(rx->skb, 1);
		rx->skb = NULL;
	}
	rx->dropping = false;
	b->dropped++;
}

static void lan743x_rx_csum(struct lan743x_rx *rx, struct sk_buff *skb,
			    u32 data1, struct lan743x_rx_batch *b)
{
	const u32 bad = RX_DESC_DATA1_STATUS_ICE_ | RX_DESC_DATA1_STATUS_TCE_ |
			RX_DESC_DATA1_STATUS_ICSM_;

	if (rx->csum && !(data1 & bad)) {
		skb->ip_summed = CHECKSUM_UNNECESSARY;
		b->csum_unnecessary++;
	} else {
		b->csum_none++;
	}
}

/* LS seen: trim to FRAME_LENGTH - FCS and pass the frame up */
static void lan743x_rx_frame_done(struct lan743x_rx *rx, u32 data0, u32 data1,
				  struct lan743x_rx_batch *b)
{
	u32 flen = FIELD_GET(RX_DESC_DATA0_FRAME_LENGTH_MASK_, data0);
	struct sk_buff *skb = rx->skb;
	u32 len;

	if (rx->dropping || !skb || flen < ETH_HLEN + ETH_FCS_LEN)
		goto drop;
	len = flen - ETH_FCS_LEN;
	if (skb->len < len || pskb_trim(skb, len))
		goto drop;

	rx->skb = NULL;
	if (skb_shinfo(skb)->nr_frags)
		b->multi_buf++;
	/* checksum status is on the LS descriptor; it belongs to the head */
	lan743x_rx_csum(rx, skb, data1, b);
	skb_record_rx_queue(skb, rx->ch);
	skb->protocol = eth_type_trans(skb, rx->adapter->netdev);
	b->packets++;
	b->bytes += len;
	napi_gro_receive(&rx->napi, skb);
	return;

drop:
	lan743x_rx_drop_frame(rx, b);
}

/* Hand one received buffer to the frame: new buffer first, then the old one
 * goes to the skb.  Return: false if the frame has to be dropped.
 */
static bool lan743x_rx_take(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			    u32 pad, u32 wire, u32 len,
			    struct lan743x_rx_batch *b)
{
	const struct lan743x_rx_buf_ops *ops = rx->ops;
	struct lan743x_rx_slot fresh;
	struct sk_buff *skb;

	if (rx->skb && skb_shinfo(rx->skb)->nr_frags >= MAX_SKB_FRAGS)
		goto recycle;
	if (INDIRECT_CALL_1(ops->refill, lan743x_rx_mtu_refill,
			    rx, &fresh, GFP_ATOMIC)) {
		b->alloc_fail++;
		goto recycle;
	}

	ops->sync_for_cpu(rx, slot, pad + wire);
	if (!rx->skb) {
		skb = INDIRECT_CALL_1(ops->build_skb, lan743x_rx_mtu_build_skb,
				      rx, slot, pad, len);
		if (unlikely(!skb)) {
			b->alloc_fail++;
			ops->release(rx, &fresh);
			ops->recycle(rx, slot, pad + wire);
			return false;
		}
		rx->skb = skb;
	} else {
		INDIRECT_CALL_1(ops->add_frag, lan743x_rx_mtu_add_frag,
				rx, rx->skb, slot, len);
	}
	*slot = fresh;
	return true;

recycle:
	ops->recycle(rx, slot, 0);
	return false;
}

/* One completed descriptor: work out how many of its bytes belong to the
 * frame, take or recycle its buffer, finish the frame on LS.
 */
static void lan743x_rx_buffer(struct lan743x_rx *rx,
			      struct lan743x_rx_slot *slot, u32 data0, u32 data1,
			      struct lan743x_rx_batch *b)
{
	bool first = data0 & RX_DESC_DATA0_FS_;
	bool last = data0 & RX_DESC_DATA0_LS_;
	u32 pad = first ? rx->pad : 0;
	u32 cap = slot->len - pad;
	u32 wire = cap, len = cap;

	if (first) {
		/* a previous frame that never saw LS is incomplete */
		if (rx->skb || rx->dropping)
			lan743x_rx_drop_frame(rx, b);
		rx->frame_wire = 0;
	} else if (!rx->skb) {
		rx->dropping = true;
	}

	if (last) {
		u32 flen = FIELD_GET(RX_DESC_DATA0_FRAME_LENGTH_MASK_, data0);
		u32 want = flen > ETH_FCS_LEN ? flen - ETH_FCS_LEN : 0;

		wire = flen > rx->frame_wire ?
		       min(flen - rx->frame_wire, cap) : 0;
		len = want > rx->frame_wire ?
		      min(want - rx->frame_wire, wire) : 0;
	}

	if (rx->dropping || !len)
		rx->ops->recycle(rx, slot, 0);
	else if (!lan743x_rx_take(rx, slot, pad, wire, len, b))
		rx->dropping = true;
	rx->frame_wire += wire;

	if (last)
		lan743x_rx_frame_done(rx, data0, data1, b);
}

/* Return: true if descriptor rx->next was completed and has been handled */
static bool lan743x_rx_one(struct lan743x_rx *rx, u32 *hw_head,
			   struct lan743x_rx_batch *b)
{
	struct lan743x_desc *desc = &rx->desc[rx->next];
	u32 idx = rx->next;
	u32 data0, data1;

	if (idx == *hw_head) {
		*hw_head = le32_to_cpu(READ_ONCE(*rx->head_wb)) & rx->size_mask;
		if (idx == *hw_head)
			return false;
	}
	data0 = le32_to_cpu(READ_ONCE(desc->data0));
	if (data0 & RX_DESC_DATA0_OWN_)
		return false;
	/* read the status words only after seeing OWN clear */
	dma_rmb();
	data1 = le32_to_cpu(desc->data1);

	/* Extension descriptors (timestamps, never enabled) carry no data */
	if ((data0 & RX_DESC_DATA0_EXT_) &&
	    !(data0 & (RX_DESC_DATA0_FS_ | RX_DESC_DATA0_LS_)))
		rx->ops->recycle(rx, &rx->slots[idx], 0);
	else
		lan743x_rx_buffer(rx, &rx->slots[idx], data0, data1, b);

	lan743x_rx_arm(rx, idx);
	rx->tail = idx;
	rx->next = (idx + 1) & rx->size_mask;
	return true;
}

static void lan743x_rx_commit(struct lan743x_rx *rx,
			      const struct lan743x_rx_batch *b)
{
	struct lan743x_rx_stats *s = &rx->stats;

	u64_stats_update_begin(&s->syncp);
	s->packets += b->packets;
	s->bytes += b->bytes;
	s->alloc_fail += b->alloc_fail;
	s->dropped += b->dropped;
	s->csum_unnecessary += b->csum_unnecessary;
	s->csum_none += b->csum_none;
	s->multi_buf += b->multi_buf;
	u64_stats_update_end(&s->syncp);
}

/* Same test as lan743x_rx_one(): the head write-back moved past rx->next
 * and the descriptor is back from the chip.
 */
static bool lan743x_rx_pending(struct lan743x_rx *rx)
{
	u32 hw_head = le32_to_cpu(READ_ONCE(*rx->head_wb)) & rx->size_mask;
	u32 data0 = le32_to_cpu(READ_ONCE(rx->desc[rx->next].data0));

	return hw_head != rx->next && !(data0 & RX_DESC_DATA0_OWN_);
}

/**
 * lan743x_rx_poll() - NAPI poll of an RX ring
 * @napi: the ring's NAPI context
 * @budget: frames we may deliver
 *
 * Return: frames delivered, or @budget to be polled again.
 */
int lan743x_rx_poll(struct napi_struct *napi, int budget)
{
	struct lan743x_rx *rx = container_of(napi, struct lan743x_rx, napi);
	struct lan743x_adapter *adapter = rx->adapter;
	struct lan743x_rx_batch b = {};
	unsigned int buffers = 0;
	u32 hw_head = rx->next;
	u32 rearm = 0;

	if (rx->clear_sts)
		/* Clear before looking: a frame landing later sets it again */
		lan743x_wr32(adapter, DMAC_INT_STS, DMAC_INT_BIT_RXFRM_(rx->ch));

	while (b.packets + b.dropped < budget && buffers < rx->size &&
	       lan743x_rx_one(rx, &hw_head, &b))
		buffers++;
	lan743x_rx_commit(rx, &b);

	if (b.packets + b.dropped >= budget || lan743x_rx_pending(rx)) {
		/* more work: stay in polling mode, only ring the doorbell */
		if (buffers)
			writel(rx->tail, rx->tail_reg);
		return budget;
	}

	if (napi_complete_done(napi, b.packets))
		rearm = rx->clear_sts ? INT_BIT_DMA_RX_(rx->ch) : rx->rearm_flags;
	if (rx->clear_sts) {
		if (buffers)
			writel(rx->tail, rx->tail_reg);
		/* doorbell first, then let the ring interrupt again */
		if (rearm)
			lan743x_wr32(adapter, INT_EN_SET, rearm);
	} else if (buffers || rearm) {
		/* One doorbell for the batch; on B0 the same write re-enables
		 * the interrupt and vector the chip auto-cleared.
		 */
		writel(rx->tail | rearm, rx->tail_reg);
	}
	return b.packets;
}

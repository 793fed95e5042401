// SPDX-License-Identifier: GPL-2.0
/* TX ring of the LAN743x: scatter-gather, checksum offload, TSO.
 *
 * The TX descriptor has no OWN bit: descriptors up to TX_TAIL belong to the
 * chip, which reports progress by writing the index of the next descriptor
 * it will process to the head write-back location.  A frame is a head data
 * descriptor (FS), for TSO an LSO extension descriptor, then one data
 * descriptor per fragment; the last data descriptor carries LS and IOC.
 *
 * xmit (producer, serialised by the queue lock) owns tx->tail, NAPI
 * (consumer) owns tx->head; queue stop/wake is the only synchronisation.
 *
 * The LAN743x has one TX channel, the PCI11x1x four, one per TX queue: the
 * stack picks the queue (a flow's hash, or XPS), so a flow stays on one
 * ring and in order.  XDP frames (XDP_TX from the RX rings' NAPI,
 * ndo_xdp_xmit from other devices) go to channel 0 and share it with the
 * stack, as producers under the same queue lock.  They leave room for the stack's
 * largest frame, so that they never stop its queue, and stay out of BQL.
 * Their completion gives XDP_TX pages back to their RX ring's pool,
 * synced for the device only where the device or the program wrote, and
 * the page of a redirected frame, alone in a page_pool page, to its pool
 * synced up to the frame's end.
 * Channel 0 also sends, from its NAPI, the frames of the AF_XDP zero-copy
 * sockets bound to any queue, in place in their UMEM; their completion
 * goes back to the socket's completion ring.
 */

#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/tcp.h>
#include <linux/udp.h>

#include "lan743x_hw.h"

static struct device *lan743x_tx_dev(struct lan743x_tx *tx)
{
	return &tx->adapter->pdev->dev;
}

/* Free descriptors; one always stays unused so that tail != head - 1 + 1 */
static u32 lan743x_tx_free(struct lan743x_tx *tx)
{
	return (READ_ONCE(tx->head) - tx->tail - 1) & tx->size_mask;
}

/**
 * lan743x_tx_init() - one-time initialisation of a TX ring at probe
 * @adapter: adapter
 * @ch: channel number
 */
void lan743x_tx_init(struct lan743x_adapter *adapter, u8 ch)
{
	struct lan743x_tx *tx = &adapter->tx[ch];

	BUILD_BUG_ON(!is_power_of_2(LAN743X_TX_RING_SIZE));
	BUILD_BUG_ON(LAN743X_TX_RING_SIZE <= 2 * LAN743X_TX_DESC_NEEDED);

	tx->adapter = adapter;
	tx->ch = ch;
	tx->size = LAN743X_TX_RING_SIZE;
	tx->size_mask = tx->size - 1;
	tx->tail_reg = lan743x_hw_tx_tail_reg(adapter, ch);
	u64_stats_init(&tx->stats.syncp);
	u64_stats_init(&tx->xstats.syncp);
	netif_napi_add_tx(adapter->netdev, &tx->napi, lan743x_tx_poll);
}

#ifdef LAN743X_HAVE_XDP
/* The page_pool of a redirected frame whose head page holds it alone,
 * else NULL.  A pool may cut a page into several buffers, and only the
 * put of its last one syncs, over the pool's max_len: a frame's end
 * bounds what needs a sync only where its buffer is the whole page (the
 * xdp_frame at the page's start, frame_sz its size).  Fragments of a
 * multi-buffer frame record their data, not their buffers, so such a
 * frame goes back whole; its head buffer is full anyway.
 */
static struct page_pool *lan743x_tx_xdpf_pool(struct xdp_frame *f,
					      struct page *page)
{
	if (lan743x_xdpf_mem_type(f) != MEM_TYPE_PAGE_POOL ||
	    (void *)f != page_address(page) || f->frame_sz < page_size(page))
		return NULL;
#ifdef LAN743X_HAVE_XDP_FRAGS
	if (xdp_frame_has_frags(f))
		return NULL;
#endif
	return page->pp;
}

/* Give a frame redirected to us back to its memory.  A page_pool page of
 * a LAN743x (this driver's RX) holding the frame alone is synced for the
 * device, for its next reception, from the pool's offset to the frame's
 * end, not over the pool's max_len as xdp_return_frame() does.  What must
 * be synced is what a CPU may hold dirty where the device will write:
 * programs write inside the frame (a tail they grow is zeroed), the
 * receiver and our device only read, and bytes a program wrote and then
 * cut off the tail our RX gave back when it redirected the frame
 * (lan743x_rx_xdp_trimmed()).  Another driver's receive path promises
 * none of that: its pages go back whole.  What the receiver synced for the
 * CPU past the frame's end (the FCS; the whole buffer with rx-partial-sync
 * off) was only read.  What this saves on one of our own rings is
 * credited to its channel's rx_sync_dev_bytes (its refill counted a whole
 * buffer).
 */
static void lan743x_tx_xdpf_return(struct lan743x_tx *tx, struct xdp_frame *f)
{
	struct page *page = virt_to_head_page(f->data);
	struct lan743x_adapter *adapter = tx->adapter;
	struct page_pool *pool;
	long end;
	u32 sync;
	int ch;

	pool = lan743x_tx_xdpf_pool(f, page);
	if (!pool || pool->p.dev->driver != lan743x_tx_dev(tx)->driver) {
		xdp_return_frame(f);
		return;
	}
	end = (long)((u8 *)f->data + f->len - (u8 *)page_address(page)) -
	      pool->p.offset;
	sync = clamp_t(long, end, 0, pool->p.max_len);
	/* before the put: the pool may go with its last page */
	if (pool->p.dev == lan743x_tx_dev(tx)) {
		/* a ring swapped out since is not found: its page counts whole */
		for (ch = 0; ch < LAN743X_NUM_RX; ch++)
			if (READ_ONCE(adapter->rx[ch].ring.pool) == pool)
				tx->xdp_sync_saved[ch] += pool->p.max_len - sync;
	}
	page_pool_put_page(pool, page, sync, false);
}
#endif

/* Undo the mapping of a descriptor; an XDP frame goes back where it came
 * from.  Context: NAPI, or the ring stopped.
 */
static void lan743x_tx_unmap(struct lan743x_tx *tx, struct lan743x_tx_slot *slot)
{
	struct device *dev = lan743x_tx_dev(tx);

	switch (slot->map) {
	case LAN743X_TX_MAP_SINGLE:
		dma_unmap_single(dev, slot->dma, slot->len, DMA_TO_DEVICE);
		break;
	case LAN743X_TX_MAP_PAGE:
		dma_unmap_page(dev, slot->dma, slot->len, DMA_TO_DEVICE);
		break;
#ifdef LAN743X_HAVE_XDP
	case LAN743X_TX_MAP_XDP_TX:
		page_pool_put_page(slot->pool, slot->page, slot->sync, false);
		break;
	case LAN743X_TX_MAP_XDP_FRAME:
		dma_unmap_single(dev, slot->dma, slot->len, DMA_TO_DEVICE);
		break;
	case LAN743X_TX_MAP_XDP_FRAG:
		dma_unmap_page(dev, slot->dma, slot->len, DMA_TO_DEVICE);
		break;
#endif
#ifdef LAN743X_HAVE_XSK_POOL
	case LAN743X_TX_MAP_XSK:
		/* the UMEM stays mapped: its socket learns the frame went */
		if (slot->xsk)
			xsk_tx_completed(slot->xsk, 1);
		break;
#endif
	default:
		break;
	}
#ifdef LAN743X_HAVE_XDP
	/* the frame goes once all its descriptors are undone */
	if (slot->xdpf) {
		lan743x_tx_xdpf_return(tx, slot->xdpf);
		slot->xdpf = NULL;
	}
#endif
	slot->map = LAN743X_TX_MAP_NONE;
}

/* Descriptors and slots for tx->size entries; nothing else is touched, so
 * that a spare ring can be built beside a running one.
 */
static int lan743x_tx_ring_alloc(struct lan743x_tx *tx)
{
	struct device *dev = lan743x_tx_dev(tx);

	if (lan743x_fail_ring_alloc(tx->adapter))
		return -ENOMEM;
	tx->ring_bytes = tx->size * sizeof(*tx->desc) + sizeof(*tx->head_wb);
	tx->desc = dma_alloc_coherent(dev, tx->ring_bytes, &tx->ring_dma,
				      GFP_KERNEL);
	if (!tx->desc)
		return -ENOMEM;
	tx->head_wb = (__le32 *)&tx->desc[tx->size];

	tx->slots = lan743x_fail_ring_alloc(tx->adapter) ? NULL :
		    kcalloc(tx->size, sizeof(*tx->slots), GFP_KERNEL);
	if (!tx->slots) {
		dma_free_coherent(dev, tx->ring_bytes, tx->desc, tx->ring_dma);
		tx->desc = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* Drop the frames still in a stopped ring; BQL starts again from zero */
static void lan743x_tx_drop_frames(struct lan743x_tx *tx)
{
	u32 i;

	for (i = 0; i < tx->size; i++) {
		lan743x_tx_unmap(tx, &tx->slots[i]);
		dev_kfree_skb_any(tx->slots[i].skb);
		tx->slots[i].skb = NULL;
	}
	netdev_tx_reset_queue(netdev_get_tx_queue(tx->adapter->netdev, tx->ch));
}

/* Free what lan743x_tx_ring_alloc() allocated; the ring holds no frames */
static void lan743x_tx_ring_free(struct lan743x_tx *tx)
{
	if (!tx->desc)
		return;
	kfree(tx->slots);
	tx->slots = NULL;
	dma_free_coherent(lan743x_tx_dev(tx), tx->ring_bytes, tx->desc,
			  tx->ring_dma);
	tx->desc = NULL;
}

static int lan743x_tx_hw_start(struct lan743x_tx *tx)
{
	struct lan743x_adapter *adapter = tx->adapter;
	u8 ch = tx->ch;
	int ret;

	ret = lan743x_hw_tx_reset(adapter, ch);
	if (ret)
		return ret;

	*tx->head_wb = 0;
	lan743x_hw_tx_config(adapter, ch, tx->ring_dma, tx->size);
	if (lan743x_hw_tx_head(adapter, ch))
		return -EIO;
	tx->head = 0;
	tx->tail = 0;
	/* the queue is stopped (disabled) until the caller starts it */
	clear_bit(LAN743X_TX_STOPPED, &tx->flags);
	/* empty ring: tail == head */
	lan743x_hw_tx_doorbell(tx);

	napi_enable(&tx->napi);
	tx->running = true;
	lan743x_hw_tx_start(adapter, ch);
	return 0;
}

/* Stop the channel and its NAPI, if they run (see lan743x_rx_halt()) */
static void lan743x_tx_halt(struct lan743x_tx *tx)
{
	if (!tx->running)
		return;
	lan743x_hw_tx_stop(tx->adapter, tx->ch);
	napi_disable(&tx->napi);
	tx->running = false;
}

/**
 * lan743x_tx_open() - allocate and start the TX ring
 * @tx: ring
 *
 * Return: 0 or a negative errno; nothing is left allocated on error.
 */
int lan743x_tx_open(struct lan743x_tx *tx)
{
	int ret;

	lan743x_hw_tx_irq_model(tx);
	tx->size = tx->adapter->rxp.tx_ring_size;
	tx->size_mask = tx->size - 1;
	ret = lan743x_tx_ring_alloc(tx);
	if (ret)
		return ret;

	ret = lan743x_tx_hw_start(tx);
	if (ret)
		goto free_ring;
	return 0;

free_ring:
	lan743x_tx_ring_free(tx);
	return ret;
}

/**
 * lan743x_tx_close() - stop the TX ring and drop what it still holds
 * @tx: ring opened by lan743x_tx_open()
 */
void lan743x_tx_close(struct lan743x_tx *tx)
{
	lan743x_tx_halt(tx);
	/* A last completion may have woken the queue: stop it again, under
	 * the queue lock, before the ring goes away.
	 */
	netif_tx_disable(tx->adapter->netdev);
	lan743x_tx_drop_frames(tx);
	lan743x_tx_ring_free(tx);
}

static u32 lan743x_tx_desc_count(struct sk_buff *skb)
{
	return 1 + skb_is_gso(skb) + skb_shinfo(skb)->nr_frags;
}

static void lan743x_tx_set_desc(struct lan743x_tx *tx, u32 idx, u32 data0,
				dma_addr_t dma, u32 data3)
{
	struct lan743x_desc *desc = &tx->desc[idx];

	desc->data1 = cpu_to_le32(lower_32_bits(dma));
	desc->data2 = cpu_to_le32(upper_32_bits(dma));
	desc->data3 = cpu_to_le32(data3);
	desc->data0 = cpu_to_le32(data0);
}

static u32 lan743x_tx_data0(u32 len, u32 flags)
{
	return FIELD_PREP(TX_DESC_DATA0_DTYPE_MASK_, TX_DESC_DTYPE_DATA_) |
	       TX_DESC_DATA0_FCS_ | flags |
	       FIELD_PREP(TX_DESC_DATA0_BUF_LENGTH_MASK_, len);
}

/* Undo the mappings of a partially built frame, first..idx exclusive */
static void lan743x_tx_unwind(struct lan743x_tx *tx, u32 first, u32 idx)
{
	for (; first != idx; first = (first + 1) & tx->size_mask)
		lan743x_tx_unmap(tx, &tx->slots[first]);
}

/* Head descriptor and, for TSO, the LSO extension descriptor.
 * Return: index after them, or -ENOMEM.
 */
static int lan743x_tx_map_head(struct lan743x_tx *tx, struct sk_buff *skb,
			       u32 flags)
{
	struct lan743x_tx_slot *slot = &tx->slots[tx->tail];
	struct device *dev = lan743x_tx_dev(tx);
	u32 len = skb_headlen(skb);
	u32 data3 = skb->len;
	u32 idx = tx->tail;
	dma_addr_t dma;

	dma = dma_map_single(dev, skb->data, len, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		return -ENOMEM;
	slot->dma = dma;
	slot->len = len;
	slot->map = LAN743X_TX_MAP_SINGLE;

	if (skb_is_gso(skb)) {
		flags |= TX_DESC_DATA0_EXT_;
		data3 = max_t(u32, skb_shinfo(skb)->gso_size, TX_DESC_MIN_MSS);
	}
	flags |= TX_DESC_DATA0_FS_;
	lan743x_tx_set_desc(tx, idx, lan743x_tx_data0(len, flags), dma,
			    FIELD_PREP(TX_DESC_DATA3_FRAME_LENGTH_MSS_MASK_, data3));
	idx = (idx + 1) & tx->size_mask;

	if (skb_is_gso(skb)) {
		flags = FIELD_PREP(TX_DESC_DATA0_DTYPE_MASK_, TX_DESC_DTYPE_EXT_) |
			TX_DESC_DATA0_EXT_LSO_ |
			FIELD_PREP(TX_DESC_DATA0_EXT_PAY_LENGTH_MASK_, skb->len);
		lan743x_tx_set_desc(tx, idx, flags, 0, 0);
		idx = (idx + 1) & tx->size_mask;
	}
	return idx;
}

/* Fragments.  Return: index after the last descriptor, or -ENOMEM */
static int lan743x_tx_map_frags(struct lan743x_tx *tx, struct sk_buff *skb,
				u32 idx)
{
	u32 data3 = FIELD_PREP(TX_DESC_DATA3_FRAME_LENGTH_MSS_MASK_, skb->len);
	u32 last_flags = TX_DESC_DATA0_LS_ | TX_DESC_DATA0_IOC_;
	unsigned int i, nr = skb_shinfo(skb)->nr_frags;
	struct device *dev = lan743x_tx_dev(tx);

	for (i = 0; i < nr; i++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[i];
		struct lan743x_tx_slot *slot = &tx->slots[idx];
		u32 len = skb_frag_size(frag);
		dma_addr_t dma;

		dma = skb_frag_dma_map(dev, frag, 0, len, DMA_TO_DEVICE);
		if (dma_mapping_error(dev, dma))
			return -ENOMEM;
		slot->dma = dma;
		slot->len = len;
		slot->map = LAN743X_TX_MAP_PAGE;
		lan743x_tx_set_desc(tx, idx,
				    lan743x_tx_data0(len, i == nr - 1 ?
						     last_flags : 0),
				    dma, data3);
		idx = (idx + 1) & tx->size_mask;
	}
	return idx;
}

static u32 lan743x_tx_csum_flags(struct sk_buff *skb)
{
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		return 0;
	return TX_DESC_DATA0_ICE_ | TX_DESC_DATA0_IPE_ | TX_DESC_DATA0_TPE_;
}

static void lan743x_tx_count(struct lan743x_tx *tx, struct sk_buff *skb,
			     bool busy, bool map_err)
{
	struct lan743x_tx_xstats *s = &tx->xstats;

	u64_stats_update_begin(&s->syncp);
	if (map_err) {
		s->map_err++;
	} else if (busy) {
		s->busy++;
	} else {
		s->tso += skb_is_gso(skb);
		s->csum_partial += skb->ip_summed == CHECKSUM_PARTIAL;
	}
	u64_stats_update_end(&s->syncp);
}

/* Stop the queue for want of @need descriptors (queue lock held) */
static void lan743x_tx_stop(struct lan743x_tx *tx, struct netdev_queue *txq,
			    struct sk_buff *skb, u32 need)
{
	netif_tx_stop_queue(txq);
	set_bit(LAN743X_TX_STOPPED, &tx->flags);
	/* Pairs with smp_mb() in lan743x_tx_maybe_wake(): either we see the room
	 * NAPI made, or NAPI sees the stopped queue and wakes it.
	 */
	smp_mb();
	if (lan743x_tx_free(tx) >= need &&
	    test_and_clear_bit(LAN743X_TX_STOPPED, &tx->flags)) {
		/* room came meanwhile: no stop after all */
		netif_tx_start_queue(txq);
		return;
	}
	/* stopped until NAPI wakes it (perhaps already has): one busy, one
	 * wake
	 */
	lan743x_tx_count(tx, skb, true, false);
}

static void lan743x_tx_maybe_stop(struct lan743x_tx *tx,
				  struct netdev_queue *txq)
{
	if (likely(lan743x_tx_free(tx) >= LAN743X_TX_DESC_NEEDED))
		return;
	lan743x_tx_stop(tx, txq, NULL, LAN743X_TX_DESC_NEEDED);
}

/**
 * lan743x_xmit() - ndo_start_xmit
 * @skb: frame
 * @netdev: our device
 *
 * Return: NETDEV_TX_OK, or NETDEV_TX_BUSY if the ring is unexpectedly full.
 */
netdev_tx_t lan743x_xmit(struct sk_buff *skb, struct net_device *netdev)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct lan743x_tx_slot *last;
	struct netdev_queue *txq;
	struct lan743x_tx *tx;
	u32 bytes = skb->len;
	u32 first;
	int idx;
	u16 q;

	/* the stack's choice: a flow's hash, or XPS */
	q = skb_get_queue_mapping(skb);
	tx = &adapter->tx[q];
	txq = netdev_get_tx_queue(netdev, q);
	first = tx->tail;
	if (unlikely(lan743x_tx_free(tx) < lan743x_tx_desc_count(skb))) {
		lan743x_tx_stop(tx, txq, skb, lan743x_tx_desc_count(skb));
		return NETDEV_TX_BUSY;
	}

	idx = lan743x_tx_map_head(tx, skb, lan743x_tx_csum_flags(skb) |
				  (skb_shinfo(skb)->nr_frags ? 0 :
				   TX_DESC_DATA0_LS_ | TX_DESC_DATA0_IOC_));
	if (idx >= 0)
		idx = lan743x_tx_map_frags(tx, skb, idx);
	if (idx < 0)
		goto map_err;

	/* completion frees the skb when the chip is past the last descriptor */
	last = &tx->slots[(idx - 1) & tx->size_mask];
	last->skb = skb;
	last->bytes = bytes;
	last->segs = skb_is_gso(skb) ? skb_shinfo(skb)->gso_segs : 1;
	lan743x_tx_count(tx, skb, false, false);
	if (unlikely(skb_shinfo(skb)->tx_flags & SKBTX_HW_TSTAMP))
		lan743x_ptp_tx_request(adapter, skb, &tx->desc[first]);
	skb_tx_timestamp(skb);

	WRITE_ONCE(tx->tail, idx);
	lan743x_tx_maybe_stop(tx, txq);
	if (__netdev_tx_sent_queue(txq, bytes, netdev_xmit_more()))
		/* writel() orders the descriptor writes before the doorbell */
		lan743x_hw_tx_doorbell(tx);
	return NETDEV_TX_OK;

map_err:
	lan743x_tx_unwind(tx, first, (first + lan743x_tx_desc_count(skb)) &
			  tx->size_mask);
	lan743x_tx_count(tx, skb, false, true);
	dev_kfree_skb_any(skb);
	/* frames batched with xmit_more before this one still need a kick */
	if (!netdev_xmit_more())
		lan743x_hw_tx_doorbell(tx);
	return NETDEV_TX_OK;
}

/**
 * lan743x_features_check() - ndo_features_check
 * @skb: frame
 * @netdev: our device
 * @features: features the stack would use
 *
 * The chip finds the IP and TCP/UDP headers itself: it cannot offload
 * tunnels or other L4 protocols; let the stack do those in software.
 *
 * Return: the features usable for @skb.
 */
netdev_features_t lan743x_features_check(struct sk_buff *skb,
					 struct net_device *netdev,
					 netdev_features_t features)
{
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		return features;
	if (skb->encapsulation ||
	    (skb->csum_offset != offsetof(struct tcphdr, check) &&
	     skb->csum_offset != offsetof(struct udphdr, check)))
		features &= ~(NETIF_F_CSUM_MASK | NETIF_F_GSO_MASK);
	return features;
}

/* A head the chip reports is believable if it lies in (head, tail]: it
 * can only have completed what xmit queued.  The tail is read after the
 * head (rmb() in the callers): it is at least what the chip was given.
 */
static bool lan743x_tx_head_ok(struct lan743x_tx *tx, u32 hw_head)
{
	u32 head = tx->head;

	return ((hw_head - head) & tx->size_mask) <=
	       ((READ_ONCE(tx->tail) - head) & tx->size_mask);
}

/* After a completion: wake the queue xmit stopped, if it has room now */
static void lan743x_tx_maybe_wake(struct lan743x_tx *tx,
				  struct netdev_queue *txq)
{
	/* Pairs with smp_mb() in lan743x_tx_stop() */
	smp_mb();
	if (!netif_tx_queue_stopped(txq) ||
	    lan743x_tx_free(tx) < LAN743X_TX_DESC_NEEDED ||
	    !test_and_clear_bit(LAN743X_TX_STOPPED, &tx->flags))
		return;
	netif_tx_wake_queue(txq);
	u64_stats_update_begin(&tx->stats.syncp);
	tx->stats.wake++;
	u64_stats_update_end(&tx->stats.syncp);
}

/* Move what returns of redirected frames saved (tx->xdp_sync_saved) into
 * the counters, inside their u64_stats update
 */
static void lan743x_tx_move_sync_saved(struct lan743x_tx *tx)
{
	int ch;

	for (ch = 0; ch < LAN743X_NUM_RX; ch++) {
		tx->stats.xdp_sync_saved[ch] += tx->xdp_sync_saved[ch];
		tx->xdp_sync_saved[ch] = 0;
	}
}

/* Release the descriptors the chip has reported done, wake the queue.  A
 * write-back that is not believable is counted and the TX_HEAD register
 * asked instead: trusting it would free frames the chip still reads, and
 * ignoring it could leave the queue stopped (BQL) with nothing in flight
 * to bring a new one.
 */
static void lan743x_tx_clean(struct lan743x_tx *tx, int budget)
{
	u32 hw_head = le32_to_cpu(READ_ONCE(*tx->head_wb)) & tx->size_mask;
	unsigned int pkts = 0, bytes = 0, segs = 0, xdp_bytes = 0, xdp = 0;
	struct netdev_queue *txq;
	u32 head = tx->head;
	u32 reg;

	/* head write-back before tail: see lan743x_tx_head_ok() */
	rmb();
	if (unlikely(!lan743x_tx_head_ok(tx, hw_head))) {
		reg = lan743x_hw_tx_head(tx->adapter, tx->ch) & tx->size_mask;
		u64_stats_update_begin(&tx->stats.syncp);
		tx->stats.bad_completions++;
		u64_stats_update_end(&tx->stats.syncp);
		if (net_ratelimit())
			netdev_err(tx->adapter->netdev,
				   "TX completion head %u outside (%u, %u], TX_HEAD %u\n",
				   hw_head, head, READ_ONCE(tx->tail), reg);
		if (!lan743x_tx_head_ok(tx, reg))
			return;
		hw_head = reg;
	}

	while (head != hw_head) {
		struct lan743x_tx_slot *slot = &tx->slots[head];

		/* an XDP frame counts on its last descriptor */
		if (slot->map >= LAN743X_TX_MAP_XDP_TX && slot->bytes) {
			xdp++;
			xdp_bytes += slot->bytes;
		}
		lan743x_tx_unmap(tx, slot);
		if (slot->skb) {
			pkts++;
			bytes += slot->bytes;
			segs += slot->segs;
			napi_consume_skb(slot->skb, budget);
			slot->skb = NULL;
		}
		head = (head + 1) & tx->size_mask;
	}
	if (!pkts && head == tx->head)
		return;

	WRITE_ONCE(tx->head, head);
	txq = netdev_get_tx_queue(tx->adapter->netdev, tx->ch);
	netdev_tx_completed_queue(txq, pkts, bytes);

	u64_stats_update_begin(&tx->stats.syncp);
	tx->stats.packets += segs + xdp;
	tx->stats.bytes += bytes + xdp_bytes;
	if (xdp)
		lan743x_tx_move_sync_saved(tx);
	u64_stats_update_end(&tx->stats.syncp);

	lan743x_tx_maybe_wake(tx, txq);
}

/* More to reclaim: a believable head write-back past what was reclaimed */
static bool lan743x_tx_pending(struct lan743x_tx *tx)
{
	u32 hw_head = le32_to_cpu(READ_ONCE(*tx->head_wb)) & tx->size_mask;

	/* head write-back before tail: see lan743x_tx_head_ok() */
	rmb();
	return hw_head != tx->head && lan743x_tx_head_ok(tx, hw_head);
}

#ifdef LAN743X_HAVE_XSK_POOL
static bool lan743x_tx_xsk(struct lan743x_tx *tx, int budget);
#endif

/**
 * lan743x_tx_poll() - NAPI poll of the TX ring: reclaim completed frames
 * @napi: the ring's NAPI context
 * @budget: 0 from netpoll, else the NAPI weight
 *
 * Return: 0 when done, @budget to be polled again.
 */
int lan743x_tx_poll(struct napi_struct *napi, int budget)
{
	struct lan743x_tx *tx = container_of(napi, struct lan743x_tx, napi);
	bool more = false;

	if (tx->clear_sts)
		/* Clear before looking: a completion after this sets it again */
		lan743x_hw_tx_irq_ack(tx);

	lan743x_tx_clean(tx, budget);
#ifdef LAN743X_HAVE_XSK_POOL
	if (!tx->ch && budget)
		more = lan743x_tx_xsk(tx, budget);
#endif

	/* a bogus head is no more work: wait for the chip's next report */
	if (!budget || more || lan743x_tx_pending(tx))
		return budget;

	if (napi_complete_done(napi, 0))
		lan743x_hw_tx_irq_rearm(tx);
	return 0;
}

/**
 * lan743x_tx_spare_alloc() - build a TX ring beside a running one
 * @adapter: adapter
 * @ch: the channel it is for
 * @size: descriptors (a power of two from 64 to 1024)
 *
 * Return: the ring, for lan743x_tx_swap_in() or lan743x_tx_spare_free();
 * NULL if there is no memory for it.
 */
struct lan743x_tx *lan743x_tx_spare_alloc(struct lan743x_adapter *adapter,
					  u8 ch, u32 size)
{
	struct lan743x_tx *spare;

	spare = kzalloc(sizeof(*spare), GFP_KERNEL);
	if (!spare)
		return NULL;
	spare->adapter = adapter;
	spare->ch = ch;
	spare->size = size;
	spare->size_mask = size - 1;
	if (lan743x_tx_ring_alloc(spare)) {
		kfree(spare);
		return NULL;
	}
	return spare;
}

/**
 * lan743x_tx_spare_free() - free a ring from lan743x_tx_spare_alloc()
 * @spare: the ring, holding no frames; may be NULL
 */
void lan743x_tx_spare_free(struct lan743x_tx *spare)
{
	if (!spare)
		return;
	lan743x_tx_ring_free(spare);
	kfree(spare);
}

/* Exchange the descriptors and slots of two rings */
static void lan743x_tx_swap_res(struct lan743x_tx *a, struct lan743x_tx *b)
{
	swap(a->desc, b->desc);
	swap(a->slots, b->slots);
	swap(a->head_wb, b->head_wb);
	swap(a->size, b->size);
	swap(a->size_mask, b->size_mask);
	swap(a->ring_dma, b->ring_dma);
	swap(a->ring_bytes, b->ring_bytes);
}

/**
 * lan743x_tx_swap_in() - move a running TX channel to a spare ring
 * @adapter: adapter, interface up
 * @spare: from lan743x_tx_spare_alloc(); freed here, with the old ring
 *
 * The queues and the channel stop, frames still in the old ring are
 * dropped (as a close drops them), and the channel restarts on the new
 * ring; if it does not, the old ring is put back.  The link, the MAC, RX
 * and the other TX channels keep running.  Context: rtnl held.
 *
 * Return: 0, or the error of a channel that did not restart.
 */
int lan743x_tx_swap_in(struct lan743x_adapter *adapter,
		       struct lan743x_tx *spare)
{
	struct lan743x_tx *tx = &adapter->tx[spare->ch];
	int ret;

	netif_tx_disable(adapter->netdev);
	lan743x_tx_halt(tx);
	/* a last completion may have woken the queue */
	netif_tx_disable(adapter->netdev);
	lan743x_tx_drop_frames(tx);
	lan743x_tx_swap_res(tx, spare);
	ret = lan743x_tx_hw_start(tx);
	if (ret) {
		netdev_err(adapter->netdev, "TX channel did not restart: %d\n",
			   ret);
		lan743x_tx_swap_res(tx, spare);
		if (lan743x_tx_hw_start(tx))
			netdev_err(adapter->netdev, "TX channel is down\n");
	}
	lan743x_tx_spare_free(spare);
	/* a dead channel keeps its queue stopped: the watchdog resets it */
	if (!tx->running)
		return ret;
	/* re-arm an interrupt lost (vector auto-disabled) while stopped */
	local_bh_disable();
	napi_schedule(&tx->napi);
	local_bh_enable();
	netif_tx_wake_all_queues(adapter->netdev);
	return ret;
}

#ifdef LAN743X_HAVE_XDP
/* Room for an XDP frame of @n descriptors, with the stack's largest frame
 * still fitting after it; the queue lock is held.
 */
static bool lan743x_tx_xdp_room(struct lan743x_tx *tx,
				struct netdev_queue *txq, u32 n)
{
	return tx->running && !netif_tx_queue_stopped(txq) &&
	       lan743x_tx_free(tx) >= LAN743X_TX_DESC_NEEDED + n;
}

/* Descriptor @i of the @n of an XDP frame of @frame_len bytes, after
 * tx->tail, as @x describes it (dma, len, what to undo); the queue lock is
 * held.  The frame is the chip's once tx->tail moves past it.
 */
static void lan743x_tx_xdp_desc(struct lan743x_tx *tx, u32 i, u32 n,
				const struct lan743x_tx_slot *x, u32 frame_len)
{
	u32 idx = (tx->tail + i) & tx->size_mask;
	u32 flags = 0;

	if (!i)
		flags |= TX_DESC_DATA0_FS_;
	if (i == n - 1)
		flags |= TX_DESC_DATA0_LS_ | TX_DESC_DATA0_IOC_;
	tx->slots[idx] = *x;
	lan743x_tx_set_desc(tx, idx, lan743x_tx_data0(x->len, flags), x->dma,
			    FIELD_PREP(TX_DESC_DATA3_FRAME_LENGTH_MSS_MASK_,
				       frame_len));
}

/**
 * lan743x_tx_xdp_tx() - queue an XDP_TX frame, in place in its RX pages
 * @tx: the TX ring
 * @pool: the page_pool the frame's pages belong to (mapped both ways)
 * @xdp: the frame: its head and, with multi-buffer XDP, its fragments,
 *	each in a page of its own
 * @sync: per page (the head's, then each fragment's) the bytes of its
 *	device part to sync for the device when it goes back to @pool
 *
 * Sent at the next lan743x_tx_xdp_flush().  Context: the RX ring's NAPI.
 *
 * Return: 0, or -ENOSPC with the pages still the caller's.
 */
int lan743x_tx_xdp_tx(struct lan743x_tx *tx, struct page_pool *pool,
		      struct xdp_buff *xdp, const u32 *sync)
{
	struct netdev_queue *txq = netdev_get_tx_queue(tx->adapter->netdev, 0);
	struct page *page = virt_to_head_page(xdp->data);
	u32 frame_len = xdp->data_end - xdp->data;
	u32 n = 1 + lan743x_xdp_nr_frags(xdp);
	struct lan743x_tx_slot x = {
		.dma = page_pool_get_dma_addr(page) +
		       (xdp->data - page_address(page)),
		.len = frame_len,
		.map = LAN743X_TX_MAP_XDP_TX,
		.page = page,
		.pool = pool,
		.sync = sync[0],
	};
	int ret = -ENOSPC;
	u32 i;

#ifdef LAN743X_HAVE_XDP_FRAGS
	if (n > 1)
		frame_len += xdp_get_shared_info_from_buff(xdp)->xdp_frags_size;
#endif
	__netif_tx_lock(txq, smp_processor_id());
	if (!lan743x_tx_xdp_room(tx, txq, n))
		goto unlock;
	for (i = 0; i < n; i++) {
#ifdef LAN743X_HAVE_XDP_FRAGS
		if (i) {
			const skb_frag_t *f =
				&xdp_get_shared_info_from_buff(xdp)->frags[i - 1];

			x.page = skb_frag_page(f);
			x.dma = page_pool_get_dma_addr(x.page) + skb_frag_off(f);
			x.len = skb_frag_size(f);
			x.sync = sync[i];
		}
#endif
		x.bytes = i == n - 1 ? frame_len : 0;
		/* the program may have written it: the device reads it */
		dma_sync_single_for_device(lan743x_tx_dev(tx), x.dma, x.len,
					   DMA_BIDIRECTIONAL);
		lan743x_tx_xdp_desc(tx, i, n, &x, frame_len);
	}
	WRITE_ONCE(tx->tail, (tx->tail + n) & tx->size_mask);
	ret = 0;
unlock:
	__netif_tx_unlock(txq);
	return ret;
}

/**
 * lan743x_tx_xdp_flush() - one doorbell for the XDP_TX frames of a poll
 * @tx: the TX ring
 *
 * Context: NAPI.
 */
void lan743x_tx_xdp_flush(struct lan743x_tx *tx)
{
	struct netdev_queue *txq = netdev_get_tx_queue(tx->adapter->netdev, 0);

	__netif_tx_lock(txq, smp_processor_id());
	if (tx->running)
		lan743x_hw_tx_doorbell(tx);
	__netif_tx_unlock(txq);
}

/* Map and queue one frame redirected to us, its fragments (multi-buffer
 * XDP) each on a descriptor of its own; the queue lock is held.
 * Return: 0, or -ENOSPC or -ENOMEM with nothing queued nor mapped.
 */
static int lan743x_tx_xdp_frame(struct lan743x_tx *tx,
				struct netdev_queue *txq, struct xdp_frame *f)
{
	struct device *dev = lan743x_tx_dev(tx);
	u32 frame_len = f->len, nr = 0, i;
	struct lan743x_tx_slot x = {
		.len = f->len,
		.map = LAN743X_TX_MAP_XDP_FRAME,
	};
#ifdef LAN743X_HAVE_XDP_FRAGS
	struct skb_shared_info *sinfo = NULL;

	if (xdp_frame_has_frags(f)) {
		sinfo = xdp_get_shared_info_from_frame(f);
		nr = sinfo->nr_frags;
		frame_len += sinfo->xdp_frags_size;
	}
#endif
	if (!lan743x_tx_xdp_room(tx, txq, nr + 1))
		return -ENOSPC;
	x.dma = dma_map_single(dev, f->data, f->len, DMA_TO_DEVICE);
	for (i = 0; i <= nr; i++) {
#ifdef LAN743X_HAVE_XDP_FRAGS
		if (i) {
			const skb_frag_t *frag = &sinfo->frags[i - 1];

			x.len = skb_frag_size(frag);
			x.map = LAN743X_TX_MAP_XDP_FRAG;
			x.dma = skb_frag_dma_map(dev, frag, 0, x.len,
						 DMA_TO_DEVICE);
		}
#endif
		if (dma_mapping_error(dev, x.dma))
			goto unmap;
		if (i == nr) {
			x.bytes = frame_len;
			x.xdpf = f;
		}
		lan743x_tx_xdp_desc(tx, i, nr + 1, &x, frame_len);
	}
	WRITE_ONCE(tx->tail, (tx->tail + nr + 1) & tx->size_mask);
	return 0;

unmap:
	while (i--)
		lan743x_tx_unmap(tx, &tx->slots[(tx->tail + i) & tx->size_mask]);
	return -ENOMEM;
}

/**
 * lan743x_xdp_xmit() - ndo_xdp_xmit: frames redirected to this device
 * @netdev: our device
 * @n: number of frames
 * @frames: the frames
 * @flags: XDP_XMIT_FLUSH: ring the doorbell
 *
 * Return: frames queued (the caller frees the others), or a negative errno.
 */
int lan743x_xdp_xmit(struct net_device *netdev, int n,
		     struct xdp_frame **frames, u32 flags)
{
	struct netdev_queue *txq = netdev_get_tx_queue(netdev, 0);
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct lan743x_tx *tx = &adapter->tx[0];
	int i;

	if (unlikely(flags & ~XDP_XMIT_FLAGS_MASK))
		return -EINVAL;
	if (unlikely(!netif_running(netdev) || !netif_carrier_ok(netdev)))
		return -ENETDOWN;

	__netif_tx_lock(txq, smp_processor_id());
	for (i = 0; i < n; i++)
		if (lan743x_tx_xdp_frame(tx, txq, frames[i]))
			break;
	if (i && (flags & XDP_XMIT_FLUSH))
		lan743x_hw_tx_doorbell(tx);
	u64_stats_update_begin(&tx->xstats.syncp);
	tx->xstats.xdp_xmit += i;
	tx->xstats.xdp_xmit_err += n - i;
	u64_stats_update_end(&tx->xstats.syncp);
	__netif_tx_unlock(txq);
	return i;
}

#ifdef LAN743X_HAVE_XSK_POOL
/**
 * lan743x_tx_xdp_tx_frame() - queue an XDP_TX frame copied out of a UMEM
 * @tx: the TX ring
 * @f: the frame, in a page of its own
 *
 * Sent at the next lan743x_tx_xdp_flush().  Context: an RX ring's NAPI.
 *
 * Return: 0, or -ENOSPC or -ENOMEM with @f still the caller's.
 */
int lan743x_tx_xdp_tx_frame(struct lan743x_tx *tx, struct xdp_frame *f)
{
	struct netdev_queue *txq = netdev_get_tx_queue(tx->adapter->netdev, 0);
	int ret;

	__netif_tx_lock(txq, smp_processor_id());
	ret = lan743x_tx_xdp_frame(tx, txq, f);
	__netif_tx_unlock(txq);
	return ret;
}

/* Frames from @pool's sockets onto the ring, up to @budget, each in place
 * in its UMEM; the queue lock is held.  Return: how many.
 */
static u32 lan743x_tx_xsk_pool(struct lan743x_tx *tx, struct netdev_queue *txq,
			       struct xsk_buff_pool *pool, u32 budget)
{
	struct xdp_desc desc;
	u32 n = 0;

	while (n < budget && lan743x_tx_xdp_room(tx, txq, 1) &&
	       xsk_tx_peek_desc(pool, &desc)) {
		struct lan743x_tx_slot x = {
			.dma = xsk_buff_raw_get_dma(pool, desc.addr),
			.len = desc.len,
			.map = LAN743X_TX_MAP_XSK,
			.bytes = desc.len,
			.xsk = pool,
		};

		xsk_buff_raw_dma_sync_for_device(pool, x.dma, x.len);
		lan743x_tx_xdp_desc(tx, 0, 1, &x, x.len);
		WRITE_ONCE(tx->tail, (tx->tail + 1) & tx->size_mask);
		n++;
	}
	return n;
}

/* The AF_XDP zero-copy sockets' frames, every bound queue's in turn, one
 * doorbell each.  A socket that asked for wakeups is told to wake us
 * before we look (a frame queued after the look is then followed by a
 * wakeup), and told not to once frames went out: their completion brings
 * this poll back to look again.  Context: channel 0's NAPI.  Return:
 * true if @budget frames went, more may be waiting.
 */
static bool lan743x_tx_xsk(struct lan743x_tx *tx, int budget)
{
	struct netdev_queue *txq = netdev_get_tx_queue(tx->adapter->netdev, 0);
	struct lan743x_adapter *adapter = tx->adapter;
	struct xsk_buff_pool *pool;
	u32 sent = 0, n;
	int q;

	for (q = 0; q < LAN743X_NUM_RX && sent < budget; q++) {
		pool = READ_ONCE(adapter->xsk_tx[q]);
		if (!pool)
			continue;
		if (xsk_uses_need_wakeup(pool))
			xsk_set_tx_need_wakeup(pool);
		__netif_tx_lock(txq, smp_processor_id());
		n = lan743x_tx_xsk_pool(tx, txq, pool, budget - sent);
		if (n)
			lan743x_hw_tx_doorbell(tx);
		__netif_tx_unlock(txq);
		if (!n)
			continue;
		xsk_tx_release(pool);
		if (xsk_uses_need_wakeup(pool))
			xsk_clear_tx_need_wakeup(pool);
		sent += n;
	}
	return sent >= budget;
}

/* A frame of @pool between the ring's head and its tail */
static bool lan743x_tx_xsk_held(struct lan743x_tx *tx,
				struct xsk_buff_pool *pool)
{
	u32 tail = READ_ONCE(tx->tail), i;

	for (i = tx->head; i != tail; i = (i + 1) & tx->size_mask)
		if (tx->slots[i].map == LAN743X_TX_MAP_XSK &&
		    tx->slots[i].xsk == pool)
			return true;
	return false;
}

/**
 * lan743x_tx_xsk_drain() - let a pool's frames leave the ring
 * @tx: channel 0's TX ring
 * @pool: an AF_XDP pool no longer in adapter->xsk_tx[]
 *
 * The NAPI that sends the pool's frames is stopped, then the frames still
 * on the ring complete (up to a second); a chip that does not send them is
 * not waited for longer: the pool is told they went and forgotten, before
 * its UMEM is unmapped.  Context: rtnl held.
 */
void lan743x_tx_xsk_drain(struct lan743x_tx *tx, struct xsk_buff_pool *pool)
{
	u32 i, tail;
	int tries;

	if (!tx->running)
		return;
	napi_disable(&tx->napi);
	for (tries = 0; tries < 1000 && lan743x_tx_xsk_held(tx, pool); tries++) {
		usleep_range(500, 1000);
		local_bh_disable();
		lan743x_tx_clean(tx, 0);
		local_bh_enable();
	}
	tail = READ_ONCE(tx->tail);
	for (i = tx->head; i != tail; i = (i + 1) & tx->size_mask) {
		struct lan743x_tx_slot *slot = &tx->slots[i];

		if (slot->map != LAN743X_TX_MAP_XSK || slot->xsk != pool)
			continue;
		netdev_err(tx->adapter->netdev,
			   "TX: an AF_XDP frame did not complete\n");
		xsk_tx_completed(pool, 1);
		slot->xsk = NULL;
	}
	napi_enable(&tx->napi);
	local_bh_disable();
	napi_schedule(&tx->napi);
	local_bh_enable();
}
#endif
#endif

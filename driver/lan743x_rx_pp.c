// SPDX-License-Identifier: GPL-2.0
/* RX buffer policy "pp" (private flag rx-page-pool on): buffers recycled
 * through one page_pool per RX ring.
 *
 * A buffer is laid out as
 *
 *   | headroom | RX pad + frame data (slot->len bytes) | ... | skb_shared_info |
 *
 * and is a fragment of a page when two or more fit in one (MTU 1500: two
 * 2 KiB buffers per 4 KiB page, so an skb is charged 2 KiB, not 4: socket
 * buffers hold twice the data before they drop or collapse), else a whole
 * page or compound page.  The pool maps each page once (PP_FLAG_DMA_MAP).
 * What the device may write is synced for it exactly, never the headroom
 * nor the skb_shared_info the CPU writes: by the pool when a whole page
 * comes back (PP_FLAG_DMA_SYNC_DEV, offset = headroom, max_len = buffer
 * length); for fragments by us as each is handed to the ring, since the
 * pool would sync only the first fragment's part.  After reception the ring
 * syncs for the CPU the received bytes (or the whole buffer with
 * rx-partial-sync off); the buffer then becomes the head of an skb or a
 * page fragment of one, marked for recycling, so the stack returns it to
 * the pool.  No per-packet map or unmap.
 *
 * Debian's kernels have CONFIG_PAGE_POOL_STATS off, so maps and unmaps are
 * counted from the pool's own page counters: pages_state_hold_cnt grows by
 * one for every page the pool allocates and maps, pages_state_release_cnt
 * for every page it unmaps and frees.
 */

#include <linux/dma-mapping.h>
#include <linux/mm.h>
#include <linux/skbuff.h>
#ifdef LAN743X_HAVE_PP_HELPERS
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif

#include "lan743x_main.h"

static unsigned int lan743x_rx_pp_order(u32 len)
{
	return get_order(LAN743X_RX_HEADROOM + len +
			 SKB_DATA_ALIGN(sizeof(struct skb_shared_info)));
}

/* Memory one buffer takes as a page fragment: cache-line aligned, so the
 * device's part of a fragment never shares a line with another fragment's
 * skb_shared_info.
 */
static unsigned int lan743x_rx_pp_frag_size(u32 len)
{
	return SKB_DATA_ALIGN(LAN743X_RX_HEADROOM + len) +
	       SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
}

/* Pages held by the stack (socket queues) come back later than the ring
 * turns over: room to recycle about 4 MiB of them beyond the ring, or they
 * are unmapped and freed when the pool's ring is full.
 */
#define LAN743X_RX_PP_SPARE_ORDER0	1024

static int lan743x_rx_pp_ring_alloc(struct lan743x_rx *rx)
{
	unsigned int order = lan743x_rx_pp_order(rx->buf_len);
	struct page_pool_params pp = {
		.flags		= PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV,
		.order		= order,
		.pool_size	= rx->size + (LAN743X_RX_PP_SPARE_ORDER0 >> order),
		.nid		= NUMA_NO_NODE,
		.dev		= &rx->adapter->pdev->dev,
		.dma_dir	= DMA_FROM_DEVICE,
		.offset		= LAN743X_RX_HEADROOM,
		.max_len	= rx->buf_len,
	};
	unsigned int per_page = PAGE_SIZE / lan743x_rx_pp_frag_size(rx->buf_len);
	struct page_pool *pool;

	/* Fragments: we sync each for the device as it goes to the ring;
	 * the pool would sync only the first fragment's part of a page.
	 */
	if (order || per_page < 2)
		per_page = 1;
	if (per_page > 1) {
		pp.flags &= ~PP_FLAG_DMA_SYNC_DEV;
#ifdef PP_FLAG_PAGE_FRAG
		pp.flags |= PP_FLAG_PAGE_FRAG;
#endif
	}
	pool = page_pool_create(&pp);
#ifdef PP_FLAG_PAGE_FRAG
	/* Before 6.8, 32-bit kernels with 64-bit DMA addresses (ARM LPAE)
	 * cannot count fragments: whole pages then.
	 */
	if (IS_ERR(pool) && per_page > 1) {
		per_page = 1;
		pp.flags = PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV;
		pool = page_pool_create(&pp);
	}
#endif
	if (IS_ERR(pool))
		return PTR_ERR(pool);
	rx->pp.pool = pool;
	rx->pp.order = pp.order;
	rx->pp.per_page = per_page;
	rx->pp.hold = pool->pages_state_hold_cnt;
	rx->pp.release = atomic_read(&pool->pages_state_release_cnt);
	rx->pp.fresh = 0;
	return 0;
}

/* Pages the pool unmapped since we last looked */
static void lan743x_rx_pp_count_unmaps(struct lan743x_rx *rx)
{
	u32 release = atomic_read(&rx->pp.pool->pages_state_release_cnt);

	rx->cost.unmap_ops += release - rx->pp.release;
	rx->pp.release = release;
}

static void lan743x_rx_pp_ring_free(struct lan743x_rx *rx)
{
	struct page_pool *pool = rx->pp.pool;

	if (!pool)
		return;
	/* Every page the pool still holds is unmapped when it goes, now or
	 * when the stack returns the last of them.
	 */
	rx->cost.unmap_ops += pool->pages_state_hold_cnt - rx->pp.release;
	page_pool_destroy(pool);
	rx->pp.pool = NULL;
}

/**
 * lan743x_rx_pp_refill() - take a buffer from the ring's page pool
 * @rx: ring
 * @slot: filled in on success, untouched on failure
 * @gfp: allocation flags of the caller
 *
 * A whole page the pool has synced for the device (max_len bytes) when it
 * mapped it or took it back; a fragment is synced here.
 *
 * Return: 0 or -ENOMEM.
 */
int lan743x_rx_pp_refill(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			 gfp_t gfp)
{
	unsigned int per_page = rx->pp.per_page;
	struct page_pool *pool = rx->pp.pool;
	unsigned int offset = 0;
	struct page *page;
	u32 hold;

	if (per_page > 1)
		page = page_pool_alloc_frag(pool, &offset,
					    lan743x_rx_pp_frag_size(rx->buf_len),
					    gfp | __GFP_NOWARN);
	else
		page = page_pool_alloc_pages(pool, gfp | __GFP_NOWARN);
	if (unlikely(!page)) {
		rx->cost.buf_alloc_fail++;
		return -ENOMEM;
	}
	/* a refill of the pool's cache maps several pages at once */
	hold = pool->pages_state_hold_cnt;
	rx->cost.map_ops += hold - rx->pp.hold;
	rx->pp.fresh += (hold - rx->pp.hold) * per_page;
	rx->pp.hold = hold;
	if (rx->pp.fresh)
		rx->pp.fresh--;
	else
		rx->cost.pp_recycled++;
	lan743x_rx_pp_count_unmaps(rx);
	rx->cost.buf_alloc++;

	slot->buf = page_address(page) + offset;
	slot->dma = page_pool_get_dma_addr(page) + offset + LAN743X_RX_HEADROOM;
	slot->len = rx->buf_len;
	if (per_page > 1) {
		slot->truesize = lan743x_rx_pp_frag_size(rx->buf_len);
		dma_sync_single_for_device(&rx->adapter->pdev->dev, slot->dma,
					   slot->len, DMA_FROM_DEVICE);
	} else {
		slot->truesize = PAGE_SIZE << rx->pp.order;
	}
	rx->cost.sync_dev_bytes += slot->len;
	return 0;
}

static void lan743x_rx_pp_sync_for_cpu(struct lan743x_rx *rx,
				       struct lan743x_rx_slot *slot, u32 len)
{
	/* page_pool_dma_sync_for_cpu() only exists from 6.10 */
	len = min(len, slot->len);
	dma_sync_single_for_cpu(&rx->adapter->pdev->dev, slot->dma, len,
				DMA_FROM_DEVICE);
	rx->cost.sync_cpu_bytes += len;
}

static void lan743x_rx_pp_recycle(struct lan743x_rx *rx,
				  struct lan743x_rx_slot *slot, u32 synced)
{
	/* the buffer stays in the ring: give back what the CPU was given */
	synced = min(synced, slot->len);
	if (!synced)
		return;
	dma_sync_single_for_device(&rx->adapter->pdev->dev, slot->dma, synced,
				   DMA_FROM_DEVICE);
	rx->cost.sync_dev_bytes += synced;
}

/**
 * lan743x_rx_pp_build_skb() - turn the first buffer of a frame into an skb
 * @rx: ring
 * @slot: buffer, already synced for the CPU; emptied on success
 * @pad: RX pad bytes in front of the frame
 * @len: frame bytes in this buffer
 *
 * Return: the skb, or NULL with the buffer still in @slot.
 */
struct sk_buff *lan743x_rx_pp_build_skb(struct lan743x_rx *rx,
					struct lan743x_rx_slot *slot,
					u32 pad, u32 len)
{
	struct sk_buff *skb;

	skb = napi_build_skb(slot->buf, slot->truesize);
	if (unlikely(!skb))
		return NULL;
	skb_mark_for_recycle(skb);
	skb_reserve(skb, LAN743X_RX_HEADROOM + pad);
	__skb_put(skb, len);
	slot->buf = NULL;
	return skb;
}

/**
 * lan743x_rx_pp_add_frag() - append a continuation buffer to a frame
 * @rx: ring
 * @skb: head of the frame, marked for recycling; has room for a fragment
 * @slot: buffer, already synced for the CPU; emptied
 * @len: frame bytes in this buffer
 *
 * The page becomes a fragment as it is: no copy, no linearisation.
 */
void lan743x_rx_pp_add_frag(struct lan743x_rx *rx, struct sk_buff *skb,
			    struct lan743x_rx_slot *slot, u32 len)
{
	skb_add_rx_frag(skb, skb_shinfo(skb)->nr_frags,
			virt_to_page(slot->buf),
			offset_in_page(slot->buf) + LAN743X_RX_HEADROOM, len,
			slot->truesize);
	slot->buf = NULL;
}

static void lan743x_rx_pp_release(struct lan743x_rx *rx,
				  struct lan743x_rx_slot *slot)
{
	if (!slot->buf)
		return;
	page_pool_put_full_page(rx->pp.pool, virt_to_page(slot->buf), false);
	slot->buf = NULL;
}

const struct lan743x_rx_buf_ops lan743x_rx_pp_ops = {
	.name		= "page_pool",
	.ring_alloc	= lan743x_rx_pp_ring_alloc,
	.ring_free	= lan743x_rx_pp_ring_free,
	.refill		= lan743x_rx_pp_refill,
	.sync_for_cpu	= lan743x_rx_pp_sync_for_cpu,
	.recycle	= lan743x_rx_pp_recycle,
	.build_skb	= lan743x_rx_pp_build_skb,
	.add_frag	= lan743x_rx_pp_add_frag,
	.release	= lan743x_rx_pp_release,
};

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
 * the pool.  No per-packet map or unmap.  Where page_pool has a NAPI
 * owner and a way to leave it (6.9+), pages the stack frees in this ring's
 * NAPI go straight back into the pool's lockless cache; a ring that leaves
 * its channel ends that while the NAPI is disabled, before it runs again
 * without the ring.
 *
 * The hot path counts only the buffers it takes.  The pool maps a page
 * once when it allocates it and unmaps it when it lets it go, so the
 * driver's own map and unmap counts stay at 0 here.  What the pool did with
 * the pages that came back (taken back for reuse, or let go) comes from
 * page_pool's own statistics when ethtool -S asks, on kernels built with
 * CONFIG_PAGE_POOL_STATS (Debian's 7.x); without them it is not counted
 * (debugfs page_pool_stats says which).
 */

#include <linux/dma-mapping.h>
#include <linux/error-injection.h>
#include <linux/mm.h>
#include <linux/skbuff.h>

#include "lan743x_main.h"

static unsigned int lan743x_rx_pp_order(const struct lan743x_rx *rx)
{
	return get_order(rx->ring.headroom + rx->ring.buf_len +
			 SKB_DATA_ALIGN(sizeof(struct skb_shared_info)));
}

/* Memory one buffer takes as a page fragment: cache-line aligned, so the
 * device's part of a fragment never shares a line with another fragment's
 * skb_shared_info.
 */
static unsigned int lan743x_rx_pp_frag_size(const struct lan743x_rx *rx)
{
	return SKB_DATA_ALIGN(rx->ring.headroom + rx->ring.buf_len) +
	       SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
}

/* Pages held by the stack (socket queues) come back later than the ring
 * turns over: room to recycle about 4 MiB of them beyond the ring, or they
 * are unmapped and freed when the pool's ring is full.
 */
#define LAN743X_RX_PP_SPARE_ORDER0	1024

/* A ring built for XDP: its pool is the memory of its XDP queue.  On
 * failure the pool is destroyed.
 */
static int lan743x_rx_pp_xdp_reg(struct lan743x_rx *rx, struct page_pool *pool)
{
#ifdef LAN743X_HAVE_XDP
	if (!rx->ring.xdp_prog)
		return 0;
	if (xdp_rxq_info_reg_mem_model(&rx->ring.xdp_rxq, MEM_TYPE_PAGE_POOL,
				       pool)) {
		page_pool_destroy(pool);
		return -ENOMEM;
	}
	rx->ring.pool = pool;
#endif
	return 0;
}

static int lan743x_rx_pp_ring_alloc(struct lan743x_rx *rx)
{
	unsigned int order = lan743x_rx_pp_order(rx);
	struct page_pool_params pp = {
		.flags		= PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV,
		.order		= order,
		.pool_size	= rx->ring.size + (LAN743X_RX_PP_SPARE_ORDER0 >> order),
		.nid		= NUMA_NO_NODE,
		.dev		= &rx->adapter->pdev->dev,
		/* XDP_TX sends the page as the program left it */
		.dma_dir	= rx->ring.xdp_prog ? DMA_BIDIRECTIONAL : DMA_FROM_DEVICE,
		.offset		= rx->ring.headroom,
		.max_len	= rx->ring.buf_len,
#ifdef LAN743X_HAVE_PP_NAPI
		/* the channel's NAPI, also for the spare ring of a swap */
		.napi		= &rx->adapter->rx[rx->ch].napi,
#endif
#ifdef LAN743X_HAVE_PP_QUEUE
		/* listed under our device and queue in the netdev family */
		.netdev		= rx->adapter->netdev,
		.queue_idx	= rx->ch,
#endif
	};
	unsigned int per_page = PAGE_SIZE / lan743x_rx_pp_frag_size(rx);
	struct page_pool *pool;

	/* Fragments: we sync each for the device as it goes to the ring;
	 * the pool would sync only the first fragment's part of a page.
	 * XDP takes whole pages, which the pool syncs as they come back.
	 */
	if (order || per_page < 2 || rx->ring.xdp_prog)
		per_page = 1;
#ifndef LAN743X_HAVE_PP_ALLOC_FRAG
	per_page = 1;	/* before 5.15 a pool hands out whole pages only */
#endif
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
	if (lan743x_rx_pp_xdp_reg(rx, pool))
		return -ENOMEM;
	rx->ring.pp.pool = pool;
	rx->ring.pp.truesize = per_page > 1 ? lan743x_rx_pp_frag_size(rx) :
			       PAGE_SIZE << pp.order;
	rx->ring.pp.per_page = per_page;
	return 0;
}

#ifdef LAN743X_HAVE_PP_STATS
/* What the pool did with the pages that came back to it, added to @cost:
 * taken back for reuse (no new mapping), or let go (unmapped and freed).
 */
static void lan743x_rx_pp_add_pool_cost(const struct lan743x_rx *rx,
					struct lan743x_rx_cost *cost)
{
	struct page_pool_stats st = {};

	page_pool_get_stats(rx->ring.pp.pool, &st);
	cost->pp_recycled += st.recycle_stats.cached + st.recycle_stats.ring;
	cost->unmap_ops += st.recycle_stats.ring_full +
			   st.recycle_stats.released_refcnt;
}

static void lan743x_rx_pp_read_cost(const struct lan743x_rx *rx,
				    struct lan743x_rx_cost *cost)
{
	if (rx->ring.pp.pool)
		lan743x_rx_pp_add_pool_cost(rx, cost);
}
#endif

static void lan743x_rx_pp_ring_free(struct lan743x_rx *rx)
{
	struct page_pool *pool = rx->ring.pp.pool;

	if (!pool)
		return;
#ifdef LAN743X_HAVE_PP_STATS
	/* the pool's counts go with it: kept in the ring's totals */
	lan743x_rx_pp_add_pool_cost(rx, &rx->cost);
#endif
	page_pool_destroy(pool);
	rx->ring.pp.pool = NULL;
	rx->ring.pool = NULL;
}

#ifdef LAN743X_HAVE_PP_NAPI
/* The pool may outlive the channel's NAPI or be destroyed while it runs:
 * end direct recycling into the pool now, with that NAPI disabled.
 */
static void lan743x_rx_pp_ring_stop(struct lan743x_rx *rx)
{
	page_pool_disable_direct_recycling(rx->ring.pp.pool);
}
#endif

/* A whole page from the ring's pool, or a fragment of one that starts at
 * rx->ring.pp.offset
 */
static struct page *lan743x_rx_pp_alloc(struct lan743x_rx *rx, gfp_t gfp)
{
	struct page_pool *pool = rx->ring.pp.pool;

#ifdef LAN743X_HAVE_PP_ALLOC_FRAG
	if (rx->ring.pp.per_page > 1)
		return page_pool_alloc_frag(pool, &rx->ring.pp.offset,
					    rx->ring.pp.truesize, gfp);
#endif
	return page_pool_alloc_pages(pool, gfp);
}

/**
 * lan743x_rx_pp_refill() - take a buffer from the ring's page pool
 * @rx: ring
 * @slot: filled in on success, untouched on failure
 * @gfp: allocation flags of the caller
 *
 * A whole page the pool has synced for the device (max_len bytes) when it
 * mapped it or took it back; a fragment is synced here.  Changes nothing
 * when it fails: the caller counts the failure.  Error injection
 * (fail_function) may skip the whole body.
 *
 * Return: 0 or -ENOMEM.
 */
int lan743x_rx_pp_refill(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			 gfp_t gfp)
{
	unsigned int per_page = rx->ring.pp.per_page;
	unsigned int offset;
	struct page *page;

	page = lan743x_rx_pp_alloc(rx, gfp | __GFP_NOWARN);
	if (unlikely(!page))
		return -ENOMEM;
	offset = per_page > 1 ? rx->ring.pp.offset : 0;
	rx->cost.buf_alloc++;

	/* a pool's pages are never highmem (no __GFP_HIGHMEM): the inline
	 * lowmem address, not page_address()'s call on HIGHMEM kernels
	 */
	slot->buf = lowmem_page_address(page) + offset;
	slot->dma = page_pool_get_dma_addr(page) + offset + rx->ring.headroom;
	slot->len = rx->ring.buf_len;
	slot->truesize = rx->ring.pp.truesize;
	if (per_page > 1)
		dma_sync_single_for_device(&rx->adapter->pdev->dev, slot->dma,
					   slot->len, DMA_FROM_DEVICE);
	rx->cost.sync_dev_bytes += slot->len;
	return 0;
}

ALLOW_ERROR_INJECTION(lan743x_rx_pp_refill, ERRNO);

static void lan743x_rx_pp_release(struct lan743x_rx *rx,
				  struct lan743x_rx_slot *slot)
{
	if (!slot->buf)
		return;
	page_pool_put_full_page(rx->ring.pp.pool, virt_to_page(slot->buf), false);
	slot->buf = NULL;
}

#ifndef LAN743X_HAVE_SKB_MARK_FOR_RECYCLE
/* Before 5.15 an skb cannot carry a pool's page back to it: the page
 * leaves the pool (unmapped, 5.10's page_pool_release_page()) as its
 * buffer leaves the ring, and the stack frees it as any other page.
 */
static void lan743x_rx_pp_detach(struct lan743x_rx *rx,
				 struct lan743x_rx_slot *slot)
{
	page_pool_release_page(rx->ring.pp.pool, virt_to_head_page(slot->buf));
}
#endif

const struct lan743x_rx_buf_ops lan743x_rx_pp_ops = {
	.name		= "page_pool",
	/* pages are sized for one MTU: a new one needs a new pool */
	.resizable	= false,
#ifdef LAN743X_HAVE_SKB_MARK_FOR_RECYCLE
	/* the stack gives pages back to the pool, not to the allocator */
	.recycle	= true,
#else
	.detach		= lan743x_rx_pp_detach,
#endif
#ifdef LAN743X_HAVE_XDP
	.xdp		= true,
#endif
	.ring_alloc	= lan743x_rx_pp_ring_alloc,
	.ring_free	= lan743x_rx_pp_ring_free,
#ifdef LAN743X_HAVE_PP_NAPI
	.ring_stop	= lan743x_rx_pp_ring_stop,
#endif
	.refill		= lan743x_rx_pp_refill,
	.release	= lan743x_rx_pp_release,
#ifdef LAN743X_HAVE_PP_STATS
	.read_cost	= lan743x_rx_pp_read_cost,
#endif
};

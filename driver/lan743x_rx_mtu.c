// SPDX-License-Identifier: GPL-2.0
/* RX buffer policy "mtu" (private flag rx-page-pool off): a fresh buffer is
 * allocated and mapped for every received one.  Its length is chosen by the
 * ring: MTU-derived, legacy 9 KiB (rx-mtu-buffers off) or rx-buf-len.
 *
 * A buffer is a page fragment (whole pages above a page) laid out as
 *
 *   | headroom | RX pad + frame data (slot->len bytes, device writable) |
 *   | skb_shared_info |
 *
 * Only the middle part is mapped, with DMA_ATTR_SKIP_CPU_SYNC, and handed
 * to the device with an explicit sync.  After reception only the bytes the
 * chip reported are synced for the CPU (the whole buffer for a buffer that
 * is not the last of its frame, or for every buffer with rx-partial-sync
 * off: the ring decides the length); the buffer is then unmapped without
 * another sync, and the ring makes it the head of an skb or a page fragment
 * of one.
 * Frames larger than a buffer (MTU raised while up, or frames the MAC still
 * accepts) arrive as FS..LS chains and are assembled without copying.
 */

#include <linux/dma-mapping.h>
#include <linux/error-injection.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/skbuff.h>

#include "lan743x_main.h"

static struct device *lan743x_rx_dev(struct lan743x_rx *rx)
{
	return &rx->adapter->pdev->dev;
}

static u32 lan743x_rx_mtu_truesize(u32 len)
{
	/* Cache-line multiples keep every fragment of the cache aligned, so
	 * skb_shared_info never shares a line with device-written bytes.
	 */
	return SKB_DATA_ALIGN(LAN743X_RX_HEADROOM + len) +
	       SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
}

static int lan743x_rx_mtu_ring_alloc(struct lan743x_rx *rx)
{
	memset(&rx->ring.mtu.cache, 0, sizeof(rx->ring.mtu.cache));
	return 0;
}

static void lan743x_rx_mtu_ring_free(struct lan743x_rx *rx)
{
	struct page_frag_cache *nc = &rx->ring.mtu.cache;

#ifdef LAN743X_HAVE_PAGE_FRAG_CACHE_DRAIN
	page_frag_cache_drain(nc);
#else
	/* what page_frag_cache_drain() does, for kernels before 6.9 */
	if (nc->va)
		__page_frag_cache_drain(virt_to_head_page(nc->va),
					nc->pagecnt_bias);
	nc->va = NULL;
#endif
}

/* Memory for a buffer of @truesize bytes; @truesize grows to what was
 * taken.  Buffers above a page are whole compound pages: once its cache
 * has fallen back to an order-0 page, page_frag_alloc() fails every
 * request above a page until the cache is drained, and the ring would
 * drop every frame from then on.
 */
static void *lan743x_rx_mtu_alloc(struct lan743x_rx *rx, u32 *truesize,
				  gfp_t gfp)
{
	struct page *page;

	if (*truesize <= PAGE_SIZE)
		return page_frag_alloc(&rx->ring.mtu.cache, *truesize,
				       gfp | __GFP_NOWARN);
	page = alloc_pages(gfp | __GFP_COMP | __GFP_NOWARN,
			   get_order(*truesize));
	if (!page)
		return NULL;
	*truesize = page_size(page);
	return page_address(page);
}

/**
 * lan743x_rx_mtu_refill() - allocate and map a buffer of rx->ring.buf_len bytes
 * @rx: ring
 * @slot: filled in on success, untouched on failure
 * @gfp: allocation flags of the caller
 *
 * Changes nothing when it fails: the caller counts the failure.  Error
 * injection (fail_function) may skip the whole body.
 *
 * Return: 0 or -ENOMEM.
 */
int lan743x_rx_mtu_refill(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			  gfp_t gfp)
{
	struct device *dev = lan743x_rx_dev(rx);
	u32 len = READ_ONCE(rx->ring.buf_len);
	dma_addr_t dma;
	u32 truesize;
	void *buf;

	truesize = lan743x_rx_mtu_truesize(len);
	buf = lan743x_rx_mtu_alloc(rx, &truesize, gfp);
	if (unlikely(!buf))
		return -ENOMEM;

	/* a failed map is handled (counted, frame dropped or -ENOMEM on a
	 * reconfiguration): no warning from the DMA layer
	 */
	dma = dma_map_single_attrs(dev, buf + LAN743X_RX_HEADROOM, len,
				   DMA_FROM_DEVICE,
				   DMA_ATTR_SKIP_CPU_SYNC | DMA_ATTR_NO_WARN);
	if (unlikely(dma_mapping_error(dev, dma))) {
		skb_free_frag(buf);
		return -ENOMEM;
	}
	/* Mapped without a sync: give every byte the device may write to
	 * the device explicitly.  (A map with the sync, as the legacy driver
	 * did, costs the same: one whole-buffer sync.)
	 */
	dma_sync_single_for_device(dev, dma, len, DMA_FROM_DEVICE);
	rx->cost.buf_alloc++;
	rx->cost.map_ops++;
	rx->cost.sync_dev_bytes += len;

	slot->buf = buf;
	slot->dma = dma;
	slot->len = len;
	slot->truesize = truesize;
	return 0;
}

ALLOW_ERROR_INJECTION(lan743x_rx_mtu_refill, ERRNO);

static void lan743x_rx_mtu_unmap(struct lan743x_rx *rx,
				 struct lan743x_rx_slot *slot)
{
	dma_unmap_single_attrs(lan743x_rx_dev(rx), slot->dma, slot->len,
			       DMA_FROM_DEVICE, DMA_ATTR_SKIP_CPU_SYNC);
	rx->cost.unmap_ops++;
}

/**
 * lan743x_rx_mtu_detach() - a received buffer goes to an skb: unmap it
 * @rx: ring
 * @slot: buffer, already synced for the CPU (the bytes the CPU reads),
 *	so the unmap syncs nothing more
 */
void lan743x_rx_mtu_detach(struct lan743x_rx *rx, struct lan743x_rx_slot *slot)
{
	lan743x_rx_mtu_unmap(rx, slot);
}

static void lan743x_rx_mtu_release(struct lan743x_rx *rx,
				   struct lan743x_rx_slot *slot)
{
	void *buf = slot->buf;

	if (!buf)
		return;
	lan743x_rx_mtu_unmap(rx, slot);
	slot->buf = NULL;
	skb_free_frag(buf);
}

const struct lan743x_rx_buf_ops lan743x_rx_mtu_ops = {
	.name		= "mtu",
	/* each buffer is mapped for its own length */
	.resizable	= true,
	.ring_alloc	= lan743x_rx_mtu_ring_alloc,
	.ring_free	= lan743x_rx_mtu_ring_free,
	.refill		= lan743x_rx_mtu_refill,
	.detach		= lan743x_rx_mtu_detach,
	.release	= lan743x_rx_mtu_release,
};

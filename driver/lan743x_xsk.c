// SPDX-License-Identifier: GPL-2.0
/* AF_XDP zero-copy of the LAN743x: receive buffers of a socket's UMEM.
 *
 * A socket bound with XDP_ZEROCOPY hands its queue a buffer pool
 * (XDP_SETUP_XSK_POOL), mapped here for the device.  The pool is one more
 * RX parameter of that queue: while an XDP program is attached, the
 * queue's ring is built by the "xsk" buffer policy below, beside the
 * running ring and swapped in as any other change of layout is, so that a
 * failure keeps the old ring.  Its buffers are the pool's (xsk_buff_alloc,
 * synced for the device by the pool), a frame of one buffer each, and it
 * runs the program itself (lan743x_xsk_run(), bound to the ring as its
 * ops->xdp_run): the frame synced for the CPU by the pool goes to the
 * program in place; XDP_REDIRECT hands the buffer to the socket, a new one
 * taking its slot; XDP_PASS copies the frame into an skb and XDP_DROP
 * keeps the buffer, both re-syncing for the device only what the device or
 * the program wrote; XDP_TX sends a copy (the buffer goes back to the pool
 * from this NAPI, the only one that takes from it).
 *
 * When the fill ring is empty a slot gets the ring's scratch page instead,
 * which the device may overwrite at will: the frame it receives there is
 * dropped (rx_drop_alloc_fail) and the slot takes a pool buffer for its
 * next frame.  Every descriptor thus always has a buffer, as on the other
 * policies, and the RX side never needs a wakeup from user space: its
 * need_wakeup flag stays clear.
 *
 * The sockets' TX rings are sent from channel 0's TX NAPI, in place in the
 * UMEM (lan743x_tx.c); ndo_xsk_wakeup schedules that NAPI, or the queue's
 * RX NAPI.  Unbinding stops the pool's TX first and waits for its frames
 * in flight, then swaps the queue's ring back to the page_pool one, then
 * unmaps the UMEM.
 */

#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#include "lan743x_main.h"

#ifdef LAN743X_HAVE_XSK_POOL

/* Bytes of a buffer the pool hands to the DMA API when it syncs one, for
 * the device as it gives the buffer out and for the CPU as a frame comes
 * in: its frame from XDP's headroom on (not its chunk); none before 6.10
 * when the pool found at mapping time that the device needs no sync (from
 * 6.10 on the pool always asks, and the DMA API decides).
 */
static u32 lan743x_xsk_sync_len(const struct xsk_buff_pool *pool)
{
#ifndef LAN743X_HAVE_XSK_SYNC_NO_POOL
	if (!pool->dma_need_sync)
		return 0;
#endif
	return pool->frame_len;
}

static int lan743x_xsk_ring_alloc(struct lan743x_rx *rx)
{
	struct xsk_buff_pool *pool = rx->ring.xsk_pool;
	struct device *dev = &rx->adapter->pdev->dev;
	struct page *page;
	dma_addr_t dma;
	int ret;

	page = dev_alloc_page();
	if (!page)
		return -ENOMEM;
	dma = dma_map_page(dev, page, 0, PAGE_SIZE, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		__free_page(page);
		return -ENOMEM;
	}
	ret = xdp_rxq_info_reg_mem_model(&rx->ring.xdp_rxq,
					 MEM_TYPE_XSK_BUFF_POOL, NULL);
	if (ret) {
		dma_unmap_page(dev, dma, PAGE_SIZE, DMA_FROM_DEVICE);
		__free_page(page);
		return ret;
	}
	rx->cost.map_ops++;
	/* the queue as the program sees it: the channel's running ring */
	xsk_pool_set_rxq_info(pool, &rx->adapter->rx[rx->ch].ring.xdp_rxq);
	rx->ring.xsk.scratch = page_address(page);
	rx->ring.xsk.scratch_dma = dma;
	rx->ring.xsk.frame = lan743x_xsk_sync_len(pool);
	return 0;
}

static void lan743x_xsk_ring_free(struct lan743x_rx *rx)
{
	if (!rx->ring.xsk.scratch)
		return;
	dma_unmap_page(&rx->adapter->pdev->dev, rx->ring.xsk.scratch_dma,
		       PAGE_SIZE, DMA_FROM_DEVICE);
	rx->cost.unmap_ops++;
	free_page((unsigned long)rx->ring.xsk.scratch);
	rx->ring.xsk.scratch = NULL;
}

/* A buffer of the pool, synced for the device by the pool as it handed it
 * out; the scratch page when the fill ring is empty.  Never fails.
 */
static int lan743x_xsk_refill(struct lan743x_rx *rx,
			      struct lan743x_rx_slot *slot, gfp_t gfp)
{
	struct xdp_buff *xdp = xsk_buff_alloc(rx->ring.xsk_pool);

	slot->len = rx->ring.buf_len;
	slot->truesize = 0;
	if (unlikely(!xdp)) {
		rx->cost.buf_alloc_fail++;
		slot->buf = rx->ring.xsk.scratch;
		slot->dma = rx->ring.xsk.scratch_dma;
		return 0;
	}
	rx->cost.buf_alloc++;
	rx->cost.sync_dev_bytes += rx->ring.xsk.frame;
	slot->buf = xdp;
	slot->dma = xsk_buff_xdp_get_dma(xdp);
	return 0;
}

static void lan743x_xsk_release(struct lan743x_rx *rx,
				struct lan743x_rx_slot *slot)
{
	if (slot->buf && slot->buf != rx->ring.xsk.scratch)
		xsk_buff_free(slot->buf);
	slot->buf = NULL;
}

/* The buffer of @xdp stays in @slot: the pool syncs for the device the
 * bytes the device wrote (@wire after the RX pad) or the program may have
 * written, up to where it left the frame's end.
 */
static void lan743x_xsk_reuse(struct lan743x_rx *rx,
			      struct lan743x_rx_slot *slot,
			      const struct xdp_buff *xdp, u32 wire)
{
	long end = (u8 *)xdp->data_end -
		   ((u8 *)xdp->data_hard_start + XDP_PACKET_HEADROOM);
	u32 n = min_t(u32, max_t(long, end, rx->pad + wire), slot->len);

	xsk_buff_raw_dma_sync_for_device(rx->ring.xsk_pool, slot->dma, n);
	/* a pool that syncs nothing (xsk.frame 0) skipped this one too */
	if (rx->ring.xsk.frame)
		rx->cost.sync_dev_bytes += n;
}

/* XDP_PASS: the frame, metadata included, copied into a new skb.
 * Return: the skb, or NULL.
 */
static struct sk_buff *lan743x_xsk_skb(struct lan743x_rx *rx,
				       const struct xdp_buff *xdp)
{
	u32 len = xdp->data_end - xdp->data_meta;
	u32 meta = xdp->data - xdp->data_meta;
	struct sk_buff *skb;

	skb = napi_alloc_skb(&rx->napi, len);
	if (unlikely(!skb)) {
		rx->cost.buf_alloc_fail++;
		return NULL;
	}
	rx->cost.buf_alloc++;
	skb_put_data(skb, xdp->data_meta, len);
	if (meta) {
		__skb_pull(skb, meta);
		skb_metadata_set(skb, meta);
	}
	return skb;
}

/* XDP_PASS: a copy of the frame for the stack, the buffer kept.
 * Return: the skb, or NULL (dropped and counted).
 */
static struct sk_buff *lan743x_xsk_pass(struct lan743x_rx *rx,
					struct lan743x_rx_slot *slot,
					const struct xdp_buff *xdp, u32 wire,
					struct lan743x_rx_frames *b)
{
	struct sk_buff *skb = lan743x_xsk_skb(rx, xdp);

	lan743x_xsk_reuse(rx, slot, xdp, wire);
	if (unlikely(!skb)) {
		b->drop_alloc_fail++;
		b->dropped++;
		return NULL;
	}
	b->xdp_pass++;
	return skb;
}

/* The @len bytes received in @slot's buffer as the program sees them,
 * synced for the CPU by the pool.  Return: the frame.
 */
static struct xdp_buff *lan743x_xsk_frame(struct lan743x_rx *rx,
					  struct lan743x_rx_slot *slot,
					  u32 len)
{
	struct xdp_buff *xdp = slot->buf;

	/* where the device wrote it, after XDP's headroom and the RX pad */
	xdp->data = xdp->data_hard_start + XDP_PACKET_HEADROOM + rx->pad;
	xdp->data_meta = xdp->data;
	xdp->data_end = xdp->data + len;
	xsk_buff_dma_sync_for_cpu(xdp);
	rx->cost.sync_cpu_bytes += rx->ring.xsk.frame;
#ifdef LAN743X_HAVE_XSK_CB
	/* what the RX metadata ops read, after the pool's xdp_buff */
	XSK_CHECK_PRIV_TYPE(struct lan743x_xdp_buff);
	container_of(xdp, struct lan743x_xdp_buff, xdp)->rx = rx;
	container_of(xdp, struct lan743x_xdp_buff, xdp)->ls =
		slot - rx->ring.slots;
#endif
	return xdp;
}

/* XDP_TX: a copy of the frame goes out (the buffer back to the pool, a
 * new one into @slot).  Return: 0; -ENOMEM with the buffer still in
 * @slot (no copy); -ENOSPC with it gone and a new one there.
 */
static int lan743x_xsk_tx(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			  struct xdp_buff *xdp)
{
	struct xdp_frame *f = xdp_convert_buff_to_frame(xdp);

	if (unlikely(!f))
		return -ENOMEM;
	lan743x_xsk_refill(rx, slot, GFP_ATOMIC);
	if (likely(!lan743x_tx_xdp_tx_frame(&rx->adapter->tx[0], f)))
		return 0;
	xdp_return_frame(f);
	return -ENOSPC;
}

/**
 * lan743x_xsk_run() - a whole frame of a ring bound to an AF_XDP pool
 *	through the ring's program (the policy's xdp_run)
 * @rx: the ring's channel
 * @prog: the program
 * @slot: the frame's buffer
 * @wire: bytes the device wrote after the RX pad
 * @len: bytes of the frame (FCS excluded)
 * @b: the poll's frame counters
 *
 * Context: the channel's NAPI.
 *
 * Return: the skb of a frame the program passed, or NULL (gone, or dropped
 * and counted).
 */
struct sk_buff *lan743x_xsk_run(struct lan743x_rx *rx, struct bpf_prog *prog,
				struct lan743x_rx_slot *slot, u32 wire, u32 len,
				struct lan743x_rx_frames *b)
{
	struct net_device *netdev = rx->adapter->netdev;
	struct xdp_buff *xdp;
	u32 act;
	int ret;

	if (unlikely(slot->buf == rx->ring.xsk.scratch)) {
		/* the fill ring had no buffer for it: dropped, and a
		 * buffer of the pool for the next frame if there is one now
		 */
		lan743x_xsk_refill(rx, slot, GFP_ATOMIC);
		b->drop_alloc_fail++;
		b->dropped++;
		return NULL;
	}
	xdp = lan743x_xsk_frame(rx, slot, len);
	act = bpf_prog_run_xdp(prog, xdp);
	if (act != XDP_PASS)
		b->xdp_bytes += len;

	switch (act) {
	case XDP_REDIRECT:
		/* the buffer leaves the ring: a new one takes its slot */
		lan743x_xsk_refill(rx, slot, GFP_ATOMIC);
		if (likely(!xdp_do_redirect(netdev, xdp, prog))) {
			b->xdp_redirect++;
			return NULL;
		}
		xsk_buff_free(xdp);
		break;
	case XDP_PASS:
		return lan743x_xsk_pass(rx, slot, xdp, wire, b);
	case XDP_DROP:
		lan743x_xsk_reuse(rx, slot, xdp, wire);
		b->xdp_drop++;
		return NULL;
	case XDP_TX:
		ret = lan743x_xsk_tx(rx, slot, xdp);
		if (likely(!ret)) {
			b->xdp_tx++;
			return NULL;
		}
		if (ret == -ENOMEM)
			lan743x_xsk_reuse(rx, slot, xdp, wire);
		break;
	default:
		bpf_warn_invalid_xdp_action(netdev, prog, act);
		fallthrough;
	case XDP_ABORTED:
		lan743x_xsk_reuse(rx, slot, xdp, wire);
		break;
	}
	trace_xdp_exception(netdev, prog, act);
	b->xdp_errors++;
	return NULL;
}

const struct lan743x_rx_buf_ops lan743x_xsk_ops = {
	.name		= "xsk",
	/* buffers are UMEM chunks: a new MTU needs a new ring */
	.resizable	= false,
	.xdp		= true,
	.ring_alloc	= lan743x_xsk_ring_alloc,
	.ring_free	= lan743x_xsk_ring_free,
	.refill		= lan743x_xsk_refill,
	.release	= lan743x_xsk_release,
	.xdp_run	= lan743x_xsk_run,
};

/* Bind @pool to queue @qid: mapped, then (a program attached) the queue's
 * new ring swapped in, then its TX sent.  On failure nothing changed.
 */
static int lan743x_xsk_enable(struct lan743x_adapter *adapter,
			      struct xsk_buff_pool *pool, u16 qid,
			      struct netlink_ext_ack *extack)
{
	struct net_device *netdev = adapter->netdev;
	struct lan743x_rx_params p = adapter->rxp;
	int ret;

	if (p.xsk_pool[qid]) {
		NL_SET_ERR_MSG_MOD(extack, "an AF_XDP pool is bound to this queue");
		return -EBUSY;
	}
	p.xsk_pool[qid] = pool;
	ret = lan743x_xdp_check(netdev, &p, netdev->mtu, extack);
	if (ret)
		return ret;
	ret = xsk_pool_dma_map(pool, &adapter->pdev->dev, 0);
	if (ret) {
		NL_SET_ERR_MSG_MOD(extack, "cannot map the UMEM for the device");
		return ret;
	}
	if (p.xdp_prog)
		ret = lan743x_rx_reconfigure_ch(adapter, qid, &p, extack);
	else
		adapter->rxp = p;
	if (ret) {
		/* the old ring runs again, or the channel is down: either
		 * way no ring holds the pool
		 */
		adapter->rxp.xsk_pool[qid] = NULL;
		xsk_pool_dma_unmap(pool, 0);
		return ret;
	}
	WRITE_ONCE(adapter->xsk_tx[qid], pool);
	return 0;
}

/* Unbind queue @qid's pool: its TX stopped and drained, the queue's ring
 * swapped back (a channel whose ring cannot leave the pool is stopped),
 * the UMEM unmapped.
 */
static int lan743x_xsk_disable(struct lan743x_adapter *adapter, u16 qid)
{
	struct xsk_buff_pool *pool = adapter->rxp.xsk_pool[qid];
	struct lan743x_rx *rx = &adapter->rx[qid];
	struct lan743x_rx_params p;

	if (!pool)
		return 0;
	WRITE_ONCE(adapter->xsk_tx[qid], NULL);
	lan743x_tx_xsk_drain(&adapter->tx[0], pool);
	p = adapter->rxp;
	p.xsk_pool[qid] = NULL;
	/* no program (or the interface down): no ring holds the pool */
	if (rx->running && rx->ring.xsk_pool == pool &&
	    lan743x_rx_reconfigure_ch(adapter, qid, &p, NULL) &&
	    rx->ring.xsk_pool == pool) {
		netdev_err(adapter->netdev,
			   "RX queue %u stopped: its ring could not leave the AF_XDP pool\n",
			   qid);
		lan743x_rx_close(rx);
	}
	adapter->rxp = p;
	xsk_pool_dma_unmap(pool, 0);
	return 0;
}

/**
 * lan743x_xsk_pool_setup() - XDP_SETUP_XSK_POOL: bind or unbind a pool
 * @adapter: adapter
 * @pool: the pool of an AF_XDP zero-copy socket; NULL: unbind
 * @qid: the queue
 * @extack: why a bind was refused
 *
 * Context: rtnl held.
 *
 * Return: 0, or a negative errno with nothing changed.
 */
int lan743x_xsk_pool_setup(struct lan743x_adapter *adapter,
			   struct xsk_buff_pool *pool, u16 qid,
			   struct netlink_ext_ack *extack)
{
	if (qid >= LAN743X_NUM_RX) {
		NL_SET_ERR_MSG_MOD(extack, "no such RX queue");
		return -EINVAL;
	}
	if (pool)
		return lan743x_xsk_enable(adapter, pool, qid, extack);
	return lan743x_xsk_disable(adapter, qid);
}

/* Run @napi soon, or once more if it is running */
static void lan743x_xsk_kick(struct napi_struct *napi)
{
	if (napi_if_scheduled_mark_missed(napi))
		return;
	local_bh_disable();
	napi_schedule(napi);
	local_bh_enable();
}

/**
 * lan743x_xsk_wakeup() - ndo_xsk_wakeup: user space queued frames to send
 *	(XDP_WAKEUP_TX) or buffers to fill (XDP_WAKEUP_RX)
 * @netdev: our device
 * @qid: the socket's queue
 * @flags: XDP_WAKEUP_*
 *
 * Return: 0, -ENETDOWN, or -ENXIO if no pool is bound to @qid.
 */
int lan743x_xsk_wakeup(struct net_device *netdev, u32 qid, u32 flags)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	if (!netif_running(netdev) || !adapter->hw_up)
		return -ENETDOWN;
	if (qid >= LAN743X_NUM_RX || !READ_ONCE(adapter->xsk_tx[qid]))
		return -ENXIO;
	if (flags & XDP_WAKEUP_TX)
		lan743x_xsk_kick(&adapter->tx[0].napi);
	if (flags & XDP_WAKEUP_RX)
		lan743x_xsk_kick(&adapter->rx[qid].napi);
	return 0;
}
#endif

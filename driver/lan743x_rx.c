// SPDX-License-Identifier: GPL-2.0
/* RX rings of the LAN743x: descriptor ring, DMA channel, NAPI.
 *
 * Buffer handling is delegated to the ring's buffer policy (ring.ops); this
 * file only walks descriptors, assembles FS..LS chains and talks to the
 * chip.  Frame length rules: FRAME_LENGTH, valid on the LS descriptor,
 * counts the frame including its 4-byte FCS and excluding the RX pad; the
 * pad sits at the start of a frame's first buffer only.
 */

#include <linux/bpf.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/indirect_call_wrapper.h>
#include <linux/skbuff.h>
#include <linux/spinlock.h>

#include "lan743x_hw.h"

/* Add the counter block @src to @dst, @size bytes of u64 counters each */
static void lan743x_rx_add_counters(void *dst, const void *src, size_t size)
{
	const u64 *from = src;
	u64 *to = dst;

	/* the counter structs hold u64 counters and nothing else */
	BUILD_BUG_ON(sizeof(struct lan743x_rx_frames) % sizeof(u64) ||
		     sizeof(struct lan743x_rx_cost) % sizeof(u64));
	for (; size >= sizeof(u64); size -= sizeof(u64), to++, from++)
		*to += *from;
}

/* Move a pending counter into the ring's @to, inside its u64_stats update:
 * most of a poll's counters do not move, and on a 32-bit CPU the test of
 * one that did not is a load and a branch where an add is four loads and
 * stores (and clearing it two stores more).
 */
static void lan743x_rx_move(u64 *to, u64 *from)
{
	if (*from) {
		*to += *from;
		*from = 0;
	}
}

/* Move the pending cost counters (rx->cost) into the ring's, inside its
 * u64_stats update; NAPI context or NAPI disabled.
 */
static inline void lan743x_rx_move_cost(struct lan743x_rx *rx)
{
	struct lan743x_rx_cost *c = &rx->stats.cost;
	struct lan743x_rx_cost *p = &rx->cost;

	/* a counter added to the struct is moved here too */
	BUILD_BUG_ON(sizeof(*c) != 7 * sizeof(u64));
	lan743x_rx_move(&c->sync_cpu_bytes, &p->sync_cpu_bytes);
	lan743x_rx_move(&c->sync_dev_bytes, &p->sync_dev_bytes);
	lan743x_rx_move(&c->map_ops, &p->map_ops);
	lan743x_rx_move(&c->unmap_ops, &p->unmap_ops);
	lan743x_rx_move(&c->buf_alloc, &p->buf_alloc);
	lan743x_rx_move(&c->buf_alloc_fail, &p->buf_alloc_fail);
	lan743x_rx_move(&c->pp_recycled, &p->pp_recycled);
}

/* Largest frame the MAC can be set to accept, RX pad included */
#define LAN743X_RX_MAX_WIRE	(NET_IP_ALIGN + VLAN_ETH_HLEN + \
				 LAN743X_MAX_MTU + ETH_FCS_LEN)
/* Legacy buffers: one size for every MTU the MAC accepts (about 9 KiB) */
#define LAN743X_RX_LEGACY_LEN	LAN743X_RX_MAX_WIRE

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
 * lan743x_rx_buf_len_fits() - can buffers of @len bytes hold any frame
 * @len: buffer length (rx-buf-len)
 * @mtu: the MTU
 *
 * A frame may span the head buffer plus MAX_SKB_FRAGS fragments.
 *
 * Return: true if the largest frame @mtu allows fits in that many buffers.
 */
bool lan743x_rx_buf_len_fits(u32 len, unsigned int mtu)
{
	return (MAX_SKB_FRAGS + 1) * (len - NET_IP_ALIGN) >=
	       NET_IP_ALIGN + VLAN_ETH_HLEN + mtu + ETH_FCS_LEN - NET_IP_ALIGN;
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
	rx->ring.size = LAN743X_RX_RING_SIZE;
	rx->ring.size_mask = rx->ring.size - 1;
	rx->pad = NET_IP_ALIGN;
	rx->tail_reg = lan743x_hw_rx_tail_reg(adapter, ch);
	rx->ring.ops = &lan743x_rx_mtu_ops;
	rx->ring.dropping = LAN743X_RX_KEEP;
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
	if (!rx->ring.fixed_len)
		WRITE_ONCE(rx->ring.buf_len, lan743x_rx_buf_len(mtu));
}

/**
 * lan743x_rx_set_csum() - trust (or not) the chip's checksum status
 * @rx: ring
 * @enable: NETIF_F_RXCSUM is on
 */
void lan743x_rx_set_csum(struct lan743x_rx *rx, bool enable)
{
	WRITE_ONCE(rx->ring.csum, enable);
}

static inline void lan743x_rx_arm(struct lan743x_rx *rx, u32 idx)
{
	struct lan743x_rx_slot *slot = &rx->ring.slots[idx];
	struct lan743x_desc *desc = &rx->ring.desc[idx];

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

#ifdef LAN743X_HAVE_XDP_FRAGS
/* A frame is being assembled: in an skb, or for a multi-buffer program */
static bool lan743x_rx_busy(const struct lan743x_rx *rx)
{
	return rx->ring.skb || rx->ring.xdp_chain;
}

/* The ring's program takes frames of several buffers (xdp.frags), and
 * the core runs it (a policy that runs XDP itself takes whole frames of
 * one buffer only)
 */
static bool lan743x_rx_xdp_frags(const struct lan743x_rx *rx)
{
	return !rx->ring.ops->xdp_run &&
	       READ_ONCE(rx->ring.xdp_prog)->aux->xdp_has_frags;
}

/* A page of a multi-buffer frame goes back to the pool, which syncs for
 * the device the @touched bytes of its device part; a refill counted a
 * whole buffer when it handed the page out: take the difference off.
 */
static void lan743x_rx_xdp_put_page(struct lan743x_rx *rx, struct page *page,
				    u32 touched, bool direct)
{
	page_pool_put_page(rx->ring.pool, page, touched, direct);
	rx->cost.sync_dev_bytes -= rx->ring.buf_len - touched;
}

/* Every page of the frame in rx->ring.xdp goes back to the pool, each
 * synced for the device by its rx->ring.xdp_synced[] bytes.
 */
static void lan743x_rx_xdp_put(struct lan743x_rx *rx, bool direct)
{
	struct xdp_buff *xdp = &rx->ring.xdp.xdp;
	struct skb_shared_info *sinfo;
	u32 i, n;

	sinfo = xdp_get_shared_info_from_buff(xdp);
	n = lan743x_xdp_nr_frags(xdp);
	for (i = 0; i < n; i++)
		lan743x_rx_xdp_put_page(rx, skb_frag_page(&sinfo->frags[i]),
					rx->ring.xdp_synced[i + 1], direct);
	lan743x_rx_xdp_put_page(rx, virt_to_head_page(xdp->data_hard_start),
				rx->ring.xdp_synced[0], direct);
	rx->ring.xdp_chain = false;
}

/* Drop the frame being assembled for a multi-buffer program, if any */
static void lan743x_rx_xdp_chain_free(struct lan743x_rx *rx, bool direct)
{
	if (rx->ring.xdp_chain)
		lan743x_rx_xdp_put(rx, direct);
}
#else
static bool lan743x_rx_busy(const struct lan743x_rx *rx)
{
	return rx->ring.skb;
}

static bool lan743x_rx_xdp_frags(const struct lan743x_rx *rx)
{
	return false;
}

static void lan743x_rx_xdp_chain_free(struct lan743x_rx *rx, bool direct)
{
}
#endif

static void lan743x_rx_free_buffers(struct lan743x_rx *rx)
{
	u32 i;

	if (rx->ring.skb) {
		dev_kfree_skb_any(rx->ring.skb);
		rx->ring.skb = NULL;
	}
	dev_kfree_skb_any(rx->ring.ts_skb);
	rx->ring.ts_skb = NULL;
	lan743x_rx_xdp_chain_free(rx, false);
	for (i = 0; i < rx->ring.size; i++)
		rx->ring.ops->release(rx, &rx->ring.slots[i]);
}

static int lan743x_rx_fill(struct lan743x_rx *rx)
{
	int ret;
	u32 i;

	for (i = 0; i < rx->ring.size; i++) {
		ret = lan743x_fail_ring_alloc(rx->adapter) ? -ENOMEM :
		      rx->ring.ops->refill(rx, &rx->ring.slots[i], GFP_KERNEL);
		if (ret) {
			rx->cost.buf_alloc_fail++;
			return ret;
		}
		lan743x_rx_arm(rx, i);
	}
	return 0;
}

/* An interrupt that fired while NAPI was disabled was lost, and on B0 it
 * left its vector auto-disabled: one poll re-arms the interrupt the way
 * every poll does when it completes.
 */
static void lan743x_rx_kick(struct lan743x_rx *rx)
{
	local_bh_disable();
	napi_schedule(&rx->napi);
	local_bh_enable();
}

/* Untie @r's ring from its channel's NAPI before its policy state goes (a
 * page pool must leave the NAPI it recycles in while that NAPI is
 * disabled): the channel's own ring is stopped by then; a spare, built
 * while the channel runs, pauses the channel's NAPI for the moment.
 */
static void lan743x_rx_ring_unlink(struct lan743x_rx *r)
{
	struct lan743x_rx *rx = &r->adapter->rx[r->ch];
	bool pause = rx->running;

	if (!r->ring.napi_linked)
		return;
	if (pause)
		napi_disable(&rx->napi);
	r->ring.ops->ring_stop(r);
	r->ring.napi_linked = false;
	if (pause) {
		napi_enable(&rx->napi);
		lan743x_rx_kick(rx);
	}
}

/* A ring built for XDP is an XDP receive queue of the device: registered
 * before its policy registers its page_pool as the queue's memory, and
 * unregistered (that memory with it) before the policy destroys the pool.
 */
static int lan743x_rx_xdp_reg(struct lan743x_rx *rx)
{
#ifdef LAN743X_HAVE_XDP
	struct lan743x_adapter *adapter = rx->adapter;

	if (!rx->ring.xdp_prog)
		return 0;
#ifdef LAN743X_HAVE_XDP_FRAGS
	/* every buffer has a page: fragments may grow to its end */
	return __xdp_rxq_info_reg(&rx->ring.xdp_rxq, adapter->netdev, rx->ch,
				  adapter->rx[rx->ch].napi.napi_id, PAGE_SIZE);
#else
	return xdp_rxq_info_reg(&rx->ring.xdp_rxq, adapter->netdev, rx->ch,
				adapter->rx[rx->ch].napi.napi_id);
#endif
#else
	return 0;
#endif
}

static void lan743x_rx_xdp_unreg(struct lan743x_rx *rx)
{
#ifdef LAN743X_HAVE_XDP
	if (xdp_rxq_info_is_reg(&rx->ring.xdp_rxq))
		xdp_rxq_info_unreg(&rx->ring.xdp_rxq);
#endif
}

static int lan743x_rx_ring_alloc(struct lan743x_rx *rx)
{
	struct device *dev = &rx->adapter->pdev->dev;
	struct lan743x_rx_ring *ring = &rx->ring;
	int ret;

	if (lan743x_fail_ring_alloc(rx->adapter))
		return -ENOMEM;
	ring->bytes = ring->size * sizeof(*ring->desc) + sizeof(*ring->head_wb);
	ring->desc = dma_alloc_coherent(dev, ring->bytes, &ring->dma,
					GFP_KERNEL);
	if (!ring->desc)
		return -ENOMEM;
	ring->head_wb = (__le32 *)&ring->desc[ring->size];

	ring->slots = kcalloc(ring->size, sizeof(*ring->slots), GFP_KERNEL);
	if (!ring->slots) {
		ret = -ENOMEM;
		goto free_desc;
	}

	ret = lan743x_fail_ring_alloc(rx->adapter) ? -ENOMEM :
	      lan743x_rx_xdp_reg(rx);
	if (ret)
		goto free_slots;
	if (ring->ops->ring_alloc)
		ret = ring->ops->ring_alloc(rx);
	if (ret)
		goto unreg_xdp;
	ring->napi_linked = !!ring->ops->ring_stop;

	ret = lan743x_rx_fill(rx);
	if (ret)
		goto free_buffers;
	return 0;

free_buffers:
	lan743x_rx_free_buffers(rx);
	lan743x_rx_ring_unlink(rx);
	lan743x_rx_xdp_unreg(rx);
	if (ring->ops->ring_free)
		ring->ops->ring_free(rx);
	goto free_slots;
unreg_xdp:
	lan743x_rx_xdp_unreg(rx);
free_slots:
	kfree(ring->slots);
	ring->slots = NULL;
free_desc:
	dma_free_coherent(dev, ring->bytes, ring->desc, ring->dma);
	ring->desc = NULL;
	return ret;
}

static void lan743x_rx_ring_free(struct lan743x_rx *rx)
{
	struct lan743x_rx_ring *ring = &rx->ring;

	if (!ring->desc)
		return;
	lan743x_rx_free_buffers(rx);
	lan743x_rx_ring_unlink(rx);
	lan743x_rx_xdp_unreg(rx);
	if (ring->ops->ring_free)
		ring->ops->ring_free(rx);
	kfree(ring->slots);
	ring->slots = NULL;
	dma_free_coherent(&rx->adapter->pdev->dev, ring->bytes, ring->desc,
			  ring->dma);
	ring->desc = NULL;
}

static int lan743x_rx_hw_start(struct lan743x_rx *rx)
{
	struct lan743x_adapter *adapter = rx->adapter;
	u8 ch = rx->ch;
	int ret;

	ret = lan743x_hw_rx_reset(adapter, ch);
	if (ret)
		return ret;

	*rx->ring.head_wb = 0;
	lan743x_hw_rx_config(adapter, ch, rx->ring.dma, rx->ring.size, rx->pad);
	rx->next = 0;
	/* what the RX metadata ops read: the channel the ring runs on now */
	rx->ring.xdp.rx = rx;
	rx->tail = rx->ring.size - 1;
	/* Every descriptor is armed: hand the whole ring over.  On B0 the
	 * same write re-enables the vector, which the chip may have
	 * auto-cleared for a poll that NAPI disable cut short.
	 */
	lan743x_hw_rx_doorbell(rx, rx->rearm_flags);
	if (lan743x_hw_rx_head(adapter, ch))
		return -EIO;

	napi_enable(&rx->napi);
	rx->running = true;
	lan743x_hw_rx_start(adapter, ch);
	return 0;
}

/* Stop the channel and its NAPI, if they run: a restart that failed left
 * them stopped, and napi_disable() twice would wait forever.  A channel
 * that does not stop is reset or fenced off the bus before its buffers go.
 */
static void lan743x_rx_halt(struct lan743x_rx *rx)
{
	if (!rx->running)
		return;
	lan743x_hw_rx_stop(rx->adapter, rx->ch);
	napi_disable(&rx->napi);
	rx->running = false;
}

/* Bind a buffer policy to a ring; done once per ring setup, never per packet.
 * Every policy must provide the datapath operations.
 */
static int lan743x_rx_set_buf_ops(struct lan743x_rx *rx,
				  const struct lan743x_rx_buf_ops *ops)
{
	if (!ops->refill || !ops->release) {
		netdev_err(rx->adapter->netdev,
			   "RX buffer policy %s is incomplete\n", ops->name);
		return -EINVAL;
	}
	rx->ring.ops = ops;
	return 0;
}

static const struct lan743x_rx_buf_ops *
lan743x_rx_policy(const struct lan743x_rx_params *p)
{
	return p->page_pool ? &lan743x_rx_pp_ops : &lan743x_rx_mtu_ops;
}

#ifdef LAN743X_HAVE_XDP
static struct sk_buff *lan743x_rx_xdp(struct lan743x_rx *rx,
				      struct bpf_prog *prog,
				      struct lan743x_rx_slot *slot, u32 wire,
				      u32 len, struct lan743x_rx_frames *b);

/* The policy of channel @ch's ring: with a program attached, a queue an
 * AF_XDP zero-copy socket is bound to takes its buffers from the
 * socket's pool, the page_pool policy's ring for XDP otherwise.
 */
static const struct lan743x_rx_buf_ops *
lan743x_rx_ch_policy(const struct lan743x_rx_params *p, u8 ch)
{
#ifdef LAN743X_HAVE_XSK_POOL
	if (p->xdp_prog && p->xsk_pool[ch] && p->page_pool && p->mtu_buffers)
		return &lan743x_xsk_ops;
#endif
	return lan743x_rx_policy(p);
}
#else
static const struct lan743x_rx_buf_ops *
lan743x_rx_ch_policy(const struct lan743x_rx_params *p, u8 ch)
{
	return lan743x_rx_policy(p);
}
#endif

/* Cache the policy in the ring: buffer length, sync mode, copybreak and the
 * buffer backend.  Also used on the spare rings of a reconfiguration.
 */
static int lan743x_rx_setup(struct lan743x_rx *rx,
			    const struct lan743x_rx_params *p, unsigned int mtu)
{
	const struct lan743x_rx_buf_ops *ops = lan743x_rx_ch_policy(p, rx->ch);
	struct lan743x_adapter *adapter = rx->adapter;

	rx->ring.size = p->rx_ring_size;
	rx->ring.size_mask = rx->ring.size - 1;
	rx->ring.partial_sync = p->partial_sync;
	rx->ring.copybreak = p->copybreak;
	rx->ring.fixed_len = p->buf_len || !p->mtu_buffers || !ops->resizable;
	if (p->buf_len)
		rx->ring.buf_len = p->buf_len;
	else if (!p->mtu_buffers)
		rx->ring.buf_len = LAN743X_RX_LEGACY_LEN;
	else
		rx->ring.buf_len = lan743x_rx_buf_len(mtu);
	rx->ring.csum = !!(adapter->netdev->features & NETIF_F_RXCSUM);
	rx->ring.xdp_prog = ops->xdp ? p->xdp_prog : NULL;
	rx->ring.headroom = rx->ring.xdp_prog ? XDP_PACKET_HEADROOM :
			    LAN743X_RX_HEADROOM;
#ifdef LAN743X_HAVE_XDP
	/* a page per buffer: larger frames take several (xdp.frags) */
	if (rx->ring.xdp_prog)
		rx->ring.buf_len = min(rx->ring.buf_len, lan743x_xdp_buf_len_max());
	rx->ring.xdp_run = ops->xdp_run ?: lan743x_rx_xdp;
#endif
#ifdef LAN743X_HAVE_XSK_POOL
	/* a frame in one buffer of the pool, whatever rx-buf-len says */
	rx->ring.xsk_pool = ops == &lan743x_xsk_ops ? p->xsk_pool[rx->ch] : NULL;
	if (rx->ring.xsk_pool)
		rx->ring.buf_len = min(lan743x_rx_buf_len(mtu),
				       xsk_pool_get_rx_frame_size(rx->ring.xsk_pool));
#endif
	return lan743x_rx_set_buf_ops(rx, ops);
}

/* Move the pending cost counters into the ring's counters; NAPI context or
 * NAPI disabled.
 */
static void lan743x_rx_commit_cost(struct lan743x_rx *rx)
{
	u64_stats_update_begin(&rx->stats.syncp);
	lan743x_rx_move_cost(rx);
	u64_stats_update_end(&rx->stats.syncp);
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

	ret = lan743x_rx_setup(rx, &adapter->rxp, adapter->netdev->mtu);
	if (ret)
		return ret;
	rx->ring.skb = NULL;
	rx->ring.dropping = LAN743X_RX_KEEP;
	lan743x_hw_rx_irq_model(rx);

	ret = lan743x_rx_ring_alloc(rx);
	lan743x_rx_commit_cost(rx);
	if (ret)
		return ret;

	ret = lan743x_rx_hw_start(rx);
	if (ret)
		goto free_ring;
	return 0;

free_ring:
	lan743x_rx_ring_free(rx);
	lan743x_rx_commit_cost(rx);
	return ret;
}

/**
 * lan743x_rx_close() - stop an RX ring and free everything it holds
 * @rx: ring opened by lan743x_rx_open()
 */
void lan743x_rx_close(struct lan743x_rx *rx)
{
	lan743x_rx_halt(rx);
	lan743x_rx_ring_free(rx);
	lan743x_rx_commit_cost(rx);
}

/* Drop the frame being assembled; @why counts unless a reason was recorded
 * when the drop began.
 */
static void lan743x_rx_drop_frame(struct lan743x_rx *rx, u8 why,
				  struct lan743x_rx_frames *b)
{
	if (rx->ring.skb) {
		napi_consume_skb(rx->ring.skb, 1);
		rx->ring.skb = NULL;
	}
	lan743x_rx_xdp_chain_free(rx, true);
	if (rx->ring.dropping != LAN743X_RX_KEEP)
		why = rx->ring.dropping;
	if (why == LAN743X_RX_DROP_ALLOC)
		b->drop_alloc_fail++;
	else if (why == LAN743X_RX_DROP_OVERSIZE)
		b->drop_oversize++;
	else
		b->drop_bad_desc++;
	rx->ring.dropping = LAN743X_RX_KEEP;
	b->dropped++;
}

static void lan743x_rx_csum(struct lan743x_rx *rx, struct sk_buff *skb,
			    u32 data1, struct lan743x_rx_frames *b)
{
	const u32 bad = RX_DESC_DATA1_STATUS_ICE_ | RX_DESC_DATA1_STATUS_TCE_ |
			RX_DESC_DATA1_STATUS_ICSM_;

	if (READ_ONCE(rx->ring.csum) && !(data1 & bad)) {
		skb->ip_summed = CHECKSUM_UNNECESSARY;
		b->csum_unnecessary++;
	} else {
		b->csum_none++;
	}
}

/* Pass a complete frame up, @data0 and @data1 being its LS descriptor's
 * status; one whose RX timestamp follows in an extension descriptor waits
 * for it.
 */
static void lan743x_rx_deliver(struct lan743x_rx *rx, struct sk_buff *skb,
			       u32 data0, u32 data1,
			       struct lan743x_rx_frames *b)
{
	/* checksum status is on the LS descriptor; it belongs to the head */
	lan743x_rx_csum(rx, skb, data1, b);
	skb_record_rx_queue(skb, rx->ch);
	b->packets++;
	b->bytes += skb->len;
	skb->protocol = eth_type_trans(skb, rx->adapter->netdev);
	if (unlikely(data0 & RX_DESC_DATA0_EXT_))
		lan743x_ptp_rx_hold(rx, skb);
	else
		napi_gro_receive(&rx->napi, skb);
}

/* LS seen on the general path: trim to FRAME_LENGTH - FCS.  Return: the
 * finished frame, or NULL if it was dropped.
 */
static struct sk_buff *lan743x_rx_frame_done(struct lan743x_rx *rx, u32 data0,
					     struct lan743x_rx_frames *b)
{
	u32 flen = FIELD_GET(RX_DESC_DATA0_FRAME_LENGTH_MASK_, data0);
	struct sk_buff *skb = rx->ring.skb;
	u32 len;

	if (rx->ring.dropping || !skb || flen < ETH_HLEN + ETH_FCS_LEN)
		goto drop;
	len = flen - ETH_FCS_LEN;
	if (skb->len < len || pskb_trim(skb, len))
		goto drop;

	rx->ring.skb = NULL;
	if (skb_shinfo(skb)->nr_frags)
		b->multi_buf_frames++;
	return skb;

drop:
	lan743x_rx_drop_frame(rx, LAN743X_RX_DROP_BAD_DESC, b);
	return NULL;
}

/* Hand the first @len bytes of a received buffer to the CPU.  Every
 * policy's buffer is one mapping at slot->dma, so this is not theirs.
 */
static void lan743x_rx_sync_for_cpu(struct lan743x_rx *rx,
				    struct lan743x_rx_slot *slot, u32 len)
{
	dma_sync_single_for_cpu(&rx->adapter->pdev->dev, slot->dma, len,
				DMA_FROM_DEVICE);
	rx->cost.sync_cpu_bytes += len;
}

/* The buffer stays in the ring: give the device back the @synced bytes the
 * CPU was given (even if it only read them) before the descriptor is
 * re-armed.
 */
static void lan743x_rx_reuse(struct lan743x_rx *rx,
			     struct lan743x_rx_slot *slot, u32 synced)
{
	if (!synced)
		return;
	dma_sync_single_for_device(&rx->adapter->pdev->dev, slot->dma, synced,
				   DMA_FROM_DEVICE);
	rx->cost.sync_dev_bytes += synced;
}

/* Bytes of a received buffer to sync for the CPU: those the chip wrote
 * (@wrote, RX pad included) with partial syncs, else the whole buffer.
 */
static u32 lan743x_rx_sync_len(struct lan743x_rx *rx,
			       struct lan743x_rx_slot *slot, u32 wrote)
{
	return rx->ring.partial_sync ? min(wrote, slot->len) : slot->len;
}

/* The buffer in @slot leaves the ring: the policy lets go of it */
static void lan743x_rx_detach(struct lan743x_rx *rx,
			      struct lan743x_rx_slot *slot)
{
	const struct lan743x_rx_buf_ops *ops = rx->ring.ops;

	if (ops->detach)
		INDIRECT_CALL_1(ops->detach, lan743x_rx_mtu_detach, rx, slot);
	slot->buf = NULL;
}

/* The first buffer of a frame, synced for the CPU, becomes the head of its
 * skb.  Return: the skb, or NULL with the buffer still in @slot.
 */
static struct sk_buff *lan743x_rx_build_head(struct lan743x_rx *rx,
					     struct lan743x_rx_slot *slot,
					     u32 pad, u32 len)
{
	struct sk_buff *skb;

	skb = napi_build_skb(slot->buf, slot->truesize);
	if (unlikely(!skb))
		return NULL;
	if (rx->ring.ops->recycle)
		skb_mark_for_recycle(skb);
	lan743x_rx_detach(rx, slot);
	skb_reserve(skb, LAN743X_RX_HEADROOM + pad);
	__skb_put(skb, len);
	return skb;
}

/* A later buffer of a frame, synced for the CPU, becomes a page fragment
 * of its skb as it is: no copy, no linearisation.
 */
static void lan743x_rx_add_frag(struct lan743x_rx *rx, struct sk_buff *skb,
				struct lan743x_rx_slot *slot, u32 len)
{
	void *data = slot->buf + LAN743X_RX_HEADROOM;
	struct page *page = virt_to_head_page(data);
	u32 truesize = slot->truesize;

	lan743x_rx_detach(rx, slot);
	skb_add_rx_frag(skb, skb_shinfo(skb)->nr_frags, page,
			data - page_address(page), len, truesize);
}

/* Hand one received buffer to the frame: a new buffer goes into @slot
 * first, then the received one goes to the skb.  Return: LAN743X_RX_KEEP,
 * or why the frame is dropped (the received buffer then stays in @slot).
 */
static u8 lan743x_rx_take(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			  u32 pad, u32 wire, u32 len)
{
	const struct lan743x_rx_buf_ops *ops = rx->ring.ops;
	struct lan743x_rx_slot *got = &rx->ring.taken;
	struct sk_buff *skb;
	u32 synced;

	if (rx->ring.skb &&
	    skb_shinfo(rx->ring.skb)->nr_frags >= MAX_SKB_FRAGS) {
		lan743x_rx_reuse(rx, slot, 0);
		return LAN743X_RX_DROP_OVERSIZE;
	}
	*got = *slot;
	/* a refill that fails leaves @slot as it was */
	if (INDIRECT_CALL_2(ops->refill, lan743x_rx_pp_refill,
			    lan743x_rx_mtu_refill, rx, slot, GFP_ATOMIC)) {
		rx->cost.buf_alloc_fail++;
		lan743x_rx_reuse(rx, slot, 0);
		return LAN743X_RX_DROP_ALLOC;
	}

	synced = lan743x_rx_sync_len(rx, got, pad + wire);
	lan743x_rx_sync_for_cpu(rx, got, synced);
	if (rx->ring.skb) {
		lan743x_rx_add_frag(rx, rx->ring.skb, got, len);
		return LAN743X_RX_KEEP;
	}
	skb = lan743x_rx_build_head(rx, got, pad, len);
	if (unlikely(!skb)) {
		rx->cost.buf_alloc_fail++;
		ops->release(rx, slot);
		*slot = *got;
		lan743x_rx_reuse(rx, slot, synced);
		return LAN743X_RX_DROP_ALLOC;
	}
	rx->ring.skb = skb;
	return LAN743X_RX_KEEP;
}

/* Copybreak: copy a small single-buffer frame into a new skb and give the
 * buffer straight back to the device, syncing for it only the bytes the
 * CPU was given.  Return: LAN743X_RX_KEEP, or why the frame is dropped.
 */
static u8 lan743x_rx_copy(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			  u32 pad, u32 wire, u32 len,
			  struct lan743x_rx_frames *b)
{
	u32 synced = lan743x_rx_sync_len(rx, slot, pad + wire);
	struct sk_buff *skb;

	lan743x_rx_sync_for_cpu(rx, slot, synced);
	skb = napi_alloc_skb(&rx->napi, len);
	if (unlikely(!skb)) {
		rx->cost.buf_alloc_fail++;
		lan743x_rx_reuse(rx, slot, synced);
		return LAN743X_RX_DROP_ALLOC;
	}
	rx->cost.buf_alloc++;
	skb_put_data(skb, slot->buf + LAN743X_RX_HEADROOM + pad, len);
	lan743x_rx_reuse(rx, slot, synced);
	rx->ring.skb = skb;
	b->copybreak_packets++;
	return LAN743X_RX_KEEP;
}

/* Frames finished in a poll: passed up, dropped, or consumed by XDP */
static u64 lan743x_rx_done(const struct lan743x_rx_frames *b)
{
	return b->packets + b->dropped + lan743x_rx_xdp_done(b);
}

#ifdef LAN743X_HAVE_XDP
/* Bytes of the device's part of a buffer to sync for it again after the
 * program ran: those the CPU was given (@synced) and those up to the
 * frame's end after the program, which may have moved it into the
 * tailroom (bpf_xdp_adjust_tail); never more than the device may write.
 */
static u32 lan743x_rx_xdp_touched(struct lan743x_rx *rx,
				  struct lan743x_rx_slot *slot,
				  const struct xdp_buff *xdp, u32 synced)
{
	long end = (u8 *)xdp->data_end - ((u8 *)slot->buf + rx->ring.headroom);

	return min_t(u32, max_t(long, end, synced), slot->len);
}

/* A page of the pool leaves for XDP_TX or XDP_REDIRECT.  The pool syncs
 * for the device what we say when it takes it back, and a refill counts
 * a whole buffer when it hands it out again: take the difference off now.
 */
static void lan743x_rx_xdp_short_sync(struct lan743x_rx *rx,
				      const struct lan743x_rx_slot *slot,
				      u32 touched)
{
	rx->cost.sync_dev_bytes -= slot->len - touched;
}

/* The frame in @xdp, as the program left it, becomes an skb: its first
 * buffer the head, the others (multi-buffer XDP) page fragments, already
 * in place in the head's skb_shared_info.  Return: the skb, or NULL with
 * every page still the caller's.
 */
static struct sk_buff *lan743x_rx_xdp_skb(struct lan743x_rx *rx,
					  struct xdp_buff *xdp)
{
	u32 meta = xdp->data - xdp->data_meta;
	u32 n = lan743x_xdp_nr_frags(xdp);
	struct sk_buff *skb;
	u32 size = 0;

#ifdef LAN743X_HAVE_XDP_FRAGS
	if (n)
		size = xdp_get_shared_info_from_buff(xdp)->xdp_frags_size;
#endif
	skb = napi_build_skb(xdp->data_hard_start, xdp->frame_sz);
	if (unlikely(!skb))
		return NULL;
	skb_mark_for_recycle(skb);
	skb_reserve(skb, xdp->data - xdp->data_hard_start);
	__skb_put(skb, xdp->data_end - xdp->data);
	if (meta)
		skb_metadata_set(skb, meta);
	if (n) {
		/* building the skb cleared the count, not the fragments */
		skb_shinfo(skb)->nr_frags = n;
		skb->len += size;
		skb->data_len += size;
		skb->truesize += n * rx->ring.pp.truesize;
	}
	return skb;
}

/* XDP_PASS: the buffer, as the program left it, becomes the head of an
 * skb.  Return: the skb, or NULL with the buffer back in @slot.
 */
static struct sk_buff *lan743x_rx_xdp_pass(struct lan743x_rx *rx,
					   struct lan743x_rx_slot *slot,
					   struct xdp_buff *xdp,
					   u32 touched,
					   struct lan743x_rx_frames *b)
{
	struct lan743x_rx_slot got = *slot;
	struct sk_buff *skb;

	if (INDIRECT_CALL_1(rx->ring.ops->refill, lan743x_rx_pp_refill,
			    rx, slot, GFP_ATOMIC))
		goto no_mem;
	skb = lan743x_rx_xdp_skb(rx, xdp);
	if (unlikely(!skb)) {
		rx->ring.ops->release(rx, slot);
		*slot = got;
		goto no_mem;
	}
	lan743x_rx_detach(rx, &got);
	b->xdp_pass++;
	return skb;

no_mem:
	rx->cost.buf_alloc_fail++;
	lan743x_rx_reuse(rx, slot, touched);
	lan743x_rx_drop_frame(rx, LAN743X_RX_DROP_ALLOC, b);
	return NULL;
}

/* A frame redirected to a LAN743x comes back to the pool synced for the
 * device only up to its end (lan743x_tx.c): what the program may have
 * written and then cut off the tail, between its end and @end0 (where
 * its head buffer ended before the program, from the device's part), is
 * given back to the device now.  XDP buffers are page_pool pages.
 */
static void lan743x_rx_xdp_trimmed(struct lan743x_rx *rx,
				   const struct xdp_buff *xdp, u32 end0)
{
	struct page *page = virt_to_head_page(xdp->data_hard_start);
	u8 *start = (u8 *)xdp->data_hard_start + rx->ring.headroom;
	long end = (u8 *)xdp->data_end - start;
	dma_addr_t dma;

	/* signed: a frame moved wholly into the headroom ends below 0 */
	if (likely(end >= (long)end0))
		return;
	end = max(end, 0L);
	dma = page_pool_get_dma_addr(page) + (start - (u8 *)page_address(page));
	dma_sync_single_for_device(&rx->adapter->pdev->dev, dma + end,
				   end0 - end, DMA_FROM_DEVICE);
	rx->cost.sync_dev_bytes += end0 - end;
}

/* XDP_TX and XDP_REDIRECT: the buffer leaves the ring, a new one takes its
 * place first.  Return: true if the frame went; false if it was dropped,
 * its page back in the pool (or in @slot if there was no new one).
 */
static bool lan743x_rx_xdp_out(struct lan743x_rx *rx, struct bpf_prog *prog,
			       u32 act, struct lan743x_rx_slot *slot,
			       struct xdp_buff *xdp, u32 touched,
			       struct lan743x_rx_frames *b)
{
	struct net_device *netdev = rx->adapter->netdev;
	struct lan743x_rx_slot got = *slot;
	struct page *page;
	int ret;

	if (INDIRECT_CALL_1(rx->ring.ops->refill, lan743x_rx_pp_refill,
			    rx, slot, GFP_ATOMIC)) {
		rx->cost.buf_alloc_fail++;
		lan743x_rx_reuse(rx, slot, touched);
		lan743x_rx_drop_frame(rx, LAN743X_RX_DROP_ALLOC, b);
		return false;
	}
	page = virt_to_head_page(got.buf);
	if (act == XDP_TX)
		ret = lan743x_tx_xdp_tx(&rx->adapter->tx[0], rx->ring.pool, xdp,
					&touched);
	else
		ret = xdp_do_redirect(netdev, xdp, prog);
	/* a page redirected counts whole here (a return through our own
	 * TX channel takes off what it did not sync), the others not
	 */
	if (act == XDP_TX || ret)
		lan743x_rx_xdp_short_sync(rx, &got, touched);
	if (likely(!ret))
		return true;
	page_pool_put_page(rx->ring.pool, page, touched, true);
	trace_xdp_exception(netdev, prog, act);
	b->xdp_errors++;
	return false;
}

/* A whole frame of @len bytes (FCS excluded), @wire bytes written after
 * the RX pad, through the ring's XDP program.  Return: the skb of a frame
 * the program passed, or NULL (gone, or dropped and counted).
 */
static struct sk_buff *lan743x_rx_xdp(struct lan743x_rx *rx,
				      struct bpf_prog *prog,
				      struct lan743x_rx_slot *slot, u32 wire,
				      u32 len, struct lan743x_rx_frames *b)
{
	u32 synced = lan743x_rx_sync_len(rx, slot, rx->pad + wire);
	struct lan743x_xdp_buff xb;
	struct xdp_buff *xdp;
	u32 act, touched;

	lan743x_rx_sync_for_cpu(rx, slot, synced);
	xdp = &xb.xdp;
	xdp_init_buff(xdp, slot->truesize, &rx->ring.xdp_rxq);
	xdp_prepare_buff(xdp, slot->buf, rx->ring.headroom + rx->pad, len,
			 true);
	xb.rx = rx;
	xb.ls = slot - rx->ring.slots;
	act = bpf_prog_run_xdp(prog, xdp);
	touched = lan743x_rx_xdp_touched(rx, slot, xdp, synced);
	if (act != XDP_PASS)
		b->xdp_bytes += len;

	switch (act) {
	case XDP_PASS:
		return lan743x_rx_xdp_pass(rx, slot, xdp, touched, b);
	case XDP_DROP:
		/* the buffer never leaves the ring */
		lan743x_rx_reuse(rx, slot, touched);
		b->xdp_drop++;
		return NULL;
	case XDP_TX:
		if (lan743x_rx_xdp_out(rx, prog, act, slot, xdp, touched, b))
			b->xdp_tx++;
		return NULL;
	case XDP_REDIRECT:
		lan743x_rx_xdp_trimmed(rx, xdp, rx->pad + len);
		if (lan743x_rx_xdp_out(rx, prog, act, slot, xdp, touched, b))
			b->xdp_redirect++;
		return NULL;
	default:
		bpf_warn_invalid_xdp_action(rx->adapter->netdev, prog, act);
		fallthrough;
	case XDP_ABORTED:
		trace_xdp_exception(rx->adapter->netdev, prog, act);
		lan743x_rx_reuse(rx, slot, touched);
		b->xdp_errors++;
		return NULL;
	}
}

/* The ring's program on a whole frame of one buffer, run by the core or
 * by the policy whose buffers these are (bound when the ring was built)
 */
static inline struct sk_buff *
lan743x_rx_run_xdp(struct lan743x_rx *rx, struct bpf_prog *prog,
		   struct lan743x_rx_slot *slot, u32 wire, u32 len,
		   struct lan743x_rx_frames *b)
{
#ifdef LAN743X_HAVE_XSK_POOL
	return INDIRECT_CALL_2(rx->ring.xdp_run, lan743x_rx_xdp,
			       lan743x_xsk_run, rx, prog, slot, wire, len, b);
#else
	return INDIRECT_CALL_1(rx->ring.xdp_run, lan743x_rx_xdp, rx, prog,
			       slot, wire, len, b);
#endif
}

/* End of a poll: frames redirected go, XDP_TX frames get one doorbell */
static void lan743x_rx_xdp_flush(struct lan743x_rx *rx,
				 const struct lan743x_rx_frames *b)
{
	if (b->xdp_redirect)
		xdp_do_flush();
	if (b->xdp_tx)
		lan743x_tx_xdp_flush(&rx->adapter->tx[0]);
}
#else
static void lan743x_rx_xdp_flush(struct lan743x_rx *rx,
				 const struct lan743x_rx_frames *b)
{
}
#endif

#ifdef LAN743X_HAVE_XDP_FRAGS
/* One buffer of a frame for a multi-buffer program: a new buffer goes
 * into @slot first, then the received one, synced for the CPU, into
 * rx->ring.xdp: its first buffer, or a fragment.  Return: LAN743X_RX_KEEP,
 * or why the frame is dropped (the received buffer then stays in @slot).
 */
static u8 lan743x_rx_xdp_take(struct lan743x_rx *rx,
			      struct lan743x_rx_slot *slot, u32 pad, u32 wire,
			      u32 len)
{
	struct xdp_buff *xdp = &rx->ring.xdp.xdp;
	struct lan743x_rx_slot got = *slot;
	struct skb_shared_info *sinfo;
	struct page *page;
	u32 synced, n = 0;

	if (rx->ring.xdp_chain) {
		n = lan743x_xdp_nr_frags(xdp);
		if (n >= MAX_SKB_FRAGS) {
			lan743x_rx_reuse(rx, slot, 0);
			return LAN743X_RX_DROP_OVERSIZE;
		}
	}
	if (INDIRECT_CALL_1(rx->ring.ops->refill, lan743x_rx_pp_refill,
			    rx, slot, GFP_ATOMIC)) {
		rx->cost.buf_alloc_fail++;
		lan743x_rx_reuse(rx, slot, 0);
		return LAN743X_RX_DROP_ALLOC;
	}
	synced = lan743x_rx_sync_len(rx, &got, pad + wire);
	lan743x_rx_sync_for_cpu(rx, &got, synced);
	rx->ring.xdp_synced[rx->ring.xdp_chain ? n + 1 : 0] = synced;
	if (!rx->ring.xdp_chain) {
		xdp_init_buff(xdp, got.truesize, &rx->ring.xdp_rxq);
		xdp_prepare_buff(xdp, got.buf, rx->ring.headroom + pad, len,
				 true);
		rx->ring.xdp_chain = true;
		return LAN743X_RX_KEEP;
	}
	sinfo = xdp_get_shared_info_from_buff(xdp);
	if (!n) {
		sinfo->xdp_frags_size = 0;
		xdp_buff_set_frags_flag(xdp);
	}
	page = virt_to_head_page(got.buf);
	skb_frag_fill_page_desc(&sinfo->frags[n], page,
				got.buf + rx->ring.headroom - page_address(page),
				len);
	sinfo->nr_frags = n + 1;
	sinfo->xdp_frags_size += len;
	return LAN743X_RX_KEEP;
}

/* Cut the frame in rx->ring.xdp to @want bytes (the FCS may have begun in
 * a previous buffer), fragments that end up empty back to the pool.
 * Return: false if it holds fewer bytes, or would keep no header byte.
 */
static bool lan743x_rx_xdp_trim(struct lan743x_rx *rx, u32 want)
{
	struct xdp_buff *xdp = &rx->ring.xdp.xdp;
	struct skb_shared_info *sinfo;
	u32 head, have, n;

	sinfo = xdp_get_shared_info_from_buff(xdp);
	head = xdp->data_end - xdp->data;
	n = lan743x_xdp_nr_frags(xdp);
	have = head + (n ? sinfo->xdp_frags_size : 0);
	while (have > want && n) {
		skb_frag_t *f = &sinfo->frags[n - 1];
		u32 cut = min(have - want, skb_frag_size(f));

		sinfo->xdp_frags_size -= cut;
		have -= cut;
		if (cut < skb_frag_size(f)) {
			skb_frag_size_sub(f, cut);
			break;
		}
		lan743x_rx_xdp_put_page(rx, skb_frag_page(f),
					rx->ring.xdp_synced[n], true);
		sinfo->nr_frags = --n;
	}
	if (!n)
		xdp_buff_clear_frags_flag(xdp);
	if (have < want || have - want >= head)
		return false;
	xdp->data_end -= have - want;
	return true;
}

/* Bytes of a page's device part to sync for the device once the program
 * ran: those the CPU was given (@synced) and those up to where the
 * program left the data (@end, from the device part's start), never more
 * than the device may write.
 */
static u32 lan743x_rx_xdp_end(struct lan743x_rx *rx, long end, u32 synced)
{
	return min_t(u32, max_t(long, end, synced), rx->ring.buf_len);
}

/* After the program: rx->ring.xdp_synced[] becomes, per page of the
 * frame, what to sync for the device as it goes back to the pool.
 */
static void lan743x_rx_xdp_settle(struct lan743x_rx *rx)
{
	struct xdp_buff *xdp = &rx->ring.xdp.xdp;
	struct skb_shared_info *sinfo;
	u32 i, n, *t;

	sinfo = xdp_get_shared_info_from_buff(xdp);
	n = lan743x_xdp_nr_frags(xdp);
	t = rx->ring.xdp_synced;
	t[0] = lan743x_rx_xdp_end(rx, (u8 *)xdp->data_end -
				  ((u8 *)xdp->data_hard_start + rx->ring.headroom),
				  t[0]);
	for (i = 0; i < n; i++) {
		const skb_frag_t *f = &sinfo->frags[i];

		t[i + 1] = lan743x_rx_xdp_end(rx, (long)skb_frag_off(f) +
					      skb_frag_size(f) - rx->ring.headroom,
					      t[i + 1]);
	}
}

/* The multi-buffer frame in rx->ring.xdp, whole, through @prog; every
 * page goes to the skb, the TX ring, the redirect target, or back to the
 * pool.  Return: the skb of a frame the program passed, or NULL.
 */
static struct sk_buff *lan743x_rx_xdp_chain_run(struct lan743x_rx *rx,
						struct bpf_prog *prog,
						struct lan743x_rx_frames *b)
{
	struct net_device *netdev = rx->adapter->netdev;
	struct xdp_buff *xdp = &rx->ring.xdp.xdp;
	u32 len = xdp_get_buff_len(xdp);
	struct sk_buff *skb;
	u32 act, i, n;

	/* the ring may have moved since the frame began (a queue swap) */
	xdp->rxq = &rx->ring.xdp_rxq;
	act = bpf_prog_run_xdp(prog, xdp);
	lan743x_rx_xdp_settle(rx);
	if (act != XDP_PASS)
		b->xdp_bytes += len;

	switch (act) {
	case XDP_PASS:
		skb = lan743x_rx_xdp_skb(rx, xdp);
		if (likely(skb)) {
			rx->ring.xdp_chain = false;
			b->xdp_pass++;
			return skb;
		}
		rx->cost.buf_alloc_fail++;
		lan743x_rx_drop_frame(rx, LAN743X_RX_DROP_ALLOC, b);
		return NULL;
	case XDP_DROP:
		lan743x_rx_xdp_put(rx, true);
		b->xdp_drop++;
		return NULL;
	case XDP_TX:
		if (lan743x_tx_xdp_tx(&rx->adapter->tx[0], rx->ring.pool, xdp,
				      rx->ring.xdp_synced))
			break;
		/* each page comes back synced by what was touched */
		n = lan743x_xdp_nr_frags(xdp);
		for (i = 0; i <= n; i++)
			rx->cost.sync_dev_bytes -= rx->ring.buf_len -
						   rx->ring.xdp_synced[i];
		rx->ring.xdp_chain = false;
		b->xdp_tx++;
		return NULL;
	case XDP_REDIRECT:
		/* cut down to its head buffer, it may come back synced short */
		if (!lan743x_xdp_nr_frags(xdp))
			lan743x_rx_xdp_trimmed(rx, xdp, rx->ring.xdp_synced[0]);
		if (xdp_do_redirect(netdev, xdp, prog))
			break;
		rx->ring.xdp_chain = false;
		b->xdp_redirect++;
		return NULL;
	default:
		bpf_warn_invalid_xdp_action(netdev, prog, act);
		fallthrough;
	case XDP_ABORTED:
		break;
	}
	trace_xdp_exception(netdev, prog, act);
	lan743x_rx_xdp_put(rx, true);
	b->xdp_errors++;
	return NULL;
}

/* LS of a frame for a multi-buffer program, in @slot: trimmed to
 * FRAME_LENGTH - FCS and run.  Return: the skb of a frame the program
 * passed, or NULL.
 */
static struct sk_buff *lan743x_rx_xdp_chain_done(struct lan743x_rx *rx,
						 struct lan743x_rx_slot *slot,
						 u32 data0,
						 struct lan743x_rx_frames *b)
{
	u32 flen = FIELD_GET(RX_DESC_DATA0_FRAME_LENGTH_MASK_, data0);
	struct bpf_prog *prog = READ_ONCE(rx->ring.xdp_prog);
	u32 n;

	if (rx->ring.dropping || !rx->ring.xdp_chain ||
	    flen < ETH_HLEN + ETH_FCS_LEN ||
	    !lan743x_rx_xdp_trim(rx, flen - ETH_FCS_LEN)) {
		lan743x_rx_drop_frame(rx, LAN743X_RX_DROP_BAD_DESC, b);
		return NULL;
	}
	n = lan743x_xdp_nr_frags(&rx->ring.xdp.xdp);
	/* a program without fragments replaced it during the frame */
	if (n && !prog->aux->xdp_has_frags) {
		lan743x_rx_drop_frame(rx, LAN743X_RX_DROP_OVERSIZE, b);
		return NULL;
	}
	if (n)
		b->multi_buf_frames++;
	rx->ring.xdp.ls = slot - rx->ring.slots;
	return lan743x_rx_xdp_chain_run(rx, prog, b);
}
#else
/* Not reached: without multi-buffer XDP such frames are being dropped */
static u8 lan743x_rx_xdp_take(struct lan743x_rx *rx,
			      struct lan743x_rx_slot *slot, u32 pad, u32 wire,
			      u32 len)
{
	lan743x_rx_reuse(rx, slot, 0);
	return LAN743X_RX_DROP_OVERSIZE;
}

static struct sk_buff *lan743x_rx_xdp_chain_done(struct lan743x_rx *rx,
						 struct lan743x_rx_slot *slot,
						 u32 data0,
						 struct lan743x_rx_frames *b)
{
	return lan743x_rx_frame_done(rx, data0, b);
}
#endif

/* One completed descriptor of any kind: work out how many of its bytes
 * belong to the frame, take or recycle its buffer, finish the frame on LS.
 * Return: the finished frame, or NULL.
 */
static struct sk_buff *lan743x_rx_buffer(struct lan743x_rx *rx,
					 struct lan743x_rx_slot *slot,
					 u32 data0, struct lan743x_rx_frames *b)
{
	bool first = data0 & RX_DESC_DATA0_FS_;
	bool last = data0 & RX_DESC_DATA0_LS_;
	u32 pad = first ? rx->pad : 0;
	u32 cap = slot->len - pad;
	u32 wire = cap, len = cap;

	if (first) {
		/* a previous frame that never saw LS is incomplete */
		if (lan743x_rx_busy(rx) || rx->ring.dropping)
			lan743x_rx_drop_frame(rx, LAN743X_RX_DROP_BAD_DESC, b);
		rx->ring.frame_wire = 0;
		/* a program takes frames of several buffers if it says so */
		if (rx->ring.xdp_prog && !lan743x_rx_xdp_frags(rx))
			rx->ring.dropping = LAN743X_RX_DROP_OVERSIZE;
	} else if (!lan743x_rx_busy(rx) &&
		   rx->ring.dropping == LAN743X_RX_KEEP) {
		rx->ring.dropping = LAN743X_RX_DROP_BAD_DESC;
	}

	if (last) {
		u32 flen = FIELD_GET(RX_DESC_DATA0_FRAME_LENGTH_MASK_, data0);
		u32 want = flen > ETH_FCS_LEN ? flen - ETH_FCS_LEN : 0;

		wire = flen > rx->ring.frame_wire ?
		       min(flen - rx->ring.frame_wire, cap) : 0;
		len = want > rx->ring.frame_wire ?
		      min(want - rx->ring.frame_wire, wire) : 0;
	}

	if (rx->ring.dropping || !len)
		lan743x_rx_reuse(rx, slot, 0);
	else if (rx->ring.xdp_prog)
		rx->ring.dropping = lan743x_rx_xdp_take(rx, slot, pad, wire, len);
	else if (first && last && len <= READ_ONCE(rx->ring.copybreak))
		rx->ring.dropping = lan743x_rx_copy(rx, slot, pad, wire, len, b);
	else
		rx->ring.dropping = lan743x_rx_take(rx, slot, pad, wire, len);
	rx->ring.frame_wire += wire;

	if (!last)
		return NULL;
	if (rx->ring.xdp_prog)
		return lan743x_rx_xdp_chain_done(rx, slot, data0, b);
	return lan743x_rx_frame_done(rx, data0, b);
}

/* A whole frame in one buffer (FS and LS, no chain being assembled): the
 * common case, without the chain's bookkeeping.  Same outcome as
 * lan743x_rx_buffer() for such a descriptor.  Return: the frame, or NULL.
 */
static struct sk_buff *lan743x_rx_whole(struct lan743x_rx *rx,
					struct lan743x_rx_slot *slot,
					u32 data0, struct lan743x_rx_frames *b)
{
	u32 flen = FIELD_GET(RX_DESC_DATA0_FRAME_LENGTH_MASK_, data0);
	u32 cap = slot->len - rx->pad;
	u32 len = flen - ETH_FCS_LEN;
#ifdef LAN743X_HAVE_XDP
	struct bpf_prog *prog;
#endif
	struct sk_buff *skb;
	u8 why;

	/* shorter than a header, or more data than the buffer holds */
	if (unlikely(flen < ETH_HLEN + ETH_FCS_LEN || len > cap)) {
		lan743x_rx_reuse(rx, slot, 0);
		lan743x_rx_drop_frame(rx, LAN743X_RX_DROP_BAD_DESC, b);
		return NULL;
	}
#ifdef LAN743X_HAVE_XDP
	prog = READ_ONCE(rx->ring.xdp_prog);
	if (prog)
		return lan743x_rx_run_xdp(rx, prog, slot, min(flen, cap), len,
					  b);
#endif
	if (len <= READ_ONCE(rx->ring.copybreak))
		why = lan743x_rx_copy(rx, slot, rx->pad, min(flen, cap), len, b);
	else
		why = lan743x_rx_take(rx, slot, rx->pad, min(flen, cap), len);
	if (unlikely(why)) {
		lan743x_rx_drop_frame(rx, why, b);
		return NULL;
	}
	skb = rx->ring.skb;
	rx->ring.skb = NULL;
	return skb;
}

/* Return: true if descriptor rx->next was completed and has been handled */
static bool lan743x_rx_one(struct lan743x_rx *rx, u32 *hw_head,
			   struct lan743x_rx_frames *b)
{
	struct lan743x_desc *desc = &rx->ring.desc[rx->next];
	struct sk_buff *skb = NULL;
	u32 idx = rx->next;
	u32 data0, data1;
	bool whole;

	if (idx == *hw_head) {
		*hw_head = le32_to_cpu(READ_ONCE(*rx->ring.head_wb)) & rx->ring.size_mask;
		if (idx == *hw_head)
			return false;
	}
	data0 = le32_to_cpu(READ_ONCE(desc->data0));
	if (data0 & RX_DESC_DATA0_OWN_)
		return false;
	/* read the status words only after seeing OWN clear */
	dma_rmb();
	data1 = le32_to_cpu(desc->data1);

	whole = (data0 & (RX_DESC_DATA0_FS_ | RX_DESC_DATA0_LS_)) ==
		(RX_DESC_DATA0_FS_ | RX_DESC_DATA0_LS_);
	/* on an XDP ring every whole frame goes to the program: one that
	 * follows an incomplete frame ends it first
	 */
	if (whole && unlikely(lan743x_rx_busy(rx) || rx->ring.dropping) &&
	    rx->ring.xdp_prog)
		lan743x_rx_drop_frame(rx, LAN743X_RX_DROP_BAD_DESC, b);
	if (likely(whole && !lan743x_rx_busy(rx) && !rx->ring.dropping)) {
		skb = lan743x_rx_whole(rx, &rx->ring.slots[idx], data0, b);
	} else if ((data0 & RX_DESC_DATA0_EXT_) &&
		   !(data0 & (RX_DESC_DATA0_FS_ | RX_DESC_DATA0_LS_))) {
		/* extension descriptors carry the RX timestamp, no data */
		lan743x_ptp_rx_ext(rx, desc);
		lan743x_rx_reuse(rx, &rx->ring.slots[idx], 0);
	} else {
		skb = lan743x_rx_buffer(rx, &rx->ring.slots[idx], data0, b);
	}

	lan743x_rx_arm(rx, idx);
	rx->tail = idx;
	rx->next = (idx + 1) & rx->ring.size_mask;
	if (skb)
		lan743x_rx_deliver(rx, skb, data0, data1, b);
	return true;
}

/* End of a poll: its counters (rx->frames) and the pending cost ones move
 * into the ring's in one u64_stats update, and are all 0 again for the
 * next poll.
 */
static void lan743x_rx_commit(struct lan743x_rx *rx)
{
	struct lan743x_rx_frames *f = &rx->stats.frames;
	struct lan743x_rx_frames *b = &rx->frames;

	/* a counter added to the struct is moved here too */
	BUILD_BUG_ON(sizeof(*f) != 16 * sizeof(u64));
	u64_stats_update_begin(&rx->stats.syncp);
	lan743x_rx_move(&f->packets, &b->packets);
	lan743x_rx_move(&f->bytes, &b->bytes);
	lan743x_rx_move(&f->copybreak_packets, &b->copybreak_packets);
	lan743x_rx_move(&f->multi_buf_frames, &b->multi_buf_frames);
	lan743x_rx_move(&f->drop_alloc_fail, &b->drop_alloc_fail);
	lan743x_rx_move(&f->drop_bad_desc, &b->drop_bad_desc);
	lan743x_rx_move(&f->drop_oversize, &b->drop_oversize);
	lan743x_rx_move(&f->dropped, &b->dropped);
	lan743x_rx_move(&f->csum_unnecessary, &b->csum_unnecessary);
	lan743x_rx_move(&f->csum_none, &b->csum_none);
	lan743x_rx_move(&f->xdp_pass, &b->xdp_pass);
	lan743x_rx_move(&f->xdp_drop, &b->xdp_drop);
	lan743x_rx_move(&f->xdp_tx, &b->xdp_tx);
	lan743x_rx_move(&f->xdp_redirect, &b->xdp_redirect);
	lan743x_rx_move(&f->xdp_errors, &b->xdp_errors);
	lan743x_rx_move(&f->xdp_bytes, &b->xdp_bytes);
	lan743x_rx_move_cost(rx);
	u64_stats_update_end(&rx->stats.syncp);
}

/* Same test as lan743x_rx_one(): the head write-back moved past rx->next
 * and the descriptor is back from the chip.
 */
static bool lan743x_rx_pending(struct lan743x_rx *rx)
{
	u32 hw_head = le32_to_cpu(READ_ONCE(*rx->ring.head_wb)) & rx->ring.size_mask;
	u32 data0 = le32_to_cpu(READ_ONCE(rx->ring.desc[rx->next].data0));

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
	struct lan743x_rx_frames *b = &rx->frames;
	unsigned int buffers = 0;
	u32 hw_head = rx->next;
	int packets;
	u64 done;

	if (rx->clear_sts)
		lan743x_hw_rx_irq_ack(rx);

	/* The budget counts frames passed up, dropped or consumed by XDP.
	 * Each frame passed up or consumed ends on a buffer of its own, so
	 * while fewer than @budget buffers were taken the poll is within
	 * it: the u64 frame counters (a dozen instructions to sum on 32-bit
	 * CPUs) are summed per buffer only beyond that.
	 */
	while ((buffers < budget ||
		(buffers < rx->ring.size && lan743x_rx_done(b) < budget)) &&
	       lan743x_rx_one(rx, &hw_head, b))
		buffers++;
	lan743x_rx_xdp_flush(rx, b);
	done = lan743x_rx_done(b);
	packets = b->packets;
	lan743x_rx_commit(rx);

	if (done >= budget || lan743x_rx_pending(rx)) {
		/* more work: stay in polling mode, only ring the doorbell */
		if (buffers)
			lan743x_hw_rx_doorbell(rx, 0);
		return budget;
	}

	/* one doorbell for the batch, and the interrupt re-armed */
	lan743x_hw_rx_poll_done(rx, buffers,
				napi_complete_done(napi, packets));
	return packets;
}

/**
 * lan743x_rx_params_need_rings() - do RX rings built for @b serve @a?
 * @a: wanted parameters
 * @b: current parameters
 *
 * Compared field by field (not memcmp(): padding).  Copybreak, the TX
 * ring size and one XDP program for another change without new RX rings;
 * attaching the first program or detaching the last changes the layout.
 *
 * Return: true if @a needs new RX rings.
 */
bool lan743x_rx_params_need_rings(const struct lan743x_rx_params *a,
				  const struct lan743x_rx_params *b)
{
	return a->rx_ring_size != b->rx_ring_size || a->buf_len != b->buf_len ||
	       a->mtu_buffers != b->mtu_buffers ||
	       a->partial_sync != b->partial_sync ||
	       a->page_pool != b->page_pool || !a->xdp_prog != !b->xdp_prog;
}

/**
 * lan743x_rx_mtu_needs_rings() - does an MTU change need new RX rings?
 * @p: current parameters
 * @old_mtu: current MTU
 * @new_mtu: the MTU about to be set
 *
 * Return: true if the buffers should follow the MTU but the policy cannot
 * resize them in place.
 */
bool lan743x_rx_mtu_needs_rings(const struct lan743x_rx_params *p,
				unsigned int old_mtu, unsigned int new_mtu)
{
	return p->mtu_buffers && !p->buf_len &&
	       !lan743x_rx_policy(p)->resizable &&
	       lan743x_rx_buf_len(new_mtu) != lan743x_rx_buf_len(old_mtu);
}

/**
 * lan743x_rx_params_init() - the default RX policy
 * @p: filled in: every private flag on, the default copybreak, 128-entry
 *     rings
 */
void lan743x_rx_params_init(struct lan743x_rx_params *p)
{
	p->rx_ring_size = LAN743X_RX_RING_SIZE;
	p->tx_ring_size = LAN743X_TX_RING_SIZE;
	p->buf_len = 0;
	p->mtu_buffers = true;
	p->partial_sync = true;
	p->page_pool = true;
	p->copybreak = LAN743X_RX_COPYBREAK_DEFAULT;
	p->xdp_prog = NULL;
}

/**
 * lan743x_rx_cur_buf_len() - buffer length the current parameters give
 * @adapter: adapter
 *
 * Return: rx-buf-len if set, else the legacy or the MTU-derived length.
 */
u32 lan743x_rx_cur_buf_len(struct lan743x_adapter *adapter)
{
	const struct lan743x_rx_params *p = &adapter->rxp;

	if (p->buf_len)
		return p->buf_len;
	if (!p->mtu_buffers)
		return LAN743X_RX_LEGACY_LEN;
#ifdef LAN743X_HAVE_XDP
	if (p->xdp_prog && p->page_pool)
		return min(lan743x_rx_buf_len(adapter->netdev->mtu),
			   lan743x_xdp_buf_len_max());
#endif
	return lan743x_rx_buf_len(adapter->netdev->mtu);
}

/**
 * lan743x_rx_set_copybreak() - change the copybreak threshold
 * @adapter: adapter
 * @copybreak: frames up to this length are copied; 0 turns copybreak off
 *
 * A threshold needs no new buffers: running rings pick it up at once.
 */
void lan743x_rx_set_copybreak(struct lan743x_adapter *adapter, u32 copybreak)
{
	int ch;

	adapter->rxp.copybreak = copybreak;
	for (ch = 0; ch < LAN743X_NUM_RX; ch++)
		WRITE_ONCE(adapter->rx[ch].ring.copybreak, copybreak);
}

/* Counters of rings already freed (spares of a reconfiguration) */
static void lan743x_rx_fold(struct lan743x_adapter *adapter, u8 ch,
			    const struct lan743x_rx_cost *c)
{
	spin_lock_bh(&adapter->rx_fold_lock);
	lan743x_rx_add_counters(&adapter->rx_fold[ch], c, sizeof(*c));
	spin_unlock_bh(&adapter->rx_fold_lock);
}

#ifdef LAN743X_HAVE_XDP
/* Pages of channel @ch redirected to our own TX channel 0 came back synced
 * for the device short of the whole buffer their refill counted
 */
static void lan743x_rx_read_sync_saved(struct lan743x_adapter *adapter, u8 ch,
				       struct lan743x_rx_cost *cost)
{
	const struct lan743x_tx_stats *s = &adapter->tx[0].stats;
	unsigned int start;
	u64 saved;

	do {
		start = u64_stats_fetch_begin(&s->syncp);
		saved = s->xdp_sync_saved[ch];
	} while (u64_stats_fetch_retry(&s->syncp, start));
	cost->sync_dev_bytes -= saved;
}
#endif

/**
 * lan743x_rx_read_stats() - counters of one RX queue, folded ones included
 * @adapter: adapter
 * @ch: queue
 * @out: filled in (its syncp is not used)
 */
void lan743x_rx_read_stats(struct lan743x_adapter *adapter, u8 ch,
			   struct lan743x_rx_stats *out)
{
	const struct lan743x_rx *rx = &adapter->rx[ch];
	const struct lan743x_rx_stats *s = &rx->stats;
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&s->syncp);
		out->frames = s->frames;
		out->cost = s->cost;
	} while (u64_stats_fetch_retry(&s->syncp, start));

	spin_lock_bh(&adapter->rx_fold_lock);
	lan743x_rx_add_counters(&out->cost, &adapter->rx_fold[ch],
				sizeof(out->cost));
	spin_unlock_bh(&adapter->rx_fold_lock);

	/* what the policy of a live ring counts only when asked */
	if (rx->ring.desc && rx->ring.ops->read_cost)
		rx->ring.ops->read_cost(rx, &out->cost);
#ifdef LAN743X_HAVE_XDP
	lan743x_rx_read_sync_saved(adapter, ch, &out->cost);
#endif
}

/* A UMEM's buffer pool has one consumer at a time: while the channel runs
 * a ring on @pool, another ring of the same queue takes buffers from it or
 * gives them back only with the channel's NAPI paused.  Return: whether it
 * was paused (lan743x_rx_pool_resume() then).
 */
static bool lan743x_rx_pool_pause(struct lan743x_rx *rx,
				  const struct xsk_buff_pool *pool)
{
	if (!pool || !rx->running || rx->ring.xsk_pool != pool)
		return false;
	napi_disable(&rx->napi);
	return true;
}

static void lan743x_rx_pool_resume(struct lan743x_rx *rx, bool paused)
{
	if (!paused)
		return;
	napi_enable(&rx->napi);
	lan743x_rx_kick(rx);
}

/**
 * lan743x_rx_qmem_alloc() - build a ready-to-start ring beside a running one
 * @adapter: adapter
 * @qmem: where the new ring goes (zeroed by the caller)
 * @ch: channel it is for
 * @p: parameters it follows
 * @mtu: MTU its buffers are for
 *
 * Return: 0, or -ENOMEM with nothing left allocated (the failure counted
 * in the channel's counters).
 */
static int lan743x_rx_qmem_alloc(struct lan743x_adapter *adapter,
				 struct lan743x_rx *qmem, u8 ch,
				 const struct lan743x_rx_params *p,
				 unsigned int mtu)
{
	struct lan743x_rx *rx = &adapter->rx[ch];
	bool paused = false;
	int ret;

	qmem->adapter = adapter;
	qmem->ch = ch;
	qmem->pad = rx->pad;
	qmem->tail_reg = rx->tail_reg;
	ret = lan743x_rx_setup(qmem, p, mtu);
	if (!ret) {
		paused = lan743x_rx_pool_pause(rx, qmem->ring.xsk_pool);
		ret = lan743x_rx_ring_alloc(qmem);
		lan743x_rx_pool_resume(rx, paused);
	}
	lan743x_rx_fold(adapter, ch, &qmem->cost);
	memset(&qmem->cost, 0, sizeof(qmem->cost));
	return ret;
}

/* Free a ring lan743x_rx_qmem_alloc() built or lan743x_rx_qstop() took out */
static void lan743x_rx_qmem_free(struct lan743x_rx *qmem)
{
	struct lan743x_rx *rx;
	bool paused;

	if (!qmem->adapter)
		return;
	rx = &qmem->adapter->rx[qmem->ch];
	paused = lan743x_rx_pool_pause(rx, qmem->ring.xsk_pool);
	lan743x_rx_ring_free(qmem);
	lan743x_rx_pool_resume(rx, paused);
	lan743x_rx_fold(qmem->adapter, qmem->ch, &qmem->cost);
}

/* Stop @rx and move its ring into @qmem, to be freed by
 * lan743x_rx_qmem_free() once the channel runs again: what the policy tied
 * to the channel's NAPI is untied while NAPI is still disabled.
 */
static void lan743x_rx_qstop(struct lan743x_rx *rx, struct lan743x_rx *qmem)
{
	lan743x_rx_halt(rx);
	lan743x_rx_commit_cost(rx);
	qmem->adapter = rx->adapter;
	qmem->ch = rx->ch;
	qmem->ring = rx->ring;
	memset(&rx->ring, 0, sizeof(rx->ring));
	lan743x_rx_ring_unlink(qmem);
}

/* Start the stopped @rx on the ring in @qmem; on failure the ring goes back
 * into @qmem and the channel stays down.
 */
static int lan743x_rx_qstart(struct lan743x_rx *rx, struct lan743x_rx *qmem)
{
	int ret;

	rx->ring = qmem->ring;
	memset(&qmem->ring, 0, sizeof(qmem->ring));
	ret = lan743x_rx_hw_start(rx);
	if (ret) {
		netdev_err(rx->adapter->netdev,
			   "RX channel %u did not restart (%d)\n", rx->ch, ret);
		qmem->ring = rx->ring;
		memset(&rx->ring, 0, sizeof(rx->ring));
		return ret;
	}
	lan743x_rx_kick(rx);
	return 0;
}

/* Give channel @ch the ring in @new and free its old one, by way of @old
 * (zeroed), in the order of the kernel's queue restart: stop, start on the
 * new ring, free the old; if the new ring does not start, the old one is
 * tried again.
 */
static int lan743x_rx_qswap(struct lan743x_adapter *adapter, u8 ch,
			    struct lan743x_rx *new, struct lan743x_rx *old)
{
	struct lan743x_rx *rx = &adapter->rx[ch];
	int ret;

	lan743x_rx_qstop(rx, old);
	ret = lan743x_rx_qstart(rx, new);
	if (ret && lan743x_rx_qstart(rx, old))
		netdev_err(adapter->netdev, "RX channel %u is down\n", ch);
	lan743x_rx_qmem_free(old);
	lan743x_rx_qmem_free(new);
	return ret;
}

/**
 * lan743x_rx_reconfigure_ch() - new RX parameters for one channel's ring
 * @adapter: adapter
 * @ch: the channel
 * @p: the new parameters, which differ from the current ones only in what
 *	@ch's ring is built of (its AF_XDP pool)
 * @extack: error reporting, may be NULL
 *
 * As lan743x_rx_reconfigure() for one channel: its new ring is built
 * beside the running one, then swapped in; the other channels keep
 * running untouched.  Context: rtnl held.
 *
 * Return: 0; -ENOMEM with the old ring still running; or the error of a
 * channel that did not restart.
 */
int lan743x_rx_reconfigure_ch(struct lan743x_adapter *adapter, u8 ch,
			      const struct lan743x_rx_params *p,
			      struct netlink_ext_ack *extack)
{
	struct lan743x_rx *spare;
	int ret;

	ASSERT_RTNL();
	if (!adapter->hw_up) {
		adapter->rxp = *p;
		return 0;
	}
	/* the new ring in spare[0], the old one on its way out in spare[1] */
	spare = kcalloc(2, sizeof(*spare), GFP_KERNEL);
	if (!spare || lan743x_rx_qmem_alloc(adapter, spare, ch, p,
					    adapter->netdev->mtu)) {
		kfree(spare);
		NL_SET_ERR_MSG_MOD(extack,
				   "no memory for a new RX ring, old one kept");
		return -ENOMEM;
	}
	ret = lan743x_rx_qswap(adapter, ch, &spare[0], &spare[1]);
	adapter->rxp = *p;
	kfree(spare);
	if (ret)
		NL_SET_ERR_MSG_MOD(extack, "the RX channel did not restart");
	return ret;
}

#ifdef LAN743X_HAVE_QUEUE_RESTART
/* The kernel's queue restart (netdev_rx_queue_restart(), rtnl held) takes
 * the steps of lan743x_rx_qswap() for one channel, on the parameters in
 * force.
 */
static int lan743x_queue_mem_alloc(struct net_device *dev, void *qmem,
				   int idx)
{
	struct lan743x_adapter *adapter = netdev_priv(dev);

	if (!adapter->hw_up)
		return -ENETDOWN;
	return lan743x_rx_qmem_alloc(adapter, qmem, idx, &adapter->rxp,
				     dev->mtu);
}

static void lan743x_queue_mem_free(struct net_device *dev, void *qmem)
{
	lan743x_rx_qmem_free(qmem);
}

static int lan743x_queue_stop(struct net_device *dev, void *qmem, int idx)
{
	struct lan743x_adapter *adapter = netdev_priv(dev);

	lan743x_rx_qstop(&adapter->rx[idx], qmem);
	return 0;
}

static int lan743x_queue_start(struct net_device *dev, void *qmem, int idx)
{
	struct lan743x_adapter *adapter = netdev_priv(dev);

	return lan743x_rx_qstart(&adapter->rx[idx], qmem);
}

const struct netdev_queue_mgmt_ops lan743x_queue_mgmt_ops = {
	.ndo_queue_mem_size	= sizeof(struct lan743x_rx),
	.ndo_queue_mem_alloc	= lan743x_queue_mem_alloc,
	.ndo_queue_mem_free	= lan743x_queue_mem_free,
	.ndo_queue_start	= lan743x_queue_start,
	.ndo_queue_stop		= lan743x_queue_stop,
};
#endif

/**
 * lan743x_rx_reconfigure() - apply new RX parameters to a running interface
 * @adapter: adapter
 * @p: the new parameters
 * @mtu: the MTU the new rings are for (the current one, or the one an MTU
 *	change is about to set)
 * @extack: error reporting, may be NULL
 *
 * New rings are built for every channel first; only when all of them
 * exist is each channel stopped, switched to its new rings, restarted, and
 * its old rings freed.  The link, the MAC and the other channels keep
 * running.  On an interface that is down the parameters are just stored.
 * Context: rtnl held.
 *
 * Return: 0; -ENOMEM with the old rings still running; or the error of a
 * channel that did not restart.
 */
int lan743x_rx_reconfigure(struct lan743x_adapter *adapter,
			   const struct lan743x_rx_params *p, unsigned int mtu,
			   struct netlink_ext_ack *extack)
{
	struct lan743x_rx *spare;
	int ch, ret = 0;

	ASSERT_RTNL();
	if (!adapter->hw_up) {
		adapter->rxp = *p;
		return 0;
	}
	/* new rings in spare[ch], the old ones on their way out in
	 * spare[LAN743X_NUM_RX + ch]
	 */
	spare = kcalloc(2 * LAN743X_NUM_RX, sizeof(*spare), GFP_KERNEL);
	if (!spare)
		goto nomem;
	for (ch = 0; ch < LAN743X_NUM_RX; ch++)
		if (lan743x_rx_qmem_alloc(adapter, &spare[ch], ch, p, mtu))
			goto free_spares;

	/* Nothing can fail past this point, short of a chip that stops */
	for (ch = 0; ch < LAN743X_NUM_RX; ch++)
		ret = lan743x_rx_qswap(adapter, ch, &spare[ch],
				       &spare[LAN743X_NUM_RX + ch]) ?: ret;
	adapter->rxp = *p;
	kfree(spare);
	if (ret)
		NL_SET_ERR_MSG_MOD(extack, "an RX channel did not restart");
	return ret;

free_spares:
	while (ch--)
		lan743x_rx_qmem_free(&spare[ch]);
	kfree(spare);
nomem:
	NL_SET_ERR_MSG_MOD(extack, "no memory for new RX rings, old ones kept");
	if (!extack)
		netdev_err(adapter->netdev,
			   "no memory for new RX rings, old ones kept\n");
	return -ENOMEM;
}

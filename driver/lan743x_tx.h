/* SPDX-License-Identifier: GPL-2.0 */
/* TX ring of the LAN743x driver. */
#ifndef _LAN743X_TX_H
#define _LAN743X_TX_H

#include <linux/netdevice.h>
#include <linux/types.h>
#include <linux/u64_stats_sync.h>

#include "lan743x_rx.h"

struct lan743x_adapter;
struct lan743x_desc;
struct page_pool;
struct xdp_buff;
struct xdp_frame;
struct xsk_buff_pool;

#define LAN743X_TX_RING_SIZE		128
/* worst case frame: head, LSO extension, every fragment */
#define LAN743X_TX_DESC_NEEDED		(MAX_SKB_FRAGS + 2)

enum lan743x_tx_map {
	LAN743X_TX_MAP_NONE,
	LAN743X_TX_MAP_SINGLE,
	LAN743X_TX_MAP_PAGE,
	LAN743X_TX_MAP_XDP_TX,		/* a page of an RX ring's pool */
	LAN743X_TX_MAP_XDP_FRAME,	/* an xdp_frame we mapped */
	LAN743X_TX_MAP_XDP_FRAG,	/* a fragment of one, mapped */
	LAN743X_TX_MAP_XSK,		/* a frame in an AF_XDP UMEM */
};

/**
 * struct lan743x_tx_slot - what to undo when a descriptor completes
 * @skb: the frame, on the last descriptor of the frame only
 * @dma: mapped address
 * @len: mapped length
 * @map: how @dma was mapped
 * @bytes: wire bytes of the frame (BQL), with @skb; of an XDP frame, on
 *	its last descriptor only
 * @segs: segments of the frame, with @skb
 * @xdpf: the frame of ndo_xdp_xmit, on its last descriptor only
 *	(LAN743X_TX_MAP_XDP_FRAME, LAN743X_TX_MAP_XDP_FRAG)
 * @page: a page of an XDP_TX frame (LAN743X_TX_MAP_XDP_TX), one per
 *	descriptor
 * @pool: the page_pool @page goes back to
 * @sync: bytes the pool syncs for the device as it takes @page back
 * @xsk: the AF_XDP pool whose socket sent the frame
 *	(LAN743X_TX_MAP_XSK): told of its completion
 */
struct lan743x_tx_slot {
	struct sk_buff *skb;
	dma_addr_t dma;
	u32 len;
	enum lan743x_tx_map map;
	u32 bytes;
	u32 segs;
	struct xdp_frame *xdpf;
	struct page *page;
	struct page_pool *pool;
	u32 sync;
	struct xsk_buff_pool *xsk;
};

/**
 * struct lan743x_tx_stats - completion counters of the TX ring (NAPI)
 * @packets: frames (TSO segments counted) completed
 * @bytes: bytes completed
 * @bad_completions: head write-backs outside the frames queued, ignored
 * @wake: times completions woke the queue xmit had stopped (@busy)
 * @xdp_sync_saved: per RX channel of ours, bytes of a whole buffer that
 *	returning a frame redirected to us did not sync for the device
 *	(taken off that channel's sync_dev_bytes)
 * @syncp: protects the counters on 32-bit hosts
 */
struct lan743x_tx_stats {
	u64 packets;
	u64 bytes;
	u64 bad_completions;
	u64 wake;
	u64 xdp_sync_saved[LAN743X_NUM_RX];
	struct u64_stats_sync syncp;
};

/**
 * struct lan743x_tx_xstats - counters of the xmit path
 * @tso: TSO frames queued
 * @csum_partial: frames queued with checksum offload
 * @busy: times the queue was stopped for lack of descriptors (a stop
 *	xmit undid itself at once, room having come meanwhile, not counted)
 * @map_err: DMA mapping failures (frame dropped)
 * @dropped: frames dropped for other reasons
 * @xdp_xmit: frames queued by ndo_xdp_xmit (redirected to us)
 * @xdp_xmit_err: frames ndo_xdp_xmit could not queue
 * @syncp: protects the counters on 32-bit hosts
 */
struct lan743x_tx_xstats {
	u64 tso;
	u64 csum_partial;
	u64 busy;
	u64 map_err;
	u64 dropped;
	u64 xdp_xmit;
	u64 xdp_xmit_err;
	struct u64_stats_sync syncp;
};

/**
 * struct lan743x_tx - one TX DMA channel
 * @desc: descriptor ring (coherent)
 * @slots: per-descriptor unmap information
 * @head_wb: where the chip writes the index it will process next
 * @tail_reg: TX_TAIL doorbell
 * @size_mask: ring size - 1
 * @head: oldest descriptor not yet completed (NAPI)
 * @tail: next free descriptor (xmit)
 * @clear_sts: NAPI must clear DMAC_INT_STS itself (no auto-clear)
 * @flags: LAN743X_TX_STOPPED
 * @napi: NAPI context for completions
 * @xdp_sync_saved: @stats.xdp_sync_saved to add at the next commit
 * @stats: completion counters
 * @xstats: xmit path counters
 * @adapter: owning adapter
 * @ring_dma: device address of @desc; @head_wb follows the descriptors
 * @ring_bytes: size of the coherent allocation
 * @size: number of descriptors
 * @running: DMA started and NAPI enabled (a failed restart leaves both off)
 * @ch: channel number
 */
struct lan743x_tx {
	/* hot path */
	struct lan743x_desc *desc;
	struct lan743x_tx_slot *slots;
	__le32 *head_wb;
	void __iomem *tail_reg;
	u32 size_mask;
	u32 head;
	u32 tail;
	bool clear_sts;
	unsigned long flags;
	struct napi_struct napi;
	u32 xdp_sync_saved[LAN743X_NUM_RX];
	struct lan743x_tx_stats stats;
	struct lan743x_tx_xstats xstats;

	/* slow path */
	struct lan743x_adapter *adapter;
	dma_addr_t ring_dma;
	size_t ring_bytes;
	u32 size;
	bool running;
	u8 ch;
};

/* tx->flags: xmit stopped the queue; whoever restarts it (xmit seeing room
 * at once, or NAPI after a completion) clears the bit first, so that each
 * stop is undone or woken, and counted, once
 */
#define LAN743X_TX_STOPPED	0

/* lan743x_tx.c */
void lan743x_tx_init(struct lan743x_adapter *adapter, u8 ch);
int lan743x_tx_open(struct lan743x_tx *tx);
void lan743x_tx_close(struct lan743x_tx *tx);
struct lan743x_tx *lan743x_tx_spare_alloc(struct lan743x_adapter *adapter,
					  u8 ch, u32 size);
void lan743x_tx_spare_free(struct lan743x_tx *spare);
int lan743x_tx_swap_in(struct lan743x_adapter *adapter,
		       struct lan743x_tx *spare);
netdev_tx_t lan743x_xmit(struct sk_buff *skb, struct net_device *netdev);
netdev_features_t lan743x_features_check(struct sk_buff *skb,
					 struct net_device *netdev,
					 netdev_features_t features);
int lan743x_tx_poll(struct napi_struct *napi, int budget);
int lan743x_tx_xdp_tx(struct lan743x_tx *tx, struct page_pool *pool,
		      struct xdp_buff *xdp, const u32 *sync);
void lan743x_tx_xdp_flush(struct lan743x_tx *tx);
int lan743x_tx_xdp_tx_frame(struct lan743x_tx *tx, struct xdp_frame *f);
void lan743x_tx_xsk_drain(struct lan743x_tx *tx, struct xsk_buff_pool *pool);
int lan743x_xdp_xmit(struct net_device *netdev, int n,
		     struct xdp_frame **frames, u32 flags);

#endif /* _LAN743X_TX_H */

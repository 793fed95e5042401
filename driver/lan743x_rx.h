/* SPDX-License-Identifier: GPL-2.0 */
/* RX rings of the LAN743x driver and the buffer policy interface.
 *
 * A ring owns descriptors, NAPI and counters; what a receive buffer is, how
 * it is mapped, synced and turned into an skb belongs to a buffer policy
 * (struct lan743x_rx_buf_ops) bound to the ring once when it is set up.
 * The NAPI loop never looks at adapter-wide settings per packet: everything
 * it needs is cached in the ring.
 */
#ifndef _LAN743X_RX_H
#define _LAN743X_RX_H

#include <linux/mm_types.h>
#include <linux/netdevice.h>
#include <linux/types.h>
#include <linux/u64_stats_sync.h>
#include <net/xdp.h>

#include "lan743x_compat.h"

struct bpf_prog;
struct lan743x_adapter;
struct lan743x_desc;
struct lan743x_rx;
struct lan743x_rx_frames;
struct netlink_ext_ack;
struct page_pool;
struct xsk_buff_pool;

/* RX channels (and RX queues) */
#define LAN743X_NUM_RX			4

#define LAN743X_RX_RING_SIZE		128	/* default */
#define LAN743X_RING_MIN		64
#define LAN743X_RING_MAX		1024
/* headroom in front of the RX pad: room for the stack to push headers */
#define LAN743X_RX_HEADROOM		NET_SKB_PAD
/* smallest rx-buf-len: frames then span up to MAX_SKB_FRAGS + 1 buffers */
#define LAN743X_RX_BUF_LEN_MIN		256
/* ethtool -G rx-buf-len 1: back to MTU-derived buffers.  0 would be the
 * natural spelling, but the kernel's netlink policy rejects it (minimum 1).
 */
#define LAN743X_RX_BUF_LEN_AUTO		1
/* rx-copybreak's default.  32-bit ARM (the i.MX6 class: no DMA snooping,
 * an outer PL310 cache): a copy of up to 512 bytes costs about as many
 * instructions as handing the buffer to the stack and recycling it, and
 * spares the sync for the device of the whole buffer that a recycled page
 * gets.  Elsewhere 256.
 */
#ifdef CONFIG_ARM
#define LAN743X_RX_COPYBREAK_DEFAULT	512
#else
#define LAN743X_RX_COPYBREAK_DEFAULT	256
#endif

/**
 * struct lan743x_rx_params - the RX buffer policy the user asked for
 * @rx_ring_size: RX descriptors per ring (ethtool -G rx)
 * @tx_ring_size: TX descriptors (ethtool -G tx)
 * @buf_len: fixed buffer length (ethtool -G rx-buf-len), 0 = derived
 * @mtu_buffers: private flag rx-mtu-buffers; off = legacy 9 KiB buffers
 * @partial_sync: private flag rx-partial-sync; off = whole-buffer syncs
 * @page_pool: private flag rx-page-pool; off = a fresh buffer per packet
 * @copybreak: frames up to this many bytes are copied (0 = never)
 * @xdp_prog: the XDP program, NULL if none; the adapter holds the one
 *	reference to it, for every ring that runs it
 * @xsk_pool: per queue, the buffer pool of the AF_XDP zero-copy socket
 *	bound to it (NULL: none), DMA-mapped for the device; while a program
 *	is attached, that queue's ring takes its buffers from it
 *
 * Rings cache what they need from it when they are built; a change is
 * applied by building new rings and swapping them in.
 */
struct lan743x_rx_params {
	u32 rx_ring_size;
	u32 tx_ring_size;
	u32 buf_len;
	bool mtu_buffers;
	bool partial_sync;
	bool page_pool;
	u32 copybreak;
	struct bpf_prog *xdp_prog;
	struct xsk_buff_pool *xsk_pool[LAN743X_NUM_RX];
};

/**
 * struct lan743x_rx_cost - per-buffer cost counters, written by the policies
 * @sync_cpu_bytes: bytes synced for the CPU
 * @sync_dev_bytes: bytes synced for the device
 * @map_ops: DMA map operations of the driver
 * @unmap_ops: DMA unmap operations of the driver, and pages the page pool
 *	let go (with its statistics)
 * @buf_alloc: buffers (pages, fragments, copybreak skbs) allocated
 * @buf_alloc_fail: buffer or skb allocations that failed
 * @pp_recycled: pages that came back to the page pool for reuse (with its
 *	statistics)
 *
 * A failed refill is counted in @buf_alloc_fail by the core, which sees it
 * even when error injection skipped the policy.  Only touched from NAPI or
 * with NAPI disabled; added to the ring's &struct lan743x_rx_stats once per
 * poll.
 */
struct lan743x_rx_cost {
	u64 sync_cpu_bytes;
	u64 sync_dev_bytes;
	u64 map_ops;
	u64 unmap_ops;
	u64 buf_alloc;
	u64 buf_alloc_fail;
	u64 pp_recycled;
};

/**
 * struct lan743x_rx_slot - one receive buffer as a policy sees it
 * @buf: CPU address of the buffer, headroom included; NULL when empty
 * @dma: device address the descriptor points at
 * @len: bytes the device may write there (descriptor BUF_LENGTH)
 * @truesize: memory charged to an skb built from this buffer
 */
struct lan743x_rx_slot {
	void *buf;
	dma_addr_t dma;
	u32 len;
	u32 truesize;
};

/**
 * struct lan743x_rx_buf_ops - an RX buffer policy: only what differs
 * @name: policy name, for messages
 * @resizable: buffers follow an MTU change without new rings
 * @recycle: buffers are page_pool pages: skbs made of them are marked for
 *	recycling, so that the stack gives them back to the pool
 * @xdp: the policy can lay a ring out for XDP (ring->xdp_prog set when
 *	@ring_alloc runs): whole pages of a page_pool, mapped both ways,
 *	ring->headroom in front of the device's part, the pool named in
 *	ring->pool and registered as the memory of ring->xdp_rxq
 * @ring_alloc: set up per-ring policy state (may be NULL)
 * @ring_free: tear it down (may be NULL); the ring is no channel's
 * @ring_stop: untie the ring from its channel's NAPI, which is disabled
 *	now and may run again before @ring_free (may be NULL: nothing tied)
 * @refill: put a new buffer, owned by the device and synced for it, into
 *	@slot; on failure (-ENOMEM) change nothing, @slot included: the core
 *	counts the failure, and fail_function may skip the body entirely
 *	(ALLOW_ERROR_INJECTION)
 * @detach: the buffer in @slot leaves the ring for an skb: end what the
 *	policy holds on it, its mapping (may be NULL: nothing held)
 * @release: give back a buffer the device no longer uses
 * @read_cost: add counters the policy does not keep per packet (may be
 *	NULL); process context, rtnl held
 * @xdp_run: run the ring's program on a whole frame of one buffer, for a
 *	policy whose buffers are not the core's to run XDP on (NULL: the
 *	core's own, which also takes frames of several buffers); bound to
 *	the ring when it is built
 *
 * What is the same for every policy the core does: syncing a buffer for
 * the CPU and handing it back to the device (a buffer is one mapping at
 * @slot->dma), and making it the head of an skb or a page fragment of one
 * (a buffer is @slot->truesize bytes of memory at @slot->buf, a page
 * fragment or compound page, headroom first).  The core calls @refill
 * and @detach through INDIRECT_CALL_*(), the rest is slow path.
 *
 * Context: @refill gets the gfp flags of its caller (GFP_KERNEL at open,
 * GFP_ATOMIC in NAPI); everything else runs in NAPI or with NAPI disabled
 * unless stated.
 */
struct lan743x_rx_buf_ops {
	const char *name;
	bool resizable;
	bool recycle;
	bool xdp;
	int (*ring_alloc)(struct lan743x_rx *rx);
	void (*ring_free)(struct lan743x_rx *rx);
	void (*ring_stop)(struct lan743x_rx *rx);
	int (*refill)(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
		      gfp_t gfp);
	void (*detach)(struct lan743x_rx *rx, struct lan743x_rx_slot *slot);
	void (*release)(struct lan743x_rx *rx, struct lan743x_rx_slot *slot);
	void (*read_cost)(const struct lan743x_rx *rx,
			  struct lan743x_rx_cost *cost);
	struct sk_buff *(*xdp_run)(struct lan743x_rx *rx, struct bpf_prog *prog,
				   struct lan743x_rx_slot *slot, u32 wire,
				   u32 len, struct lan743x_rx_frames *b);
};

/**
 * struct lan743x_rx_frames - per-frame counters, written by the NAPI loop
 * @packets: frames handed to the stack
 * @bytes: their bytes (FCS excluded)
 * @copybreak_packets: frames copied into a small skb
 * @multi_buf_frames: frames that spanned more than one buffer
 * @drop_alloc_fail: frames dropped for want of a buffer or an skb
 * @drop_bad_desc: frames dropped for a malformed descriptor chain
 * @drop_oversize: frames dropped for needing more buffers than an skb holds
 * @dropped: all frames dropped by the driver
 * @csum_unnecessary: frames whose L3/L4 checksums the chip verified
 * @csum_none: frames passed up without checksum verification
 * @xdp_pass: frames the XDP program passed to the stack
 * @xdp_drop: frames the XDP program dropped
 * @xdp_tx: frames the XDP program sent back out (XDP_TX)
 * @xdp_redirect: frames the XDP program redirected
 * @xdp_errors: XDP_ABORTED, unknown actions, and XDP_TX or XDP_REDIRECT
 *	that failed (the frame dropped)
 * @xdp_bytes: bytes of the frames the XDP program kept from the stack (all
 *	actions but XDP_PASS), as they arrived
 *
 * Counted in the ring's frames (&struct lan743x_rx) during a poll, moved into
 * its &struct lan743x_rx_stats once per poll.
 */
struct lan743x_rx_frames {
	u64 packets;
	u64 bytes;
	u64 copybreak_packets;
	u64 multi_buf_frames;
	u64 drop_alloc_fail;
	u64 drop_bad_desc;
	u64 drop_oversize;
	u64 dropped;
	u64 csum_unnecessary;
	u64 csum_none;
	u64 xdp_pass;
	u64 xdp_drop;
	u64 xdp_tx;
	u64 xdp_redirect;
	u64 xdp_errors;
	u64 xdp_bytes;
};

/* Frames an XDP program kept from the stack (XDP_PASS ones are packets) */
static inline u64 lan743x_rx_xdp_done(const struct lan743x_rx_frames *f)
{
	return f->xdp_drop + f->xdp_tx + f->xdp_redirect + f->xdp_errors;
}

/**
 * struct lan743x_rx_stats - software counters of one RX ring
 * @frames: per-frame counters
 * @cost: per-buffer cost counters
 * @syncp: protects the counters on 32-bit hosts
 */
struct lan743x_rx_stats {
	struct lan743x_rx_frames frames;
	struct lan743x_rx_cost cost;
	struct u64_stats_sync syncp;
};

/* why a frame is being dropped (struct lan743x_rx.dropping) */
enum {
	LAN743X_RX_KEEP,
	LAN743X_RX_DROP_ALLOC,
	LAN743X_RX_DROP_BAD_DESC,
	LAN743X_RX_DROP_OVERSIZE,
};

/**
 * struct lan743x_xdp_buff - a frame as an XDP program sees it, with what
 *	the RX metadata ops (lan743x_xdp.c) read for it
 * @xdp: the frame; first, as the kfuncs get it as their context
 * @rx: the ring it came in on
 * @ls: index of its last (LS) descriptor, still as the chip wrote it back
 *	while the program runs
 */
struct lan743x_xdp_buff {
	struct xdp_buff xdp;
	struct lan743x_rx *rx;
	u32 ls;
};

/**
 * struct lan743x_rx_ring - what an RX ring is built of and runs with
 * @desc: descriptor ring (coherent)
 * @slots: buffer per descriptor
 * @ops: buffer policy bound to this ring
 * @head_wb: where the chip writes its head index (coherent)
 * @size_mask: ring size - 1 (ring size is a power of two)
 * @buf_len: BUF_LENGTH of new buffers (changes with the MTU unless fixed)
 * @copybreak: frames up to this length are copied (ethtool tunable)
 * @partial_sync: sync only the received bytes, not the whole buffer
 * @fixed_len: @buf_len does not follow the MTU (legacy, rx-buf-len, or a
 *	policy that is not @ops->resizable)
 * @napi_linked: the policy tied the ring to its channel's NAPI, until
 *	@ops->ring_stop
 * @csum: trust the chip's RX checksum status (NETIF_F_RXCSUM)
 * @dropping: why the frame being received is dropped (LAN743X_RX_KEEP:
 *	it is not)
 * @taken: the received buffer while its slot is refilled (here rather
 *	than on the stack, whose address taken would cost a stack protector
 *	check per buffer)
 * @skb: frame being assembled from several buffers
 * @ts_skb: finished frame waiting for its RX timestamp descriptor
 * @frame_wire: bytes (pad excluded) of the frame in previous buffers
 * @xdp_prog: the XDP program every whole frame goes through (NULL: none);
 *	set only on rings built for XDP, replaced in place
 * @headroom: bytes in front of the device's part of a buffer
 *	(LAN743X_RX_HEADROOM, or XDP_PACKET_HEADROOM on rings built for XDP)
 * @pool: the page_pool of a ring built for XDP
 * @xdp_rxq: the ring as XDP programs see it, registered on rings built
 *	for XDP
 * @xdp: the frame being assembled for a multi-buffer XDP program: its
 *	first buffer, the others as fragments
 * @xdp_synced: per buffer of @xdp (its head, then each fragment): bytes
 *	synced for the CPU, then, once the program ran, bytes to sync for
 *	the device as the page goes back to the pool
 * @xdp_chain: @xdp holds a frame being assembled
 * @xdp_run: how a whole frame goes through @xdp_prog: the policy's
 *	@ops->xdp_run, or the core's
 * @xsk_pool: the AF_XDP buffer pool the ring's buffers come from (the
 *	"xsk" policy), NULL on other rings
 * @mtu: state of the fresh-buffer policy
 * @mtu.cache: page fragments the buffers are carved from
 * @pp: state of the page_pool policy
 * @pp.pool: the ring's page pool
 * @pp.truesize: memory one buffer takes: its fragment, or its whole page
 * @pp.per_page: buffers per page: 1, or more when they are page fragments
 * @pp.offset: where in its page the last fragment taken starts
 *	(page_pool_alloc_frag()'s output; here rather than on the stack,
 *	whose address taken would cost a stack protector check per buffer)
 * @xsk: state of the AF_XDP zero-copy policy
 * @xsk.scratch: a page for descriptors the fill ring had no buffer for:
 *	frames received there are dropped
 * @xsk.scratch_dma: its mapping, for the device to write
 * @xsk.frame: bytes of a pool buffer the pool syncs each time (for the
 *	counters)
 * @dma: device address of @desc; @head_wb follows the descriptors
 * @bytes: size of the coherent allocation
 * @size: number of descriptors
 *
 * New rings for a channel are built in one of these beside the running
 * one, and the two are swapped whole.
 */
struct lan743x_rx_ring {
	/* hot path */
	struct lan743x_desc *desc;
	struct lan743x_rx_slot *slots;
	const struct lan743x_rx_buf_ops *ops;
	__le32 *head_wb;
	u32 size_mask;
	u32 buf_len;
	u32 copybreak;
	bool partial_sync;
	bool fixed_len;
	bool napi_linked;
	bool csum;
	u8 dropping;
	struct lan743x_rx_slot taken;
	struct sk_buff *skb;
	struct sk_buff *ts_skb;
	u32 frame_wire;
	struct bpf_prog *xdp_prog;
	u32 headroom;
	struct page_pool *pool;
	struct xdp_rxq_info xdp_rxq;
	struct lan743x_xdp_buff xdp;
	u32 xdp_synced[MAX_SKB_FRAGS + 1];
	bool xdp_chain;
	struct sk_buff *(*xdp_run)(struct lan743x_rx *rx, struct bpf_prog *prog,
				   struct lan743x_rx_slot *slot, u32 wire,
				   u32 len, struct lan743x_rx_frames *b);
	struct xsk_buff_pool *xsk_pool;
	/* one policy's state; the core never touches it */
	union {
		struct {
			struct page_frag_cache cache;
		} mtu;
		struct {
			struct page_pool *pool;
			unsigned int truesize;
			unsigned int per_page;
			unsigned int offset;
		} pp;
		struct {
			void *scratch;
			dma_addr_t scratch_dma;
			u32 frame;
		} xsk;
	};
	/* slow path */
	dma_addr_t dma;
	size_t bytes;
	u32 size;
};

/**
 * struct lan743x_rx - one RX DMA channel
 * @ring: its ring, replaced whole on reconfiguration
 * @tail_reg: RX_TAIL doorbell
 * @next: next descriptor to look at
 * @tail: last descriptor handed to the chip
 * @pad: RX pad in front of a frame's first buffer (NET_IP_ALIGN)
 * @rearm_flags: RX_TAIL bits that re-arm the interrupt (B0, own vector)
 * @clear_sts: NAPI must clear DMAC_INT_STS itself (no auto-clear)
 * @cost: cost counters not yet moved into @stats
 * @frames: frame counters of the poll under way, not yet moved into @stats
 *	(all 0 between polls)
 * @napi: NAPI context
 * @stats: counters
 * @adapter: owning adapter
 * @running: DMA started and NAPI enabled (a failed restart leaves both off)
 * @ch: channel number
 */
struct lan743x_rx {
	struct lan743x_rx_ring ring;
	void __iomem *tail_reg;
	u32 next;
	u32 tail;
	u32 pad;
	u32 rearm_flags;
	bool clear_sts;
	struct lan743x_rx_cost cost;
	struct lan743x_rx_frames frames;
	struct napi_struct napi;
	struct lan743x_rx_stats stats;

	/* slow path */
	struct lan743x_adapter *adapter;
	bool running;
	u8 ch;
};

#ifdef LAN743X_HAVE_XDP
/* Fragments of an XDP frame (multi-buffer XDP, 5.19 on): 0 before */
static inline u32 lan743x_xdp_nr_frags(struct xdp_buff *xdp)
{
#ifdef LAN743X_HAVE_XDP_FRAGS
	if (xdp_buff_has_frags(xdp))
		return xdp_get_shared_info_from_buff(xdp)->nr_frags;
#endif
	return 0;
}
#endif

/* lan743x_rx.c */
void lan743x_rx_params_init(struct lan743x_rx_params *p);
bool lan743x_rx_params_need_rings(const struct lan743x_rx_params *a,
				  const struct lan743x_rx_params *b);
bool lan743x_rx_mtu_needs_rings(const struct lan743x_rx_params *p,
				unsigned int old_mtu, unsigned int new_mtu);
int lan743x_rx_reconfigure(struct lan743x_adapter *adapter,
			   const struct lan743x_rx_params *p, unsigned int mtu,
			   struct netlink_ext_ack *extack);
int lan743x_rx_reconfigure_ch(struct lan743x_adapter *adapter, u8 ch,
			      const struct lan743x_rx_params *p,
			      struct netlink_ext_ack *extack);
void lan743x_rx_set_copybreak(struct lan743x_adapter *adapter, u32 copybreak);
u32 lan743x_rx_cur_buf_len(struct lan743x_adapter *adapter);
void lan743x_rx_read_stats(struct lan743x_adapter *adapter, u8 ch,
			   struct lan743x_rx_stats *out);
void lan743x_rx_init(struct lan743x_adapter *adapter, u8 ch);
int lan743x_rx_open(struct lan743x_rx *rx);
void lan743x_rx_close(struct lan743x_rx *rx);
void lan743x_rx_set_mtu(struct lan743x_rx *rx, unsigned int mtu);
u32 lan743x_rx_buf_len(unsigned int mtu);
bool lan743x_rx_buf_len_fits(u32 len, unsigned int mtu);
void lan743x_rx_set_csum(struct lan743x_rx *rx, bool enable);
int lan743x_rx_poll(struct napi_struct *napi, int budget);

#ifdef LAN743X_HAVE_QUEUE_RESTART
extern const struct netdev_queue_mgmt_ops lan743x_queue_mgmt_ops;
#endif

/* lan743x_rx_mtu.c: a fresh buffer mapped per packet */
extern const struct lan743x_rx_buf_ops lan743x_rx_mtu_ops;
void lan743x_rx_mtu_detach(struct lan743x_rx *rx, struct lan743x_rx_slot *slot);
int lan743x_rx_mtu_refill(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			  gfp_t gfp);

/* lan743x_rx_pp.c: page_pool recycling */
extern const struct lan743x_rx_buf_ops lan743x_rx_pp_ops;
int lan743x_rx_pp_refill(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			 gfp_t gfp);

/* lan743x_xsk.c: AF_XDP zero-copy, buffers of a UMEM's pool */
#ifdef LAN743X_HAVE_XSK_POOL
extern const struct lan743x_rx_buf_ops lan743x_xsk_ops;
struct sk_buff *lan743x_xsk_run(struct lan743x_rx *rx, struct bpf_prog *prog,
				struct lan743x_rx_slot *slot, u32 wire, u32 len,
				struct lan743x_rx_frames *b);
#endif

#endif /* _LAN743X_RX_H */

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

struct lan743x_adapter;
struct lan743x_desc;
struct lan743x_rx;

#define LAN743X_RX_RING_SIZE		128

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
 * struct lan743x_rx_buf_ops - an RX buffer policy
 * @name: policy name, for messages
 * @ring_alloc: set up per-ring policy state (may be NULL)
 * @ring_free: tear it down (may be NULL)
 * @refill: put a new buffer, owned by the device, into @slot
 * @sync_for_cpu: hand the first @len bytes of a received buffer to the CPU
 * @recycle: give a buffer back to the device unchanged; @synced bytes of it
 *	were handed to the CPU and must be handed back
 * @build_skb: make the head skb of a frame from @slot, @pad bytes of RX pad
 *	then @len bytes of frame; consumes the buffer
 * @add_frag: append @len bytes of @slot to @skb; consumes the buffer
 * @release: unmap and free a buffer the device no longer uses
 *
 * Context: @refill gets the gfp flags of its caller (GFP_KERNEL at open,
 * GFP_ATOMIC in NAPI); everything else runs in NAPI or with NAPI disabled.
 */
struct lan743x_rx_buf_ops {
	const char *name;
	int (*ring_alloc)(struct lan743x_rx *rx);
	void (*ring_free)(struct lan743x_rx *rx);
	int (*refill)(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
		      gfp_t gfp);
	void (*sync_for_cpu)(struct lan743x_rx *rx,
			     struct lan743x_rx_slot *slot, u32 len);
	void (*recycle)(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			u32 synced);
	struct sk_buff *(*build_skb)(struct lan743x_rx *rx,
				     struct lan743x_rx_slot *slot,
				     u32 pad, u32 len);
	void (*add_frag)(struct lan743x_rx *rx, struct sk_buff *skb,
			 struct lan743x_rx_slot *slot, u32 len);
	void (*release)(struct lan743x_rx *rx, struct lan743x_rx_slot *slot);
};

/**
 * struct lan743x_rx_stats - software counters of one RX ring
 * @packets: frames handed to the stack
 * @bytes: their bytes (FCS excluded)
 * @alloc_fail: replacement buffer allocations that failed
 * @dropped: frames dropped by the driver (allocation failure, too many
 *	buffers, malformed descriptor chain)
 * @csum_unnecessary: frames whose L3/L4 checksums the chip verified
 * @csum_none: frames passed up without checksum verification
 * @multi_buf: frames that spanned more than one buffer
 * @syncp: protects the counters on 32-bit hosts
 */
struct lan743x_rx_stats {
	u64 packets;
	u64 bytes;
	u64 alloc_fail;
	u64 dropped;
	u64 csum_unnecessary;
	u64 csum_none;
	u64 multi_buf;
	struct u64_stats_sync syncp;
};

/**
 * struct lan743x_rx - one RX DMA channel
 * @desc: descriptor ring (coherent)
 * @slots: buffer per descriptor
 * @ops: buffer policy bound to this ring
 * @head_wb: where the chip writes its head index (coherent)
 * @tail_reg: RX_TAIL doorbell
 * @size_mask: ring size - 1 (ring size is a power of two)
 * @next: next descriptor to look at
 * @tail: last descriptor handed to the chip
 * @buf_len: BUF_LENGTH of new buffers (changes with the MTU)
 * @pad: RX pad in front of a frame's first buffer (NET_IP_ALIGN)
 * @rearm_flags: RX_TAIL bits that re-arm the interrupt (B0, own vector)
 * @clear_sts: NAPI must clear DMAC_INT_STS itself (no auto-clear)
 * @skb: frame being assembled from several buffers
 * @frame_wire: bytes (pad excluded) of the frame in previous buffers
 * @dropping: the frame being received is being dropped
 * @csum: trust the chip's RX checksum status (NETIF_F_RXCSUM)
 * @mtu: state of the MTU-sized buffer policy
 * @mtu.cache: page fragments the buffers are carved from
 * @napi: NAPI context
 * @stats: counters
 * @adapter: owning adapter
 * @ring_dma: device address of @desc; @head_wb follows the descriptors
 * @ring_bytes: size of the coherent allocation
 * @size: number of descriptors
 * @ch: channel number
 */
struct lan743x_rx {
	/* hot path */
	struct lan743x_desc *desc;
	struct lan743x_rx_slot *slots;
	const struct lan743x_rx_buf_ops *ops;
	__le32 *head_wb;
	void __iomem *tail_reg;
	u32 size_mask;
	u32 next;
	u32 tail;
	u32 buf_len;
	u32 pad;
	u32 rearm_flags;
	bool clear_sts;
	struct sk_buff *skb;
	u32 frame_wire;
	bool dropping;
	bool csum;
	union {
		struct {
			struct page_frag_cache cache;
		} mtu;
	};
	struct napi_struct napi;
	struct lan743x_rx_stats stats;

	/* slow path */
	struct lan743x_adapter *adapter;
	dma_addr_t ring_dma;
	size_t ring_bytes;
	u32 size;
	u8 ch;
};

/* lan743x_rx.c */
void lan743x_rx_init(struct lan743x_adapter *adapter, u8 ch);
int lan743x_rx_open(struct lan743x_rx *rx);
void lan743x_rx_close(struct lan743x_rx *rx);
void lan743x_rx_set_mtu(struct lan743x_rx *rx, unsigned int mtu);
u32 lan743x_rx_buf_len(unsigned int mtu);
void lan743x_rx_set_csum(struct lan743x_rx *rx, bool enable);
int lan743x_rx_poll(struct napi_struct *napi, int budget);

/* lan743x_rx_mtu.c: MTU-sized buffers, partial sync */
extern const struct lan743x_rx_buf_ops lan743x_rx_mtu_ops;
struct sk_buff *lan743x_rx_mtu_build_skb(struct lan743x_rx *rx,
					 struct lan743x_rx_slot *slot,
					 u32 pad, u32 len);
void lan743x_rx_mtu_add_frag(struct lan743x_rx *rx, struct sk_buff *skb,
			     struct lan743x_rx_slot *slot, u32 len);
int lan743x_rx_mtu_refill(struct lan743x_rx *rx, struct lan743x_rx_slot *slot,
			  gfp_t gfp);

#endif /* _LAN743X_RX_H */

// SPDX-License-Identifier: GPL-2.0
/* XDP programs of 52-xdp, one per object: built by tests/mkimage with
 * clang -target bpf -DLT_<ACTION> into /lib/lt/xdp/<action>.o, loaded
 * with ip link set dev X xdpdrv obj <action>.o sec xdp.
 *
 * Each acts on frames of EtherType 0x88b5 (the peer's XDP request) and
 * passes everything else, so that the guest's IP traffic goes on:
 *   drop   XDP_DROP
 *   pass   XDP_PASS for every frame
 *   tx     MAC addresses swapped, XDP_TX
 *   shape  bpf_xdp_adjust_meta() 8 bytes of metadata, bpf_xdp_adjust_head()
 *          4 bytes more in front, bpf_xdp_adjust_tail() 8 bytes less at
 *          the end: MAC addresses swapped, EtherType 0x88b6, de ad be ef,
 *          the payload less its last 8 bytes; XDP_TX
 *   redir  MAC addresses swapped, bpf_redirect() to the interface whose
 *          index is the payload's first 4 bytes (big-endian)
 *   shaperedir  shaped as by shape, then bpf_redirect() as by redir
 *   abort  XDP_ABORTED
 * Built with -DLT_FRAGS too, into f-<action>.o: the same program in
 * section xdp.frags (libbpf loads it with BPF_F_XDP_HAS_FRAGS), which
 * takes frames of several buffers (58-xdp-frags).  It sees their first
 * buffer at data..data_end; bpf_xdp_adjust_tail() works on the last.
 * No libbpf headers: the helpers are declared by their numbers.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>

#define SEC(name) __attribute__((section(name), used))

static long (*bpf_redirect)(__u32 ifindex, __u64 flags) = (void *)BPF_FUNC_redirect;
static long (*bpf_xdp_adjust_head)(struct xdp_md *xdp, int delta) =
	(void *)BPF_FUNC_xdp_adjust_head;
static long (*bpf_xdp_adjust_tail)(struct xdp_md *xdp, int delta) =
	(void *)BPF_FUNC_xdp_adjust_tail;
static long (*bpf_xdp_adjust_meta)(struct xdp_md *xdp, int delta) =
	(void *)BPF_FUNC_xdp_adjust_meta;

#define LT_ETH_P_EXP	0x88b5
#define LT_ETH_P_SHAPED	0x88b6

static inline __u16 lt_htons(__u16 v)
{
	return __builtin_bswap16(v);
}

static inline void lt_swap_mac(unsigned char *h)
{
	unsigned char t[ETH_ALEN];

	__builtin_memcpy(t, h, ETH_ALEN);
	__builtin_memcpy(h, h + ETH_ALEN, ETH_ALEN);
	__builtin_memcpy(h + ETH_ALEN, t, ETH_ALEN);
}

#ifdef LT_FRAGS
#define LT_SEC	"xdp.frags"
#else
#define LT_SEC	"xdp"
#endif

SEC(LT_SEC)
int lt_xdp(struct xdp_md *ctx)
{
	unsigned char *data = (void *)(long)ctx->data;
	unsigned char *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = (void *)data;

	if (data + ETH_HLEN + 8 > end)
		return XDP_PASS;
	if (eth->h_proto != lt_htons(LT_ETH_P_EXP))
		return XDP_PASS;
#if defined(LT_DROP)
	return XDP_DROP;
#elif defined(LT_PASS)
	return XDP_PASS;
#elif defined(LT_ABORT)
	return XDP_ABORTED;
#elif defined(LT_TX)
	lt_swap_mac(data);
	return XDP_TX;
#elif defined(LT_REDIR)
	{
		__u32 ifindex = __builtin_bswap32(*(__u32 *)(data + ETH_HLEN));

		lt_swap_mac(data);
		return bpf_redirect(ifindex, 0);
	}
#elif defined(LT_SHAPE) || defined(LT_SHAPEREDIR)
	{
		__u32 ifindex = __builtin_bswap32(*(__u32 *)(data + ETH_HLEN));
		unsigned char mac[2 * ETH_ALEN];
		__u32 *meta;

		__builtin_memcpy(mac, data, 2 * ETH_ALEN);
		if (bpf_xdp_adjust_meta(ctx, -8))
			return XDP_ABORTED;
		meta = (void *)(long)ctx->data_meta;
		data = (void *)(long)ctx->data;
		if ((unsigned char *)(meta + 2) > data)
			return XDP_ABORTED;
		meta[0] = 0x4c543734;
		meta[1] = 0x33780000;
		if (bpf_xdp_adjust_head(ctx, -4) || bpf_xdp_adjust_tail(ctx, -8))
			return XDP_ABORTED;
		data = (void *)(long)ctx->data;
		end = (void *)(long)ctx->data_end;
		if (data + ETH_HLEN + 4 > end)
			return XDP_ABORTED;
		__builtin_memcpy(data, mac + ETH_ALEN, ETH_ALEN);
		__builtin_memcpy(data + ETH_ALEN, mac, ETH_ALEN);
		((struct ethhdr *)data)->h_proto = lt_htons(LT_ETH_P_SHAPED);
		data[14] = 0xde;
		data[15] = 0xad;
		data[16] = 0xbe;
		data[17] = 0xef;
#ifdef LT_SHAPEREDIR
		return bpf_redirect(ifindex, 0);
#else
		(void)ifindex;
		return XDP_TX;
#endif
	}
#else
#error "one of LT_DROP, LT_PASS, LT_ABORT, LT_TX, LT_REDIR, LT_SHAPE, LT_SHAPEREDIR"
#endif
}

char _license[] SEC("license") = "GPL";

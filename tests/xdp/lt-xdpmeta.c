// SPDX-License-Identifier: GPL-2.0
/* The XDP program of 61-xdp-metadata: the RX metadata the driver gives XDP
 * programs (kfuncs, Linux 6.3 on), read for every frame of EtherType
 * 0x88b5 (the peer's XDP request), which it then drops; everything else
 * passes.  What the kfuncs said goes into the array map "lt_meta", which
 * tests/xdp/lt-xdpmeta-load.c pins and prints (LT_M_* below are its
 * entries).  Built by tests/mkimage with clang -g -target bpf into
 * /lib/lt/xdp/meta.o, and with -DLT_FRAGS into f-meta.o (section
 * xdp.frags: frames of several buffers); loaded bound to the device
 * (prog_ifindex and BPF_F_XDP_DEV_BOUND_ONLY), or not, by that loader.
 */
#include <linux/bpf.h>
#include <linux/errno.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>

/* include/net/xdp.h: not in the UAPI headers */
enum xdp_rss_hash_type {
	XDP_RSS_TYPE_NONE = 0,
};

extern int bpf_xdp_metadata_rx_timestamp(const struct xdp_md *ctx,
					 __u64 *timestamp) __ksym;
extern int bpf_xdp_metadata_rx_hash(const struct xdp_md *ctx, __u32 *hash,
				    enum xdp_rss_hash_type *rss_type) __ksym;

enum {
	LT_M_FRAMES,		/* frames of EtherType 0x88b5 seen */
	LT_M_TS_OK,		/* rx_timestamp: 0 */
	LT_M_TS_NODATA,		/* -ENODATA */
	LT_M_TS_NOTSUPP,	/* -EOPNOTSUPP */
	LT_M_TS_OTHER,		/* any other return */
	LT_M_TS_FIRST,		/* the first timestamp, ns */
	LT_M_TS_LAST,		/* the last one */
	LT_M_TS_BACK,		/* timestamps earlier than the one before */
	LT_M_TS_ZERO,		/* timestamps of 0 */
	LT_M_HASH_OK,		/* rx_hash: 0 */
	LT_M_HASH_NODATA,	/* -ENODATA */
	LT_M_HASH_NOTSUPP,	/* -EOPNOTSUPP */
	LT_M_HASH_OTHER,	/* any other return */
	LT_M_CNT
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, LT_M_CNT);
	__type(key, __u32);
	__type(value, __u64);
} lt_meta SEC(".maps");

static __always_inline void lt_add(__u32 key, __u64 n)
{
	__u64 *v = bpf_map_lookup_elem(&lt_meta, &key);

	if (v)
		__sync_fetch_and_add(v, n);
}

static __always_inline void lt_set(__u32 key, __u64 val)
{
	__u64 *v = bpf_map_lookup_elem(&lt_meta, &key);

	if (v)
		*v = val;
}

static __always_inline __u64 lt_get(__u32 key)
{
	__u64 *v = bpf_map_lookup_elem(&lt_meta, &key);

	return v ? *v : 0;
}

#ifdef LT_FRAGS
SEC("xdp.frags")
#else
SEC("xdp")
#endif
int lt_xdpmeta(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	enum xdp_rss_hash_type type;
	__u64 ts = 0;
	__u32 hash;
	int ret;

	if ((void *)(eth + 1) > end ||
	    eth->h_proto != __builtin_bswap16(0x88b5))
		return XDP_PASS;
	lt_add(LT_M_FRAMES, 1);

	ret = bpf_xdp_metadata_rx_timestamp(ctx, &ts);
	if (!ret) {
		lt_add(LT_M_TS_OK, 1);
		if (!ts)
			lt_add(LT_M_TS_ZERO, 1);
		/* the peer's frames all come in on queue 0: in order */
		if (ts < lt_get(LT_M_TS_LAST))
			lt_add(LT_M_TS_BACK, 1);
		if (!lt_get(LT_M_TS_FIRST))
			lt_set(LT_M_TS_FIRST, ts);
		lt_set(LT_M_TS_LAST, ts);
	} else if (ret == -ENODATA) {
		lt_add(LT_M_TS_NODATA, 1);
	} else if (ret == -EOPNOTSUPP) {
		lt_add(LT_M_TS_NOTSUPP, 1);
	} else {
		lt_add(LT_M_TS_OTHER, 1);
	}

	ret = bpf_xdp_metadata_rx_hash(ctx, &hash, &type);
	if (!ret)
		lt_add(LT_M_HASH_OK, 1);
	else if (ret == -ENODATA)
		lt_add(LT_M_HASH_NODATA, 1);
	else if (ret == -EOPNOTSUPP)
		lt_add(LT_M_HASH_NOTSUPP, 1);
	else
		lt_add(LT_M_HASH_OTHER, 1);
	return XDP_DROP;
}

char _license[] SEC("license") = "GPL";

/* SPDX-License-Identifier: GPL-2.0 */
/* What differs between the kernels the driver builds for (5.10 to 7.3),
 * in one place.  compat-probed.h says which APIs this kernel has (each
 * probe in compat-probes.c names the kernel that brought it); here an
 * API an older kernel lacks gets the nearest equivalent, under the
 * kernel's own name where the meaning is the same, so the rest of the
 * driver is written against the newest API.  Where the meaning differs
 * (page_pool recycling, ring and coalescing ops), the driver tests
 * LAN743X_HAVE_* itself, next to the code concerned.
 */
#ifndef _LAN743X_COMPAT_H
#define _LAN743X_COMPAT_H

#include <linux/ethtool.h>
#include <linux/linkmode.h>
#include <linux/netdevice.h>
#include <linux/pm.h>
#include <linux/ptp_classify.h>
#include <linux/skbuff.h>

#include "compat-probed.h"

#ifdef LAN743X_HAVE_PP_HELPERS
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif
#if defined(LAN743X_HAVE_QSTATS) || defined(LAN743X_HAVE_QUEUE_MGMT)
#include <net/netdev_queues.h>
#endif
#ifdef LAN743X_HAVE_XDP
#include <linux/bpf_trace.h>
#include <linux/filter.h>
#include <net/xdp.h>
#endif

/* 5.17: before, PM callbacks were __maybe_unused and the ops always built */
#ifndef LAN743X_HAVE_DEFINE_SIMPLE_DEV_PM_OPS
#define DEFINE_SIMPLE_DEV_PM_OPS(name, suspend_fn, resume_fn)		\
	const struct dev_pm_ops name = {				\
		SET_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)		\
	}
#define pm_sleep_ptr(ptr)	(IS_ENABLED(CONFIG_PM_SLEEP) ? (ptr) : NULL)
#endif

/* 6.1 dropped the weight argument; every kernel polls 64 at a time.  A
 * function-like macro does not expand itself: these call the kernel's own.
 */
#ifndef LAN743X_HAVE_NAPI_ADD_NO_WEIGHT
#define netif_napi_add(dev, napi, poll)					\
	netif_napi_add(dev, napi, poll, NAPI_POLL_WEIGHT)
#endif
#ifndef LAN743X_HAVE_NAPI_ADD_TX
#define netif_napi_add_tx(dev, napi, poll)				\
	netif_tx_napi_add(dev, napi, poll, NAPI_POLL_WEIGHT)
#endif

/* 5.12: skb heads from the NAPI cache; a plain build_skb() before */
#ifndef LAN743X_HAVE_NAPI_BUILD_SKB
#define napi_build_skb(data, frag_size)	build_skb(data, frag_size)
#endif

/* 5.15 (5.14 with other arguments): without it page_pool pages cannot go
 * to the stack still owned by their pool; the page_pool policy releases
 * them from the pool as they leave the ring (lan743x_rx_pp.c), so this is
 * never reached there.
 */
#ifndef LAN743X_HAVE_SKB_MARK_FOR_RECYCLE
#define skb_mark_for_recycle(skb)	do { } while (0)
#endif

/* 5.17: an invalid XDP action was reported by its number alone */
#if defined(LAN743X_HAVE_XDP) && !defined(LAN743X_HAVE_BPF_WARN_XDP_DEV)
#define bpf_warn_invalid_xdp_action(dev, prog, act)			\
	bpf_warn_invalid_xdp_action(act)
#endif

/* 5.19: multi-buffer XDP; 6.3: RX metadata for XDP programs; AF_XDP
 * zero-copy (5.10's API); only with native XDP
 */
#ifndef LAN743X_HAVE_XDP
#undef LAN743X_HAVE_XDP_FRAGS
#undef LAN743X_HAVE_XDP_METADATA
#undef LAN743X_HAVE_XSK_POOL
#endif
#ifdef LAN743X_HAVE_XSK_POOL
#include <net/xdp_sock_drv.h>
#endif

/* 6.14: an xdp_frame keeps its memory's type alone; a whole
 * struct xdp_mem_info (type and allocator id) before
 */
#if defined(LAN743X_HAVE_XDP) && !defined(LAN743X_HAVE_XDP_FRAME_MEM_TYPE)
#define lan743x_xdpf_mem_type(f)	((f)->mem.type)
#else
#define lan743x_xdpf_mem_type(f)	((f)->mem_type)
#endif

/* 6.10: an XSK buffer knew its pool before, which had to be named */
#if defined(LAN743X_HAVE_XSK_POOL) && !defined(LAN743X_HAVE_XSK_SYNC_NO_POOL)
static inline void lan743x_xsk_buff_dma_sync_for_cpu(struct xdp_buff *xdp)
{
	struct xdp_buff_xsk *xskb = container_of(xdp, struct xdp_buff_xsk, xdp);

	xsk_buff_dma_sync_for_cpu(xdp, xskb->pool);
}

#define xsk_buff_dma_sync_for_cpu(xdp)	lan743x_xsk_buff_dma_sync_for_cpu(xdp)
#endif

/* 6.5: a fragment was filled in field by field */
#if defined(LAN743X_HAVE_XDP_FRAGS) && !defined(LAN743X_HAVE_SKB_FRAG_FILL)
static inline void skb_frag_fill_page_desc(skb_frag_t *frag, struct page *page,
					   int off, int size)
{
	__skb_frag_set_page(frag, page);
	skb_frag_off_set(frag, off);
	skb_frag_size_set(frag, size);
}
#endif

/* 5.13 */
#ifndef LAN743X_HAVE_ETHTOOL_SPRINTF
static inline __printf(2, 3) void ethtool_sprintf(u8 **data, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf(*data, ETH_GSTRING_LEN, fmt, args);
	va_end(args);
	*data += ETH_GSTRING_LEN;
}
#endif

/* 5.11: PTP message types had no names (the value is the standard's) */
#ifndef LAN743X_HAVE_PTP_MSGTYPE
#define PTP_MSGTYPE_SYNC	0x0
#endif

/* 5.17: the ring ops' extra parameter, which the driver fills itself
 * before then (only rx_buf_len: ethtool has no rx-buf-len before 5.17).
 */
#ifndef LAN743X_HAVE_RINGPARAM_KERNEL
struct kernel_ethtool_ringparam {
	u32 rx_buf_len;
};
#endif

/* 5.15: the coalescing ops' extra parameter, which the driver ignores */
#ifndef LAN743X_HAVE_COALESCE_KERNEL
struct kernel_ethtool_coalesce;
#endif

/* 6.9: the EEE ops' structure has link mode bitmaps; a u32 of the first
 * 32 link modes before (every mode the chip's PHY has EEE for is there).
 */
#ifdef LAN743X_HAVE_ETHTOOL_KEEE
#define lan743x_ethtool_eee	ethtool_keee
static inline bool lan743x_eee_adv_none(const struct ethtool_keee *eee)
{
	return linkmode_empty(eee->advertised);
}

static inline bool lan743x_eee_adv_supported(const struct ethtool_keee *eee,
					     const struct ethtool_keee *sup)
{
	return linkmode_intersects(eee->advertised, sup->supported);
}
#else
#define lan743x_ethtool_eee	ethtool_eee
static inline bool lan743x_eee_adv_none(const struct ethtool_eee *eee)
{
	return !eee->advertised;
}

static inline bool lan743x_eee_adv_supported(const struct ethtool_eee *eee,
					     const struct ethtool_eee *sup)
{
	return eee->advertised & sup->supported;
}
#endif

/* The core's queue restart (6.10).  From 6.15 on, a device with these ops
 * runs its ops under its instance lock instead of rtnl alone, and phylib
 * refuses to attach a PHY to such a device (7.x warns and fails ndo_open):
 * a phylib MAC offers queue restarts only before the instance lock.
 */
#if defined(LAN743X_HAVE_QUEUE_MGMT) && !defined(LAN743X_HAVE_NETDEV_OPS_LOCK)
#define LAN743X_HAVE_QUEUE_RESTART 1
#endif

#endif /* _LAN743X_COMPAT_H */

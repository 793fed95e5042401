// SPDX-License-Identifier: GPL-2.0
/* XDP of the LAN743x: attaching programs and what they need.
 *
 * XDP belongs to the RX core, not to a buffer policy: the core runs the
 * program on every whole frame of a ring built for it (lan743x_rx.c),
 * and the page_pool policy is the one that can build such a ring (whole
 * pages mapped both ways, XDP_PACKET_HEADROOM in front, the pool as the
 * queue's XDP memory).  The program is one more RX parameter: attaching
 * the first one or detaching the last builds new rings beside the running
 * ones and swaps them in, as any other change of layout does; one program
 * for another is swapped in place.  What cannot be honoured is refused
 * with the old program kept: the other policies, buffers beyond a page,
 * and frames that would not fit one buffer (rx-buf-len, or an MTU beyond
 * a page) unless the program takes fragments (xdp.frags, multi-buffer
 * XDP from 5.19): the core then hands it frames of several buffers, each
 * a page of its own.
 *
 * AF_XDP zero-copy (lan743x_xsk.c): a socket's buffer pool bound to a
 * queue is one more RX parameter of that queue, which keeps the rest of
 * the parameters to the page_pool policy and frames of one UMEM chunk.
 *
 * RX metadata (6.3 on): a program bound to the device reads a frame's
 * hardware RX timestamp with bpf_xdp_metadata_rx_timestamp().  The chip
 * writes it into an extension descriptor after the frame's last one, as
 * for the stack; the program runs while both are still as the chip wrote
 * them back.  The chip's RSS hash is not offered: where the chip stores
 * it in a descriptor is not known to the driver.
 */

#include <linux/bitfield.h>
#include <linux/netdevice.h>

#include "lan743x_main.h"

#ifdef LAN743X_HAVE_XDP
/* Largest MTU whose frames fit one page with XDP's headroom and tailroom */
static unsigned int lan743x_xdp_max_mtu(void)
{
	return PAGE_SIZE - XDP_PACKET_HEADROOM -
	       SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) -
	       (NET_IP_ALIGN + VLAN_ETH_HLEN + ETH_FCS_LEN);
}

/**
 * lan743x_xdp_buf_len_max() - the largest buffer of a ring built for XDP
 *
 * Return: the buffer length of the largest MTU whose frames fit one page;
 * multi-buffer programs get buffers of at most this length at larger MTUs.
 */
u32 lan743x_xdp_buf_len_max(void)
{
	return lan743x_rx_buf_len(lan743x_xdp_max_mtu());
}

/* @prog takes frames of several buffers (xdp.frags, 5.19 on) */
static bool lan743x_xdp_prog_frags(const struct bpf_prog *prog)
{
#ifdef LAN743X_HAVE_XDP_FRAGS
	return prog->aux->xdp_has_frags;
#else
	return false;
#endif
}

/* Why the AF_XDP zero-copy sockets bound to queues cannot have their
 * frames in @p's rings at @mtu, in @extack.  Return: 0 or -errno
 */
static int lan743x_xdp_xsk_refusal(const struct lan743x_rx_params *p,
				   unsigned int mtu,
				   struct netlink_ext_ack *extack)
{
#ifdef LAN743X_HAVE_XSK_POOL
	int q;

	for (q = 0; q < LAN743X_NUM_RX; q++) {
		if (!p->xsk_pool[q])
			continue;
		if (!p->page_pool || !p->mtu_buffers) {
			NL_SET_ERR_MSG_MOD(extack,
					   "AF_XDP zero-copy needs the page_pool RX policy: private flags rx-page-pool and rx-mtu-buffers on");
			return -EOPNOTSUPP;
		}
		if (lan743x_rx_buf_len(mtu) >
		    xsk_pool_get_rx_frame_size(p->xsk_pool[q])) {
			NL_SET_ERR_MSG_MOD(extack,
					   "AF_XDP zero-copy needs a frame in one UMEM chunk: MTU too large for the socket's chunk size");
			return -EINVAL;
		}
	}
#endif
	return 0;
}

/* Why @p cannot run its program, in @extack.  Return: 0 or -errno */
static int lan743x_xdp_refusal(const struct lan743x_rx_params *p,
			       unsigned int mtu, struct netlink_ext_ack *extack)
{
	int ret;

	ret = lan743x_xdp_xsk_refusal(p, mtu, extack);
	if (ret || !p->xdp_prog)
		return ret;
	if (!p->page_pool || !p->mtu_buffers) {
		NL_SET_ERR_MSG_MOD(extack,
				   "XDP needs the page_pool RX policy: private flags rx-page-pool and rx-mtu-buffers on");
		return -EOPNOTSUPP;
	}
	if (p->buf_len > lan743x_xdp_buf_len_max()) {
		NL_SET_ERR_MSG_MOD(extack,
				   "XDP needs buffers of one page: rx-buf-len too large");
		return -EINVAL;
	}
	/* a multi-buffer program takes frames of any MTU, in pages */
	if (lan743x_xdp_prog_frags(p->xdp_prog))
		return 0;
	if (p->buf_len && p->buf_len < lan743x_rx_buf_len(mtu)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "XDP needs a frame in one buffer: rx-buf-len is too small for this MTU (unless the program takes fragments: xdp.frags)");
		return -EINVAL;
	}
	if (mtu > lan743x_xdp_max_mtu()) {
		NL_SET_ERR_MSG_MOD(extack,
				   "XDP needs a frame in one page: MTU too large (unless the program takes fragments: xdp.frags)");
		return -EINVAL;
	}
	return 0;
}

/* The largest MTU @p takes with a program in one buffer, for the log: a
 * page's, or less for the UMEM chunks of AF_XDP pools
 */
static unsigned int lan743x_xdp_mtu_limit(const struct lan743x_rx_params *p)
{
	unsigned int max = lan743x_xdp_max_mtu();
#ifdef LAN743X_HAVE_XSK_POOL
	const u32 over = NET_IP_ALIGN + VLAN_ETH_HLEN + ETH_FCS_LEN;
	int q;

	for (q = 0; q < LAN743X_NUM_RX; q++)
		if (p->xsk_pool[q])
			max = min(max, xsk_pool_get_rx_frame_size(p->xsk_pool[q]) -
				  over);
#endif
	return max;
}

/**
 * lan743x_xdp_check() - can RX parameters run their XDP program?
 * @netdev: our device, for the log
 * @p: the parameters (no program: always)
 * @mtu: the MTU they are for
 * @extack: the reason for a refusal; NULL: the reason is logged
 *
 * Return: 0, or -EOPNOTSUPP (policy) or -EINVAL (buffers, MTU).
 */
int lan743x_xdp_check(struct net_device *netdev,
		      const struct lan743x_rx_params *p, unsigned int mtu,
		      struct netlink_ext_ack *extack)
{
	struct netlink_ext_ack log = {};
	int ret;

	ret = lan743x_xdp_refusal(p, mtu, extack ?: &log);
	if (ret && !extack)
		netdev_err(netdev, "%s (at most MTU %u)\n", log._msg,
			   lan743x_xdp_mtu_limit(p));
	return ret;
}

/**
 * lan743x_xdp_set_features() - the XDP features the RX policy offers
 * @adapter: adapter; rtnl held
 */
void lan743x_xdp_set_features(struct lan743x_adapter *adapter)
{
#ifdef LAN743X_HAVE_XDP_FEATURES
	const struct lan743x_rx_params *p = &adapter->rxp;
	xdp_features_t f = NETDEV_XDP_ACT_NDO_XMIT;

	if (p->page_pool && p->mtu_buffers)
		f |= NETDEV_XDP_ACT_BASIC | NETDEV_XDP_ACT_REDIRECT;
#ifdef LAN743X_HAVE_XSK_POOL
	if (p->page_pool && p->mtu_buffers)
		f |= NETDEV_XDP_ACT_XSK_ZEROCOPY;
#endif
#ifdef LAN743X_HAVE_XDP_FRAGS
	/* frames of several pages, received and sent */
	f |= NETDEV_XDP_ACT_NDO_XMIT_SG;
	if (p->page_pool && p->mtu_buffers)
		f |= NETDEV_XDP_ACT_RX_SG;
#endif
	xdp_set_features_flag(adapter->netdev, f);
#endif
}

#ifdef LAN743X_HAVE_XDP_METADATA
/* xmo_rx_timestamp: the frame's RX timestamp, when the timestamping
 * configuration asks the chip for one and its extension descriptor is
 * back: -ENODATA otherwise.
 */
static int lan743x_xdp_rx_timestamp(const struct xdp_md *ctx, u64 *timestamp)
{
	const struct lan743x_xdp_buff *xb = (const void *)ctx;
	const struct lan743x_rx *rx = xb->rx;
	const struct lan743x_desc *ext;
	u32 data0;

	if (READ_ONCE(rx->adapter->ptp.rx_filter) == HWTSTAMP_FILTER_NONE ||
	    !(le32_to_cpu(rx->ring.desc[xb->ls].data0) & RX_DESC_DATA0_EXT_))
		return -ENODATA;
	ext = &rx->ring.desc[(xb->ls + 1) & rx->ring.size_mask];
	data0 = le32_to_cpu(READ_ONCE(ext->data0));
	if ((data0 & (RX_DESC_DATA0_OWN_ | RX_DESC_DATA0_FS_ |
		      RX_DESC_DATA0_LS_ | RX_DESC_DATA0_EXT_)) !=
	    RX_DESC_DATA0_EXT_)
		return -ENODATA;
	/* the timestamp only after seeing OWN clear */
	dma_rmb();
	*timestamp = lan743x_ptp_rx_time(ext);
	return 0;
}

const struct xdp_metadata_ops lan743x_xdp_metadata_ops = {
	.xmo_rx_timestamp	= lan743x_xdp_rx_timestamp,
};
#endif

/* XDP_SETUP_PROG: @prog's reference is ours on success, the old one's
 * goes; on failure nothing changed.
 */
static int lan743x_xdp_setup(struct lan743x_adapter *adapter,
			     struct bpf_prog *prog,
			     struct netlink_ext_ack *extack)
{
	struct net_device *netdev = adapter->netdev;
	struct lan743x_rx_params p = adapter->rxp;
	struct bpf_prog *old = p.xdp_prog;
	int ch, ret;

	p.xdp_prog = prog;
	ret = lan743x_xdp_check(netdev, &p, netdev->mtu, extack);
	if (ret)
		return ret;
	if (lan743x_rx_params_need_rings(&p, &adapter->rxp)) {
		ret = lan743x_rx_reconfigure(adapter, &p, netdev->mtu, extack);
		/* a channel that did not restart still took the program */
		if (ret && adapter->rxp.xdp_prog != prog)
			return ret;
	} else {
		adapter->rxp.xdp_prog = prog;
		for (ch = 0; ch < LAN743X_NUM_RX; ch++)
			WRITE_ONCE(adapter->rx[ch].ring.xdp_prog, prog);
	}
	/* freed after a grace period: a poll may still be running it */
	if (old)
		bpf_prog_put(old);
	return 0;
}

/**
 * lan743x_xdp_bpf() - ndo_bpf
 * @netdev: our device
 * @bpf: the command
 *
 * Context: rtnl held.
 *
 * Return: 0 or a negative errno.
 */
int lan743x_xdp_bpf(struct net_device *netdev, struct netdev_bpf *bpf)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	switch (bpf->command) {
	case XDP_SETUP_PROG:
		return lan743x_xdp_setup(adapter, bpf->prog, bpf->extack);
	case XDP_SETUP_XSK_POOL:
#ifdef LAN743X_HAVE_XSK_POOL
		return lan743x_xsk_pool_setup(adapter, bpf->xsk.pool,
					      bpf->xsk.queue_id, bpf->extack);
#else
		NL_SET_ERR_MSG_MOD(bpf->extack,
				   "AF_XDP zero-copy is not built for this kernel");
		return -EOPNOTSUPP;
#endif
	default:
		return -EINVAL;
	}
}
#endif

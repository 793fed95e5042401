// SPDX-License-Identifier: GPL-2.0
/* AF_XDP for 60-af-xdp: an XDP program in driver mode sends the frames
 * of EtherType 0x88b5 (the peer's XDP request) to AF_XDP sockets, one per
 * RX queue; this program echoes them back through a socket's TX ring, MAC
 * addresses swapped, as 52-xdp's XDP_TX program does, so that the peer
 * compares them byte for byte.
 *
 *   lt-xsk [-Z] [-X] IFNAME N [TIMEOUT]
 *	The program (hand-assembled below) redirects each 0x88b5 frame with
 *	bpf_redirect_map() to the XSKMAP entry of its rx_queue_index, and
 *	passes it if that entry is empty; it passes every other frame.
 *	With -X it sends those of an odd sequence number (the peer's, bytes
 *	18 to 21) back itself instead, MAC addresses swapped (XDP_TX), so
 *	that the driver's XDP_TX and the sockets' TX share the wire.  It
 *	is attached with BPF_LINK_CREATE (XDP_FLAGS_DRV_MODE), so that it
 *	goes with the link when this program ends, however it ends.  One
 *	socket per RX queue, bound with XDP_COPY (-Z: XDP_ZEROCOPY and
 *	XDP_USE_NEED_WAKEUP, a socket's TX then kicked only when its TX
 *	ring asks for it), each with a UMEM of its own.  The kernel sends from a socket only on a TX queue of its
 *	number: a queue with no TX queue of its number (the LAN7430 has 4
 *	RX and 1 TX) gets a socket without TX ring, whose frames are copied
 *	into queue 0's UMEM and sent by queue 0's socket.  Prints "ready"
 *	once everything is bound and attached; ends once N frames came in
 *	(N 0: any number) or on SIGINT or SIGTERM, as soon as the frames
 *	received went out again (their TX completed), or TIMEOUT seconds
 *	(300) after it started; then prints per queue "queue Q rx R tx T"
 *	and the socket's statistics, and "total rx R tx T other O pending
 *	P" (O: frames of another EtherType, which the program never sends
 *	here; P: frames whose TX did not complete).  Exit status 0 if every frame
 *	received went out (and N came in, if N is not 0), 1 if not, 2 on a
 *	setup error.
 *
 *   lt-xsk -z IFNAME
 *	Zero-copy: binds a socket to queue 0 with XDP_ZEROCOPY and prints
 *	"zerocopy: <errno name> <message>" (or "zerocopy: bound"), then
 *	binds the same socket (a new one if it bound) with XDP_COPY, and a
 *	new one without either flag (the kernel's choice), and prints the
 *	mode XDP_OPTIONS reports for each: "copy: bound, copy mode", "auto:
 *	bound, zero-copy mode".  Exit status 0 if the two last bound.
 *
 *   lt-xsk -c N IFNAME
 *	Binds and unbinds a zero-copy socket on queue 0 N times, the
 *	program above attached throughout: each time a socket with a UMEM
 *	of its own, its fill ring full, bound with XDP_ZEROCOPY and put in
 *	the XSKMAP, echoes what it receives for 0.5 s and is closed with its
 *	frames in flight.  Prints "cycle I: zero-copy mode, rx R" for each
 *	and "cycles N rx R"; exit status 0 if every bind was zero-copy.
 *
 *   lt-xsk -b IFNAME
 *	Binds a zero-copy socket to queue 0, its fill ring full, and attaches
 *	no program (one attached by another tool then runs on the socket's
 *	buffers); prints "ready, zero-copy mode" and holds it until SIGINT or
 *	SIGTERM, then prints the socket's statistics as above.
 *
 * Raw system calls and the uapi headers only (no libbpf), built static by
 * tests/mkimage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/if_link.h>
#include <linux/if_xdp.h>
#include <net/if.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef AF_XDP
#define AF_XDP 44
#endif
#ifndef SOL_XDP
#define SOL_XDP 283
#endif

#define LT_ETH_P_EXP	0x88b5
#define MAX_Q		8
#define FRAME		2048u
/* queue 0: frames for its fill ring, and as many again for the frames
 * the other queues' sockets hand to its TX ring
 */
#define Q0_FILL		2048u
#define Q0_FRAMES	(2 * Q0_FILL)
#define QN_FRAMES	512u
#define RING		2048u

struct ring {
	__u32 *producer;
	__u32 *consumer;
	__u32 *flags;
	void *desc;
	__u32 mask;
	__u32 size;
	void *map;
	size_t map_len;
};

struct xsk {
	int fd;
	int q;
	unsigned char *umem;
	size_t umem_len;
	unsigned int nframes;
	struct ring rx, tx, fill, comp;
	int has_tx;
	int kicked;
	/* queue 0: free frames for other queues' frames to send */
	__u64 *free;
	unsigned int nfree;
	unsigned long long rx_n, tx_n, other;
};

static struct xsk xs[MAX_Q];
static int nq, ntx, zc, xdp_tx;
static double deadline;
static unsigned long long pending;	/* in TX rings, not completed */
static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static const char *errname(int e)
{
	switch (e) {
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EINVAL: return "EINVAL";
	case EBUSY: return "EBUSY";
	case ENODEV: return "ENODEV";
	default: return "errno";
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int count_queues(const char *ifname, const char *kind)
{
	char path[128];
	int n = 0;

	for (;;) {
		snprintf(path, sizeof(path), "/sys/class/net/%s/queues/%s-%d",
			 ifname, kind, n);
		if (access(path, F_OK))
			return n;
		n++;
	}
}

static int map_create(int entries)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_XSKMAP;
	a.key_size = 4;
	a.value_size = 4;
	a.max_entries = entries;
	return sys_bpf(BPF_MAP_CREATE, &a);
}

static int map_set(int map, __u32 key, __u32 fd)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = map;
	a.key = (__u64)(unsigned long)&key;
	a.value = (__u64)(unsigned long)&fd;
	a.flags = BPF_ANY;
	return sys_bpf(BPF_MAP_UPDATE_ELEM, &a);
}

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
			    .off = (o), .imm = (i) })

static int prog_load(int map)
{
	const unsigned char proto[2] = { LT_ETH_P_EXP >> 8, LT_ETH_P_EXP & 0xff };
	static char log[65536];
	struct bpf_insn insns[40];
	int n = 0, fd, to_pass[2], to_redir = -1, i;
	union bpf_attr a;
	__u16 wire;

	/* the EtherType as a 16-bit load from the frame sees it */
	memcpy(&wire, proto, 2);
	/* r6 = ctx; r2 = data; r3 = data_end */
	insns[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0);
	insns[n++] = INSN(BPF_LDX | BPF_W | BPF_MEM, 2, 6,
			  offsetof(struct xdp_md, data), 0);
	insns[n++] = INSN(BPF_LDX | BPF_W | BPF_MEM, 3, 6,
			  offsetof(struct xdp_md, data_end), 0);
	/* if (data + ETH_HLEN + 8 > data_end) goto pass: the header, the
	 * peer's queue index and sequence number
	 */
	insns[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_X, 4, 2, 0, 0);
	insns[n++] = INSN(BPF_ALU64 | BPF_ADD | BPF_K, 4, 0, 0, ETH_HLEN + 8);
	to_pass[0] = n;
	insns[n++] = INSN(BPF_JMP | BPF_JGT | BPF_X, 4, 3, 0, 0);
	/* if (h_proto != 0x88b5) goto pass */
	insns[n++] = INSN(BPF_LDX | BPF_H | BPF_MEM, 5, 2, 12, 0);
	to_pass[1] = n;
	insns[n++] = INSN(BPF_JMP | BPF_JNE | BPF_K, 5, 0, 0, wire);
	if (xdp_tx) {
		/* if (!(seq & 1)) goto redirect (seq: big-endian, bytes
		 * 18..21)
		 */
		insns[n++] = INSN(BPF_LDX | BPF_B | BPF_MEM, 5, 2, ETH_HLEN + 7, 0);
		insns[n++] = INSN(BPF_ALU64 | BPF_AND | BPF_K, 5, 0, 0, 1);
		to_redir = n;
		insns[n++] = INSN(BPF_JMP | BPF_JEQ | BPF_K, 5, 0, 0, 0);
		/* the MAC addresses swapped, 16 bits at a time */
		for (i = 0; i < ETH_ALEN; i += 2) {
			insns[n++] = INSN(BPF_LDX | BPF_H | BPF_MEM, 4, 2, i, 0);
			insns[n++] = INSN(BPF_LDX | BPF_H | BPF_MEM, 5, 2,
					  ETH_ALEN + i, 0);
			insns[n++] = INSN(BPF_STX | BPF_H | BPF_MEM, 2, 5, i, 0);
			insns[n++] = INSN(BPF_STX | BPF_H | BPF_MEM, 2, 4,
					  ETH_ALEN + i, 0);
		}
		/* return XDP_TX */
		insns[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, XDP_TX);
		insns[n++] = INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
		insns[to_redir].off = n - to_redir - 1;
	}
	/* redirect: return bpf_redirect_map(&map, ctx->rx_queue_index,
	 * XDP_PASS)
	 */
	insns[n++] = INSN(BPF_LDX | BPF_W | BPF_MEM, 2, 6,
			  offsetof(struct xdp_md, rx_queue_index), 0);
	insns[n++] = INSN(BPF_LD | BPF_DW | BPF_IMM, 1, BPF_PSEUDO_MAP_FD, 0, map);
	insns[n++] = INSN(0, 0, 0, 0, 0);
	insns[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_K, 3, 0, 0, XDP_PASS);
	insns[n++] = INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_redirect_map);
	insns[n++] = INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	/* pass: */
	for (i = 0; i < 2; i++)
		insns[to_pass[i]].off = n - to_pass[i] - 1;
	insns[n++] = INSN(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, XDP_PASS);
	insns[n++] = INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_XDP;
	a.expected_attach_type = BPF_XDP;
	a.insns = (__u64)(unsigned long)insns;
	a.insn_cnt = n;
	a.license = (__u64)(unsigned long)"GPL";
	a.log_buf = (__u64)(unsigned long)log;
	a.log_size = sizeof(log);
	a.log_level = 1;
	fd = sys_bpf(BPF_PROG_LOAD, &a);
	if (fd < 0)
		fprintf(stderr, "lt-xsk: BPF_PROG_LOAD: %s\n%s\n", strerror(errno), log);
	return fd;
}

static int link_create(int prog, int ifindex)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = prog;
	a.link_create.target_ifindex = ifindex;
	a.link_create.attach_type = BPF_XDP;
	a.link_create.flags = XDP_FLAGS_DRV_MODE;
	return sys_bpf(BPF_LINK_CREATE, &a);
}

static int ring_map(int fd, struct ring *r, const struct xdp_ring_offset *o,
		    __u32 n, size_t desc_size, off_t pgoff)
{
	r->map_len = o->desc + n * desc_size;
	r->map = mmap(NULL, r->map_len, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_POPULATE, fd, pgoff);
	if (r->map == MAP_FAILED)
		return -1;
	r->producer = (void *)((char *)r->map + o->producer);
	r->consumer = (void *)((char *)r->map + o->consumer);
	r->flags = (void *)((char *)r->map + o->flags);
	r->desc = (char *)r->map + o->desc;
	r->size = n;
	r->mask = n - 1;
	return 0;
}

static int xsk_ring_size(int fd, int opt, __u32 n)
{
	return setsockopt(fd, SOL_XDP, opt, &n, sizeof(n));
}

/* A socket for queue @q with a UMEM of @nframes frames, its rings mapped;
 * @tx: with a TX ring.  Not bound.  Return: 0 or -1 (errno set).
 */
static int xsk_open(struct xsk *x, int q, unsigned int nframes, int tx)
{
	struct xdp_mmap_offsets off;
	struct xdp_umem_reg mr;
	socklen_t len = sizeof(off);

	memset(x, 0, sizeof(*x));
	x->q = q;
	x->has_tx = tx;
	x->nframes = nframes;
	x->fd = socket(AF_XDP, SOCK_RAW, 0);
	if (x->fd < 0)
		return -1;
	x->umem_len = (size_t)nframes * FRAME;
	x->umem = mmap(NULL, x->umem_len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (x->umem == MAP_FAILED)
		return -1;
	memset(&mr, 0, sizeof(mr));
	mr.addr = (__u64)(unsigned long)x->umem;
	mr.len = x->umem_len;
	mr.chunk_size = FRAME;
	if (setsockopt(x->fd, SOL_XDP, XDP_UMEM_REG, &mr, sizeof(mr)) ||
	    xsk_ring_size(x->fd, XDP_UMEM_FILL_RING, RING) ||
	    xsk_ring_size(x->fd, XDP_UMEM_COMPLETION_RING, RING) ||
	    xsk_ring_size(x->fd, XDP_RX_RING, RING) ||
	    (tx && xsk_ring_size(x->fd, XDP_TX_RING, RING)))
		return -1;
	if (getsockopt(x->fd, SOL_XDP, XDP_MMAP_OFFSETS, &off, &len))
		return -1;
	if (ring_map(x->fd, &x->rx, &off.rx, RING, sizeof(struct xdp_desc),
		     XDP_PGOFF_RX_RING) ||
	    ring_map(x->fd, &x->fill, &off.fr, RING, sizeof(__u64),
		     XDP_UMEM_PGOFF_FILL_RING) ||
	    ring_map(x->fd, &x->comp, &off.cr, RING, sizeof(__u64),
		     XDP_UMEM_PGOFF_COMPLETION_RING))
		return -1;
	if (tx && ring_map(x->fd, &x->tx, &off.tx, RING, sizeof(struct xdp_desc),
			   XDP_PGOFF_TX_RING))
		return -1;
	return 0;
}

/* The rings' mappings hold the socket: gone with them */
static void xsk_close(struct xsk *x)
{
	struct ring *r[] = { &x->rx, &x->tx, &x->fill, &x->comp };
	unsigned int i;

	for (i = 0; i < sizeof(r) / sizeof(r[0]); i++)
		if (r[i]->map && r[i]->map != MAP_FAILED)
			munmap(r[i]->map, r[i]->map_len);
	close(x->fd);
	if (x->umem && x->umem != MAP_FAILED)
		munmap(x->umem, x->umem_len);
}

/* A socket closed lets its queue go after an RCU grace period: EBUSY
 * until then, tried again for up to 5 s.
 */
static int xsk_bind(struct xsk *x, int ifindex, __u16 flags)
{
	struct sockaddr_xdp sa;
	int i, ret;

	memset(&sa, 0, sizeof(sa));
	sa.sxdp_family = AF_XDP;
	sa.sxdp_flags = flags;
	sa.sxdp_ifindex = ifindex;
	sa.sxdp_queue_id = x->q;
	for (i = 0; i < 100; i++) {
		ret = bind(x->fd, (struct sockaddr *)&sa, sizeof(sa));
		if (!ret || errno != EBUSY)
			break;
		usleep(50000);
	}
	return ret;
}

/* ---- rings: we produce on fill and TX, consume on RX and completion ---- */

static __u32 prod_free(struct ring *r)
{
	__u32 cons = __atomic_load_n(r->consumer, __ATOMIC_ACQUIRE);

	return r->size - (*r->producer - cons);
}

static void prod_submit(struct ring *r, __u32 n)
{
	__atomic_store_n(r->producer, *r->producer + n, __ATOMIC_RELEASE);
}

static __u32 cons_avail(struct ring *r)
{
	return __atomic_load_n(r->producer, __ATOMIC_ACQUIRE) - *r->consumer;
}

static void cons_release(struct ring *r, __u32 n)
{
	__atomic_store_n(r->consumer, *r->consumer + n, __ATOMIC_RELEASE);
}

static void fill_put(struct xsk *x, __u64 addr)
{
	__u64 *f = x->fill.desc;

	/* the fill ring holds every frame for RX: never full */
	f[*x->fill.producer & x->fill.mask] = addr;
	prod_submit(&x->fill, 1);
}

/* queue 0's frames beyond its fill share carry other queues' frames */
static int is_spare(const struct xsk *x, __u64 addr)
{
	return x->q == 0 && ntx < nq && addr / FRAME >= Q0_FILL;
}

static void kick(struct xsk *x)
{
	if (now() > deadline) {
		fprintf(stderr, "lt-xsk: TX of queue %d stuck\n", x->q);
		exit(1);
	}
	/* zero-copy: after the first, the driver says when its TX needs a
	 * wakeup
	 */
	if (zc && x->kicked &&
	    !(__atomic_load_n(x->tx.flags, __ATOMIC_ACQUIRE) &
	      XDP_RING_NEED_WAKEUP))
		return;
	x->kicked = 1;
	if (sendto(x->fd, NULL, 0, MSG_DONTWAIT, NULL, 0) < 0 &&
	    errno != EAGAIN && errno != EBUSY && errno != ENOBUFS &&
	    errno != ENETDOWN) {
		perror("lt-xsk: sendto");
		exit(2);
	}
}

/* Frames whose TX completed: their frames back to the fill ring, or to
 * queue 0's spare frames.
 */
static void complete(struct xsk *x)
{
	__u32 n = cons_avail(&x->comp), i;
	__u64 *c = x->comp.desc;

	for (i = 0; i < n; i++) {
		__u64 addr = c[(*x->comp.consumer + i) & x->comp.mask];

		if (is_spare(x, addr))
			x->free[x->nfree++] = addr & ~(__u64)(FRAME - 1);
		else
			fill_put(x, addr);
	}
	cons_release(&x->comp, n);
	pending -= n;
}

static void swap_mac(unsigned char *h)
{
	unsigned char t[ETH_ALEN];

	memcpy(t, h, ETH_ALEN);
	memcpy(h, h + ETH_ALEN, ETH_ALEN);
	memcpy(h + ETH_ALEN, t, ETH_ALEN);
}

/* One frame for @to's TX ring.  Return: 0, or -1 if it is full. */
static int tx_put(struct xsk *to, __u64 addr, __u32 len)
{
	struct xdp_desc *d = to->tx.desc;

	if (!prod_free(&to->tx))
		return -1;
	d[*to->tx.producer & to->tx.mask] =
		(struct xdp_desc){ .addr = addr, .len = len };
	prod_submit(&to->tx, 1);
	to->tx_n++;
	pending++;
	return 0;
}

/* Frames received on @x: echoed through its own TX ring, or copied into
 * queue 0's.  Return: how many.
 */
static __u32 receive(struct xsk *x)
{
	struct xdp_desc *rd = x->rx.desc;
	struct xsk *to = x->has_tx ? x : &xs[0];
	__u32 n = cons_avail(&x->rx), i;

	for (i = 0; i < n; i++) {
		struct xdp_desc d = rd[(*x->rx.consumer + i) & x->rx.mask];
		unsigned char *p = x->umem + d.addr;
		__u64 addr = d.addr;

		if (d.len < ETH_HLEN || p[12] != (LT_ETH_P_EXP >> 8) ||
		    p[13] != (LT_ETH_P_EXP & 0xff)) {
			x->other++;
			fill_put(x, d.addr);
			continue;
		}
		x->rx_n++;
		swap_mac(p);
		if (to != x) {
			/* a spare frame of queue 0 carries it */
			while (!to->nfree) {
				kick(to);
				complete(to);
			}
			addr = to->free[--to->nfree];
			memcpy(to->umem + addr, p, d.len);
			fill_put(x, d.addr);
		}
		while (tx_put(to, addr, d.len)) {
			kick(to);
			complete(to);
		}
	}
	cons_release(&x->rx, n);
	return n;
}

static void print_stats(struct xsk *x)
{
	struct xdp_statistics st;
	socklen_t len = sizeof(st);

	memset(&st, 0, sizeof(st));
	getsockopt(x->fd, SOL_XDP, XDP_STATISTICS, &st, &len);
	printf("queue %d rx %llu tx %llu other %llu dropped %llu rx_invalid %llu tx_invalid %llu rx_ring_full %llu fill_empty %llu\n",
	       x->q, x->rx_n, x->tx_n, x->other,
	       (unsigned long long)st.rx_dropped,
	       (unsigned long long)st.rx_invalid_descs,
	       (unsigned long long)st.tx_invalid_descs,
	       (unsigned long long)st.rx_ring_full,
	       (unsigned long long)st.rx_fill_ring_empty_descs);
}

static const char *mode_of(int fd)
{
	struct xdp_options o = { 0 };
	socklen_t len = sizeof(o);

	if (getsockopt(fd, SOL_XDP, XDP_OPTIONS, &o, &len))
		return "mode unknown";
	return o.flags & XDP_OPTIONS_ZEROCOPY ? "zero-copy mode" : "copy mode";
}

/* lt-xsk -z IFNAME */
static int zerocopy(int ifindex)
{
	struct xsk z, a;
	int ok = 1;

	ntx = nq = 1;
	if (xsk_open(&z, 0, 64, 1)) {
		perror("lt-xsk: socket for zero-copy");
		return 2;
	}
	if (xsk_bind(&z, ifindex, XDP_ZEROCOPY)) {
		printf("zerocopy: %s %s\n", errname(errno), strerror(errno));
	} else {
		printf("zerocopy: bound, %s\n", mode_of(z.fd));
		/* a socket binds once: a new one for copy mode */
		xsk_close(&z);
		if (xsk_open(&z, 0, 64, 1)) {
			perror("lt-xsk: socket for copy mode");
			return 2;
		}
	}
	/* the same socket after a failure: the failure left it usable */
	if (xsk_bind(&z, ifindex, XDP_COPY)) {
		printf("copy: %s %s\n", errname(errno), strerror(errno));
		ok = 0;
	} else {
		printf("copy: bound, %s\n", mode_of(z.fd));
	}
	xsk_close(&z);
	/* neither flag: the kernel tries zero-copy, then copies */
	if (xsk_open(&a, 0, 64, 1)) {
		perror("lt-xsk: socket without mode");
		return 2;
	}
	if (xsk_bind(&a, ifindex, 0)) {
		printf("auto: %s %s\n", errname(errno), strerror(errno));
		ok = 0;
	} else {
		printf("auto: bound, %s\n", mode_of(a.fd));
	}
	xsk_close(&a);
	return ok ? 0 : 1;
}

/* A full fill ring for @x's frames up to @fill, the rest spare (queue 0) */
static void fill_all(struct xsk *x, unsigned int fill, unsigned int frames)
{
	unsigned int i;

	if (fill > RING)
		fill = RING;
	for (i = 0; i < fill; i++)
		fill_put(x, (__u64)i * FRAME);
	if (x->q || fill >= frames)
		return;
	x->free = calloc(frames - fill, sizeof(*x->free));
	for (i = fill; i < frames; i++)
		x->free[x->nfree++] = (__u64)i * FRAME;
}

/* The XSKMAP of @entries queues, in *@map, and the program that redirects
 * to it.  Return: the program's fd, or -1 (said on stderr).
 */
static int redirect_load(int entries, int *map)
{
	*map = map_create(entries);
	if (*map < 0) {
		perror("lt-xsk: XSKMAP");
		return -1;
	}
	return prog_load(*map);
}

/* lt-xsk -c N IFNAME: the program attached, N zero-copy binds of queue 0 */
static int cycles(int ifindex, int n)
{
	unsigned long long rx = 0;
	int map, prog, link, i, ok = 1;
	struct pollfd pfd;
	double end;

	zc = 1;
	ntx = nq = 1;
	prog = redirect_load(1, &map);
	if (prog < 0)
		return 2;
	link = link_create(prog, ifindex);
	if (link < 0) {
		fprintf(stderr, "lt-xsk: attach: %s\n", strerror(errno));
		return 2;
	}
	for (i = 0; i < n; i++) {
		struct xsk *x = &xs[0];

		if (xsk_open(x, 0, Q0_FILL, 1)) {
			fprintf(stderr, "lt-xsk: socket: %s\n", strerror(errno));
			return 2;
		}
		fill_all(x, Q0_FILL, Q0_FILL);
		if (xsk_bind(x, ifindex, XDP_ZEROCOPY | XDP_USE_NEED_WAKEUP)) {
			printf("cycle %d: bind: %s %s\n", i, errname(errno),
			       strerror(errno));
			return 1;
		}
		if (strcmp(mode_of(x->fd), "zero-copy mode"))
			ok = 0;
		if (map_set(map, 0, x->fd)) {
			fprintf(stderr, "lt-xsk: XSKMAP entry: %s\n", strerror(errno));
			return 2;
		}
		pfd.fd = x->fd;
		pfd.events = POLLIN;
		end = now() + 0.5;
		deadline = now() + 30;
		while (now() < end) {
			poll(&pfd, 1, 20);
			receive(x);
			kick(x);
			complete(x);
		}
		printf("cycle %d: %s, rx %llu\n", i, mode_of(x->fd), x->rx_n);
		rx += x->rx_n;
		/* closed with its frames in flight */
		xsk_close(x);
		pending = 0;
	}
	close(link);
	close(prog);
	close(map);
	printf("cycles %d rx %llu\n", n, rx);
	return ok ? 0 : 1;
}

/* lt-xsk -b IFNAME: a zero-copy socket bound to queue 0, no program */
static int hold(int ifindex)
{
	struct xsk *x = &xs[0];

	zc = 1;
	ntx = nq = 1;
	if (xsk_open(x, 0, Q0_FILL, 1)) {
		fprintf(stderr, "lt-xsk: socket: %s\n", strerror(errno));
		return 2;
	}
	fill_all(x, Q0_FILL, Q0_FILL);
	if (xsk_bind(x, ifindex, XDP_ZEROCOPY | XDP_USE_NEED_WAKEUP)) {
		printf("bind: %s %s\n", errname(errno), strerror(errno));
		return 2;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	printf("ready, %s\n", mode_of(x->fd));
	while (!stop)
		usleep(100000);
	print_stats(x);
	xsk_close(x);
	return 0;
}

int main(int argc, char **argv)
{
	double start, timeout = 300;
	unsigned long long want, rx = 0, tx = 0, other = 0;
	struct pollfd pfd[MAX_Q];
	int ifindex, map, prog, link, q, i;
	const char *ifname;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && !strcmp(argv[1], "-c")) {
		ifindex = if_nametoindex(argv[3]);
		if (!ifindex) {
			perror(argv[3]);
			return 2;
		}
		return cycles(ifindex, atoi(argv[2]));
	}
	while (argc > 1 && (!strcmp(argv[1], "-Z") || !strcmp(argv[1], "-X"))) {
		if (argv[1][1] == 'Z')
			zc = 1;
		else
			xdp_tx = 1;
		argc--;
		argv++;
	}
	if (argc == 3 && !strcmp(argv[1], "-b")) {
		ifindex = if_nametoindex(argv[2]);
		if (!ifindex) {
			perror(argv[2]);
			return 2;
		}
		return hold(ifindex);
	}
	if (argc == 3 && !strcmp(argv[1], "-z")) {
		ifindex = if_nametoindex(argv[2]);
		if (!ifindex) {
			perror(argv[2]);
			return 2;
		}
		return zerocopy(ifindex);
	}
	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: lt-xsk [-Z] [-X] IFNAME N [TIMEOUT] | lt-xsk -z IFNAME | lt-xsk -c N IFNAME | lt-xsk -b IFNAME\n");
		return 2;
	}
	ifname = argv[1];
	want = strtoull(argv[2], NULL, 0);
	if (argc == 4)
		timeout = atof(argv[3]);
	ifindex = if_nametoindex(ifname);
	if (!ifindex) {
		perror(ifname);
		return 2;
	}
	nq = count_queues(ifname, "rx");
	ntx = count_queues(ifname, "tx");
	if (nq < 1 || nq > MAX_Q || ntx < 1) {
		fprintf(stderr, "lt-xsk: %s: %d RX, %d TX queues\n", ifname, nq, ntx);
		return 2;
	}
	prog = redirect_load(nq, &map);
	if (prog < 0)
		return 2;
	for (q = 0; q < nq; q++) {
		struct xsk *x = &xs[q];
		unsigned int fill;

		if (xsk_open(x, q, q ? QN_FRAMES : Q0_FRAMES, q < ntx)) {
			fprintf(stderr, "lt-xsk: socket of queue %d: %s\n", q,
				strerror(errno));
			return 2;
		}
		fill = q ? QN_FRAMES : Q0_FILL;
		fill_all(x, fill, q ? QN_FRAMES : Q0_FRAMES);
		if (xsk_bind(x, ifindex, zc ? XDP_ZEROCOPY | XDP_USE_NEED_WAKEUP :
			     XDP_COPY)) {
			fprintf(stderr, "lt-xsk: bind queue %d (%s): %s\n", q,
				zc ? "zero-copy" : "copy", strerror(errno));
			return 2;
		}
		if (map_set(map, q, x->fd)) {
			fprintf(stderr, "lt-xsk: XSKMAP entry %d: %s\n", q,
				strerror(errno));
			return 2;
		}
		pfd[q].fd = x->fd;
		pfd[q].events = POLLIN;
	}
	link = link_create(prog, ifindex);
	if (link < 0) {
		fprintf(stderr, "lt-xsk: attach (BPF_LINK_CREATE, driver mode): %s\n",
			strerror(errno));
		return 2;
	}
	printf("lt-xsk: %s, %d RX queues, %d TX, %s\n", ifname, nq, ntx,
	       mode_of(xs[0].fd));
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	printf("ready\n");

	start = now();
	deadline = start + timeout + 30;
	while ((!stop && (!want || rx < want)) || pending) {
		if (now() - start > timeout)
			break;
		if (!pending)
			poll(pfd, nq, 100);
		for (q = 0; q < nq; q++) {
			if (receive(&xs[q])) {
				rx = 0;
				for (i = 0; i < nq; i++)
					rx += xs[i].rx_n;
			}
		}
		for (q = 0; q < ntx && q < nq && pending; q++) {
			if (xs[q].tx_n) {
				kick(&xs[q]);
				complete(&xs[q]);
			}
		}
		if (pending)
			usleep(200);
	}
	/* detach first: frames go to the stack again */
	close(link);
	for (q = 0; q < nq; q++) {
		print_stats(&xs[q]);
		tx += xs[q].tx_n;
		other += xs[q].other;
	}
	printf("total rx %llu tx %llu other %llu pending %llu\n", rx, tx, other,
	       pending);
	for (q = 0; q < nq; q++)
		xsk_close(&xs[q]);
	close(prog);
	close(map);
	return (!want || rx == want) && tx == rx && !pending && !other ? 0 : 1;
}

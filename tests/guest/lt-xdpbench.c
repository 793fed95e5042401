// SPDX-License-Identifier: GPL-2.0
/*
 * lt-xdpbench: attach the benchmark's XDP program to an interface in
 * native (driver) mode, or detach it.
 *
 *   lt-xdpbench IF drop|tx|redirect [PORT]
 *   lt-xdpbench IF off
 *
 * The program acts on IPv4 UDP datagrams to PORT (default 5201: the
 * model's traffic generator, scripts/lan743x-rxbench -g) and passes every
 * other frame:
 *   drop      XDP_DROP
 *   tx        MAC addresses swapped, XDP_TX
 *   redirect  MAC addresses swapped, bpf_redirect() to IF itself: out of
 *             the same port through ndo_xdp_xmit, the hairpin a board with
 *             one port does
 *
 * Its few instructions are written here, and it is loaded with the bpf()
 * system call and attached with an RTM_SETLINK message: no libbpf, no
 * clang, no iproute2, so that it builds static for every guest (the ARM
 * images have busybox's ip, which knows no XDP).  The program stays on
 * the interface after exit, until "off".
 */
#include <errno.h>
#include <linux/bpf.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_INSNS	64

static struct bpf_insn prog[MAX_INSNS];
static int n_insns;

static void emit(__u8 code, __u8 dst, __u8 src, __s16 off, __s32 imm)
{
	struct bpf_insn *i = &prog[n_insns++];

	i->code = code;
	i->dst_reg = dst;
	i->src_reg = src;
	i->off = off;
	i->imm = imm;
}

/* rD = *(u8 *)(rS + off) */
static void ldb(int d, int s, int off)
{
	emit(BPF_LDX | BPF_MEM | BPF_B, d, s, off, 0);
}

/* *(u8 *)(rD + off) = rS */
static void stb(int d, int s, int off)
{
	emit(BPF_STX | BPF_MEM | BPF_B, d, s, off, 0);
}

static void mov_imm(int d, int imm)
{
	emit(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, imm);
}

static void ret(int imm)
{
	mov_imm(BPF_REG_0, imm);
	emit(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
}

/* jumps to the "pass" exit, patched once it is placed */
static int to_pass[MAX_INSNS];
static int n_to_pass;

/* if rD != imm goto pass */
static void jne_pass(int d, int imm)
{
	to_pass[n_to_pass++] = n_insns;
	emit(BPF_JMP | BPF_JNE | BPF_K, d, 0, 0, imm);
}

/* The frame's 6 + 6 MAC address bytes swapped, one byte at a time: no
 * unaligned access for a CPU that has none
 */
static void swap_mac(void)
{
	int i;

	for (i = 0; i < 6; i++) {
		ldb(BPF_REG_4, BPF_REG_2, i);
		ldb(BPF_REG_5, BPF_REG_2, 6 + i);
		stb(BPF_REG_2, BPF_REG_5, i);
		stb(BPF_REG_2, BPF_REG_4, 6 + i);
	}
}

static void build(const char *mode, int port, int ifindex)
{
	int i;

	/* r2 = data, r3 = data_end */
	emit(BPF_LDX | BPF_MEM | BPF_W, BPF_REG_2, BPF_REG_1, 0, 0);
	emit(BPF_LDX | BPF_MEM | BPF_W, BPF_REG_3, BPF_REG_1, 4, 0);
	/* Ethernet, IPv4 without options and UDP headers in the frame */
	emit(BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_4, BPF_REG_2, 0, 0);
	emit(BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_4, 0, 0, 14 + 20 + 8);
	to_pass[n_to_pass++] = n_insns;
	emit(BPF_JMP | BPF_JGT | BPF_X, BPF_REG_4, BPF_REG_3, 0, 0);
	ldb(BPF_REG_5, BPF_REG_2, 12);		/* EtherType 0x0800 */
	jne_pass(BPF_REG_5, 0x08);
	ldb(BPF_REG_5, BPF_REG_2, 13);
	jne_pass(BPF_REG_5, 0x00);
	ldb(BPF_REG_5, BPF_REG_2, 14);		/* version 4, IHL 5 */
	jne_pass(BPF_REG_5, 0x45);
	ldb(BPF_REG_5, BPF_REG_2, 14 + 9);	/* protocol UDP */
	jne_pass(BPF_REG_5, 17);
	ldb(BPF_REG_5, BPF_REG_2, 14 + 20 + 2);	/* destination port */
	jne_pass(BPF_REG_5, port >> 8);
	ldb(BPF_REG_5, BPF_REG_2, 14 + 20 + 3);
	jne_pass(BPF_REG_5, port & 0xff);
	if (!strcmp(mode, "drop")) {
		ret(XDP_DROP);
	} else if (!strcmp(mode, "tx")) {
		swap_mac();
		ret(XDP_TX);
	} else {
		swap_mac();
		mov_imm(BPF_REG_1, ifindex);
		mov_imm(BPF_REG_2, 0);
		emit(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_redirect);
		emit(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	}
	for (i = 0; i < n_to_pass; i++)
		prog[to_pass[i]].off = n_insns - to_pass[i] - 1;
	ret(XDP_PASS);
}

static int load(void)
{
	static char log[65536];
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_XDP;
	a.insn_cnt = n_insns;
	a.insns = (__u64)(unsigned long)prog;
	a.license = (__u64)(unsigned long)"GPL";
	a.log_buf = (__u64)(unsigned long)log;
	a.log_size = sizeof(log);
	a.log_level = 1;
	fd = syscall(__NR_bpf, BPF_PROG_LOAD, &a, sizeof(a));
	if (fd < 0) {
		fprintf(stderr, "lt-xdpbench: BPF_PROG_LOAD: %s\n%s\n",
			strerror(errno), log);
		exit(1);
	}
	return fd;
}

/* IFLA_XDP { FD, FLAGS = driver mode } on @ifindex; fd -1 detaches */
static void attach(int ifindex, int fd)
{
	struct {
		struct nlmsghdr nh;
		struct ifinfomsg ifi;
		char attrs[64];
	} req;
	struct rtattr *xdp, *rta;
	char buf[4096];
	struct nlmsghdr *nh;
	__u32 flags = XDP_FLAGS_DRV_MODE;
	int s, n;

	memset(&req, 0, sizeof(req));
	req.nh.nlmsg_len = NLMSG_LENGTH(sizeof(req.ifi));
	req.nh.nlmsg_type = RTM_SETLINK;
	req.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	req.nh.nlmsg_seq = 1;
	req.ifi.ifi_family = AF_UNSPEC;
	req.ifi.ifi_index = ifindex;
	xdp = (struct rtattr *)((char *)&req + NLMSG_ALIGN(req.nh.nlmsg_len));
	xdp->rta_type = IFLA_XDP | NLA_F_NESTED;
	xdp->rta_len = RTA_LENGTH(0);
	rta = (struct rtattr *)((char *)xdp + xdp->rta_len);
	rta->rta_type = IFLA_XDP_FD;
	rta->rta_len = RTA_LENGTH(sizeof(fd));
	memcpy(RTA_DATA(rta), &fd, sizeof(fd));
	xdp->rta_len += RTA_ALIGN(rta->rta_len);
	rta = (struct rtattr *)((char *)xdp + xdp->rta_len);
	rta->rta_type = IFLA_XDP_FLAGS;
	rta->rta_len = RTA_LENGTH(sizeof(flags));
	memcpy(RTA_DATA(rta), &flags, sizeof(flags));
	xdp->rta_len += RTA_ALIGN(rta->rta_len);
	req.nh.nlmsg_len = NLMSG_ALIGN(req.nh.nlmsg_len) + xdp->rta_len;

	s = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	if (s < 0 || send(s, &req, req.nh.nlmsg_len, 0) < 0) {
		perror("lt-xdpbench: netlink");
		exit(1);
	}
	n = recv(s, buf, sizeof(buf), 0);
	nh = (struct nlmsghdr *)buf;
	if (n < (int)NLMSG_LENGTH(sizeof(struct nlmsgerr)) ||
	    nh->nlmsg_type != NLMSG_ERROR) {
		fprintf(stderr, "lt-xdpbench: no answer from netlink\n");
		exit(1);
	}
	n = ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
	if (n) {
		fprintf(stderr, "lt-xdpbench: %s: %s\n",
			fd < 0 ? "detach" : "attach", strerror(-n));
		exit(1);
	}
	close(s);
}

int main(int argc, char **argv)
{
	int ifindex, port = 5201;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: lt-xdpbench IF drop|tx|redirect [PORT] | IF off\n");
		return 1;
	}
	ifindex = if_nametoindex(argv[1]);
	if (!ifindex) {
		perror(argv[1]);
		return 1;
	}
	if (argc == 4)
		port = atoi(argv[3]);
	if (!strcmp(argv[2], "off")) {
		attach(ifindex, -1);
		return 0;
	}
	if (strcmp(argv[2], "drop") && strcmp(argv[2], "tx") &&
	    strcmp(argv[2], "redirect")) {
		fprintf(stderr, "lt-xdpbench: no mode '%s'\n", argv[2]);
		return 1;
	}
	build(argv[2], port, ifindex);
	attach(ifindex, load());
	return 0;
}

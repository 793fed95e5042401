// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lan743x-insns: a TCG plugin that counts guest instructions, and on ARM
 * guests the data cache maintenance instructions by kind, inside windows
 * the guest opens and closes itself.
 *
 * The benchmark needs cost figures that do not depend on how busy the
 * host is: guest instructions executed per received packet and, where the
 * CPU does not snoop DMA, the cache lines the DMA API maintains per packet.
 * Counting the whole run would mix in boot and the benchmark's own
 * bookkeeping, so the guest brackets each measured transfer with two marker
 * instructions that real CPUs and TCG execute as no-ops
 * (tests/guest/lt-mark.c executes them):
 *
 *   x86_64   nopl 0x4c540001(%rax)   0f 1f 80 01 00 54 4c   open a window
 *            nopl 0x4c540002(%rax)   0f 1f 80 02 00 54 4c   close it
 *   AArch64  hint #76 / hint #77     0xd503299f / 0xd50329bf
 *   A32      hint #76 / hint #77     0xe320f04c / 0xe320f04d
 *   T32      hint.w #76 / #77        0xf3af804c / 0xf3af804d
 *
 * The ARM markers sit in the architecture's hint space, which executes as
 * NOP where a hint is not implemented.  Allocated so far: AArch64 hints
 * #0-#7 (NOP ... XPACLRI), #8-#15 (PAuth 1716 forms), #16-#22 (ESB, PSB,
 * TSB, GCSB, CSDB, CLRBHB), #24-#31 (PAuth SP/Z forms), #32-#38 (BTI),
 * #40 (CHKFEAT) and #48-#50 (STSHH, SHUH); A32/T32 hints 0-5, 16, 18, 20,
 * 22 and 240-255 (DBG).  76 and 77 (0x4c, 0x4d: "L") are free in both.
 *
 * Every instruction on every vCPU counts while a window is open: the
 * driver, the network stack, softirqs and the receiving iperf3 alike, which
 * is the cost a user pays.  Each close appends a line to the output file:
 *
 *   window N INSNS [KIND=COUNT...]
 *
 * with one KIND=COUNT per cache maintenance kind of the guest architecture
 * (none on x86_64):
 *
 *   aarch64  dc_ivac dc_civac dc_cvac dc_cvau dc_cvap dc_cvadp, and
 *            dc_zva apart: DC ZVA zeroes a line (clear_page), it maintains
 *            nothing, so it is no part of the maintenance figures.
 *   arm      dcimvac dccimvac dccmvac dccmvau (MCR p15, 0, Rt, c7, cN, 1 in
 *            A32 or T32 encoding), then the same names with "_cond": how
 *            many of those may not have executed.  The plugin API cannot
 *            read the flags, and a callback runs whether or not the
 *            condition passes, so a conditional operation (A32 cond other
 *            than AL, T32 inside an IT block) is counted even when it was
 *            skipped: the counts are upper bounds, and less the _cond part
 *            lower bounds.  One case is certain: an A32 conditional
 *            operation that begins a translated block.  QEMU begins blocks
 *            at branch targets, and the kernel's only such operation is the
 *            loop head of v7_dma_inv_range ("1: mcrlo ... blo 1b"), entered
 *            there only by the taken branch, whose condition it shares; its
 *            first pass falls through from the function's entry in the
 *            middle of a block.  So each call of v7_dma_inv_range leaves
 *            three operations uncertain: the two partial end lines and the
 *            first middle line.  (The kernel's other conditional ones, the
 *            mcrne of flush_pmd_entry, do not execute on SMP.)
 *
 * With profile=FILE the plugin also counts, per translated block, the
 * instructions it executed while a window was open, and writes them at
 * exit as "ADDRESS N_INSNS_OF_BLOCK COUNTED" lines (hex address of the
 * block's first instruction, guest virtual): scripts/lan743x-profile turns
 * them into a per-function profile.  Blocks are keyed by address and
 * length, so a retranslated block adds to the same line.
 *
 * Counting: a callback per translated block adds its instruction count to
 * a per-vCPU counter (QEMU 7.2 has no per-vCPU inline counters, and one
 * shared inline counter loses updates under MTTCG); a callback on each
 * cache maintenance instruction, and only on those, counts its kind.  A
 * block that leaves early through an exception is still counted whole: a
 * few instructions per fault, far below the per-packet figures we report.
 *
 * Usage: -plugin PATH/liblan743x-insns.so,out=FILE
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define MARK_OPEN	1u
#define MARK_CLOSE	2u

#define X86_MARK_LEN	7
#define X86_MARK_MAGIC	0x4c54u		/* "LT" in the displacement's top half */

#define HINT_OPEN	76u
#define HINT_CLOSE	77u
#define A64_HINT(imm)	(0xd503201fu | (imm) << 5)
#define A32_HINT(imm)	(0xe320f000u | (imm))
#define T32_HINT(imm)	(0xf3af8000u | (imm))

enum guest_arch { ARCH_X86, ARCH_A64, ARCH_A32 };

/*
 * Cache maintenance by address.  AArch64: SYS #op1, C7, Cm, #op2, Xt
 * (DC ...), matched with Rt masked.  A32/T32: MCR p15, 0, Rt, c7, cN, 1,
 * matched with Rt (and in A32 the condition) masked.
 */
struct cache_op {
	const char *name;
	uint32_t value;
};

#define A64_DC(op1, crm, op2) \
	(0xd5087000u | (op1) << 16 | (crm) << 8 | (op2) << 5)
#define A64_RT_MASK	0x1fu

static const struct cache_op a64_ops[] = {
	{ "dc_ivac",	A64_DC(0, 6, 1) },	/* 0xd5087620 */
	{ "dc_civac",	A64_DC(3, 14, 1) },	/* 0xd50b7e20 */
	{ "dc_cvac",	A64_DC(3, 10, 1) },	/* 0xd50b7a20 */
	{ "dc_cvau",	A64_DC(3, 11, 1) },	/* 0xd50b7b20 */
	{ "dc_cvap",	A64_DC(3, 12, 1) },	/* 0xd50b7c20 */
	{ "dc_cvadp",	A64_DC(3, 13, 1) },	/* 0xd50b7d20 */
	{ "dc_zva",	A64_DC(3, 4, 1) },	/* 0xd50b7420, counted apart */
};

/* cond 1110, MCR, opc1 0, CRn 7, Rt 0, p15, opc2 1, CRm */
#define V7_MCR(crm)	(0xee070f30u | (crm))
#define A32_MCR_MASK	0x0fff0fffu	/* without cond and Rt */
#define T32_MCR_MASK	0xffff0fffu	/* without Rt */

static const struct cache_op v7_ops[] = {
	{ "dcimvac",	V7_MCR(6) },		/* invalidate to PoC */
	{ "dccimvac",	V7_MCR(14) },		/* clean and invalidate to PoC */
	{ "dccmvac",	V7_MCR(10) },		/* clean to PoC */
	{ "dccmvau",	V7_MCR(11) },		/* clean to PoU */
};

#define N_V7_OPS	(sizeof(v7_ops) / sizeof(v7_ops[0]))
#define MAX_KINDS	(2 * N_V7_OPS)	/* each v7 kind, then its _cond twin */

/* Callback data of a cache operation: its kind, plus this if conditional. */
#define OP_COND		0x100u

/* Per vCPU, a multiple of the cache line, so vCPU threads share no line. */
struct vcpu_counter {
	uint64_t insns;
	uint64_t ops[MAX_KINDS];
	uint8_t pad[64 - ((MAX_KINDS + 1) * 8) % 64];
};

static enum guest_arch arch;
static const struct cache_op *ops;
static unsigned int n_ops;	/* entries of ops[] */
static unsigned int n_kinds;	/* counters: n_ops, or 2 * n_ops on v7 */

static struct vcpu_counter *counters;
static int n_counters;

static pthread_mutex_t window_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;
static int window_open;
static struct vcpu_counter window_start;
static unsigned int windows;

/* profile=FILE: one entry per (block address, length), open addressing */
struct tb_prof {
	uint64_t vaddr;
	uint64_t counted;
	uint32_t n;
};

#define PROF_SLOTS	(1u << 19)

static struct tb_prof *prof;
static unsigned int prof_used;
static const char *prof_path;
static pthread_mutex_t prof_lock = PTHREAD_MUTEX_INITIALIZER;

/* The entry of a block, NULL when the table is full (then uncounted) */
static struct tb_prof *prof_entry(uint64_t vaddr, uint32_t n)
{
	uint64_t h = (vaddr ^ (uint64_t)n << 48) * 0x9e3779b97f4a7c15ull;
	unsigned int i = h >> 45, tries;
	struct tb_prof *e = NULL;

	pthread_mutex_lock(&prof_lock);
	for (tries = 0; tries < PROF_SLOTS; tries++, i = (i + 1) % PROF_SLOTS) {
		struct tb_prof *t = &prof[i];

		if (t->n == n && t->vaddr == vaddr) {
			e = t;
			break;
		}
		if (!t->n) {
			if (prof_used < PROF_SLOTS / 2) {
				t->vaddr = vaddr;
				t->n = n;
				prof_used++;
				e = t;
			}
			break;
		}
	}
	pthread_mutex_unlock(&prof_lock);
	return e;
}

static void prof_write(void)
{
	FILE *f = fopen(prof_path, "w");
	unsigned int i;

	if (!f) {
		perror(prof_path);
		return;
	}
	for (i = 0; i < PROF_SLOTS; i++)
		if (prof[i].n && prof[i].counted)
			fprintf(f, "%" PRIx64 " %u %" PRIu64 "\n", prof[i].vaddr,
				prof[i].n, prof[i].counted);
	fclose(f);
}

static void counters_total(struct vcpu_counter *sum)
{
	unsigned int k;
	int i;

	memset(sum, 0, sizeof(*sum));
	/* Other vCPUs keep running: their aligned 64-bit loads are atomic. */
	for (i = 0; i < n_counters; i++) {
		sum->insns += __atomic_load_n(&counters[i].insns, __ATOMIC_RELAXED);
		for (k = 0; k < n_kinds; k++)
			sum->ops[k] += __atomic_load_n(&counters[i].ops[k],
						       __ATOMIC_RELAXED);
	}
}

static const char *kind_name(unsigned int k, char *buf, size_t len)
{
	if (k < n_ops)
		return ops[k].name;
	snprintf(buf, len, "%s_cond", ops[k - n_ops].name);
	return buf;
}

static void tb_exec(unsigned int vcpu, void *udata)
{
	if ((int)vcpu < n_counters)
		counters[vcpu].insns += (uintptr_t)udata;
}

static void tb_exec_prof(unsigned int vcpu, void *udata)
{
	struct tb_prof *e = udata;

	if ((int)vcpu < n_counters)
		counters[vcpu].insns += e->n;
	if (__atomic_load_n(&window_open, __ATOMIC_RELAXED))
		__atomic_fetch_add(&e->counted, e->n, __ATOMIC_RELAXED);
}

static void op_exec(unsigned int vcpu, void *udata)
{
	unsigned int k = (uintptr_t)udata;

	if ((int)vcpu >= n_counters)
		return;
	counters[vcpu].ops[k & ~OP_COND]++;
	if (k & OP_COND)
		counters[vcpu].ops[n_ops + (k & ~OP_COND)]++;
}

static void mark_exec(unsigned int vcpu, void *udata)
{
	struct vcpu_counter now;
	unsigned int k;
	char buf[32];

	counters_total(&now);
	pthread_mutex_lock(&window_lock);
	if ((uintptr_t)udata == MARK_OPEN) {
		if (window_open)
			fprintf(out, "warning: window reopened before close\n");
		window_open = 1;
		window_start = now;
	} else if (window_open) {
		window_open = 0;
		fprintf(out, "window %u %" PRIu64, ++windows,
			now.insns - window_start.insns);
		for (k = 0; k < n_kinds; k++)
			fprintf(out, " %s=%" PRIu64, kind_name(k, buf, sizeof(buf)),
				now.ops[k] - window_start.ops[k]);
		fputc('\n', out);
	} else {
		fprintf(out, "warning: close without open on vcpu %u\n", vcpu);
	}
	fflush(out);
	pthread_mutex_unlock(&window_lock);
}

static uint32_t insn_word(const uint8_t *b)
{
	return b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
}

static unsigned int x86_marker(const uint8_t *b, size_t len)
{
	uint32_t disp;

	if (len != X86_MARK_LEN || b[0] != 0x0f || b[1] != 0x1f || b[2] != 0x80)
		return 0;
	disp = insn_word(b + 3);
	if (disp >> 16 != X86_MARK_MAGIC)
		return 0;
	disp &= 0xffff;
	return disp == MARK_OPEN || disp == MARK_CLOSE ? disp : 0;
}

static unsigned int hint_cmd(uint32_t w, uint32_t open, uint32_t close)
{
	if (w == open)
		return MARK_OPEN;
	if (w == close)
		return MARK_CLOSE;
	return 0;
}

/* T32: the first halfword is at the lower address, as QEMU decodes it. */
static uint32_t t32_word(uint32_t w)
{
	return w << 16 | w >> 16;
}

/*
 * IT state while walking a Thumb block: how many instructions the last IT
 * still covers.  IT is 1011 1111 firstcond mask, mask != 0; the block is
 * 4 - ctz(mask) instructions long.  An IT with firstcond AL makes nothing
 * conditional.
 */
static unsigned int it_start(uint16_t hw)
{
	unsigned int mask = hw & 0xf;

	if ((hw & 0xff00) != 0xbf00 || !mask || (hw >> 4 & 0xf) == 0xe)
		return 0;
	return 4 - __builtin_ctz(mask);
}

static void register_op(struct qemu_plugin_insn *insn, unsigned int k,
			int cond)
{
	qemu_plugin_register_vcpu_insn_exec_cb(insn, op_exec,
					       QEMU_PLUGIN_CB_NO_REGS,
					       (void *)(uintptr_t)(k | (cond ? OP_COND : 0)));
}

static void register_mark(struct qemu_plugin_insn *insn, unsigned int cmd)
{
	qemu_plugin_register_vcpu_insn_exec_cb(insn, mark_exec,
					       QEMU_PLUGIN_CB_NO_REGS,
					       (void *)(uintptr_t)cmd);
}

static void scan_a64(struct qemu_plugin_insn *insn, const uint8_t *b,
		     size_t len)
{
	unsigned int cmd, k;
	uint32_t w;

	if (len != 4)
		return;
	w = insn_word(b);
	cmd = hint_cmd(w, A64_HINT(HINT_OPEN), A64_HINT(HINT_CLOSE));
	if (cmd) {
		register_mark(insn, cmd);
		return;
	}
	if ((w & 0xfff8f000u) != 0xd5087000u)	/* SYS with CRn 7 */
		return;
	for (k = 0; k < n_ops; k++)
		if ((w & ~A64_RT_MASK) == ops[k].value) {
			register_op(insn, k, 0);
			return;
		}
}

/*
 * A32 and T32 share the 4-byte size; a 2-byte instruction exists only in
 * Thumb state, so a block that has one is Thumb.  For the others both
 * readings are tried: the A32 pattern read as T32 (and the reverse) is an
 * SVC or an Advanced SIMD instruction the kernel's DMA paths do not use.
 */
static void scan_a32(struct qemu_plugin_insn *insn, const uint8_t *b,
		     size_t len, int thumb, int head, unsigned int *it)
{
	unsigned int in_it = *it, cmd, k;
	uint32_t w, t;

	if (*it)
		(*it)--;
	if (len == 2) {
		*it = it_start(b[0] | b[1] << 8) ?: *it;
		return;
	}
	if (len != 4)
		return;
	w = insn_word(b);
	t = t32_word(w);
	cmd = thumb ? hint_cmd(t, T32_HINT(HINT_OPEN), T32_HINT(HINT_CLOSE)) :
		hint_cmd(w, A32_HINT(HINT_OPEN), A32_HINT(HINT_CLOSE)) ?:
		hint_cmd(t, T32_HINT(HINT_OPEN), T32_HINT(HINT_CLOSE));
	if (cmd) {
		register_mark(insn, cmd);
		return;
	}
	for (k = 0; k < n_ops; k++) {
		if (!thumb && (w & A32_MCR_MASK) == (ops[k].value & A32_MCR_MASK) &&
		    w >> 28 != 0xf) {
			/* cond 0xe is AL; 0xf would be MCR2 */
			register_op(insn, k, w >> 28 != 0xe && !head);
			return;
		}
		if ((t & T32_MCR_MASK) == ops[k].value) {
			register_op(insn, k, in_it);
			return;
		}
	}
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	unsigned int it = 0, cmd;
	struct tb_prof *e = NULL;
	int thumb = 0;
	size_t i;

	if (prof)
		e = prof_entry(qemu_plugin_tb_vaddr(tb), n);
	if (e)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec_prof,
						     QEMU_PLUGIN_CB_NO_REGS, e);
	else
		qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec,
						     QEMU_PLUGIN_CB_NO_REGS,
						     (void *)(uintptr_t)n);
	if (arch == ARCH_A32)
		for (i = 0; i < n && !thumb; i++)
			thumb = qemu_plugin_insn_size(qemu_plugin_tb_get_insn(tb, i)) == 2;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		const uint8_t *b = qemu_plugin_insn_data(insn);
		size_t len = qemu_plugin_insn_size(insn);

		switch (arch) {
		case ARCH_X86:
			cmd = x86_marker(b, len);
			if (cmd)
				register_mark(insn, cmd);
			break;
		case ARCH_A64:
			scan_a64(insn, b, len);
			break;
		case ARCH_A32:
			scan_a32(insn, b, len, thumb, i == 0, &it);
			break;
		}
	}
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	struct vcpu_counter sum;

	counters_total(&sum);
	pthread_mutex_lock(&window_lock);
	fprintf(out, "total %" PRIu64 " windows %u\n", sum.insns, windows);
	if (prof)
		fprintf(out, "profile %u blocks\n", prof_used);
	fclose(out);
	out = NULL;
	pthread_mutex_unlock(&window_lock);
	if (prof)
		prof_write();
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *path = NULL;
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4)) {
			path = argv[i] + 4;
		} else if (!strncmp(argv[i], "profile=", 8)) {
			prof_path = argv[i] + 8;
		} else {
			fprintf(stderr, "lan743x-insns: unknown argument '%s'\n",
				argv[i]);
			return -1;
		}
	}
	if (!path) {
		fprintf(stderr, "lan743x-insns: out=FILE is required\n");
		return -1;
	}
	if (!info->system_emulation) {
		fprintf(stderr, "lan743x-insns: system emulation only\n");
		return -1;
	}
	if (!strcmp(info->target_name, "x86_64")) {
		arch = ARCH_X86;
	} else if (!strcmp(info->target_name, "aarch64")) {
		arch = ARCH_A64;
		ops = a64_ops;
		n_ops = n_kinds = sizeof(a64_ops) / sizeof(a64_ops[0]);
	} else if (!strcmp(info->target_name, "arm")) {
		arch = ARCH_A32;
		ops = v7_ops;
		n_ops = N_V7_OPS;
		n_kinds = 2 * N_V7_OPS;
	} else {
		fprintf(stderr, "lan743x-insns: unsupported target '%s'\n",
			info->target_name);
		return -1;
	}
	out = fopen(path, "w");
	if (!out) {
		perror(path);
		return -1;
	}
	n_counters = info->system.max_vcpus;
	counters = aligned_alloc(64, n_counters * sizeof(*counters));
	if (!counters) {
		fclose(out);
		return -1;
	}
	memset(counters, 0, n_counters * sizeof(*counters));
	if (prof_path) {
		prof = calloc(PROF_SLOTS, sizeof(*prof));
		if (!prof) {
			fclose(out);
			return -1;
		}
	}
	fprintf(out, "# lan743x-insns: %s, %d vcpus\n", info->target_name,
		n_counters);
	fflush(out);

	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}

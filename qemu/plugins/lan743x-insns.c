// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lan743x-insns: a TCG plugin that counts guest instructions inside
 * windows the guest opens and closes itself.
 *
 * The benchmark needs a cost figure that does not depend on how busy the
 * host is: guest instructions executed per received packet.  Counting the
 * whole run would mix in boot and the benchmark's own bookkeeping, so the
 * guest brackets each measured transfer with two marker instructions, both
 * multi-byte NOPs that real CPUs and TCG execute as no-ops:
 *
 *     nopl 0x4c540001(%rax)    0f 1f 80 01 00 54 4c    open a window
 *     nopl 0x4c540002(%rax)    0f 1f 80 02 00 54 4c    close it
 *
 * (tests/guest/lt-mark.c executes them.)  Every instruction on every vCPU
 * counts while a window is open: the driver, the network stack, softirqs
 * and the receiving iperf3 alike, which is the cost a user pays.  Each
 * close appends "window N INSNS" to the output file.
 *
 * Counting: a callback per translated block adds its instruction count to
 * a per-vCPU counter (QEMU 7.2 has no per-vCPU inline counters, and one
 * shared inline counter loses updates under MTTCG).  A block that leaves
 * early through an exception is still counted whole: a few instructions
 * per fault, far below the per-packet figures we report.
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

#define MARK_LEN	7
#define MARK_MAGIC	0x4c54u		/* "LT" in the displacement's top half */
#define MARK_OPEN	1u
#define MARK_CLOSE	2u

/* One cache line per vCPU, so that the vCPU threads do not share lines. */
struct vcpu_counter {
	uint64_t insns;
	uint8_t pad[56];
};

static struct vcpu_counter *counters;
static int n_counters;

static pthread_mutex_t window_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;
static int window_open;
static uint64_t window_start;
static unsigned int windows;

static uint64_t insns_total(void)
{
	uint64_t sum = 0;
	int i;

	/* Other vCPUs keep running: their aligned 64-bit loads are atomic. */
	for (i = 0; i < n_counters; i++)
		sum += __atomic_load_n(&counters[i].insns, __ATOMIC_RELAXED);
	return sum;
}

static void tb_exec(unsigned int vcpu, void *udata)
{
	if ((int)vcpu < n_counters)
		counters[vcpu].insns += (uintptr_t)udata;
}

static void mark_exec(unsigned int vcpu, void *udata)
{
	uint64_t now = insns_total();

	pthread_mutex_lock(&window_lock);
	if ((uintptr_t)udata == MARK_OPEN) {
		if (window_open)
			fprintf(out, "warning: window reopened before close\n");
		window_open = 1;
		window_start = now;
	} else if (window_open) {
		window_open = 0;
		fprintf(out, "window %u %" PRIu64 "\n", ++windows,
			now - window_start);
	} else {
		fprintf(out, "warning: close without open on vcpu %u\n", vcpu);
	}
	fflush(out);
	pthread_mutex_unlock(&window_lock);
}

/* Returns the marker's command (open/close) or 0 if @insn is no marker. */
static unsigned int marker_of(struct qemu_plugin_insn *insn)
{
	const uint8_t *b;
	uint32_t disp;

	if (qemu_plugin_insn_size(insn) != MARK_LEN)
		return 0;
	b = qemu_plugin_insn_data(insn);
	if (b[0] != 0x0f || b[1] != 0x1f || b[2] != 0x80)
		return 0;
	disp = b[3] | b[4] << 8 | b[5] << 16 | (uint32_t)b[6] << 24;
	if (disp >> 16 != MARK_MAGIC)
		return 0;
	disp &= 0xffff;
	return disp == MARK_OPEN || disp == MARK_CLOSE ? disp : 0;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	size_t i;

	qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS,
					     (void *)(uintptr_t)n);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		unsigned int cmd = marker_of(insn);

		if (cmd)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, mark_exec,
							       QEMU_PLUGIN_CB_NO_REGS,
							       (void *)(uintptr_t)cmd);
	}
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	pthread_mutex_lock(&window_lock);
	fprintf(out, "total %" PRIu64 " windows %u\n", insns_total(), windows);
	fclose(out);
	out = NULL;
	pthread_mutex_unlock(&window_lock);
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
	out = fopen(path, "w");
	if (!out) {
		perror(path);
		return -1;
	}
	n_counters = info->system.max_vcpus;
	counters = calloc(n_counters, sizeof(*counters));
	if (!counters) {
		fclose(out);
		return -1;
	}
	fprintf(out, "# lan743x-insns: %d vcpus\n", n_counters);
	fflush(out);

	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * lt-mark: open or close an instruction-counting window of the QEMU plugin
 * qemu/plugins/lan743x-insns.c by executing its marker instruction.
 *
 *   lt-mark start|stop [ANY...]
 *   lt-mark dline
 *
 * The markers are no-ops on real CPUs: on x86_64 multi-byte NOPs
 * ("nopl 0x4c54000N(%rax)"), on AArch64 and 32-bit ARM the unallocated
 * hints #76 and #77 (A32 or T32 encoding, whichever state this is built
 * for).  Without the plugin, or on real hardware, this program does
 * nothing.  Extra arguments are ignored, so that it can serve directly as
 * lan743x-rxbench's -x hook.
 *
 * "dline" prints the smallest data cache line in bytes, the unit of the
 * kernel's maintenance by address: CTR_EL0.DminLine on AArch64, the
 * CLFLUSH line size (CPUID 1) on x86_64.  ARMv7 has no user access to
 * CTR: it fails there.
 */
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__)
#define MARK_OPEN	".byte 0x0f, 0x1f, 0x80, 0x01, 0x00, 0x54, 0x4c"
#define MARK_CLOSE	".byte 0x0f, 0x1f, 0x80, 0x02, 0x00, 0x54, 0x4c"
#elif defined(__aarch64__)
#define MARK_OPEN	"hint #76"
#define MARK_CLOSE	"hint #77"
#elif defined(__arm__) && defined(__thumb__)
#define MARK_OPEN	".inst.w 0xf3af804c"
#define MARK_CLOSE	".inst.w 0xf3af804d"
#elif defined(__arm__)
#define MARK_OPEN	".inst 0xe320f04c"
#define MARK_CLOSE	".inst 0xe320f04d"
#else
#error "lt-mark: no marker for this architecture"
#endif

static int dline(void)
{
#if defined(__aarch64__)
	unsigned long ctr;

	asm volatile("mrs %0, ctr_el0" : "=r" (ctr));
	return 4 << (ctr >> 16 & 0xf);
#elif defined(__x86_64__)
	unsigned int a = 1, b, c = 0, d;

	asm volatile("cpuid" : "+a" (a), "=b" (b), "+c" (c), "=d" (d));
	return (b >> 8 & 0xff) * 8;
#else
	return 0;
#endif
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "start")) {
		asm volatile(MARK_OPEN ::: "memory");
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "stop")) {
		asm volatile(MARK_CLOSE ::: "memory");
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "dline")) {
		int n = dline();

		if (!n) {
			fprintf(stderr, "lt-mark: no data cache line size here\n");
			return 1;
		}
		printf("%d\n", n);
		return 0;
	}
	fprintf(stderr, "usage: lt-mark start|stop [ignored...] | dline\n");
	return 1;
}

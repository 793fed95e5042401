// SPDX-License-Identifier: GPL-2.0
/*
 * lt-mark: open or close an instruction-counting window of the QEMU plugin
 * qemu/plugins/lan743x-insns.c by executing its marker instruction.
 *
 *   lt-mark start|stop [ANY...]
 *
 * The markers are multi-byte NOPs ("nopl 0x4c54000N(%rax)"): without the
 * plugin, or on real hardware, this program does nothing.  Extra arguments
 * are ignored, so that it can serve directly as lan743x-rxbench's -x hook.
 */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "start")) {
		asm volatile(".byte 0x0f, 0x1f, 0x80, 0x01, 0x00, 0x54, 0x4c" ::: "memory");
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "stop")) {
		asm volatile(".byte 0x0f, 0x1f, 0x80, 0x02, 0x00, 0x54, 0x4c" ::: "memory");
		return 0;
	}
	fprintf(stderr, "usage: lt-mark start|stop [ignored...]\n");
	return 1;
}

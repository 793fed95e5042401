// SPDX-License-Identifier: GPL-2.0
/* debugfs of the LAN743x driver: what the tests need to see and to break.
 *
 *   /sys/kernel/debug/lan743x/<PCI name>/dma_coherent
 *
 * Y when the device's DMA is cache-coherent, N when every map and sync
 * does cache maintenance (ARM boards without snooping): the tests check
 * that an emulated board meant to be non-coherent really is.
 *
 *   /sys/kernel/debug/lan743x/<PCI name>/fail_ring_alloc
 *
 * Test-only fault injection.
 * Writing N makes the Nth ring-build allocation from now fail with -ENOMEM
 * (1 = the next one); the knob then disarms itself (reads 0 again).  0
 * disarms it.  Counted are the allocations of a ring being built, at open
 * or by a reconfiguration: for each RX ring its descriptor block, its
 * buffer policy state and then each buffer; for the TX ring its descriptor
 * block and its slot array.  Buffers refilled by NAPI are not counted.
 *
 * The tests need this because Debian's kernels have no fault injection
 * framework, and the -ENOMEM paths of a reconfiguration (old rings kept)
 * must be exercised on the real driver.
 */

#include <linux/atomic.h>
#include <linux/debugfs.h>

#include "lan743x_main.h"

static struct dentry *lan743x_debugfs_root;

/**
 * lan743x_fail_ring_alloc() - should this ring-build allocation fail
 * @adapter: adapter
 *
 * Return: true for the allocation the fail_ring_alloc knob picked.
 */
bool lan743x_fail_ring_alloc(struct lan743x_adapter *adapter)
{
	return atomic_dec_if_positive(&adapter->fail_ring_alloc) == 0;
}

/**
 * lan743x_debugfs_add() - the device's debugfs directory
 * @adapter: adapter being probed
 *
 * Errors are ignored: debugfs is a test aid, not needed to run.
 */
void lan743x_debugfs_add(struct lan743x_adapter *adapter)
{
	atomic_set(&adapter->fail_ring_alloc, 0);
	adapter->debugfs = debugfs_create_dir(pci_name(adapter->pdev),
					      lan743x_debugfs_root);
	debugfs_create_bool("dma_coherent", 0400, adapter->debugfs,
			    &adapter->dma_coherent);
	debugfs_create_atomic_t("fail_ring_alloc", 0600, adapter->debugfs,
				&adapter->fail_ring_alloc);
}

/**
 * lan743x_debugfs_remove() - remove what lan743x_debugfs_add() created
 * @adapter: adapter being removed
 */
void lan743x_debugfs_remove(struct lan743x_adapter *adapter)
{
	debugfs_remove_recursive(adapter->debugfs);
	adapter->debugfs = NULL;
}

/**
 * lan743x_debugfs_init() - the driver's debugfs directory, at module load
 */
void lan743x_debugfs_init(void)
{
	lan743x_debugfs_root = debugfs_create_dir(DRIVER_NAME, NULL);
}

/**
 * lan743x_debugfs_exit() - remove it at module unload
 */
void lan743x_debugfs_exit(void)
{
	debugfs_remove_recursive(lan743x_debugfs_root);
	lan743x_debugfs_root = NULL;
}

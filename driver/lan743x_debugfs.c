// SPDX-License-Identifier: GPL-2.0
/* debugfs of the LAN743x driver: what the tests need to see and to break.
 *
 *   /sys/kernel/debug/lan743x/<PCI name>/dma_coherent
 *
 * Y when the device's DMA is cache-coherent, N when every map and sync
 * does cache maintenance (ARM boards without snooping): the tests check
 * that an emulated board meant to be non-coherent really is.
 *
 *   /sys/kernel/debug/lan743x/<PCI name>/page_pool_stats
 *
 * Y when the kernel's page_pool keeps statistics (CONFIG_PAGE_POOL_STATS),
 * so that ethtool -S counts what the page_pool policy's pool did with
 * the pages that came back (rx_pp_recycled, rx_unmap_ops); N when those
 * stay at 0.
 *
 *   /sys/kernel/debug/lan743x/<PCI name>/fail_ring_alloc/
 *
 * On kernels built with CONFIG_FAULT_INJECTION_DEBUG_FS: a fault_attr of
 * the kernel's fault-injection framework (probability, interval, times,
 * space, verbose...; the kernel's fault-injection documentation) over the
 * allocations of a ring being built, at open or by a reconfiguration: for
 * each RX ring its descriptor block, its buffer policy state and then each
 * buffer; for the TX ring its descriptor block and its slot array.
 * Buffers refilled by NAPI are not counted (fail_function covers them).
 * E.g. probability 100, times 1, space N: the Nth such allocation from
 * now fails with -ENOMEM, once.
 */

#include <linux/debugfs.h>
#include <linux/fault-inject.h>

#include "lan743x_main.h"

static struct dentry *lan743x_debugfs_root;
/* debugfs_create_bool() wants a writable bool; the file is read-only */
#ifdef LAN743X_HAVE_PP_STATS
static bool lan743x_pp_stats = true;
#else
static bool lan743x_pp_stats;
#endif

#ifdef CONFIG_FAULT_INJECTION_DEBUG_FS
/**
 * lan743x_fail_ring_alloc() - should this ring-build allocation fail
 * @adapter: adapter
 *
 * Return: true when the fail_ring_alloc fault attribute says so.
 */
bool lan743x_fail_ring_alloc(struct lan743x_adapter *adapter)
{
	return should_fail(&adapter->fail_ring_alloc, 1);
}

static void lan743x_debugfs_add_faults(struct lan743x_adapter *adapter)
{
	adapter->fail_ring_alloc = (struct fault_attr)FAULT_ATTR_INITIALIZER;
	fault_create_debugfs_attr("fail_ring_alloc", adapter->debugfs,
				  &adapter->fail_ring_alloc);
}
#else
static void lan743x_debugfs_add_faults(struct lan743x_adapter *adapter)
{
}
#endif

/**
 * lan743x_debugfs_add() - the device's debugfs directory
 * @adapter: adapter being probed
 *
 * Errors are ignored: debugfs is a test aid, not needed to run.
 */
void lan743x_debugfs_add(struct lan743x_adapter *adapter)
{
	adapter->debugfs = debugfs_create_dir(pci_name(adapter->pdev),
					      lan743x_debugfs_root);
	debugfs_create_bool("dma_coherent", 0400, adapter->debugfs,
			    &adapter->dma_coherent);
	debugfs_create_bool("page_pool_stats", 0400, adapter->debugfs,
			    &lan743x_pp_stats);
	lan743x_debugfs_add_faults(adapter);
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

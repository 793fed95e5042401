// SPDX-License-Identifier: GPL-2.0
/* PCIe error recovery: the PCI core's error handlers (AER, DPC).
 *
 * An uncorrectable error takes the chip away from the stack:
 * error_detected stops NAPI, TX and the rings and detaches the netdev.
 * The core then resets the link below the root port (a fatal error) or
 * leaves it (non-fatal), and slot_reset brings the function back: its
 * config space restored, the chip reset and reprogrammed as after a
 * resume.  resume reopens the interface.  A permanent failure (the device
 * is gone, or did not come back) leaves the interface detached and its
 * rings freed until the device is removed.  Correctable errors stay with
 * the core: the link corrected them and the driver has nothing to do.
 */

#include <linux/aer.h>
#include <linux/pci.h>
#include <linux/rtnetlink.h>

#include "lan743x_main.h"

static const char *lan743x_pci_err_name(pci_channel_state_t state)
{
	if (state == pci_channel_io_normal)
		return "non-fatal";
	if (state == pci_channel_io_frozen)
		return "fatal";
	return "permanent failure";
}

static pci_ers_result_t lan743x_error_detected(struct pci_dev *pdev,
					       pci_channel_state_t state)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct lan743x_adapter *adapter;

	adapter = netdev_priv(netdev);
	netdev_warn(netdev, "PCIe error (%s): interface stopped\n",
		    lan743x_pci_err_name(state));
	rtnl_lock();
	/* a second report during the recovery finds it detached already */
	if (netif_device_present(netdev))
		lan743x_detach(adapter);
	rtnl_unlock();
	if (state == pci_channel_io_perm_failure)
		return PCI_ERS_RESULT_DISCONNECT;
	/* even a non-fatal error may have lost a descriptor or a frame:
	 * reset the chip rather than trust its rings
	 */
	return PCI_ERS_RESULT_NEED_RESET;
}

static pci_ers_result_t lan743x_slot_reset(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct lan743x_adapter *adapter;
	int ret;

	adapter = netdev_priv(netdev);
	/* a link reset cleared BARs, bus mastering and MSI(-X) */
	pci_restore_state(pdev);
	pci_save_state(pdev);
	rtnl_lock();
	ret = lan743x_hw_restart(adapter);
	rtnl_unlock();
	if (ret) {
		netdev_err(netdev, "chip did not come back after the PCIe error (%d)\n",
			   ret);
		return PCI_ERS_RESULT_DISCONNECT;
	}
	return PCI_ERS_RESULT_RECOVERED;
}

static void lan743x_pci_resume(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct lan743x_adapter *adapter;
	int ret;

	adapter = netdev_priv(netdev);
	rtnl_lock();
	ret = lan743x_reattach(adapter);
	rtnl_unlock();
	if (ret)
		netdev_err(netdev, "reopening after the PCIe error failed (%d)\n",
			   ret);
	else
		netdev_info(netdev, "recovered from the PCIe error\n");
}

const struct pci_error_handlers lan743x_err_handler = {
	.error_detected	= lan743x_error_detected,
	.slot_reset	= lan743x_slot_reset,
	.resume		= lan743x_pci_resume,
};

/**
 * lan743x_pci_err_init() - prepare the function for error recovery
 * @adapter: adapter whose BARs are mapped
 *
 * Saves the config space that slot_reset restores after a link reset;
 * kernels before 6.5 also want the driver to enable the function's error
 * reporting (the core does since), which comes first: the Device Control
 * saved must have it, or the first recovery would turn it off again (on
 * a chip added after the AER service started, which enabled the others).
 */
void lan743x_pci_err_init(struct lan743x_adapter *adapter)
{
#ifdef LAN743X_HAVE_AER_DRIVER_ENABLE
	pci_enable_pcie_error_reporting(adapter->pdev);
#endif
	pci_save_state(adapter->pdev);
}

/**
 * lan743x_pci_err_cleanup() - undo lan743x_pci_err_init()
 * @adapter: adapter
 */
void lan743x_pci_err_cleanup(struct lan743x_adapter *adapter)
{
#ifdef LAN743X_HAVE_AER_DRIVER_ENABLE
	pci_disable_pcie_error_reporting(adapter->pdev);
#endif
}

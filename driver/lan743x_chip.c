// SPDX-License-Identifier: GPL-2.0
/* The chip families the driver knows, in one place.
 *
 * LAN7430 and LAN7431: one TX channel, 6 MSI-X vectors, RGMII/MII or the
 * LAN7430's internal PHY, clause 22 MDIO, the EEPROM and OTP controllers
 * in the function's own registers.
 *
 * PCI11010 and PCI11414 (the PCI11x1x family): the same MAC, RX, DMA and
 * interrupt blocks, plus four TX channels (9 vectors), an SGMII /
 * 1000BASE-X / 2500BASE-X PCS beside RGMII chosen by a strap
 * (lan743x_pcs.c), clause 45 MDIO, and a system block shared with the
 * chip's other PCI functions (USB, UART, ...) where the EEPROM and OTP
 * controllers sit behind a hardware lock, event capture (external
 * timestamps) on GPIOs 0 to 7, and its own path from the clock targets to
 * the GPIOs (PTP-IO event outputs, with another layout of
 * PTP_GENERAL_CONFIG and finer pulse widths).  Silicon B0 needs a smaller
 * RFE read FIFO threshold.
 *
 * The family is chosen from ID_REV at probe; the rest of the driver asks
 * adapter->chip, not the chip ID.
 */

#include <linux/delay.h>
#include <linux/pci.h>
#include <linux/sizes.h>

#include "lan743x_main.h"

static void lan743x_pci11x1x_hw_init(struct lan743x_adapter *adapter)
{
	u32 rev = FIELD_GET(ID_REV_CHIP_REV_MASK_, adapter->id_rev);

	/* B0's RFE reads its FIFO with a lower threshold than reset gives */
	if (rev == ID_REV_CHIP_REV_PCI11X1X_B0_)
		lan743x_rmw32(adapter, MISC_CTL_0,
			      MISC_CTL_0_RFE_READ_FIFO_MASK_,
			      FIELD_PREP(MISC_CTL_0_RFE_READ_FIFO_MASK_,
					 MISC_CTL_0_RFE_READ_FIFO_B0_));
	lan743x_pcs_hw_init(adapter);
}

static const struct lan743x_chip lan743x_family = {
	.num_tx		= 1,
	.e2p_base	= E2P_CMD,
	.e2p_addr_mask	= E2P_CMD_ADDR_MASK_,
	.e2p_timeout	= E2P_CMD_TIMEOUT_,
	.e2p_ewen	= true,
	.otp_base	= OTP_BASE,
	.e2p_size	= 512,
	.otp_size	= 1024,
	.ptp_out	= &lan743x_ptp_gpio_out,
};

static const struct lan743x_chip pci11x1x_family = {
	.num_tx		= 4,
	.has_syslock	= true,
	.mdio_c45	= true,
	.e2p_base	= HS_E2P_CMD,
	.e2p_addr_mask	= HS_E2P_CMD_ADDR_MASK_,
	.e2p_timeout	= HS_E2P_CMD_TIMEOUT_,
	.otp_base	= HS_OTP_BASE,
	.e2p_size	= SZ_64K,		/* an I2C EEPROM, 16-bit addresses */
	.otp_size	= SZ_8K,
	.ptp_extts	= LAN743X_PTP_EXTTS_MAX,
	.ptp_out	= &lan743x_ptp_io_out,
	.d3_keep_hw_cfg	= true,
	.hw_init	= lan743x_pci11x1x_hw_init,
};

/* One entry per chip ID: the product's name and its family */
static const struct {
	u16 id;
	const char *name;
	const struct lan743x_chip *family;
} lan743x_chips[] = {
	{ ID_REV_ID_LAN7430_, "LAN7430", &lan743x_family },
	{ ID_REV_ID_LAN7431_, "LAN7431", &lan743x_family },
	{ ID_REV_ID_PCI11010_, "PCI11010", &pci11x1x_family },
	{ ID_REV_ID_PCI11414_, "PCI11414", &pci11x1x_family },
};

/**
 * lan743x_chip_lookup() - the family of the chip an ID_REV names
 * @id_rev: the ID_REV register
 * @name: set to the product's name
 *
 * Return: the family's capabilities, or NULL for a chip the driver does
 * not know.
 */
const struct lan743x_chip *lan743x_chip_lookup(u32 id_rev, const char **name)
{
	u16 id = FIELD_GET(ID_REV_ID_MASK_, id_rev);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lan743x_chips); i++) {
		if (lan743x_chips[i].id == id) {
			*name = lan743x_chips[i].name;
			return lan743x_chips[i].family;
		}
	}
	return NULL;
}

/**
 * lan743x_chip_is_a0() - first LAN743x silicon, without interrupt auto
 *	set/clear, MSI or coalescing
 * @id_rev: the ID_REV register
 *
 * Return: true for revision 0 (the PCI11x1x revisions start at 0xA0).
 */
bool lan743x_chip_is_a0(u32 id_rev)
{
	return FIELD_GET(ID_REV_CHIP_REV_MASK_, id_rev) == ID_REV_CHIP_REV_A0_;
}

/* 100 tries 10 ms apart: what the other functions' drivers wait too */
#define LAN743X_SYSLOCK_TRIES	100

/**
 * lan743x_syslock_get() - take the PCI11x1x's system lock
 * @adapter: adapter
 *
 * The chip's other functions share the EEPROM, the OTP and the
 * configuration-load status: each takes the lock in SYS_LOCK before it
 * touches them, for a few register accesses at a time.  On the LAN743x
 * this only serialises the driver's own accesses.
 *
 * Context: may sleep.
 * Return: 0 with the lock held, or -ETIMEDOUT.
 */
int lan743x_syslock_get(struct lan743x_adapter *adapter)
{
	int i;

	mutex_lock(&adapter->syslock);
	if (!adapter->chip->has_syslock)
		return 0;
	for (i = 0; i < LAN743X_SYSLOCK_TRIES; i++) {
		lan743x_wr32(adapter, SYS_LOCK, SYS_LOCK_ENET_SS_);
		if (lan743x_rd32(adapter, SYS_LOCK) & SYS_LOCK_ENET_SS_)
			return 0;
		usleep_range(10000, 11000);
	}
	mutex_unlock(&adapter->syslock);
	dev_err(&adapter->pdev->dev, "system lock held by another function\n");
	return -ETIMEDOUT;
}

/**
 * lan743x_syslock_put() - release the lock lan743x_syslock_get() took
 * @adapter: adapter
 */
void lan743x_syslock_put(struct lan743x_adapter *adapter)
{
	if (adapter->chip->has_syslock)
		lan743x_wr32(adapter, SYS_LOCK, 0);
	mutex_unlock(&adapter->syslock);
}

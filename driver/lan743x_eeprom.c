// SPDX-License-Identifier: GPL-2.0
/* ethtool -e/-E: the EEPROM (512 bytes; 64 KiB on the PCI11x1x), or with
 * the OTP_ACCESS private flag the one-time programmable memory (1024
 * bytes; 8 KiB).  The magic values of ethtool -E are the ones the
 * vendor's provisioning tools use.
 *
 * ethtool calls these under RTNL, which serialises every access to the
 * E2P_* and OTP_* registers (nothing else in the driver touches them).
 * On the PCI11x1x both controllers sit in the system block the chip's
 * other functions share (at other offsets, adapter->chip): each command
 * runs under the system lock, taken and released byte by byte so that
 * the other functions wait at most one command.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/ethtool.h>
#include <linux/netdevice.h>

#include "lan743x_main.h"

#define LAN743X_EEPROM_MAGIC	0x74A5
#define LAN743X_OTP_MAGIC	0x74F3

/* Microwire EEPROM: each command takes at most a write cycle (ms) */
#define LAN743X_E2P_TIMEOUT_US	100000
#define LAN743X_OTP_TIMEOUT_US	100000

/* One EEPROM command; the system lock is held */
static int lan743x_e2p_cmd(struct lan743x_adapter *adapter, u32 cmd, u32 addr)
{
	const struct lan743x_chip *chip = adapter->chip;
	int ret;

	lan743x_wr32(adapter, chip->e2p_base, E2P_CMD_BUSY_ |
		     FIELD_PREP(E2P_CMD_CMD_MASK_, cmd) |
		     (addr & chip->e2p_addr_mask));
	ret = lan743x_wait_bits(adapter, chip->e2p_base, E2P_CMD_BUSY_, 0, 40,
				LAN743X_E2P_TIMEOUT_US);
	if (!ret && (lan743x_rd32(adapter, chip->e2p_base) & chip->e2p_timeout))
		ret = -EIO;
	if (ret)
		netdev_err(adapter->netdev, "EEPROM command %u at 0x%x failed: %d\n",
			   cmd, addr, ret);
	return ret;
}

static int lan743x_eeprom_read(struct lan743x_adapter *adapter, u32 off,
			       u32 len, u8 *data)
{
	u32 data_reg = adapter->chip->e2p_base + E2P_DATA_OFF;
	int ret;
	u32 i;

	for (i = 0; i < len; i++) {
		ret = lan743x_syslock_get(adapter);
		if (ret)
			return ret;
		ret = lan743x_e2p_cmd(adapter, E2P_CMD_READ, off + i);
		if (!ret)
			data[i] = FIELD_GET(E2P_DATA_MASK_,
					    lan743x_rd32(adapter, data_reg));
		lan743x_syslock_put(adapter);
		if (ret)
			return ret;
	}
	return 0;
}

static int lan743x_eeprom_write(struct lan743x_adapter *adapter, u32 off,
				u32 len, const u8 *data)
{
	u32 data_reg = adapter->chip->e2p_base + E2P_DATA_OFF;
	int ret = 0;
	u32 i;

	/* the LAN743x's Microwire EEPROM needs writes enabled first */
	if (adapter->chip->e2p_ewen) {
		ret = lan743x_syslock_get(adapter);
		if (ret)
			return ret;
		ret = lan743x_e2p_cmd(adapter, E2P_CMD_EWEN, 0);
		lan743x_syslock_put(adapter);
	}
	for (i = 0; !ret && i < len; i++) {
		ret = lan743x_syslock_get(adapter);
		if (ret)
			return ret;
		lan743x_wr32(adapter, data_reg, data[i]);
		ret = lan743x_e2p_cmd(adapter, E2P_CMD_WRITE, off + i);
		lan743x_syslock_put(adapter);
	}
	return ret;
}

/* An OTP register of this chip's OTP block (the LAN743x's offsets) */
static u32 lan743x_otp_reg(struct lan743x_adapter *adapter, u32 reg)
{
	return adapter->chip->otp_base + reg - OTP_BASE;
}

/* One OTP command at @addr: the command register, then GO; the system
 * lock is held
 */
static int lan743x_otp_cmd(struct lan743x_adapter *adapter, u32 reg, u32 val,
			   u32 addr)
{
	int ret;

	lan743x_wr32(adapter, lan743x_otp_reg(adapter, OTP_ADDR_HIGH),
		     FIELD_GET(OTP_ADDR_HIGH_MASK_, addr));
	lan743x_wr32(adapter, lan743x_otp_reg(adapter, OTP_ADDR_LOW),
		     FIELD_GET(OTP_ADDR_LOW_MASK_, addr));
	lan743x_wr32(adapter, lan743x_otp_reg(adapter, reg), val);
	lan743x_wr32(adapter, lan743x_otp_reg(adapter, OTP_CMD_GO),
		     OTP_CMD_GO_GO_);
	ret = lan743x_wait_bits(adapter, lan743x_otp_reg(adapter, OTP_STATUS),
				OTP_STATUS_BUSY_, 0, 1, LAN743X_OTP_TIMEOUT_US);
	if (ret)
		netdev_err(adapter->netdev, "OTP command at 0x%x timed out\n",
			   addr);
	return ret;
}

/* Power the OTP up (@on) or down, under the system lock */
static int lan743x_otp_power(struct lan743x_adapter *adapter, bool on,
			     bool write)
{
	u32 pwr = lan743x_otp_reg(adapter, OTP_PWR_DN);
	int ret;

	ret = lan743x_syslock_get(adapter);
	if (ret)
		return ret;
	if (!on) {
		lan743x_rmw32(adapter, pwr, 0, OTP_PWR_DN_PWRDN_N_);
		goto unlock;
	}
	lan743x_rmw32(adapter, pwr, OTP_PWR_DN_PWRDN_N_, 0);
	usleep_range(100, 200);
	ret = lan743x_wait_bits(adapter, lan743x_otp_reg(adapter, OTP_STATUS),
				OTP_STATUS_BUSY_, 0, 1, LAN743X_OTP_TIMEOUT_US);
	if (ret)
		netdev_err(adapter->netdev, "OTP stays busy after power-up\n");
	else if (write)
		lan743x_wr32(adapter, lan743x_otp_reg(adapter, OTP_PRGM_MODE),
			     OTP_PRGM_MODE_BYTE_);
unlock:
	lan743x_syslock_put(adapter);
	return ret;
}

/* Read (@write false) or program @len OTP bytes; the OTP is powered up
 * for the access only.  Programming sets bits, it never clears one.
 */
static int lan743x_otp_access(struct lan743x_adapter *adapter, u32 off,
			      u32 len, u8 *data, bool write)
{
	int ret;
	u32 i;

	ret = lan743x_otp_power(adapter, true, write);
	for (i = 0; !ret && i < len; i++) {
		ret = lan743x_syslock_get(adapter);
		if (ret)
			break;
		if (write) {
			lan743x_wr32(adapter,
				     lan743x_otp_reg(adapter, OTP_PRGM_DATA),
				     data[i]);
			ret = lan743x_otp_cmd(adapter, OTP_TST_CMD,
					      OTP_TST_CMD_PRGVRFY_, off + i);
		} else {
			ret = lan743x_otp_cmd(adapter, OTP_FUNC_CMD,
					      OTP_FUNC_CMD_READ_, off + i);
			data[i] = lan743x_rd32(adapter,
					       lan743x_otp_reg(adapter,
							       OTP_READ_DATA));
		}
		lan743x_syslock_put(adapter);
	}
	lan743x_otp_power(adapter, false, write);
	return ret;
}

/**
 * lan743x_get_eeprom_len() - ethtool's get_eeprom_len
 * @netdev: the interface
 *
 * Return: the size of the memory ethtool -e/-E address: the OTP's with the
 * OTP_ACCESS private flag, else the EEPROM's.
 */
int lan743x_get_eeprom_len(struct net_device *netdev)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);

	return adapter->otp_access ? adapter->chip->otp_size :
				     adapter->chip->e2p_size;
}

/* ethtool's core checks the range against get_eeprom_len already; this is
 * the driver's own guard (the ops have no extack: the log says why).
 */
static int lan743x_eeprom_range(struct net_device *netdev,
				const struct ethtool_eeprom *ee)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	u32 size = lan743x_get_eeprom_len(netdev);

	if (!ee->len || ee->offset >= size || ee->len > size - ee->offset) {
		netdev_err(netdev, "%s offset %u length %u is outside its %u bytes\n",
			   adapter->otp_access ? "OTP" : "EEPROM",
			   ee->offset, ee->len, size);
		return -EINVAL;
	}
	return 0;
}

/**
 * lan743x_get_eeprom() - ethtool -e: read the EEPROM or the OTP
 * @netdev: the interface
 * @ee: offset and length; the magic of the memory read is returned in it
 * @data: @ee->len bytes
 *
 * Context: RTNL held, may sleep.
 * Return: 0, -EINVAL for a range outside the memory, -EIO or -ETIMEDOUT.
 */
int lan743x_get_eeprom(struct net_device *netdev, struct ethtool_eeprom *ee,
		       u8 *data)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	int ret = lan743x_eeprom_range(netdev, ee);

	if (ret)
		return ret;
	if (adapter->otp_access) {
		ee->magic = LAN743X_OTP_MAGIC;
		return lan743x_otp_access(adapter, ee->offset, ee->len, data,
					  false);
	}
	ee->magic = LAN743X_EEPROM_MAGIC;
	return lan743x_eeprom_read(adapter, ee->offset, ee->len, data);
}

/**
 * lan743x_set_eeprom() - ethtool -E: write the EEPROM or program the OTP
 * @netdev: the interface
 * @ee: magic (0x74A5 EEPROM, 0x74F3 OTP), offset and length
 * @data: @ee->len bytes
 *
 * A wrong magic or a range outside the memory writes nothing.
 *
 * Context: RTNL held, may sleep.
 * Return: 0, -EINVAL, -EIO or -ETIMEDOUT.
 */
int lan743x_set_eeprom(struct net_device *netdev, struct ethtool_eeprom *ee,
		       u8 *data)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	u32 magic = adapter->otp_access ? LAN743X_OTP_MAGIC :
					  LAN743X_EEPROM_MAGIC;
	int ret = lan743x_eeprom_range(netdev, ee);

	if (ret)
		return ret;
	if (ee->magic != magic) {
		netdev_err(netdev, "%s write refused: magic 0x%x, not 0x%x\n",
			   adapter->otp_access ? "OTP" : "EEPROM", ee->magic,
			   magic);
		return -EINVAL;
	}
	if (adapter->otp_access)
		return lan743x_otp_access(adapter, ee->offset, ee->len, data,
					  true);
	return lan743x_eeprom_write(adapter, ee->offset, ee->len, data);
}

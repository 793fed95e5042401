// SPDX-License-Identifier: GPL-2.0
/* The PCS of the PCI11010/PCI11414: SGMII, 1000BASE-X and 2500BASE-X.
 *
 * A strap chooses between RGMII (the external PHY, as on the LAN7431) and
 * the PCS, a DesignWare XPCS whose MMD registers the MAC reaches through
 * SGMII_ACC/SGMII_DATA.  What the PCS runs is read from the strap at each
 * reset: SGMII to a PHY on the MDIO bus, or, with the BASE_X strap,
 * 1000BASE-X to a link partner without PHY; the 2.5G strap clocks either
 * at 3.125 GBd, which is 2500BASE-X.
 *
 * The link itself stays with phylib (lan743x_mdio.c), as for the LAN743x:
 * an SGMII PHY is attached as any other, its link callback sets the MAC's
 * speed, and the PCS follows the PHY's in-band speed by itself
 * (MAC_AUTO_SW).  Without a PHY the PCS's own link status is polled once
 * a second (the rate phylib polls a PHY at) and the carrier follows it,
 * at 1000 or 2500 Mbit/s full duplex.  phylink with a phylink_pcs would
 * do the same through an interface whose ops changed signature several
 * times between 5.10 and 7.3 (pcs_config, pcs_get_state, mac_select_pcs,
 * the in-band negotiation modes), and would move the LAN743x's tested
 * phylib path too; this file is the same on every kernel.
 */

#include <linux/iopoll.h>
#include <linux/mii.h>
#include <linux/netdevice.h>
#include <linux/phy.h>

#include "lan743x_main.h"

/* the PCS's registers are in MMD 31 (vendor 2) */
#define LAN743X_PCS_MMD		31
#define LAN743X_PCS_POLL	HZ

static void lan743x_pcs_poll(struct work_struct *work);

static int lan743x_pcs_wait(struct lan743x_adapter *adapter)
{
	u32 val;
	int ret;

	ret = readl_poll_timeout(adapter->csr + SGMII_ACC, val,
				 !(val & SGMII_ACC_BUSY_) || val == ~0u,
				 10, 100000);
	return val == ~0u ? -ENODEV : ret;
}

/* Read a PCS register; @adapter->pcs_lock held.  Return: value or errno */
static int lan743x_pcs_read(struct lan743x_adapter *adapter, u16 reg)
{
	int ret;

	lan743x_wr32(adapter, SGMII_ACC, SGMII_ACC_BUSY_ |
		     FIELD_PREP(SGMII_ACC_MMD_MASK_, LAN743X_PCS_MMD) |
		     FIELD_PREP(SGMII_ACC_ADDR_MASK_, reg));
	ret = lan743x_pcs_wait(adapter);
	if (ret)
		return ret;
	return FIELD_GET(SGMII_DATA_MASK_, lan743x_rd32(adapter, SGMII_DATA));
}

/* Write a PCS register; @adapter->pcs_lock held */
static int lan743x_pcs_write(struct lan743x_adapter *adapter, u16 reg,
			     u16 val)
{
	lan743x_wr32(adapter, SGMII_DATA, val);
	lan743x_wr32(adapter, SGMII_ACC, SGMII_ACC_BUSY_ | SGMII_ACC_WRITE_ |
		     FIELD_PREP(SGMII_ACC_MMD_MASK_, LAN743X_PCS_MMD) |
		     FIELD_PREP(SGMII_ACC_ADDR_MASK_, reg));
	return lan743x_pcs_wait(adapter);
}

/* Read-modify-write a PCS register; @adapter->pcs_lock held */
static int lan743x_pcs_modify(struct lan743x_adapter *adapter, u16 reg,
			      u16 clear, u16 set)
{
	int val = lan743x_pcs_read(adapter, reg);

	if (val < 0)
		return val;
	return lan743x_pcs_write(adapter, reg, (val & ~clear) | set);
}

/* What the straps ask for: the PCS's interface, or NA for RGMII.  First
 * silicon (A0) says whether the strap is valid through the configuration
 * load status, which sits in the shared system block (system lock);
 * later silicon in STRAP_READ itself; an FPGA in FPGA_REV.
 */
static phy_interface_t lan743x_pcs_strap(struct lan743x_adapter *adapter)
{
	u32 strap = lan743x_rd32(adapter, STRAP_READ);
	bool valid = strap & STRAP_READ_USE_SGMII_EN_;
	u32 load = 0;
	bool sgmii;

	if (FIELD_GET(ID_REV_CHIP_REV_MASK_, adapter->id_rev) ==
	    ID_REV_CHIP_REV_PCI11X1X_A0_ && !valid) {
		if (!lan743x_syslock_get(adapter)) {
			load = lan743x_rd32(adapter, SYS_CONFIG_LOAD_STARTED);
			lan743x_syslock_put(adapter);
		}
		valid = (load & SYS_CONFIG_LOAD_STARTED_ETH_) ||
			(lan743x_rd32(adapter, HW_CFG) & HW_CFG_RST_PROTECT_);
	}
	if (valid)
		sgmii = strap & STRAP_READ_SGMII_EN_;
	else
		sgmii = lan743x_rd32(adapter, FPGA_REV) & FPGA_REV_SGMII_OP_;
	if (!sgmii)
		return PHY_INTERFACE_MODE_NA;
	if (strap & STRAP_READ_SGMII_2_5G_)
		return PHY_INTERFACE_MODE_2500BASEX;
	if (strap & STRAP_READ_BASE_X_)
		return PHY_INTERFACE_MODE_1000BASEX;
	return PHY_INTERFACE_MODE_SGMII;
}

/**
 * lan743x_pcs_init() - one-time initialisation at probe
 * @adapter: adapter
 */
void lan743x_pcs_init(struct lan743x_adapter *adapter)
{
	adapter->pcs_mode = PHY_INTERFACE_MODE_NA;
	mutex_init(&adapter->pcs_lock);
	INIT_DELAYED_WORK(&adapter->pcs_work, lan743x_pcs_poll);
}

/**
 * lan743x_pcs_hw_init() - the straps' choice, after each light reset
 * @adapter: adapter of a chip with a PCS
 *
 * The PCS is enabled if the straps chose it, powered down otherwise.
 */
void lan743x_pcs_hw_init(struct lan743x_adapter *adapter)
{
	phy_interface_t mode = lan743x_pcs_strap(adapter);

	if (mode != adapter->pcs_mode)
		dev_info(&adapter->pdev->dev, "MAC interface: %s\n",
			 mode == PHY_INTERFACE_MODE_NA ? "RGMII" :
			 phy_modes(mode));
	adapter->pcs_mode = mode;
	if (mode == PHY_INTERFACE_MODE_NA)
		lan743x_rmw32(adapter, SGMII_CTL, SGMII_CTL_ENABLE_,
			      SGMII_CTL_POWER_DN_);
	else
		lan743x_rmw32(adapter, SGMII_CTL, SGMII_CTL_POWER_DN_,
			      SGMII_CTL_ENABLE_);
}

/* Clock the SerDes at 1.25 GBd (SGMII, 1000BASE-X) or 3.125 GBd */
static int lan743x_pcs_mpll(struct lan743x_adapter *adapter, bool fast)
{
	int ret;

	ret = lan743x_pcs_modify(adapter, VR_MII_MPLL_CTRL0,
				 VR_MII_MPLL_CTRL0_REFCLK_PAD_, 0);
	if (!ret)
		ret = lan743x_pcs_write(adapter, VR_MII_MPLL_CTRL1,
					fast ? VR_MII_MPLL_MULT_3G125_ :
					       VR_MII_MPLL_MULT_1G25_);
	if (!ret)
		ret = lan743x_pcs_write(adapter, VR_MII_MISC_CTRL1,
					fast ? VR_MII_MISC_CTRL1_3G125_ :
					       VR_MII_MISC_CTRL1_1G25_);
	return ret;
}

/* Wait for the PCS's power sequencer to reach @state */
static int lan743x_pcs_pseq(struct lan743x_adapter *adapter, u32 state)
{
	int i, val;

	for (i = 0; i < 10; i++) {
		val = lan743x_pcs_read(adapter, VR_MII_DIG_STS);
		if (val < 0)
			return val;
		if (FIELD_GET(VR_MII_DIG_STS_PSEQ_MASK_, val) == state)
			return 0;
		usleep_range(1000, 2000);
	}
	return -ETIMEDOUT;
}

/* Program the PCS for @mode and power-cycle it so that it takes it */
static int lan743x_pcs_config(struct lan743x_adapter *adapter,
			      phy_interface_t mode)
{
	bool fast = mode == PHY_INTERFACE_MODE_2500BASEX;
	u16 pcs_mode = mode == PHY_INTERFACE_MODE_SGMII ?
		       VR_MII_PCS_MODE_SGMII_ : VR_MII_PCS_MODE_1000BASEX_;
	int ret;

	ret = lan743x_pcs_mpll(adapter, fast);
	if (ret)
		return ret;
	/* 2500BASE-X has no in-band negotiation here; the others do clause
	 * 37 (SGMII: the PHY's speed, which the MAC side follows)
	 */
	ret = lan743x_pcs_modify(adapter, MII_BMCR,
				 BMCR_ANENABLE | BMCR_ANRESTART |
				 BMCR_SPEED100 | BMCR_SPEED1000,
				 fast ? BMCR_SPEED1000 :
					BMCR_ANENABLE | BMCR_ANRESTART);
	if (!ret && fast)
		ret = lan743x_pcs_write(adapter, VR_MII_LINK_TIMER_CTRL,
					VR_MII_LINK_TIMER_2500_);
	if (!ret)
		ret = lan743x_pcs_modify(adapter, VR_MII_DIG_CTRL1,
					 VR_MII_DIG_CTRL1_CL37_TMR_OVR_ |
					 VR_MII_DIG_CTRL1_MAC_AUTO_SW_,
					 fast ? VR_MII_DIG_CTRL1_CL37_TMR_OVR_ :
						VR_MII_DIG_CTRL1_MAC_AUTO_SW_);
	if (!ret)
		ret = lan743x_pcs_modify(adapter, VR_MII_AN_CTRL,
					 VR_MII_AN_CTRL_SGMII_LINK_STS_ |
					 VR_MII_AN_CTRL_PCS_MODE_MASK_,
					 FIELD_PREP(VR_MII_AN_CTRL_PCS_MODE_MASK_,
						    pcs_mode));
	if (ret)
		return ret;

	ret = lan743x_pcs_modify(adapter, MII_BMCR, 0, BMCR_PDOWN);
	if (!ret)
		ret = lan743x_pcs_pseq(adapter, VR_MII_PSEQ_POWER_DOWN_);
	if (!ret)
		ret = lan743x_pcs_modify(adapter, MII_BMCR, BMCR_PDOWN, 0);
	if (!ret)
		ret = lan743x_pcs_pseq(adapter, VR_MII_PSEQ_POWER_UP_);
	return ret;
}

/**
 * lan743x_pcs_open() - start the PCS in the straps' mode (ndo_open)
 * @adapter: adapter whose straps chose the PCS
 *
 * The MAC takes its link status from the PHY's in-band word on SGMII,
 * from the PCS's own link on 1000BASE-X and 2500BASE-X.  A PCS that does
 * not answer is reported; the interface opens anyway, without link.
 */
void lan743x_pcs_open(struct lan743x_adapter *adapter)
{
	phy_interface_t mode = adapter->pcs_mode;
	int ret;

	lan743x_rmw32(adapter, SGMII_CTL, SGMII_CTL_LINK_STATUS_SOURCE_,
		      mode == PHY_INTERFACE_MODE_SGMII ? 0 :
		      SGMII_CTL_LINK_STATUS_SOURCE_);
	mutex_lock(&adapter->pcs_lock);
	ret = lan743x_pcs_config(adapter, mode);
	mutex_unlock(&adapter->pcs_lock);
	if (ret)
		netdev_warn(adapter->netdev, "PCS (%s) did not start: %d\n",
			    phy_modes(mode), ret);
}

/* The PCS's link: BMSR's latched-low link bit, read twice for now */
static void lan743x_pcs_poll(struct work_struct *work)
{
	struct lan743x_adapter *adapter;
	struct net_device *netdev;
	int bmsr;
	bool up;

	adapter = container_of(to_delayed_work(work), struct lan743x_adapter,
			       pcs_work);
	netdev = adapter->netdev;
	mutex_lock(&adapter->pcs_lock);
	bmsr = lan743x_pcs_read(adapter, MII_BMSR);
	if (bmsr >= 0)
		bmsr = lan743x_pcs_read(adapter, MII_BMSR);
	mutex_unlock(&adapter->pcs_lock);
	up = bmsr >= 0 && (bmsr & BMSR_LSTATUS);

	if (up && !netif_carrier_ok(netdev)) {
		lan743x_mac_set_link(adapter, adapter->fixed_speed,
				     DUPLEX_FULL);
		lan743x_mac_set_flow(adapter, adapter->pause_tx,
				     adapter->pause_rx);
		netif_carrier_on(netdev);
		netif_info(adapter, link, netdev, "Link is Up - %s/Full - %s\n",
			   phy_speed_to_str(adapter->fixed_speed),
			   phy_modes(adapter->pcs_mode));
	} else if (!up && netif_carrier_ok(netdev)) {
		netif_carrier_off(netdev);
		netif_info(adapter, link, netdev, "Link is Down\n");
	}
	schedule_delayed_work(&adapter->pcs_work, LAN743X_PCS_POLL);
}

/**
 * lan743x_pcs_link_start() - a link without PHY: follow the PCS's link
 * @adapter: adapter whose straps chose the PCS, no PHY found
 *
 * Return: 0.
 */
int lan743x_pcs_link_start(struct lan743x_adapter *adapter)
{
	adapter->fixed_speed = adapter->pcs_mode ==
			       PHY_INTERFACE_MODE_2500BASEX ?
			       SPEED_2500 : SPEED_1000;
	adapter->fixed_link = true;
	netif_carrier_off(adapter->netdev);
	netdev_info(adapter->netdev, "no PHY found: %s link, %s/full, as the PCS reports it\n",
		    phy_modes(adapter->pcs_mode),
		    phy_speed_to_str(adapter->fixed_speed));
	schedule_delayed_work(&adapter->pcs_work, 0);
	return 0;
}

/**
 * lan743x_pcs_link_stop() - stop following the PCS's link (ndo_stop)
 * @adapter: adapter
 */
void lan743x_pcs_link_stop(struct lan743x_adapter *adapter)
{
	if (adapter->fixed_link && lan743x_pcs_in_use(adapter))
		cancel_delayed_work_sync(&adapter->pcs_work);
}

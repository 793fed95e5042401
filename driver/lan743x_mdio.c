// SPDX-License-Identifier: GPL-2.0
/* MDIO bus (MAC_MII_ACC/MAC_MII_DATA: clause 22, and clause 45 on the
 * PCI11x1x) and PHY handling.
 *
 * The LAN7430 has an internal PHY at address 1; the LAN7431 talks to an
 * external RGMII (or, strapped so, MII) PHY found by scanning the bus, or
 * is wired straight to a switch and runs a fixed 1000/full link.  The
 * PCI11x1x does the same over RGMII, or over its PCS (lan743x_pcs.c) to an
 * SGMII PHY, or without a PHY to a 1000BASE-X/2500BASE-X link partner.  A device
 * tree node of the PCI function may name the PHY (phy-handle, with the
 * PHYs under an "mdio" child), a fixed-link and the phy-mode.  phylib owns
 * the PHY; the link callback programs speed, duplex and pause into MAC_CR
 * and MAC_FLOW, and Energy-Efficient Ethernet: the MAC asks the PHY for
 * low power idle (MAC_CR EEE_EN) after MAC_EEE_TX_LPI_REQ_DLY_CNT
 * microseconds without a frame, on links that negotiated EEE, with
 * ethtool's tx-lpi on.
 */

#include <linux/iopoll.h>
#include <linux/of.h>
#include <linux/of_mdio.h>
#include <linux/of_net.h>
#include <linux/phy.h>

#include "lan743x_main.h"

#define LAN743X_INTERNAL_PHY_ADDR	1

/* The LPI request delay until ethtool sets one (tx-timer), microseconds */
#define LAN743X_EEE_TIMER_DEFAULT	50

/* A chip that reads all ones is gone (surprise removal): -ENODEV, which
 * phylib takes for a PHY that is not there rather than a failed access
 */
static int lan743x_mdio_wait(struct lan743x_adapter *adapter)
{
	u32 val;
	int ret;

	ret = readl_poll_timeout(adapter->csr + MAC_MII_ACC, val,
				 !(val & MAC_MII_ACC_MII_BUSY_) || val == ~0u,
				 10, 100000);
	return val == ~0u ? -ENODEV : ret;
}

static u32 lan743x_mdio_cmd(int addr, int regnum, bool write)
{
	return FIELD_PREP(MAC_MII_ACC_PHY_ADDR_MASK_, addr) |
	       FIELD_PREP(MAC_MII_ACC_MIIRINDA_MASK_, regnum) |
	       (write ? MAC_MII_ACC_MII_WRITE_ : 0) | MAC_MII_ACC_MII_BUSY_;
}

/* Clause 45 (PCI11x1x): the register address first, then the access */
static u32 lan743x_mdio_c45_cmd(int addr, int devnum, u32 cmd)
{
	return FIELD_PREP(MAC_MII_ACC_PHY_ADDR_MASK_, addr) |
	       FIELD_PREP(MAC_MII_ACC_MIIRINDA_MASK_, devnum) |
	       FIELD_PREP(MAC_MII_ACC_MIICMD_MASK_, cmd) |
	       MAC_MII_ACC_MIICL45_ | MAC_MII_ACC_MII_BUSY_;
}

static int lan743x_mdio_c45_addr(struct lan743x_adapter *adapter, int addr,
				 int devnum, int regnum)
{
	int ret;

	ret = lan743x_mdio_wait(adapter);
	if (ret)
		return ret;
	lan743x_wr32(adapter, MAC_MII_DATA, regnum & MAC_MII_DATA_MASK_);
	lan743x_wr32(adapter, MAC_MII_ACC,
		     lan743x_mdio_c45_cmd(addr, devnum, MAC_MII_ACC_MIICMD_ADDR_));
	return lan743x_mdio_wait(adapter);
}

static int lan743x_mdio_read_c45(struct mii_bus *bus, int addr, int devnum,
				 int regnum)
{
	struct lan743x_adapter *adapter = bus->priv;
	int ret;

	if (!adapter->chip->mdio_c45)
		return -EOPNOTSUPP;
	ret = lan743x_mdio_c45_addr(adapter, addr, devnum, regnum);
	if (ret)
		return ret;
	lan743x_wr32(adapter, MAC_MII_ACC,
		     lan743x_mdio_c45_cmd(addr, devnum, MAC_MII_ACC_MIICMD_READ_));
	ret = lan743x_mdio_wait(adapter);
	if (ret)
		return ret;
	return FIELD_GET(MAC_MII_DATA_MASK_, lan743x_rd32(adapter, MAC_MII_DATA));
}

static int lan743x_mdio_write_c45(struct mii_bus *bus, int addr, int devnum,
				  int regnum, u16 val)
{
	struct lan743x_adapter *adapter = bus->priv;
	int ret;

	if (!adapter->chip->mdio_c45)
		return -EOPNOTSUPP;
	ret = lan743x_mdio_c45_addr(adapter, addr, devnum, regnum);
	if (ret)
		return ret;
	lan743x_wr32(adapter, MAC_MII_DATA, val);
	lan743x_wr32(adapter, MAC_MII_ACC,
		     lan743x_mdio_c45_cmd(addr, devnum, MAC_MII_ACC_MIICMD_WRITE_));
	return lan743x_mdio_wait(adapter);
}

/* Before 6.3 a clause 45 request comes through the clause 22 ops, its
 * MMD and register encoded in @regnum
 */
#ifndef LAN743X_HAVE_MDIO_C45_OPS
static bool lan743x_mdio_c45_unpack(int regnum, int *devnum, int *reg)
{
	if (!(regnum & MII_ADDR_C45))
		return false;
	*devnum = (regnum >> 16) & 0x1f;
	*reg = regnum & 0xffff;
	return true;
}
#endif

static int lan743x_mdio_read(struct mii_bus *bus, int addr, int regnum)
{
	struct lan743x_adapter *adapter = bus->priv;
	int ret;
#ifndef LAN743X_HAVE_MDIO_C45_OPS
	int devnum, reg;

	if (lan743x_mdio_c45_unpack(regnum, &devnum, &reg))
		return lan743x_mdio_read_c45(bus, addr, devnum, reg);
#endif

	if (regnum & ~0x1f)
		return -EOPNOTSUPP;
	ret = lan743x_mdio_wait(adapter);
	if (ret)
		return ret;
	lan743x_wr32(adapter, MAC_MII_ACC, lan743x_mdio_cmd(addr, regnum, false));
	ret = lan743x_mdio_wait(adapter);
	if (ret)
		return ret;
	return FIELD_GET(MAC_MII_DATA_MASK_, lan743x_rd32(adapter, MAC_MII_DATA));
}

static int lan743x_mdio_write(struct mii_bus *bus, int addr, int regnum,
			      u16 val)
{
	struct lan743x_adapter *adapter = bus->priv;
	int ret;
#ifndef LAN743X_HAVE_MDIO_C45_OPS
	int devnum, reg;

	if (lan743x_mdio_c45_unpack(regnum, &devnum, &reg))
		return lan743x_mdio_write_c45(bus, addr, devnum, reg, val);
#endif

	if (regnum & ~0x1f)
		return -EOPNOTSUPP;
	ret = lan743x_mdio_wait(adapter);
	if (ret)
		return ret;
	lan743x_wr32(adapter, MAC_MII_DATA, val);
	lan743x_wr32(adapter, MAC_MII_ACC, lan743x_mdio_cmd(addr, regnum, true));
	return lan743x_mdio_wait(adapter);
}

static bool lan743x_is_lan7430(struct lan743x_adapter *adapter)
{
	return FIELD_GET(ID_REV_ID_MASK_, adapter->id_rev) == ID_REV_ID_LAN7430_;
}

/* The interface to the PHY: the device tree's phy-mode, else the
 * LAN7430's internal GMII, else the PCI11x1x's PCS mode if its strap
 * chose the PCS, else the strap of the LAN7431 (MII_EN set from it at
 * reset) between MII and RGMII.
 */
static phy_interface_t lan743x_phy_mode(struct lan743x_adapter *adapter)
{
	struct device_node *np = adapter->pdev->dev.of_node;
	phy_interface_t mode;

	if (np && !of_get_phy_mode(np, &mode))
		return mode;
	if (lan743x_is_lan7430(adapter))
		return PHY_INTERFACE_MODE_GMII;
	if (adapter->pcs_mode != PHY_INTERFACE_MODE_NA)
		return adapter->pcs_mode;
	if (lan743x_rd32(adapter, MAC_CR) & MAC_CR_MII_EN_)
		return PHY_INTERFACE_MODE_MII;
	return PHY_INTERFACE_MODE_RGMII;
}

/**
 * lan743x_mdio_init() - register the MDIO bus
 * @adapter: adapter, PHY out of reset
 *
 * Return: 0 or a negative errno.
 */
int lan743x_mdio_init(struct lan743x_adapter *adapter)
{
	struct pci_dev *pdev = adapter->pdev;
	struct device_node *mdio_np;
	struct mii_bus *bus;
	int ret;

	bus = devm_mdiobus_alloc(&pdev->dev);
	if (!bus)
		return -ENOMEM;

	bus->priv = adapter;
	bus->read = lan743x_mdio_read;
	bus->write = lan743x_mdio_write;
	/* phylib then also scans the bus for clause 45 PHYs (a 2.5G PHY) */
#ifdef LAN743X_HAVE_MDIO_C45_OPS
	if (adapter->chip->mdio_c45) {
		bus->read_c45 = lan743x_mdio_read_c45;
		bus->write_c45 = lan743x_mdio_write_c45;
	}
#elif defined(LAN743X_HAVE_MDIO_PROBE_CAPS)
	if (adapter->chip->mdio_c45)
		bus->probe_capabilities = MDIOBUS_C22_C45;
#endif
	bus->name = "lan743x-mdio";
	bus->parent = &pdev->dev;
	snprintf(bus->id, MII_BUS_ID_SIZE, "pci-%s", pci_name(pdev));
	if (lan743x_is_lan7430(adapter))
		bus->phy_mask = ~(u32)BIT(LAN743X_INTERNAL_PHY_ADDR);
	adapter->mdiobus = bus;
	adapter->phy_mode = lan743x_phy_mode(adapter);
	adapter->eee_tx_lpi = true;
	adapter->eee_timer = LAN743X_EEE_TIMER_DEFAULT;

	/* PHYs described under the node's "mdio" child get their nodes, so
	 * that a phy-handle finds them; without one this is mdiobus_register()
	 */
	mdio_np = of_get_child_by_name(pdev->dev.of_node, "mdio");
	ret = of_mdiobus_register(bus, mdio_np);
	of_node_put(mdio_np);
	return ret;
}

/**
 * lan743x_mdio_remove() - unregister the MDIO bus
 * @adapter: adapter
 */
void lan743x_mdio_remove(struct lan743x_adapter *adapter)
{
	mdiobus_unregister(adapter->mdiobus);
}

/**
 * lan743x_mac_set_flow() - program MAC flow control
 * @adapter: adapter
 * @tx: send pause frames
 * @rx: honour received pause frames
 */
void lan743x_mac_set_flow(struct lan743x_adapter *adapter, bool tx, bool rx)
{
	/* Maximum pause time: the MAC sends a zero-time pause frame to
	 * release the link partner as soon as the FIFO drains.
	 */
	u32 val = MAC_FLOW_CR_FCPT_MASK_;

	if (tx)
		val |= MAC_FLOW_CR_TX_FCEN_;
	if (rx)
		val |= MAC_FLOW_CR_RX_FCEN_;
	lan743x_wr32(adapter, MAC_FLOW, val);
}

/**
 * lan743x_mac_set_link() - program a link that is up into the MAC
 * @adapter: adapter
 * @speed: SPEED_10 to SPEED_2500 (2500: PCI11x1x)
 * @duplex: DUPLEX_*
 *
 * The MAC's speed and duplex (MAC_CR) and the 1588 block's PHY latency.
 */
void lan743x_mac_set_link(struct lan743x_adapter *adapter, int speed,
			  int duplex)
{
	u32 cr;

	switch (speed) {
	case SPEED_2500:
		cr = FIELD_PREP(MAC_CR_CFG_MASK_, MAC_CR_CFG_2500_);
		break;
	case SPEED_1000:
		cr = FIELD_PREP(MAC_CR_CFG_MASK_, MAC_CR_CFG_1000_);
		break;
	case SPEED_100:
		cr = FIELD_PREP(MAC_CR_CFG_MASK_, MAC_CR_CFG_100_);
		break;
	default:
		cr = FIELD_PREP(MAC_CR_CFG_MASK_, MAC_CR_CFG_10_);
		break;
	}
	if (duplex == DUPLEX_FULL)
		cr |= MAC_CR_DPX_;
	lan743x_rmw32(adapter, MAC_CR, MAC_CR_CFG_MASK_ | MAC_CR_DPX_, cr);
	lan743x_ptp_set_latency(adapter, speed);
}

/* May the MAC send LPI on this link, and after how long an idle TX? */
static bool lan743x_eee_tx_lpi(struct lan743x_adapter *adapter,
			       struct phy_device *phydev, u32 *timer)
{
	if (!phydev->link)
		return false;
#ifdef LAN743X_HAVE_PHY_EEE_CFG
	/* phylib's verdict: EEE negotiated for this link, EEE and tx-lpi on */
	*timer = phydev->eee_cfg.tx_lpi_timer;
	return phydev->enable_tx_lpi;
#else
	*timer = adapter->eee_timer;
	/* phy_init_eee() succeeds when both ends advertise EEE for the
	 * speed and duplex the link runs at
	 */
	return adapter->eee_tx_lpi && !phy_init_eee(phydev, false);
#endif
}

/* MAC_CR EEE_EN as the link and the settings want it, with the request
 * delay, which may change only while EEE_EN is clear
 */
static void lan743x_eee_apply(struct lan743x_adapter *adapter,
			      struct phy_device *phydev)
{
	u32 timer = 0;
	bool on;

	on = lan743x_eee_tx_lpi(adapter, phydev, &timer);
	if (on && lan743x_rd32(adapter, MAC_EEE_TX_LPI_REQ_DLY_CNT) == timer &&
	    (lan743x_rd32(adapter, MAC_CR) & MAC_CR_EEE_EN_))
		return;
	lan743x_rmw32(adapter, MAC_CR, MAC_CR_EEE_EN_, 0);
	if (!on)
		return;
	lan743x_wr32(adapter, MAC_EEE_TX_LPI_REQ_DLY_CNT, timer);
	lan743x_rmw32(adapter, MAC_CR, MAC_CR_EEE_EN_, MAC_CR_EEE_EN_);
}

/**
 * lan743x_get_eee() - ethtool --show-eee
 * @netdev: network device
 * @eee: filled in: the PHY's EEE abilities and advertisements, the MAC's
 *	LPI settings
 *
 * Return: 0 or a negative errno (-EOPNOTSUPP on a fixed link).
 */
int lan743x_get_eee(struct net_device *netdev,
		    struct lan743x_ethtool_eee *eee)
{
	struct lan743x_adapter *adapter __maybe_unused = netdev_priv(netdev);
	struct phy_device *phydev = netdev->phydev;
	int ret;

	if (!phydev)
		return -EOPNOTSUPP;
	ret = phy_ethtool_get_eee(phydev, eee);
	if (ret)
		return ret;
#ifndef LAN743X_HAVE_PHY_EEE_CFG
	eee->tx_lpi_enabled = adapter->eee_tx_lpi;
	eee->tx_lpi_timer = adapter->eee_timer;
#endif
	return 0;
}

/**
 * lan743x_set_eee() - ethtool --set-eee
 * @netdev: network device
 * @eee: EEE on or off (the PHY's advertisement, renegotiated when it
 *	changes), the modes to advertise, tx-lpi and tx-timer
 *
 * Return: 0, -EINVAL for an advertisement without a mode the PHY has EEE
 * for (nothing changed), -EOPNOTSUPP on a fixed link, or another negative
 * errno from the PHY.
 */
int lan743x_set_eee(struct net_device *netdev,
		    struct lan743x_ethtool_eee *eee)
{
	struct lan743x_adapter *adapter __maybe_unused = netdev_priv(netdev);
	struct phy_device *phydev = netdev->phydev;
	struct lan743x_ethtool_eee cur = {};
	int ret;

	if (!phydev)
		return -EOPNOTSUPP;
	ret = phy_ethtool_get_eee(phydev, &cur);
	if (ret)
		return ret;
	if (eee->eee_enabled && !lan743x_eee_adv_none(eee) &&
	    !lan743x_eee_adv_supported(eee, &cur)) {
		netdev_err(netdev, "EEE: none of the advertised modes is supported\n");
		return -EINVAL;
	}
	ret = phy_ethtool_set_eee(phydev, eee);
	if (ret)
		return ret;
#ifndef LAN743X_HAVE_PHY_EEE_CFG
	adapter->eee_tx_lpi = eee->tx_lpi_enabled;
	adapter->eee_timer = eee->tx_lpi_timer;
	/* phylib renegotiates a new advertisement: the link comes back
	 * through lan743x_adjust_link(); a new tx-lpi or tx-timer applies now
	 */
	lan743x_eee_apply(adapter, phydev);
#endif
	return 0;
}

static void lan743x_adjust_link(struct net_device *netdev)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	struct phy_device *phydev = netdev->phydev;
	bool tx_pause = false, rx_pause = false;

	if (phydev->link) {
		lan743x_mac_set_link(adapter, phydev->speed, phydev->duplex);

		if (phydev->duplex != DUPLEX_FULL) {
			/* no pause frames on half duplex */
		} else if (adapter->pause_autoneg && phydev->autoneg) {
			phy_get_pause(phydev, &tx_pause, &rx_pause);
		} else {
			tx_pause = adapter->pause_tx;
			rx_pause = adapter->pause_rx;
		}
		lan743x_mac_set_flow(adapter, tx_pause, rx_pause);
	}
	lan743x_eee_apply(adapter, phydev);
	phy_print_status(phydev);
}

/* The MAC does not do 1000 Mbit/s half duplex: drop the PHY's link mode
 * for it (named directly: phy_lookup_setting() left the kernel in 6.15).
 */
static void lan743x_phy_no_gbit_half(struct phy_device *phydev)
{
	phy_remove_link_mode(phydev, ETHTOOL_LINK_MODE_1000baseT_Half_BIT);
}

/* A LAN7431 with no PHY on its bus and no device tree says what is wired
 * to it: a switch port at 1000/full, as upstream assumes.  No phy_device
 * stands for it: a fixed PHY's teardown (fixed_phy_unregister() freeing the
 * device or not) changed within stable releases, which no build-time
 * probe can tell apart.
 */
static int lan743x_fixed_link_start(struct lan743x_adapter *adapter)
{
	/* a PCI11x1x's PCS tells whether the link is up: it is polled */
	if (lan743x_pcs_in_use(adapter))
		return lan743x_pcs_link_start(adapter);
	adapter->fixed_speed = SPEED_1000;
	lan743x_mac_set_link(adapter, SPEED_1000, DUPLEX_FULL);
	lan743x_mac_set_flow(adapter, adapter->pause_tx, adapter->pause_rx);
	adapter->fixed_link = true;
	netif_carrier_on(adapter->netdev);
	netdev_info(adapter->netdev, "no PHY found: fixed link, 1000/full, %s\n",
		    phy_modes(adapter->phy_mode));
	return 0;
}

/**
 * lan743x_get_link_ksettings() - ethtool link settings
 * @netdev: network device
 * @ks: filled in: the PHY's, or those of the fixed link to a switch or
 *	of the PCS-polled link (PCI11x1x, 1000BASE-X or 2500BASE-X)
 *
 * Return: 0 or a negative errno.
 */
int lan743x_get_link_ksettings(struct net_device *netdev,
			       struct ethtool_link_ksettings *ks)
{
	struct lan743x_adapter *adapter = netdev_priv(netdev);
	bool pcs = lan743x_pcs_in_use(adapter);

	if (netdev->phydev || !adapter->fixed_link)
		return phy_ethtool_get_link_ksettings(netdev, ks);

	ethtool_link_ksettings_zero_link_mode(ks, supported);
	if (adapter->fixed_speed == SPEED_2500)
		linkmode_set_bit(ETHTOOL_LINK_MODE_2500baseX_Full_BIT,
				 ks->link_modes.supported);
	else if (pcs)
		linkmode_set_bit(ETHTOOL_LINK_MODE_1000baseX_Full_BIT,
				 ks->link_modes.supported);
	else
		linkmode_set_bit(ETHTOOL_LINK_MODE_1000baseT_Full_BIT,
				 ks->link_modes.supported);
	linkmode_set_bit(pcs ? ETHTOOL_LINK_MODE_FIBRE_BIT :
			 ETHTOOL_LINK_MODE_MII_BIT, ks->link_modes.supported);
	linkmode_copy(ks->link_modes.advertising, ks->link_modes.supported);
	ks->base.speed = netif_carrier_ok(netdev) ? adapter->fixed_speed :
						    SPEED_UNKNOWN;
	ks->base.duplex = netif_carrier_ok(netdev) ? DUPLEX_FULL :
						     DUPLEX_UNKNOWN;
	ks->base.autoneg = AUTONEG_DISABLE;
	ks->base.port = pcs ? PORT_FIBRE : PORT_MII;
	return 0;
}

static void lan743x_of_fixed_link_remove(struct lan743x_adapter *adapter)
{
	if (adapter->of_fixed_link) {
		of_phy_deregister_fixed_link(adapter->pdev->dev.of_node);
		adapter->of_fixed_link = false;
	}
}

/* The PHY the device tree names: a fixed-link, or a phy-handle */
static struct phy_device *
lan743x_of_phy_connect(struct lan743x_adapter *adapter, struct device_node *np)
{
	struct net_device *netdev = adapter->netdev;
	struct device_node *phy_np;
	struct phy_device *phydev;
	int ret;

	if (of_phy_is_fixed_link(np)) {
		ret = of_phy_register_fixed_link(np);
		if (ret)
			return ERR_PTR(ret);
		adapter->of_fixed_link = true;
		phy_np = of_node_get(np);
	} else {
		phy_np = of_parse_phandle(np, "phy-handle", 0);
		if (!phy_np)
			return NULL;
	}
	phydev = of_phy_connect(netdev, phy_np, lan743x_adjust_link, 0,
				adapter->phy_mode);
	of_node_put(phy_np);
	if (!phydev) {
		netdev_err(netdev, "cannot attach the device tree's PHY %s\n",
			   adapter->of_fixed_link ? "(fixed-link)" : "(phy-handle)");
		lan743x_of_fixed_link_remove(adapter);
		return ERR_PTR(-ENODEV);
	}
	return phydev;
}

/* Otherwise the PHY on the chip's own bus; NULL: a LAN7431 that has none */
static struct phy_device *
lan743x_bus_phy_connect(struct lan743x_adapter *adapter)
{
	struct net_device *netdev = adapter->netdev;
	struct phy_device *phydev;
	int ret;

	if (lan743x_is_lan7430(adapter)) {
		phydev = mdiobus_get_phy(adapter->mdiobus,
					 LAN743X_INTERNAL_PHY_ADDR);
		if (!phydev) {
			netdev_err(netdev, "no PHY found\n");
			return ERR_PTR(-ENODEV);
		}
	} else {
		phydev = phy_find_first(adapter->mdiobus);
		if (!phydev)
			return NULL;
	}

	ret = phy_connect_direct(netdev, phydev, lan743x_adjust_link,
				 adapter->phy_mode);
	return ret ? ERR_PTR(ret) : phydev;
}

/**
 * lan743x_phy_connect() - attach and start the PHY (ndo_open)
 * @adapter: adapter with a registered MDIO bus
 *
 * Return: 0 or a negative errno.
 */
int lan743x_phy_connect(struct lan743x_adapter *adapter)
{
	struct device_node *np = adapter->pdev->dev.of_node;
	struct phy_device *phydev = NULL;

	/* the PCS runs before anything behind it is looked for */
	if (lan743x_pcs_in_use(adapter))
		lan743x_pcs_open(adapter);
	if (np)
		phydev = lan743x_of_phy_connect(adapter, np);
	if (!phydev)
		phydev = lan743x_bus_phy_connect(adapter);
	if (IS_ERR(phydev))
		return PTR_ERR(phydev);
	if (!phydev)
		return lan743x_fixed_link_start(adapter);

#ifdef LAN743X_HAVE_MAC_MANAGED_PM
	/* our suspend/resume stop and restart the PHY with the interface */
	phydev->mac_managed_pm = true;
#endif

	lan743x_phy_no_gbit_half(phydev);
#ifdef LAN743X_HAVE_PHY_EEE_CFG
	/* The MAC sends LPI: phylib may enable it, after the default delay.
	 * Once: phylib keeps ethtool's settings across down and up.
	 */
	if (adapter->eee_tx_lpi) {
		phy_support_eee(phydev);
		phydev->eee_cfg.tx_lpi_timer = adapter->eee_timer;
		adapter->eee_tx_lpi = false;
	}
#endif
	phy_support_asym_pause(phydev);
	phy_set_asym_pause(phydev, adapter->pause_rx, adapter->pause_tx);
	phy_attached_info(phydev);
	phy_start(phydev);
	return 0;
}

/**
 * lan743x_phy_disconnect() - stop and detach the PHY (ndo_stop)
 * @adapter: adapter
 */
void lan743x_phy_disconnect(struct lan743x_adapter *adapter)
{
	struct phy_device *phydev = adapter->netdev->phydev;

	if (adapter->fixed_link) {
		lan743x_pcs_link_stop(adapter);
		adapter->fixed_link = false;
		netif_carrier_off(adapter->netdev);
	}
	if (!phydev)
		return;
	/* phylib halts the PHY itself when MDIO fails (a chip that stopped
	 * answering); phy_stop() would then warn
	 */
	if (phy_is_started(phydev))
		phy_stop(phydev);
	phy_disconnect(phydev);
	lan743x_of_fixed_link_remove(adapter);
}

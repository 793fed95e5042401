/*
 * Microchip LAN7430/LAN7431 model: the EEPROM behind E2P_CMD/E2P_DATA
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "lan743x_int.h"

void lan743x_e2p_command(LAN743xState *s, uint32_t val)
{
    unsigned addr = FIELD_EX32(val, E2P_CMD, ADDR);

    if (!FIELD_EX32(val, E2P_CMD, BUSY)) {
        return;
    }
    switch (FIELD_EX32(val, E2P_CMD, CMD)) {
    case 0:                                             /* READ */
        s->regs[R_E2P_DATA] = s->eeprom[addr];
        break;
    case 3:                                             /* WRITE */
        s->eeprom[addr] = s->regs[R_E2P_DATA];
        break;
    default:                                            /* EWEN etc. */
        break;
    }
    s->regs[R_E2P_CMD] = val & ~R_E2P_CMD_BUSY_MASK;
}

/*
 * LAN743x model: the test traffic generator on the chip's wire
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_NET_LAN743X_GEN_H
#define HW_NET_LAN743X_GEN_H

#include "exec/hwaddr.h"

/* Its registers in BAR0 (not chip registers; see lan743x-gen.c) */
#define LAN743X_GEN_FIRST   0x1f40
#define LAN743X_GEN_LAST    0x1f68

/* What LAN743xGenOps.offer answers besides "taken" (0) */
#define LAN743X_GEN_WAIT    (-1)    /* paused or held: wait for a kick */

typedef struct LAN743xGen LAN743xGen;

typedef struct LAN743xGenOps {
    /*
     * Offer the chip one frame (without FCS) from the far end of its wire.
     * Returns 0 when the wire took it (whatever the chip then did with
     * it), the virtual time at which the wire is free again when it is
     * busy, or LAN743X_GEN_WAIT while the chip pauses its partner (unless
     * @ignore_pause) or holds its frames back; lan743x_gen_kick() ends the
     * wait.
     */
    int64_t (*offer)(void *opaque, const uint8_t *buf, size_t len,
                     bool ignore_pause);
    /* the chip's own unicast address, where the frames go */
    void (*own_mac)(void *opaque, uint8_t mac[6]);
} LAN743xGenOps;

LAN743xGen *lan743x_gen_new(const LAN743xGenOps *ops, void *opaque);
void lan743x_gen_free(LAN743xGen *g);
void lan743x_gen_reset(LAN743xGen *g);
bool lan743x_gen_read(LAN743xGen *g, hwaddr addr, uint32_t *val);
bool lan743x_gen_write(LAN743xGen *g, hwaddr addr, uint32_t val);
bool lan743x_gen_tx(LAN743xGen *g, const uint8_t *buf, size_t len);
void lan743x_gen_kick(LAN743xGen *g);

#endif

/*
 * Microchip LAN7430/LAN7431 model: the EEPROM behind E2P_CMD/E2P_DATA and
 * the OTP memory behind the OTP_* registers; on the PCI11x1x, the same
 * memories behind the controllers of its system block
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Both are non-volatile: a device, light or PCI reset leaves their
 * contents alone.  The EEPROM (512 bytes, erased: 0xff) starts erased at
 * realize and keeps what the guest writes for the life of the QEMU
 * process.  Its WRITE command takes effect only after EWEN and until
 * EWDS (a microwire EEPROM's write enable, which the drivers issue before
 * writing); every command completes at once (BUSY reads 0).
 *
 * The OTP (1024 bytes, 10-bit address in OTP_ADDR_HIGH/LOW) is blank,
 * all bits 0, unless x-otp-file names a file: the OTP then starts with
 * that file's contents (shorter: the rest blank; a file that does not
 * exist is created empty) and every byte programmed is written through
 * to it, so that it survives a reboot of the guest or of QEMU.  A GO
 * (OTP_CMD_GO) with OTP_TST_CMD PRGVRFY programs OTP_PRGM_DATA in byte
 * mode (OTP_PRGM_MODE BYTE): programming can only set bits, never clear
 * them (the fuses of a one-time programmable memory); a GO with
 * OTP_FUNC_CMD READ loads OTP_READ_DATA.  Both need the OTP powered up
 * (OTP_PWR_DN PWRDN_N clear; it is set at reset).  The command registers
 * clear when the command completes (inferred: the drivers write only the
 * command they mean and leave the other register as the last one left
 * it), and OTP_STATUS BUSY reads 0: every command completes at once.
 *
 * The PCI11x1x (facts from the Linux driver's "hs" EEPROM/OTP paths,
 * 6.12 .. 7.2): both controllers sit in the system block its functions
 * share, the EEPROM's at HS_E2P_CMD (0x4e00: command, data, configuration
 * and pad control), the OTP's at HS_OTP_BASE (0x5000) with the OTP_*
 * block's layout; the LAN743x's offsets (E2P_CMD 0x040, OTP_* 0x1000)
 * reach neither (a command there is logged and does nothing).  Its
 * EEPROM is an I2C one of 64 KiB: READ and WRITE, no write enable, a
 * 16-bit address; its OTP has 8 KiB, so OTP_ADDR_HIGH holds address bits
 * 12:8 (inferred from the size: the Linux driver writes only bits 9:8,
 * and so reaches the first KiB only).  The configuration registers are
 * stored only.  A command
 * (HS_E2P_CMD with BUSY, HS_OTP_CMD_GO, a power change in HS_OTP_PWR_DN)
 * is carried out only while the Ethernet function holds the system lock
 * (SYS_LOCK ENET_SS, lan743x_pcs.c): without it another function may be
 * using the controller at the same time, and the model refuses rather
 * than guess what a collision does (logged as a guest error; the
 * registers written before it keep their values).
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/error-report.h"
#include "qemu/log.h"
#include "lan743x_int.h"

#define E2P_CMD_READ    0
#define E2P_CMD_EWDS    1
#define E2P_CMD_EWEN    2
#define E2P_CMD_WRITE   3

void lan743x_e2p_command(LAN743xState *s, uint32_t val)
{
    unsigned addr = FIELD_EX32(val, E2P_CMD, ADDR);

    if (!FIELD_EX32(val, E2P_CMD, BUSY)) {
        return;
    }
    switch (FIELD_EX32(val, E2P_CMD, CMD)) {
    case E2P_CMD_READ:
        s->regs[R_E2P_DATA] = s->eeprom[addr];
        break;
    case E2P_CMD_EWDS:
        s->eeprom_wen = false;
        break;
    case E2P_CMD_EWEN:
        s->eeprom_wen = true;
        break;
    case E2P_CMD_WRITE:
        if (s->eeprom_wen) {
            s->eeprom[addr] = s->regs[R_E2P_DATA];
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "lan743x: EEPROM write to 0x%x "
                          "without EWEN\n", addr);
        }
        break;
    default:                                /* WRAL, ERASE, ERAL, RELOAD */
        qemu_log_mask(LOG_UNIMP, "lan743x: EEPROM command %u\n",
                      (unsigned)FIELD_EX32(val, E2P_CMD, CMD));
        break;
    }
    s->regs[R_E2P_CMD] = val & ~R_E2P_CMD_BUSY_MASK;
}

/* Program one OTP byte: bits only go from 0 to 1 */
static void lan743x_otp_program(LAN743xState *s, unsigned addr, uint8_t data)
{
    s->otp[addr] |= data;
    if (s->otp_fd >= 0 &&
        pwrite(s->otp_fd, &s->otp[addr], 1, addr) != 1) {
        error_report("lan743x: x-otp-file %s: %s", s->otp_file,
                     strerror(errno));
    }
}

/*
 * OTP_CMD_GO write to the OTP block whose registers @otp holds (indexed
 * by OTP_REG(): the LAN743x's regs[] at OTP_PWR_DN, or the PCI11x1x's)
 */
void lan743x_otp_go(LAN743xState *s, uint32_t *otp, uint32_t val)
{
    /* the address bits the OTP's size needs: 10 (1 KiB), 13 (8 KiB) */
    unsigned high = otp[OTP_REG(OTP_ADDR_HIGH)] & ((s->otp_size >> 8) - 1);
    unsigned addr = high << 8 | (otp[OTP_REG(OTP_ADDR_LOW)] & 0xff);

    if (!FIELD_EX32(val, OTP_CMD_GO, GO)) {
        return;
    }
    if (FIELD_EX32(otp[OTP_REG(OTP_PWR_DN)], OTP_PWR_DN, PWRDN_N)) {
        qemu_log_mask(LOG_GUEST_ERROR, "lan743x: OTP command while the "
                      "OTP is powered down\n");
    } else if (FIELD_EX32(otp[OTP_REG(OTP_TST_CMD)], OTP_TST_CMD, PRGVRFY)) {
        if (FIELD_EX32(otp[OTP_REG(OTP_PRGM_MODE)], OTP_PRGM_MODE, BYTE)) {
            lan743x_otp_program(s, addr, otp[OTP_REG(OTP_PRGM_DATA)]);
        } else {
            qemu_log_mask(LOG_UNIMP, "lan743x: OTP bit programming mode\n");
        }
    } else if (FIELD_EX32(otp[OTP_REG(OTP_FUNC_CMD)], OTP_FUNC_CMD, READ)) {
        otp[OTP_REG(OTP_READ_DATA)] = s->otp[addr];
    }
    otp[OTP_REG(OTP_FUNC_CMD)] = 0;
    otp[OTP_REG(OTP_TST_CMD)] = 0;
}

/* ------------------------------------------------------------------ */
/* PCI11x1x: the system block's controllers                            */
/* ------------------------------------------------------------------ */

#define HS_E2P_CMD_READ         0
#define HS_E2P_CMD_WRITE        3

/* Does the Ethernet function hold the system lock for a command? */
static bool lan743x_nvm_locked(LAN743xState *s, const char *what)
{
    if (FIELD_EX32(s->sys_lock, SYS_LOCK, ENET_SS)) {
        return true;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "lan743x: %s without the system lock: "
                  "refused\n", what);
    return false;
}

static void lan743x_hs_e2p_command(LAN743xState *s, uint32_t val)
{
    unsigned addr = FIELD_EX32(val, HS_E2P_CMD, ADDR) % s->eeprom_size;
    uint32_t *data = &s->hs_e2p[R_HS_E2P_DATA - R_HS_E2P_CMD];

    /* done at once; the EEPROM always answers (no TIMEOUT) */
    s->hs_e2p[0] = val & ~(R_HS_E2P_CMD_BUSY_MASK |
                           R_HS_E2P_CMD_TIMEOUT_MASK);
    if (!FIELD_EX32(val, HS_E2P_CMD, BUSY) ||
        !lan743x_nvm_locked(s, "EEPROM command")) {
        return;
    }
    switch (FIELD_EX32(val, HS_E2P_CMD, CMD)) {
    case HS_E2P_CMD_READ:
        *data = s->eeprom[addr];
        break;
    case HS_E2P_CMD_WRITE:
        s->eeprom[addr] = *data;
        break;
    default:
        qemu_log_mask(LOG_UNIMP, "lan743x: EEPROM command %u\n",
                      (unsigned)FIELD_EX32(val, HS_E2P_CMD, CMD));
        break;
    }
}

/* The system block's EEPROM and OTP registers: true if @addr is one */
bool lan743x_nvm_sys_read(LAN743xState *s, hwaddr addr, uint32_t *val)
{
    if (addr >= A_HS_E2P_CMD && addr < A_HS_E2P_CMD + 4 * HS_E2P_REGS) {
        *val = s->hs_e2p[(addr - A_HS_E2P_CMD) / 4];
        if (addr == A_HS_E2P_DATA) {
            *val &= 0xff;
        }
        return true;
    }
    if (addr >= HS_OTP_BASE && addr < HS_OTP_BASE + 4 * OTP_REGS) {
        *val = s->hs_otp[(addr - HS_OTP_BASE) / 4];
        return true;
    }
    return false;
}

bool lan743x_nvm_sys_write(LAN743xState *s, hwaddr addr, uint32_t val)
{
    unsigned idx;

    if (addr >= A_HS_E2P_CMD && addr < A_HS_E2P_CMD + 4 * HS_E2P_REGS) {
        if (addr == A_HS_E2P_CMD) {
            lan743x_hs_e2p_command(s, val);
        } else {
            s->hs_e2p[(addr - A_HS_E2P_CMD) / 4] = val;
        }
        return true;
    }
    if (addr < HS_OTP_BASE || addr >= HS_OTP_BASE + 4 * OTP_REGS) {
        return false;
    }
    idx = (addr - HS_OTP_BASE) / 4;
    switch (idx) {
    case OTP_REG(OTP_CMD_GO):
        if (FIELD_EX32(val, OTP_CMD_GO, GO) &&
            lan743x_nvm_locked(s, "OTP command")) {
            lan743x_otp_go(s, s->hs_otp, val);
        }
        break;
    case OTP_REG(OTP_PWR_DN):
        if ((val ^ s->hs_otp[idx]) & R_OTP_PWR_DN_PWRDN_N_MASK &&
            !lan743x_nvm_locked(s, "OTP power change")) {
            break;
        }
        s->hs_otp[idx] = val;
        break;
    case OTP_REG(OTP_STATUS):
    case OTP_REG(OTP_READ_DATA):
        qemu_log_mask(LOG_GUEST_ERROR, "lan743x: write to read-only "
                      "register 0x%" HWADDR_PRIx "\n", addr);
        break;
    default:
        s->hs_otp[idx] = val;
        break;
    }
    return true;
}

/* Cold values of the system block's controllers (the OTP powered down) */
void lan743x_nvm_reset(LAN743xState *s)
{
    memset(s->hs_e2p, 0, sizeof(s->hs_e2p));
    memset(s->hs_otp, 0, sizeof(s->hs_otp));
    s->hs_otp[OTP_REG(OTP_PWR_DN)] = R_OTP_PWR_DN_PWRDN_N_MASK;
}

/* The memories' contents at realize: EEPROM erased, OTP from x-otp-file */
bool lan743x_nvm_realize(LAN743xState *s, Error **errp)
{
    struct stat st;
    ssize_t n;

    s->eeprom_size = s->pci11x1x ? PCI11X1X_EEPROM_SIZE : LAN743X_EEPROM_SIZE;
    s->otp_size = s->pci11x1x ? PCI11X1X_OTP_SIZE : LAN743X_OTP_SIZE;
    memset(s->eeprom, 0xff, sizeof(s->eeprom));
    memset(s->otp, 0, sizeof(s->otp));
    s->otp_fd = -1;
    if (!s->otp_file) {
        return true;
    }
    s->otp_fd = qemu_create(s->otp_file, O_RDWR | O_BINARY, 0644, errp);
    if (s->otp_fd < 0) {
        return false;
    }
    if (fstat(s->otp_fd, &st) < 0 || st.st_size > s->otp_size) {
        error_setg(errp, "lan743x: x-otp-file %s: larger than the OTP's "
                   "%" PRIu32 " bytes, or unreadable", s->otp_file,
                   s->otp_size);
        goto fail;
    }
    n = pread(s->otp_fd, s->otp, st.st_size, 0);
    if (n != st.st_size) {
        error_setg_errno(errp, errno, "lan743x: x-otp-file %s",
                         s->otp_file);
        goto fail;
    }
    return true;

fail:
    qemu_close(s->otp_fd);
    s->otp_fd = -1;
    return false;
}

void lan743x_nvm_exit(LAN743xState *s)
{
    if (s->otp_fd >= 0) {
        qemu_close(s->otp_fd);
        s->otp_fd = -1;
    }
}

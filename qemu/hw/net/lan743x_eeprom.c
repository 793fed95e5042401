/*
 * Microchip LAN7430/LAN7431 model: the EEPROM behind E2P_CMD/E2P_DATA and
 * the OTP memory behind the OTP_* registers
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

/* OTP_CMD_GO write */
void lan743x_otp_go(LAN743xState *s, uint32_t val)
{
    unsigned addr = (s->regs[R_OTP_ADDR_HIGH] & 0x3) << 8 |
                    (s->regs[R_OTP_ADDR_LOW] & 0xff);

    if (!FIELD_EX32(val, OTP_CMD_GO, GO)) {
        return;
    }
    if (FIELD_EX32(s->regs[R_OTP_PWR_DN], OTP_PWR_DN, PWRDN_N)) {
        qemu_log_mask(LOG_GUEST_ERROR, "lan743x: OTP command while the "
                      "OTP is powered down\n");
    } else if (FIELD_EX32(s->regs[R_OTP_TST_CMD], OTP_TST_CMD, PRGVRFY)) {
        if (FIELD_EX32(s->regs[R_OTP_PRGM_MODE], OTP_PRGM_MODE, BYTE)) {
            lan743x_otp_program(s, addr, s->regs[R_OTP_PRGM_DATA]);
        } else {
            qemu_log_mask(LOG_UNIMP, "lan743x: OTP bit programming mode\n");
        }
    } else if (FIELD_EX32(s->regs[R_OTP_FUNC_CMD], OTP_FUNC_CMD, READ)) {
        s->regs[R_OTP_READ_DATA] = s->otp[addr];
    }
    s->regs[R_OTP_FUNC_CMD] = 0;
    s->regs[R_OTP_TST_CMD] = 0;
}

/* The memories' contents at realize: EEPROM erased, OTP from x-otp-file */
bool lan743x_nvm_realize(LAN743xState *s, Error **errp)
{
    struct stat st;
    ssize_t n;

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
    if (fstat(s->otp_fd, &st) < 0 || st.st_size > LAN743X_OTP_SIZE) {
        error_setg(errp, "lan743x: x-otp-file %s: larger than the OTP's "
                   "%d bytes, or unreadable", s->otp_file, LAN743X_OTP_SIZE);
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

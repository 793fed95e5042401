# SPDX-License-Identifier: GPL-2.0
# EEPROM and OTP through ethtool -e/-E, as MAC provisioning tools use them:
# the whole EEPROM reads; bytes written with -E (magic 0x74A5, one byte
# and several from stdin) read back; a wrong magic (refused by the
# driver), an offset or a length beyond the end (refused by ethtool, from
# the driver's get_eeprom_len) are refused with nothing written.  With the OTP_ACCESS
# private flag -e/-E address the OTP (1024 bytes, magic 0x74F3): blank,
# programmed bytes read back, programming only sets bits (the model's
# one-time fuses), the EEPROM's magic is refused.  After a driver reload
# the flag is off again, and both memories still hold what was written.
# On a PCI11010/PCI11414 the memories (a 64 KiB EEPROM, an 8 KiB OTP)
# sit in the system block the chip's functions share, behind its system
# lock: the same, and another function
# holding the lock for 600 ms (the model's fault register, SYSLOCK_HELD)
# makes an EEPROM read and write wait for it (the model refuses EEPROM
# and OTP commands from a function that does not hold the lock).
# Both drivers: Debian's in-tree one has the same ethtool interface.
# sets: primary
# timeout: 180
# dmesg-allow: known:page-pool-unbind

. /lib/lt/scenarios/lib-traffic.sh

EM=0x74A5 OM=0x74F3
# the memories' sizes: the PCI11x1x has a 64 KiB EEPROM and an 8 KiB OTP
case $(cat "/sys/class/net/$IF/device/device") in
0xa011 | 0xa041) ESZ=65536 OSZ=8192 FAMILY=1 ;;
*) ESZ=512 OSZ=1024 FAMILY= ;;
esac

# nvm_bytes [OFFSET LENGTH]: the bytes ethtool -e shows, "5a 01 ..."
nvm_bytes() {
	ethtool -e "$IF" ${1:+offset "$1" length "$2"} >/tmp/nvm.txt || return 1
	sed -n 's/^0x[0-9a-fA-F]*:[[:space:]]*//p' /tmp/nvm.txt |
		tr -s ' \t\n' '   ' | sed 's/^ *//; s/ *$//'
}
nvm_count() { nvm_bytes "$@" | wc -w; }
# refused WHAT CMD...: CMD must fail and leave the memory as in /tmp/before
refused() {
	what=$1
	shift
	if "$@" 2>/tmp/err.txt; then
		fail "$what: accepted ($*)"
	fi
	nvm_bytes >/tmp/after || fail "$what: ethtool -e failed afterwards"
	cmp -s /tmp/before /tmp/after || fail "$what: refused, but the memory changed"
	log "$what: refused ($(tail -n 1 /tmp/err.txt)), nothing written"
}

# The EEPROM: 512 bytes (64 KiB), erased (0xff) in the model
n=$(nvm_count) || fail "ethtool -e failed"
[ "$n" = $ESZ ] || fail "ethtool -e shows $n bytes, expected the EEPROM's $ESZ"
ethtool -E "$IF" magic $EM offset 0x1f0 value 0x5a || fail "ethtool -E value failed"
printf '\001\002\003' | ethtool -E "$IF" magic $EM offset 0x1f1 length 3 ||
	fail "ethtool -E of 3 bytes from stdin failed"
got=$(nvm_bytes 0x1f0 5)
[ "$got" = "5a 01 02 03 ff" ] || fail "EEPROM 0x1f0..0x1f4 reads '$got', expected '5a 01 02 03 ff'"
log "EEPROM: wrote 4 bytes at 0x1f0, read back '$got'"

# hold_lock: another of the PCI11x1x's functions takes the system lock
# for 600 ms (the drivers wait a second for it; the ethtool that follows
# must start within the 600 ms on a loaded TCG guest)
hold_lock() { fault_arm 16 600; }
# lock_waited WHAT: the driver asked for the lock while it was held, and
# the other function has released it since
lock_waited() {
	n=$(fault_fired)
	[ "$n" -ge 1 ] || fail "$1: the driver never met the lock another function held"
	[ "$(fault_armed)" = 0 ] || fail "$1: done before the other function released the lock"
	log "$1: $n lock requests refused while another function held it"
}
case $FAMILY in
1)
	fault_reg
	# held 10 s unless released: 77 ms ran out before the reads (7.2)
	fault_present 16 10000 || fail "the model has no fault register"
	hold_lock
	got=$(nvm_bytes 0x1f0 4) || fail "ethtool -e failed while another function held the system lock"
	[ "$got" = "5a 01 02 03" ] || fail "EEPROM 0x1f0 reads '$got' read under a held lock, expected '5a 01 02 03'"
	lock_waited "EEPROM read"
	hold_lock
	ethtool -E "$IF" magic $EM offset 0x1f4 value 0xa5 ||
		fail "ethtool -E failed while another function held the system lock"
	lock_waited "EEPROM write"
	got=$(nvm_bytes 0x1f0 5)
	[ "$got" = "5a 01 02 03 a5" ] || fail "EEPROM 0x1f0 reads '$got' after a write under a held lock, expected '5a 01 02 03 a5'"
	ethtool -E "$IF" magic $EM offset 0x1f4 value 0xff || fail "ethtool -E of 0x1f4 back to 0xff failed"
	;;
esac

nvm_bytes >/tmp/before || fail "ethtool -e failed"
refused "EEPROM wrong magic" ethtool -E "$IF" magic 0x1234 offset 0x1f8 value 0x11
refused "EEPROM OTP magic" ethtool -E "$IF" magic $OM offset 0x1f8 value 0x11
refused "EEPROM offset $ESZ" ethtool -E "$IF" magic $EM offset $ESZ value 0x11
printf '\021\021' >/tmp/two
refused "EEPROM 2 bytes at $((ESZ - 1))" sh -c "ethtool -E $IF magic $EM offset $((ESZ - 1)) length 2 </tmp/two"
if [ "$DRIVER" = ours ]; then
	dmesg | grep "EEPROM write refused: magic 0x1234" >/dev/null ||
		fail "no log line for the wrong magic"
fi

# The OTP, behind the private flag
ethtool --show-priv-flags "$IF" | grep '^OTP_ACCESS' >/dev/null ||
	fail "the $DRIVER driver has no OTP_ACCESS private flag"
ethtool --set-priv-flags "$IF" OTP_ACCESS on || fail "setting OTP_ACCESS failed"
n=$(nvm_count) || fail "ethtool -e of the OTP failed"
[ "$n" = $OSZ ] || fail "ethtool -e with OTP_ACCESS shows $n bytes, expected the OTP's $OSZ"
got=$(nvm_bytes 0x3f0 4)
[ "$got" = "00 00 00 00" ] || fail "OTP 0x3f0 is not blank: '$got'"
nvm_bytes >/tmp/before || fail "ethtool -e of the OTP failed"
refused "OTP EEPROM magic" ethtool -E "$IF" magic $EM offset 0x3f0 value 0x11
refused "OTP offset $OSZ" ethtool -E "$IF" magic $OM offset $OSZ value 0x11
printf '\022\064' | ethtool -E "$IF" magic $OM offset 0x3f0 length 2 ||
	fail "programming 2 OTP bytes failed"
ethtool -E "$IF" magic $OM offset 0x3f0 value 0x21 || fail "programming OTP 0x3f0 again failed"
got=$(nvm_bytes 0x3f0 3)
[ "$got" = "33 34 00" ] || fail "OTP 0x3f0..0x3f2 reads '$got', expected '33 34 00' (0x12 then 0x21: bits only set)"
log "OTP: programmed 0x12 0x34 at 0x3f0, then 0x21 at 0x3f0: read back '$got'"

reload_checked reload >/tmp/rl.msg || fail "$(cat /tmp/rl.msg)"
ethtool --show-priv-flags "$IF" | grep '^OTP_ACCESS *: off' >/dev/null ||
	fail "OTP_ACCESS is not off after the reload"
got=$(nvm_bytes 0x1f0 4)
[ "$got" = "5a 01 02 03" ] || fail "EEPROM 0x1f0 reads '$got' after the reload"
ethtool --set-priv-flags "$IF" OTP_ACCESS on || fail "setting OTP_ACCESS failed after the reload"
got=$(nvm_bytes 0x3f0 2)
[ "$got" = "33 34" ] || fail "OTP 0x3f0 reads '$got' after the reload, expected '33 34'"
ethtool --set-priv-flags "$IF" OTP_ACCESS off || fail "clearing OTP_ACCESS failed"
echo "EEPROM and OTP written, read back, bad writes refused, both kept across a reload"

# SPDX-License-Identifier: GPL-2.0
# Energy-Efficient Ethernet against a partner without it: the tap's end
# of the wire autonegotiates every speed but advertises no EEE (the
# model's PHY comment).  ethtool --show-eee: 100baseT/Full and
# 1000baseT/Full supported and advertised, nothing from the partner, EEE
# not active; MAC_CR EEE_EN clear; no LPI counted, either way, over 2 s
# idle.  (43-eee has the cabled pair, where both ends have EEE.)
# Debian's 6.1 driver reports EEE "disabled" (its MAC default): accepted.
# sets: primary
# timeout: 60
. /lib/lt/scenarios/lib-eee.sh

MODES="100baseT/Full 1000baseT/Full"
IDLE=2
lpi_names
log "PHY driver: $(basename "$(readlink /sys/class/net/$IF/phydev/driver)" 2>/dev/null)"

eee_show "$IF"
cat /tmp/eee."$IF"
for s in Supported Advertised; do
	m=$(eee_modes "$IF" "$s")
	[ "$m" = "$MODES" ] || fail "$s EEE link modes '$m', want '$MODES'"
done
m=$(eee_modes "$IF" "Link partner advertised")
[ "$m" = "Not reported" ] || fail "partner advertised '$m': the tap's end has no EEE"
st=$(eee_field "$IF" "EEE status")
case "$DRIVER:$st" in
*:"enabled - inactive") ;;
intree:disabled) ;;
*) fail "EEE status '$st', want 'enabled - inactive'" ;;
esac
cr=$(reg_of "$IF" $MAC_CR)
[ $((cr & MAC_CR_EEE_EN)) = 0 ] || fail "MAC_CR $cr with EEE_EN, EEE not negotiated"

lpi_snap "$IF" /tmp/t0
sleep $IDLE
lpi_snap "$IF" /tmp/t1
for n in $LPI_TXN $LPI_TXT $LPI_RXN $LPI_RXT; do
	d=$(lpi_delta /tmp/t0 /tmp/t1 $n)
	[ "$d" = 0 ] || fail "$n moved by '$d' over $IDLE s without EEE"
done
log "no partner EEE: status '$st', no LPI counted over $IDLE s"

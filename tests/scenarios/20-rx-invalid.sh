# SPDX-License-Identifier: GPL-2.0
# RX policy knobs refuse invalid values and change nothing: ring size 3,
# ring size 2048, rx-buf-len 17, 255 and 16384, an unknown private flag,
# rx-copybreak above the buffer length.  Then a valid odd length (the
# chip's BUF_LENGTH has no alignment rule) is taken and carries traffic.
# A kernel without rx-buf-len (5.10) leaves the lengths out.
# sets: full
# timeout: 120

rxp_only_ours
before() {
	ethtool -g "$IF" | tail -n 6
	ethtool --show-priv-flags "$IF"
	ethtool --get-tunable "$IF" rx-copybreak
}
ref=$(before)
log "$ref"
bad=
try_fail() {
	if "$@" >/tmp/inv.out 2>&1; then
		bad="$bad [$*]"
		log "accepted: $*"
	else
		log "refused: $* ($(tail -n 1 /tmp/inv.out))"
	fi
}
try_fail ethtool -G "$IF" rx 3
try_fail ethtool -G "$IF" tx 3
try_fail ethtool -G "$IF" rx 96
try_fail ethtool -G "$IF" rx 2048
# A kernel without rx-buf-len (5.10) refuses any: nothing to learn there.
ninv=6
if rxbl_known; then
	try_fail ethtool -G "$IF" rx-buf-len 17
	try_fail ethtool -G "$IF" rx-buf-len 16384
	try_fail ethtool -G "$IF" rx-buf-len 255
	ninv=9
fi
try_fail ethtool --set-priv-flags "$IF" rx-no-such-flag on
try_fail ethtool --set-tunable "$IF" rx-copybreak 100000
[ -z "$bad" ] || fail "invalid values accepted:$bad"
now=$(before)
[ "$now" = "$ref" ] || fail "settings changed by refused commands: $now"
wait_peer 10 || fail "peer unreachable after refused commands"
ping_ok 1472 || fail "ping -s 1472 failed after refused commands"
rxbl_known || {
	echo "$ninv invalid RX settings refused, nothing changed, traffic flows$(rxbl_note)"
	exit 0
}
ethtool -G "$IF" rx-buf-len 1021 || fail "rx-buf-len 1021 refused"
ping_ok 1472 || fail "ping -s 1472 failed with rx-buf-len 1021"
ethtool -G "$IF" rx-buf-len 1 || fail "cannot reset rx-buf-len"
echo "$ninv invalid RX settings refused, nothing changed, traffic flows; rx-buf-len 1021 works"

# SPDX-License-Identifier: GPL-2.0
# 64 MiB download (RX, compared by sha256) under each of the 8 RX policy
# combinations, each at one (MTU, rx-buf-len) cell so that all MTUs and
# both buffer lengths see a long transfer; 64 MiB upload as well under the
# default policy and the legacy baseline.  b0-msix only.
# sets: full
# timeout: 1500

rxp_only_ours
[ "$CONFIG" = b0-msix ] || skip "64 MiB policy transfers run on b0-msix only"
trap rxp_reset EXIT
r=$(peer_cmd "MTU 9000")
[ "$r" = OK ] || fail "peer refused MTU 9000: $r"
mb=64
[ "$QUICK" = 1 ] && mb=16
set -- 1500:1 9000:1 1500:512 576:1 1500:1 9000:512 576:512 1500:1
for combo in $RXP_COMBOS; do
	m=${1%:*} bl=${1#*:}
	shift
	rxp_combo "$combo" || fail "cannot set private flags $combo"
	ip link set dev "$IF" mtu "$m" || fail "[$combo] mtu $m refused"
	ethtool -G "$IF" rx-buf-len "$bl" || fail "[$combo] rx-buf-len $bl refused"
	wait_peer 20 || fail "[$combo mtu $m buf $bl] peer unreachable"
	download $((mb << 20)) >/tmp/d.out 2>&1 || fail "[$combo mtu $m buf $bl] $(tail -n 1 /tmp/d.out)"
	log "[$combo mtu $m rx-buf-len $bl] $mb MiB download sha256 ok"
	case $combo in
	on,on,on | off,off,off)
		upload $((mb << 20)) >/tmp/d.out 2>&1 || fail "[$combo mtu $m buf $bl] $(tail -n 1 /tmp/d.out)"
		log "[$combo mtu $m rx-buf-len $bl] $mb MiB upload sha256 ok"
		;;
	esac
done
echo "8 policies: $mb MiB downloads (and 2 uploads) with equal sha256"

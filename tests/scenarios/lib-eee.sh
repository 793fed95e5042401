# SPDX-License-Identifier: GPL-2.0
# Helpers of the EEE scenarios (43-eee, 43-eee-tap), sourced by them.

# eee_show DEV: ethtool --show-eee of DEV into /tmp/eee.DEV; fails the
# scenario when ethtool does.
eee_show() {
	ethtool --show-eee "$1" >/tmp/eee."$1" 2>&1 ||
		fail "ethtool --show-eee $1: $(tail -n 1 /tmp/eee."$1")"
}

# eee_field DEV NAME: a one-line field of the last eee_show of DEV
# ("EEE status", "Tx LPI").
eee_field() {
	sed -n "s/^[[:space:]]*$2: *//p" /tmp/eee."$1" | sed 's/[[:space:]]*$//'
}

# eee_modes DEV SECTION: the link modes of one list of the last eee_show
# of DEV ("Supported", "Advertised", "Link partner advertised"), one
# line, or "Not reported".
eee_modes() {
	awk -v s="$2 EEE link modes:" '
		index($0, s) { on = 1; sub(".*" s, ""); }
		on && /:/ && !index($0, s) { on = 0 }
		on { for (i = 1; i <= NF; i++) printf "%s%s", n++ ? " " : "", $i }
		END { print "" }' /tmp/eee."$1"
}

# lpi_names: the ethtool -S names of the LPI counters, TX transitions,
# TX time, RX transitions, RX time (ours, or the kernel's driver's).
lpi_names() {
	if [ "$DRIVER" = intree ]; then
		LPI_TXN="EEETXLPITransitions" LPI_TXT="EEETXLPITime"
		LPI_RXN="EEERXLPITransitions" LPI_RXT="EEERXLPITime"
	else
		LPI_TXN=tx_eee_lpi_transitions LPI_TXT=tx_eee_lpi_time_us
		LPI_RXN=rx_eee_lpi_transitions LPI_RXT=rx_eee_lpi_time_us
	fi
}

# lpi_snap DEV FILE: DEV's ethtool -S counters, names without blanks.
lpi_snap() {
	ethtool -S "$1" | awk -F': *' 'NF == 2 { gsub(/ /, "", $1); print $1, $2 }' >"$2"
}

# lpi_delta OLD NEW NAME (stats_delta of lib.sh, any device)
lpi_delta() { stats_delta "$@"; }

# reg_of DEV OFFSET: a 32-bit register of DEV's BAR0
reg_of() {
	echo $(($(devmem $(($(head -n 1 "/sys/class/net/$1/device/resource" |
		cut -d' ' -f1) + $2)) 32)))
}
MAC_CR=0x100
MAC_CR_EEE_EN=$((1 << 17))
MAC_EEE_TX_LPI_REQ_DLY_CNT=0x130

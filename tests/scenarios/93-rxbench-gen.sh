# SPDX-License-Identifier: GPL-2.0
# The RX policy benchmark of 90-rxbench.sh with the model's traffic
# generator as the source (scripts/lan743x-rxbench -g), for `make bench`;
# never part of `make check`.  Nothing comes from outside the emulation,
# so the guest runs on a clock of its own: its figures are functions of
# its instructions, whatever the host's load.
# sets: bench
# clock: own
# timeout: 3000

RXBENCH_SOURCE=gen
. /lib/lt/scenarios/90-rxbench.sh

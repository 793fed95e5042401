# SPDX-License-Identifier: GPL-2.0
# 64 MiB each way through the peer service, compared by sha256: catches
# corruption that checksums offload or a short ring could hide.
# sets: quick core full arm-intree smoke
# timeout: 900

mb=64
[ "$QUICK" = 1 ] && mb=16
wait_peer 20 || fail "peer $PEER does not answer ping"
download $((mb << 20)) || exit 1
upload $((mb << 20)) || exit 1
echo "$mb MiB download and upload, sha256 equal"

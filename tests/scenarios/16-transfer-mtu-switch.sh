# SPDX-License-Identifier: GPL-2.0
# MTU change halfway through a transfer: 64 MiB each way, sha256 checked,
# starting at MTU 9000 on both ends; when half the bytes have crossed the
# interface (its byte counters), both ends drop to 1500.  Frames of the
# old size still in flight meet smaller buffers (download) and a TSO
# stream shrinks under the driver (upload); TCP must recover and the data
# must arrive intact.
# sets: primary
# timeout: 900

mb=64
[ "$QUICK" = 1 ] && mb=8
nbytes=$((mb << 20))
trap restore_mtu EXIT

stat_of() { cat "/sys/class/net/$IF/statistics/$1"; }

# switch_halfway COUNTER PID: wait until COUNTER has grown by n/2, then
# lower the MTU of both ends to 1500 (the peer first, so that it stops
# sending 9000-byte frames).
switch_halfway() {
	base=$(stat_of "$1")
	while kill -0 "$2" 2>/dev/null; do
		if [ $(($(stat_of "$1") - base)) -ge $((nbytes / 2)) ]; then
			set_mtu 1500 || return 1
			log "MTU 9000 -> 1500 after $(($(stat_of "$1") - base)) bytes ($1)"
			return 0
		fi
		usleep 100000
	done
	echo "transfer ended before the halfway mark ($1 grew by $(($(stat_of "$1") - base)))"
	return 1
}

for dir in download upload; do
	set_mtu 9000 || exit 1
	wait_peer 20 || fail "peer unreachable at MTU 9000"
	case $dir in
	download) counter=rx_bytes ;;
	upload) counter=tx_bytes ;;
	esac
	# upload prepares its file from /dev/urandom before sending: the byte
	# counter only moves once it sends.
	$dir $nbytes >/tmp/xfer.out 2>&1 &
	pid=$!
	switch_halfway $counter $pid
	sw=$?
	wait $pid
	rc=$?
	cat /tmp/xfer.out
	[ $sw -eq 0 ] || fail "$dir: MTU switch halfway did not happen"
	[ $rc -eq 0 ] || fail "$dir of $mb MiB with MTU 9000 -> 1500 halfway: $(tail -n 1 /tmp/xfer.out)"
	[ "$(mtu_of)" = 1500 ] || fail "MTU $(mtu_of) after the switch, want 1500"
done
ping_ok 1472 || fail "ping -s 1472 failed after the switches"
echo "$mb MiB each way with MTU 9000 -> 1500 halfway, sha256 equal"

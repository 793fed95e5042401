// SPDX-License-Identifier: GPL-2.0
/*
 * lt-txstamp: send UDP datagrams that ask for hardware TX timestamps and
 * count the timestamps that come back on the socket's error queue.
 *
 *   lt-txstamp ADDR COUNT [WAIT_MS]
 *
 * Sends COUNT 64-byte datagrams to ADDR port 9 (discard) back to back from
 * one socket with SO_TIMESTAMPING (TX hardware timestamps, reported as raw
 * hardware time), then reads the error queue until WAIT_MS (default 2000)
 * pass without a new entry.  Prints "sent N stamped M"; M counts only
 * entries that carry a hardware timestamp.  The interface must have TX
 * timestamping on (hwstamp_ctl -t 1).  Exit status 0, or 1 on a setup or
 * send error.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/errqueue.h>
#include <linux/net_tstamp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* One error-queue entry: does it carry a hardware timestamp? */
static int read_stamp(int fd)
{
	char data[256], control[512];
	struct iovec iov = { data, sizeof(data) };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control, .msg_controllen = sizeof(control),
	};
	struct cmsghdr *cm;
	int hw = 0;

	if (recvmsg(fd, &msg, MSG_ERRQUEUE) < 0)
		return -1;
	for (cm = CMSG_FIRSTHDR(&msg); cm; cm = CMSG_NXTHDR(&msg, cm)) {
		const struct scm_timestamping *ts;

		if (cm->cmsg_level != SOL_SOCKET ||
		    cm->cmsg_type != SO_TIMESTAMPING)
			continue;
		ts = (const struct scm_timestamping *)CMSG_DATA(cm);
		/* ts[2] is the raw hardware time */
		hw |= ts->ts[2].tv_sec || ts->ts[2].tv_nsec;
	}
	return hw;
}

int main(int argc, char **argv)
{
	int flags = SOF_TIMESTAMPING_TX_HARDWARE |
		    SOF_TIMESTAMPING_RAW_HARDWARE;
	struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(9) };
	int fd, count, wait_ms = 2000, i, stamped = 0;
	char payload[64] = "lt-txstamp";

	if (argc < 3 || inet_pton(AF_INET, argv[1], &to.sin_addr) != 1) {
		fprintf(stderr, "usage: lt-txstamp ADDR COUNT [WAIT_MS]\n");
		return 1;
	}
	count = atoi(argv[2]);
	if (argc > 3)
		wait_ms = atoi(argv[3]);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &flags,
				 sizeof(flags))) {
		perror("lt-txstamp: socket/SO_TIMESTAMPING");
		return 1;
	}
	for (i = 0; i < count; i++) {
		if (sendto(fd, payload, sizeof(payload), 0,
			   (struct sockaddr *)&to, sizeof(to)) < 0) {
			perror("lt-txstamp: sendto");
			return 1;
		}
	}
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLERR };
		int r = poll(&p, 1, wait_ms);

		if (r <= 0)
			break;
		r = read_stamp(fd);
		if (r < 0)
			break;
		stamped += r;
	}
	printf("sent %d stamped %d\n", count, stamped);
	return 0;
}

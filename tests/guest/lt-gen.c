// SPDX-License-Identifier: GPL-2.0
/*
 * lt-gen: receive the emulated chip's test traffic generator (the QEMU
 * model's x-gen=on; registers at BAR0 0x1f40..0x1f68) and measure it in
 * this machine's time.
 *
 *   lt-gen udp -i IF [-l LEN] [-r PPS | -b BPS] [-n COUNT | -t SECS]
 *              [-P] [-c] [-p PORT] [-a ADDR] [-g MS]
 *   lt-gen tcp -i IF [-m MSS] [-n BYTES | -t SECS] [-c] [-p PORT] [-a ADDR]
 *
 * udp: binds PORT (default 5201), has the generator send COUNT datagrams
 * of LEN payload bytes (default 64) at PPS per second (or BPS bits of
 * payload per second; 0 = back to back), or as many as SECS take at that
 * rate, and counts what arrives, in order or not; -P: the generator
 * ignores pause frames (the rate is offered whatever this machine asks);
 * the datagrams left in flight when the generator is done are waited for
 * MS milliseconds (default 200) of silence.
 * tcp: listens on PORT, has the generator connect and send BYTES (K, M, G
 * suffixes; up to 2 GiB - 64 KiB), or stream for SECS seconds after which
 * it is stopped, and reads to the end.
 * -c checks every payload byte against the generator's pattern.  -a: the
 * generator's IPv4 address (default: in IF's subnet, host part + 100).
 *
 * Prints "key value" lines: thr (payload bits per second), pkts
 * (datagrams received; TCP: 0), sent (frames the generator sent), lost,
 * lost_pct, retrans (TCP segments sent again), secs (from the start to
 * the last datagram or the end of the stream), gen_usecs, order_errors
 * (datagrams that came after a later one; a gap is a loss, not an order
 * error), pattern_errors, bytes, error (empty when none).  A run that
 * does not end (the generator still running long after its datagrams
 * were due, a stream silent for 10 s) is stopped and reported as failed.
 * Exit status 0, 1 on a setup error, 2 when the run failed (error set).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define GEN_CTL		0x1f40
#define GEN_MODE	0x1f44
#define GEN_LEN		0x1f48
#define GEN_RATE	0x1f4c
#define GEN_COUNT	0x1f50
#define GEN_SRC_IP	0x1f54
#define GEN_DST_IP	0x1f58
#define GEN_PORTS	0x1f5c
#define GEN_SENT	0x1f60
#define GEN_RETX	0x1f64
#define GEN_USECS	0x1f68
#define BAR0_SIZE	0x2000

#define CTL_RUNNING	0x1
#define CTL_DONE	0x2
#define CTL_ERROR	0x4
#define MODE_UDP	1
#define MODE_TCP	2
#define MODE_NO_PAUSE	0x100
#define GEN_PORT	40000
#define GEN_TCP_MAX	(0x80000000u - 0x10000u)	/* one sequence space */

static volatile uint32_t *bar;
static char error[128];

static uint32_t rd(unsigned int off)
{
	return bar[off / 4];
}

static void wr(unsigned int off, uint32_t val)
{
	bar[off / 4] = val;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what)
{
	if (errno)
		fprintf(stderr, "lt-gen: %s: %s\n", what, strerror(errno));
	else
		fprintf(stderr, "lt-gen: %s\n", what);
	exit(1);
}

static uint64_t amount(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	switch (*end) {
	case 'K': case 'k': v *= 1024; break;
	case 'M': case 'm': v *= 1024 * 1024; break;
	case 'G': case 'g': v *= 1024.0 * 1024 * 1024; break;
	case '\0': break;
	default:
		fprintf(stderr, "lt-gen: not an amount: %s\n", s);
		exit(1);
	}
	return v;
}

/* The chip's BAR0 behind IF, and the generator in it */
static void map_bar(const char *ifname)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "/sys/class/net/%s/device/resource0",
		 ifname);
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0)
		die(path);
	bar = mmap(NULL, BAR0_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (bar == MAP_FAILED)
		die("mmap BAR0");
	close(fd);
	if (rd(GEN_CTL) == 0xffffffff) {
		errno = 0;
		die("BAR0 reads all ones: the device does not answer");
	}
	/* GEN_SENT is read-only in the generator, a plain register without */
	wr(GEN_SENT, 0xdeadbeef);
	if (rd(GEN_SENT) == 0xdeadbeef) {
		wr(GEN_SENT, 0);
		errno = 0;
		die("the chip has no test traffic generator (QEMU model with x-gen=on)");
	}
}

/* IF's IPv4 address and netmask, host order */
static void if_addr(const char *ifname, uint32_t *addr, uint32_t *mask)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (ioctl(fd, SIOCGIFADDR, &ifr) < 0)
		die("no IPv4 address on the interface");
	*addr = ntohl(((struct sockaddr_in *)&ifr.ifr_addr)->sin_addr.s_addr);
	if (ioctl(fd, SIOCGIFNETMASK, &ifr) < 0)
		die("SIOCGIFNETMASK");
	*mask = ntohl(((struct sockaddr_in *)&ifr.ifr_addr)->sin_addr.s_addr);
	close(fd);
}

static void gen_stop(void)
{
	wr(GEN_CTL, 0);
}

/* Wait up to @secs for the generator to stop running; its GEN_CTL */
static uint32_t gen_wait(double secs)
{
	double end = now() + secs;
	uint32_t ctl;

	while ((ctl = rd(GEN_CTL)) & CTL_RUNNING && now() < end)
		usleep(1000);
	return ctl;
}

int main(int argc, char **argv)
{
	const char *ifname = NULL, *gen_addr = NULL;
	uint64_t count = 0, bytes = 0;
	uint32_t addr, mask, gip, len = 64, mss = 0, pps = 0, ctl;
	double bps = -1, secs = 0, grace = 0.2, t0, t_last;
	uint64_t got = 0, order = 0, pattern = 0, sent;
	int opt, udp, check = 0, no_pause = 0, port = 5201, fd;
	static unsigned char buf[1 << 17];
	struct sockaddr_in sa;

	if (argc < 2 || (strcmp(argv[1], "udp") && strcmp(argv[1], "tcp"))) {
		fprintf(stderr, "usage: lt-gen udp|tcp -i IF [options] (see the source)\n");
		return 1;
	}
	udp = !strcmp(argv[1], "udp");
	optind = 2;
	while ((opt = getopt(argc, argv, "i:l:r:b:n:t:Pcp:a:g:m:")) != -1) {
		switch (opt) {
		case 'i': ifname = optarg; break;
		case 'l': len = atoi(optarg); break;
		case 'r': pps = atoi(optarg); break;
		case 'b': bps = amount(optarg); break;
		case 'n': count = amount(optarg); break;
		case 't': secs = atof(optarg); break;
		case 'P': no_pause = 1; break;
		case 'c': check = 1; break;
		case 'p': port = atoi(optarg); break;
		case 'a': gen_addr = optarg; break;
		case 'g': grace = atoi(optarg) / 1000.0; break;
		case 'm': mss = atoi(optarg); break;
		default: return 1;
		}
	}
	if (!ifname || (!count && secs <= 0)) {
		fprintf(stderr, "lt-gen: -i IF and -n or -t are required\n");
		return 1;
	}
	map_bar(ifname);
	if_addr(ifname, &addr, &mask);
	if (gen_addr) {
		struct in_addr in;

		if (!inet_aton(gen_addr, &in))
			die("-a wants an IPv4 address");
		gip = ntohl(in.s_addr);
	} else {
		gip = (addr & mask) | ((addr + 100) & ~mask);
		if (!(gip & ~mask) || (gip & ~mask) == ~mask)
			gip = (addr & mask) | ((addr + 101) & ~mask);
	}

	fd = socket(AF_INET, udp ? SOCK_DGRAM : SOCK_STREAM, 0);
	if (fd < 0)
		die("socket");
	opt = 1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &opt, sizeof(opt));
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_port = htons(port);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		die("bind");
	if (!udp && listen(fd, 1) < 0)
		die("listen");

	gen_stop();
	wr(GEN_SRC_IP, gip);
	wr(GEN_DST_IP, addr);
	wr(GEN_PORTS, (uint32_t)GEN_PORT << 16 | port);
	if (udp) {
		if (len < 4)
			len = 4;
		if (bps >= 0)
			pps = bps / (len * 8.0) + 0.5;
		if (!count)
			count = pps ? secs * pps : 0;
		if (!count || count > 0xffffffffu) {
			fprintf(stderr, "lt-gen: -t wants a rate; COUNT up to 2^32-1\n");
			return 1;
		}
		wr(GEN_MODE, MODE_UDP | (no_pause ? MODE_NO_PAUSE : 0));
		wr(GEN_LEN, len);
		wr(GEN_RATE, pps);
		wr(GEN_COUNT, count);
	} else {
		/* a timed stream: more than it can carry, stopped at the end */
		bytes = count ? count : GEN_TCP_MAX;
		if (bytes > GEN_TCP_MAX) {
			fprintf(stderr, "lt-gen: up to 2 GiB - 64 KiB per stream\n");
			return 1;
		}
		wr(GEN_MODE, MODE_TCP);
		wr(GEN_LEN, mss);
		wr(GEN_COUNT, bytes);
	}

	t0 = now();
	t_last = t0;
	wr(GEN_CTL, CTL_RUNNING);
	if (udp) {
		double quiet = 0, limit;
		uint32_t next = 0;

		/*
		 * Give up when the generator runs far longer than its datagrams
		 * take: 4 times their time at the rate, or at 10 Mbit/s when
		 * back to back (the slowest link), and 30 s more.
		 */
		limit = 30 + 4.0 * count *
			(pps ? 1.0 / pps : (len + 66) * 8 / 1e7);

		fcntl(fd, F_SETFL, O_NONBLOCK);
		for (;;) {
			struct pollfd p = { fd, POLLIN, 0 };
			ssize_t n;

			poll(&p, 1, 10);
			while ((n = recv(fd, buf, sizeof(buf), 0)) >= 0) {
				uint32_t seq;

				t_last = now();
				got++;
				if (n != (ssize_t)len) {
					pattern++;
					continue;
				}
				seq = (uint32_t)buf[0] << 24 | buf[1] << 16 |
				      buf[2] << 8 | buf[3];
				if (seq < next)
					order++;
				else
					next = seq + 1;
				if (check) {
					uint32_t i;

					for (i = 4; i < len; i++)
						if (buf[i] != (unsigned char)(seq + i)) {
							pattern++;
							break;
						}
				}
			}
			ctl = rd(GEN_CTL);
			if (ctl & CTL_RUNNING && now() - t0 > limit) {
				gen_stop();
				snprintf(error, sizeof(error),
					 "generator-running-after-%.0fs", limit);
				break;
			}
			if (ctl & CTL_RUNNING)
				continue;
			if (got >= rd(GEN_SENT))
				break;
			if (!quiet)
				quiet = now();
			else if (now() - t_last > grace && now() - quiet > grace)
				break;
		}
	} else {
		struct pollfd p = { fd, POLLIN, 0 };
		struct timeval tv = { 10, 0 };
		uint64_t k = 0;
		int c;
		ssize_t n;

		if (poll(&p, 1, 3000) <= 0) {
			gen_stop();
			snprintf(error, sizeof(error), "no-connection-ctl-0x%x",
				 rd(GEN_CTL));
			goto report;
		}
		c = accept(fd, NULL, NULL);
		if (c < 0)
			die("accept");
		setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		while ((n = read(c, buf, sizeof(buf))) > 0) {
			if (check) {
				ssize_t i;

				for (i = 0; i < n; i++)
					if (buf[i] != (k + i) % 251)
						pattern++;
			}
			k += n;
			t_last = now();
			if (secs > 0 && t_last - t0 >= secs && !count) {
				gen_stop();	/* a timed stream ends here */
				break;
			}
		}
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			gen_stop();
			snprintf(error, sizeof(error), "stream-silent-10s-at-%llu",
				 (unsigned long long)k);
		}
		got = 0;
		bytes = k;
		close(c);
		if (!error[0] && count && k != count)
			snprintf(error, sizeof(error), "stream-ended-at-%llu",
				 (unsigned long long)k);
	}
	ctl = gen_wait(udp ? 1 : 2);
	if (ctl & CTL_RUNNING) {
		gen_stop();
		if (udp || count)
			snprintf(error, sizeof(error), "generator-still-running");
	} else if (ctl & CTL_ERROR && !(!udp && !count)) {
		snprintf(error, sizeof(error), "generator-error");
	}
report:
	sent = rd(GEN_SENT);
	secs = t_last - t0;
	if (udp)
		bytes = got * len;
	printf("thr %.0f\n", secs > 0 ? bytes * 8 / secs : 0);
	printf("pkts %llu\n", (unsigned long long)got);
	printf("sent %llu\n", (unsigned long long)sent);
	if (udp) {
		printf("lost %lld\n", (long long)(sent - got));
		printf("lost_pct %.4f\n", sent ? 100.0 * ((double)sent - got) / sent : 0);
	} else {
		printf("lost \nlost_pct \n");
	}
	printf("retrans %u\n", udp ? 0 : rd(GEN_RETX));
	printf("secs %.6f\n", secs);
	printf("gen_usecs %u\n", rd(GEN_USECS));
	printf("order_errors %llu\n", (unsigned long long)order);
	printf("pattern_errors %llu\n", (unsigned long long)pattern);
	printf("bytes %llu\n", (unsigned long long)bytes);
	if (!error[0] && pattern)
		snprintf(error, sizeof(error), "pattern-errors");
	printf("error %s\n", error);
	return error[0] ? 2 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/* The loader of 61-xdp-metadata's program (tests/xdp/lt-xdpmeta.c), built
 * static with Debian's libbpf by tests/mkimage into /lib/lt/lt-xdpmeta:
 *
 *   lt-xdpmeta attach IF OBJ [unbound]
 *       load OBJ's program bound to IF (prog_ifindex and
 *       BPF_F_XDP_DEV_BOUND_ONLY: its RX metadata kfuncs call the driver),
 *       or with "unbound" as any XDP program, attach it to IF in driver
 *       mode and pin its map at /sys/fs/bpf/lt-xdpmeta (the program stays
 *       attached when this exits: ip link set dev IF xdpdrv off removes it)
 *   lt-xdpmeta dump     the map, one "name value" line per entry
 *   lt-xdpmeta reset    every entry back to 0
 *   lt-xdpmeta phc DEV  the time of the PTP clock DEV (/dev/ptpN), in ns
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <linux/if_link.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#ifndef BPF_F_XDP_DEV_BOUND_ONLY
#define BPF_F_XDP_DEV_BOUND_ONLY	(1U << 6)
#endif

#define LT_PIN	"/sys/fs/bpf/lt-xdpmeta"

/* the entries of lt_meta, in the program's order */
static const char *const names[] = {
	"frames", "ts_ok", "ts_nodata", "ts_notsupp", "ts_other", "ts_first",
	"ts_last", "ts_back", "ts_zero", "hash_ok", "hash_nodata",
	"hash_notsupp", "hash_other",
};

#define LT_M_CNT	(sizeof(names) / sizeof(names[0]))

static int attach(const char *ifname, const char *path, int bound)
{
	struct bpf_program *prog;
	struct bpf_object *obj;
	struct bpf_map *map;
	unsigned int ifindex;
	int ret;

	ifindex = if_nametoindex(ifname);
	if (!ifindex) {
		fprintf(stderr, "no interface %s\n", ifname);
		return 1;
	}
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
		return 1;
	}
	prog = bpf_object__find_program_by_name(obj, "lt_xdpmeta");
	map = bpf_object__find_map_by_name(obj, "lt_meta");
	if (!prog || !map) {
		fprintf(stderr, "%s: no program lt_xdpmeta or map lt_meta\n", path);
		return 1;
	}
	if (bound) {
		bpf_program__set_ifindex(prog, ifindex);
		bpf_program__set_flags(prog, bpf_program__flags(prog) |
					     BPF_F_XDP_DEV_BOUND_ONLY);
	}
	ret = bpf_object__load(obj);
	if (ret) {
		fprintf(stderr, "cannot load %s: %s\n", path, strerror(-ret));
		return 1;
	}
	unlink(LT_PIN);
	ret = bpf_map__pin(map, LT_PIN);
	if (ret) {
		fprintf(stderr, "cannot pin the map at %s: %s\n", LT_PIN,
			strerror(-ret));
		return 1;
	}
	ret = bpf_xdp_attach(ifindex, bpf_program__fd(prog),
			     XDP_FLAGS_DRV_MODE, NULL);
	if (ret) {
		fprintf(stderr, "cannot attach to %s: %s\n", ifname,
			strerror(-ret));
		unlink(LT_PIN);
		return 1;
	}
	printf("attached to %s (%s)\n", ifname, bound ? "bound" : "unbound");
	return 0;
}

static int map_fd(void)
{
	int fd = bpf_obj_get(LT_PIN);

	if (fd < 0)
		fprintf(stderr, "no map at %s: %s\n", LT_PIN, strerror(errno));
	return fd;
}

static int dump(int reset)
{
	int fd = map_fd();
	__u32 key;

	if (fd < 0)
		return 1;
	for (key = 0; key < LT_M_CNT; key++) {
		__u64 val = 0;

		if (reset) {
			if (bpf_map_update_elem(fd, &key, &val, BPF_ANY)) {
				perror("bpf_map_update_elem");
				return 1;
			}
			continue;
		}
		if (bpf_map_lookup_elem(fd, &key, &val)) {
			perror("bpf_map_lookup_elem");
			return 1;
		}
		printf("%s %llu\n", names[key], (unsigned long long)val);
	}
	return 0;
}

/* include/linux/posix-timers.h: a dynamic clock named by its fd */
#define LT_FD_TO_CLOCKID(fd)	((~(clockid_t)(fd) << 3) | 3)

static int phc(const char *dev)
{
	struct timespec ts;
	int fd = open(dev, O_RDONLY);

	if (fd < 0 || clock_gettime(LT_FD_TO_CLOCKID(fd), &ts)) {
		perror(dev);
		return 1;
	}
	printf("%llu\n", (unsigned long long)ts.tv_sec * 1000000000ULL +
			 ts.tv_nsec);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "attach"))
		return attach(argv[2], argv[3],
			      !(argc > 4 && !strcmp(argv[4], "unbound")));
	if (argc == 2 && !strcmp(argv[1], "dump"))
		return dump(0);
	if (argc == 2 && !strcmp(argv[1], "reset"))
		return dump(1);
	if (argc == 3 && !strcmp(argv[1], "phc"))
		return phc(argv[2]);
	fprintf(stderr,
		"usage: lt-xdpmeta attach IF OBJ [unbound] | dump | reset | phc DEV\n");
	return 2;
}

# SPDX-License-Identifier: GPL-2.0
#
# Entry points (see README.md):
#   make            build driver/lan743x.ko against the installed headers
#   make install    install it so that modprobe prefers it to the in-tree one
#   make uninstall  remove what make install installed
#   make dkms       register the driver with DKMS and install it for KVER
#                   (default: the kernel `make` builds for); make dkms-remove
#   make deb        the lan743x-dkms Debian package: build/deb/*.deb
#   make qemu       build QEMU with our LAN743x model: build/qemu/bin/
#   make check      install dependencies, run every test (tests/check: the
#                   6.1 guests, a compact list on the debug kernel, a
#                   PCI11414 at 1000 and 2500 Mbit/s, the quick list on
#                   6.12, the smoke list on 5.10 and 7.2),
#                   "N passed, N failed, N skipped"
#   make debug-kernel  build (once, cached) the debug x86 guest kernel: KASAN,
#                   DMA-API debugging, lockdep, UBSAN, kmemleak, fault injection
#   make check-full make check, then our driver on the debug kernel (the
#                   rest, short of the bulk-traffic scenarios, which take hours
#                   under KASAN), both drivers' full list on 6.12, the full
#                   list on every 6.1 x86 configuration, a LAN7431's PTP
#                   pins (44-ptp-perout-lan7431), two and one MSI-X
#                   vectors granted (b0-msix2, b0-msix1), the fault classes
#                   under traffic (48, 50, 51, 53, both drivers; 46, 48, 50,
#                   51, 54, 55 on arm64 too), AF_XDP (60-af-xdp, ours, 6.1
#                   and 6.12), the smoke set on
#                   5.10, 7.2 and 7.3 (ARM guests on 5.10 and 7.2), 7.2's
#                   remote and forwarding selftests and 6.12's forwarding
#                   selftests, every kernel's build
#                   for every architecture and the DKMS package both ways
#                   on every kernel
#   make bench      RX policy benchmark on the emulated chip: build/bench/
#                   (ARCH=arm64|armhf: the ARM guests, build/bench/ARCH/;
#                   PLATFORM=vtd|vtd-strict (x86_64), smmuv3|smmuv3-strict
#                   (arm64): behind an IOMMU, build/bench/ARCH-PLATFORM/)
#
# KDIR, ARCH and CROSS_COMPILE are passed down to the driver build.

# One version for dkms.conf, debian/changelog and MODULE_VERSION
# (tests/static/70-dkms.sh checks that they agree).
VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
# What DKMS builds from: dkms.conf and the driver's sources.
DRIVER_SRC := $(filter-out %.mod.c,$(wildcard driver/lan743x_*.[ch])) \
	driver/compat-probes.c driver/compat-probe.sh driver/Kbuild driver/Makefile
DKMS_SRC := /usr/src/lan743x-$(VERSION)
DEBDIR ?= $(CURDIR)/build/deb
DEBSRC := $(DEBDIR)/lan743x-dkms-$(VERSION)

all: driver

driver:
	$(MAKE) --no-print-directory -C driver

install:
	$(MAKE) --no-print-directory -C driver install

uninstall:
	$(MAKE) --no-print-directory -C driver uninstall

# Copies the sources to /usr/src/lan743x-<version>/ (a rerun replaces an
# earlier registration of the same version), then add + build + install.
# A copy from make install would shadow DKMS's (both are in updates/, and
# depmod takes updates/lan743x.ko first): it is removed.
dkms:
	@! dpkg-query -W -f='$${Status}' lan743x-dkms 2>/dev/null | grep -q 'ok installed' || \
		{ echo "make dkms: the lan743x-dkms package owns $(DKMS_SRC): apt remove lan743x-dkms first"; exit 1; }
	scripts/install-deps package
	$(eval KVER ?= $(shell $(MAKE) -s --no-print-directory -C driver kernelrelease))
	@[ -n "$(KVER)" ] || { echo "make dkms: no kernel release (KVER=...)"; exit 1; }
	dkms remove lan743x/$(VERSION) --all >/dev/null 2>&1 || true
	rm -rf $(DKMS_SRC)
	install -d $(DKMS_SRC)/driver
	install -m644 dkms.conf $(DKMS_SRC)/
	install -m644 $(DRIVER_SRC) $(DKMS_SRC)/driver/
	rm -f /lib/modules/$(KVER)/updates/lan743x.ko*
	dkms install lan743x/$(VERSION) -k $(KVER)
	dkms status lan743x/$(VERSION)

dkms-remove:
	dkms remove lan743x/$(VERSION) --all || true
	rm -rf $(DKMS_SRC)

# Built from a copy of what the package ships, so the tree stays clean.
deb:
	scripts/install-deps package
	rm -rf $(DEBSRC)
	install -d $(DEBSRC)/driver $(DEBSRC)/Documentation
	cp -r debian dkms.conf $(DEBSRC)/
	cp $(DRIVER_SRC) $(DEBSRC)/driver/
	cp Documentation/lan743x.rst $(DEBSRC)/Documentation/
	cd $(DEBSRC) && dpkg-buildpackage -b -us -uc >$(DEBDIR)/build.log 2>&1 || \
		{ tail -n 20 $(DEBDIR)/build.log; exit 1; }
	@echo "make deb: $(DEBDIR)/lan743x-dkms_$(VERSION)_all.deb"

qemu:
	qemu/build.sh

check:
	scripts/install-deps
	tests/check

debug-kernel:
	scripts/install-deps debug-kernel
	scripts/build-debug-kernel

# The debug kernel runs bulk traffic 15-30 times slower: its list leaves out
# the scenarios that are mostly throughput (iperf3, the 64 MiB and per-MTU
# transfers, the policy matrix).  The skb head cache is marked for failslab
# (35-rx-faults).  make check runs the compact list (tests/check); this is
# the rest.
DEBUG_SCENARIOS := 01 02 03 04 08 10 12 13 14 17 18 19 20 21 25 26 30 34 45 46 54-irq-storm 55-irq-spurious
check-full: check
	LT_OUT=$(CURDIR)/build/tests/kernel-debug tests/run --no-static \
		--kernel debug --driver ours --config b0-msix \
		--append slub_debug=A,skbuff_head_cache $(DEBUG_SCENARIOS)
	LT_OUT=$(CURDIR)/build/tests/kernel-6.12-full tests/run --no-static \
		--kernel 6.12 --driver ours --driver intree --config b0-msix
	LT_OUT=$(CURDIR)/build/tests/full-6.1 tests/run --no-static --arch x86_64
	LT_OUT=$(CURDIR)/build/tests/board-arm64 tests/run --no-static --arch arm64 \
		--driver ours --driver intree 40-board-wiring 47-board-phy-handle
	LT_OUT=$(CURDIR)/build/tests/perout-lan7431 tests/run --no-static \
		--driver ours --driver intree 44-ptp-perout-lan7431
	LT_OUT=$(CURDIR)/build/tests/msix-few tests/run --no-static \
		--config b0-msix2 --config b0-msix1 --driver ours --driver intree \
		01-probe 05-iperf3 08-down-up 41-msix-vectors
	for k in 6.1 6.12; do \
		LT_OUT=$(CURDIR)/build/tests/pci11x1x-$$k tests/run --no-static \
			--kernel $$k --config p11414-sgmii --config p11414-2500 \
			--config p11010-rgmii --driver ours \
			$$([ $$k = 6.1 ] || echo --driver intree) 01-probe 02-ping \
			05-iperf3 07-transfer 21-rx-counters 41-msix-vectors \
			59-tx-queues || exit 1; \
	done
	LT_OUT=$(CURDIR)/build/tests/faults tests/run --no-static \
		--config b0-msix --driver ours --driver intree \
		48-dma-map-errors 50-tx-ring-full 51-link-flaps-traffic 53-s3-traffic
	LT_OUT=$(CURDIR)/build/tests/irq-faults tests/run --no-static \
		--config b0-msix --driver ours --driver intree 54-irq-storm 55-irq-spurious
	LT_OUT=$(CURDIR)/build/tests/irq-faults-intx tests/run --no-static \
		--config b0-intx --driver ours --driver intree \
		54-irq-storm 55-irq-spurious 56-shared-intx
	LT_OUT=$(CURDIR)/build/tests/faults-arm64 tests/run --no-static \
		--arch arm64 --driver ours --driver intree --budget 3600 \
		46-surprise-removal 48-dma-map-errors 50-tx-ring-full \
		51-link-flaps-traffic 53-s3-traffic 54-irq-storm 55-irq-spurious
	LT_OUT=$(CURDIR)/build/tests/xdp-frags tests/run --no-static \
		--config b0-msix --driver ours 58-xdp-frags
	for k in 6.12 7.2; do \
		LT_OUT=$(CURDIR)/build/tests/xdp-metadata-$$k tests/run --no-static \
			--kernel $$k --config b0-msix --driver ours 61-xdp-metadata || exit 1; \
	done
	for k in 6.1 6.12; do \
		LT_OUT=$(CURDIR)/build/tests/af-xdp-$$k tests/run --no-static \
			--kernel $$k --config b0-msix --driver ours 60-af-xdp || exit 1; \
	done
	for k in 5.10 7.2 7.3; do \
		LT_OUT=$(CURDIR)/build/tests/kernel-$$k-smoke tests/run --no-static \
			--kernel $$k --smoke --driver ours --driver intree || exit 1; \
	done
	for k in 5.10 6.12 7.2; do \
		LT_OUT=$(CURDIR)/build/tests/kernel-$$k-arm tests/run --no-static \
			--kernel $$k --smoke --arch arm64 --arch armhf \
			--driver ours --driver intree || exit 1; \
	done
	LT_OUT=$(CURDIR)/build/tests/kernel-7.3-arm tests/run --no-static \
		--kernel 7.3 --smoke --arch arm64 --driver ours --driver intree
	LT_OUT=$(CURDIR)/build/tests/kernel-7.2-selftests tests/run --no-static \
		--kernel 7.2 --driver ours --driver intree --config b0-msix \
		33-kernel-selftests-remote 36-kernel-selftests-forwarding
	LT_OUT=$(CURDIR)/build/tests/kernel-6.12-forwarding tests/run --no-static \
		--kernel 6.12 --driver ours --driver intree --config b0-msix \
		36-kernel-selftests-forwarding
	LAN743X_ALL_ARCHES=1 LAN743X_DKMS_KERNELS="5.10 6.1 6.12 7.2 7.3" \
		LAN743X_DKMS_BROKEN="5.10 6.1 6.12 7.2 7.3" \
		LT_OUT=$(CURDIR)/build/tests/static-full tests/run --arch x86_64 \
		11-driver 20-driver 21-driver 22-driver 71-dkms-kernels

bench:
	scripts/bench $(if $(ARCH),--arch $(ARCH)) $(if $(PLATFORM),--platform $(PLATFORM)) $(if $(CHIP),--chip $(CHIP))

clean:
	$(MAKE) --no-print-directory -C driver clean
	rm -rf build

.PHONY: all driver install uninstall dkms dkms-remove deb qemu check debug-kernel check-full \
	bench clean

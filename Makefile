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
#   make check-full make check, then what it leaves out (tests/check-full,
#                   several hours: the other kernels' smoke lists on x86
#                   and ARM, every kernel's build for every architecture
#                   and DKMS on each, both drivers' full lists on 6.12 and
#                   on every 6.1 configuration, the long debug-kernel list,
#                   the fault classes under traffic on x86 and arm64, XDP,
#                   the PCI11x1x on 6.12); GROUPS="..." runs some of its
#                   groups alone
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

# make check, then every group of tests/check-full; GROUPS="kernels builds"
# runs those groups alone, without make check
ifeq ($(GROUPS),)
check-full: check
endif
check-full:
	scripts/install-deps
	tests/check-full $(GROUPS)

bench:
	scripts/bench $(if $(ARCH),--arch $(ARCH)) $(if $(PLATFORM),--platform $(PLATFORM)) $(if $(CHIP),--chip $(CHIP))

clean:
	$(MAKE) --no-print-directory -C driver clean
	rm -rf build

.PHONY: all driver install uninstall dkms dkms-remove deb qemu check debug-kernel check-full \
	bench clean

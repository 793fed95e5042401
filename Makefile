# SPDX-License-Identifier: GPL-2.0
#
# Entry points (see README.md):
#   make            build driver/lan743x.ko against the installed headers
#   make install    install it so that modprobe prefers it to the in-tree one
#   make qemu       build QEMU with our LAN743x model: build/qemu/bin/
#   make check      install dependencies, run every test, "N passed, N failed"
#   make bench      RX policy benchmark on the emulated chip: build/bench/
#                   (ARCH=arm64|armhf: the ARM guests, build/bench/ARCH/)
#
# KDIR, ARCH and CROSS_COMPILE are passed down to the driver build.

all: driver

driver:
	$(MAKE) -C driver

install:
	$(MAKE) -C driver install

qemu:
	qemu/build.sh

check:
	scripts/install-deps
	tests/run

bench:
	scripts/bench $(if $(ARCH),--arch $(ARCH))

clean:
	$(MAKE) -C driver clean
	rm -rf build

.PHONY: all driver install qemu check bench clean

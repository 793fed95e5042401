#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build Debian bookworm's QEMU 7.2 with our LAN743x model for three targets
# and leave build/qemu/bin/qemu-system-{x86_64,aarch64,arm} pointing at
# them (q35 for x86, the `virt` board for the ARM guests), and
# build/qemu/lib/liblan743x-insns.so, the benchmark's instruction counter.
#
#   - source: `apt-get source qemu/bookworm`, extracted once per Debian
#     version under $LAN743X_CACHE/src/ (Debian applies its patches);
#   - our files (qemu/hw/net/*, the devices config) are copied into a
#     per-version work tree; QEMU's own Kconfig, meson.build and trace-events
#     get a few appended lines (see glue() below);
#   - the build directory is kept per (Debian version, configure options), so
#     editing one of the model's files rebuilds what includes it and relinks;
#     the work tree is shared by every checkout's qemu/ (one build at a time,
#     under the lock): its lan743x* files are made to match this checkout's,
#     stale ones from another layout removed, and meson lists exactly ours;
#   - the result is installed into $LAN743X_CACHE/qemu-<hash>/, where the hash
#     covers qemu/ + the Debian version + the configure options; a second run
#     with unchanged inputs only refreshes the symlink (seconds).
#
# Environment: LAN743X_CACHE (default /var/cache/lan743x), JOBS (ninja -j).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${LAN743X_CACHE:-/var/cache/lan743x}
out=$top/build/qemu
suite=bookworm

log() { echo "qemu/build.sh: $*" >&2; }

"$top"/scripts/install-deps

mkdir -p "$cache/src"
exec 9>"$cache/build.lock"
flock 9

# Debian source version, e.g. 1:7.2+dfsg-7+deb12u18 -> 7.2+dfsg-7+deb12u18.
# Asking apt parses the whole Sources index (slow): remember the answer
# until apt's lists change.
lists_stamp=$(ls -l --time-style=+%s /var/lib/apt/lists/ 2>/dev/null | md5sum | cut -c1-16)
dsc=
if [ -f "$cache/src/version.cache" ] &&
	[ "$(sed -n 1p "$cache/src/version.cache")" = "$lists_stamp" ]; then
	dsc=$(sed -n 2p "$cache/src/version.cache")
fi
if [ -z "$dsc" ]; then
	# (in an empty directory: apt does not list files already present)
	dsc=$(cd / && apt-get source --print-uris "qemu/$suite" 2>/dev/null |
		sed -nE "s/^'[^']*' (qemu_[^ ]*\.dsc) .*/\1/p" | head -n1)
	[ -z "$dsc" ] || printf '%s\n%s\n' "$lists_stamp" "$dsc" >"$cache/src/version.cache"
fi
if [ -z "$dsc" ]; then
	# Offline: fall back to the newest version already extracted.
	dsc=$(cd "$cache/src" && ls qemu_7.2*.dsc 2>/dev/null | sort -V | tail -n1)
fi
[ -n "$dsc" ] || { log "cannot determine the Debian qemu source version"; exit 1; }
debver=${dsc#qemu_}
debver=${debver%.dsc}
upver=${debver%-*}
srcdir=$cache/src/qemu-$debver

if [ ! -f "$srcdir/.extracted" ]; then
	log "fetching Debian source qemu $debver"
	tmp=$(mktemp -d "$cache/src/fetch.XXXXXX")
	(cd "$tmp" && apt-get source -qq "qemu=1:$debver" >/dev/null 2>&1 ||
		apt-get source -qq "qemu/$suite" >/dev/null)
	rm -rf "$srcdir"
	mv "$tmp/qemu-$upver" "$srcdir"
	mv "$tmp"/qemu_* "$cache/src/" 2>/dev/null || true
	rm -rf "$tmp"
	touch "$srcdir/.extracted"
fi

# Configure options: system emulation for our three targets, minimal
# features; each target's device list is qemu/configs/<target>.mak.
targets=(x86_64 aarch64 arm)
fwdir=$cache/firmware/$debver
conf_opts=(
	--target-list=x86_64-softmmu,aarch64-softmmu,arm-softmmu
	--without-default-features
	--without-default-devices
	--with-devices-x86_64=lan743x
	--with-devices-aarch64=lan743x
	--with-devices-arm=lan743x
	--enable-kvm
	--enable-slirp
	--enable-trace-backends=log
	--enable-plugins
	--disable-docs
	--disable-tools
	--disable-user
	--disable-linux-user
	--disable-install-blobs
	--disable-debug-info
	--disable-werror
	--with-git-submodules=ignore
	--prefix=$cache/qemu-prefix
	--firmwarepath=$fwdir:/usr/share/seabios:/usr/lib/ipxe/qemu:/usr/share/qemu
)
pkg-config --exists slirp || conf_opts=("${conf_opts[@]/--enable-slirp/--disable-slirp}")

confhash=$( (echo "$debver"; printf '%s\n' "${conf_opts[@]}";
	cat "$top"/qemu/configs/*.mak) |
	sha256sum | cut -c1-16)
inhash=$( (echo "$confhash"; cd "$top/qemu" &&
	find . -type f ! -name '*~' -print0 | LC_ALL=C sort -z |
	xargs -0 sha256sum) | sha256sum | cut -c1-16)
prefix=$cache/qemu-$inhash

link_result() {
	local t
	mkdir -p "$out/bin" "$out/lib"
	for t in "${targets[@]}"; do
		ln -sfn "$prefix/bin/qemu-system-$t" "$out/bin/qemu-system-$t"
	done
	ln -sfn "$prefix/lib/liblan743x-insns.so" "$out/lib/liblan743x-insns.so"
	log "ready: $out/bin/qemu-system-{$(IFS=,; echo "${targets[*]}")} -> $prefix/bin/"
}

if [ -x "$prefix/bin/qemu-system-arm" ]; then
	link_result
	exit 0
fi

# Work tree: the pristine source plus our files, per (version, glue).
tree=$cache/tree-$confhash
if [ ! -f "$tree/.ready" ]; then
	log "preparing work tree $tree"
	rm -rf "$tree"
	cp -a "$srcdir" "$tree"
	# Keep pristine copies of the files we append to.
	for f in hw/net/Kconfig hw/net/meson.build hw/net/trace-events; do
		cp -p "$tree/$f" "$tree/$f.orig"
	done
	touch "$tree/.ready"
fi

# Copy a file only if it changed, so that ninja rebuilds only what changed.
put() {
	if ! cmp -s "$1" "$2"; then
		cp "$1" "$2"
	fi
}

# The model's sources: every lan743x*.c/.h of qemu/hw/net/.  Another
# checkout's build may have left files of another layout in the work tree:
# remove them, so that nothing stale is compiled or included.
model=()
for f in "$top"/qemu/hw/net/lan743x*.[ch]; do
	model+=("${f##*/}")
	put "$f" "$tree/hw/net/${f##*/}"
done
for f in "$tree"/hw/net/lan743x*; do
	case " ${model[*]} " in
	*" ${f##*/} "*) ;;
	*) rm -f "$f" ;;
	esac
done
meson_files=
for f in "${model[@]}"; do
	if [[ $f == *.c ]]; then
		meson_files+="${meson_files:+, }'$f'"
	fi
done
for t in "${targets[@]}"; do
	put "$top/qemu/configs/$t.mak" "$tree/configs/devices/$t-softmmu/lan743x.mak"
done

# The glue: a Kconfig symbol, one meson line (our .c files), our trace events.
tmp=$(mktemp)
{ cat "$tree/hw/net/Kconfig.orig"; cat <<'EOT'

config LAN743X
    bool
    default y if PCI_DEVICES
    depends on PCI_EXPRESS && MSI_NONBROKEN
EOT
} >"$tmp"; put "$tmp" "$tree/hw/net/Kconfig"
{ cat "$tree/hw/net/meson.build.orig"
  echo "softmmu_ss.add(when: 'CONFIG_LAN743X', if_true: files($meson_files))"
} >"$tmp"; put "$tmp" "$tree/hw/net/meson.build"
{ cat "$tree/hw/net/trace-events.orig"; echo
  cat "$top/qemu/hw/net/trace-events"
} >"$tmp"; put "$tmp" "$tree/hw/net/trace-events"
rm -f "$tmp"

bdir=$tree/b
if [ ! -f "$bdir/build.ninja" ]; then
	log "configuring"
	rm -rf "$bdir"; mkdir -p "$bdir"
	(cd "$bdir" && ../configure "${conf_opts[@]}") >"$tree/configure.log" 2>&1 ||
		{ tail -n 30 "$tree/configure.log" >&2; log "configure failed"; exit 1; }
fi

log "building in $bdir"
ninja -C "$bdir" ${JOBS:+-j "$JOBS"} "${targets[@]/#/qemu-system-}" >"$tree/ninja.log" 2>&1 ||
	{ grep -E 'error|FAILED' "$tree/ninja.log" | head -n 40 >&2; log "build failed (log: $tree/ninja.log)"; exit 1; }

# x86 option ROMs (linuxboot_dma.bin for -kernel) are not in Debian's
# seabios/ipxe-qemu packages; build them with Debian's own recipe.
if [ ! -f "$fwdir/linuxboot_dma.bin" ]; then
	log "building x86 option ROMs"
	mkdir -p "$tree/optionrom" "$fwdir"
	{ make -s -f "$tree/debian/optionrom.mak" -C "$tree/optionrom" \
		SRC_PATH="$tree" all &&
	  make -s -f "$tree/debian/optionrom.mak" -C "$tree/optionrom" \
		SRC_PATH="$tree" install DESTDIR="$fwdir"; } >"$tree/optionrom.log" 2>&1 ||
		{ tail -n 20 "$tree/optionrom.log" >&2; log "option ROM build failed"; exit 1; }
fi

# The benchmark's instruction counter (qemu/plugins/), built against this
# QEMU's plugin header.
log "building the TCG plugin"
plugin=liblan743x-insns.so
cc -shared -fPIC -O2 -Wall -Wextra -Wno-unused-parameter \
	-I"$tree/include/qemu" -o "$bdir/$plugin" \
	"$top/qemu/plugins/lan743x-insns.c" -lpthread ||
	{ log "plugin build failed"; exit 1; }

rm -rf "$prefix.tmp"
for t in "${targets[@]}"; do
	install -D -m 0755 "$bdir/qemu-system-$t" "$prefix.tmp/bin/qemu-system-$t"
done
install -D -m 0755 "$bdir/$plugin" "$prefix.tmp/lib/$plugin"
rm -rf "$prefix"
mv "$prefix.tmp" "$prefix"
link_result

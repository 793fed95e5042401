#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The model's PHY ID (PHY_ID1/PHY_ID2 in qemu/hw/net/lan743x_phy.c) is
# claimed by no Linux PHY driver: a host that loads PHY modules by their
# alias would otherwise bind that driver to the emulated PHY, which then
# gets registers it never wrote read back as 0.  Every ID and mask a
# driver under drivers/net/phy/ of each kernel source on the host
# (Debian's linux-source-6.1 and -6.12 tarballs in /usr/src, extracted
# once to /var/cache/lan743x/phy-src-<version>) matches on is checked:
# PHY_ID_MATCH_EXACT/MODEL/VENDOR, .phy_id with .phy_id_mask, and the
# mdio_device_id tables that give the module aliases.  No source at all
# is a failure.  Exit 0 = pass, else the reason is printed last.
set -u
check=61-model-phy-id
root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${LAN743X_CACHE:-/var/cache/lan743x}
fail() {
	echo "$check: $*"
	exit 1
}

phy=$root/qemu/hw/net/lan743x_phy.c
id1=$(sed -n 's/^#define PHY_ID1 *\(0x[0-9a-fA-F]*\).*/\1/p' "$phy")
id2=$(sed -n 's/^#define PHY_ID2 *\(0x[0-9a-fA-F]*\).*/\1/p' "$phy")
[ -n "$id1" ] && [ -n "$id2" ] || fail "no PHY_ID1/PHY_ID2 in $phy"
id=$(printf '0x%08x' $(((id1 << 16) | id2)))

dirs=()
for tarball in /usr/src/linux-source-*.tar.xz; do
	[ -f "$tarball" ] || continue
	v=$(basename "$tarball" .tar.xz)
	v=${v#linux-source-}
	dir=$cache/phy-src-$v
	if [ ! -f "$dir/.done" ]; then
		rm -rf "$dir"
		mkdir -p "$dir" || fail "cannot create $dir"
		tar -C "$dir" -xJf "$tarball" --wildcards \
			"linux-source-$v/drivers/net/phy/*" \
			"linux-source-$v/include/linux/*phy*.h" ||
			fail "cannot extract drivers/net/phy from $tarball"
		touch "$dir/.done"
	fi
	dirs+=("$dir/linux-source-$v")
done
[ ${#dirs[@]} -gt 0 ] || fail "no /usr/src/linux-source-*.tar.xz (linux-source-6.1)"

python3 - "$id" "${dirs[@]}" <<'PY'
import glob
import os
import re
import sys

model = int(sys.argv[1], 16)
MATCH = {'EXACT': 0xffffffff, 'MODEL': 0xfffffff0, 'VENDOR': 0xfffffc00}
NUM = r'(0x[0-9a-fA-F]+|[A-Za-z_][A-Za-z0-9_]*)'
claims = []
for top in sys.argv[2:]:
    files = glob.glob(os.path.join(top, 'drivers/net/phy/**/*.[ch]'),
                      recursive=True)
    headers = glob.glob(os.path.join(top, 'include/linux/*phy*.h'))
    defs = {}
    for f in headers + files:
        for name, val in re.findall(r'^#define\s+(\w+)\s+\(?(0x[0-9a-fA-F]+)U?\)?',
                                    open(f, errors='replace').read(), re.M):
            defs.setdefault(name, int(val, 16))

    def value(tok):
        return int(tok, 16) if tok.startswith('0x') else defs.get(tok)

    n = 0
    for f in files:
        s = open(f, errors='replace').read()
        where = os.path.relpath(f, os.path.dirname(top))
        found = []
        for kind, tok in re.findall(r'PHY_ID_MATCH_(EXACT|MODEL|VENDOR)\(\s*' + NUM, s):
            found.append((tok, MATCH[kind]))
        for m in re.finditer(r'\.phy_id\s*=\s*' + NUM, s):
            rest = s[m.end():]
            end = min([i for i in (rest.find('.phy_id ='), rest.find('.phy_id\t'),
                                   rest.find('}')) if i >= 0] or [len(rest)])
            mm = re.search(r'\.phy_id_mask\s*=\s*' + NUM, rest[:end])
            found.append((m.group(1), mm.group(1) if mm else '0xffffffff'))
        for m in re.finditer(r'struct mdio_device_id\s+\w+\s*\[\s*\]\s*=\s*\{', s):
            table = s[m.end():s.find('};', m.end())]
            for tok, mask in re.findall(r'\{\s*' + NUM + r'\s*,\s*' + NUM + r'\s*\}', table):
                found.append((tok, mask))
        for tok, mask in found:
            i = value(tok)
            k = mask if isinstance(mask, int) else value(mask)
            if i is None or k is None:
                continue
            n += 1
            if (i & k) == (model & k):
                claims.append(f'{where}: {tok} mask {k:#010x}')
    if n < 100:
        print(f'61-model-phy-id: only {n} PHY IDs found under {top}: the parser is out of date')
        sys.exit(1)
    print(f'{os.path.basename(top)}: {n} PHY IDs and masks checked')
if claims:
    print('\n'.join(claims))
    print(f'61-model-phy-id: the model\'s PHY ID {model:#010x} is claimed: {claims[0]}')
    sys.exit(1)
print(f'61-model-phy-id: the model\'s PHY ID {model:#010x} is claimed by no PHY driver')
PY

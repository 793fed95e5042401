#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The user documentation cannot drift from the driver:
# - Documentation/lan743x.rst is valid reStructuredText (docutils; any
#   warning fails);
# - it names every ethtool -S counter the driver defines (the MAC counter
#   names, rx_<name> and rx0_..rx<N-1>_<name>, tx<q>_<name>, as
#   lan743x_get_strings() forms them), every private flag, the rx-copybreak
#   tunable, every debugfs file and every module parameter (or says there
#   are none), and its counter tables list no counter the driver lacks;
# - README.md, driver/README.md, tests/README.md, Documentation/* and the
#   --help texts name no file of this tree that does not exist (paths under
#   driver/ tests/ scripts/ qemu/ Documentation/ debian/, and *.md names in
#   capitals such as README.md), and no internal issue numbers.
# Exit 0 = pass, else the reason is printed last.
set -u
check=75-docs
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
	echo "$check: $*"
	exit 1
}

doc=$root/Documentation/lan743x.rst
[ -f "$doc" ] || fail "Documentation/lan743x.rst missing"
python3 -c 'import docutils' 2>/dev/null ||
	fail "python3-docutils missing (scripts/deps/docs.txt)"

tmp=$(mktemp -d /tmp/lan743x-docs.XXXXXX) || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT

if ! python3 -m docutils --halt=warning --exit-status=warning "$doc" "$tmp/out.html" \
	>"$tmp/rst.log" 2>&1; then
	cat "$tmp/rst.log"
	fail "Documentation/lan743x.rst: docutils: $(head -n 1 "$tmp/rst.log")"
fi

# The help texts are user-facing too: collect them for the path check.
"$root/tests/run" --help >"$tmp/help-tests-run.txt" 2>&1
sh "$root/scripts/lan743x-rxbench" -h >"$tmp/help-rxbench.txt" 2>&1
python3 "$root/scripts/lan743x-report" --help >"$tmp/help-report.txt" 2>&1

python3 - "$root" "$doc" "$tmp" <<'PY'
import glob
import os
import re
import sys

root, doc, tmp = sys.argv[1:4]
drv = os.path.join(root, 'driver')
text = open(doc).read()
bad = []


def src(name):
    return open(os.path.join(drv, name)).read()


def block(s, start):
    """The text of the C initializer that starts at the first `start`."""
    i = s.index(start)
    return s[i:s.index('};', i)]


ethtool = src('lan743x_ethtool.c')
stats = src('lan743x_stats.c')
mainh = src('lan743x_main.h')

# lan743x_get_strings() forms the names this way; if it changes, so must we
for fmt in ('"%s", lan743x_hw_stat_names', '"rx_%s"', '"rx%u_%s"', '"tx%u_%s"'):
    if fmt not in ethtool:
        print(f'lan743x_get_strings() no longer uses {fmt}: update {sys.argv[0]}')
        print('75-docs: counter naming changed in the driver')
        sys.exit(1)

nrx = int(re.search(r'#define LAN743X_NUM_RX\s+(\d+)', src('lan743x_rx.h')).group(1))
# the transmit table shows queue 0's names; the PCI11x1x's queues 1 to 3
# (LAN743X_MAX_TX) have the same ones
ntx = 1 if re.search(r'#define LAN743X_MAX_TX\s+\d+', mainh) else 0
hw = re.findall(r'=\s*"(\w+)"', block(stats, 'lan743x_hw_stat_names['))
rx = re.findall(r'^\tLAN743X_RX_(?:FRAME|COST)_STAT\((\w+)\)',
                block(ethtool, 'lan743x_rx_stat_desc[]'), re.M)
tx = re.findall(r'^\tLAN743X_TXX?_STAT\((\w+)\)',
                block(ethtool, 'lan743x_tx_stat_desc[]'), re.M)
tx += re.findall(r'^\tLAN743X_TXX?_STAT\((\w+)\)',
                 block(ethtool, 'lan743x_txx_stat_desc[]'), re.M)
flags = re.findall(r'"([\w-]+)"', block(ethtool, 'lan743x_priv_flags[]'))
dbgfs = re.findall(r'(?:debugfs_create_\w+|fault_create_debugfs_attr)\("(\w+)"',
                   src('lan743x_debugfs.c'))
params = []
for f in glob.glob(os.path.join(drv, 'lan743x_*.c')):
    params += re.findall(r'\bmodule_param(?:_named)?\((\w+)', open(f).read())
if not (hw and rx and tx and flags and dbgfs):
    print('75-docs: could not parse the counter/flag/debugfs tables')
    sys.exit(1)

names = hw + ['rx_' + n for n in rx] + \
    [f'tx{q}_{n}' for q in range(ntx) for n in tx]


def lit(s):
    return f'``{s}``' in text


for n in names:
    if not lit(n):
        bad.append(f'counter {n} is not documented')
for q in (0, nrx - 1):
    if not lit(f'rx{q}_<name>'):
        bad.append(f'per-queue names rx{q}_<name> not documented')
for f in flags:
    if not lit(f):
        bad.append(f'private flag {f} is not documented')
if 'ETHTOOL_RX_COPYBREAK' in ethtool and 'rx-copybreak' not in text:
    bad.append('tunable rx-copybreak is not documented')
for d in dbgfs:
    if not lit(d):
        bad.append(f'debugfs file {d} is not documented')
for p in params:
    if not lit(p):
        bad.append(f'module parameter {p} is not documented')
if not params and 'no module parameters' not in text:
    bad.append('the driver has no module parameters; the document must say so')

# the counter tables: first-column names must be counters of the driver
sec = text[text.index('\nStatistics\n'):]
sec = sec[:sec.index('\ndebugfs\n')]
for n in re.findall(r'^``(\w+)``\s', sec, re.M):
    if n not in names:
        bad.append(f'documented counter {n} does not exist in the driver')

# user-facing text naming files of this tree that do not exist
texts = [os.path.join(root, p) for p in
         ('README.md', 'driver/README.md', 'tests/README.md')]
texts += glob.glob(os.path.join(root, 'Documentation', '*'))
texts += glob.glob(os.path.join(tmp, 'help-*.txt'))
pat = re.compile(r'(?<![\w/.~$-])((?:\.\./)?(?:driver|tests|scripts|qemu|'
                 r'Documentation|debian)/[\w./*-]*[\w*]|[A-Z][A-Z0-9_-]*\.md)')
for t in texts:
    base = os.path.dirname(t)
    label = os.path.relpath(t, root) if t.startswith(root) else \
        os.path.basename(t)
    for m in pat.finditer(open(t, errors='replace').read()):
        p = m.group(1)
        # placeholders such as tests/scenarios/NN-name.sh
        if '/' in p and re.search(r'/[A-Z]+[-.]', p):
            continue
        # what make builds (driver/lan743x.ko) is no file of the tree
        if p.endswith('.ko'):
            continue
        cands = [os.path.join(root, p.lstrip('./')), os.path.join(base, p)]
        if not any(glob.glob(c) for c in cands):
            bad.append(f'{label} names {p}, which does not exist')

# nor internal issue numbers ("issue 5", "issues 5 and 6")
for t in texts:
    label = os.path.relpath(t, root) if t.startswith(root) else \
        os.path.basename(t)
    for m in re.finditer(r'\bissues? #?\d+', open(t, errors='replace').read(),
                         re.I):
        bad.append(f'{label} names an internal issue: "{m.group(0)}"')

for b in sorted(set(bad)):
    print(b)
if bad:
    print(f'75-docs: {len(set(bad))} problem(s)')
    sys.exit(1)
print(f'75-docs: {len(names)} counters, {len(flags)} private flags, '
      f'{len(dbgfs)} debugfs files documented; paths in {len(texts)} texts exist')
PY

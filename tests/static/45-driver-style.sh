#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# House style that checkpatch does not check:
# - local variable declarations at the top of each function in
#   reverse-xmas-tree order (longest line first), as netdev asks;
# - every non-static function has kernel-doc with a "Return:" section
#   unless it returns void;
# - function bodies stay below 60 lines except the NAPI loops.
# Exit 0 = pass, else the reason is printed last.
set -u
check=45-driver-style
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v python3 >/dev/null || { echo "$check: python3 missing"; exit 1; }
python3 - "$root"/driver/lan743x_*.c <<'PY'
import re
import sys

bad = []
decl = re.compile(r'^\t(const |static |struct |enum |union |unsigned |signed |'
                  r'u8|u16|u32|u64|s8|s16|s32|s64|bool|int|long|char|void|'
                  r'size_t|dma_addr_t|netdev_features_t|irq_handler_t|gfp_t|'
                  r'__le32|phy_interface_t)')
for path in sys.argv[1:]:
    if path.endswith('.mod.c'):
        continue
    lines = open(path).read().split('\n')
    name = path.split('/')[-1]
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r'^(static )?[a-z].*\b(\w+)\(', line)
        if not m or line.endswith(';') or i + 1 >= len(lines):
            i += 1
            continue
        # find the opening brace of a function definition
        j = i
        while j < len(lines) and lines[j] != '{' and not lines[j].endswith(';'):
            j += 1
        if j >= len(lines) or lines[j] != '{':
            i += 1
            continue
        fname = m.group(2)
        start = j
        # declarations: consecutive lines after '{' until a blank line
        k = start + 1
        widths = []
        while k < len(lines) and lines[k] != '' and lines[k] != '}':
            l = lines[k]
            if decl.match(l) and (l.endswith(';') or l.endswith(',') or
                                  l.endswith('=') or l.endswith('(')):
                widths.append((len(l.expandtabs(8)), k + 1))
                # skip continuation lines of a multi-line initialiser
                while not lines[k].endswith(';'):
                    k += 1
            elif l.startswith('\t\t'):
                pass
            else:
                break
            k += 1
        for (w1, l1), (w2, l2) in zip(widths, widths[1:]):
            if w2 > w1:
                bad.append(f'{name}:{l2}: {fname}(): locals not in '
                           f'reverse-xmas-tree order')
                break
        # body length
        end = start
        while end < len(lines) and lines[end] != '}':
            end += 1
        body = end - start - 1
        if body > 60 and fname not in ('lan743x_rx_poll',):
            bad.append(f'{name}:{i + 1}: {fname}() is {body} lines long')
        # kernel-doc for non-static functions
        if not line.startswith('static') and not fname.startswith('module_'):
            doc = '\n'.join(lines[max(0, i - 40):i])
            tail = doc[doc.rfind('/**'):] if '/**' in doc else ''
            if f'{fname}()' not in tail:
                bad.append(f'{name}:{i + 1}: {fname}() lacks kernel-doc')
            elif not line.startswith('void') and 'Return:' not in tail:
                bad.append(f'{name}:{i + 1}: {fname}() kernel-doc lacks Return:')
        i = end + 1
for b in bad:
    print(b)
if bad:
    print(f'45-driver-style: {len(bad)} style problem(s)')
    sys.exit(1)
print(f'45-driver-style: {len(sys.argv) - 1} files ok')
PY

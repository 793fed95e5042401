#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Register-level tests of the LAN743x model, without a guest kernel.

Runs our qemu-system-x86_64 with the qtest accelerator (the test pokes
PCI config space, BAR0 and guest RAM through the qtest protocol on stdio)
and a UDP socket netdev on loopback, so frames can be injected into the
model and the frames it transmits can be captured.

    qemu/tests/model-test.py [path/to/qemu-system-x86_64]

Covers: identity, reset handshakes, MDIO, the PHY's link (two chips on
one x-cable: autonegotiation outcomes with the partner's abilities in
ANLPAR/STAT1000, master/slave, parallel detection, forced modes, the link
down for the negotiation time on a restart, its latched drop, a partner
powered down, a cable with one end; without x-cable a partner that takes
every mode; no frames either way without a link), RX into a ring (single and
multi-buffer frames, FCS, timestamp extension descriptor, RX pad, filters,
oversize), TX (checksum insertion, TSO), the wire paced at line rate in
both directions and the RX FIFO's overflow drops, 802.3x flow control
(pause frames sent at the FIFO thresholds, received ones holding the
transmitter), interrupts (INT_SET self-test
through MSI-X), the 1588 block (clock load/read/step, rate adjustment measured
over virtual time, TX timestamps with their FIFO, overflow and interrupt,
one-step Sync, RX timestamps at arrival, clock targets A and B driving
GPIOs as pulses and toggles at the clock's times, through a rate change
and steps, read through QMP's x-gpio-edges), and guest errors that must not crash QEMU (ring outside
RAM, ring length 0, tail beyond ring, zero-length buffers, a ring with no
LS descriptor), and the test-only fault register (x-faults=on: a dead
device, bogus TX heads, hung DMA stops, bogus RX write-backs, a DMA error;
x-faults=off leaves its offset a plain register), and the test traffic
generator (x-gen=on: UDP datagrams at their rate with their pattern and
checksums, pause honoured or ignored, a TCP stream against a receiver
played here through the TX ring, a lost segment sent again, ARP; x-gen=off
leaves its offsets plain registers), the EEPROM (write enable, kept
across a light reset) and the OTP (power-down, blank, bits only set, the
x-otp-file written through and read again by a new QEMU), and the
PCI11x1x family (identity, straps, system lock, the EEPROM and OTP behind
its system block's controllers under that lock, another function holding
it (x-faults SYSLOCK_HELD), event capture on GPIOs driven from outside
(x-faults GPIO_INPUT), SGMII_CTL, the PCS behind
SGMII_ACC gating frames, TX channel 3 with its interrupt on vector 12 of
16, interface=sgmii-2500's clause-45 PHY negotiating 2500 and the TX
wire paced at 2500 Mbit/s).  Prints PASS/FAIL lines,
exits non-zero on failure.
"""

import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
import zlib

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QEMU = sys.argv[1] if len(sys.argv) > 1 else \
    os.path.join(TOP, "build/qemu/bin/qemu-system-x86_64")

BAR0 = 0xc0000000
BAR2 = 0xc0004000
BAR4 = 0xc0005000
DEV = 4                          # PCI slot
RING = 0x100000                  # descriptor rings in guest RAM
BUFS = 0x200000                  # buffers
WB = 0x300000                    # head write-back words
MSIX_MSG = 0x310000              # MSI-X messages land here (plain RAM)

failures = 0


def check(name, cond, detail=""):
    global failures
    if cond:
        print("PASS " + name)
    else:
        failures += 1
        print("FAIL %s: %s" % (name, detail))


class QTest:
    def __init__(self, extra, more=()):
        self.log = tempfile.NamedTemporaryFile(prefix="lan743x-", suffix=".log",
                                               delete=False).name
        self.rx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.rx.bind(("127.0.0.1", 0))
        self.rx.settimeout(2)
        qport = self.rx.getsockname()[1]
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.bind(("127.0.0.1", 0))
        self.qemu_port = probe.getsockname()[1]
        probe.close()
        cmd = [QEMU, "-machine", "q35", "-accel", "qtest", "-qtest", "stdio", "-qtest-log", "/dev/null",
               "-display", "none", "-nodefaults", "-m", "64",
               "-d", "guest_errors", "-D", self.log,
               "-netdev", "socket,id=n0,udp=127.0.0.1:%d,localaddr=127.0.0.1:%d"
               % (qport, self.qemu_port),
               "-device", "lan743x,netdev=n0,addr=%d.0,mac=52:54:00:aa:bb:cc%s"
               % (DEV, extra)] + list(more)
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1,
                                  stderr=open(self.log + ".stderr", "w"))

    def cmd(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        while True:
            r = self.p.stdout.readline()
            if not r:
                raise RuntimeError("QEMU died (command %r)" % line)
            if r.startswith("IRQ"):
                continue
            if not r.startswith("OK"):
                raise RuntimeError("qtest: %r -> %r" % (line, r))
            return r.split()[1] if len(r.split()) > 1 else None

    def alive(self):
        try:
            self.cmd("readl 0x%x" % BAR0)
            return self.p.poll() is None
        except RuntimeError:
            return False

    def close(self):
        try:
            self.p.stdin.close()
        except Exception:
            pass
        self.p.terminate()
        self.p.wait(timeout=10)
        self.rx.close()
        if not failures:
            for f in (self.log, self.log + ".stderr"):
                try:
                    os.unlink(f)
                except OSError:
                    pass

    # PCI config space through the 0xcf8/0xcfc mechanism
    def cfg_read(self, off):
        self.cmd("outl 0xcf8 0x%x" % (0x80000000 | (DEV << 11) | (off & ~3)))
        return int(self.cmd("inl 0xcfc"), 16)

    def cfg_write(self, off, val):
        self.cmd("outl 0xcf8 0x%x" % (0x80000000 | (DEV << 11) | (off & ~3)))
        self.cmd("outl 0xcfc 0x%x" % val)

    def rd(self, reg):
        return int(self.cmd("readl 0x%x" % (BAR0 + reg)), 16)

    def wr(self, reg, val):
        self.cmd("writel 0x%x 0x%x" % (BAR0 + reg, val))

    def mem_write(self, addr, data):
        if data:
            self.cmd("write 0x%x %d 0x%s" % (addr, len(data), data.hex()))

    def mem_read(self, addr, size):
        return bytes.fromhex(self.cmd("read 0x%x %d" % (addr, size))[2:])

    def wr32(self, addr, val):
        self.cmd("writel 0x%x 0x%x" % (addr, val))

    def rd32(self, addr):
        return int(self.cmd("readl 0x%x" % addr), 16)

    def inject(self, frame):
        self.rx.sendto(frame, ("127.0.0.1", self.qemu_port))
        # Let QEMU's main loop pick the datagram up
        for _ in range(50):
            self.cmd("clock_step 100000")
            time.sleep(0.002)

    def capture(self):
        try:
            return self.rx.recv(70000)
        except socket.timeout:
            return None

    def guest_errors(self):
        with open(self.log) as f:
            return f.read()


# Registers
HW_CFG, PMT_CTL, MAC_CR, MAC_RX, MAC_TX = 0x10, 0x14, 0x100, 0x104, 0x108
MAC_RX_ADDRH, MAC_RX_ADDRL, MII_ACC, MII_DATA = 0x118, 0x11c, 0x120, 0x124
FCT_RX_CTL, FCT_TX_CTL, RFE_CTL = 0xac, 0xc4, 0x508
INT_STS, INT_SET, INT_EN_SET, INT_EN_CLR = 0x780, 0x784, 0x788, 0x78c
INT_STS_R2C, INT_VEC_EN_SET, INT_VEC_EN_CLR = 0x790, 0x794, 0x798
DMAC_CFG, DMAC_CMD, DMAC_INT_STS, DMAC_INT_EN_SET = 0xc00, 0xc0c, 0xc10, 0xc14
STAT_RX_OVERSIZE, STAT_RX_TOTAL, STAT_TX_TOTAL = 0x1214, 0x1254, 0x12d8
STAT_RX_DROPPED = 0x1218
AN_NS = 500000000                # the PHY's negotiation time (virtual)


def rxr(ch, off):
    return 0xc40 + 0x40 * ch + off


def txr(ch, off):
    return 0xd40 + 0x40 * ch + off


def setup_pci(q, msix=True, bar2=BAR2, bar4=BAR4, vectors=8):
    q.cfg_write(0x10, BAR0)
    q.cfg_write(0x14, 0)
    q.cfg_write(0x18, bar2)
    q.cfg_write(0x1c, 0)
    q.cfg_write(0x20, bar4)
    q.cfg_write(0x24, 0)
    q.cfg_write(0x04, 0x6)                      # memory + bus master
    if msix:
        # MSI-X capability at 0xb0: enable, entries point into RAM
        for v in range(vectors):
            q.wr32(bar2 + 16 * v + 0, MSIX_MSG + 4 * v)
            q.wr32(bar2 + 16 * v + 4, 0)
            q.wr32(bar2 + 16 * v + 8, 0x100 + v)
            q.wr32(bar2 + 16 * v + 12, 0)       # unmasked
        ctl = q.cfg_read(0xb0)
        q.cfg_write(0xb0, ctl | (1 << 31))


def basic_init(q):
    q.wr(HW_CFG, q.rd(HW_CFG) | 2)
    q.wr(PMT_CTL, q.rd(PMT_CTL) | 0x10)
    q.wr(DMAC_CMD, 1 << 31)
    q.wr(DMAC_CFG, 0)                           # 16-byte descriptor spacing
    q.wr(RFE_CTL, (1 << 10) | (1 << 11) | (1 << 12))   # AB, IP/TCP COE
    # perfect filter entry 0 = own address, as the driver programs it
    q.wr(0x404, struct.unpack("<I", MAC[:4])[0])
    q.wr(0x400, struct.unpack("<H", MAC[4:])[0] | (1 << 31))
    q.wr(MAC_RX, (1518 << 16) | 1)
    q.wr(MAC_TX, 1)
    # The PHY reset above restarted autonegotiation: wait for the link
    clock_step(q, AN_NS + 1000000)


def setup_rx(q, ch=0, n=8, buflen=1536, ts=True, pad=0):
    q.wr(DMAC_CMD, 1 << (8 + ch))               # RX_SWR
    base = RING + 0x1000 * ch
    for i in range(n):
        buf = BUFS + 0x10000 * ch + 0x2000 * i
        q.mem_write(base + 16 * i, struct.pack("<IIII", (1 << 15) | buflen,
                                                buf, 0, 0))
    q.wr(rxr(ch, 0x08), 0)
    q.wr(rxr(ch, 0x0c), base)
    q.wr(rxr(ch, 0x10), 0)
    q.wr(rxr(ch, 0x14), WB + 8 * ch)
    q.wr(rxr(ch, 0x00), 1 << 5)                 # head write-back
    q.wr(rxr(ch, 0x04), n | (pad << 24) | ((1 << 29) if ts else 0))
    q.wr(rxr(ch, 0x1c), n - 1)
    q.wr(DMAC_INT_EN_SET, 1 << (16 + ch))
    q.wr(DMAC_CMD, 1 << (4 + ch))               # START_R
    q.wr(FCT_RX_CTL, 1 << (20 + ch))
    q.wr(FCT_RX_CTL, 1 << (28 + ch))


def eth(dst, src, etype, payload):
    return dst + src + struct.pack(">H", etype) + payload


def csum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return (~s) & 0xffff


def ipv4_tcp(payload, seq=1000, flags=0x18, good=True, tcp_csum=None):
    src, dst = bytes([198, 18, 0, 1]), bytes([198, 18, 0, 2])
    tcp = struct.pack(">HHIIBBHHH", 1234, 5201, seq, 0, 5 << 4, flags,
                      65535, 0, 0) + payload
    if tcp_csum is None:
        ph = src + dst + struct.pack(">BBH", 0, 6, len(tcp))
        c = csum(ph + tcp)
        if not good:
            c ^= 0x5555
    else:
        c = tcp_csum
    tcp = tcp[:16] + struct.pack(">H", c) + tcp[18:]
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), 7, 0x4000, 64,
                     6, 0, src, dst)
    ip = ip[:10] + struct.pack(">H", csum(ip)) + ip[12:]
    return ip + tcp


MAC = bytes.fromhex("525400aabbcc")
PEER = bytes.fromhex("020000000001")
BCAST = b"\xff" * 6


def test_identity(q):
    v = q.cfg_read(0)
    check("pci-id", v == 0x74301055, "0x%08x" % v)
    idrev = q.rd(0)
    check("id-rev-b0", idrev == 0x74300010, "0x%08x" % idrev)
    q.wr(HW_CFG, 2)
    check("lrst-self-clears", not (q.rd(HW_CFG) & 2))
    q.wr(PMT_CTL, 0x10)
    p = q.rd(PMT_CTL)
    check("phy-reset-ready", not (p & 0x10) and (p & 0x80), "0x%08x" % p)
    lo, hi = q.rd(MAC_RX_ADDRL), q.rd(MAC_RX_ADDRH)
    check("macaddr-loaded", struct.pack("<IH", lo, hi) == MAC,
          "%08x %04x" % (lo, hi))
    # MDIO: PHY at 1 answers, others float
    q.wr(MII_ACC, (1 << 11) | (2 << 6) | 1)
    id1 = q.rd(MII_DATA)
    q.wr(MII_ACC, (5 << 11) | (2 << 6) | 1)
    other = q.rd(MII_DATA)
    clock_step(q, AN_NS + 1000000)             # the link is up by then
    q.wr(MII_ACC, (1 << 11) | (1 << 6) | 1)
    bmsr = q.rd(MII_DATA)
    check("mdio", id1 == 0x0007 and other == 0xffff and (bmsr & 0x24) == 0x24
          and not (q.rd(MII_ACC) & 1), "id1 %x other %x bmsr %x"
          % (id1, other, bmsr))
    # DMAC state machine
    q.wr(DMAC_CMD, 1 << 31)
    q.wr(DMAC_CMD, 1 << 4)
    s1 = (q.rd(DMAC_CMD) >> 4) & 1, q.rd(DMAC_CMD) & 1
    q.wr(DMAC_CMD, 1 << 0)
    s2 = (q.rd(DMAC_CMD) >> 4) & 1, q.rd(DMAC_CMD) & 1
    check("dmac-start-stop", s1 == (1, 0) and s2 == (0, 1), "%s %s" % (s1, s2))


def test_irq_selftest(q):
    q.wr(INT_EN_CLR, 0xffffffff)
    q.wr(INT_VEC_EN_CLR, 0xff)
    q.wr(INT_VEC_EN_SET, 1)
    q.wr(INT_EN_SET, 1 | (1 << 9))
    q.wr32(MSIX_MSG, 0)
    q.wr(INT_SET, 1 << 9)
    got = q.rd32(MSIX_MSG)
    sts = q.rd(INT_STS_R2C)
    # SW_GP stays latched across the R2C read (Debian's 5.10 driver reads
    # INT_STS for it after INT_STS_R2C) until INT_STS is written
    after = q.rd(INT_STS)
    q.wr(INT_STS, 1 << 9)
    cleared = q.rd(INT_STS)
    check("sw-gp-msix", got == 0x100 and sts & 0x201 == 0x201
          and after & (1 << 9) and not (cleared & (1 << 9)),
          "msg 0x%x sts 0x%x after 0x%x cleared 0x%x"
          % (got, sts, after, cleared))
    q.wr(INT_EN_CLR, 1 << 9)


def rx_desc(q, ch, i):
    return struct.unpack("<IIII", q.mem_read(RING + 0x1000 * ch + 16 * i, 16))


def test_rx(q):
    setup_rx(q, 0, n=8)
    payload = bytes(range(256)) * 4
    frame = eth(MAC, PEER, 0x0800, ipv4_tcp(payload))
    q.inject(frame)
    d0 = rx_desc(q, 0, 0)
    d1 = rx_desc(q, 0, 1)
    flen = (d0[0] >> 16) & 0x3fff
    data = q.mem_read(BUFS, len(frame) + 4)
    fcs = struct.pack("<I", zlib.crc32(frame))
    check("rx-single", d0[0] & (1 << 31) and d0[0] & (1 << 30)
          and not (d0[0] & (1 << 15)) and flen == len(frame) + 4
          and data == frame + fcs,
          "d0 %08x flen %d" % (d0[0], flen))
    check("rx-csum-ok", d0[1] & 0x30001 == 0, "data1 0x%x" % d0[1])
    check("rx-ts-ext", d0[0] & (1 << 14) and d1[0] & (1 << 14)
          and not (d1[0] & (1 << 15)), "ext %08x" % d1[0])
    head = q.rd32(WB)
    check("rx-head-wb", head == 2 and q.rd(rxr(0, 0x18)) == 2, "head %d" % head)
    check("rx-int-sts", q.rd(DMAC_INT_STS) & (1 << 16))

    bad = eth(MAC, PEER, 0x0800, ipv4_tcp(b"x" * 100, good=False))
    q.inject(bad)
    d = rx_desc(q, 0, 2)
    check("rx-csum-bad", d[1] & (1 << 16), "data1 0x%x" % d[1])

    # Filter: unicast to another address is dropped, broadcast accepted
    q.inject(eth(bytes.fromhex("52540000beef"), PEER, 0x0800, b"z" * 64))
    check("rx-filter-unicast", q.rd(rxr(0, 0x18)) == 4,
          "head %d" % q.rd(rxr(0, 0x18)))
    q.inject(eth(BCAST, PEER, 0x0806, b"a" * 46))
    check("rx-broadcast", q.rd(rxr(0, 0x18)) == 6,
          "head %d" % q.rd(rxr(0, 0x18)))
    # Tail is 7: 1 descriptor left; a frame + extension needs 2 -> held back
    q.inject(eth(BCAST, PEER, 0x0806, b"b" * 46))
    check("rx-wait-for-tail", q.rd(rxr(0, 0x18)) == 6)
    # Give the ring back (re-arm 0..5) and move the tail: queued frame lands
    for i in range(6):
        q.mem_write(RING + 16 * i, struct.pack("<IIII", (1 << 15) | 1536,
                                               BUFS + 0x2000 * i, 0, 0))
    q.wr(rxr(0, 0x1c), 5)
    for _ in range(20):
        q.cmd("clock_step 100000")
    d = rx_desc(q, 0, 6)
    check("rx-flush-on-tail", q.rd(rxr(0, 0x18)) == 0 and
          q.mem_read(BUFS + 0x2000 * 6 + 14, 1) == b"b",
          "head %d" % q.rd(rxr(0, 0x18)))

    # Oversize: MAX_SIZE 1518 -> a 1600-byte frame is counted and dropped
    before = q.rd(STAT_RX_OVERSIZE)
    q.inject(eth(MAC, PEER, 0x0800, b"o" * 1586))
    check("rx-oversize", q.rd(STAT_RX_OVERSIZE) == before + 1
          and q.rd(rxr(0, 0x18)) == 0)


def test_rx_multibuf(q):
    q.wr(DMAC_CMD, 1 << 0)
    for i in range(16):
        q.mem_write(BUFS + 0x2000 * i, b"\xa5" * 256)
    setup_rx(q, 0, n=16, buflen=200, ts=False, pad=2)
    frame = eth(MAC, PEER, 0x0800, ipv4_tcp(bytes(range(250)) * 2))
    q.inject(frame)
    want = b"\0\0" + frame + struct.pack("<I", zlib.crc32(frame))
    got = b""
    n = 0
    last = None
    for i in range(16):
        d = rx_desc(q, 0, i)
        if d[0] & (1 << 15):
            break
        got += q.mem_read(BUFS + 0x2000 * i, 200)
        n += 1
        if d[0] & (1 << 30):
            last = d
            break
    ok = last is not None and ((last[0] >> 16) & 0x3fff) == len(frame) + 4
    check("rx-multibuf", ok and got[:len(want)] == want
          and n == (len(want) + 199) // 200,
          "n %d last %s" % (n, last and hex(last[0])))
    # Nothing beyond BUF_LENGTH: bytes 200.. of each buffer untouched
    check("rx-buf-bound", all(q.mem_read(BUFS + 0x2000 * i + 200, 56) ==
                              b"\xa5" * 56 for i in range(n)))


def test_rss(q):
    """Microsoft's Toeplitz verification vector with the default key:
    66.9.149.187:2794 -> 161.142.100.80:1766 (TCP) hashes to 0x51ccc178,
    i.e. indirection entry 0x78 = 120."""
    for ch in range(4):
        q.wr(DMAC_CMD, 1 << ch)
    for ch in range(4):
        setup_rx(q, ch, n=8)
    for i in range(32):
        q.wr(0x580 + 4 * i, 0)                  # everything to channel 0
    q.wr(0x580 + 4 * 30, 0x02020202)            # entries 120..123 -> 2
    q.wr(0x554, 0x7ff | (7 << 5))               # RSS on, all hash types
    src, dst = bytes([66, 9, 149, 187]), bytes([161, 142, 100, 80])
    tcp = struct.pack(">HHIIBBHHH", 2794, 1766, 1, 0, 5 << 4, 0x10,
                      1000, 0, 0)
    ph = src + dst + struct.pack(">BBH", 0, 6, len(tcp))
    tcp = tcp[:16] + struct.pack(">H", csum(ph + tcp)) + tcp[18:]
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), 1, 0, 64, 6,
                     0, src, dst)
    ip = ip[:10] + struct.pack(">H", csum(ip)) + ip[12:]
    q.inject(eth(MAC, PEER, 0x0800, ip + tcp))
    heads = [q.rd(rxr(ch, 0x18)) for ch in range(4)]
    check("rss-toeplitz", heads == [0, 0, 2, 0], "heads %s" % heads)
    q.wr(0x554, 0)


def ether_crc(data):
    """Linux ether_crc(): bitrev32(crc32_le(~0, data))."""
    c = zlib.crc32(data) ^ 0xffffffff
    return int("{:032b}".format(c)[::-1], 2)


def test_mcast(q):
    q.wr(DMAC_CMD, 1 << 0)
    setup_rx(q, 0, n=16)
    grp = bytes.fromhex("01005e0000fb")
    other = bytes.fromhex("01005e000042")
    bit = (ether_crc(grp) >> 23) & 0x1ff
    hashtab = [0] * 16
    hashtab[bit // 32] |= 1 << (bit % 32)
    q.wr(0x24, 1)                               # DP_SEL: RFE RAM
    for i in range(16):
        q.wr(0x2c, 128 + i)
        q.wr(0x30, hashtab[i])
        q.wr(0x28, 1)
    q.wr(RFE_CTL, (1 << 10) | (1 << 3))         # AB | MCAST_HASH
    q.inject(eth(grp, PEER, 0x0800, b"m" * 64))
    h1 = q.rd(rxr(0, 0x18))
    q.inject(eth(other, PEER, 0x0800, b"m" * 64))
    h2 = q.rd(rxr(0, 0x18))
    # Perfect filter entry 5 for the other group, with DA_PERFECT
    q.wr(0x404 + 8 * 5, struct.unpack("<I", other[:4])[0])
    q.wr(0x400 + 8 * 5, struct.unpack("<H", other[4:])[0] | (1 << 31))
    q.wr(RFE_CTL, (1 << 10) | (1 << 3) | (1 << 1))
    q.inject(eth(other, PEER, 0x0800, b"m" * 64))
    h3 = q.rd(rxr(0, 0x18))
    # All-multicast and promiscuous
    q.wr(RFE_CTL, (1 << 9))
    q.inject(eth(bytes.fromhex("333300000001"), PEER, 0x86dd, b"m" * 64))
    h4 = q.rd(rxr(0, 0x18))
    q.wr(RFE_CTL, (1 << 8))
    q.inject(eth(bytes.fromhex("0a0000000001"), PEER, 0x0800, b"m" * 64))
    h5 = q.rd(rxr(0, 0x18))
    check("rx-mcast-filters", (h1, h2, h3, h4, h5) == (2, 2, 4, 6, 8),
          "heads %s" % ((h1, h2, h3, h4, h5),))
    q.wr(RFE_CTL, (1 << 10) | (1 << 11) | (1 << 12))


def setup_tx(q, n=16):
    q.wr(FCT_TX_CTL, 1 << 20)
    q.wr(FCT_TX_CTL, 1 << 28)
    q.wr(DMAC_CMD, 1 << 24)
    q.wr(txr(0, 0x08), 0)
    q.wr(txr(0, 0x0c), RING + 0x8000)
    q.wr(txr(0, 0x04), n)
    q.wr(txr(0, 0x00), 1 << 5)
    q.wr(txr(0, 0x10), 0)
    q.wr(txr(0, 0x14), WB + 0x40)
    q.wr(txr(0, 0x1c), 0)
    q.wr(DMAC_INT_EN_SET, 1)
    q.wr(DMAC_CMD, 1 << 20)


def tx_desc(q, i, d0, addr, d3):
    q.mem_write(RING + 0x8000 + 16 * i, struct.pack("<IIII", d0, addr, 0, d3))


def test_tx(q):
    setup_tx(q)
    while q.capture() is not None:
        pass
    q.rx.settimeout(1)
    pkt = eth(PEER, MAC, 0x0800, ipv4_tcp(b"hello world" * 20, tcp_csum=0))
    q.mem_write(BUFS + 0x80000, pkt)
    FS, LS, IOC, FCS = 1 << 29, 1 << 28, 1 << 26, 1 << 17
    CSUM = (1 << 22) | (1 << 21) | (1 << 20)
    tx_desc(q, 0, FS | LS | IOC | FCS | CSUM | len(pkt), BUFS + 0x80000,
            len(pkt) << 16)
    q.wr(txr(0, 0x1c), 1)
    out = q.capture()
    good = eth(PEER, MAC, 0x0800, ipv4_tcp(b"hello world" * 20))
    check("tx-csum-insert", out == good, "got %r" % (out and out[34:60]))
    check("tx-head-wb", q.rd32(WB + 0x40) == 1 and q.rd(DMAC_INT_STS) & 1)

    # TSO: header buffer + LSO extension + 2 payload fragments, MSS 1000
    hdr = eth(PEER, MAC, 0x0800, ipv4_tcp(b"", seq=5000, flags=0x19))
    hdr = hdr[:16] + struct.pack(">H", 0) + hdr[18:]
    payload = bytes((i * 7) & 0xff for i in range(2500))
    q.mem_write(BUFS + 0x90000, hdr)
    q.mem_write(BUFS + 0xa0000, payload[:1200])
    q.mem_write(BUFS + 0xb0000, payload[1200:])
    EXT, DTYPE_EXT, LSO = 1 << 27, 1 << 30, 1 << 21
    tx_desc(q, 1, FS | FCS | CSUM | EXT | len(hdr), BUFS + 0x90000, 1000 << 16)
    tx_desc(q, 2, DTYPE_EXT | LSO | len(payload), 0, 0)
    tx_desc(q, 3, FCS | 1200, BUFS + 0xa0000, 1000 << 16)
    tx_desc(q, 4, FCS | LS | IOC | 1300, BUFS + 0xb0000, 1000 << 16)
    q.wr(txr(0, 0x1c), 5)
    segs = []
    while True:
        f = q.capture()
        if f is None:
            break
        segs.append(f)
    ok = len(segs) == 3
    data = b""
    for i, f in enumerate(segs):
        if len(f) < 54 or f[12:14] != b"\x08\x00":
            ok = False
            print("# segment %d: %s" % (i, f[:64].hex()))
            continue
        ip, tcp = f[14:34], f[34:54]
        tot = struct.unpack(">H", ip[2:4])[0]
        if tot < 20:
            print("# seg %d len %d: %s" % (i, len(f), f[:60].hex()))
            ok = False
            continue
        seq = struct.unpack(">I", tcp[4:8])[0]
        flags = tcp[13]
        ph = ip[12:20] + struct.pack(">BBH", 0, 6, tot - 20)
        ok = ok and csum(ip) == 0 and csum(ph + f[34:14 + tot]) == 0
        ok = ok and seq == 5000 + 1000 * i and tot == len(f) - 14
        ok = ok and (flags & 1) == (1 if i == 2 else 0)
        data += f[54:]
    check("tx-tso", ok and data == payload,
          "%d segments" % len(segs))
    check("tx-stats", q.rd(STAT_TX_TOTAL) == 4, "%d" % q.rd(STAT_TX_TOTAL))


def test_guest_errors(q):
    # RX ring outside guest RAM
    q.wr(DMAC_CMD, 1 << 0)
    setup_rx(q, 1, n=8)
    q.wr(RFE_CTL, (1 << 8) | (1 << 10))         # promiscuous: any channel
    q.wr(0x554, 0)                              # no RSS: channel 0
    q.wr(rxr(0, 0x08), 0xffff)                  # ring base high: nowhere
    q.wr(DMAC_CMD, 1 << 4)
    q.inject(eth(MAC, PEER, 0x0800, b"e" * 100))
    st = q.rd(DMAC_CMD)
    check("err-ring-outside-ram", q.alive() and not (st & (1 << 4)),
          "DMAC_CMD 0x%x" % st)
    # ring length 0
    setup_rx(q, 0, n=8)
    q.wr(rxr(0, 0x04), 0)
    q.inject(eth(MAC, PEER, 0x0800, b"e" * 100))
    check("err-ring-len-0", q.alive() and not (q.rd(DMAC_CMD) & (1 << 4)))
    # tail beyond ring
    setup_rx(q, 0, n=8)
    q.wr(rxr(0, 0x1c), 100)
    q.inject(eth(MAC, PEER, 0x0800, b"e" * 100))
    check("err-rx-tail-beyond", q.alive() and not (q.rd(DMAC_CMD) & (1 << 4)))
    # zero-length RX buffer
    setup_rx(q, 0, n=8, buflen=0)
    q.inject(eth(MAC, PEER, 0x0800, b"e" * 100))
    check("err-rx-buflen-0", q.alive() and not (q.rd(DMAC_CMD) & (1 << 4)))
    # RX buffer address outside RAM
    setup_rx(q, 0, n=8)
    q.mem_write(RING, struct.pack("<IIII", (1 << 15) | 1536, 0, 0xffff, 0))
    q.inject(eth(MAC, PEER, 0x0800, b"e" * 100))
    check("err-rx-buf-outside", q.alive())

    # TX: huge buffer at a bogus address, a ring with no LS, tail beyond
    setup_tx(q, n=8)
    tx_desc(q, 0, (1 << 29) | (1 << 28) | 0xffff, 0xfffff000, 0)
    q.mem_write(RING + 0x8000 + 8, struct.pack("<I", 0xffff))
    q.wr(txr(0, 0x1c), 1)
    check("err-tx-buf-outside", q.alive() and not (q.rd(DMAC_CMD) & (1 << 20)))
    setup_tx(q, n=8)
    for i in range(8):
        tx_desc(q, i, (1 << 29) | 64, BUFS, 0)
    q.wr(txr(0, 0x1c), 7)
    check("err-tx-no-ls", q.alive())
    setup_tx(q, n=8)
    q.wr(txr(0, 0x1c), 1000)
    check("err-tx-tail-beyond", q.alive() and not (q.rd(DMAC_CMD) & (1 << 20)))
    setup_tx(q, n=0)
    q.wr(txr(0, 0x1c), 1)
    check("err-tx-ring-len-0", q.alive())
    log = q.guest_errors()
    check("err-logged", "lan743x" in log, log[-300:])



# The wire at 1000 Mbit/s: a frame of S bytes (without FCS) takes
# (S + 24) * 8 ns: FCS 4, preamble and SFD 8, inter-frame gap 12.
def wire_ns(size, mbps=1000):
    return (max(size, 60) + 24) * 8 * 1000 // mbps


STEP_NS = 5000                   # virtual time per clock step when timing


def clock_step(q, ns):
    """Advance the virtual clock; let the main loop read the socket."""
    now = int(q.cmd("clock_step %d" % ns))
    time.sleep(0.0005)
    return now


def arrival_slope(times, first, last):
    """Virtual time from frame 'first' to frame 'last' (1-based counts)."""
    return times[last] - times[first]


WIRE_AHEAD_NS = 100000           # how early the model takes RX frames in


def test_rx_pacing(q):
    """Frames from the peer enter at line rate, however fast they come:
    N frames of 1514 bytes take N * (1514 + 24) * 8 ns once the wire's
    catch-up allowance (a few frames after idle) is used up.  They are taken
    in batches, each frame up to WIRE_AHEAD_NS before its time, so a span
    may be that much short."""
    n_ring, total, size = 64, 1000, 1514
    setup_rx(q, 0, n=n_ring, ts=False)
    frame = eth(MAC, PEER, 0x0800, b"p" * (size - 14))
    sent = done = 0
    head = 0
    times = {}
    now = 0
    for _ in range(20000):
        while sent < total and sent - done < 40:
            q.rx.sendto(frame, ("127.0.0.1", q.qemu_port))
            sent += 1
        now = clock_step(q, STEP_NS)
        new = q.rd(rxr(0, 0x18))
        while head != new:
            # Give each used descriptor back at once: the ring never fills
            q.mem_write(RING + 16 * head, struct.pack(
                "<IIII", (1 << 15) | 1536, BUFS + 0x2000 * head, 0, 0))
            head = (head + 1) % n_ring
            done += 1
            times[done] = now
        q.wr(rxr(0, 0x1c), (head - 1) % n_ring)
        if done >= total:
            break
    first = 20
    ok = done >= total
    span = arrival_slope(times, first, total) if ok else 0
    want = (total - first) * wire_ns(size)
    check("rx-wire-pacing",
          ok and abs(span - want) <= WIRE_AHEAD_NS + 2 * STEP_NS,
          "%d of %d frames; frames %d..%d took %d ns, line rate %d ns"
          % (done, total, first, total, span, want))
    print("# rx-wire-pacing: %d frames in %d ns of virtual time (line rate "
          "%d ns)" % (total - first, span, want))


def test_tx_pacing(q, mbps=1000):
    """Frames the guest posts leave at line rate: the head moves one frame
    per (S + 24) * 8 ns (at 1000 Mbit/s) once the catch-up allowance is
    used."""
    n, size = 128, 1514
    setup_tx(q, n=n)
    while q.capture() is not None:
        pass
    q.rx.settimeout(0.2)
    pkt = eth(PEER, MAC, 0x0800, b"t" * (size - 14))
    q.mem_write(BUFS + 0x80000, pkt)
    FS, LS, FCS = 1 << 29, 1 << 28, 1 << 17
    for i in range(n - 1):
        tx_desc(q, i, FS | LS | FCS | len(pkt), BUFS + 0x80000, len(pkt) << 16)
    now = clock_step(q, 0)
    q.wr(txr(0, 0x1c), n - 1)
    times = {}
    head = q.rd(txr(0, 0x18))
    for c in range(1, head + 1):
        times[c] = now
    got = 0

    def drain():
        # Read what QEMU sent so far: the socket's buffer holds few frames
        nonlocal got
        q.rx.setblocking(False)
        try:
            while True:
                q.rx.recv(70000)
                got += 1
        except BlockingIOError:
            pass
        q.rx.settimeout(0.2)

    for _ in range(5000):
        drain()
        if head >= n - 1:
            break
        now = clock_step(q, STEP_NS)
        new = q.rd(txr(0, 0x18))
        for c in range(head + 1, new + 1):
            times[c] = now
        head = new
    # the catch-up allowance lasts as many frames again at a faster rate
    first, last = 20 * mbps // 1000, n - 1
    ok = head >= last
    span = arrival_slope(times, first, last) if ok else 0
    want = (last - first) * wire_ns(size, mbps)
    time.sleep(0.05)
    drain()
    check("tx-wire-pacing" + ("" if mbps == 1000 else "-%d" % mbps),
          ok and abs(span - want) <= 2 * STEP_NS
          and got == n - 1,
          "head %d, frames %d..%d took %d ns, line rate %d ns, %d captured"
          % (head, first, last, span, want, got))
    print("# tx-wire-pacing: %d frames in %d ns of virtual time (line rate "
          "%d ns)" % (last - first, span, want))


def send_numbered(q, burst, size):
    """The peer sends burst frames of size bytes numbered 0.. in their
    first payload word, back to back; then 2 ms of virtual time pass."""
    for i in range(burst):
        f = eth(MAC, PEER, 0x0800, struct.pack(">I", i) + b"f" * (size - 18))
        q.rx.sendto(f, ("127.0.0.1", q.qemu_port))
    for _ in range(100):
        clock_step(q, 20000)


def drain_numbered(q, n_ring, want, rounds):
    """Take frames numbered in their first payload word out of RX ring 0
    (n_ring descriptors), giving each descriptor back, until want frames
    came or rounds clock steps passed; return their numbers in order."""
    seen = []
    head = 0
    for _ in range(rounds):
        new = q.rd(rxr(0, 0x18))
        while head != new:
            seen.append(struct.unpack(">I", q.mem_read(
                BUFS + 0x2000 * head + 14, 4))[0])
            q.mem_write(RING + 16 * head, struct.pack(
                "<IIII", (1 << 15) | 1536, BUFS + 0x2000 * head, 0, 0))
            head = (head + 1) % n_ring
        q.wr(rxr(0, 0x1c), (head - 1) % n_ring)
        clock_step(q, 20000)
        if len(seen) >= want:
            break
    return seen


def test_rx_fifo_overflow(q, fifo_size):
    """A full ring fills the RX FIFO, then the chip drops (and counts)
    frames until the driver gives descriptors back; what the FIFO held
    then arrives in order."""
    n_ring, burst, size = 4, 20, 1514
    setup_rx(q, 0, n=n_ring, ts=False)        # tail n-1: 3 usable
    before = q.rd(STAT_RX_DROPPED)
    total_before = q.rd(STAT_RX_TOTAL)
    send_numbered(q, burst, size)
    in_ring = n_ring - 1
    in_fifo = fifo_size // (size + 4)
    dropped = q.rd(STAT_RX_DROPPED) - before
    want = burst - in_ring - in_fifo
    check("rx-fifo-overflow-drops", dropped == want,
          "%d dropped, expected %d (%d in the ring, %d in a %d-byte FIFO)"
          % (dropped, want, in_ring, in_fifo, fifo_size))
    received = q.rd(STAT_RX_TOTAL) - total_before
    check("rx-fifo-drops-not-received", received == in_ring + in_fifo,
          "RX_TOTAL_FRAMES grew by %d, expected %d (dropped frames are not "
          "received ones)" % (received, in_ring + in_fifo))
    # Take the frames out, giving descriptors back: numbers 0.. in order
    seen = drain_numbered(q, n_ring, in_ring + in_fifo, 50)
    check("rx-fifo-drains-in-order", seen == list(range(in_ring + in_fifo)),
          "got %s" % seen)


# 802.3x flow control
MAC_FLOW, FCT_FLOW0 = 0x10c, 0xe0
STAT_RX_PAUSE, STAT_TX_PAUSE = 0x1234, 0x12b8
TX_FCEN, RX_FCEN, FLOW_REQ_EN = 1 << 30, 1 << 29, 1 << 7
PAUSE_DST = bytes.fromhex("0180c2000001")


def pause_frame(quanta):
    return eth(PAUSE_DST, PEER, 0x8808, struct.pack(">HH", 1, quanta)
               + bytes(42))


def test_flow_control_tx(q):
    """With TX flow control on, a full ring fills the RX FIFO past its ON
    threshold: the MAC sends a pause frame and the partner keeps its
    frames instead of losing them; once the FIFO is down to OFF a
    zero-time pause frame releases them.  Every frame arrives, in order,
    and none is dropped."""
    n_ring, burst, size = 4, 30, 1514
    setup_rx(q, 0, n=n_ring, ts=False)          # tail n-1: 3 usable
    q.wr(MAC_FLOW, TX_FCEN | 0xffff)
    q.wr(FCT_FLOW0, FLOW_REQ_EN | 4 | (1 << 8))  # ON 2 KiB, OFF 512 B
    drops0, total0 = q.rd(STAT_RX_DROPPED), q.rd(STAT_RX_TOTAL)
    pause0 = q.rd(STAT_TX_PAUSE)
    send_numbered(q, burst, size)
    # the FIFO takes frames until it holds more than 2048 bytes: two
    taken = q.rd(STAT_RX_TOTAL) - total0
    check("flow-pause-sent", q.rd(STAT_TX_PAUSE) - pause0 == 1,
          "%d pause frames sent" % (q.rd(STAT_TX_PAUSE) - pause0))
    check("flow-partner-holds", taken == n_ring - 1 + 2
          and q.rd(STAT_RX_DROPPED) == drops0,
          "%d frames taken (expected %d), %d dropped"
          % (taken, n_ring + 1, q.rd(STAT_RX_DROPPED) - drops0))
    seen = drain_numbered(q, n_ring, burst, 400)
    sent = q.rd(STAT_TX_PAUSE) - pause0
    check("flow-all-arrive-in-order", seen == list(range(burst)),
          "got %s" % seen)
    check("flow-nothing-dropped", q.rd(STAT_RX_DROPPED) == drops0,
          "%d dropped" % (q.rd(STAT_RX_DROPPED) - drops0))
    check("flow-pause-released", sent >= 2 and sent % 2 == 0,
          "%d pause frames: each pause needs its release" % sent)
    print("# flow-control: %d frames through a 3-descriptor ring with %d "
          "pause frames, none lost" % (len(seen), sent))


def test_flow_control_rx(q):
    """A pause frame from the partner is the MAC's, never a ring's, and is
    counted; with RX flow control on it holds the transmitter for its
    time (512 bit times a unit) or until a zero-time one; without it,
    it holds nothing."""
    setup_rx(q, 0, n=8, ts=False)
    setup_tx(q, n=16)
    pkt = eth(PEER, MAC, 0x0800, b"t" * 100)
    q.mem_write(BUFS + 0x80000, pkt)
    FS, LS, FCS = 1 << 29, 1 << 28, 1 << 17
    for i in range(15):
        tx_desc(q, i, FS | LS | FCS | len(pkt), BUFS + 0x80000, len(pkt) << 16)
    rx_pause0 = q.rd(STAT_RX_PAUSE)

    def peer_sends(frame):
        q.rx.sendto(frame, ("127.0.0.1", q.qemu_port))
        for _ in range(4):
            clock_step(q, 5000)

    def post_one(n):
        # post descriptor n-1; return TX_HEAD after 200 us
        q.wr(txr(0, 0x1c), n)
        for _ in range(10):
            clock_step(q, 20000)
        return q.rd(txr(0, 0x18))

    q.wr(MAC_FLOW, RX_FCEN | 0xffff)
    peer_sends(pause_frame(0xffff))         # 33.5 ms at 1000 Mbit/s
    held = post_one(1)
    peer_sends(pause_frame(0))
    for _ in range(4):
        clock_step(q, 5000)
    resumed = q.rd(txr(0, 0x18))
    check("flow-rx-pause-holds-tx", held == 0 and resumed == 1,
          "TX_HEAD %d while paused, %d after the release" % (held, resumed))
    peer_sends(pause_frame(200))            # 102.4 us
    q.wr(txr(0, 0x1c), 2)
    clock_step(q, 50000)
    mid = q.rd(txr(0, 0x18))
    for _ in range(4):
        clock_step(q, 20000)
    late = q.rd(txr(0, 0x18))
    check("flow-rx-pause-time", mid == 1 and late == 2,
          "TX_HEAD %d 50 us into a 102 us pause, %d after it" % (mid, late))
    q.wr(MAC_FLOW, 0xffff)                  # RX_FCEN off: counted only
    peer_sends(pause_frame(0xffff))
    ignored = post_one(3)
    check("flow-rx-pause-ignored-without-fcen", ignored == 3,
          "TX_HEAD %d" % ignored)
    got = q.rd(STAT_RX_PAUSE) - rx_pause0
    check("flow-rx-pause-counted-not-received",
          got == 4 and q.rd(rxr(0, 0x18)) == 0,
          "%d pause frames counted (4 sent), RX_HEAD %d"
          % (got, q.rd(rxr(0, 0x18))))


# Test-only fault injection (x-faults=on)
FAULT_CTL, FAULT_ARG = 0x1f00, 0x1f04
GPIO_CFG0, RX_ERR_STS0 = 0x50, 0xc60
FS, LS, OWN = 1 << 31, 1 << 30, 1 << 15


def fault_arm(q, code, n=1):
    q.wr(FAULT_ARG, n)
    q.wr(FAULT_CTL, code)


def flen(d0):
    return (d0 >> 16) & 0x3fff


def test_faults_off(q):
    """Without x-faults, 0x1f00/0x1f04 are unimplemented registers as
    before (they store what is written) and arm nothing."""
    q.wr(FAULT_ARG, 5)
    q.wr(FAULT_CTL, 1)
    ctl, arg, idrev = q.rd(FAULT_CTL), q.rd(FAULT_ARG), q.rd(0)
    check("fault-off-plain-register", ctl == 1 and arg == 5
          and idrev == 0x74300010,
          "FAULT_CTL 0x%x FAULT_ARG 0x%x ID_REV 0x%08x" % (ctl, arg, idrev))
    q.wr(FAULT_CTL, 0)


def test_fault_dead(q):
    check("fault-idle", q.rd(FAULT_CTL) == 0 and q.rd(FAULT_ARG) == 0)
    setup_rx(q, 0, n=8, ts=False)
    # An RX frame would interrupt on vector 0 (RX0 maps there by default)
    q.wr(INT_EN_CLR, 0xffffffff)
    q.wr(INT_VEC_EN_SET, 1)
    q.wr(INT_EN_SET, 1 | (1 << 24))
    q.wr32(MSIX_MSG, 0)
    q.wr32(WB, 0x5a5a5a5a)
    fault_arm(q, 1)
    vals = [q.rd(0), q.rd(GPIO_CFG0), q.rd(MAC_RX), q.rd(DMAC_CMD)]
    q.wr(MAC_RX, 0)                             # dropped
    q.wr(INT_SET, 1 << 9)                       # dropped: no interrupt
    q.inject(eth(MAC, PEER, 0x0800, ipv4_tcp(b"d" * 100)))
    d = rx_desc(q, 0, 0)
    check("fault-dead-reads-ones", vals == [0xffffffff] * 4
          and q.rd(MAC_RX) == 0xffffffff, "%s" % [hex(v) for v in vals])
    check("fault-dead-ctl-readable", q.rd(FAULT_CTL) == 1
          and q.rd(FAULT_ARG) >= 7, "FAULT_ARG %d" % q.rd(FAULT_ARG))
    check("fault-dead-no-dma", d[0] & OWN and q.rd32(WB) == 0x5a5a5a5a,
          "desc 0x%08x head wb 0x%x" % (d[0], q.rd32(WB)))
    check("fault-dead-no-irq", q.rd32(MSIX_MSG) == 0,
          "msg 0x%x" % q.rd32(MSIX_MSG))
    check("fault-dead-config-space", q.cfg_read(0) == 0x74301055)
    q.wr(FAULT_CTL, 0)
    ctl, idrev, mac_rx = q.rd(FAULT_CTL), q.rd(0), q.rd(MAC_RX)
    check("fault-dead-revives", ctl == 0 and idrev == 0x74300010
          and mac_rx == (1518 << 16) | 2 and q.rd(DMAC_CMD) == 0
          and q.rd(rxr(0, 0x0c)) == 0 and q.cfg_read(4) & 4,
          "FAULT_CTL %d ID_REV 0x%08x MAC_RX 0x%08x (reset value 0x%08x)"
          % (ctl, idrev, mac_rx, (1518 << 16) | 2))
    # and it works again after a fresh bring-up
    basic_init(q)
    setup_rx(q, 0, n=8, ts=False)
    frame = eth(MAC, PEER, 0x0800, ipv4_tcp(b"r" * 100))
    q.inject(frame)
    d = rx_desc(q, 0, 0)
    check("fault-dead-revived-rx", not (d[0] & OWN) and flen(d[0]) ==
          len(frame) + 4, "desc 0x%08x" % d[0])


def test_fault_tx_head(q):
    setup_tx(q, n=16)
    while q.capture() is not None:
        pass
    pkt = eth(PEER, MAC, 0x0800, ipv4_tcp(b"h" * 64))
    q.mem_write(BUFS + 0x80000, pkt)
    FS_T, LS_T, FCS = 1 << 29, 1 << 28, 1 << 17
    fault_arm(q, 2, 1)
    armed = q.rd(FAULT_CTL)
    heads = []
    for i in range(2):
        tx_desc(q, i, FS_T | LS_T | FCS | len(pkt), BUFS + 0x80000,
                len(pkt) << 16)
        q.wr(txr(0, 0x1c), i + 1)
        for _ in range(10):
            q.cmd("clock_step 100000")
        q.capture()
        heads.append((q.rd32(WB + 0x40), q.rd(txr(0, 0x18))))
    # tail 1, ring 16: (1 + 1 + 8) % 16 = 10; then the real head 2
    check("fault-tx-head-beyond-tail", armed == 2 and heads == [(10, 1),
          (2, 2)], "armed %d (write-back, TX_HEAD) %s" % (armed, heads))
    check("fault-tx-head-spent", q.rd(FAULT_CTL) == 0
          and q.rd(FAULT_ARG) == 1)


def test_fault_stop_hang(q):
    setup_rx(q, 0, n=8, ts=False)
    setup_tx(q, n=16)
    while q.capture() is not None:
        pass
    fault_arm(q, 3)
    q.wr(DMAC_CMD, 1 << 0)                      # STOP_R0
    q.wr(DMAC_CMD, 1 << 16)                     # STOP_T0
    cmd = q.rd(DMAC_CMD)
    rx_state = ((cmd >> 4) & 1, cmd & 1)
    tx_state = ((cmd >> 20) & 1, (cmd >> 16) & 1)
    check("fault-stop-hang-pending", rx_state == (1, 1) and tx_state == (1, 1)
          and q.rd(FAULT_ARG) == 2 and q.rd(FAULT_CTL) == 3,
          "RX %s TX %s swallowed %d" % (rx_state, tx_state, q.rd(FAULT_ARG)))
    # Still running: receives and sends
    q.inject(eth(MAC, PEER, 0x0800, ipv4_tcp(b"s" * 100)))
    pkt = eth(PEER, MAC, 0x0800, ipv4_tcp(b"t" * 64))
    q.mem_write(BUFS + 0x80000, pkt)
    tx_desc(q, 0, (1 << 29) | (1 << 28) | (1 << 17) | len(pkt),
            BUFS + 0x80000, len(pkt) << 16)
    q.wr(txr(0, 0x1c), 1)
    out = q.capture()
    check("fault-stop-hang-keeps-running", q.rd(rxr(0, 0x18)) == 1
          and q.rd(txr(0, 0x18)) == 1 and out == pkt,
          "RX head %d TX head %d" % (q.rd(rxr(0, 0x18)), q.rd(txr(0, 0x18))))
    # A channel reset ends it
    q.wr(DMAC_CMD, 1 << 8)                      # RX_SWR0
    q.wr(DMAC_CMD, 1 << 24)                     # TX_SWR0
    cmd = q.rd(DMAC_CMD)
    check("fault-stop-hang-swr", cmd & 0x00110011 == 0,
          "DMAC_CMD 0x%08x" % cmd)
    # Disarming completes a stop it held back
    q.wr(DMAC_CMD, 1 << 4)
    q.wr(DMAC_CMD, 1 << 0)
    held = q.rd(DMAC_CMD) & 0x11
    q.wr(FAULT_CTL, 0)
    done = q.rd(DMAC_CMD) & 0x11
    check("fault-stop-hang-disarm", held == 0x11 and done == 0x01,
          "held 0x%x after disarm 0x%x" % (held, done))


def rx_fault_frame(q, code, n, payload):
    """Fresh ring (8 x 1536, no timestamps), fault armed, one frame in."""
    setup_rx(q, 0, n=8, ts=False)
    fault_arm(q, code, n)
    frame = eth(MAC, PEER, 0x0800, ipv4_tcp(payload))
    q.inject(frame)
    return frame


def test_fault_rx(q):
    # RX_LEN_OVERFLOW: FRAME_LENGTH = buffers (1536) + 4096, real data
    frame = rx_fault_frame(q, 4, 1, bytes(range(200)))
    d = rx_desc(q, 0, 0)
    data = q.mem_read(BUFS, len(frame) + 4)
    good = data == frame + struct.pack("<I", zlib.crc32(frame))
    check("fault-rx-len-overflow", d[0] & FS and d[0] & LS
          and flen(d[0]) == 1536 + 4096 and good and q.rd(FAULT_CTL) == 0
          and q.rd(FAULT_ARG) == 1,
          "desc 0x%08x length %d data %s" % (d[0], flen(d[0]), good))
    q.inject(frame)
    d = rx_desc(q, 0, 1)
    check("fault-rx-len-overflow-then-real", flen(d[0]) == len(frame) + 4,
          "length %d" % flen(d[0]))

    # RX_LS_NO_FS: LS and the right length, no FS, for N = 2 frames
    frame = rx_fault_frame(q, 5, 2, b"f" * 100)
    q.inject(frame)
    q.inject(frame)
    d = [rx_desc(q, 0, i)[0] for i in range(3)]
    check("fault-rx-ls-no-fs", all(not (x & FS) and x & LS and
                                   flen(x) == len(frame) + 4 for x in d[:2])
          and d[2] & FS and d[2] & LS and q.rd(FAULT_ARG) == 2,
          "descs %s" % [hex(x) for x in d])

    # RX_FS_NO_LS: two frames as one chain, then normal
    frame = rx_fault_frame(q, 6, 2, b"c" * 100)
    q.inject(frame)
    q.inject(frame)
    d = [rx_desc(q, 0, i) for i in range(3)]
    check("fault-rx-fs-no-ls", d[0][0] & 0xffffc000 == FS
          and d[1][0] & 0xffffc000 == 0 and d[0][1] == BUFS
          and d[2][0] & FS and d[2][0] & LS,
          "descs %s" % [hex(x[0]) for x in d])

    # RX_ZERO_LEN: an empty write-back in front of the frame
    frame = rx_fault_frame(q, 7, 1, b"z" * 100)
    d0, d1 = rx_desc(q, 0, 0), rx_desc(q, 0, 1)
    check("fault-rx-zero-len", d0[0] == 0 and d0[1] == BUFS
          and d1[0] & FS and d1[0] & LS and flen(d1[0]) == len(frame) + 4
          and q.mem_read(BUFS + 0x2000, len(frame)) == frame
          and q.rd(rxr(0, 0x18)) == 2,
          "desc 0x%08x/0x%08x head %d" % (d0[0], d1[0], q.rd(rxr(0, 0x18))))

    # RX_OWN_UNFILLED: two descriptors handed back as they were, minus OWN
    frame = rx_fault_frame(q, 8, 2, b"o" * 100)
    d = [rx_desc(q, 0, i) for i in range(3)]
    check("fault-rx-own-unfilled", d[0][0] == 1536 and d[1][0] == 1536
          and d[1][1] == BUFS + 0x2000 and d[2][0] & FS and d[2][0] & LS
          and q.rd(rxr(0, 0x18)) == 3 and q.rd32(WB) == 3
          and q.rd(FAULT_ARG) == 2,
          "descs %s head %d" % ([hex(x[0]) for x in d], q.rd(rxr(0, 0x18))))

    # DMA_ERROR: error bits, INT_STS DMA_GEN, channel stopped, one-shot
    setup_rx(q, 0, n=8, ts=False)
    q.wr(DMAC_INT_EN_SET, 1 << 21)
    q.wr(INT_EN_SET, 1 << 10)
    fault_arm(q, 9)
    armed = q.rd(FAULT_CTL)
    q.inject(eth(MAC, PEER, 0x0800, ipv4_tcp(b"e" * 100)))
    cmd, dsts, ists = q.rd(DMAC_CMD), q.rd(DMAC_INT_STS), q.rd(INT_STS)
    err = q.rd(RX_ERR_STS0)
    check("fault-dma-error", armed == 9 and dsts & (1 << 21)
          and ists & (1 << 10) and err & (1 << 6)
          and (cmd >> 4) & 1 == 0 and cmd & 1
          and rx_desc(q, 0, 0)[0] & OWN
          and q.rd(FAULT_CTL) == 0 and q.rd(FAULT_ARG) == 1,
          "DMAC_CMD 0x%x DMAC_INT_STS 0x%x INT_STS 0x%x RX_ERR_STS 0x%x"
          % (cmd, dsts, ists, err))
    q.wr(RX_ERR_STS0, 1 << 6)
    q.wr(DMAC_INT_STS, 1 << 21)
    check("fault-dma-error-w1c", q.rd(RX_ERR_STS0) == 0
          and not (q.rd(INT_STS) & (1 << 10)))
    q.wr(INT_EN_CLR, 1 << 10)

    # RX_BAD_FCS: two frames dropped and counted as FCS errors, no DMA;
    # a frame the RFE filters out does not count; then a normal frame
    setup_rx(q, 0, n=8, ts=False)
    fcs0, total0 = q.rd(0x1200), q.rd(0x1254)
    fault_arm(q, 10, 2)
    frame = eth(MAC, PEER, 0x0800, ipv4_tcp(b"b" * 100))
    q.inject(eth(b"\x02\x00\x00\x00\x00\x99", PEER, 0x0800,
                 ipv4_tcp(b"x" * 100)))
    q.inject(frame)
    q.inject(frame)
    spoilt = q.rd(FAULT_CTL), q.rd(FAULT_ARG), rx_desc(q, 0, 0)[0]
    q.inject(frame)
    d = rx_desc(q, 0, 0)
    fcs, total = q.rd(0x1200) - fcs0, q.rd(0x1254) - total0
    check("fault-rx-bad-fcs", spoilt[0] == 0 and spoilt[1] == 2
          and spoilt[2] & OWN and fcs == 2 and total == 1
          and d[0] & FS and d[0] & LS and flen(d[0]) == len(frame) + 4
          and rx_desc(q, 0, 1)[0] & OWN,
          "FAULT_CTL %d fired %d desc 0x%08x then 0x%08x, FCS errors +%d "
          "total frames +%d" % (spoilt + (d[0], fcs, total)))

    # RX_BAD_FCS above MAX_SIZE (reset value 1518): a jabber, not an FCS
    # error nor an oversize frame
    jab0, over0, fcs0 = q.rd(0x120c), q.rd(0x1214), q.rd(0x1200)
    fault_arm(q, 10, 1)
    q.inject(eth(MAC, PEER, 0x0800, ipv4_tcp(b"j" * 1600)))
    jab, over, fcs = (q.rd(0x120c) - jab0, q.rd(0x1214) - over0,
                      q.rd(0x1200) - fcs0)
    check("fault-rx-bad-fcs-jabber", jab == 1 and over == 0 and fcs == 0
          and q.rd(FAULT_CTL) == 0,
          "jabber +%d oversize +%d FCS +%d" % (jab, over, fcs))

    # RX_RUNT: a 42-byte frame dropped as undersize, a 60-byte one passes
    # and does not count, the next short one is a runt again, then padded
    setup_rx(q, 0, n=8, ts=False)
    und0 = q.rd(0x1210)
    fault_arm(q, 11, 2)
    runt = eth(MAC, PEER, 0x0806, bytes(28))
    q.inject(runt)
    q.inject(eth(MAC, PEER, 0x0806, bytes(46)))
    q.inject(runt)
    spoilt = q.rd(FAULT_CTL), q.rd(FAULT_ARG), q.rd(0x1210) - und0
    q.inject(runt)
    d = [rx_desc(q, 0, i)[0] for i in range(3)]
    check("fault-rx-runt", spoilt == (0, 2, 2) and flen(d[0]) == 64
          and flen(d[1]) == 64 and d[2] & OWN
          and q.rd(0x1210) - und0 == 2,
          "FAULT_CTL %d fired %d undersize +%d, descs %s"
          % (spoilt + ([hex(x) for x in d],)))

    # An unknown code arms nothing
    fault_arm(q, 42)
    check("fault-unknown-code", q.rd(FAULT_CTL) == 0)


# The 1588 block
PTP_CMD_CTL, PTP_INT_STS, PTP_INT_EN_SET, PTP_INT_EN_CLR = \
    0xa00, 0xa08, 0xa0c, 0xa10
PTP_SEC, PTP_NS, PTP_SUBNS, PTP_RATE_ADJ, PTP_STEP_ADJ = \
    0xa14, 0xa18, 0xa1c, 0xa20, 0xa2c
PTP_CAP_INFO, PTP_TX_MOD, PTP_TX_MOD2 = 0xa60, 0xaa4, 0xaa8
PTP_EGRESS_SEC, PTP_EGRESS_NS, PTP_MSG_HEADER = 0xaac, 0xab0, 0xab4
PTP_LTC_RD_SEC_LO, PTP_LTC_RD_NS = 0xaf4, 0xaf8
PTP_LATENCY = 0xa5c
# the PHY's latencies at 1000 Mbit/s, TX and RX (ns), as the drivers
# program them into PTP_LATENCY
PHY_TX_NS, PHY_RX_NS = 30, 525
PTP_RESET, PTP_DISABLE, PTP_ENABLE, PTP_READ, PTP_LOAD = 1, 2, 4, 8, 16
PTP_STEP_SEC, PTP_STEP_NSEC = 32, 64
PTP_DIR = 1 << 31
PTP_INT_TX_TS, PTP_INT_TX_TS_OVRFL = 1 << 12, 1 << 14
INT_BIT_1588 = 1 << 7
TX_TSE = 1 << 16
NS = 1000000000



def test_fault_irq(q):
    """IRQ_STORM, IRQ_NO_STATUS and IRQ_LOST on MSI-X vector 0 (RX0 maps
    there by default)."""
    setup_rx(q, 0, n=8, ts=False)
    q.wr(INT_EN_CLR, 0xffffffff)
    q.wr(INT_VEC_EN_CLR, 0xff)
    q.wr(INT_VEC_EN_SET, 1)
    q.wr(INT_EN_SET, 1 | (1 << 24))
    q.wr(DMAC_INT_STS, 0xffffffff)
    # STORM, N = 3: RXFRM0 reads as set without a frame; each new edge of
    # vector 0 (its enable toggled) is one more interrupt, until 3
    msgs = []
    q.wr32(MSIX_MSG, 0)
    fault_arm(q, 12, 3)                     # the level rises: 1
    msgs.append(q.rd32(MSIX_MSG))
    dmac = q.rd(DMAC_INT_STS)
    for _ in range(3):                      # 2, 3, then nothing
        q.wr32(MSIX_MSG, 0)
        q.wr(INT_VEC_EN_CLR, 1)
        q.wr(INT_VEC_EN_SET, 1)
        msgs.append(q.rd32(MSIX_MSG))
    check("fault-irq-storm", msgs == [0x100, 0x100, 0x100, 0]
          and dmac & (1 << 16) and q.rd(FAULT_CTL) == 0
          and q.rd(FAULT_ARG) == 3 and not q.rd(DMAC_INT_STS) & (1 << 16)
          and not q.rd(INT_STS) & 1,
          "messages %s DMAC_INT_STS armed 0x%x, FAULT_CTL %d FAULT_ARG %d"
          % ([hex(m) for m in msgs], dmac, q.rd(FAULT_CTL),
             q.rd(FAULT_ARG)))
    # NO_STATUS, N = 2: a message a millisecond, INT_STS empty
    fault_arm(q, 14, 2)
    msgs = []
    for _ in range(3):
        q.wr32(MSIX_MSG, 0)
        clock_step(q, 1000000)
        msgs.append((q.rd32(MSIX_MSG), q.rd(INT_STS)))
    check("fault-irq-no-status", msgs == [(0x100, 0), (0x100, 0), (0, 0)]
          and q.rd(FAULT_CTL) == 0 and q.rd(FAULT_ARG) == 2,
          "(message, INT_STS) %s FAULT_ARG %d" % (msgs, q.rd(FAULT_ARG)))
    # LOST, N = 1: the first frame written back without RXFRM0, the next
    # one with it
    fault_arm(q, 15, 1)
    q.wr32(MSIX_MSG, 0)
    q.inject(eth(MAC, PEER, 0x0800, ipv4_tcp(b"l" * 100)))
    d = rx_desc(q, 0, 0)
    lost = (q.rd(DMAC_INT_STS) & (1 << 16), q.rd32(MSIX_MSG))
    q.inject(eth(MAC, PEER, 0x0800, ipv4_tcp(b"m" * 100)))
    got = (q.rd(DMAC_INT_STS) & (1 << 16), q.rd32(MSIX_MSG))
    check("fault-irq-lost", not d[0] & OWN and lost == (0, 0)
          and got == (1 << 16, 0x100) and q.rd(FAULT_ARG) == 1
          and q.rd(FAULT_CTL) == 0,
          "desc 0x%08x (RXFRM0, message) lost %s next %s FAULT_ARG %d"
          % (d[0], lost, got, q.rd(FAULT_ARG)))
    q.wr(INT_EN_CLR, 0xffffffff)

def ptp_read(q):
    """The clock latched by CLOCK_READ: (ns, sub-ns)."""
    q.wr(PTP_CMD_CTL, PTP_READ)
    return q.rd(PTP_SEC) * NS + q.rd(PTP_NS), q.rd(PTP_SUBNS)


def ptp_now(q):
    return ptp_read(q)[0]


def ptp_start(q, sec, ns=0, subns=0):
    """Reset, load and enable the clock, as the in-tree driver's open does."""
    q.wr(PTP_CMD_CTL, PTP_RESET)
    q.wr(PTP_SEC, sec)
    q.wr(PTP_NS, ns)
    q.wr(PTP_SUBNS, subns)
    q.wr(PTP_CMD_CTL, PTP_LOAD)
    q.wr(PTP_CMD_CTL, PTP_ENABLE)
    q.wr(PTP_LATENCY, (PHY_TX_NS << 16) | PHY_RX_NS)


def rate_adj(ppb):
    """PTP_CLOCK_RATE_ADJ for a frequency offset, as adjfine computes it."""
    scaled_ppm = abs(ppb) * 65536 // 1000
    return ((scaled_ppm << 19) // 1000000) | (PTP_DIR if ppb > 0 else 0)


def test_ptp_clock(q):
    ptp_start(q, 1000, 500)
    t0, sub0 = ptp_read(q)
    check("ptp-load-read", t0 == 1000 * NS + 500 and sub0 == 0,
          "read %d.%09d" % divmod(t0, NS))
    check("ptp-cmd-self-clear", q.rd(PTP_CMD_CTL) == PTP_ENABLE,
          "PTP_CMD_CTL 0x%x" % q.rd(PTP_CMD_CTL))
    check("ptp-ltc-rd", q.rd(PTP_LTC_RD_SEC_LO) == 1000
          and q.rd(PTP_LTC_RD_NS) == 500)
    q.cmd("clock_step %d" % (NS // 4))
    t1 = ptp_now(q)
    check("ptp-runs-with-virtual-clock", t1 - t0 == NS // 4,
          "%d ns in 250 ms of virtual time" % (t1 - t0))

    steps = [("ptp-step-sec-fwd", PTP_DIR | 3, PTP_STEP_SEC, 3 * NS),
             ("ptp-step-sec-back", 2, PTP_STEP_SEC, -2 * NS),
             ("ptp-step-ns-fwd", PTP_DIR | 700, PTP_STEP_NSEC, 700),
             ("ptp-step-ns-back", 300, PTP_STEP_NSEC, -300)]
    for name, adj, cmd, delta in steps:
        before = ptp_now(q)
        q.wr(PTP_STEP_ADJ, adj)
        q.wr(PTP_CMD_CTL, cmd)
        after = ptp_now(q)
        check(name, after - before == delta,
              "moved %d ns, expected %d" % (after - before, delta))

    q.wr(PTP_SUBNS, 0x80000000)
    q.wr(PTP_SEC, 2000)
    q.wr(PTP_NS, 0)
    q.wr(PTP_CMD_CTL, PTP_LOAD)
    q.cmd("clock_step 1000")
    t, sub = ptp_read(q)
    check("ptp-subns", t == 2000 * NS + 1000 and sub == 0x80000000,
          "%d.%09d sub 0x%x" % (divmod(t, NS) + (sub,)))

    # Rate: 10 s of virtual time at +-1 ppm and at the largest offset the
    # in-tree driver allows (+-31249999 ppb); the drift is VALUE / 2^35 of
    # the time, and the clock is continuous where the rate changes
    for ppb in (1000, -1000, 31249999, -31249999):
        adj = rate_adj(ppb)
        before, bsub = ptp_read(q)
        q.wr(PTP_RATE_ADJ, adj)
        cont, csub = ptp_read(q)
        span = 10 * NS
        q.cmd("clock_step %d" % span)
        after = ptp_now(q)
        drift = after - before - span
        want = span * (adj & 0x3fffffff) / (1 << 35)
        want = want if adj & PTP_DIR else -want
        check("ptp-rate-%+d-ppb" % ppb, abs(drift - want) <= 1
              and abs(drift - span * ppb / NS) <= span * 1e-6 * 0.001 + 2
              and cont == before and csub == bsub,
              "drift %d ns over 10 s, expected %.1f (%+d ppb)"
              % (drift, want, ppb))
        print("# ptp-rate %+d ppb: %d ns over 10 s of virtual time"
              % (ppb, drift))
    # Back to nominal: continuous, then 1:1 with virtual time
    before = ptp_now(q)
    q.wr(PTP_RATE_ADJ, 0)
    cont = ptp_now(q)
    q.cmd("clock_step %d" % NS)
    check("ptp-rate-nominal-again", cont == before
          and ptp_now(q) - cont == NS)

    q.wr(PTP_CMD_CTL, PTP_DISABLE)
    disabled = q.rd(PTP_CMD_CTL)
    q.wr(PTP_CMD_CTL, PTP_RESET)
    check("ptp-disable-reset", disabled == 0 and ptp_now(q) == 0
          and q.rd(PTP_RATE_ADJ) == 0)


def ptp_msg(msg_type, seq):
    """A PTPv2 message: the 34-byte header and a zero originTimestamp."""
    hdr = struct.pack(">BBHBB", msg_type, 2, 44, 0, 0) + bytes(28)
    hdr = hdr[:30] + struct.pack(">H", seq) + hdr[32:]
    return hdr + bytes(10)


def ipv4_udp(payload, port=319):
    src, dst = bytes([198, 18, 0, 1]), bytes([224, 0, 1, 129])
    udp = struct.pack(">HHHH", port, port, 8 + len(payload), 0) + payload
    ph = src + dst + struct.pack(">BBH", 0, 17, len(udp))
    udp = udp[:6] + struct.pack(">H", csum(ph + udp) or 0xffff) + udp[8:]
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), 1, 0x4000, 1,
                     17, 0, src, dst)
    return ip[:10] + struct.pack(">H", csum(ip)) + ip[12:] + udp


PTP_MCAST = bytes.fromhex("01005e000181")


def ptp_tx_frames(q, frames, d0_extra):
    """Post @frames (one descriptor each) and let the wire send them all."""
    FS, LS, FCS = 1 << 29, 1 << 28, 1 << 17
    head = q.rd(txr(0, 0x18))
    for i, f in enumerate(frames):
        q.mem_write(BUFS + 0x80000 + 0x1000 * i, f)
        tx_desc(q, (head + i) % 16, FS | LS | FCS | d0_extra | len(f),
                BUFS + 0x80000 + 0x1000 * i, len(f) << 16)
    q.wr(txr(0, 0x1c), (head + len(frames)) % 16)
    for _ in range(len(frames)):
        clock_step(q, 20000)
    return [q.capture() for _ in frames]


def ptp_tx_pop(q):
    """The oldest TX timestamp: (ns, cause, header); then W1C TX_TS."""
    sec, ns, hdr = q.rd(PTP_EGRESS_SEC), q.rd(PTP_EGRESS_NS), \
        q.rd(PTP_MSG_HEADER)
    q.wr(PTP_INT_STS, PTP_INT_TX_TS)
    return sec * NS + (ns & 0x3fffffff), ns >> 30, hdr


GPIO_CFG0, GPIO_CFG1, GPIO_CFG2, GPIO_CFG3 = 0x50, 0x54, 0x58, 0x5c
PTP_GENERAL_CONFIG = 0xa04


def ptp_target(ch, reg):                 # reg: 0 sec, 1 ns, 2/3 reload
    return 0xa30 + 0x10 * ch + 4 * reg


class Qmp:
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        for _ in range(50):
            try:
                self.s.connect(path)
                break
            except OSError:
                time.sleep(0.1)
        self.f = self.s.makefile("rb")
        self.f.readline()
        self.cmd("qmp_capabilities")

    def cmd(self, execute, **args):
        self.s.sendall(json.dumps({"execute": execute,
                                   "arguments": args}).encode() + b"\n")
        while True:
            r = json.loads(self.f.readline())
            if "return" in r or "error" in r:
                return r.get("return", r.get("error"))


def gpio_edges(qmp):
    """x-gpio-edges as [(seq, pin, level, clock ns)] of the device lt"""
    text = qmp.cmd("qom-get", path="/machine/peripheral/lt",
                   property="x-gpio-edges")
    return [(int(w[1]), int(w[3]), int(w[5]), int(w[7]))
            for w in (ln.split() for ln in text.splitlines())
            if w and w[0] == "edge"]


def test_ptp_perout(q, qmp):
    """Clock targets A and B drive GPIOs 1 and 2: channel A a 1 ms pulse
    every 100 ms from 10.5 s, B a toggle every 50 ms from 10.2 s; the
    edges come at the clock's times, also at another rate and after a
    step back; a step forward over a target is its event, once"""
    ptp_start(q, 10)
    q.wr(0x10, 0)                               # HW_CFG: no LEDs
    q.wr(GPIO_CFG0, 0x60000)                    # GPIO1, 2 outputs, data 0
    q.wr(GPIO_CFG1, 0x0ff90006)                 # enabled, push-pull
    q.wr(GPIO_CFG2, 0x6)                        # active high
    q.wr(GPIO_CFG3, 0x40006)                    # 1588 out; GPIO2 from B
    q.wr(PTP_GENERAL_CONFIG, (3 << 1) | (6 << 5))
    q.wr(ptp_target(0, 2), 0)
    q.wr(ptp_target(0, 3), 100000000)
    q.wr(ptp_target(0, 1), 500000000)
    q.wr(ptp_target(0, 0), 10)
    q.wr(ptp_target(1, 2), 0)
    q.wr(ptp_target(1, 3), 50000000)
    q.wr(ptp_target(1, 1), 200000000)
    q.wr(ptp_target(1, 0), 10)
    q.cmd("clock_step %d" % NS)
    e = gpio_edges(qmp)
    a = [(lv, t) for _, p, lv, t in e if p == 1]
    b = [(lv, t) for _, p, lv, t in e if p == 2]
    want_a = [(1 - i % 2, 10 * NS + 500000000 + (i // 2) * 100000000
               + (i % 2) * 1000000) for i in range(10)]
    want_b = [(1 - i % 2, 10 * NS + 200000000 + i * 50000000)
              for i in range(16)]
    # (B's target meets A's at 10.5 s: both fire)
    check("ptp-perout-pulse", a[:10] == want_a, "pin 1 %s" % a[:4])
    check("ptp-perout-toggle", b[:16] == want_b, "pin 2 %s" % b[:4])
    # +1000 ppm: still at the clock's times
    q.wr(PTP_RATE_ADJ, PTP_DIR | (1000 * 2 ** 35 // 1000000))
    n = len(e)
    q.cmd("clock_step %d" % (NS // 2))
    e = gpio_edges(qmp)[n:]
    ok = all((t - 10 * NS - 500000000) % 1000000 <= 1
             for _, p, lv, t in e if p == 1)
    check("ptp-perout-rate", e and ok, "%s" % e[:4])
    q.wr(PTP_RATE_ADJ, 0)
    # a step back: the next target comes later, on the same grid
    q.wr(PTP_STEP_ADJ, 300000000)
    q.wr(PTP_CMD_CTL, PTP_STEP_NSEC)
    n = len(gpio_edges(qmp))
    q.cmd("clock_step %d" % NS)
    e = gpio_edges(qmp)[n:]
    ok = all((t - 10 * NS - 500000000) % 100000000 in (0, 1000000)
             for _, p, lv, t in e if p == 1)
    check("ptp-perout-step-back", e and ok, "%s" % e[:4])
    # 2 s forward: one event per channel at the step, then targets behind
    # the clock that it never reaches again
    q.cmd("clock_step %d" % 10000000)          # between A's pulses
    n = len(gpio_edges(qmp))
    q.wr(PTP_STEP_ADJ, PTP_DIR | 2)
    q.wr(PTP_CMD_CTL, PTP_STEP_SEC)
    at = ptp_now(q)
    q.cmd("clock_step %d" % NS)
    e = [(p, lv, t) for _, p, lv, t in gpio_edges(qmp)[n:]]
    check("ptp-perout-step-over", e[:1] == [(1, 1, at)] and
          e[1:] in ([(2, 0, at), (1, 0, at + 1000000)],
                    [(2, 1, at), (1, 0, at + 1000000)]), "%s" % e)


def test_ptp_tx(q):
    setup_tx(q)
    while q.capture() is not None:
        pass
    q.rx.settimeout(1)
    ptp_start(q, 5000, 123456)
    q.wr(PTP_INT_EN_SET, PTP_INT_TX_TS)
    q.wr(INT_EN_CLR, 0xffffffff)
    q.wr(INT_VEC_EN_CLR, 0xff)
    q.wr(INT_VEC_EN_SET, 1)
    q.wr(INT_EN_SET, 1 | INT_BIT_1588)
    q.wr32(MSIX_MSG, 0)

    # A plain frame without TSE: no timestamp
    ptp_tx_frames(q, [eth(PEER, MAC, 0x0800, ipv4_tcp(b"p" * 40))], 0)
    check("ptp-tx-no-tse-no-ts", (q.rd(PTP_CAP_INFO) >> 4) & 7 == 0
          and not q.rd(PTP_INT_STS) & PTP_INT_TX_TS)

    sync = eth(PTP_MCAST, MAC, 0x0800, ipv4_udp(ptp_msg(0, 0x1234)))
    before = ptp_now(q)
    out = ptp_tx_frames(q, [sync], TX_TSE)
    cnt = (q.rd(PTP_CAP_INFO) >> 4) & 7
    sts, int_sts, msg = q.rd(PTP_INT_STS), q.rd(INT_STS), q.rd32(MSIX_MSG)
    ts, cause, hdr = ptp_tx_pop(q)
    check("ptp-tx-ts-captured", cnt == 1 and cause == 1
          and before <= ts <= before + 20000 and hdr == 0x1234
          and out[0] == sync,
          "count %d cause %d ts %d (clock %d) header 0x%x"
          % (cnt, cause, ts, before, hdr))
    check("ptp-tx-ts-irq", sts & PTP_INT_TX_TS and int_sts & INT_BIT_1588
          and msg == 0x100, "PTP_INT_STS 0x%x INT_STS 0x%x msix 0x%x"
          % (sts, int_sts, msg))
    check("ptp-tx-ts-w1c", (q.rd(PTP_CAP_INFO) >> 4) & 7 == 0
          and not q.rd(PTP_INT_STS) & PTP_INT_TX_TS
          and not q.rd(INT_STS) & INT_BIT_1588)
    q.wr(PTP_INT_EN_CLR, PTP_INT_TX_TS)
    masked = q.rd(PTP_INT_EN_SET)
    q.wr(PTP_INT_EN_SET, PTP_INT_TX_TS)
    check("ptp-int-en-set-clr", masked == 0
          and q.rd(PTP_INT_EN_CLR) == PTP_INT_TX_TS)

    # FIFO: 4 deep; a 5th timestamp is lost and flags TX_TS_OVRFL.  Over
    # Ethernet (Delay_Req, type 1) this time.
    frames = [eth(PTP_MCAST, MAC, 0x88f7, ptp_msg(1, 100 + i))
              for i in range(5)]
    ptp_tx_frames(q, frames, TX_TSE)
    cnt = (q.rd(PTP_CAP_INFO) >> 4) & 7
    sts = q.rd(PTP_INT_STS)
    got = []
    for _ in range(4):
        pend = q.rd(PTP_INT_STS) & PTP_INT_TX_TS
        got.append(ptp_tx_pop(q) + (pend,))
    hdrs = [g[2] for g in got]
    times = [g[0] for g in got]
    check("ptp-tx-fifo-overflow", cnt == 4 and sts & PTP_INT_TX_TS_OVRFL
          and hdrs == [(1 << 16) | (100 + i) for i in range(4)]
          and all(g[3] for g in got) and times == sorted(times)
          and not q.rd(PTP_INT_STS) & PTP_INT_TX_TS
          and (q.rd(PTP_CAP_INFO) >> 4) & 7 == 0,
          "count %d sts 0x%x headers %s" % (cnt, sts, [hex(h) for h in hdrs]))
    q.wr(PTP_INT_STS, PTP_INT_TX_TS_OVRFL)
    check("ptp-int-sts-w1c", q.rd(PTP_INT_STS) == 0)

    # One-step Sync: originTimestamp = egress time, UDPv4 checksum cleared;
    # a Delay_Req goes out untouched
    q.wr(PTP_TX_MOD, 1 << 28)
    q.wr(PTP_TX_MOD2, 1)
    dreq = eth(PTP_MCAST, MAC, 0x0800, ipv4_udp(ptp_msg(1, 7)))
    l2sync = eth(PTP_MCAST, MAC, 0x88f7, ptp_msg(0, 8))
    out = ptp_tx_frames(q, [sync, dreq, l2sync], TX_TSE)
    stamps = [ptp_tx_pop(q)[0] for _ in range(3)]
    ok = out[0] is not None and out[2] is not None

    def origin(f, off):
        hi, lo, ns = struct.unpack(">HII", f[off + 34:off + 44])
        return ((hi << 32) | lo) * NS + ns

    check("ptp-tx-onestep-udp4", ok and origin(out[0], 42) == stamps[0]
          and out[0][40:42] == b"\0\0" and out[0][:40] == sync[:40],
          "origin %s egress %d" % (ok and origin(out[0], 42), stamps[0]))
    check("ptp-tx-onestep-l2", ok and origin(out[2], 14) == stamps[2]
          and out[2][:48] == l2sync[:48])
    check("ptp-tx-onestep-not-delay-req", out[1] == dreq)
    q.wr(PTP_TX_MOD, 0)


def test_ptp_rx(q):
    """The RX extension descriptor holds the clock at the frame's arrival,
    also for a frame that waited in the RX FIFO for a descriptor."""
    ptp_start(q, 7000, 999999000)
    setup_rx(q, 0, n=4, ts=True)        # tail 3: one frame + extension fits
    t0 = ptp_now(q)
    q.inject(eth(MAC, PEER, 0x88f7, ptp_msg(0, 1)))
    q.inject(eth(MAC, PEER, 0x88f7, ptp_msg(0, 2)))
    t1 = ptp_now(q)
    q.cmd("clock_step %d" % NS)
    d0, d1 = rx_desc(q, 0, 0), rx_desc(q, 0, 1)
    first = d1[1] * NS + (d1[2] & 0x3fffffff)
    # Give descriptors 0 and 1 back: the second frame leaves the FIFO now
    for i in range(2):
        q.mem_write(RING + 16 * i, struct.pack("<IIII", (1 << 15) | 1536,
                                               BUFS + 0x2000 * i, 0, 0))
    q.wr(rxr(0, 0x1c), 1)
    clock_step(q, 20000)
    d2, d3 = rx_desc(q, 0, 2), rx_desc(q, 0, 3)
    second = d3[1] * NS + (d3[2] & 0x3fffffff)
    check("ptp-rx-ts-ext", d0[0] & (1 << 14) and d1[0] & (1 << 14)
          and t0 <= first <= t1,
          "stamp %d, clock %d..%d" % (first, t0, t1))
    check("ptp-rx-ts-at-arrival", d2[0] & (1 << 14) and d3[0] & (1 << 14)
          and first < second <= t1,
          "stamp %d, arrived by %d, delivered at %d" % (second, t1,
                                                        t1 + NS))


def test_ptp_latency(q):
    """PTP_LATENCY moves timestamps from the MAC to the wire: the model's
    PHY delays them by PHY_TX_NS/PHY_RX_NS, so programmed latencies 5 us
    above those move a TX timestamp 5 us later and an RX one 5 us earlier;
    none programmed leaves them off by the PHY's."""
    setup_tx(q)
    while q.capture() is not None:
        pass
    q.rx.settimeout(1)
    ptp_start(q, 5000)
    q.wr(PTP_LATENCY, ((PHY_TX_NS + 5000) << 16) | (PHY_RX_NS + 5000))
    sync = eth(PTP_MCAST, MAC, 0x0800, ipv4_udp(ptp_msg(0, 0x4321)))
    before = ptp_now(q)
    ptp_tx_frames(q, [sync], TX_TSE)
    ts = ptp_tx_pop(q)[0]
    check("ptp-latency-tx", before + 5000 <= ts <= before + 25000,
          "TX stamp %d, clock %d before it" % (ts, before))

    setup_rx(q, 0, n=8, ts=True)
    got = []
    for lat in (PHY_RX_NS + 5000, 0):
        q.wr(PTP_LATENCY, lat)
        t0 = ptp_now(q)
        q.inject(eth(MAC, PEER, 0x88f7, ptp_msg(0, 1)))
        t1 = ptp_now(q)
        clock_step(q, 20000)
        d = rx_desc(q, 0, 2 * len(got) + 1)
        got.append((d[1] * NS + (d[2] & 0x3fffffff), t0, t1))
    (early, t0, t1), (late, u0, u1) = got
    check("ptp-latency-rx", t0 - 5000 <= early <= t1 - 5000
          and u0 + PHY_RX_NS <= late <= u1 + PHY_RX_NS,
          "RX stamps %d (clock %d..%d, latency +5 us), %d (clock %d..%d, "
          "none)" % (early, t0, t1, late, u0, u1))


# The test traffic generator (x-gen=on)
GEN_CTL, GEN_MODE, GEN_LEN, GEN_RATE = 0x1f40, 0x1f44, 0x1f48, 0x1f4c
GEN_COUNT, GEN_SRC_IP, GEN_DST_IP, GEN_PORTS = 0x1f50, 0x1f54, 0x1f58, 0x1f5c
GEN_SENT, GEN_RETX, GEN_USECS = 0x1f60, 0x1f64, 0x1f68
GEN_MAC = bytes.fromhex("024c5447454e")
GEN_IP, RCV_IP = 0x0a000102, 0x0a000101


def gen_setup(q, mode, length, rate, count):
    q.wr(GEN_MODE, mode)
    q.wr(GEN_LEN, length)
    q.wr(GEN_RATE, rate)
    q.wr(GEN_COUNT, count)
    q.wr(GEN_SRC_IP, GEN_IP)
    q.wr(GEN_DST_IP, RCV_IP)
    q.wr(GEN_PORTS, (40000 << 16) | 5201)


def ring_take(q, n_ring, head, ch=0):
    """Frames (without FCS) the ring holds from head on, each descriptor
    given back at once; returns (frames, new head)."""
    frames = []
    new = q.rd(rxr(ch, 0x18))
    while head != new:
        d0 = rx_desc(q, ch, head)[0]
        frames.append(q.mem_read(BUFS + 0x10000 * ch + 0x2000 * head,
                                 flen(d0) - 4))
        q.mem_write(RING + 0x1000 * ch + 16 * head, struct.pack(
            "<IIII", (1 << 15) | 1536, BUFS + 0x10000 * ch + 0x2000 * head,
            0, 0))
        head = (head + 1) % n_ring
    q.wr(rxr(ch, 0x1c), (head - 1) % n_ring)
    return frames, head


def udp_ok(f, seq, length):
    """Is f the generator's datagram number seq, checksums and all?"""
    if len(f) < 42 or f[:12] != MAC + GEN_MAC or f[12:14] != b"\x08\x00":
        return False
    ip, udp = f[14:34], f[34:42 + length]
    ph = ip[12:20] + struct.pack(">BBH", 0, 17, 8 + length)
    want = struct.pack(">I", seq) + bytes((seq + i) & 0xff
                                         for i in range(4, length))
    return (csum(ip) == 0 and csum(ph + udp) == 0 and
            struct.unpack(">HHH", udp[:6]) == (40000, 5201, 8 + length) and
            udp[8:] == want)


def test_gen_udp(q):
    """The generator's datagrams arrive in order with valid checksums and
    the payload pattern, at the rate asked, timed on the virtual clock."""
    n_ring, count, rate, length = 64, 200, 100000, 64
    setup_rx(q, 0, n=n_ring, ts=False)
    gen_setup(q, 1, length, rate, count)
    q.wr(GEN_CTL, 1)
    t0 = clock_step(q, 0)
    got, times, head = [], [], 0
    for _ in range(2000):
        frames, head = ring_take(q, n_ring, head)
        now = clock_step(q, 1000)
        got += frames
        times += [now] * len(frames)
        if len(got) >= count and not q.rd(GEN_CTL) & 1:
            break
    ok = len(got) == count and all(udp_ok(f, i, length)
                                   for i, f in enumerate(got))
    check("gen-udp-frames", ok, "%d of %d datagrams, first %s"
          % (len(got), count, got[0][:48].hex() if got else "none"))
    span = times[-1] - times[0] if len(times) == count else 0
    want = (count - 1) * 1000000000 // rate
    check("gen-udp-rate", abs(span - want) <= 3000,
          "%d datagrams over %d ns, %d expected" % (count, span, want))
    usecs = q.rd(GEN_USECS)
    check("gen-udp-done", q.rd(GEN_CTL) == 2 and q.rd(GEN_SENT) == count
          and abs(usecs - want // 1000) <= 5,
          "GEN_CTL 0x%x sent %d usecs %d" % (q.rd(GEN_CTL), q.rd(GEN_SENT),
                                             usecs))
    print("# gen-udp: %d datagrams at %d/s over %d ns (from start %d ns)"
          % (count, rate, span, times[0] - t0 if times else -1))


def test_gen_udp_pause(q):
    """At line rate into a ring that is not refilled: with pause honoured
    the generator waits and loses nothing; with pause ignored the RX FIFO
    overflows and the chip counts the drops."""
    n_ring, count, length = 4, 40, 1472
    setup_rx(q, 0, n=n_ring, ts=False)
    q.wr(MAC_FLOW, TX_FCEN | 0xffff)
    q.wr(FCT_FLOW0, FLOW_REQ_EN | 4 | (1 << 8))  # ON 2 KiB, OFF 512 B
    drops0 = q.rd(STAT_RX_DROPPED)
    gen_setup(q, 1, length, 0, count)
    q.wr(GEN_CTL, 1)
    for _ in range(50):
        clock_step(q, 20000)
    held = q.rd(GEN_SENT)
    check("gen-pause-holds", held < count and q.rd(GEN_CTL) == 1 and
          q.rd(STAT_RX_DROPPED) == drops0,
          "sent %d of %d, GEN_CTL 0x%x, %d dropped" % (
              held, count, q.rd(GEN_CTL), q.rd(STAT_RX_DROPPED) - drops0))
    got, head = [], 0
    for _ in range(2000):
        frames, head = ring_take(q, n_ring, head)
        got += frames
        clock_step(q, 20000)
        if len(got) >= count:
            break
    check("gen-pause-all-arrive", len(got) == count and
          all(udp_ok(f, i, length) for i, f in enumerate(got)) and
          q.rd(STAT_RX_DROPPED) == drops0 and q.rd(GEN_CTL) == 2,
          "%d of %d, %d dropped" % (len(got), count,
                                    q.rd(STAT_RX_DROPPED) - drops0))
    # pause ignored: what the ring and FIFO cannot hold is dropped
    gen_setup(q, 1 | 0x100, length, 0, count)
    q.wr(GEN_CTL, 1)
    for _ in range(100):
        clock_step(q, 20000)
    dropped = q.rd(STAT_RX_DROPPED) - drops0
    check("gen-no-pause-drops", q.rd(GEN_CTL) == 2 and
          q.rd(GEN_SENT) == count and dropped > 0,
          "GEN_CTL 0x%x sent %d dropped %d" % (q.rd(GEN_CTL), q.rd(GEN_SENT),
                                               dropped))
    got, head = [], head
    for _ in range(200):
        frames, head = ring_take(q, n_ring, head)
        got += frames
        clock_step(q, 20000)
    check("gen-no-pause-accounted", len(got) + dropped == count,
          "%d received + %d dropped of %d" % (len(got), dropped, count))
    q.wr(MAC_FLOW, 0)


def tcp_frame(seq, ack, flags, win, payload=b"", opts=b""):
    src, dst = struct.pack(">I", RCV_IP), struct.pack(">I", GEN_IP)
    tcp = struct.pack(">HHIIBBHHH", 5201, 40000, seq, ack,
                      ((20 + len(opts)) // 4) << 4, flags, win, 0, 0)
    tcp += opts + payload
    c = csum(src + dst + struct.pack(">BBH", 0, 6, len(tcp)) + tcp)
    tcp = tcp[:16] + struct.pack(">H", c) + tcp[18:]
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), 1, 0x4000, 64,
                     6, 0, src, dst)
    ip = ip[:10] + struct.pack(">H", csum(ip)) + ip[12:]
    return eth(GEN_MAC, MAC, 0x0800, ip + tcp)


class TcpReceiver:
    """The receiving end of the generator's TCP connection, through the
    TX ring: ACKs every segment, with a fixed window."""
    def __init__(self, q, win):
        self.q, self.win, self.tail = q, win, 0
        self.rcv_nxt = None
        self.iss = 7000
        self.data = b""
        self.fin = False
        self.mss = None
        self.drop_once = None   # stream offset of a segment to "lose"

    def send(self, frame):
        FS, LS, FCS = 1 << 29, 1 << 28, 1 << 17
        addr = BUFS + 0x80000 + 0x800 * (self.tail % 16)
        self.q.mem_write(addr, frame)
        tx_desc(self.q, self.tail % 16, FS | LS | FCS | len(frame), addr,
                len(frame) << 16)
        self.tail += 1
        self.q.wr(txr(0, 0x1c), self.tail % 16)

    def ack(self, flags=0x10):
        self.send(tcp_frame(self.iss + 1, self.rcv_nxt, flags, self.win))

    def input(self, f):
        tcp = f[34:]
        seq, flags = struct.unpack(">I", tcp[4:8])[0], tcp[13]
        hl = (tcp[12] >> 4) * 4
        ip_len = struct.unpack(">H", f[16:18])[0]
        data = tcp[hl:ip_len - 20]
        if flags & 0x02:
            if len(tcp) >= 24 and tcp[20] == 2:
                self.mss = struct.unpack(">H", tcp[22:24])[0]
            self.rcv_nxt = seq + 1
            self.send(tcp_frame(self.iss, self.rcv_nxt, 0x12, self.win,
                                opts=b"\x02\x04\x05\xb4"))
            return
        if data and self.drop_once == len(self.data) and seq == self.rcv_nxt:
            self.drop_once = None
            return                          # as if lost on the way
        if data and seq == self.rcv_nxt:
            self.data += data
            self.rcv_nxt += len(data)
        if flags & 0x01 and seq + len(data) == self.rcv_nxt:
            self.rcv_nxt += 1
            self.fin = True
        self.ack()


def gen_tcp_run(q, rcv, n_ring, count, rounds):
    head = 0
    q.wr(GEN_CTL, 1)
    for _ in range(rounds):
        frames, head = ring_take(q, n_ring, head)
        for f in frames:
            if f[12:14] == b"\x08\x00" and f[23] == 6:
                rcv.input(f)
        clock_step(q, 20000)
        if rcv.fin and q.rd(GEN_CTL) & 2:
            break
    return head


def test_gen_tcp(q):
    """The generator's TCP stream: connection, window-limited sending,
    the stream pattern, FIN; then a lost segment is sent again."""
    n_ring, count, mss = 32, 20000, 1000
    setup_rx(q, 0, n=n_ring, ts=False)
    setup_tx(q)
    gen_setup(q, 2, mss, 0, count)
    want = bytes(k % 251 for k in range(count))
    rcv = TcpReceiver(q, 3000)
    gen_tcp_run(q, rcv, n_ring, count, 3000)
    check("gen-tcp-stream", rcv.data == want and rcv.fin and rcv.mss == mss,
          "%d of %d bytes, fin %s, mss %s" % (len(rcv.data), count, rcv.fin,
                                              rcv.mss))
    check("gen-tcp-done", q.rd(GEN_CTL) == 2 and q.rd(GEN_RETX) == 0 and
          q.rd(GEN_SENT) == count // mss,
          "GEN_CTL 0x%x sent %d retx %d" % (q.rd(GEN_CTL), q.rd(GEN_SENT),
                                            q.rd(GEN_RETX)))
    # A segment lost: duplicate ACKs bring it back
    setup_rx(q, 0, n=n_ring, ts=False)
    setup_tx(q)
    rcv = TcpReceiver(q, 8000)
    rcv.drop_once = 5000
    gen_tcp_run(q, rcv, n_ring, count, 3000)
    check("gen-tcp-resend", rcv.data == want and rcv.fin and
          q.rd(GEN_CTL) == 2 and q.rd(GEN_RETX) > 0,
          "%d of %d bytes, GEN_CTL 0x%x retx %d" % (
              len(rcv.data), count, q.rd(GEN_CTL), q.rd(GEN_RETX)))
    print("# gen-tcp: %d bytes in %d-byte segments through a %d-byte "
          "window; with one segment lost, %d sent again"
          % (count, mss, 3000, q.rd(GEN_RETX)))


def test_gen_arp_and_off(q):
    """The generator answers ARP for its address and takes what is sent
    to it; with x-gen off its offsets are plain registers."""
    n_ring = 8
    setup_rx(q, 0, n=n_ring, ts=False)
    setup_tx(q)
    while q.capture() is not None:
        pass
    q.rx.settimeout(0.3)
    gen_setup(q, 1, 64, 0, 0)
    arp = struct.pack(">HHBBH6s4s6s4s", 1, 0x0800, 6, 4, 1, MAC,
                      struct.pack(">I", RCV_IP), b"\0" * 6,
                      struct.pack(">I", GEN_IP))
    rcv = TcpReceiver(q, 1000)
    rcv.send(eth(BCAST, MAC, 0x0806, arp))
    for _ in range(20):
        clock_step(q, 20000)
    frames, _ = ring_take(q, n_ring, 0)
    ok = len(frames) == 1 and frames[0][:14] == MAC + GEN_MAC + b"\x08\x06"
    if ok:
        a = frames[0][14:42]
        ok = (struct.unpack(">H", a[6:8])[0] == 2 and a[8:14] == GEN_MAC and
              a[14:18] == struct.pack(">I", GEN_IP) and a[18:24] == MAC)
    check("gen-arp-reply", ok, "%d frames: %s" % (
        len(frames), frames[0][:42].hex() if frames else ""))
    check("gen-takes-its-frames", q.capture() is None,
          "the ARP request reached the netdev peer")


def test_gen_off(q):
    q.wr(GEN_MODE, 1)
    q.wr(GEN_CTL, 1)
    check("gen-off-plain-register", q.rd(GEN_CTL) == 1 and
          q.rd(GEN_SENT) == 0, "GEN_CTL 0x%x" % q.rd(GEN_CTL))

# ---- The PHY's link ----------------------------------------------------------
#
# Autonegotiation, parallel detection and forced modes between two chips on
# one x-cable (PHY to PHY), and against the partner of a chip without one
# (it takes whatever the chip does).  The link is down from a restart until
# AN_NS later; BMSR's link status latches low until read.

BMCR, BMSR, ANAR, ANLPAR, ANER, CTRL1000, STAT1000 = 0, 1, 4, 5, 6, 9, 10
BMCR_RESET, BMCR_SPEED100, BMCR_AUTOEN, BMCR_PDOWN = 0x8000, 0x2000, 0x1000, 0x800
BMCR_ANRESTART, BMCR_FD, BMCR_SPEED1000 = 0x200, 0x100, 0x40
BMSR_AN_COMP, BMSR_LINK = 0x20, 0x4
ADV_10HD, ADV_10FD, ADV_100HD, ADV_100FD = 0x20, 0x40, 0x80, 0x100
ADV_CSMA, ADV_PAUSE, ADV_ASYM, LPA_ACK = 0x1, 0x400, 0x800, 0x4000
ADV_ALL = ADV_10HD | ADV_10FD | ADV_100HD | ADV_100FD | ADV_CSMA
C1000_HD, C1000_FD = 0x100, 0x200
C1000_MANUAL, C1000_MASTER = 0x1000, 0x800
S1000_FAULT, S1000_MASTER, S1000_RXOK = 0x8000, 0x4000, 0x3000
S1000_FD, S1000_HD = 0x800, 0x400
BAR0_B = 0xc0010000              # the second chip's BAR0
DEV_B = 5
MAC_B = bytes.fromhex("525400aabbcd")


def mdio_rd(q, bar, reg):
    q.wr32(bar + MII_ACC, (1 << 11) | (reg << 6) | 1)
    return q.rd32(bar + MII_DATA)


def mdio_wr(q, bar, reg, val):
    q.wr32(bar + MII_DATA, val)
    q.wr32(bar + MII_ACC, (1 << 11) | (reg << 6) | 2 | 1)


def phy_state(q, bar):
    """BMSR as the latch leaves it (read twice), ANLPAR, ANER, STAT1000"""
    mdio_rd(q, bar, BMSR)
    return (mdio_rd(q, bar, BMSR), mdio_rd(q, bar, ANLPAR),
            mdio_rd(q, bar, ANER), mdio_rd(q, bar, STAT1000))


def link_up(q, bar):
    return bool(phy_state(q, bar)[0] & BMSR_LINK)


def phy_config(q, bar, bmcr, anar=ADV_ALL, c1000=C1000_FD | C1000_HD):
    """What phylib writes: the advertisement, then BMCR (a restart)"""
    mdio_wr(q, bar, ANAR, anar)
    mdio_wr(q, bar, CTRL1000, c1000)
    mdio_wr(q, bar, BMCR, bmcr)


def two_chips(cable_a="c0", cable_b="c0"):
    """Chip A (slot 4, the usual helpers) and chip B (slot 5, BAR0_B)"""
    q = QTest(",x-cable=%s" % cable_a,
              ["-device", "lan743x,addr=%d.0,mac=52:54:00:aa:bb:cd,x-cable=%s"
               % (DEV_B, cable_b)])
    setup_pci(q)
    for off, val in ((0x10, BAR0_B), (0x14, 0), (0x04, 0x6)):
        q.cmd("outl 0xcf8 0x%x" % (0x80000000 | (DEV_B << 11) | off))
        q.cmd("outl 0xcfc 0x%x" % val)
    return q


AN = BMCR_AUTOEN | BMCR_ANRESTART


def forced(mbps, fd=True):
    return ({1000: BMCR_SPEED1000, 100: BMCR_SPEED100, 10: 0}[mbps] |
            (BMCR_FD if fd else 0))


def settle(q):
    clock_step(q, AN_NS + 1000000)


def test_phy_two_chips(q):
    a, b = BAR0, BAR0_B
    # Out of reset both autonegotiate everything: 1000 full, A master
    # (the lower MAC address breaks the tie)
    settle(q)
    sa, sb = phy_state(q, a), phy_state(q, b)
    check("phy-an-1000", sa[0] & (BMSR_LINK | BMSR_AN_COMP) ==
          BMSR_LINK | BMSR_AN_COMP and sb[0] & BMSR_LINK
          and sa[1] == ADV_ALL | LPA_ACK and sa[2] & 1
          and sa[3] == S1000_FD | S1000_HD | S1000_RXOK | S1000_MASTER
          and sb[3] == S1000_FD | S1000_HD | S1000_RXOK,
          "A %s B %s" % (sa, sb))

    # A advertises 100 and 10 only: 100 full; LPA/STAT1000 show it
    phy_config(q, a, AN, ADV_ALL | ADV_PAUSE, 0)
    settle(q)
    sa, sb = phy_state(q, a), phy_state(q, b)
    check("phy-an-100-lpa", sa[0] & BMSR_LINK and sb[0] & BMSR_LINK
          and sb[1] == ADV_ALL | ADV_PAUSE | LPA_ACK and sb[3] == 0
          and sa[3] == S1000_FD | S1000_HD, "A %s B %s" % (sa, sb))

    # B advertises 10 half and 100 half: 100 half is the best in common
    phy_config(q, b, AN, ADV_10HD | ADV_100HD | ADV_CSMA, C1000_FD)
    settle(q)
    sa = phy_state(q, a)
    check("phy-an-100-half", sa[0] & BMSR_LINK and
          sa[1] == ADV_10HD | ADV_100HD | ADV_CSMA | LPA_ACK,
          "A %s" % (sa,))

    # Nothing in common (A: 10 full, B: 100 full): no link, page seen
    phy_config(q, a, AN, ADV_10FD | ADV_CSMA, 0)
    phy_config(q, b, AN, ADV_100FD | ADV_CSMA, 0)
    settle(q)
    sa, sb = phy_state(q, a), phy_state(q, b)
    check("phy-an-no-common-mode", not (sa[0] & (BMSR_LINK | BMSR_AN_COMP))
          and not (sb[0] & BMSR_LINK)
          and sa[1] == ADV_100FD | ADV_CSMA | LPA_ACK, "A %s B %s" % (sa, sb))

    # A forced to 100 full, B autonegotiates: parallel detection
    phy_config(q, b, AN)
    phy_config(q, a, forced(100))
    settle(q)
    sa, sb = phy_state(q, a), phy_state(q, b)
    check("phy-parallel-detect-100", sa[0] & BMSR_LINK
          and not (sa[0] & BMSR_AN_COMP) and sa[1] == 0
          and sb[0] & (BMSR_LINK | BMSR_AN_COMP) == BMSR_LINK | BMSR_AN_COMP
          and sb[1] == ADV_100HD and not (sb[2] & 1) and sb[3] == 0,
          "A %s B %s" % (sa, sb))
    phy_config(q, a, forced(10, fd=False))
    settle(q)
    sa, sb = phy_state(q, a), phy_state(q, b)
    check("phy-parallel-detect-10", sa[0] & BMSR_LINK and
          sb[0] & BMSR_LINK and sb[1] == ADV_10HD, "A %s B %s" % (sa, sb))
    # 1000BASE-T has no parallel detection
    phy_config(q, a, forced(1000))
    settle(q)
    check("phy-forced-1000-vs-an-no-link",
          not link_up(q, a) and not link_up(q, b))

    # Both forced: link at the same speed only, duplexes may differ
    phy_config(q, b, forced(100))
    phy_config(q, a, forced(10))
    settle(q)
    check("phy-forced-different-speeds-no-link",
          not link_up(q, a) and not link_up(q, b))
    phy_config(q, a, forced(100, fd=False))
    settle(q)
    check("phy-forced-same-speed-duplex-mismatch",
          link_up(q, a) and link_up(q, b))
    phy_config(q, a, forced(1000))
    phy_config(q, b, forced(1000))
    settle(q)
    check("phy-forced-1000-both", link_up(q, a) and link_up(q, b))

    # Back to autonegotiation; a restart takes both ends down for the
    # negotiation time, and the drop stays latched in BMSR until read
    phy_config(q, a, AN)
    phy_config(q, b, AN)
    settle(q)
    up = link_up(q, a) and link_up(q, b)
    mdio_wr(q, b, BMCR, AN)
    after = mdio_rd(q, a, BMSR), mdio_rd(q, b, BMSR), mdio_rd(q, a, BMSR)
    clock_step(q, AN_NS - 50000000)
    mid = link_up(q, a), link_up(q, b)
    clock_step(q, 100000000)
    latched = mdio_rd(q, a, BMSR), mdio_rd(q, a, BMSR)
    check("phy-restart-link-down", up and not any(x & BMSR_LINK for x in after)
          and mid == (False, False) and latched[0] & BMSR_LINK,
          "up %s after %s mid %s back %s" % (up, after, mid, latched))
    # A restart that A's driver never saw while it lasted: BMSR tells
    mdio_wr(q, b, BMCR, AN)
    settle(q)
    latched = mdio_rd(q, a, BMSR), mdio_rd(q, a, BMSR)
    check("phy-restart-drop-latched",
          not (latched[0] & BMSR_LINK) and latched[1] & BMSR_LINK
          and link_up(q, b), "A's BMSR %s" % (latched,))
    # Nothing retrains on a BMCR write that changes nothing that counts
    mdio_wr(q, a, BMCR, BMCR_AUTOEN | BMCR_SPEED100)
    check("phy-no-restart-on-same-mode", link_up(q, a))

    # B powered down: A has no partner; powered up, both retrain
    mdio_wr(q, b, BMCR, BMCR_AUTOEN | BMCR_PDOWN)
    settle(q)
    down = link_up(q, a)
    mdio_wr(q, b, BMCR, BMCR_AUTOEN)
    settle(q)
    check("phy-partner-power-down", not down and link_up(q, a)
          and link_up(q, b), "A up while B powered down: %s" % down)

    # Master/slave: both manually master is a fault, no link
    phy_config(q, a, AN, c1000=C1000_FD | C1000_MANUAL | C1000_MASTER)
    phy_config(q, b, AN, c1000=C1000_FD | C1000_MANUAL | C1000_MASTER)
    settle(q)
    sa = phy_state(q, a)
    check("phy-master-slave-fault", not (sa[0] & BMSR_LINK)
          and sa[3] & S1000_FAULT, "A %s" % (sa,))
    phy_config(q, a, AN, c1000=C1000_FD | C1000_MANUAL)
    settle(q)
    sa, sb = phy_state(q, a), phy_state(q, b)
    check("phy-master-slave-manual", sa[0] & BMSR_LINK
          and not (sa[3] & S1000_MASTER) and sb[3] & S1000_MASTER,
          "A %s B %s" % (sa, sb))


def test_phy_universal_partner(q):
    """Without x-cable: the partner takes whatever the chip does"""
    mdio_wr(q, BAR0, BMCR, BMCR_RESET)
    clock_step(q, AN_NS - 50000000)
    early = link_up(q, BAR0)
    settle(q)
    s = phy_state(q, BAR0)
    check("phy-tap-an-after-negotiation-time", not early
          and s[0] & (BMSR_LINK | BMSR_AN_COMP) == BMSR_LINK | BMSR_AN_COMP
          and s[1] == ADV_ALL | ADV_PAUSE | ADV_ASYM | LPA_ACK
          and s[3] == S1000_FD | S1000_HD | S1000_RXOK,
          "early %s state %s" % (early, s))
    for mbps in (1000, 100, 10):
        phy_config(q, BAR0, forced(mbps))
        settle(q)
        s = phy_state(q, BAR0)
        check("phy-tap-forced-%d" % mbps, s[0] & BMSR_LINK and
              not (s[0] & BMSR_AN_COMP) and s[1] == 0, "state %s" % (s,))
    phy_config(q, BAR0, AN, ADV_100FD | ADV_CSMA, 0)
    settle(q)
    check("phy-tap-an-subset", link_up(q, BAR0))


def test_phy_no_link_no_frames(q):
    """While the link is down the MAC neither takes nor sends frames"""
    setup_rx(q, 0, n=8, ts=False)
    setup_tx(q)
    while q.capture() is not None:
        pass
    q.rx.settimeout(0.3)
    mdio_wr(q, BAR0, BMCR, AN)                  # link down for AN_NS
    q.inject(eth(MAC, PEER, 0x0800, b"d" * 64))
    head_down = q.rd(rxr(0, 0x18))
    pkt = eth(PEER, MAC, 0x0800, b"t" * 64)
    q.mem_write(BUFS + 0x80000, pkt)
    FS, LS, FCS = 1 << 29, 1 << 28, 1 << 17
    tx_desc(q, 0, FS | LS | FCS | len(pkt), BUFS + 0x80000, len(pkt) << 16)
    q.wr(txr(0, 0x1c), 1)
    clock_step(q, 1000000)
    sent_down = q.capture()
    settle(q)
    q.inject(eth(MAC, PEER, 0x0800, b"u" * 64))
    head_up = q.rd(rxr(0, 0x18))
    tx_desc(q, 1, FS | LS | FCS | len(pkt), BUFS + 0x80000, len(pkt) << 16)
    q.wr(txr(0, 0x1c), 2)
    clock_step(q, 1000000)
    sent_up = q.capture()
    check("phy-no-link-rx-dropped", head_down == 0 and head_up == 1,
          "head %d while down, %d after" % (head_down, head_up))
    check("phy-no-link-tx-lost", sent_down is None and sent_up == pkt,
          "while down %r, after %r" % (sent_down and len(sent_down),
                                       sent_up and len(sent_up)))


def test_phy_one_ended_cable():
    q = QTest(",x-cable=lonely")
    try:
        setup_pci(q)
        settle(q)
        mdio_wr(q, BAR0, BMCR, AN)
        settle(q)
        check("phy-cable-one-end-no-link", not link_up(q, BAR0))
    finally:
        q.close()


def test_phy_cable_two_ends_only():
    r = subprocess.run([QEMU, "-machine", "q35", "-accel", "qtest",
                        "-display", "none", "-nodefaults", "-m", "64",
                        "-device", "lan743x,addr=4.0,x-cable=c1",
                        "-device", "lan743x,addr=5.0,x-cable=c1",
                        "-device", "lan743x,addr=6.0,x-cable=c1"],
                       stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=30)
    check("phy-cable-third-end-refused", r.returncode != 0
          and "already joins two chips" in r.stderr, r.stderr[-200:])


def test_board_switch(q):
    """phy=off, strap-mii=on: a LAN7431 whose MAC goes straight to a switch
    port.  Nothing answers on its MDIO bus, MAC_CR.MII_EN is set from the
    strap at reset, and frames pass without a negotiation."""
    q.wr(MII_ACC, (1 << 11) | (2 << 6) | 1)
    id1 = q.rd(MII_DATA)
    check("board-no-phy", id1 == 0xffff, "id1 %x" % id1)
    cr = q.rd(MAC_CR)
    check("board-strap-mii", cr & (1 << 19), "MAC_CR 0x%x" % cr)
    clock_step(q, AN_NS + 1000000)
    setup_rx(q, 0, n=8)
    frame = eth(MAC, PEER, 0x0800, ipv4_tcp(b"s" * 200))
    q.inject(frame)
    flen = (rx_desc(q, 0, 0)[0] >> 16) & 0x3fff
    check("board-switch-link", flen == len(frame) + 4, "flen %d" % flen)


def test_board_phy_addr(q):
    """phy-addr=7: the LAN7431's external PHY answers at address 7 only."""
    for addr, want in ((7, 0x0007), (1, 0xffff)):
        q.wr(MII_ACC, (addr << 11) | (2 << 6) | 1)
        id1 = q.rd(MII_DATA)
        check("board-phy-addr-%d" % addr, id1 == want, "id1 %x" % id1)


def test_board_refused():
    """The LAN7430's PHY is inside it: no board wiring takes it away."""
    cmd = [QEMU, "-machine", "q35", "-accel", "qtest", "-qtest", "stdio",
           "-display", "none", "-nodefaults", "-device", "lan743x,phy=off"]
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                           text=True, timeout=60)
        ok, why = r.returncode != 0 and "PHY is internal" in r.stderr, r.stderr
    except subprocess.TimeoutExpired:
        ok, why = False, "QEMU started"
    check("board-7430-phy-internal", ok, why.strip()[-200:])


E2P_CMD, E2P_DATA = 0x040, 0x044
E2P_BUSY, E2P_READ, E2P_EWDS, E2P_EWEN, E2P_WRITE = 1 << 31, 0, 1 << 28, 2 << 28, 3 << 28
OTP_PWR_DN, OTP_ADDR_HIGH, OTP_ADDR_LOW = 0x1000, 0x1004, 0x1008
OTP_PRGM_DATA, OTP_PRGM_MODE, OTP_READ_DATA = 0x1010, 0x1014, 0x1018
OTP_FUNC_CMD, OTP_TST_CMD, OTP_CMD_GO, OTP_STATUS = 0x1020, 0x1024, 0x1028, 0x1030


def e2p_read(q, addr):
    q.wr(E2P_CMD, E2P_BUSY | E2P_READ | addr)
    return q.rd(E2P_DATA)


def e2p_write(q, addr, val):
    q.wr(E2P_DATA, val)
    q.wr(E2P_CMD, E2P_BUSY | E2P_WRITE | addr)


def test_eeprom(q):
    """EEPROM: erased, WRITE only between EWEN and EWDS, kept across LRST."""
    check("eeprom-erased", [e2p_read(q, a) for a in (0, 1, 0x1ff)] == [0xff] * 3)
    e2p_write(q, 0x10, 0x5a)
    check("eeprom-write-needs-ewen", e2p_read(q, 0x10) == 0xff and
          "without EWEN" in q.guest_errors())
    q.wr(E2P_CMD, E2P_BUSY | E2P_EWEN)
    e2p_write(q, 0x10, 0x5a)
    e2p_write(q, 0x1ff, 0xa5)
    busy = q.rd(E2P_CMD) & E2P_BUSY
    got = (e2p_read(q, 0x10), e2p_read(q, 0x1ff), e2p_read(q, 0x11))
    check("eeprom-write-read", got == (0x5a, 0xa5, 0xff) and not busy,
          "read %r busy %d" % (got, busy))
    q.wr(E2P_CMD, E2P_BUSY | E2P_EWDS)
    e2p_write(q, 0x10, 0x00)
    check("eeprom-ewds", e2p_read(q, 0x10) == 0x5a)
    q.wr(HW_CFG, 1 << 1)                     # light reset
    check("eeprom-kept-across-lrst", e2p_read(q, 0x10) == 0x5a)


def otp_addr(q, addr):
    q.wr(OTP_ADDR_HIGH, (addr >> 8) & 3)
    q.wr(OTP_ADDR_LOW, addr & 0xff)


def otp_read(q, addr):
    """The drivers' read: FUNC_CMD READ, GO (TST_CMD as the last op left it)."""
    otp_addr(q, addr)
    q.wr(OTP_FUNC_CMD, 1)
    q.wr(OTP_CMD_GO, 1)
    return q.rd(OTP_READ_DATA)


def otp_program(q, addr, val):
    """The drivers' byte program: PRGM_DATA, TST_CMD PRGVRFY, GO."""
    q.wr(OTP_PRGM_MODE, 1)
    otp_addr(q, addr)
    q.wr(OTP_PRGM_DATA, val)
    q.wr(OTP_TST_CMD, 1 << 3)
    q.wr(OTP_CMD_GO, 1)


def test_otp(q, path):
    """OTP: powered down at reset, blank, bits only set, written to the file."""
    check("otp-powered-down", q.rd(OTP_PWR_DN) & 1 == 1)
    otp_program(q, 5, 0xff)
    q.wr(OTP_PWR_DN, 0)
    check("otp-no-program-powered-down", otp_read(q, 5) == 0 and
          "powered down" in q.guest_errors())
    blank = [otp_read(q, a) for a in (0, 0x100, 0x3ff)]
    check("otp-blank", blank == [0, 0, 0], repr(blank))
    otp_program(q, 0, 0xf3)
    otp_program(q, 0x3ff, 0x12)
    otp_program(q, 0x3ff, 0x21)               # bits only go 0 -> 1
    otp_program(q, 0x3ff, 0x00)
    got = (otp_read(q, 0), otp_read(q, 0x3ff), otp_read(q, 0x3fe))
    check("otp-program-read", got == (0xf3, 0x33, 0) and
          q.rd(OTP_STATUS) & 1 == 0, repr(got))
    check("otp-commands-self-clear",
          q.rd(OTP_FUNC_CMD) == 0 and q.rd(OTP_TST_CMD) == 0)
    with open(path, "rb") as f:
        data = f.read()
    check("otp-file-written-through",
          len(data) == 1024 and data[0] == 0xf3 and data[0x3ff] == 0x33 and
          not any(data[1:0x3ff]), "%d bytes" % len(data))
    q.wr(HW_CFG, 1 << 1)                     # light reset
    q.wr(OTP_PWR_DN, 0)
    check("otp-kept-across-lrst", otp_read(q, 0x3ff) == 0x33)


def test_otp_file():
    """x-otp-file: programmed bytes survive a restart of QEMU."""
    d = tempfile.mkdtemp(prefix="lan743x-otp-")
    path = os.path.join(d, "otp.bin")
    on_fresh_device(",x-otp-file=" + path, lambda q: test_otp(q, path))
    q = QTest(",x-otp-file=" + path)
    try:
        setup_pci(q)
        q.wr(OTP_PWR_DN, 0)
        got = (otp_read(q, 0), otp_read(q, 0x3ff))
        check("otp-file-survives-restart", got == (0xf3, 0x33), repr(got))
    finally:
        q.close()
    with open(path, "ab") as f:
        f.write(b"x")
    q = QTest(",x-otp-file=" + path)
    try:
        check("otp-file-too-large-refused", not q.alive())
    finally:
        q.close()
    os.unlink(path)
    os.rmdir(d)


# The PCI11x1x family: BAR0 is 32 KiB, the MSI-X table and PBA go above it
P11_BAR2, P11_BAR4 = BAR0 + 0x8000, BAR0 + 0x9000
STRAP_READ, FPGA_REV, SGMII_ACC, SGMII_DATA, SGMII_CTL = \
    0x00c, 0x004, 0x720, 0x724, 0x728
SYS_CONFIG_LOAD, SYS_LOCK = 0x4078, 0x40a0
INT_VEC_MAP1, INT_EN_SET_R = 0x7a4, 0x788


def on_family_device(props, *tests, qmp=()):
    """@tests on one new, initialised PCI11x1x with @props (16 vectors)
    and QEMU arguments @qmp."""
    q = QTest(props, qmp)
    try:
        setup_pci(q, bar2=P11_BAR2, bar4=P11_BAR4, vectors=16)
        basic_init(q)
        # the MAC at the link's speed, as drivers set it: 1000, or 2500
        q.wr(MAC_CR, (3 if "2500" in props else 2) << 1 | (1 << 3))
        for test in tests:
            test(q)
    finally:
        q.close()


def on_family_device_qmp(props, test):
    """@test(q, qmp) on one new PCI11x1x with @props and a QMP socket of
    its own."""
    qmp_path = tempfile.mktemp(prefix="lan743x-qmp-")
    try:
        on_family_device(props, lambda q: test(q, Qmp(qmp_path)),
                         qmp=("-qmp", "unix:%s,server=on,wait=off" % qmp_path))
    finally:
        if os.path.exists(qmp_path):
            os.unlink(qmp_path)


def pcs_rd(q, reg, mmd=31):
    q.wr(SGMII_ACC, (1 << 31) | (mmd << 16) | reg)
    busy = q.rd(SGMII_ACC) >> 31
    return q.rd(SGMII_DATA) | (busy << 16)


def pcs_wr(q, reg, val, mmd=31):
    q.wr(SGMII_DATA, val)
    q.wr(SGMII_ACC, (1 << 31) | (1 << 30) | (mmd << 16) | reg)


def mdio45(q, phy, mmd, reg, val=None):
    """A clause-45 access through MAC_MII_ACC: address, then read/write."""
    q.wr(MII_DATA, reg)
    q.wr(MII_ACC, (phy << 11) | (mmd << 6) | (1 << 3) | 1)
    if val is not None:
        q.wr(MII_DATA, val)
        q.wr(MII_ACC, (phy << 11) | (mmd << 6) | (1 << 3) | (1 << 1) | 1)
        return None
    q.wr(MII_ACC, (phy << 11) | (mmd << 6) | (1 << 3) | (2 << 1) | 1)
    return q.rd(MII_DATA)


def family_identity(pci_id, strap):
    def test(q):
        tag = "%04x" % (pci_id >> 16)
        v = q.cfg_read(0)
        idrev = q.rd(0)
        check("p11-%s-identity" % tag, v == pci_id and
              idrev == (pci_id & 0xffff0000) | 0xb0 and q.rd(FPGA_REV) == 0,
              "pci 0x%08x ID_REV 0x%08x" % (v, idrev))
        st = q.rd(STRAP_READ)
        check("p11-%s-strap" % tag, st == strap, "0x%08x" % st)
        load = q.rd(SYS_CONFIG_LOAD)
        q.wr(SYS_LOCK, 2)
        got = q.rd(SYS_LOCK)
        q.wr(SYS_LOCK, 0)
        free = q.rd(SYS_LOCK)
        check("p11-%s-sys-lock" % tag, load & 0x10 and got == 2 and
              free == 0 and q.rd(0x6000) == 0,
              "load 0x%x lock 0x%x after release 0x%x" % (load, got, free))
        ctl = q.rd(SGMII_CTL)
        want = (1 << 31) if strap & (1 << 6) else (1 << 1)
        check("p11-%s-sgmii-ctl" % tag, ctl == want, "0x%08x" % ctl)
    return test


HS_E2P_CMD, HS_E2P_DATA, HS_OTP = 0x4e00, 0x4e04, 0x5000


def hs_otp(reg):
    """The PCI11x1x's OTP register at the LAN743x's offset @reg."""
    return HS_OTP + reg - OTP_PWR_DN


def hs_e2p(q, addr, val=None):
    """A PCI11x1x EEPROM read (or write of @val) under the system lock."""
    q.wr(SYS_LOCK, 2)
    if val is not None:
        q.wr(HS_E2P_DATA, val)
        q.wr(HS_E2P_CMD, E2P_BUSY | E2P_WRITE | addr)
    else:
        q.wr(HS_E2P_CMD, E2P_BUSY | E2P_READ | addr)
    busy = q.rd(HS_E2P_CMD) & (E2P_BUSY | (1 << 17))
    got = q.rd(HS_E2P_DATA) | busy
    q.wr(SYS_LOCK, 0)
    return got


def hs_otp_go(q, addr, reg, val):
    """One OTP command (@reg = @val, then GO) at @addr, lock held."""
    q.wr(hs_otp(OTP_ADDR_HIGH), addr >> 8)
    q.wr(hs_otp(OTP_ADDR_LOW), addr & 0xff)
    q.wr(hs_otp(reg), val)
    q.wr(hs_otp(OTP_CMD_GO), 1)
    return q.rd(hs_otp(OTP_READ_DATA))


def test_family_nvm(q):
    """The EEPROM and OTP behind the system block's controllers: only
    there, only under the system lock; another function holding it."""
    e2p_write_ok = hs_e2p(q, 0x1f0, 0x5a) == 0x5a
    hs_e2p(q, 0xfff0, 0x77)                     # 64 KiB: no alias of 0x1f0
    got = [hs_e2p(q, a) for a in (0x1f0, 0x1f1, 0xfff0)]
    check("p11-eeprom-hs", e2p_write_ok and got == [0x5a, 0xff, 0x77],
          repr(got))
    # the LAN743x's offsets reach nothing (its EWEN/WRITE leave no trace)
    lan = e2p_read(q, 0x1f0)
    q.wr(E2P_CMD, E2P_BUSY | E2P_EWEN)
    e2p_write(q, 0x1f1, 0x11)
    check("p11-eeprom-not-at-lan743x-offset", lan == 0 and
          hs_e2p(q, 0x1f1) == 0xff and "PCI11x1x: no EEPROM" in
          q.guest_errors(), "E2P_DATA 0x%x" % lan)
    # without the lock: refused
    q.wr(HS_E2P_DATA, 0x22)
    q.wr(HS_E2P_CMD, E2P_BUSY | E2P_WRITE | 0x1f1)
    check("p11-eeprom-needs-lock", hs_e2p(q, 0x1f1) == 0xff and
          "EEPROM command without the system lock" in q.guest_errors())
    # the OTP: powered up and programmed under the lock, read back
    q.wr(SYS_LOCK, 2)
    pwr = q.rd(hs_otp(OTP_PWR_DN))
    q.wr(hs_otp(OTP_PWR_DN), 0)
    q.wr(hs_otp(OTP_PRGM_MODE), 1)
    q.wr(hs_otp(OTP_PRGM_DATA), 0x12)
    hs_otp_go(q, 0x3f0, OTP_TST_CMD, 1 << 3)
    q.wr(hs_otp(OTP_PRGM_DATA), 0x21)
    hs_otp_go(q, 0x3f0, OTP_TST_CMD, 1 << 3)
    got = hs_otp_go(q, 0x3f0, OTP_FUNC_CMD, 1)
    q.wr(hs_otp(OTP_PRGM_DATA), 0x44)
    hs_otp_go(q, 0x1ff0, OTP_TST_CMD, 1 << 3)   # 8 KiB: 13-bit address
    high = (hs_otp_go(q, 0x1ff0, OTP_FUNC_CMD, 1),
            hs_otp_go(q, 0x3f0, OTP_FUNC_CMD, 1))
    q.wr(SYS_LOCK, 0)
    nolock = hs_otp_go(q, 0x3f1, OTP_FUNC_CMD, 1)
    lan = otp_read(q, 0x3f0)
    check("p11-otp-8k", high == (0x44, 0x33), repr(high))
    check("p11-otp-hs", pwr & 1 and got == 0x33 and nolock == 0x33 and
          lan == 0 and "OTP command without the system lock" in
          q.guest_errors(), "powered down %d, read 0x%x, unlocked read "
          "0x%x, at the LAN743x's offset 0x%x" % (pwr & 1, got, nolock, lan))
    # SYSLOCK_HELD: another function holds the lock 5 ms
    q.wr(FAULT_ARG, 5)
    q.wr(FAULT_CTL, 16)
    q.wr(SYS_LOCK, 2)
    held = q.rd(SYS_LOCK)
    q.wr(HS_E2P_CMD, E2P_BUSY | E2P_READ | 0x1f0)
    q.wr(SYS_LOCK, 2)
    refused = q.rd(FAULT_ARG)
    clock_step(q, 5 * 1000000 + 1000)
    armed = q.rd(FAULT_CTL)
    got = hs_e2p(q, 0x1f0)
    check("p11-syslock-held", held == 1 and refused == 2 and armed == 0 and
          got == 0x5a, "SYS_LOCK 0x%x while held, %d refused, FAULT_CTL %d "
          "after, read 0x%x" % (held, refused, armed, got))
    # armed while the Ethernet function holds it: taken at its release
    q.wr(SYS_LOCK, 2)
    q.wr(FAULT_CTL, 16)
    mine = q.rd(SYS_LOCK)
    q.wr(SYS_LOCK, 0)
    other = q.rd(SYS_LOCK)
    q.wr(FAULT_CTL, 0)
    check("p11-syslock-held-after-release", mine == 2 and other == 1 and
          q.rd(SYS_LOCK) == 0, "0x%x then 0x%x" % (mine, other))


PTP_IO_SEL, PTP_IO_CAP_CONFIG, PTP_IO_CAP = 0xa58, 0xac4, 0xac8


def gpio_in(q, pin, level):
    """x-faults GPIO_INPUT: drive @pin to @level from outside."""
    q.wr(FAULT_ARG, pin | (level << 8))
    q.wr(FAULT_CTL, 17)
    return q.rd(FAULT_ARG), q.rd(FAULT_CTL)


def io_cap(q, ch):
    """Channel @ch's captures: (rising ns, falling ns)."""
    q.wr(PTP_IO_SEL, ch << 8)
    return (q.rd(PTP_IO_CAP) * NS + q.rd(PTP_IO_CAP + 4),
            q.rd(PTP_IO_CAP + 8) * NS + q.rd(PTP_IO_CAP + 12))


def test_family_extts(q):
    """Event capture: channel 3 latches GPIO 3's rising edges, the first
    kept while its status is set (LOCK_RE), channel 5 GPIO 5's falling
    ones; PTP_IO_SEL selects the registers' channel."""
    ptp_start(q, 100, 5)
    q.wr(PTP_IO_CAP_CONFIG, (1 << 3) | (1 << (16 + 3)) | (1 << (8 + 5)))
    clock_step(q, 1000000)
    t1 = ptp_now(q)
    applied = gpio_in(q, 3, 1)
    sts = q.rd(PTP_INT_STS)
    clock_step(q, 1000000)
    gpio_in(q, 3, 0)                            # no falling capture on 3
    gpio_in(q, 3, 1)                            # locked: t1 stays
    cap1, sts1 = io_cap(q, 3), q.rd(PTP_INT_STS)
    q.wr(PTP_INT_STS, 1 << (16 + 3))
    clock_step(q, 1000000)
    gpio_in(q, 3, 0)
    t2 = ptp_now(q)
    gpio_in(q, 3, 1)
    cap2 = io_cap(q, 3)
    gpio_in(q, 5, 1)
    clock_step(q, 1000000)
    t3 = ptp_now(q)
    gpio_in(q, 5, 0)
    cap5, sts5 = io_cap(q, 5), q.rd(PTP_INT_STS)
    check("p11-extts-rising-locked", applied == (1, 0) and
          sts == 1 << (16 + 3) and cap1 == (t1, 0) and sts1 == sts,
          "applied %r, PTP_INT_STS 0x%x then 0x%x, captures %r, edge at %d"
          % (applied, sts, sts1, cap1, t1))
    check("p11-extts-next-after-clear", cap2 == (t2, 0), "%r, edge at %d"
          % (cap2, t2))
    check("p11-extts-falling-sel", cap5 == (0, t3) and
          sts5 == (1 << (16 + 3)) | (1 << (24 + 5)),
          "%r, edge at %d, PTP_INT_STS 0x%x" % (cap5, t3, sts5))


PTP_IO_EVENT_OUTPUT_CFG, PTP_IO_PIN_CFG = 0xad8, 0xadc


def test_family_perout(q, qmp):
    """PTP-IO event outputs: GPIO 5 shows channel A, a 5 ms pulse (event
    code 9 of the family's layout, active high) every 100 ms from 10.5 s;
    GPIO 9 channel B, a toggle every 50 ms from 10.2 s; GPIO_CFG3's 1588
    route of the LAN743x shows nothing on GPIO 6; open drain drives no
    high level; disabling the event output stops the pin."""
    ptp_start(q, 10)
    q.wr(GPIO_CFG0, 1 << (16 + 6))              # GPIO6 output, data 0
    q.wr(GPIO_CFG1, 0x0fbf0040)                 # enabled, push-pull
    q.wr(GPIO_CFG2, 1 << 6)
    q.wr(GPIO_CFG3, 1 << 6)                     # the LAN743x's route
    q.wr(PTP_GENERAL_CONFIG, (9 << 4) | (14 << 8) | (1 << 1) | (1 << 3))
    for ch, start, reload in ((0, 500000000, 100000000),
                              (1, 200000000, 50000000)):
        q.wr(ptp_target(ch, 2), 0)
        q.wr(ptp_target(ch, 3), reload)
        q.wr(ptp_target(ch, 1), start)
        q.wr(ptp_target(ch, 0), 10)
    q.wr(PTP_IO_PIN_CFG, (1 << 5) | (1 << 9))
    q.wr(PTP_IO_EVENT_OUTPUT_CFG, (1 << 5) | (1 << 9) | (1 << (16 + 9)))
    q.cmd("clock_step %d" % NS)
    e = gpio_edges(qmp)
    a = [(lv, t) for _, p, lv, t in e if p == 5]
    b = [(lv, t) for _, p, lv, t in e if p == 9]
    want_a = [(1 - i % 2, 10 * NS + 500000000 + (i // 2) * 100000000
               + (i % 2) * 5000000) for i in range(10)]
    want_b = [(1 - i % 2, 10 * NS + 200000000 + i * 50000000)
              for i in range(16)]
    check("p11-perout-pulse", a[:10] == want_a, "pin 5 %s" % a[:4])
    check("p11-perout-toggle", b[:16] == want_b, "pin 9 %s" % b[:4])
    check("p11-perout-no-gpio-cfg3", not [p for _, p, _, _ in e if p == 6],
          "%s" % [x for x in e if x[1] == 6][:4])
    # open drain: the pulses' high level is not driven (no pull-up)
    q.wr(PTP_IO_PIN_CFG, 1 << 9)
    n = len(e)
    q.cmd("clock_step %d" % (NS // 2))
    e = gpio_edges(qmp)[n:]
    check("p11-perout-open-drain", not [p for _, p, lv, _ in e
                                         if p == 5 and lv] and
          [p for _, p, _, _ in e if p == 9], "%s" % e[:4])
    # event output off: GPIO 9 stops, low
    q.wr(PTP_IO_EVENT_OUTPUT_CFG, 0)
    n = len(gpio_edges(qmp))
    q.cmd("clock_step %d" % (NS // 2))
    e = gpio_edges(qmp)
    check("p11-perout-off", len(e) <= n + 1 and e[-1][1:3] == (9, 0),
          "%s" % e[n - 1:n + 3])


def send_one(q, mac=MAC):
    """One frame through TX channel 0; True if the wire carried it."""
    while q.capture() is not None:
        pass
    pkt = eth(PEER, mac, 0x0800, b"pcs" * 30)
    q.mem_write(BUFS + 0x80000, pkt)
    i = q.rd(txr(0, 0x18))
    tx_desc(q, i, (1 << 29) | (1 << 28) | (1 << 17) | len(pkt),
            BUFS + 0x80000, len(pkt) << 16)
    q.wr(txr(0, 0x1c), (i + 1) % 16)
    clock_step(q, 100000)
    return q.capture() == pkt


def test_family_pcs(q):
    """The PCS behind SGMII_ACC: reset values, power sequence state, link
    from the PHY, and no frames while the SerDes is down."""
    q.rx.settimeout(0.3)
    setup_tx(q)
    bmcr, dig, bmsr, sts = (pcs_rd(q, 0), pcs_rd(q, 0x8010), pcs_rd(q, 1),
                            pcs_rd(q, 0x8002))
    check("p11-pcs-up", bmcr == 0x1140 and dig == 4 << 2 and bmsr & 0x24 ==
          0x24 and sts == 0x1b, "BMCR 0x%x DIG_STS 0x%x BMSR 0x%x "
          "AN_INTR_STS 0x%x" % (bmcr, dig, bmsr, sts))
    ok_up = send_one(q)
    pcs_wr(q, 0, 0x1940)                        # power down
    dig, bmsr = pcs_rd(q, 0x8010), pcs_rd(q, 1)
    down = send_one(q)
    pcs_wr(q, 0, 0x1140)
    again = send_one(q)
    q.wr(SGMII_CTL, (1 << 31) | (1 << 1))       # POWER_DN
    ctl_down = send_one(q)
    q.wr(SGMII_CTL, 1 << 31)
    q.wr(MAC_CR, (1 << 1) | (1 << 3))           # the MAC at 100
    slow = send_one(q)
    q.wr(MAC_CR, (2 << 1) | (1 << 3))
    check("p11-pcs-gates-frames", ok_up and not down and again and
          not ctl_down and dig == 6 << 2 and not bmsr & 4 and not slow,
          "up %s, PCS down %s (DIG_STS 0x%x BMSR 0x%x), up again %s, "
          "SGMII_CTL down %s, MAC at 100 %s" % (ok_up, down, dig, bmsr,
                                                 again, ctl_down, slow))


def test_family_d3_keep(q, qmp):
    """HW_CFG through a system reset (an S3 wake-up's): kept while the
    function is in D3hot with HW_CFG's D3 reset disable set, as the Linux
    driver leaves it before D3; cold (0) in D0, or without that bit."""
    keep = (1 << 19) | (1 << 15) | (1 << 14) | (1 << 13) | (1 << 12)
    pmcsr = 0x44

    def reset_with(hw_cfg, state):
        q.wr(HW_CFG, hw_cfg)
        q.cfg_write(pmcsr, state)
        qmp.cmd("system_reset")
        for _ in range(200):            # the reset runs in the main loop
            if q.cfg_read(0x10) & ~0xf == 0:
                break
            time.sleep(0.01)
        q.cfg_write(pmcsr, 0)
        setup_pci(q, bar2=P11_BAR2, bar4=P11_BAR4, vectors=16)
        return q.rd(HW_CFG)

    got = reset_with(keep, 3)
    check("family-d3-keep-hw-cfg", got == keep, "0x%08x" % got)
    got = reset_with(keep, 0)
    check("family-d0-reset-hw-cfg", got == 0, "0x%08x" % got)
    got = reset_with(keep & ~(1 << 13), 3)
    check("family-d3-no-keep-hw-cfg", got == 0, "0x%08x" % got)


def test_family_tx_channel3(q):
    """TX channel 3 sends, and its interrupt goes to vector 12 (of 16)."""
    ch, vec = 3, 12
    q.rx.settimeout(1)
    while q.capture() is not None:
        pass
    ring = RING + 0xc000
    q.wr(FCT_TX_CTL, 1 << (20 + ch))
    q.wr(FCT_TX_CTL, 1 << (28 + ch))
    q.wr(DMAC_CMD, 1 << (24 + ch))
    q.wr(txr(ch, 0x08), 0)
    q.wr(txr(ch, 0x0c), ring)
    q.wr(txr(ch, 0x04), 16)
    q.wr(txr(ch, 0x00), 1 << 5)
    q.wr(txr(ch, 0x10), 0)
    q.wr(txr(ch, 0x14), WB + 0x80)
    q.wr(txr(ch, 0x1c), 0)
    q.wr(INT_VEC_MAP1, vec << (4 * ch))
    q.wr(INT_VEC_EN_SET, 1 << vec)
    q.wr(INT_EN_SET, 1 | (1 << (16 + ch)))
    q.wr(DMAC_INT_EN_SET, 1 << ch)
    q.wr(DMAC_CMD, 1 << (20 + ch))
    pkt = eth(PEER, MAC, 0x0800, b"ch3" * 40)
    q.mem_write(BUFS + 0xc0000, pkt)
    q.mem_write(ring, struct.pack("<IIII", (1 << 29) | (1 << 28) | (1 << 26) |
                                  (1 << 17) | len(pkt), BUFS + 0xc0000, 0,
                                  len(pkt) << 16))
    q.wr32(MSIX_MSG + 4 * vec, 0)
    q.wr(txr(ch, 0x1c), 1)
    clock_step(q, 100000)
    out = q.capture()
    msg = q.rd32(MSIX_MSG + 4 * vec)
    check("p11-tx-channel3", out == pkt and q.rd32(WB + 0x80) == 1 and
          q.rd(DMAC_INT_STS) & (1 << ch) and msg == 0x100 + vec,
          "frame %s, head %d, DMAC_INT_STS 0x%x, vector %d message 0x%x"
          % (out == pkt, q.rd32(WB + 0x80), q.rd(DMAC_INT_STS), vec, msg))


def test_family_c45_phy(q):
    """interface=sgmii-2500: a clause-45-only 2.5GBASE-T PHY, negotiated
    at 2500 with the partner."""
    q.wr(MII_ACC, (1 << 11) | (2 << 6) | 1)
    c22 = q.rd(MII_DATA)
    ids = [mdio45(q, 1, m, r) for m, r in ((1, 2), (1, 3), (1, 5), (7, 5))]
    ext, ng = mdio45(q, 1, 1, 11), mdio45(q, 1, 1, 21)
    an1, lp, stat1 = mdio45(q, 1, 7, 1), mdio45(q, 1, 7, 33), mdio45(q, 1, 1, 1)
    check("p11-c45-phy", c22 == 0xffff and ids == [0x0007, 0xc0e1, 0x8a, 0x8a]
          and ext & 0x4000 and ng & 1 and an1 & 0x28 == 0x28 and lp & 0x20
          and stat1 & 4, "c22 0x%x ids %s ext 0x%x ng 0x%x 7.1 0x%x 7.33 0x%x "
          "1.1 0x%x" % (c22, [hex(i) for i in ids], ext, ng, an1, lp, stat1))
    # Without the 2.5G advertisement (7.32) the link comes up at 100
    mdio45(q, 1, 7, 32, 0)
    mdio45(q, 1, 7, 0, 0x1200)                  # enable + restart
    clock_step(q, AN_NS + 1000000)
    lp100 = mdio45(q, 1, 7, 19)
    mdio45(q, 1, 7, 32, 0x80)
    mdio45(q, 1, 7, 0, 0x1200)
    clock_step(q, AN_NS + 1000000)
    check("p11-c45-phy-renegotiates", lp100 & 0x180 and
          mdio45(q, 1, 7, 1) & 0x20, "7.19 0x%x" % lp100)


def on_fresh_device(props, *tests):
    """Run @tests in order on one new, initialised device with @props."""
    q = QTest(props)
    try:
        setup_pci(q)
        basic_init(q)
        for test in tests:
            test(q)
    finally:
        q.close()


def main():
    if not os.access(QEMU, os.X_OK):
        print("FAIL model-test: no QEMU at %s (run make qemu)" % QEMU)
        return 1
    q = QTest("")
    try:
        setup_pci(q)
        test_identity(q)
        basic_init(q)
        test_irq_selftest(q)
        test_rx(q)
        test_rx_multibuf(q)
        test_rss(q)
        test_mcast(q)
        test_tx(q)
        test_guest_errors(q)
    finally:
        q.close()

    # The wire: each test on a fresh device, so the clock and rings are clean
    for test in (test_rx_pacing, test_tx_pacing):
        on_fresh_device("", test)
    on_fresh_device(",x-rx-fifo-size=8192",
                    lambda q: test_rx_fifo_overflow(q, 8192))
    on_fresh_device("", test_flow_control_tx)
    on_fresh_device("", test_flow_control_rx)
    on_fresh_device("", test_ptp_clock)
    on_fresh_device("", test_ptp_tx)
    on_fresh_device("", test_ptp_rx)
    on_fresh_device("", test_ptp_latency)
    qmp_path = tempfile.mktemp(prefix="lan743x-qmp-")
    q = QTest(",id=lt", ("-qmp", "unix:%s,server=on,wait=off" % qmp_path))
    try:
        setup_pci(q)
        basic_init(q)
        test_ptp_perout(q, Qmp(qmp_path))
    finally:
        q.close()
        if os.path.exists(qmp_path):
            os.unlink(qmp_path)
    on_fresh_device("", test_phy_universal_partner)
    on_fresh_device("", test_phy_no_link_no_frames)
    q = two_chips()
    try:
        test_phy_two_chips(q)
    finally:
        q.close()
    test_phy_one_ended_cable()
    test_phy_cable_two_ends_only()
    on_fresh_device("", test_faults_off)
    on_fresh_device(",x-faults=on", test_fault_dead, test_fault_tx_head,
                    test_fault_stop_hang, test_fault_rx, test_fault_irq)
    on_fresh_device(",x-gen=on", test_gen_udp)
    on_fresh_device(",x-gen=on", test_gen_udp_pause)
    on_fresh_device(",x-gen=on", test_gen_tcp)
    on_fresh_device(",x-gen=on", test_gen_arp_and_off)
    on_fresh_device("", test_gen_off)
    on_fresh_device("", test_eeprom)
    test_otp_file()

    on_fresh_device(",device-id=0x7431,phy=off,strap-mii=on", test_board_switch)
    on_fresh_device(",device-id=0x7431,phy-addr=7", test_board_phy_addr)
    test_board_refused()

    on_family_device(",chip=pci11414,interface=sgmii,x-faults=on",
                     family_identity(0xa0411055, (1 << 22) | (1 << 6)),
                     test_family_pcs, test_family_tx_channel3,
                     test_family_extts)
    on_family_device_qmp(",id=lt,chip=pci11414,interface=sgmii",
                         test_family_perout)
    on_family_device(",chip=pci11010,x-faults=on",
                     family_identity(0xa0111055, 1 << 22), test_family_nvm)
    on_family_device_qmp(",chip=pci11414,interface=sgmii", test_family_d3_keep)
    on_family_device(",chip=pci11414,interface=sgmii-2500",
                     family_identity(0xa0411055, (1 << 22) | (1 << 6) |
                                     (1 << 4)),
                     test_family_c45_phy, lambda q: test_tx_pacing(q, 2500))

    q = QTest(",revision=a0,device-id=0x7431,msix=off")
    try:
        setup_pci(q, msix=False)
        idrev = q.rd(0)
        check("id-rev-a0-7431", idrev == 0x74310000, "0x%08x" % idrev)
    finally:
        q.close()
    print("%d failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

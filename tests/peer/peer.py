#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Host-side peer service for the guest scenarios.

Runs inside the test network namespace (tests/run starts it with
`ip netns exec`), listening on 198.18.0.1:5300.  The guest only has
busybox nc, so the protocol is one ASCII request line per TCP connection;
the guest half-closes its side after sending and reads until we close.

  GET <n>          reply: 64 hex digits of sha256, "\n", then n random bytes
  PUT <n>\n<data>  read exactly n bytes; reply "<sha256> <received>\n"
  MTU <n>          set the tap's MTU (for the jumbo-frame scenarios); "OK"
  LINK-FLAP <ms>   reply "OK", then set_link off / on through QEMU's QMP
                   socket, <ms> apart (the guest's link goes away meanwhile,
                   so the reply comes first)
  PING             reply "PONG" (readiness check)
  AER <dev> <error> [-c]
                   QEMU's HMP pcie_aer_inject_error on the device with QEMU
                   id <dev> (an error name such as POISON_TLP or RCVR, or
                   a status value, -c for a correctable one); reply what
                   QEMU said ("OK id: ..."), or "ERR" and what it said
  REPLUG <dev> <bus> del|wait <ms>
                   hot-plug cycle of the device with QEMU id <dev> on the
                   PCIe port <bus>: its properties are read (qom-get) and
                   the reply "OK" sent; then "del" asks QEMU to remove it
                   (device_del: the port's attention button, the guest's
                   orderly removal), "wait" waits for it to go by itself
                   (the guest pulls it from its slot); once it is gone
                   (60 s at most), <ms> later the same device is added
                   again (device_add), and again <ms> after QEMU takes
                   it out by itself within 60 s (at most twice more):
                   the guest's pciehp, still removing the old one after
                   a surprise removal, powers the slot off when done, on
                   which QEMU takes out what the slot holds
  GPIO-EDGES       reply the x-gpio-edges property of the LAN743x on
                   netdev n0 (QMP qom-get): its GPIOs' edges with the
                   1588 clock's time of each (44-ptp-perout)
  PTP-SLAVE <s>    run linuxptp's ptp4l on the tap for <s> seconds as a
                   slave-only clock with software timestamps (UDPv4, E2E),
                   against the guest's master; then reply "PTP4L <rc>
                   offsets <n> slave <0|1> max <ns>" (n: "master offset"
                   reports, slave: it reached the SLAVE state, max: the
                   largest |offset| of the second half), and the last lines
                   of ptp4l's output, " | "-separated
  RAW <kind> <n> [<ms>|armed]
                   write raw Ethernet frames onto the tap (AF_PACKET): n
                   bad frames of <kind>, each between good ones (ICMP echo
                   requests from us to the requesting guest, which it
                   counts as Icmp InEchos), n + 1 good in all; reply
                   "SENT <kind> bad <n> good <m> sizes <lo>-<hi>" (sizes
                   without FCS).  With <ms> the reply comes first and the
                   frames <ms> later; with "armed", once the LAN743x on
                   --netdev has a fault armed (its x-fault property), for
                   at most 60 s: the guest arms it after the reply.
                   Kinds: runt (14..59 bytes), oversize (above the
                   MTU-derived MAX_SIZE, 1515..9216 bytes at MTU 1500),
                   giant (9217..65000: beyond the jumbo limit and the
                   chip's 16 KiB MAX_SIZE field), ethertype (odd
                   EtherTypes and 802.3 length fields, many disagreeing
                   with the frame's size), vlan (priority-tagged echo
                   requests of 1514..1518 bytes, as big as a tagged
                   frame may be at MTU 1500: bad only if the MAC does not
                   allow tagged frames 4 bytes more, FSE), badfcs (n
                   frames of EtherType
                   0x88b5, then n + 1 good: the guest makes the model spoil
                   the FCS of the n first with its fault register, code 10;
                   nothing is interleaved, as the model spoils whatever
                   comes next).  The model pads short frames as a sending
                   NIC would; with <ms> the guest can arm code 11 (RX_RUNT)
                   to have runts taken unpadded.  For frames above the
                   tap's MTU it is raised while they go out and restored
                   afterwards.
  XDP <kind> <n> <size> [<ifindex> [<ms>]]
                   n frames of EtherType 0x88b5 and <size> bytes (no FCS,
                   up to 9018: the tap's MTU raised meanwhile)
                   to the requesting guest, each carrying <ifindex> (a
                   big-endian u32, 0 by default: the XDP program that
                   redirects sends it there), a sequence number and
                   random bytes; the frames that come back on the tap are
                   compared with what the guest's XDP program should have
                   made of them.  After the last frame went out the peer
                   waits <ms> (2000 by default; a slower guest asks for
                   more), again after each frame that comes back, until
                   every frame is back (then <ms>/10 for strays), and at
                   most 10 x <ms>; for none, <ms> after the last frame.
                   Its socket takes the guest's frames only, with room
                   for all of them: a peer held up by a loaded host
                   loses none (missed: the frames it had no room for
                   all the same).  Kinds: echo
                   (the same frame, MAC addresses swapped), shape (MAC
                   addresses swapped, EtherType 0x88b6, 4 bytes de ad be
                   ef after the header, then the frame's payload less its
                   last 8 bytes), none (nothing is to come back).  Reply
                   "XDP <kind> sent <n> missed <d> back <m> good <k>"
                   (back: frames of EtherType 0x88b5 or 0x88b6 from the
                   guest; good: those that are exactly as expected, each
                   sequence number once)
  WOL <kind> <ms>  wake-on-LAN: reply "OK", then wait (QMP query-status)
                   until the guest is suspended, write one frame of <kind>
                   to the guest's MAC onto the tap, and watch for <ms>
                   whether the guest runs again; if it does not, wake it
                   with QMP system_wakeup.  Kinds: magic (a magic packet,
                   EtherType 0x0842, to the guest's address), magic-bcast
                   (the same to broadcast), ucast (an ICMP echo request to
                   the guest), bcast (an ARP request for another address,
                   broadcast), mcast (a UDP datagram to 224.0.0.251, mDNS,
                   at 01:00:5e:00:00:fb), mcast-other (a PTP frame to the
                   non-IP multicast address 01:1b:19:00:00:00)
  WOL-RESULT       the outcome of the last WOL from this guest, once it is
                   known (waits up to 120 s): "WOKE <kind> <ms>" (running
                   again <ms> after the frame), "ASLEEP <kind> <ms>" (still
                   suspended <ms> after it; woken by QMP then), or
                   "ERR <what>"

Errors are answered with a line starting with "ERR".  Python stdlib only.

With --poweroff-state SECS it serves nothing: it waits for the guest to
power off (QEMU started with -no-shutdown), prints the LAN743x's
x-dma-state (what could still reach the host's memory) and ends QEMU; tests/run
uses it for the poweroff board.
"""

import argparse
import hashlib
import json
import os
import socket
import socketserver
import struct
import subprocess
import sys
import threading
import time

MAX_BYTES = 256 << 20   # refuse silly sizes instead of exhausting memory
CHUNK = 1 << 20
RAW_MAX = 200           # bad frames per RAW request
RAW_GAP = 0.003         # seconds between raw frames: the guest's ring under
                        # TCG must never be what drops a good one
ETH_P_EXP = 0x88b5      # IEEE 802 local experimental EtherType 1
SOL_PACKET = 263
PACKET_STATISTICS = 6
PACKET_IGNORE_OUTGOING = 23
SO_RCVBUFFORCE = 33
XDP_RCVBUF = 64 << 20   # the echoes of 5000 frames of 9018 bytes, unread
# what REPLUG gives the device it adds again: what the one removed had
REPLUG_PROPS = ("netdev", "mac", "device-id", "revision", "msix",
                "x-msix-vectors", "msi", "x-faults", "x-gen", "phy",
                "strap-mii", "phy-addr")


def ip_csum(data):
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while total >> 16:
        total = (total & 0xffff) + (total >> 16)
    return ~total & 0xffff


def eth_frame(dst, src, etype, payload):
    return dst + src + struct.pack("!H", etype) + payload


def echo_request(dst_mac, src_mac, src_ip, dst_ip, seq, data_len=56):
    """A good ICMP echo request, 98 bytes (ping's default size)."""
    data = (b"lan743x-raw-good" + bytes(data_len))[:data_len]
    icmp = struct.pack("!BBHHH", 8, 0, 0, 0x4c54, seq & 0xffff) + data
    icmp = icmp[:2] + struct.pack("!H", ip_csum(icmp)) + icmp[4:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(icmp), seq & 0xffff,
                     0, 64, 1, 0, src_ip, dst_ip)
    ip = ip[:10] + struct.pack("!H", ip_csum(ip)) + ip[12:]
    return eth_frame(dst_mac, src_mac, 0x0800, ip + icmp)


def udp4(src_ip, dst_ip, sport, dport, data):
    """An IPv4 UDP datagram (checksum 0: none), TTL 1."""
    udp = struct.pack("!HHHH", sport, dport, 8 + len(data), 0) + data
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), 0, 0, 1, 17,
                     0, src_ip, dst_ip)
    return ip[:10] + struct.pack("!H", ip_csum(ip)) + ip[12:] + udp


def bad_frames(kind, n, dst, src, src_ip, dst_ip):
    """n frames of @kind (without FCS), none of them an echo request
    the guest would count."""
    out = []
    if kind == "runt":
        # IPv4 cut short (header claims 84 bytes), truncated ARP, other
        for i in range(n):
            size = 14 + i % 46
            etype = (0x0800, 0x0806, ETH_P_EXP)[i % 3]
            body = echo_request(dst, src, src_ip, dst_ip, 0xf000 + i)[14:]
            out.append(eth_frame(dst, src, etype, body)[:size])
    elif kind in ("oversize", "giant"):
        sizes = ((1515, 1516, 1518, 1519, 1522, 1600, 2048, 4096, 8192,
                  9000, 9014, 9018, 9216) if kind == "oversize" else
                 (9217, 9218, 9234, 10240, 16000, 16380, 16384, 16385,
                  20000, 32768, 65000))
        for i in range(n):
            size = sizes[i % len(sizes)]
            # a whole echo request with a huge payload: dropped by the MAC,
            # or counted if it ever got through
            body = echo_request(dst, src, src_ip, dst_ip, 0xf000 + i)[14:]
            body += bytes((j & 0xff for j in range(size - 14 - len(body))))
            out.append(eth_frame(dst, src, 0x0800, body))
    elif kind == "ethertype":
        # (type or 802.3 length, frame size): lengths 0, 1, 46 and 1500
        # match a 60- or 1514-byte frame, the others do not; 0x05dd..0x05ff
        # are neither length nor type; 0xffff as the first payload bytes is
        # raw 802.3 (Novell)
        cases = ((0x0000, 60), (0x0001, 60), (0x002e, 60), (0x0040, 60),
                 (0x05dc, 60), (0x05dc, 1514), (0x0100, 1514), (0x05dd, 60),
                 (0x05ff, 200), (0x0600, 60), (0x0801, 100), (ETH_P_EXP, 60),
                 (0x9000, 64), (0xfffe, 1514), (0xffff, 60), (0x002e, 1514))
        for i in range(n):
            etype, size = cases[i % len(cases)]
            body = bytes(((i + j) & 0xff for j in range(size - 14)))
            if i % len(cases) == 14:
                body = b"\xff\xff" + body[2:]
            out.append(eth_frame(dst, src, etype, body))
    elif kind == "vlan":
        # priority-tagged (802.1Q, VID 0) echo requests of 1514..1518
        # bytes: above the untagged maximum, within MAX_SIZE + 4 that FSE
        # allows a tagged frame; the stack takes VID 0 as untagged
        for i in range(n):
            ip_len = 1496 + i % 5
            f = echo_request(dst, src, src_ip, dst_ip, 0xf000 + i,
                             ip_len - 28)
            out.append(f[:12] + struct.pack("!HH", 0x8100, (i % 8) << 13) +
                       f[12:])
    elif kind == "badfcs":
        for i in range(n):
            size = (60, 64, 128, 512, 1024, 1514)[i % 6]
            out.append(eth_frame(dst, src, ETH_P_EXP, bytes(size - 14)))
    else:
        raise ValueError(f"unknown kind {kind}")
    return out


def guest_mac(tap, ip):
    """The MAC address the tap's neighbour table has for @ip."""
    with open("/proc/net/arp") as f:
        for line in f.readlines()[1:]:
            w = line.split()
            if len(w) >= 6 and w[0] == ip and w[5] == tap and \
                    w[3] != "00:00:00:00:00:00":
                return bytes.fromhex(w[3].replace(":", ""))
    raise OSError(f"no neighbour entry for {ip} on {tap}")


def log(msg):
    print(f"peer {time.strftime('%H:%M:%S')}: {msg}", flush=True)


class Qmp:
    """Minimal QMP client: one connection per command sequence."""

    def __init__(self, path):
        self.path = path

    def _cmd(self, sock, rfile, execute, arguments=None):
        msg = {"execute": execute}
        if arguments is not None:
            msg["arguments"] = arguments
        sock.sendall(json.dumps(msg).encode() + b"\n")
        # Skip asynchronous events until the command's answer arrives.
        while True:
            line = rfile.readline()
            if not line:
                raise OSError("QMP connection closed")
            reply = json.loads(line)
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise OSError(f"QMP {execute}: {reply['error']}")

    def gpio_edges(self, netdev):
        return self.lan743x_prop(netdev, "x-gpio-edges")

    def lan743x_prop(self, netdev, prop):
        """A property of the LAN743x on netdev @netdev."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(10)
            sock.connect(self.path)
            rfile = sock.makefile("rb")
            rfile.readline()                      # greeting
            self._cmd(sock, rfile, "qmp_capabilities")
            for base in ("/machine/peripheral", "/machine/peripheral-anon"):
                for child in self._cmd(sock, rfile, "qom-list",
                                       {"path": base}):
                    if child["type"] != "child<lan743x>":
                        continue
                    path = f"{base}/{child['name']}"
                    if self._cmd(sock, rfile, "qom-get",
                                 {"path": path,
                                  "property": "netdev"}) != netdev:
                        continue
                    return self._cmd(sock, rfile, "qom-get",
                                     {"path": path, "property": prop})
        raise OSError(f"no lan743x on netdev {netdev}")

    def run(self, *cmds):
        """Commands (execute, arguments) in one session: their returns."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(10)
            sock.connect(self.path)
            rfile = sock.makefile("rb")
            rfile.readline()                      # greeting
            self._cmd(sock, rfile, "qmp_capabilities")
            return [self._cmd(sock, rfile, c, a) for c, a in cmds]

    def set_link(self, name, up):
        self.run(("set_link", {"name": name, "up": up}))

    def hmp(self, line):
        return self.run(("human-monitor-command",
                         {"command-line": line}))[0]

    def peripherals(self):
        return [p["name"] for p in
                self.run(("qom-list", {"path": "/machine/peripheral"}))[0]]

    def props(self, dev, names):
        """The device's properties among @names that it has."""
        out = {}
        for name in names:
            try:
                val = self.run(("qom-get", {"path": f"/machine/peripheral/{dev}",
                                            "property": name}))[0]
            except OSError:
                continue
            if val not in (None, ""):
                out[name] = val
        return out

    def status(self):
        return self.run(("query-status", None))[0]["status"]


class Handler(socketserver.StreamRequestHandler):
    def reply(self, text):
        self.wfile.write(text.encode() + b"\n")

    def read_exact(self, n):
        h = hashlib.sha256()
        got = 0
        while got < n:
            buf = self.rfile.read1(min(CHUNK, n - got))
            if not buf:
                break
            h.update(buf)
            got += len(buf)
        return h.hexdigest(), got

    def handle(self):
        line = self.rfile.readline(200).decode(errors="replace").strip()
        words = line.split()
        log(f"{self.client_address[0]}: {line!r}")
        if not words:
            return
        cmd, args = words[0].upper(), words[1:]
        try:
            handler = getattr(self, "do_" + cmd.replace("-", "_"))
        except AttributeError:
            self.reply(f"ERR unknown command {cmd}")
            return
        try:
            handler(*args)
        except (TypeError, ValueError) as err:
            self.reply(f"ERR bad arguments: {err}")
        except (OSError, subprocess.SubprocessError) as err:
            log(f"{cmd} failed: {err}")
            try:
                self.reply(f"ERR {err}")
            except OSError:
                pass

    def do_PING(self):
        self.reply("PONG")

    def do_GPIO_EDGES(self):
        self.wfile.write(self.server.qmp.gpio_edges(self.server.netdev)
                         .encode())

    def do_GET(self, n):
        n = int(n)
        if not 0 <= n <= MAX_BYTES:
            raise ValueError(f"size {n} out of range")
        data = os.urandom(n)
        self.reply(hashlib.sha256(data).hexdigest())
        view = memoryview(data)
        for off in range(0, n, CHUNK):
            self.wfile.write(view[off:off + CHUNK])
        log(f"GET {n}: sent")

    def do_PUT(self, n):
        n = int(n)
        if not 0 <= n <= MAX_BYTES:
            raise ValueError(f"size {n} out of range")
        digest, got = self.read_exact(n)
        log(f"PUT {n}: received {got}")
        self.reply(f"{digest} {got}")

    def do_MTU(self, mtu):
        mtu = int(mtu)
        if not 68 <= mtu <= 65535:
            raise ValueError(f"MTU {mtu} out of range")
        subprocess.run(["ip", "link", "set", "dev", self.server.tap,
                        "mtu", str(mtu)], check=True, timeout=10)
        self.reply("OK")

    def do_RAW(self, kind, n, ms=None):
        n = int(n)
        if not 1 <= n <= RAW_MAX:
            raise ValueError(f"count {n} out of range")
        tap = self.server.tap
        ip = self.client_address[0]
        dst = guest_mac(tap, ip)
        with open(f"/sys/class/net/{tap}/address") as f:
            src = bytes.fromhex(f.read().strip().replace(":", ""))
        src_ip = socket.inet_aton(self.server.server_address[0])
        dst_ip = socket.inet_aton(ip)
        bad = bad_frames(kind, n, dst, src, src_ip, dst_ip)
        good = [echo_request(dst, src, src_ip, dst_ip, i)
                for i in range(n + 1)]
        if kind == "badfcs":
            frames = bad + good
        else:
            frames = [good[0]]
            for b, g in zip(bad, good[1:]):
                frames += [b, g]
        sizes = [len(b) for b in bad]
        text = (f"SENT {kind} bad {len(bad)} good {len(good)} "
                f"sizes {min(sizes)}-{max(sizes)}")
        if ms is None:
            self.server.raw_send(frames)
            self.reply(text)
            return
        if ms == "armed":
            self.reply(text)
            threading.Thread(target=self.server.raw_send_armed,
                             args=(frames,), daemon=True).start()
            return
        ms = int(ms)
        if not 0 <= ms <= 60000:
            raise ValueError(f"delay {ms} out of range")
        self.reply(text)
        threading.Thread(target=self.server.raw_send, args=(frames, ms),
                         daemon=True).start()

    def do_XDP(self, kind, n, size, ifindex="0", ms="2000"):
        n, size, ifindex, ms = int(n), int(size), int(ifindex), int(ms)
        if kind not in ("echo", "shape", "none"):
            raise ValueError(f"unknown kind {kind}")
        if not 1 <= n <= 5000 or not 60 <= size <= 9018:
            raise ValueError(f"count {n} or size {size} out of range")
        if not 100 <= ms <= 60000:
            raise ValueError(f"wait {ms} out of range")
        tap = self.server.tap
        # jumbo frames: the tap's MTU raised while they go and come back
        with open(f"/sys/class/net/{tap}/mtu") as f:
            mtu = int(f.read())
        if size - 14 > mtu:
            with self.server.raw_lock:
                subprocess.run(["ip", "link", "set", "dev", tap, "mtu",
                                str(size - 14)], check=True, timeout=10)
                try:
                    return self.xdp_exchange(kind, n, size, ifindex, ms)
                finally:
                    time.sleep(0.2)
                    subprocess.run(["ip", "link", "set", "dev", tap, "mtu",
                                    str(mtu)], check=True, timeout=10)
        return self.xdp_exchange(kind, n, size, ifindex, ms)

    def xdp_exchange(self, kind, n, size, ifindex, ms):
        tap = self.server.tap
        dst = guest_mac(tap, self.client_address[0])
        with open(f"/sys/class/net/{tap}/address") as f:
            src = bytes.fromhex(f.read().strip().replace(":", ""))
        sent = {}
        for seq in range(n):
            payload = struct.pack("!II", ifindex, seq)
            payload += os.urandom(size - 14 - len(payload))
            sent[seq] = eth_frame(dst, src, ETH_P_EXP, payload)
        want = {}
        for seq, f in sent.items():
            if kind == "echo":
                want[seq] = f[6:12] + f[0:6] + f[12:]
            elif kind == "shape":
                want[seq] = (f[6:12] + f[0:6] + struct.pack("!H", 0x88b6) +
                             bytes.fromhex("deadbeef") + f[14:-8])
        back = good = 0
        seen = set()
        wait = ms / 1000
        with socket.socket(socket.AF_PACKET, socket.SOCK_RAW,
                           socket.htons(0x0003)) as s:
            # not the host's own frames on the tap (a download's), and
            # room for every frame of the guest while this thread waits
            s.setsockopt(SOL_PACKET, PACKET_IGNORE_OUTGOING, 1)
            s.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, XDP_RCVBUF)
            s.bind((tap, 0))
            s.settimeout(0.05)
            frames = list(sent.values())
            # last: when the last frame went out, then when one came back
            last = done = None
            i = 0
            while True:
                if i < len(frames):
                    s.send(frames[i])
                    i += 1
                    if i == len(frames):
                        last = time.monotonic()
                        done = last + 10 * wait
                else:
                    now = time.monotonic()
                    quiet = wait / 10 if want and good == n else wait
                    if now > last + quiet or now > done:
                        break
                try:
                    while True:
                        r, addr = s.recvfrom(16384)
                        # PACKET_OUTGOING (4): our own frames
                        if addr[2] == 4 or r[6:12] != dst or \
                                r[12:14] not in (b"\x88\xb5", b"\x88\xb6"):
                            continue
                        back += 1
                        off = 14 if r[12:14] == b"\x88\xb5" else 18
                        if len(r) < off + 8:
                            continue
                        seq = struct.unpack("!I", r[off + 4:off + 8])[0]
                        # the tap may pad a short frame to 60 bytes
                        w = want.get(seq)
                        if w is not None and seq not in seen and \
                                (r == w or (len(w) < 60 and
                                            r == w + bytes(60 - len(w)))):
                            seen.add(seq)
                            good += 1
                        # the guest is still at it: wait on
                        if want and last is not None:
                            last = time.monotonic()
                        s.settimeout(0)
                except (socket.timeout, BlockingIOError):
                    s.settimeout(0.05 if i == len(frames) else 0.002)
            missed = struct.unpack("II", s.getsockopt(
                SOL_PACKET, PACKET_STATISTICS, 8))[1]
        text = f"XDP {kind} sent {n} missed {missed} back {back} good {good}"
        log(text)
        self.reply(text)

    def do_PTP_SLAVE(self, secs):
        secs = int(secs)
        if not 1 <= secs <= 25:
            raise ValueError(f"duration {secs} out of range")
        # free_running: measure only, never adjust the clock (the host's
        # CLOCK_REALTIME: clocks are not per network namespace)
        r = subprocess.run(["timeout", "-s", "INT", str(secs), "ptp4l", "-S",
                            "-s", "-m", "-q", "--free_running=1",
                            "-i", self.server.tap],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=secs + 10)
        lines = r.stdout.splitlines()
        offsets = [abs(int(w[i + 1])) for w in (ln.split() for ln in lines)
                   for i in range(len(w) - 1)
                   if w[i] == "offset" and w[i + 1].lstrip("-").isdigit()]
        late = offsets[len(offsets) // 2:]
        slave = any("to SLAVE" in ln for ln in lines)
        log(f"PTP-SLAVE: rc {r.returncode}, {len(offsets)} offsets")
        self.reply(f"PTP4L {r.returncode} offsets {len(offsets)} slave "
                   f"{int(slave)} max {max(late) if late else -1} | "
                   + " | ".join(lines[-6:]))

    def do_AER(self, dev, error, *flags):
        if not dev.isalnum() or not error.replace("_", "").isalnum() or \
                not set(flags) <= {"-c"}:
            raise ValueError("AER <dev> <error> [-c]")
        line = " ".join(["pcie_aer_inject_error", *flags, dev, error])
        out = self.server.qmp.hmp(line).strip()
        log(f"{line}: {out}")
        # "OK id: lan0 root bus: pcie.0, bus: 1 devfn: 0.0"
        self.reply(out if out.startswith("OK") else f"ERR {out}")

    def do_REPLUG(self, dev, bus, mode, ms):
        ms = int(ms)
        if not dev.isalnum() or not bus.isalnum() or \
                mode not in ("del", "wait") or not 0 <= ms <= 60000:
            raise ValueError("REPLUG <dev> <bus> del|wait <ms>")
        props = self.server.qmp.props(dev, REPLUG_PROPS)
        if "netdev" not in props:
            raise OSError(f"no device {dev} with a netdev")
        self.reply("OK")
        gen = self.server.replugs.get(dev, 0) + 1
        self.server.replugs[dev] = gen
        threading.Thread(target=self.server.replug,
                         args=(dev, bus, mode, ms, props, gen),
                         daemon=True).start()
    def do_WOL(self, kind, ms):
        ms = int(ms)
        if not 0 < ms <= 60000:
            raise ValueError(f"duration {ms} out of range")
        tap = self.server.tap
        ip = self.client_address[0]
        dst = guest_mac(tap, ip)
        with open(f"/sys/class/net/{tap}/address") as f:
            src = bytes.fromhex(f.read().strip().replace(":", ""))
        src_ip = socket.inet_aton(self.server.server_address[0])
        bcast = b"\xff" * 6
        magic = b"\xff" * 6 + dst * 16
        if kind == "magic":
            frame = eth_frame(dst, src, 0x0842, magic)
        elif kind == "magic-bcast":
            frame = eth_frame(bcast, src, 0x0842, magic)
        elif kind == "ucast":
            frame = echo_request(dst, src, src_ip, socket.inet_aton(ip), 1)
        elif kind == "bcast":
            # who-has 198.18.0.254 (nobody), tell us
            frame = eth_frame(bcast, src, 0x0806, struct.pack(
                "!HHBBH6s4s6s4s", 1, 0x0800, 6, 4, 1, src, src_ip,
                b"\0" * 6, socket.inet_aton("198.18.0.254")))
        elif kind == "mcast":
            frame = eth_frame(b"\x01\x00\x5e\x00\x00\xfb", src, 0x0800,
                              udp4(src_ip, socket.inet_aton("224.0.0.251"),
                                   5353, 5353, b"\0" * 12))
        elif kind == "mcast-other":
            frame = eth_frame(b"\x01\x1b\x19\x00\x00\x00", src, 0x88f7,
                              b"\x0b\x02" + b"\0" * 42)
        else:
            raise ValueError(f"unknown kind {kind}")
        done = threading.Event()
        self.server.wol[ip] = [done, "ERR no result yet"]
        self.reply("OK")
        threading.Thread(target=self.server.wol_run,
                         args=(ip, kind, frame, ms), daemon=True).start()

    def do_WOL_RESULT(self):
        entry = self.server.wol.get(self.client_address[0])
        if entry is None:
            self.reply("ERR no WOL request")
            return
        entry[0].wait(120)
        self.reply(entry[1])

    def do_LINK_FLAP(self, ms):
        ms = int(ms)
        if not 0 < ms <= 120000:
            raise ValueError(f"duration {ms} out of range")
        self.reply("OK")
        threading.Thread(target=self.server.flap, args=(ms,),
                         daemon=True).start()


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, tap, qmp, netdev):
        super().__init__(addr, Handler)
        self.tap = tap
        self.qmp = Qmp(qmp)
        self.netdev = netdev
        self.raw_lock = threading.Lock()
        self.wol = {}
        self.replugs = {}       # REPLUG generation per device

    def wol_run(self, ip, kind, frame, ms):
        entry = self.wol[ip]
        try:
            entry[1] = self.wol_watch(kind, frame, ms)
        except OSError as err:
            entry[1] = f"ERR {err}"
            try:
                if self.qmp.status() == "suspended":
                    self.qmp.run(("system_wakeup", None))
            except OSError:
                pass
        log(f"WOL: {entry[1]}")
        entry[0].set()

    def wol_watch(self, kind, frame, ms):
        end = time.monotonic() + 60
        while self.qmp.status() != "suspended":
            if time.monotonic() > end:
                return "ERR the guest did not suspend within 60 s"
            time.sleep(0.05)
        # let the guest settle in S3 before the frame
        time.sleep(0.5)
        if self.qmp.status() != "suspended":
            return "ERR the guest woke before the frame was sent"
        with socket.socket(socket.AF_PACKET, socket.SOCK_RAW) as s:
            s.bind((self.tap, 0))
            s.send(frame)
        sent = time.monotonic()
        log(f"WOL: {kind} frame written to {self.tap}")
        while time.monotonic() - sent < ms / 1000:
            if self.qmp.status() != "suspended":
                return f"WOKE {kind} {int((time.monotonic() - sent) * 1000)}"
            time.sleep(0.05)
        self.qmp.run(("system_wakeup", None))
        log("WOL: still suspended, woken with QMP system_wakeup")
        return f"ASLEEP {kind} {ms}"

    def raw_send_armed(self, frames):
        # A fixed delay loses the race with a slow guest (the debug
        # kernel on a loaded host): wait for the fault itself.
        end = time.monotonic() + 60
        while self.qmp.lan743x_prop(self.netdev, "x-fault") == 0:
            if time.monotonic() > end:
                log("RAW: no fault armed within 60 s, nothing sent")
                return
            time.sleep(0.02)
        self.raw_send(frames)

    def raw_send(self, frames, ms=0):
        time.sleep(ms / 1000)
        need = max(len(f) for f in frames) - 14
        with open(f"/sys/class/net/{self.tap}/mtu") as f:
            mtu = int(f.read())
        with self.raw_lock:
            try:
                if need > mtu:
                    subprocess.run(["ip", "link", "set", "dev", self.tap,
                                    "mtu", str(need)], check=True, timeout=10)
                with socket.socket(socket.AF_PACKET, socket.SOCK_RAW) as s:
                    s.bind((self.tap, 0))
                    for f in frames:
                        s.send(f)
                        time.sleep(RAW_GAP)
                log(f"RAW: {len(frames)} frames written to {self.tap}")
            finally:
                if need > mtu:
                    # let the last frame leave the tap's queue first
                    time.sleep(0.2)
                    subprocess.run(["ip", "link", "set", "dev", self.tap,
                                    "mtu", str(mtu)], check=True, timeout=10)

    def replug(self, dev, bus, mode, ms, props, gen):
        qmp = self.qmp

        def gone_within(secs):
            end = time.monotonic() + secs
            while dev in qmp.peripherals():
                if time.monotonic() > end or self.replugs[dev] != gen:
                    return False
                time.sleep(0.2)
            return self.replugs[dev] == gen

        try:
            if mode == "del":
                time.sleep(0.5)         # the "OK" first
                log(f"device_del {dev}")
                qmp.run(("device_del", {"id": dev}))
            if not gone_within(60):
                log(f"replug: {dev} still there after 60 s")
                return
            args = {"driver": "lan743x", "id": dev, "bus": bus, **props}
            # The guest may power the slot off after the device went
            # (pciehp, when its removal of the old one ends) and QEMU
            # then takes out the one added meanwhile: add it again.
            # Ends when another REPLUG of the device comes.
            for n in range(3):
                log(f"{dev} is gone; device_add in {ms} ms")
                time.sleep(ms / 1000)
                qmp.run(("device_add", args))
                log(f"device_add {args}")
                if not gone_within(60):
                    return
                log(f"{dev} taken out again (the guest powered its slot off)")
        except OSError as err:
            log(f"replug: {err}")

    def flap(self, ms):
        # Let the "OK" reach the guest before its link disappears.
        time.sleep(0.5)
        try:
            log(f"set_link {self.netdev} off for {ms} ms")
            self.qmp.set_link(self.netdev, False)
            time.sleep(ms / 1000)
        except OSError as err:
            log(f"link-flap: {err}")
        finally:
            # Whatever happened, try hard to leave the link up.
            for _ in range(5):
                try:
                    self.qmp.set_link(self.netdev, True)
                    log(f"set_link {self.netdev} on")
                    break
                except OSError as err:
                    log(f"link-flap restore: {err}")
                    time.sleep(1)


def poweroff_state(qmp, netdev, secs):
    """Wait for the guest to power off (QEMU -no-shutdown: its run state
    becomes "shutdown"), print the LAN743x's x-dma-state and end QEMU."""
    deadline = time.monotonic() + secs
    while True:
        status = qmp.run(("query-status", None))[0]["status"]
        if status == "shutdown":
            break
        if time.monotonic() > deadline:
            print(f"guest still {status} after {secs} s")
            return 1
        time.sleep(0.5)
    print(qmp.lan743x_prop(netdev, "x-dma-state"), flush=True)
    try:
        qmp.run(("quit", None))
    except OSError:
        pass                # QEMU may go before it answers
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="198.18.0.1")
    ap.add_argument("--port", type=int, default=5300)
    ap.add_argument("--tap")
    ap.add_argument("--qmp", required=True, help="QEMU QMP unix socket")
    ap.add_argument("--netdev", default="n0")
    ap.add_argument("--poweroff-state", type=int, metavar="SECS",
                    help="instead of serving: wait SECS at most for the "
                    "guest to power off, print its LAN743x's x-dma-state "
                    "and quit QEMU")
    args = ap.parse_args()
    if args.poweroff_state is not None:
        sys.exit(poweroff_state(Qmp(args.qmp), args.netdev,
                                args.poweroff_state))
    if not args.tap:
        ap.error("--tap is required")
    srv = Server((args.listen, args.port), args.tap, args.qmp, args.netdev)
    log(f"listening on {args.listen}:{args.port}")
    srv.serve_forever()


if __name__ == "__main__":
    sys.exit(main())

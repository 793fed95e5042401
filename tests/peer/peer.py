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

Errors are answered with a line starting with "ERR".  Python stdlib only.
"""

import argparse
import hashlib
import json
import os
import socket
import socketserver
import subprocess
import sys
import threading
import time

MAX_BYTES = 256 << 20   # refuse silly sizes instead of exhausting memory
CHUNK = 1 << 20


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

    def set_link(self, name, up):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(10)
            sock.connect(self.path)
            rfile = sock.makefile("rb")
            rfile.readline()                      # greeting
            self._cmd(sock, rfile, "qmp_capabilities")
            self._cmd(sock, rfile, "set_link", {"name": name, "up": up})


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="198.18.0.1")
    ap.add_argument("--port", type=int, default=5300)
    ap.add_argument("--tap", required=True)
    ap.add_argument("--qmp", required=True, help="QEMU QMP unix socket")
    ap.add_argument("--netdev", default="n0")
    args = ap.parse_args()
    srv = Server((args.listen, args.port), args.tap, args.qmp, args.netdev)
    log(f"listening on {args.listen}:{args.port}")
    srv.serve_forever()


if __name__ == "__main__":
    sys.exit(main())

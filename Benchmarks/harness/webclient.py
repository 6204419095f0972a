"""Just enough HTTP/1.1 and WebSocket to measure the web remote byte for byte and millisecond
for millisecond, with nothing but the standard library (Debian's python3-websockets is not
always on PATH's python3). Both count every byte they receive, headers included: that is
what a browser transfers.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import threading
import time
from dataclasses import dataclass


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    wire_bytes: int

    def json(self):
        return json.loads(self.body)


def _read_head(sock: socket.socket, buffer: bytearray) -> bytes:
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        buffer.extend(chunk)
    end = buffer.index(b"\r\n\r\n") + 4
    head = bytes(buffer[:end])
    del buffer[:end]
    return head


def _read_exactly(sock: socket.socket, buffer: bytearray, count: int) -> bytes:
    while len(buffer) < count:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        buffer.extend(chunk)
    data = bytes(buffer[:count])
    del buffer[:count]
    return data


def _parse_head(head: bytes) -> tuple[int, dict[str, str]]:
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    return status, headers


class HTTPClient:
    """One keep-alive connection, as a browser holds one per origin for its requests."""

    def __init__(self, port: int, token: str | None = None):
        self.port = port
        self.token = token
        self.reconnects = 0
        self._connect()

    def _connect(self) -> None:
        self.sock = socket.create_connection(("127.0.0.1", self.port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = bytearray()
        self.used = False

    def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                body: bytes | None = None) -> Reply:
        """As a browser does, a request the server closed a reused connection on, before
        answering a byte, is sent again once on a new connection."""
        try:
            return self._request(method, path, headers, body)
        except ConnectionError:
            if not self.used or self.buffer:
                raise
            self.sock.close()
            self.reconnects += 1
            self._connect()
            return self._request(method, path, headers, body)

    def _request(self, method: str, path: str, headers: dict[str, str] | None,
                 body: bytes | None) -> Reply:
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Accept-Encoding: gzip, deflate"]
        if self.token:
            lines.append(f"Authorization: Bearer {self.token}")
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        if body is not None:
            lines.append(f"Content-Length: {len(body)}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b""))
        head = _read_head(self.sock, self.buffer)
        status, reply_headers = _parse_head(head)
        wire = len(head)
        if reply_headers.get("transfer-encoding", "").lower() == "chunked":
            content = bytearray()
            while True:
                size_line = b""
                while not size_line.endswith(b"\r\n"):
                    size_line += _read_exactly(self.sock, self.buffer, 1)
                wire += len(size_line)
                size = int(size_line.strip().split(b";")[0], 16)
                chunk = _read_exactly(self.sock, self.buffer, size + 2)
                wire += len(chunk)
                if size == 0:
                    break
                content.extend(chunk[:-2])
            data = bytes(content)
        else:
            length = int(reply_headers.get("content-length", "0"))
            data = _read_exactly(self.sock, self.buffer, length) if method != "HEAD" else b""
            wire += len(data)
        self.used = True
        return Reply(status, reply_headers, data, wire)

    def command(self, name: str, **fields) -> Reply:
        """One verb with its fields, spelled as on the control socket: command("disc", disc=1)."""
        body = json.dumps({"command": name, **fields}).encode()
        reply = self.request("POST", "/api/v1/commands", {"Content-Type": "application/json"}, body)
        if reply.status != 200:
            raise RuntimeError(f"POST {name} answered {reply.status}: {reply.body[:300]!r}")
        return reply

    def close(self) -> None:
        self.sock.close()


class FeedClient:
    """A WebSocket on /api/v1/events, noting when each state frame arrived and its revision.
    Answers the server's pings, as a browser does."""

    def __init__(self, port: int, token: str):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Authorization: Bearer {token}\r\n\r\n"
        )
        self.buffer = bytearray()
        self.sock.sendall(request.encode())
        head = _read_head(self.sock, self.buffer)
        status, _ = _parse_head(head)
        if status != 101:
            raise RuntimeError(f"the WebSocket upgrade answered {status}")
        self.wire_bytes = len(head)
        self.first_frame_bytes = 0
        self.arrivals: list[tuple[float, int]] = []
        self.heartbeats = 0
        self.condition = threading.Condition()
        self.closed = False
        self.send_lock = threading.Lock()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                first = _read_exactly(self.sock, self.buffer, 2)
                opcode = first[0] & 0x0F
                length = first[1] & 0x7F
                extra = 2
                if length == 126:
                    length = struct.unpack("!H", _read_exactly(self.sock, self.buffer, 2))[0]
                    extra += 2
                elif length == 127:
                    length = struct.unpack("!Q", _read_exactly(self.sock, self.buffer, 8))[0]
                    extra += 8
                payload = _read_exactly(self.sock, self.buffer, length)
                arrived = time.perf_counter()
                self.wire_bytes += extra + length
                if opcode == 1:
                    frame = json.loads(payload)
                    with self.condition:
                        if frame["type"] == "state":
                            if not self.arrivals:
                                self.first_frame_bytes = extra + length
                            self.arrivals.append((arrived, frame["body"]["revision"]))
                        else:
                            self.heartbeats += 1
                        self.condition.notify_all()
                elif opcode == 9:
                    self._send(10, payload)
                elif opcode == 8:
                    break
        except (ConnectionError, OSError):
            pass
        with self.condition:
            self.closed = True
            self.condition.notify_all()

    def _send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        with self.send_lock:
            self.sock.sendall(bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked)

    def arrival(self, revision: int, timeout: float = 10) -> float:
        """When the first state of at least `revision` arrived (waiting for it if need be)."""
        deadline = time.monotonic() + timeout
        with self.condition:
            while True:
                for arrived, seen in self.arrivals:
                    if seen >= revision:
                        return arrived
                if self.closed:
                    raise RuntimeError("the WebSocket closed before the new state came")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RuntimeError(f"revision {revision} did not arrive within {timeout:.0f} s")
                self.condition.wait(left)

    def wait_first(self, timeout: float = 10) -> None:
        self.arrival(0, timeout)

    def close(self) -> None:
        try:
            self._send(8, b"")
        except OSError:
            pass
        self.sock.close()

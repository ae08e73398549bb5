"""Figures 13 and 19: how long an event of a `text/event-stream`, or a WebSocket message, takes from
the server's write to the screen.

A server in this process writes one event every `gap` seconds and notes the clock right after each
write; `workbench` (`get URL` at a pseudo-terminal of its own, Benchmarks/paste_bench.py) and
`curl -N` (its standard output on a pipe) are read on this process's thread, and each event's
latency is the time its unique marker shows up minus the time it was written. The same clock
reads both ends, so nothing is estimated.
"""
import base64
import hashlib
import os
import select
import socket
import subprocess
import threading
import time

import paste_bench


class TimedServer:
    """A loopback server answering each connection on a thread of its own (`answer`), noting the
    clock right after each of `count` writes `gap` seconds apart."""

    def __init__(self, count, gap):
        self.count, self.gap = count, gap
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.port = self.listener.getsockname()[1]
        self.written = []   # per connection: the clock after each write
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.answer, args=(connection,), daemon=True).start()

    def read_head(self, connection):
        """The request's head, or None when the client went away first."""
        request = b""
        while b"\r\n\r\n" not in request:
            piece = connection.recv(4096)
            if not piece:
                return None
            request += piece
        return request

    def close(self):
        self.listener.close()


class EventServer(TimedServer):
    """Answers each connection with `count` SSE events, `gap` seconds apart, chunked."""

    def answer(self, connection):
        times = []
        self.written.append(times)
        with connection:
            if self.read_head(connection) is None:
                return
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                               b"Cache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n")
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            time.sleep(0.5)  # the client is reading before the first event
            for index in range(self.count):
                event = f"id: {index}\nevent: tick\ndata: {{\"marker\": \"ev-{index:04d}\"}}\n\n".encode()
                connection.sendall(f"{len(event):x}\r\n".encode() + event + b"\r\n")
                times.append(time.perf_counter())
                time.sleep(self.gap)
            connection.sendall(b"0\r\n\r\n")


def latencies(output_times, written, count):
    """Each event's latency: when its marker was first seen minus when it was written."""
    return [output_times[index] - written[index] for index in range(count)]


def watch(read, count, timeout):
    """Reads with `read()` (bytes or None) until every marker has been seen; the clock of each."""
    seen, buffer, deadline = {}, b"", time.perf_counter() + timeout
    while len(seen) < count:
        if time.perf_counter() > deadline:
            raise RuntimeError(f"saw {len(seen)} of {count} events; output ends {buffer[-300:]!r}")
        piece = read()
        if not piece:
            continue
        now = time.perf_counter()
        buffer += piece
        while len(seen) < count and f"ev-{len(seen):04d}".encode() in buffer:
            seen[len(seen)] = now
    return seen


def workbench_latencies(workbench, env, count=40, gap=0.05, settle=3.0, server_type=None,
                        typed="get http://127.0.0.1:{port}/events", prompt_after=b"events"):
    """With `settle` seconds after the prompt first: the session's start (the Swift host's warm-up
    compile, Benchmarks/first_steps_bench.py) is over, as it is when a person has typed a URL.
    `typed` is the input (its URL's `{port}` the server's); `prompt_after`, the text the prompt
    comes back after (None: the socket's messages do not end the input)."""
    server = (server_type or EventServer)(count, gap)
    terminal = paste_bench.Terminal(workbench, env)
    try:
        terminal.wait_for_prompt(0, 20)
        settled = time.perf_counter() + settle
        while time.perf_counter() < settled:
            terminal.pump(timeout=0.05)
        mark = len(terminal.output)
        terminal.pump((typed.format(port=server.port) + "\r").encode())

        def read():
            before = len(terminal.output)
            ready, _, _ = select.select([terminal.primary], [], [], 0.5)
            if ready:
                terminal.pump(timeout=0)
            return bytes(terminal.output[max(before, mark):])
        seen = watch(read, count, 30)
        if prompt_after:
            terminal.wait_for_prompt(mark, 20, before=prompt_after)
        terminal.pump(b"quit\r")
        return latencies(seen, server.written[0], count)
    finally:
        terminal.close()
        server.close()


def curl_latencies(count=40, gap=0.05):
    server = EventServer(count, gap)
    process = subprocess.Popen(["curl", "-sN", f"http://127.0.0.1:{server.port}/events"], stdout=subprocess.PIPE)
    try:
        descriptor = process.stdout.fileno()

        def read():
            ready, _, _ = select.select([descriptor], [], [], 0.5)
            return os.read(descriptor, 1 << 16) if ready else None
        seen = watch(read, count, 30)
        process.wait(10)
        return latencies(seen, server.written[0], count)
    finally:
        if process.poll() is None:
            process.kill()
        server.close()


class WebSocketServer(TimedServer):
    """Figure 19: answers the upgrade, then sends `count` text messages `gap` seconds apart, noting
    the clock right after each write, then a close frame."""

    def answer(self, connection):
        times = []
        self.written.append(times)
        with connection:
            request = self.read_head(connection)
            if request is None:
                return
            key = next(line.split(b":", 1)[1].strip() for line in request.split(b"\r\n") if line.lower().startswith(b"sec-websocket-key:"))
            accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
            connection.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                               b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            time.sleep(0.5)  # the client is reading before the first message
            for index in range(self.count):
                text = f'{{"marker": "ev-{index:04d}"}}'.encode()
                connection.sendall(bytes([0x81, len(text)]) + text)
                times.append(time.perf_counter())
                time.sleep(self.gap)
            connection.sendall(bytes([0x88, 0x02, 0x03, 0xE8]))
            time.sleep(0.5)


def workbench_websocket_latencies(workbench, env, count=40, gap=0.05):
    """`ws URL` at a pseudo-terminal, as `workbench_latencies` runs `get URL`."""
    return workbench_latencies(workbench, env, count, gap, server_type=WebSocketServer,
                               typed="ws ws://127.0.0.1:{port}/ticks", prompt_after=None)


def socket_websocket_latencies(count=40, gap=0.05):
    """The floor: Python reading the same messages from a plain socket, after its own handshake."""
    server = WebSocketServer(count, gap)
    connection = socket.create_connection(("127.0.0.1", server.port))
    try:
        connection.sendall(b"GET /ticks HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")

        def read():
            ready, _, _ = select.select([connection], [], [], 0.5)
            return connection.recv(1 << 16) if ready else None
        seen = watch(read, count, 30)
        return latencies(seen, server.written[0], count)
    finally:
        connection.close()
        server.close()

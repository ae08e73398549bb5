"""Figure 7: a large paste at a terminal, timed until the prompt is back.

`workbench` runs on a pseudo-terminal of its own, as in a terminal window. The paste is what a
terminal sends for one: with bracketed-paste codes around it when the program asked for them
(mode 2004, as terminals and tmux's `paste-buffer -p` do), or as bare keys otherwise. The clock
runs from the first byte written to the prompt after the `json` input's output, or for a long line
that is neither a command nor valid Swift (`long_line`), to the prompt after its one-line error.
"""
import fcntl
import os
import re
import select
import struct
import subprocess
import termios
import time

PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
# `wb> `, or with the base's name once one is set (`wb jsonplaceholder> `).
PROMPT = re.compile(rb"wb( [^\s>]+)?> ")


def document(size):
    """A one-line JSON array of about `size` bytes, with no tabs (libedit redraws the whole line for one)."""
    parts, total, index = [], 2, 0
    while total < size:
        item = f'{{"id": {index}, "title": "item {index} of a pasted document", "done": {str(index % 2 == 0).lower()}}}'
        parts.append(item)
        total += len(item) + 2
        index += 1
    return ("[" + ", ".join(parts) + "]").encode()


class Terminal:
    """`workbench --no-sandbox` (or with its sandbox, or another program and its `arguments`) on a
    new pseudo-terminal of 100×40, its output read as it comes."""

    def __init__(self, workbench, env, arguments=None, sandbox=False):
        self.primary, secondary = os.openpty()
        fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        if arguments is None:
            arguments = [] if sandbox else ["--no-sandbox"]
        self.process = subprocess.Popen(
            [workbench] + arguments, stdin=secondary, stdout=secondary, stderr=secondary,
            env=dict(env, TERM="xterm-256color", NO_COLOR="1", LANG="C.UTF-8", LC_ALL="C.UTF-8"),
            start_new_session=True, preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(secondary)
        os.set_blocking(self.primary, False)
        self.output = bytearray()

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        os.close(self.primary)

    def pump(self, data=b"", timeout=0.05):
        """Writes what it can of `data` and reads what has come; returns the part not written yet."""
        ready, writable, _ = select.select([self.primary], [self.primary] if data else [], [], timeout)
        if writable:
            try:
                data = data[os.write(self.primary, data[:1 << 16]):]
            except BlockingIOError:
                pass
        if ready:
            try:
                self.output += os.read(self.primary, 1 << 16)
            except (BlockingIOError, OSError):
                pass
        return data

    def raw(self):
        return termios.tcgetattr(self.primary)[3] & termios.ICANON == 0

    def wait_for_prompt(self, after, timeout, before=b""):
        """Waits for `before` (when given), then a prompt after it, with libedit reading keys."""
        deadline = time.perf_counter() + timeout
        while True:
            seen = bytes(self.output[after:])
            start = seen.find(before) if before else 0
            if start >= 0 and PROMPT.search(seen[start:]) and self.raw():
                return seen
            if time.perf_counter() > deadline:
                raise RuntimeError(f"no prompt within {timeout} s; output ends {seen[-300:]!r}")
            if self.process.poll() is not None:
                raise RuntimeError(f"workbench exited ({self.process.returncode}); output ends {seen[-300:]!r}")
            self.pump()


def paste(workbench, env, size, bracketed=True, timeout=300):
    """Seconds from the first byte of a pasted `json DOCUMENT` line (then Enter) to the next prompt,
    and the output that followed the paste."""
    line = b"json " + document(size)
    return timed_input(workbench, env, (PASTE_START + line + PASTE_END if bracketed else line) + b"\r", b"current body", timeout)


def long_line(workbench, env, line, timeout=300):
    """Seconds from the first byte of a pasted `line` (then Enter) that is not an input Workbench can
    run, such as a megabyte of letters, to the prompt after its one-line `error:`; and that output."""
    return timed_input(workbench, env, PASTE_START + line + PASTE_END + b"\r", b"error:", timeout)


def timed_input(workbench, env, data, before, timeout):
    """Seconds from the first byte of `data` written at a new session's prompt to the prompt after
    `before` shows, and the output since the first byte."""
    terminal = Terminal(workbench, env)
    try:
        terminal.wait_for_prompt(0, 20)
        mark = len(terminal.output)
        started = time.perf_counter()
        while data:
            data = terminal.pump(data, 0.05)
        seen = terminal.wait_for_prompt(mark, timeout, before=before)
        elapsed = time.perf_counter() - started
        terminal.pump(b"quit\r")
        return elapsed, seen
    finally:
        terminal.close()


def interrupt(workbench, env, timeout=60):
    """Seconds from Ctrl-C, pressed while a compiled `while true {}` spins, to the prompt after its
    `error: interrupted` line (the host stops the loop and keeps the session), and whether the host
    was rebuilt instead (what Ctrl-C did before it could stop a loop in place)."""
    terminal = Terminal(workbench, env)
    try:
        terminal.wait_for_prompt(0, 20)
        mark = len(terminal.output)
        data = b'let r = Int.random(in: 1...1_000_000); print("spinning"); while true {}\r'
        while data:
            data = terminal.pump(data, 0.05)
        deadline = time.perf_counter() + timeout
        while b"spinning" not in terminal.output[mark:]:
            if time.perf_counter() > deadline:
                raise RuntimeError(f"the loop did not start; output ends {bytes(terminal.output[-300:])!r}")
            terminal.pump()
        # Spinning for a moment, as a user notices a loop before pressing Ctrl-C.
        settle = time.perf_counter() + 0.3
        while time.perf_counter() < settle:
            terminal.pump()
        mark = len(terminal.output)
        started = time.perf_counter()
        terminal.pump(b"\x03")
        seen = terminal.wait_for_prompt(mark, timeout, before=b"error: interrupted")
        elapsed = time.perf_counter() - started
        terminal.pump(b"quit\r")
        return elapsed, b"rebuilt" in seen
    finally:
        terminal.close()


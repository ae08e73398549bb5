"""Figure 6, the session half: inputs timed one by one inside one live `workbench` session.

hyperfine times whole commands; what a user feels in a long session is the latency of each input,
so these runs drive one REPL through pipes, send one input at a time and time it until the line
that input prints last has arrived.
"""
import os
import select
import subprocess
import time


class LiveSession:
    """One `workbench --no-sandbox` reading inputs from a pipe."""

    def __init__(self, workbench, env):
        self.process = subprocess.Popen([workbench, "--no-sandbox"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, env=env, bufsize=0)
        self.pending = b""

    def send(self, text, until, timeout=120):
        """Sends `text` (one input); returns the seconds until the line after the summary line
        `until` (`NAME: TYPE`, a value's first line) was printed, and every line printed meanwhile."""
        started = time.perf_counter()
        self.process.stdin.write(text.encode() + b"\n")
        self.process.stdin.flush()
        lines = []
        deadline = started + timeout
        while True:
            while b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                lines.append(line.decode(errors="replace"))
                if len(lines) > 1 and lines[-2] == until:
                    return time.perf_counter() - started, lines
                if lines[-1].startswith("error:"):
                    raise RuntimeError(f"{text!r} failed: {lines[-1]}")
            self.read_more(deadline, f"{text!r} printed no {until!r} within {timeout} s: {lines[-5:]}")

    def read_more(self, deadline, failure):
        """Adds what the REPL printed next to `pending`, waiting until `deadline`; `failure` says why not."""
        left = deadline - time.perf_counter()
        if left <= 0:
            raise RuntimeError(failure)
        ready, _, _ = select.select([self.process.stdout], [], [], left)
        if ready:
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError(f"workbench ended: {failure}")
            self.pending += chunk

    def peak_mib(self):
        """Peak resident memory of the REPL and of each process it started (the Swift host), in MiB."""
        pids = [self.process.pid]
        for task in os.listdir(f"/proc/{self.process.pid}/task"):  # any of its threads may have started it
            try:
                with open(f"/proc/{self.process.pid}/task/{task}/children") as f:
                    pids += [int(p) for p in f.read().split()]
            except OSError:
                pass
        peaks = []
        for pid in pids:
            try:
                with open(f"/proc/{pid}/status") as f:
                    peaks += [int(line.split()[1]) / 1024 for line in f if line.startswith("VmHWM:")]
            except OSError:
                pass
        return peaks

    def close(self):
        try:
            self.process.stdin.write(b"quit\n")
            self.process.stdin.close()
            self.process.wait(timeout=30)
        except Exception:
            self.process.kill()


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def hundred_inputs(workbench, env):
    """Latencies of 100 compiled inputs in one session, each reading the value the one before bound."""
    session = LiveSession(workbench, env)
    try:
        latencies = []
        for index in range(100):
            source = "[0].map { $0 }[0]" if index == 0 else f"[v{index - 1}].map {{ $0 + 1 }}[0]"
            seconds, _ = session.send(f"let v{index} = {source}", until=f"v{index}: Int")
            latencies.append(seconds)
        return latencies
    finally:
        session.close()


def warm_compiler_cache(workbench, env):
    """One compiled input in a session of its own, so that the compiler's module cache under `env`'s
    HOME is filled before a figure times a first compiled input (figure 8 times a cold one)."""
    session = LiveSession(workbench, env)
    try:
        session.send("let warm = [0].map { $0 }[0]", until="warm: Int")
    finally:
        session.close()


def after_big_decode(workbench, env, document, photo_struct):
    """A 20 MB `decode [Photo]` on the fast path, then compiled inputs that read it: the first one
    (the host decodes the document once, catching up), the next ones (nothing is decoded again), and
    the fast path's `photos[0].title` after them. Returns seconds and the peak memory."""
    session = LiveSession(workbench, env)
    try:
        marker = "help quit"  # a command with fixed output: `quit`, then its summary line
        session.send(f"json @{document}\n{marker}", until="quit")
        session.send(f"{photo_struct}\n{marker}", until="quit")
        session.send(f"let photos = decode [Photo]\n{marker}", until="quit")
        count = "photos.filter { $0.albumId == 1 }.count: Int"
        first, _ = session.send("photos.filter { $0.albumId == 1 }.count", until=count)
        later = [session.send("photos.filter { $0.albumId == 1 }.count", until=count)[0] for _ in range(5)]
        fast = [session.send("photos[0].title", until="photos[0].title: String")[0] for _ in range(5)]
        return {"first": first, "later": median(later), "fast": median(fast), "peaks": session.peak_mib()}
    finally:
        session.close()


def replay_steps(workbench, env, directory, count=50):
    """Latencies of `replay --step` through a snippet of `count` statements that each compile (a
    closure) and read the value the one before bound: from the Enter that runs statement N to the
    echo of statement N+1. Returns the seconds of each statement but the last."""
    path = os.path.join(directory, "steps.swift")
    with open(path, "w") as f:
        f.write("// Each statement compiles and reads the one before.\n\nimport WorkbenchKit\n\n")
        f.write("let v1 = [1].map { $0 }[0]\n")
        for index in range(2, count + 1):
            f.write(f"let v{index} = [v{index - 1}].map {{ $0 + 1 }}[0]\n")
    session = LiveSession(workbench, env)
    try:
        session.process.stdin.write(f"replay {path} --step\n".encode())
        session.process.stdin.flush()
        wait_for(session, "» let v1 =")
        latencies = []
        for index in range(1, count):
            started = time.perf_counter()
            session.process.stdin.write(b"\n")
            session.process.stdin.flush()
            wait_for(session, f"» let v{index + 1} =")
            latencies.append(time.perf_counter() - started)
        return latencies
    finally:
        session.process.stdin.write(b"q\n")
        session.close()


def wait_for(session, text, timeout=120):
    """Reads the session's output until `text` appears in it; what came before is dropped."""
    deadline = time.perf_counter() + timeout
    while text.encode() not in session.pending:
        session.read_more(deadline, f"no {text!r} within {timeout} s: {session.pending[-300:]!r}")
    session.pending = session.pending.split(text.encode(), 1)[1]

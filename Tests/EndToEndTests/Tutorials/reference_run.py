"""What the generators of expected output share (Tutorials/generate.py, Playgrounds/generate.py):
the sandbox they run reference programs against, the routes that send the real APIs' hosts to it
(read from the sandbox's own offline routes), and running a command that must succeed."""

import os
import re
import subprocess
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
WORKBENCH = os.path.join(ROOT, ".build", "debug", "workbench")
ROUTING = os.path.join(ROOT, "Sources", "Sandbox", "Server", "OfflineRouting.swift")


def routes(sandbox):
    """REAL-PREFIX=SANDBOX-PREFIX pairs read from the sandbox's own offline routes."""
    text = open(ROUTING, encoding="utf-8").read()
    pairs = []
    for match in re.finditer(r'OfflineRoute\(host: "([^"]+)"(?:, pathPrefix: "([^"]+)")?,\s*sandboxPath: "([^"]+)"\)', text):
        host, prefix, path = match.group(1), match.group(2) or "/", match.group(3)
        for scheme in ("https", "http"):
            pairs.append((f"{scheme}://{host}{prefix}", sandbox + path))
    return pairs


def start_sandbox():
    """`workbench sandbox` on a free port: the process and its base URL."""
    if not os.path.exists(WORKBENCH):
        raise SystemExit(f"error: {WORKBENCH} is missing: run `swift build --product workbench` first")
    process = subprocess.Popen([WORKBENCH, "sandbox", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        match = re.search(r"http://127\.0\.0\.1:\d+", process.stdout.readline())
        if match:
            threading.Thread(target=process.stdout.read, daemon=True).start()
            return process, match.group(0)
    raise SystemExit("error: the sandbox did not say where it listens")


def run(command, **options):
    """Runs `command`; its failure ends the script with what it printed."""
    result = subprocess.run(command, capture_output=True, text=True, **options)
    if result.returncode != 0:
        raise SystemExit(f"error: {' '.join(command)} failed:\n{result.stderr}{result.stdout}")
    return result

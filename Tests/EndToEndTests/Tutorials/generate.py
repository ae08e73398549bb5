#!/usr/bin/env python3
"""Writes NAME.expected for every tutorial here: what the same code prints compiled.

Each NAME.swift is compiled as it is with `swiftc -swift-version 5` (what `swiftc FILE` uses with no
flag, as Xcode playgrounds do) and run against `workbench sandbox` on a free port, its requests to
the real APIs' hosts sent to the sandbox by offline_shim.c, as `workbench --offline` sends them.
Three things stand in for a Mac: FoundationNetworking is imported (a Mac's Foundation has
URLSession in it; Linux's has it apart), `import UIKit` is compiled as `import Foundation` (the pages
use only Foundation), and PlaygroundSupport.swift is the module `import PlaygroundSupport` finds. The
program's main run loop is kept running after its last line, as a playground page's is, until
`finishExecution()` or 3 seconds.

    swift build --product workbench
    python3 Tests/EndToEndTests/Tutorials/generate.py
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
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
    result = subprocess.run(command, capture_output=True, text=True, **options)
    if result.returncode != 0:
        raise SystemExit(f"error: {' '.join(command)} failed:\n{result.stderr}{result.stdout}")
    return result


def main():
    if not os.path.exists(WORKBENCH):
        raise SystemExit(f"error: {WORKBENCH} is missing: run `swift build --product workbench` first")
    sandbox, url = start_sandbox()
    work = tempfile.mkdtemp(prefix="tutorials-")
    try:
        run(["swiftc", "-swift-version", "5", "-emit-library", "-emit-module", "-module-name", "PlaygroundSupport",
             os.path.join(HERE, "PlaygroundSupport.swift"), "-o", os.path.join(work, "libPlaygroundSupport.so")], cwd=work)
        run(["clang", "-c", "-fPIC", os.path.join(HERE, "offline_shim.c"), "-o", os.path.join(work, "offline_shim.o")])
        pairs = routes(url)
        environment = dict(os.environ, TUTORIAL_ROUTES=";".join(f"{real}={local}" for real, local in pairs))
        for path in sorted(glob.glob(os.path.join(HERE, "*.swift"))):
            name = os.path.basename(path)[:-len(".swift")]
            if name == "PlaygroundSupport":
                continue
            source = "import FoundationNetworking\n" + open(path, encoding="utf-8").read().replace("import UIKit\n", "import Foundation\n")
            source += "\nRunLoop.main.run(until: Date(timeIntervalSinceNow: 3))\n"
            program = os.path.join(work, "main.swift")
            open(program, "w", encoding="utf-8").write(source)
            executable = os.path.join(work, name)
            run(["swiftc", "-swift-version", "5", "-module-name", "main", "-I", work, "-L", work, "-lPlaygroundSupport",
                 "-Xlinker", "-rpath", "-Xlinker", work, "-Xlinker", "--export-dynamic",
                 program, os.path.join(work, "offline_shim.o"), "-o", executable])
            output = run([executable], env=environment, timeout=60).stdout
            for real, local in pairs:
                output = output.replace(local, real)
            open(os.path.join(HERE, name + ".expected"), "w", encoding="utf-8").write(output)
            print(f"{name}.expected: {len(output.splitlines())} lines")
    finally:
        sandbox.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

"""What the programs need besides swiftc: a WorkbenchKit to link, and a sandbox to talk to."""

import glob
import hashlib
import os
import re
import subprocess
import threading
import time

from forms_table import HERE

ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


class KitLibrary:
    """Sources/WorkbenchKit as a shared library of its own (module WorkbenchKit), kept in
    .build/swift-forms/ and rebuilt only when its sources or the compiler change."""

    def __init__(self, work):
        sources = sorted(glob.glob(os.path.join(ROOT, "Sources", "WorkbenchKit", "**", "*.swift"), recursive=True))
        digest = hashlib.sha256(subprocess.run(["swiftc", "--version"], capture_output=True).stdout)
        for path in sources:
            with open(path, "rb") as file:
                digest.update(path.encode() + b"\0" + file.read())
        self.sources = sources
        self.directory = os.path.join(ROOT, ".build", "swift-forms", "kit-" + digest.hexdigest()[:16])

    def build(self):
        library = os.path.join(self.directory, "libWorkbenchKit.so")
        if os.path.exists(library):
            return
        os.makedirs(self.directory, exist_ok=True)
        partial = library + ".partial"
        subprocess.run(
            ["swiftc", "-swift-version", "6", "-g", "-parse-as-library", "-emit-library", "-emit-module",
             "-module-name", "WorkbenchKit", "-emit-module-path", os.path.join(self.directory, "WorkbenchKit.swiftmodule"),
             "-Xlinker", "-soname=libWorkbenchKit.so", *self.sources, "-o", partial],
            check=True, capture_output=True)
        os.rename(partial, library)

    def arguments(self, immediate=False):
        found = ["-I", self.directory, "-L", self.directory, "-lWorkbenchKit"]
        return found if immediate else found + ["-Xlinker", "-rpath", "-Xlinker", self.directory]


class Sandbox:
    """`workbench sandbox --port 0`, started on first use; its URL reaches `Workbench()` through the environment."""

    def __init__(self, workbench):
        self.workbench = workbench
        self.process = None
        self.url = None

    def environment(self):
        return {"WORKBENCH_SANDBOX_URL": self.url} if self.url else {}

    def start(self):
        if not os.path.exists(self.workbench):
            raise SystemExit(f"error: {self.workbench} is missing: run `swift build` first")
        self.process = subprocess.Popen([self.workbench, "sandbox", "--port", "0"], stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            match = re.search(r"http://127\.0\.0\.1:\d+", line)
            if match:
                self.url = match.group(0)
                # Keep reading what it prints, so a full pipe never stalls it.
                threading.Thread(target=self.process.stdout.read, daemon=True).start()
                return
        raise SystemExit("error: the sandbox did not say where it listens")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait()

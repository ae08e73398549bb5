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
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ beside the fixtures
from reference_run import WORKBENCH, routes, run, start_sandbox

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
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

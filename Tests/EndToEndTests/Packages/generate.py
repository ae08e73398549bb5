#!/usr/bin/env python3
"""Writes Expected/NAME.txt for every case in Cases/: what the same code prints compiled.

Each case's first line is the `package add` line PackageTests types at the prompt (GREETING stands
for the Greeting fixture as a git repository tagged 1.0.0, which this script makes as the tests do).
The rest is compiled as the one file of an executable target of a SwiftPM package that depends on
that package's products, in Swift 5 mode, and run. A case named `*-network` is run as
Tutorials/generate.py runs a tutorial: against `workbench sandbox`, its requests to the real APIs'
hosts sent there by Tutorials/offline_shim.c (as `workbench --offline` sends them), importing
FoundationNetworking (a Mac's Foundation has URLSession in it), its main run
loop kept running for 3 seconds after its last line (as replay waits for work left running).

    python3 Tests/EndToEndTests/Packages/generate.py
"""

import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tutorials"))
sys.dont_write_bytecode = True  # no __pycache__ beside the fixtures
from reference_run import routes, start_sandbox  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(command, **options):
    result = subprocess.run(command, capture_output=True, text=True, **options)
    if result.returncode != 0:
        raise SystemExit(f"error: {' '.join(command)} failed:\n{result.stderr}{result.stdout}")
    return result


def greeting_repository(work):
    """Greeting/ as a git repository with one commit tagged 1.0.0 (PackageTests makes the same)."""
    repository = os.path.join(work, "greeting")
    shutil.copytree(os.path.join(HERE, "Greeting"), repository)
    for command in (["git", "init", "-q"], ["git", "add", "."],
                    ["git", "-c", "user.name=Workbench", "-c", "user.email=tests@workbench.invalid", "commit", "-q", "-m", "Greeting"],
                    ["git", "tag", "1.0.0"]):
        run(command, cwd=repository)
    return "file://" + repository


def dependency(words):
    """`LOCATION from V products A B` as a manifest's package and product lines."""
    location, rest = words[0], words[1:]
    rule, version = rest[0], rest[1]
    products = rest[rest.index("products") + 1:]
    identity = location.rstrip("/").split("/")[-1].removesuffix(".git").lower()
    package = f'.package(url: "{location}", {rule}: "{version}")'
    return package, [f'.product(name: "{name}", package: "{identity}")' for name in products]


def main():
    work = tempfile.mkdtemp(prefix="package-cases-")
    sandbox, url = start_sandbox()
    pairs = routes(url)
    try:
        greeting = greeting_repository(work)
        shim = os.path.join(work, "offline_shim.o")
        run(["clang", "-c", "-fPIC", os.path.join(HERE, "..", "Tutorials", "offline_shim.c"), "-o", shim])
        for path in sorted(glob.glob(os.path.join(HERE, "Cases", "*.swift"))):
            name = os.path.basename(path)[:-len(".swift")]
            lines = open(path, encoding="utf-8").read().split("\n")
            words = lines[0].removeprefix("// package add ").replace("GREETING", greeting).split()
            package, products = dependency(words)
            folder = os.path.join(work, "case-" + name)
            os.makedirs(os.path.join(folder, "Sources", "Case"))
            open(os.path.join(folder, "Package.swift"), "w").write(
                "// swift-tools-version:5.9\nimport PackageDescription\n"
                f"let package = Package(name: \"Case\", dependencies: [{package}],\n"
                f"    targets: [.executableTarget(name: \"Case\", dependencies: [{', '.join(products)}])])\n")
            code = "\n".join(lines[1:])
            network = name.endswith("-network")
            if network:
                # FoundationNetworking: a Mac's Foundation has URLSession in it; Linux's has it apart.
                code = "import FoundationNetworking\n" + code + "\nRunLoop.main.run(until: Date(timeIntervalSinceNow: 3))\n"
            open(os.path.join(folder, "Sources", "Case", "main.swift"), "w").write(code)
            linking = ["-Xlinker", shim, "-Xlinker", "--export-dynamic"] if network else []
            run(["swift", "build", "--package-path", folder] + linking)
            environment = dict(os.environ, TUTORIAL_ROUTES=";".join(f"{real}={local}" for real, local in pairs))
            output = run([os.path.join(folder, ".build", "debug", "Case")], env=environment, timeout=60).stdout
            for real, local in pairs:
                output = output.replace(local, real)
            open(os.path.join(HERE, "Expected", name + ".txt"), "w", encoding="utf-8").write(output)
            print(f"Expected/{name}.txt: {len(output.splitlines())} lines")
    finally:
        sandbox.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

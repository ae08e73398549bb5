#!/usr/bin/env python3
"""Writes Expected/FILE/BLOCK.txt for every #Playground block of every Swift file here: what its body
prints compiled.

Xcode's Playgrounds module is not on Linux, so each file is compiled with `swiftc -swift-version 5`
in this script's own expansion of the macro, as the macro expands a block: its body a closure on
the main actor that may await and throw, here called at the block's place in the file, so the
blocks run in the file's order and the code outside them is shared by all:

- `import Playgrounds` becomes an empty line; a line `#Playground {` or `#Playground("Name") {`
  becomes a call of STAND_IN's `__playground` with a closure `@MainActor () async throws in`, the
  body and its closing brace left as written. Any other `#Playground` line stops the script.
- The file is the module named after it (as `workbench replay FILE.swift` names a snippet's), and
  runs against `workbench sandbox` on a free port, the real APIs' URLs sent there as
  ../../Tutorials/generate.py does (its offline_shim.c).
- A block is known by its name, or its number in the file when it has none: Expected/FILE/TITLE.txt.
  A file that prints outside its blocks, or a block that throws, stops the script (the test
  compares what the blocks print).

    swift build --product workbench
    python3 Tests/EndToEndTests/Playgrounds/Blocks/generate.py
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
TUTORIALS = os.path.join(ROOT, "Tests", "EndToEndTests", "Tutorials")
sys.path.insert(0, TUTORIALS)
sys.dont_write_bytecode = True  # no __pycache__ beside the fixtures
from reference_run import routes, run, start_sandbox  # noqa: E402 (found through TUTORIALS)
EXPECTED = os.path.join(HERE, "Expected")
BLOCK = re.compile(r'^#Playground(?:\(("(?:[^"\\]|\\.)*")\))?\s*\{\s*$')
# Written by `__playground` before a block runs; no output of the fixtures has it.
MARKER = "\x01"
STAND_IN = r'''
// This script's expansion of `#Playground`: the body is a closure on the main actor that may await
// and throw. A line marks where each block's output begins; an error thrown is printed.
@MainActor func __playground(_ title: String, _ body: @MainActor () async throws -> Void) async {
    print("\u{1}\(title)")
    do {
        try await body()
    } catch {
        print("error: \(error)")
    }
}
'''


def identifier(name):
    """A C identifier made of `name`, as SwiftPM and Workbench name a snippet's module."""
    text = re.sub(r"[^A-Za-z0-9_]", "_", name)
    return "_" + text if not text or text[0].isdigit() else text


def expand(path):
    """The file with each block made a call of `__playground` (same lines), and the blocks' titles."""
    lines = open(path, encoding="utf-8").read().split("\n")
    titles = []
    for index, line in enumerate(lines):
        if line.strip() == "import Playgrounds":
            lines[index] = ""
            continue
        if not line.startswith("#Playground"):
            continue
        match = BLOCK.match(line)
        if not match:
            raise SystemExit(f"error: {os.path.basename(path)}:{index + 1}: not a block this script expands: {line}")
        name = match.group(1)
        if name is not None and "\\" in name:
            raise SystemExit(f"error: {os.path.basename(path)}:{index + 1}: a name with escapes: {name}")
        titles.append(name[1:-1] if name is not None else str(len(titles) + 1))
        lines[index] = f'await __playground("{titles[-1]}") {{ @MainActor () async throws in'
    return "\n".join(lines), titles


def write(path, text, report=True):
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    if report:
        print(f"{os.path.relpath(path, HERE)}: {len(text.splitlines())} lines")


def run_file(path, work, environment, pairs):
    name = os.path.basename(path)[:-len(".swift")]
    source, titles = expand(path)
    directory = os.path.join(work, identifier(name))
    os.makedirs(directory)
    program = os.path.join(directory, "main.swift")
    write(program, source, report=False)
    stand_in = os.path.join(directory, "PlaygroundsStandIn.swift")
    write(stand_in, STAND_IN, report=False)
    executable = os.path.join(directory, identifier(name))
    run(["swiftc", "-swift-version", "5", "-module-name", identifier(name),
         "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
         "-Xlinker", "--export-dynamic", program, stand_in, os.path.join(work, "offline_shim.o"), "-o", executable])
    output = run([executable], env=environment, cwd=work, timeout=60).stdout
    for real, local in pairs:
        output = output.replace(local, real)
    if work in output or re.search(r"127\.0\.0\.1:\d+", output):
        raise SystemExit(f"error: {name} printed a path or port of this run:\n{output}")
    before, *blocks = output.split(MARKER)
    if before:
        raise SystemExit(f"error: {name} printed outside its blocks:\n{before}")
    expected = os.path.join(EXPECTED, name)
    shutil.rmtree(expected, ignore_errors=True)
    os.makedirs(expected)
    printed = []
    for block in blocks:
        title, _, text = block.partition("\n")
        if "\nerror: " in "\n" + text:
            raise SystemExit(f"error: {name}'s block {title} threw:\n{text}")
        printed.append(title)
        write(os.path.join(expected, title + ".txt"), text)
    if printed != titles:
        raise SystemExit(f"error: {name} ran blocks {printed}, not {titles}")


def main():
    sandbox, url = start_sandbox()
    work = tempfile.mkdtemp(prefix="playground-blocks-")
    try:
        run(["clang", "-c", "-fPIC", os.path.join(TUTORIALS, "offline_shim.c"), "-o", os.path.join(work, "offline_shim.o")])
        pairs = routes(url)
        environment = dict(os.environ, TUTORIAL_ROUTES=";".join(f"{real}={local}" for real, local in pairs))
        for entry in sorted(os.listdir(HERE)):
            if entry.endswith(".swift"):
                run_file(os.path.join(HERE, entry), work, environment, pairs)
    finally:
        sandbox.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

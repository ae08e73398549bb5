#!/usr/bin/env python3
"""Writes Expected/BUNDLE/PAGE.txt for every page of every playground in Bundles/: what it prints compiled.

Each page is compiled and run as Workbench runs a playground page, with `swiftc -swift-version 5`
(the Swift version Xcode playgrounds use), against `workbench sandbox` on a free port, as
../Tutorials/generate.py does (its offline_shim.c and PlaygroundSupport.swift are used from there):

- The bundle's Sources/*.swift (recursively, sorted by path) are the module ID_Sources, ID being the
  bundle's name made a C identifier; a page's own Sources/ are ID_PAGEID_PageSources, for it alone.
  Pages import them implicitly (-import-module), as Xcode's pages do, and see only `public` names.
- A page is the module `main`; a line `import UIKit`, `import Cocoa`, `import AppKit` or
  `import SwiftUI` becomes `import Foundation` (same line count), as Workbench runs a page that uses
  none of their own names, and the main run loop runs on after the last line for 3 seconds, or
  until `finishExecution()`.
- The bundle's Resources/ then the page's (the page's wins) are copied next to the executable,
  where `Bundle.main` looks on Linux.
- A page whose first compile error is about what only Apple platforms have (UIKit types, a live
  view) gets no .txt but a line in Expected/BUNDLE/needs-xcode.txt. Sources that do not compile
  give Expected/BUNDLE/sources-error.txt: swiftc's first error, its path relative to the bundle.
  Any other failure stops the script.

    swift build --product workbench
    python3 Tests/EndToEndTests/Playgrounds/generate.py
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
TUTORIALS = os.path.join(ROOT, "Tests", "EndToEndTests", "Tutorials")
sys.path.insert(0, TUTORIALS)
sys.dont_write_bytecode = True  # no __pycache__ beside the fixtures
from reference_run import routes, run, start_sandbox  # noqa: E402 (found through TUTORIALS)
BUNDLES = os.path.join(HERE, "Bundles")
EXPECTED = os.path.join(HERE, "Expected")
PLATFORM_IMPORTS = {"import UIKit", "import Cocoa", "import AppKit", "import SwiftUI"}
# The first error of a page that needs Xcode: a module or a type only Apple platforms have.
NEEDS_XCODE = re.compile(r"no such module '\w+'|cannot find (?:type )?'(?:UI|NS|SK|SCN|CA|MK|AV|PK)\w*' in scope"
                         r"|has no member 'liveView'")
ERROR = re.compile(r"^(.+?):(\d+):(\d+): error: (.*)$", re.MULTILINE)


def identifier(name):
    """A C identifier made of `name`, as Xcode and Workbench name a playground's modules."""
    text = re.sub(r"[^A-Za-z0-9_]", "_", name)
    return "_" + text if not text or text[0].isdigit() else text


def natural(name):
    """Finder's order (localizedStandardCompare): case-insensitive, numbers by value."""
    return [int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", name)]


def pages(bundle):
    """(name, folder) of each page: the listed ones, else Pages/*.xcplaygroundpage, else the bundle's Contents.swift."""
    root = ElementTree.parse(os.path.join(bundle, "contents.xcplayground")).getroot()
    names = [page.get("name") for page in root.findall("./pages/page")]
    folder = os.path.join(bundle, "Pages")
    if not names and os.path.isdir(folder):
        names = sorted((entry[:-len(".xcplaygroundpage")] for entry in os.listdir(folder)
                        if entry.endswith(".xcplaygroundpage")), key=natural)
    if not names:
        return [(os.path.basename(bundle)[:-len(".playground")], bundle)]
    return [(name, os.path.join(folder, name + ".xcplaygroundpage")) for name in names]


def swift_files(folder):
    found = []
    for directory, _, files in os.walk(folder):
        found += [os.path.join(directory, name) for name in files if name.endswith(".swift")]
    return sorted(found)


def compile_sources(module, folder, directory):
    """Compiles a Sources/ folder as `module` into `directory`; the result, or None when there is none."""
    files = swift_files(folder) if os.path.isdir(folder) else []
    if not files:
        return None
    os.makedirs(directory, exist_ok=True)
    return subprocess.run(["swiftc", "-swift-version", "5", "-parse-as-library", "-emit-library", "-emit-module",
                           "-module-name", module, "-emit-module-path", os.path.join(directory, module + ".swiftmodule"),
                           "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
                           "-o", os.path.join(directory, f"lib{module}.so")] + files, capture_output=True, text=True)


def module_flags(module, directory):
    return ["-Xfrontend", "-import-module", "-Xfrontend", module, "-I", directory, "-L", directory, f"-l{module}",
            "-Xlinker", "-rpath", "-Xlinker", directory]


def copy_resources(folder, destination):
    if os.path.isdir(folder):
        shutil.copytree(folder, destination, dirs_exist_ok=True)


def write(path, text):
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"{os.path.relpath(path, HERE)}: {len(text.splitlines())} lines")


def run_bundle(bundle, work, environment, pairs):
    name = os.path.basename(bundle)[:-len(".playground")]
    bundle_id = identifier(name)
    expected = os.path.join(EXPECTED, name)
    shutil.rmtree(expected, ignore_errors=True)
    os.makedirs(expected)
    base = os.path.join(work, bundle_id)
    flags = []
    sources = os.path.join(base, "Sources")
    result = compile_sources(bundle_id + "_Sources", os.path.join(bundle, "Sources"), sources)
    if result is not None and result.returncode != 0:
        # No page can run without its bundle's Sources: the test expects this error instead.
        match = ERROR.search(result.stderr)
        if not match:
            raise SystemExit(f"error: {name}'s Sources failed without an error line:\n{result.stderr}")
        path = os.path.relpath(match.group(1), bundle)
        write(os.path.join(expected, "sources-error.txt"),
              f"{path}:{match.group(2)}:{match.group(3)}: error: {match.group(4)}\n")
        print(f"note: {name}'s Sources do not compile: no page of it runs")
        return
    if result is not None:
        flags += module_flags(bundle_id + "_Sources", sources)
    needs_xcode = []
    for page, folder in pages(bundle):
        page_id = identifier(page)
        directory = os.path.join(base, page_id)
        page_flags = list(flags)
        if folder != bundle:
            page_sources = os.path.join(directory, "Sources")
            module = f"{bundle_id}_{page_id}_PageSources"
            result = compile_sources(module, os.path.join(folder, "Sources"), page_sources)
            if result is not None and result.returncode != 0:
                raise SystemExit(f"error: {name}/{page}'s Sources failed:\n{result.stderr}")
            if result is not None:
                page_flags += module_flags(module, page_sources)
        lines = open(os.path.join(folder, "Contents.swift"), encoding="utf-8").read().split("\n")
        source = "\n".join("import Foundation" if line.strip() in PLATFORM_IMPORTS else line for line in lines)
        source += "\nRunLoop.main.run(until: Date(timeIntervalSinceNow: 3))\n"
        program = os.path.join(directory, "source", "main.swift")
        os.makedirs(os.path.dirname(program))
        with open(program, "w", encoding="utf-8") as file:
            file.write(source)
        # The executable alone in its folder, with the resources: that folder is Bundle.main.
        executable = os.path.join(directory, "run", page_id)
        os.makedirs(os.path.dirname(executable))
        result = subprocess.run(["swiftc", "-swift-version", "5", "-module-name", "main",
                                 "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking"] + page_flags +
                                ["-I", work, "-L", work, "-lPlaygroundSupport", "-Xlinker", "-rpath", "-Xlinker", work,
                                 "-Xlinker", "--export-dynamic", program, os.path.join(work, "offline_shim.o"),
                                 "-o", executable], capture_output=True, text=True)
        if result.returncode != 0:
            match = ERROR.search(result.stderr)
            if match and NEEDS_XCODE.search(match.group(4)):
                needs_xcode.append(page)
                print(f"note: {name}/{page} needs Xcode ({match.group(4)}): no expected output")
                continue
            raise SystemExit(f"error: {name}/{page} does not compile:\n{result.stderr}")
        copy_resources(os.path.join(bundle, "Resources"), os.path.dirname(executable))
        if folder != bundle:
            copy_resources(os.path.join(folder, "Resources"), os.path.dirname(executable))
        output = run([executable], env=environment, cwd=work, timeout=60).stdout
        for real, local in pairs:
            output = output.replace(local, real)
        if work in output or re.search(r"127\.0\.0\.1:\d+", output):
            raise SystemExit(f"error: {name}/{page} printed a path or port of this run:\n{output}")
        write(os.path.join(expected, page + ".txt"), output)
    if needs_xcode:
        write(os.path.join(expected, "needs-xcode.txt"), "".join(page + "\n" for page in needs_xcode))


def main():
    sandbox, url = start_sandbox()
    work = tempfile.mkdtemp(prefix="playgrounds-")
    try:
        run(["swiftc", "-swift-version", "5", "-emit-library", "-emit-module", "-module-name", "PlaygroundSupport",
                       os.path.join(TUTORIALS, "PlaygroundSupport.swift"), "-o", os.path.join(work, "libPlaygroundSupport.so")],
                      cwd=work)
        run(["clang", "-c", "-fPIC", os.path.join(TUTORIALS, "offline_shim.c"), "-o", os.path.join(work, "offline_shim.o")])
        pairs = routes(url)
        environment = dict(os.environ, TUTORIAL_ROUTES=";".join(f"{real}={local}" for real, local in pairs))
        for entry in sorted(os.listdir(BUNDLES)):
            if entry.endswith(".playground"):
                run_bundle(os.path.join(BUNDLES, entry), work, environment, pairs)
    finally:
        sandbox.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

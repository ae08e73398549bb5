#!/usr/bin/env python3
"""Compares each target's dependencies in Package.swift with the modules its sources import.

A module a target imports must be one of its declared dependencies (or the toolchain's: Foundation,
Glibc, Testing …), and every dependency it declares must be imported by at least one of its files:
an import that only works through another target's dependencies breaks when that one changes, and
a dependency nothing imports is built for nothing. Swift is read with swift-syntax in one module
only (`SYNTAX_READER`): another that imports it reads Swift a second way. `make test` runs it
first; it prints each mismatch on one line and exits 1 if there is any.
"""
import json
import os
import re
import subprocess
import sys

# Modules the toolchain provides, importable by any target.
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch",
    "Glibc", "Musl", "Darwin", "Synchronization", "Testing", "XCTest", "_Concurrency", "Swift",
    "RegexBuilder", "_StringProcessing", "Observation", "os",
}
IMPORT = re.compile(r"^\s*(?:@[\w()]+(?:\([^)]*\))?\s+)*(?:public\s+|internal\s+|package\s+|private\s+|fileprivate\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)", re.M)
# The one module (with its tests) that imports swift-syntax: the others get what they need of a
# parsed input from it, in plain types (its Syntax/SwiftFile.swift).
SYNTAX_READER = "WorkbenchScript"
SYNTAX_MODULES = {"SwiftSyntax", "SwiftParser", "SwiftParserDiagnostics", "SwiftDiagnostics", "SwiftBasicFormat",
                  "SwiftSyntaxBuilder", "SwiftIDEUtils", "SwiftOperators", "SwiftRefactor"}
# What a product of a package dependency is imported as, where the two names differ.
PRODUCT_MODULES = {"ArgumentParser": "ArgumentParser", "Subprocess": "Subprocess", "SystemPackage": "SystemPackage"}


def target_folder(root, target):
    if target.get("path"):
        return os.path.join(root, target["path"])
    return os.path.join(root, "Tests" if target["type"] == "test" else "Sources", target["name"])


MULTILINE_STRING = re.compile(r'"""(?:.|\n)*?"""')


def imports_in(folder, skipped):
    """Each module the target's compiled sources import, with one file that does. Files the target
    excludes or ships as resources (fixtures, playground pages) are not compiled, and Swift held in
    a test's multi-line string literal is text."""
    found = {}
    for directory, subfolders, files in os.walk(folder):
        subfolders[:] = [name for name in subfolders if os.path.join(directory, name) not in skipped]
        for name in files:
            path = os.path.join(directory, name)
            if not name.endswith(".swift") or path in skipped:
                continue
            with open(path, encoding="utf-8") as source:
                text = MULTILINE_STRING.sub('""', source.read())
            for module in IMPORT.findall(text):
                found.setdefault(module, path)
    return found


def is_linked_only(root, package, name):
    """Whether `name` is a C target of this package whose callers use it only through the linker."""
    target = next((target for target in package["targets"] if target["name"] == name), None)
    if target is None or target["type"] != "regular":
        return False
    folder = target_folder(root, target)
    sources = [name for _, _, files in os.walk(folder) for name in files]
    return sources and not any(name.endswith(".swift") for name in sources)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                        capture_output=True, text=True).stdout)
    mismatches = []
    for target in package["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        declared = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            name = value[0]
            declared.add(PRODUCT_MODULES.get(name, name))
        folder = target_folder(root, target)
        skipped = {os.path.join(folder, path) for path in target.get("exclude", [])}
        skipped |= {os.path.join(folder, resource["path"]) for resource in target.get("resources", [])}
        imported = imports_in(folder, skipped)
        for module, path in sorted(imported.items()):
            if module not in declared and module not in TOOLCHAIN and module != target["name"]:
                mismatches.append(f"{target['name']}: imports {module} ({os.path.relpath(path, root)}) "
                                  "without declaring it in Package.swift")
        if target["name"] not in (SYNTAX_READER, SYNTAX_READER + "Tests"):
            for module in sorted(SYNTAX_MODULES & (declared | set(imported))):
                mismatches.append(f"{target['name']}: uses {module}: only {SYNTAX_READER} reads Swift with swift-syntax")
        # A C target without a module map of its own to import (CurlOnDemand) is there to be linked.
        linked = {name for name in declared if is_linked_only(root, package, name)}
        for module in sorted(declared - set(imported) - linked):
            mismatches.append(f"{target['name']}: declares {module} in Package.swift but no file imports it")
    for line in mismatches:
        print(line)
    if not mismatches:
        print(f"check_package_imports: {len(package['targets'])} targets' dependencies match their imports")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

"""Figure 14: packages (docs/packages.md).

- The first build of swift-algorithms by `package add` (a new cache folder), beside `swift build` of
  a package that depends on it (what a user would otherwise do), both from the package mirror.
- A session that adds the already-built package and runs one input using it: start to the end of
  that input, against the same session without the package (the goal is 1 s).
- A compiled input that imports the package against one that does not, each by difference of
  session medians, as figure 6 times a compiled input.
"""
import os
import shutil
import subprocess
import time

from bench_report import log, verdict

ADD = "package add https://github.com/apple/swift-algorithms from 1.2.1 products Algorithms"
# The same shape, one method from the package and one from the standard library.
WITH_PACKAGE = "print(Array(1...7).chunks(ofCount: 3).map(Array.init))"
WITHOUT_PACKAGE = "print(Array(1...7).split(separator: 4).map(Array.init))"
# A compiled input before the one timed: the Swift host is running in both sessions by then.
WARM = "print((1...3).map { $0 * 2 })"


def first_build(bench):
    """Seconds for `package add` with an empty cache, and for `swift build` of a package depending on
    swift-algorithms (a fresh folder, SwiftPM's own caches under the same new HOME)."""
    cache = os.path.join(bench.tmp, "package-cache")
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(bench.env, XDG_CACHE_HOME=cache)
    session = bench.write("package-first.txt", f"{ADD}\nquit\n")
    start = time.monotonic()
    added = subprocess.run(f"{bench.workbench} --no-sandbox < {session}", shell=True, capture_output=True, text=True, env=env)
    ours = time.monotonic() - start
    if "added swift-algorithms" not in added.stdout:
        raise RuntimeError(f"package add failed: {added.stdout[-300:]!r}")
    folder = os.path.join(bench.tmp, "depends-on-algorithms")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "Sources", "Uses"))
    with open(os.path.join(folder, "Package.swift"), "w") as f:
        f.write('// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "Uses",\n'
                '    dependencies: [.package(url: "https://github.com/apple/swift-algorithms", from: "1.2.1")],\n'
                '    targets: [.target(name: "Uses", dependencies: [.product(name: "Algorithms", package: "swift-algorithms")])])\n')
    with open(os.path.join(folder, "Sources", "Uses", "Uses.swift"), "w") as f:
        f.write("import Algorithms\npublic let chunks = Array(1...7).chunks(ofCount: 3).count\n")
    start = time.monotonic()
    subprocess.run(["swift", "build", "--package-path", folder], check=True, capture_output=True, env=dict(bench.env, XDG_CACHE_HOME=os.path.join(bench.tmp, "swiftpm-cache")))
    theirs = time.monotonic() - start
    return cache, ours, theirs


def measure(bench):
    cache, ours, theirs = first_build(bench)
    bench.add("14 packages", "first `package add` of swift-algorithms (resolve, read its products, build; empty cache)",
              f"{ours:.1f} s", f"{ours / theirs:.2f}× `swift build`")
    bench.add("14 packages", "`swift build` of a package depending on swift-algorithms (new folder)", f"{theirs:.1f} s")
    log(f"package builds: package add {ours:.1f} s, swift build {theirs:.1f} s")

    env = dict(bench.env, XDG_CACHE_HOME=cache)
    # Each input timed by difference is a session's second compiled input (the host already started).
    sessions = {
        "packages: first input": f"{ADD}\nimport Algorithms\n{WITH_PACKAGE}\nquit\n",
        "packages: setup": f"{ADD}\nimport Algorithms\n{WARM}\nquit\n",
        "packages: setup + input": f"{ADD}\nimport Algorithms\n{WARM}\n{WITH_PACKAGE}\nquit\n",
        "plain: setup": f"{WARM}\nquit\n",
        "plain: setup + input": f"{WARM}\n{WITHOUT_PACKAGE}\nquit\n",
    }
    paths = {name: bench.write(name.replace(":", "").replace(" ", "-") + ".txt", text) for name, text in sessions.items()}
    for name, path in paths.items():
        probe = subprocess.run(f"{bench.workbench} --no-sandbox < {path}", shell=True, capture_output=True, text=True, env=env)
        if probe.returncode != 0 or any(line.startswith("error:") for line in probe.stdout.splitlines()):
            raise RuntimeError(f"{name} failed (exit {probe.returncode}): {probe.stdout[-300:]!r}")
    saved = bench.env
    bench.env = env
    try:
        t = bench.hyperfine({name: f"{bench.workbench} --no-sandbox < {path}" for name, path in paths.items()}, runs=10)
    finally:
        bench.env = saved
    first = t["packages: first input"]
    bench.add("14 packages", "session start → first input using an already-built package (`package add`, `import`, the input)",
              first, "", verdict(first[1] <= 1.0, "≤ 1 s"))
    with_package = t["packages: setup + input"][1] - t["packages: setup"][1]
    without = t["plain: setup + input"][1] - t["plain: setup"][1]
    bench.add("14 packages", "→ a compiled input using Algorithms, by difference of medians", f"{with_package * 1000:.0f} ms",
              f"{with_package / without:.2f}× an input without a package",
              verdict(with_package <= 1.2 * without, "≤ 1.2× one without"),
              cpu=t["packages: setup + input"][3] - t["packages: setup"][3])
    bench.add("14 packages", "→ a compiled input of the same shape in a session without packages", f"{without * 1000:.0f} ms",
              cpu=t["plain: setup + input"][3] - t["plain: setup"][3])

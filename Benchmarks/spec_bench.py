"""Figure 11: `spec` on large real OpenAPI documents (the test fixtures). Benchmarks/SpecTimes, built
in release in Benchmarks/.build, reads a document from memory several times and times the completions
Tab asks for over every operation's path; Python's own parser reading the same file is the peer."""
import glob
import json
import os
import subprocess
import time

from bench_report import log

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "Tests", "WorkbenchSpecTests", "Fixtures")


def documents():
    """The fixtures: the large real descriptions first (Fixtures/SOURCES.md), then the Petstore."""
    large = sorted(glob.glob(os.path.join(FIXTURES, "large-*")))
    return large + [os.path.join(FIXTURES, "petstore.yaml")]


def build():
    log("building Benchmarks/SpecTimes (release)")
    subprocess.run(["swift", "build", "-c", "release", "--product", "SpecTimes"], cwd=HERE, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(HERE, ".build", "release", "SpecTimes")


def measure(program, document, runs):
    out = subprocess.run([program, document, str(runs)], capture_output=True, text=True, check=True).stdout
    fields = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.strip()}
    loads = sorted(float(x) for x in fields["load"])
    info = fields["operations"]
    completions = {name[len("complete-"):]: (float(v[0]), float(v[1])) for name, v in fields.items() if name.startswith("complete-")}
    return loads, {"operations": int(info[0]), "schemas": int(info[2]), "bytes": int(info[4])}, completions


def python_parse(document, runs):
    """The peer: Python reading the same file with its C parser (json), or PyYAML's C loader for YAML."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        with open(document, "rb") as f:
            if document.endswith(".json"):
                json.load(f)
            else:
                import yaml
                yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        times.append(time.perf_counter() - start)
    return sorted(times)

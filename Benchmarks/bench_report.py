"""Helpers of bench.py: running commands, serving a file, formatting the results table."""
import http.server
import os
import platform
import re
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))


def log(text):
    print(text, file=sys.stderr, flush=True)


def run(args, **kw):
    return subprocess.run(args, check=True, text=True, capture_output=True, **kw)


def first_line(args):
    try:
        out = subprocess.run(args, text=True, capture_output=True)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError):
        return "not found"


def serve(directory):
    """A static file server on loopback for figure 4 (one request per run, so Nagle does not matter)."""
    handler = lambda *a, **kw: QuietHandler(*a, directory=directory, **kw)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def max_rss(command, env):
    """Peak resident memory of `command` in MiB, from GNU time."""
    out = subprocess.run(["/usr/bin/time", "-v", "sh", "-c", command], capture_output=True, text=True, env=env)
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr)
    return int(match.group(1)) / 1024 if match else float("nan")


def ms(stats):
    low, median, high = stats[:3]
    return f"{median * 1000:.1f} ms ({low * 1000:.1f}–{high * 1000:.1f})"


def verdict(met, goal):
    return f"{'met' if met else 'NOT met'} ({goal})"


def machine(load):
    cpu = "unknown"
    memory = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
        with open("/proc/meminfo") as f:
            kb = int(next(l.split()[1] for l in f if l.startswith("MemTotal")))
            memory = f"{kb / 2**20:.1f} GiB"
    except (OSError, StopIteration):
        pass
    return (f"{platform.system()} {platform.release()}, {os.cpu_count()} cores ({cpu}), {memory}, "
            f"load average at start {load}")


def versions():
    return ", ".join([
        first_line(["swift", "--version"]).replace("Swift version ", "Swift "),
        first_line(["hyperfine", "--version"]),
        first_line(["curl", "--version"]).split(" (")[0],
        first_line(["jq", "--version"]),
        "HTTPie " + first_line(["http", "--version"]),
    ])


def table(rows):
    lines = ["| figure | what | wall: median (min–max) | CPU | ratio to the peer | goal |",
             "|---|---|---|---|---|---|"]
    for figure, what, stats, cpu, ratio, goal in rows:
        lines.append(f"| {figure} | {what} | {stats} | {cpu} | {ratio} | {goal} |")
    return "\n".join(lines)


def replace_section(text, marks, body):
    begin, end = marks
    block = f"{begin}\n{body}\n{end}"
    if begin in text and end in text:
        return text[:text.index(begin)] + block + text[text.index(end) + len(end):]
    return text.rstrip("\n") + "\n\n" + block + "\n"


def micro(scale):
    """Figure 5: the package-benchmark suite, built and run in Benchmarks/ (its own .build)."""
    env = dict(os.environ)
    if scale < 1:
        env.setdefault("WORKBENCH_BENCH_BYTES", "2000000")
    log("building and running the micro-benchmarks (swift package benchmark; the first build is slow)")
    out = subprocess.run(["swift", "package", "--disable-sandbox", "benchmark", "--no-progress", "--format", "markdown"],
                         cwd=HERE, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        return f"Not measured: `swift package benchmark` exited {out.returncode}:\n\n```\n{(out.stderr or out.stdout)[-1500:]}\n```"
    # Drop the tool's notes about its own runtime interposer (coloured, not about our code).
    lines = [l for l in out.stdout.splitlines() if not l.startswith("\x1b") and not l.startswith("Note: skipping")]
    return "\n".join(lines).strip()

#!/usr/bin/env python3
"""Workbench against its peers, side by side in one run: `make bench` (see Benchmarks/README.md).

Figures 1-4 and 6 time whole commands with hyperfine; figure 5 runs the package-benchmark suite;
figure 7 drives the REPL through a pseudo-terminal (Benchmarks/paste_bench.py: a 5 MB paste, and long
lines that fail), figure 12 times tutorial code (Benchmarks/tutorial_bench.py), figure 13 a
server-sent event's way to the terminal (Benchmarks/stream_bench.py), figure 14 packages
(Benchmarks/package_bench.py) and figure 16 `play FILE`'s saves (Benchmarks/play_bench.py).
Everything large (the 20 MB document, compiled peers) lives in a temporary folder.
Benchmarks report; they never fail the build: a figure that cannot be measured says why.
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from bench_report import log, machine, max_rss, micro, ms, replace_section, run, serve, table, verdict, versions
import first_steps_bench
import image_bench
import package_bench
import paste_bench
import play_bench
import playground_bench
import session_bench
import spec_bench
import stream_bench
import tutorial_bench

HERE = os.path.dirname(os.path.abspath(__file__))
PHOTO_STRUCT = ("struct Photo: Codable { let albumId: Int; let id: Int; let title: String; "
                "let url: String; let thumbnailUrl: String }")
# The same model as tutorials often declare it: Foundation decodes each URL into an object.
PHOTO_STRUCT_URLS = PHOTO_STRUCT.replace("url: String; let thumbnailUrl: String", "url: URL; let thumbnailUrl: URL")
MARK_FIGURES = ("<!-- figures:begin -->", "<!-- figures:end -->")
MARK_MICRO = ("<!-- micro:begin -->", "<!-- micro:end -->")


class Bench:
    def __init__(self, workbench, runs_scale):
        self.workbench = os.path.abspath(workbench)
        self.scale = runs_scale
        self.tmp = tempfile.mkdtemp(prefix="workbench-bench-")
        # The REPL writes its history under HOME: keep the user's own out of the bench.
        self.env = dict(os.environ, HOME=self.tmp, NO_COLOR="1")
        self.rows = []      # (figure, what, min, median, max, ratio text, goal text)
        self.notes = []

    # -- helpers ---------------------------------------------------------------------------

    def photo_document(self, size=20_000_000):
        """The photo-like document of `size` bytes (deterministic; 20 MB unless said), generated
        into the temporary folder."""
        generator = os.path.join(self.tmp, "generate-photos")
        if not os.path.exists(generator):
            self.compile("generate-photos", ["Programs/generate-photos/main.swift",
                                             "Benchmarks/JSONBenchmarks/PhotoDocument.swift"])
        document = os.path.join(self.tmp, "photos.json" if size == 20_000_000 else f"photos-{size // 1_000_000}mb.json")
        run([generator, document, str(size)])
        return document

    def compile(self, name, sources):
        out = os.path.join(self.tmp, name)
        log(f"compiling {name} (swiftc -O)")
        run(["swiftc", "-O", "-o", out] + [os.path.join(HERE, s) for s in sources])
        return out

    def write(self, name, text):
        path = os.path.join(self.tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def hyperfine(self, commands, runs, warmup=1):
        """Times `commands` (name -> shell command); returns name -> (min, median, max, cpu) in seconds.

        cpu is the mean user + system time: on a loaded machine it moves much less than wall time.
        """
        runs = max(3, int(runs * self.scale))
        export = os.path.join(self.tmp, "hyperfine.json")
        args = ["hyperfine", "--style", "basic", "--runs", str(runs), "--warmup", str(warmup),
                "--export-json", export]
        for name, command in commands.items():
            args += ["--command-name", name, command]
        log(f"hyperfine: {', '.join(commands)} ({runs} runs each)")
        subprocess.run(args, check=True, env=self.env, stdout=sys.stderr)
        with open(export) as f:
            results = json.load(f)["results"]
        return {r["command"]: (r["min"], r["median"], r["max"], r["user"] + r["system"]) for r in results}

    def add(self, figure, what, stats, ratio="", goal="", cpu=None):
        if cpu is None and isinstance(stats, tuple):
            cpu = stats[3]
        cpu_text = f"{cpu * 1000:.1f} ms" if cpu is not None else ""
        self.rows.append((figure, what, ms(stats) if isinstance(stats, tuple) else stats, cpu_text, ratio, goal))

    # -- figures ---------------------------------------------------------------------------

    def startup(self):
        floor = self.compile("foundation-exit", ["Programs/foundation-exit.swift"])
        quit_file = self.write("quit.txt", "quit\n")
        t = self.hyperfine({
            "workbench": f"{self.workbench} < {quit_file}",
            "workbench --no-sandbox": f"{self.workbench} --no-sandbox < {quit_file}",
            "http --version": "http --version",
            "Swift + Foundation, exit": floor,
        }, runs=40, warmup=3)
        http = t["http --version"][1]
        for name in ("workbench", "workbench --no-sandbox"):
            median = t[name][1]
            self.add("1 start-up", f"`{name}`, stdin `quit`", t[name],
                     f"{http / median:.1f}× faster than http; {median / t['Swift + Foundation, exit'][1]:.1f}× the floor",
                     verdict(median <= 0.010, "≤ 10 ms median"))
        self.add("1 start-up", "`http --version` (HTTPie)", t["http --version"])
        self.add("1 start-up", "Swift program importing Foundation (floor)", t["Swift + Foundation, exit"])

    def replay(self):
        fetch = self.compile("fetch-urlsession", ["Programs/fetch-urlsession.swift"])
        server = subprocess.Popen([self.workbench, "sandbox", "--port", "0"], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, env=self.env)
        try:
            line = server.stdout.readline()
            match = re.search(r"(http://127\.0\.0\.1:\d+)", line)
            if not match:
                raise RuntimeError(f"the sandbox did not print its URL (got {line.strip()!r})")
            base = match.group(1)
            paths = [f"/posts/{i % 100 + 1}" for i in range(1000)]
            urls = [f"{base}/jsonplaceholder{p}" for p in paths]
            url_file = self.write("urls.txt", "\n".join(urls) + "\n")
            curl_config = self.write("curl.conf", "".join(f'url = "{u}"\noutput = "/dev/null"\n' for u in urls))
            snippet = self.write("replay-1000.swift",
                                 "// 1000 GETs to a sandbox in another process (generated by `make bench`).\n\n"
                                 "import WorkbenchKit\n\n"
                                 f'let wb = Workbench(base: "{base}/jsonplaceholder")\n'
                                 + "".join(f'try await wb.get("{p}")\n' for p in paths))
            check = subprocess.run([self.workbench, "replay", snippet, "--no-sandbox", "--check"],
                                   capture_output=True, text=True, env=self.env)
            ok = check.stdout.count("200 OK")
            if check.returncode != 0 or ok != 1000:
                raise RuntimeError(f"replay answered {ok} of 1000 with 200 (exit {check.returncode}): "
                                   f"{(check.stderr or check.stdout)[-300:]!r}")
            t = self.hyperfine({
                "workbench replay": f"{self.workbench} replay {snippet} --no-sandbox",
                "curl, one process": f"curl -s -K {curl_config}",
                "URLSession, compiled": f"{fetch} {url_file}",
            }, runs=10)
            curl = t["curl, one process"][1]
            ours = t["workbench replay"][1]
            floor = t["URLSession, compiled"][1]
            cpu_ratio = t["workbench replay"][3] / t["URLSession, compiled"][3]
            self.add("2 replay", "`workbench replay` of 1000 GETs (keep-alive)", t["workbench replay"],
                     f"{ours / floor:.2f}× the compiled URLSession loop (CPU: {cpu_ratio:.2f}×); {ours / curl:.2f}× curl",
                     verdict(ours <= 1.1 * floor, "≤ 1.1× the URLSession loop"))
            self.add("2 replay", "curl, same 1000 URLs in one process", t["curl, one process"])
            self.add("2 replay", "compiled URLSession loop, same URLs (transport floor)",
                     t["URLSession, compiled"], f"{t['URLSession, compiled'][1] / curl:.2f}× curl's time")
        finally:
            server.terminate()
            server.wait()

    def decoding(self, document):
        peer = self.compile("decode-photos", ["Programs/decode-photos.swift"])
        size = os.path.getsize(document)
        mb = size / 1e6
        load = self.write("load.txt", f"json @{document}\n{PHOTO_STRUCT}\nquit\n")
        decode = self.write("decode.txt", f"json @{document}\n{PHOTO_STRUCT}\ndecode [Photo]\nquit\n")
        probe = subprocess.run(f"{self.workbench} --no-sandbox < {decode}", shell=True, capture_output=True,
                               env=self.env)
        printed = probe.stdout.count(b"Photo(albumId:")
        if probe.returncode != 0 or printed == 0:
            raise RuntimeError(f"decode failed (exit {probe.returncode}): {probe.stdout[-300:]!r} {probe.stderr[-300:]!r}")
        self.notes.append(f"Decoding: with output not a terminal, `decode [Photo]` prints the whole value "
                          f"({printed} elements, {len(probe.stdout) / 1e6:.1f} MB of text), so the REPL figure is "
                          f"decode + print, measured as (session with `decode`) − (same session without it). "
                          f"The peer is timed the same way (`print(photos)` vs `print(photos.count)`); "
                          f"decode alone is figure 5's in-process pair.")
        t = self.hyperfine({
            "REPL json+struct+decode": f"{self.workbench} --no-sandbox < {decode}",
            "REPL json+struct": f"{self.workbench} --no-sandbox < {load}",
            "JSONDecoder + print": f"{peer} {document} --print",
            "JSONDecoder": f"{peer} {document}",
        }, runs=5)
        ours = t["REPL json+struct+decode"][1] - t["REPL json+struct"][1]
        theirs = t["JSONDecoder + print"][1]
        self.add("3 decode", f"REPL session `json @FILE`, `struct Photo`, `decode [Photo]` ({mb:.0f} MB)",
                 t["REPL json+struct+decode"])
        self.add("3 decode", "same session without `decode` (parse for `json`, declare)", t["REPL json+struct"])
        ours_cpu = t["REPL json+struct+decode"][3] - t["REPL json+struct"][3]
        theirs_cpu = t["JSONDecoder + print"][3]
        self.add("3 decode", "→ `decode [Photo]` + print, by difference of medians", f"{ours * 1000:.0f} ms · {mb / ours:.0f} MB/s",
                 f"{theirs / ours:.2f}× JSONDecoder + print's throughput (CPU: {theirs_cpu / ours_cpu:.2f}×)",
                 verdict(theirs / ours >= 2, "≥ 2×, never < 1×"), cpu=ours_cpu)
        self.add("3 decode", "compiled JSONDecoder into `[Photo]` + `print(photos)`", t["JSONDecoder + print"],
                 f"{mb / theirs:.0f} MB/s")
        self.add("3 decode", "compiled JSONDecoder into `[Photo]`, decode only (whole process)", t["JSONDecoder"],
                 f"{mb / t['JSONDecoder'][1]:.0f} MB/s")
        if shutil.which("/usr/bin/time") or os.path.exists("/usr/bin/time"):
            ours_rss = max_rss(f"{self.workbench} --no-sandbox < {decode} > /dev/null", self.env)
            load_rss = max_rss(f"{self.workbench} --no-sandbox < {load} > /dev/null", self.env)
            peer_rss = max_rss(f"{peer} {document} --print > /dev/null", self.env)
            peer_only = max_rss(f"{peer} {document} > /dev/null", self.env)
            self.add("3 memory", "peak RSS, REPL session with `decode [Photo]`", f"{ours_rss:.0f} MiB",
                     f"{ours_rss * 2**20 / size:.1f}× the document", verdict(ours_rss * 2**20 <= 4 * size, "≤ 4× document"))
            self.add("3 memory", "peak RSS, same session without `decode`", f"{load_rss:.0f} MiB",
                     f"{load_rss * 2**20 / size:.1f}× the document")
            self.add("3 memory", "peak RSS, JSONDecoder + print / decode only", f"{peer_rss:.0f} / {peer_only:.0f} MiB",
                     f"{peer_rss * 2**20 / size:.1f}× / {peer_only * 2**20 / size:.1f}× the document")

    def swift_input(self):
        """Figure 6: one Swift input at the prompt after `let posts = decode [Post]` of 100 posts, on the
        fast path (the interpreter) and on the compiled path (the toolchain), against `swift FILE` of
        the same standalone program; each input's latency is a difference of session medians."""
        data = os.path.join(HERE, "..", "Sources", "Sandbox", "Data", "jsonplaceholder", "data.json")
        with open(data) as f:
            posts = self.write("posts.json", json.dumps(json.load(f)["posts"]))
        struct = "struct Post: Codable { let userId: Int; let id: Int; let title: String; let body: String }"
        setup = f"json @{posts}\n{struct}\nlet posts = decode [Post]\n"
        sessions = {
            "REPL setup": self.write("swift-setup.txt", setup + "quit\n"),
            "REPL setup + fast": self.write("swift-fast.txt", setup + "posts[0].title\nquit\n"),
            "REPL setup + compiled": self.write("swift-compiled.txt", setup + "posts.filter { $0.userId == 1 }.count\nquit\n"),
        }
        program = self.write("main.swift", "import Foundation\n" + struct + "\n"
                             f'let posts = try JSONDecoder().decode([Post].self, from: Data(contentsOf: URL(fileURLWithPath: "{posts}")))\n'
                             "print(posts.filter { $0.userId == 1 }.count)\n")
        for name, path in sessions.items():
            probe = subprocess.run(f"{self.workbench} --no-sandbox < {path}", shell=True, capture_output=True,
                                   text=True, env=self.env)
            if probe.returncode != 0 or any(line.startswith("error:") for line in probe.stdout.splitlines()):
                raise RuntimeError(f"{name} failed (exit {probe.returncode}): {probe.stdout[-300:]!r}")
        commands = {name: f"{self.workbench} --no-sandbox < {path}" for name, path in sessions.items()}
        commands["swift FILE"] = f"swift {program}"
        t = self.hyperfine(commands, runs=10)
        setup_time = t["REPL setup"][1]
        fast = t["REPL setup + fast"][1] - setup_time
        compiled = t["REPL setup + compiled"][1] - setup_time
        floor = t["swift FILE"][1]
        self.add("6 Swift input", "REPL session: `json`, `struct Post`, `let posts = decode [Post]` (100 posts)", t["REPL setup"])
        self.add("6 Swift input", "→ fast path `posts[0].title`, by difference of medians", f"{fast * 1000:.1f} ms",
                 "", verdict(fast <= 0.005, "≤ 5 ms"), cpu=t["REPL setup + fast"][3] - t["REPL setup"][3])
        self.add("6 Swift input", "→ compiled path `posts.filter { $0.userId == 1 }.count`, by difference of medians",
                 f"{compiled * 1000:.0f} ms", f"{compiled / floor:.2f}× `swift FILE`",
                 verdict(compiled <= 1.2 * floor, "≤ 1.2× `swift FILE`"), cpu=t["REPL setup + compiled"][3] - t["REPL setup"][3])
        self.add("6 Swift input", "`swift FILE`: the same program standalone (immediate mode)", t["swift FILE"])

    def swift_session(self, document):
        """Figure 6, continued: inputs timed one by one in one live session (Benchmarks/session_bench.py).
        100 compiled inputs, each reading the value the one before bound; then a session holding a
        20 MB `decode [Photo]`, with compiled inputs that read it and the fast path after them."""
        latencies = session_bench.hundred_inputs(self.workbench, self.env)
        early, late = session_bench.median(latencies[:10]), session_bench.median(latencies[90:])
        self.add("6 Swift session", "100 compiled inputs in one session: median of inputs 1–10",
                 f"{early * 1000:.0f} ms", "", verdict(early <= 0.35, "≤ 0.35 s"))
        self.add("6 Swift session", "→ median of inputs 91–100", f"{late * 1000:.0f} ms",
                 f"{late / early:.2f}× inputs 1–10", verdict(late <= 0.35 and late <= 1.1 * early, "≤ 0.35 s, within 10%"))
        steps = session_bench.replay_steps(self.workbench, self.env, self.tmp)
        second, fiftieth = session_bench.median(steps[1:4]), session_bench.median(steps[-3:])
        self.add("6 Swift session", "`replay --step` of 50 compiled statements: statements 2–4 (median)",
                 f"{second * 1000:.0f} ms")
        self.add("6 Swift session", "→ statements 47–49 (median)", f"{fiftieth * 1000:.0f} ms",
                 f"{fiftieth / second:.2f}× statements 2–4", verdict(fiftieth <= 1.1 * second, "the same within 10%"))
        self.big_decode(document)

    def big_decode(self, document, model=PHOTO_STRUCT):
        """Figure 6's session after a big `decode [Photo]` (Benchmarks/session_bench.py): the first
        compiled input (the host catches up on the decode), the next ones, the fast path, and the
        peak memory of the REPL and of the Swift host (issue 34: together ≤ 6× the document)."""
        big = session_bench.after_big_decode(self.workbench, self.env, document, model)
        mb = os.path.getsize(document) / 1e6
        fields = ", `URL` fields" if model == PHOTO_STRUCT_URLS else ""
        self.add("6 Swift session", f"after `decode [Photo]` of {mb:.0f} MB{fields}: first compiled input (the host decodes it once)",
                 f"{big['first'] * 1000:.0f} ms")
        self.add("6 Swift session", "→ next compiled inputs (`photos.filter { $0.albumId == 1 }.count`), median of 5",
                 f"{big['later'] * 1000:.0f} ms", "", verdict(big["later"] <= 0.4, "≤ 0.4 s, the value not rebuilt"))
        self.add("6 Swift session", "→ fast path `photos[0].title` after compiled inputs read `photos`, median of 5",
                 f"{big['fast'] * 1000:.1f} ms", "", verdict(big["fast"] <= 0.005, "≤ 5 ms"))
        peaks = big["peaks"]
        ratio = sum(peaks) * 2**20 / os.path.getsize(document)
        self.add("6 Swift session", f"peak RSS of that session ({mb:.0f} MB{fields}): REPL + Swift host",
                 " + ".join(f"{peak:.0f}" for peak in peaks) + f" = {sum(peaks):.0f} MiB",
                 f"{ratio:.1f}× the document", verdict(ratio <= 6, "≤ 6× the document"))

    def printing(self, document):
        # The pretty document prints as itself; a minified copy makes the printer add every indent.
        compact = os.path.join(self.tmp, "photos-compact.json")
        with open(compact, "w") as f:
            subprocess.run(["jq", "-c", ".", document], check=True, stdout=f)
        server, base = serve(self.tmp)
        try:
            for label, path in (("pretty", document), ("minified", compact)):
                self.print_figure(label, path, f"{base}/{os.path.basename(path)}")
        finally:
            server.shutdown()

    def print_figure(self, label, document, url):
        size = os.path.getsize(document)
        mb = size / 1e6
        repeats = 5  # `body --all` five times per session: the difference then stands out of the noise
        fetch = self.write("fetch.txt", f"get {url}\nquit\n")
        show = self.write("print.txt", f"get {url}\n" + "body --all\n" * repeats + "quit\n")
        probe = subprocess.run(f"{self.workbench} --no-sandbox < {show}", shell=True, capture_output=True,
                               env=self.env)
        if probe.returncode != 0 or probe.stdout.count(b'"thumbnailUrl"') < 1000 * repeats:
            raise RuntimeError(f"body --all printed too little (exit {probe.returncode}): {probe.stdout[-300:]!r}")
        t = self.hyperfine({
            "REPL get+body --all": f"{self.workbench} --no-sandbox < {show}",
            "REPL get": f"{self.workbench} --no-sandbox < {fetch}",
            "jq .": f"jq . {document}",
        }, runs=10)
        ours = (t["REPL get+body --all"][1] - t["REPL get"][1]) / repeats
        ours_cpu = (t["REPL get+body --all"][3] - t["REPL get"][3]) / repeats
        jq = t["jq ."][1]
        figure = f"4 print ({label})"
        self.add(figure, f"REPL session `get` ({mb:.1f} MB {label} over loopback), `body --all` ×{repeats}",
                 t["REPL get+body --all"])
        self.add(figure, "same session without `body --all`", t["REPL get"])
        self.add(figure, f"→ one `body --all` to /dev/null: difference of medians ÷ {repeats}",
                 f"{ours * 1000:.1f} ms · {mb / ours:.0f} MB/s",
                 f"{jq / ours:.1f}× jq's throughput (CPU: {t['jq .'][3] / ours_cpu:.1f}×)",
                 verdict(jq / ours >= 3, "≥ 3× jq"), cpu=ours_cpu)
        self.add(figure, "`jq . FILE` to /dev/null (whole process)", t["jq ."], f"{mb / jq:.0f} MB/s")

    def paste(self):
        """Figure 7: a 5 MB `json …` line pasted at a terminal, until the prompt is back; the same
        sent as keys (a terminal that does not mark pastes) for 1 MB, once, for comparison."""
        runs = max(3, int(5 * self.scale))
        times = sorted(paste_bench.paste(self.workbench, self.env, 5_000_000)[0] for _ in range(runs))
        median = times[len(times) // 2]
        self.add("7 paste", "5 MB `json [...]` line pasted at a terminal (bracketed), Enter, back to the prompt",
                 (times[0], median, times[-1], None), "", verdict(median <= 2.0, "≤ 2 s"))
        keys, _ = paste_bench.paste(self.workbench, self.env, 1_000_000, bracketed=False)
        self.add("7 paste", "1 MB of it sent as keys (no paste marks): libedit reads each key", f"{keys * 1000:.0f} ms")

    def interrupt(self):
        """Figure 15: Ctrl-C during a compiled `while true {}`, to the prompt (the session's values kept)."""
        session_bench.warm_compiler_cache(self.workbench, self.env)
        runs = max(3, int(5 * self.scale))
        results = [paste_bench.interrupt(self.workbench, self.env) for _ in range(runs)]
        times = sorted(elapsed for elapsed, _ in results)
        median = times[len(times) // 2]
        rebuilt = sum(1 for _, was in results if was)
        self.add("15 Ctrl-C", "Ctrl-C during a compiled `while true {}`, to the prompt after `error: interrupted`",
                 (times[0], median, times[-1], None), f"{rebuilt} of {runs} rebuilt the host", verdict(median <= 0.5, "≤ 0.5 s"))

    def long_lines(self):
        """Figure 7, continued: a line of 1 MB and of 256 KB (letters only, and `[` only) pasted at a
        terminal, Enter, until the prompt after its one-line error. Deciding whether the line is a
        whole input and refusing it takes swift-syntax's parser (or its lexer) one pass."""
        runs = max(3, int(5 * self.scale))
        letters = "abcdefghijklmnopqrstuvwxyz"
        for size, label in ((1 << 20, "1 MB"), (1 << 18, "256 KB")):
            for kind, line in (("letters", (letters * (size // len(letters) + 1))[:size]), ("`[`", "[" * size)):
                times = []
                for _ in range(runs):
                    elapsed, seen = paste_bench.long_line(self.workbench, self.env, line.encode())
                    error = seen[seen.find(b"error:"):].split(b"\r\n")[0].decode(errors="replace")
                    times.append(elapsed)
                times.sort()
                median = times[len(times) // 2]
                self.add("7 long line", f"a {label} line of {kind} ({size:,} bytes) pasted, Enter, its error (`{error[:60]}…`) and the prompt",
                         (times[0], median, times[-1], None), "", verdict(median <= 1.0, "≤ 1 s") if size == 1 << 20 else "")

    def first_steps(self):
        """Figures 8-10 (Benchmarks/first_steps_bench.py): a newcomer's first compiled input with a new
        HOME, `save` of a messy 40-step session, and `make run` on a built clone."""
        runs = max(2, int(3 * self.scale))
        firsts = sorted(first_steps_bench.first_compiled_input(self.workbench, self.env) for _ in range(runs))
        first = [f for f, _ in firsts]
        second = sorted(s for _, s in firsts)
        median = first[len(first) // 2]
        self.add("8 first input", "first compiled input, new HOME (cold module cache), typed 3 s after the prompt",
                 (first[0], median, first[-1], None), f"{median / second[len(second) // 2]:.2f}× the second",
                 verdict(median <= 0.6, "≤ 0.6 s"))
        self.add("8 first input", "the second compiled input of that session", (second[0], second[len(second) // 2], second[-1], None))
        saves = sorted(first_steps_bench.save_check(self.workbench, self.env) for _ in range(runs))
        whole = sorted(w for w, _ in saves)
        tail = sorted(t for _, t in saves)
        self.add("9 save check", "`save` of a 40-step session, refused by its check (7 statements fail: a decode into a redefined model, and those reading what it bound)",
                 (whole[0], whole[len(whole) // 2], whole[-1], None), "", verdict(whole[len(whole) // 2] <= 3.0, "≤ 3 s"))
        self.add("9 save check", "`save --from 8` of it", (tail[0], tail[len(tail) // 2], tail[-1], None), "",
                 verdict(tail[len(tail) // 2] <= 3.0, "≤ 3 s"))
        runs = [first_steps_bench.make_run(self.env) for _ in range(2)]
        self.add("10 make run", "`make run` in this built clone, new HOME, until the prompt",
                 (min(runs), sorted(runs)[len(runs) // 2], max(runs), None), "", verdict(max(runs) <= 5.0, "≤ 5 s"))

    def spec(self):
        """Figure 11 (Benchmarks/spec_bench.py): `spec` loading large real OpenAPI documents, and Tab
        completing from them, beside Python's parser reading the same file."""
        program = spec_bench.build()
        runs = max(3, int(10 * self.scale))
        for document in spec_bench.documents():
            name = os.path.basename(document)
            loads, info, completions = spec_bench.measure(program, document, runs)
            median = loads[len(loads) // 2]
            what = f"`spec` reading {name} ({info['bytes'] / 1e6:.1f} MB, {info['operations']} operations, {info['schemas']} schemas)"
            try:
                peer = spec_bench.python_parse(document, runs)
                ratio = f"{median / peer[len(peer) // 2]:.1f}× Python's parse of the file ({peer[len(peer) // 2] * 1000:.1f} ms)"
            except ImportError:
                ratio = ""
            self.add("11 spec", what, (loads[0], median, loads[-1], None), ratio, verdict(median <= 1.0, "≤ 1 s"))
            slowest = max(worst for _, worst in completions.values())
            mean = ", ".join(f"{kind} {average * 1e3:.2f}" for kind, (average, _) in completions.items())
            self.add("11 spec", f"Tab completion from {name}, over every operation's path (mean ms: {mean})",
                     f"slowest {slowest * 1e3:.2f} ms", "", verdict(slowest <= 0.010, "≤ 10 ms"))

    def images(self):
        """Figure 18 (Benchmarks/image_bench.py): a 1 MB JPEG decoded and drawn for a 100×40 terminal,
        beside Pillow decoding it (and shrinking it to the half blocks' size)."""
        program = image_bench.build()
        path, size = image_bench.photo(self.tmp)
        runs = max(5, int(20 * self.scale))
        times, written, peers = image_bench.measure(program, path, runs)
        median = lambda values: values[len(values) // 2]
        self.add("18 images", f"decoding a {size / 1e6:.2f} MB 2000×1500 JPEG (4:2:0, baseline)",
                 (times["decode"][0], median(times["decode"]), times["decode"][-1], None),
                 f"{median(times['decode']) / median(peers['decode']):.2f}× Pillow's decode ({median(peers['decode']) * 1000:.1f} ms)", "")
        for graphics in ("blocks", "kitty", "sixel", "iterm"):
            values = times[graphics]
            ratio = f"{median(values) / median(peers['shrink']):.2f}× Pillow's decode and shrink to 99×74 ({median(peers['shrink']) * 1000:.1f} ms)" \
                if graphics == "blocks" else ""
            self.add("18 images", f"the same decoded and drawn at a 100×40 terminal: {graphics} ({written[graphics]:,} bytes written)",
                     (values[0], median(values), values[-1], None), ratio, verdict(median(values) <= 0.200, "≤ 200 ms"))

    def tutorial(self):
        """Figure 12 (Benchmarks/tutorial_bench.py): the code's own URLSession offline against `wb.get`,
        and asynchronous output's way to the terminal."""
        gets, own = tutorial_bench.snippets(self.write)
        no_gets, no_own = tutorial_bench.snippets(self.write, count=0)
        for snippet in (gets, own, no_gets, no_own):
            check = subprocess.run([self.workbench, "replay", snippet, "--offline", "--check"],
                                   capture_output=True, text=True, env=self.env)
            if check.returncode != 0:
                raise RuntimeError(f"{os.path.basename(snippet)} failed: {(check.stderr or check.stdout)[-300:]!r}")
        t = self.hyperfine({
            "wb.get": f"{self.workbench} replay {gets} --offline",
            "URLSession": f"{self.workbench} replay {own} --offline",
            "wb.get, none": f"{self.workbench} replay {no_gets} --offline",
            "URLSession, none": f"{self.workbench} replay {no_own} --offline",
        }, runs=max(3, int(10 * self.scale)))
        # Per request: each replay less the same snippet with no request (start-up, the sandbox,
        # and for the loop its compile and the Swift host).
        per_get = (t["wb.get"][1] - t["wb.get, none"][1]) / 1000
        per_own = (t["URLSession"][1] - t["URLSession, none"][1]) / 1000
        ratio = per_own / per_get
        self.add("12 tutorial code", "1000 GETs offline, `wb.get` statements (figure 2's replay, real host URLs)", t["wb.get"],
                 f"{per_get * 1000:.2f} ms a request (less the snippet without requests: {t['wb.get, none'][1] * 1000:.0f} ms)")
        self.add("12 tutorial code", "the same through the code's own `URLSession.shared.data(from:)` in a loop", t["URLSession"],
                 f"{per_own * 1000:.2f} ms a request (less the loop of none, compiled: {t['URLSession, none'][1] * 1000:.0f} ms): "
                 f"{ratio:.2f}× `wb.get`'s; whole runs {t['URLSession'][1] / t['wb.get'][1]:.2f}×",
                 verdict(ratio <= 1.2, "≤ 1.2× `wb.get` a request"))
        latencies = sorted(tutorial_bench.async_latency(self.workbench, self.env))
        median, worst = latencies[len(latencies) // 2], latencies[-1]
        self.add("12 tutorial code", f"a Timer's `print` to the terminal while the prompt waits ({len(latencies)} ticks)",
                 f"{median:.1f} ms median, {worst:.1f} ms max", "", verdict(worst <= 50, "≤ 50 ms"))

    def playground(self):
        """Figure 6, playgrounds (Benchmarks/playground_bench.py): a 10-page bundle replayed, each page
        one compiled program, against one compiled input at the prompt."""
        ten = playground_bench.bundle(self.tmp, "Ten", 10)
        one = playground_bench.bundle(self.tmp, "One", 1)
        bare = playground_bench.bundle(self.tmp, "Bare", 1, sources=False)
        quit, single = playground_bench.one_input_sessions(self.write)
        for path in (ten, one, bare):
            check = subprocess.run([self.workbench, "replay", path, "--no-sandbox"], capture_output=True, text=True, env=self.env)
            if check.returncode != 0 or "error:" in check.stdout:
                raise RuntimeError(f"{os.path.basename(path)} failed: {(check.stdout + check.stderr)[-300:]!r}")
        t = self.hyperfine({
            "10 pages": f"{self.workbench} replay {ten} --no-sandbox",
            "1 page": f"{self.workbench} replay {one} --no-sandbox",
            "1 page, no Sources": f"{self.workbench} replay {bare} --no-sandbox",
            "REPL quit": f"{self.workbench} --no-sandbox < {quit}",
            "REPL one compiled input": f"{self.workbench} --no-sandbox < {single}",
        }, runs=10)
        page = (t["10 pages"][1] - t["1 page"][1]) / 9
        sources = t["1 page"][1] - t["1 page, no Sources"][1]
        compiled = t["REPL one compiled input"][1] - t["REPL quit"][1]
        self.add("6 playground", "`replay` of a 10-page playground (Sources/ compiled once, each page one program)", t["10 pages"])
        self.add("6 playground", "→ a page, by difference of medians ((10 pages − 1 page) ÷ 9)", f"{page * 1000:.0f} ms",
                 f"{page / compiled:.2f}× one compiled input at the prompt ({compiled * 1000:.0f} ms)",
                 verdict(page <= 1.2 * compiled, "≤ 1.2× one compiled input"))
        self.add("6 playground", "→ compiling Sources/ (1 page with it − 1 page without)", f"{sources * 1000:.0f} ms")

    def stream(self):
        """Figure 13 (Benchmarks/stream_bench.py): a server-sent event from the server's write to the
        terminal, against `curl -N` to a pipe, 40 events 50 ms apart each."""
        ours = latency_summary(stream_bench.workbench_latencies(self.workbench, self.env))
        curl = latency_summary(stream_bench.curl_latencies())
        self.add("13 stream", "SSE event, server's write → on the terminal (`get URL` at a pseudo-terminal): median · p95 · max",
                 f"{ours[0]:.1f} · {ours[1]:.1f} · {ours[2]:.1f} ms", f"{ours[0] / max(curl[0], 0.001):.1f}× curl's median",
                 verdict(ours[1] <= 20, "p95 ≤ 20 ms"))
        self.add("13 stream", "`curl -N URL` to a pipe, the same events: median · p95 · max",
                 f"{curl[0]:.1f} · {curl[1]:.1f} · {curl[2]:.1f} ms")

    def websocket(self):
        """Figure 19 (Benchmarks/stream_bench.py): a WebSocket message from the server's write to the
        terminal (`ws URL` at a pseudo-terminal), against Python reading them from a plain socket,
        40 messages 50 ms apart each."""
        ours = latency_summary(stream_bench.workbench_websocket_latencies(self.workbench, self.env))
        floor = latency_summary(stream_bench.socket_websocket_latencies())
        self.add("19 websocket", "WebSocket message, server's write → on the terminal (`ws URL` at a pseudo-terminal): median · p95 · max",
                 f"{ours[0]:.1f} · {ours[1]:.1f} · {ours[2]:.1f} ms", f"+{ours[0] - floor[0]:.1f} ms over a plain socket's median",
                 verdict(ours[1] <= 20, "p95 ≤ 20 ms"))
        self.add("19 websocket", "Python reading the same messages from a plain socket: median · p95 · max",
                 f"{floor[0]:.2f} · {floor[1]:.2f} · {floor[2]:.2f} ms")

    def kernel(self):
        """Figure 17 (Benchmarks/kernel_bench.py, run by the virtual environment's Python with
        jupyter_client): a kernel's start to its first cell's result, and 1000 cells of `get`
        through one kernel against the same 1000 inputs piped to the prompt (the cell's overhead)
        and against `workbench replay` of the snippet `save` writes for them."""
        python = os.path.join(HERE, "..", ".build", "jupyter-venv", "bin", "python")
        if not os.path.exists(python):
            raise RuntimeError("no .build/jupyter-venv: `make bench-kernel` makes it")
        cells = 1000
        runs = max(3, int(10 * self.scale))
        measured = subprocess.run([python, os.path.join(HERE, "kernel_bench.py"), self.workbench, self.tmp, str(runs), str(cells)],
                                  capture_output=True, text=True, env=self.env)
        if measured.returncode != 0:
            raise RuntimeError(f"kernel_bench.py failed: {measured.stderr[-300:]!r}")
        kernel = json.loads(measured.stdout)
        paths = [f"/posts/{index % 100 + 1}" for index in range(cells)]
        typed = self.write("kernel-prompt.txt", "base sandbox/jsonplaceholder\n" + "".join(f"get {p}\n" for p in paths) + "quit\n")
        snippet = self.write("kernel-1000.swift",
                             "import Foundation\nimport Sandbox\nimport WorkbenchKit\n\n"
                             "let sandbox = try await Sandbox.start()\n"
                             'let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)\n\n'
                             + "".join(f'try await wb.get("{p}")\n' for p in paths))
        t = self.hyperfine({"prompt": f"{self.workbench} < {typed} > /dev/null",
                            "replay": f"{self.workbench} replay {snippet} > /dev/null"}, runs=5)
        starts = sorted(kernel["start"])
        start_median = starts[len(starts) // 2]
        figure = "17 kernel"
        self.add(figure, "kernel start (as a notebook opens) to the first cell's result, `get sandbox/jsonplaceholder/posts/1`",
                 (starts[0], start_median, starts[-1], None), "", verdict(start_median <= 1.0, "≤ 1 s"))
        replay = t["replay"][1]
        overhead = (kernel["cells"] - t["prompt"][1]) / cells
        self.add(figure, f"{cells} cells of `get /posts/N` through one kernel driven by jupyter_client, each until idle",
                 f"{kernel['cells'] * 1000:.0f} ms", f"{overhead * 1000:.2f} ms a cell over the prompt; {kernel['cells'] / replay:.2f}× replay",
                 verdict(overhead <= 0.010, "≤ 10 ms a cell") + "; " + verdict(kernel["cells"] <= 1.2 * replay, "≤ 1.2× replay"))
        own = kernel["in_kernel"]
        self.add(figure, "… of which the kernel's own time (its busy to its idle status); the rest is jupyter_client's, in Python",
                 f"{own * 1000:.0f} ms", f"{(own - t['prompt'][1]) / cells * 1000:.2f} ms a cell over the prompt; {own / replay:.2f}× replay")
        interrupts = sorted(kernel["interrupt"])
        interrupt_median = interrupts[len(interrupts) // 2]
        self.add(figure, "an interrupt of a cell running `while true {}`, from the request to the cell's reply (values kept)",
                 (interrupts[0], interrupt_median, interrupts[-1], None), "", verdict(interrupt_median <= 1.0, "≤ 1 s"))
        self.add(figure, f"the same {cells} inputs piped to the prompt (with its start-up)", t["prompt"])
        self.add(figure, f"`workbench replay` of the snippet of the same {cells} requests", t["replay"])

    def play(self):
        """Figure 16 (Benchmarks/play_bench.py): `play FILE` of a 30-statement lesson, piped; each save
        timed from its write until play's status line. A change at line 28 against the same
        statement typed at the prompt; a change at line 1 (everything runs again) against
        `replay FILE --results`; a change to a comment only (nothing runs) for the watcher's wake-up."""
        session_bench.warm_compiler_cache(self.workbench, self.env)
        runs = max(5, int(15 * self.scale))
        full_runs = max(3, int(5 * self.scale))
        folder = os.path.join(self.tmp, "play")
        os.makedirs(folder, exist_ok=True)
        played = play_bench.measure_play(self.workbench, self.env, folder, runs, full_runs)
        typed = sorted(play_bench.prompt_inputs(self.workbench, self.env, runs))
        lesson = self.write("lesson-results.swift", play_bench.lesson())
        check = subprocess.run([self.workbench, "replay", lesson, "--results"], capture_output=True, text=True, env=self.env)
        if check.returncode != 0 or "error:" in check.stdout or not re.search(r"^30  ", check.stdout, re.M):
            raise RuntimeError(f"replay --results of the lesson failed: {(check.stdout + check.stderr)[-300:]!r}")
        t = self.hyperfine({"replay --results": f"{self.workbench} replay {lesson} --results"}, runs=max(3, int(10 * self.scale)))

        def stats(values):
            values = sorted(values)
            return (values[0], session_bench.median(values), values[-1], None)

        figure = "16 play"
        replay = t["replay --results"][1]
        self.add(figure, "`play FILE` of a 30-statement lesson (a request, a decode, filters, loops, prints; 16 statements compiled), "
                 "piped: the first run (every line, as after a change at line 1), its own seconds", f"{played['first'] * 1000:.0f} ms",
                 f"{played['first'] / replay:.2f}× the whole process of `replay FILE --results`")
        prompt = session_bench.median(typed)
        line28 = [wall for wall, _ in played["line 28"]]
        self.add(figure, "a save changing line 28 (`let picked = posts.filter { $0.userId == K }.count`, compiled; lines 29–30 "
                 "on the fast path), write → `ran lines 28–30` status line", stats(line28),
                 f"{session_bench.median(line28) / prompt:.2f}× one compiled input at the prompt",
                 verdict(session_bench.median(line28) <= 1.2 * prompt, "≤ 1.2× one compiled input"))
        self.add(figure, "the same statement typed at the prompt of a live session that typed the lesson, input → its value",
                 stats(typed))
        if played["line 1"]:
            line1 = [wall for wall, _ in played["line 1"]]
            self.add(figure, "a save changing line 1 (`struct Post`'s properties reordered: all 30 statements run again), "
                     "write → `ran lines 1–30` status line", stats(line1),
                     f"{session_bench.median(line1) / replay:.2f}× `replay FILE --results`",
                     verdict(session_bench.median(line1) <= 1.1 * replay, "≤ 1.1× `replay --results`"))
        if "line 1 error" in played:
            self.add(figure, "a save changing line 1: not measured" + (f" after {len(played['line 1'])} saves" if played["line 1"] else ""),
                     "—", played["line 1 error"][:300])
        self.add(figure, "`workbench replay FILE --results` of the same lesson (whole process: start-up, sandbox, the file "
                 "compiled once as a playground)", t["replay --results"])
        for key, how in (("unchanged", "in place"), ("unchanged, rename", "by rename, as vim saves")):
            wake = stats(played[key])
            self.add(figure, f"a save changing only a comment ({how}), write → `unchanged: nothing ran`: the watcher's wake-up, "
                     "its 40 ms settle, reading and parsing the file", wake, "", verdict(wake[1] <= 0.050, "≤ 50 ms"))
        overhead = [wall - seconds for wall, seconds in played["line 28"] + played["line 1"]]
        self.add(figure, "→ the same from the runs above: write → status line, less the run's own seconds on it (±5 ms: "
                 "printed to 0.01 s)", stats(overhead))

    def attempt(self, figure, body):
        try:
            body()
        except Exception as error:  # a figure that cannot run says why; the others still run
            log(f"figure {figure} not measured: {error}")
            self.add(figure, "not measured", "—", str(error)[:300])


def latency_summary(values):
    """Latencies in seconds as milliseconds: median, p95, max."""
    values = sorted(v * 1000 for v in values)
    return values[len(values) // 2], values[int(len(values) * 0.95) - 1], values[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workbench", default=os.path.join(HERE, "..", ".build", "release", "workbench"))
    parser.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    parser.add_argument("--only", choices=["figures", "micro", "replay", "session", "memory", "playground", "paste", "long-line",
                                           "first-steps", "spec", "tutorial", "stream", "packages", "interrupt", "play", "kernel", "images", "websocket", "all"],
                        default="figures",
                        help="replay, session, memory, playground, paste, long-line, first-steps, spec, tutorial, stream: only figure 2, "
                             "figure 6's live-session rows (memory: the sessions after a 20 MB and an 80 MB decode alone) or playground rows, "
                             "figure 7 (long-line: its long-line rows alone), figures 8-10, figure 11, 12, 13, 14, 15, 16, 17, 18 or 19 "
                             "(printed, RESULTS.md left alone)")
    parser.add_argument("--quick", action="store_true", help="fewer runs (a smoke run of the harness)")
    options = parser.parse_args()
    scale = 0.3 if options.quick else 1.0
    load = " ".join(open("/proc/loadavg").read().split()[:3])
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")

    text = open(options.results).read() if os.path.exists(options.results) else (
        "# Benchmark results\n\nWritten by `make bench` (all figures), `make bench-figures` (1–4, 6) and "
        "`make bench-micro` (5); see README.md beside this file for what each figure measures.\n")

    if options.only == "session":
        bench = Bench(options.workbench, scale)
        try:
            document = bench.photo_document()
            bench.attempt("6 Swift session", lambda: bench.swift_session(document))
            print(table(bench.rows))
        finally:
            shutil.rmtree(bench.tmp, ignore_errors=True)
        return

    if options.only == "memory":
        bench = Bench(options.workbench, scale)
        try:
            session_bench.warm_compiler_cache(bench.workbench, bench.env)
            for size in (20_000_000, 80_000_000):
                document = bench.photo_document(size)
                bench.attempt("6 Swift session", lambda: bench.big_decode(document))
            bench.attempt("6 Swift session", lambda: bench.big_decode(document, PHOTO_STRUCT_URLS))
            print(table(bench.rows))
        finally:
            shutil.rmtree(bench.tmp, ignore_errors=True)
        return

    if options.only in ("replay", "paste", "long-line", "first-steps", "spec", "tutorial", "playground", "stream", "packages", "interrupt", "play", "kernel", "images", "websocket"):
        bench = Bench(options.workbench, scale)
        try:
            if options.only == "replay":
                bench.attempt("2 replay", bench.replay)
            elif options.only == "paste":
                bench.attempt("7 paste", bench.paste)
                bench.attempt("7 long line", bench.long_lines)
            elif options.only == "long-line":
                bench.attempt("7 long line", bench.long_lines)
            elif options.only == "spec":
                bench.attempt("11 spec", bench.spec)
            elif options.only == "tutorial":
                bench.attempt("12 tutorial code", bench.tutorial)
            elif options.only == "playground":
                bench.attempt("6 playground", bench.playground)
            elif options.only == "stream":
                bench.attempt("13 stream", bench.stream)
            elif options.only == "packages":
                bench.attempt("14 packages", lambda: package_bench.measure(bench))
            elif options.only == "interrupt":
                bench.attempt("15 Ctrl-C", bench.interrupt)
            elif options.only == "play":
                bench.attempt("16 play", bench.play)
            elif options.only == "kernel":
                bench.attempt("17 kernel", bench.kernel)
            elif options.only == "images":
                bench.attempt("18 images", bench.images)
            elif options.only == "websocket":
                bench.attempt("19 websocket", bench.websocket)
            else:
                bench.attempt("8-10 first steps", bench.first_steps)
            print(table(bench.rows))
        finally:
            shutil.rmtree(bench.tmp, ignore_errors=True)
        return

    if options.only in ("figures", "all"):
        bench = Bench(options.workbench, scale)
        try:
            document = bench.photo_document()
            with open(document, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()[:16]
            bench.attempt("1 start-up", bench.startup)
            bench.attempt("2 replay", bench.replay)
            bench.attempt("3 decode", lambda: bench.decoding(document))
            bench.attempt("4 print", lambda: bench.printing(document))
            bench.attempt("6 Swift input", bench.swift_input)
            bench.attempt("6 Swift session", lambda: bench.swift_session(document))
            bench.attempt("6 playground", bench.playground)
            bench.attempt("7 paste", bench.paste)
            bench.attempt("7 long line", bench.long_lines)
            bench.attempt("8-10 first steps", bench.first_steps)
            bench.attempt("11 spec", bench.spec)
            bench.attempt("12 tutorial code", bench.tutorial)
            bench.attempt("13 stream", bench.stream)
            bench.attempt("14 packages", lambda: package_bench.measure(bench))
            bench.attempt("15 Ctrl-C", bench.interrupt)
            bench.attempt("16 play", bench.play)
            bench.attempt("17 kernel", bench.kernel)
            bench.attempt("18 images", bench.images)
            bench.attempt("19 websocket", bench.websocket)
            end_load = " ".join(open("/proc/loadavg").read().split()[:3])
            body = "\n".join([
                f"## Figures 1–4 and 6–19 ({started})", "",
                f"- Machine: {machine(load)}; at the end {end_load}.",
                f"- Tools: {versions()}.",
                f"- Document: {os.path.getsize(document):,} bytes, photo-like array, sha256 {digest}… "
                f"(deterministic; MB = 10⁶ bytes).",
                f"- Runs: hyperfine medians, min–max in brackets{' (quick run: fewer runs)' if options.quick else ''}.",
                *[f"- {n}" for n in bench.notes], "",
                table(bench.rows),
            ])
            print(body)
            text = replace_section(text, MARK_FIGURES, body)
        finally:
            shutil.rmtree(bench.tmp, ignore_errors=True)

    if options.only in ("micro", "all"):
        body = "\n".join([f"## Figure 5: micro-benchmarks ({started}, load average {load})", "",
                          micro(scale)])
        print(body)
        text = replace_section(text, MARK_MICRO, body)

    with open(options.results, "w") as f:
        f.write(text)
    log(f"wrote {os.path.relpath(options.results)}")


if __name__ == "__main__":
    main()

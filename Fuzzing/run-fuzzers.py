#!/usr/bin/env python3
"""Runs each libFuzzer target of Fuzzing/ for a set number of executions and prints, per target, the
executions done and the findings (inputs that crashed, timed out or ran out of memory). Leaks are
not findings (-detect_leaks=0): Swift tasks and runtime caches outlive an input by design.

Seeds come from Fuzzing/Corpus/<target>/ (committed); what a run adds goes to
Fuzzing/.build/corpus/<target>/ and findings to Fuzzing/.build/findings/<target>/ (both ignored).
While a target runs, a progress line (executions, exec/s) is printed every --progress seconds; the
whole libFuzzer output is in Fuzzing/.build/<target>.log.
Usage: run-fuzzers.py [--runs N] [--seconds S] [--progress S] [--build-dir DIR] [TARGET …]
"""
import argparse
import os
import queue
import re
import subprocess
import sys
import threading
import time

TARGETS = ["FuzzJSON", "FuzzDecoder", "FuzzHost", "FuzzCommands", "FuzzDeclarations", "FuzzExpressions"]
HERE = os.path.dirname(os.path.abspath(__file__))
# Seconds one input may take before it is a finding (libFuzzer's -timeout, which FuzzSupport's
# watchdog makes fire); a run whose count stands still for STALLED seconds is ended as hung.
TIMEOUT = 10
STALLED = 300


def corpus_name(target):
    return target[len("Fuzz"):].lower()


# One process per target, fuzzing on one thread (no -jobs: it would log to a file of its own).
def run(target, runs, seconds, build_dir, progress):
    name = corpus_name(target)
    seeds = os.path.join(HERE, "Corpus", name)
    grown = os.path.join(HERE, ".build", "corpus", name)
    findings = os.path.join(HERE, ".build", "findings", name)
    os.makedirs(grown, exist_ok=True)
    os.makedirs(findings, exist_ok=True)
    command = [os.path.join(build_dir, target), grown, seeds, f"-runs={runs}",
               f"-timeout={TIMEOUT}", "-rss_limit_mb=2048", "-detect_leaks=0", "-print_final_stats=1", "-close_fd_mask=1",
               f"-artifact_prefix={findings}/"]
    if seconds:
        command.append(f"-max_total_time={seconds}")
    dictionary = os.path.join(HERE, "Dictionaries", name + ".dict")
    if os.path.exists(dictionary):
        command.append(f"-dict={dictionary}")
    started = time.monotonic()
    log_path = os.path.join(HERE, ".build", f"{name}.log")
    hung = False
    with open(log_path, "w") as log:
        # No Swift backtracer (it takes seconds per crash); leaks are not findings (see above).
        # The scratch folder the targets make (and run in) lands in Fuzzing/.build/scratch.
        scratch = os.path.join(HERE, ".build", "scratch")
        os.makedirs(scratch, exist_ok=True)
        # A heap error's allocation is shown 5 frames deep, not 30: unwinding Swift's deep stacks
        # on every allocation was a fifth of FuzzHost's time (perf).
        environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", ASAN_OPTIONS="detect_leaks=0:malloc_context_size=5",
                           TMPDIR=scratch)
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   env=environment)
        # Lines are read on a thread of their own, so that a process that prints nothing at all is
        # noticed too. The count comes from libFuzzer's lines and FuzzSupport's `#N progress` line
        # (every 30 s).
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(raw) for raw in process.stdout] + [lines.put(None)], daemon=True).start()
        count, changed, shown = 0, started, started
        while True:
            try:
                raw = lines.get(timeout=5)
            except queue.Empty:
                raw = b""
            if raw is None:
                break
            log.write(raw.decode("utf-8", "replace"))
            log.flush()
            now = time.monotonic()
            executed = re.match(rb"#(\d+)\s", raw)
            if executed and int(executed.group(1)) > count:
                count, changed = int(executed.group(1)), now
            if now - changed > STALLED and not hung:
                hung = True
                process.kill()
            if progress and now - shown >= progress:
                shown = now
                elapsed = now - started
                print(f"  {target}: {count:,} executions in {elapsed:.0f} s ({count / max(elapsed, 1):,.0f} exec/s)", flush=True)
        status = process.wait()
    seconds = time.monotonic() - started
    text = open(log_path, errors="replace").read()
    executed = re.findall(r"stat::number_of_executed_units: (\d+)", text)
    if not executed:
        executed = re.findall(r"^#(\d+)\s", text, re.MULTILINE)
    count = int(executed[-1]) if executed else 0
    written = re.findall(r"Test unit written to (\S+)", text)
    cause = re.findall(r"(Fatal error: [^\n]*|ERROR: libFuzzer: [^\n]*|ERROR: AddressSanitizer: [^\n]*)", text)
    if hung:
        cause.insert(0, f"no execution for {STALLED} s: an input hung and the timeout did not fire")
    return count, seconds, status, written, cause, log_path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=int, default=0, help="stop each target after this long (0: no limit)")
    parser.add_argument("--progress", type=int, default=60, help="seconds between progress lines (0: none)")
    parser.add_argument("--build-dir", default=os.path.join(HERE, ".build", "release"))
    parser.add_argument("targets", nargs="*", default=TARGETS)
    arguments = parser.parse_args()
    failed = False
    results = []
    for target in arguments.targets:
        print(f"{target}: running (log: {os.path.join(HERE, '.build', corpus_name(target) + '.log')})", flush=True)
        count, seconds, status, written, cause, log_path = run(target, arguments.runs, arguments.seconds, arguments.build_dir,
                                                               arguments.progress)
        if status == 0:
            outcome = "none"
        else:
            failed = True
            outcome = f"{len(written) or 1}: {cause[0] if cause else f'exit status {status}'}"
            outcome += "".join(f"\n{'':<51}input: {path}" for path in written) + f"\n{'':<51}log: {log_path}"
        line = f"{target:<18} {count:>12,} {seconds:>8.0f} {count / max(seconds, 1):>8,.0f}  {outcome}"
        print(line, flush=True)
        results.append(line)
    print(f"\n{'target':<18} {'executions':>12} {'seconds':>8} {'exec/s':>8}  findings")
    for line in results:
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

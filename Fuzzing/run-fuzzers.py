#!/usr/bin/env python3
"""Runs each libFuzzer target of Fuzzing/ for a set number of executions and prints, per target, the
executions done and the findings (inputs that crashed, timed out or ran out of memory). Leaks are
not findings (-detect_leaks=0): Swift tasks and runtime caches outlive an input by design.

Seeds come from Fuzzing/Corpus/<target>/ (committed); what a run adds goes to
Fuzzing/.build/corpus/<target>/ and findings to Fuzzing/.build/findings/<target>/ (both ignored).
Usage: run-fuzzers.py [--runs N] [--build-dir DIR] [TARGET …]
"""
import argparse
import os
import re
import subprocess
import sys
import time

TARGETS = ["FuzzCommands", "FuzzDeclarations", "FuzzJSON", "FuzzDecoder", "FuzzExpressions"]
HERE = os.path.dirname(os.path.abspath(__file__))


def corpus_name(target):
    return target[len("Fuzz"):].lower()


# One process per target, fuzzing on one thread (no -jobs: it would log to a file of its own).
def run(target, runs, seconds, build_dir):
    name = corpus_name(target)
    seeds = os.path.join(HERE, "Corpus", name)
    grown = os.path.join(HERE, ".build", "corpus", name)
    findings = os.path.join(HERE, ".build", "findings", name)
    os.makedirs(grown, exist_ok=True)
    os.makedirs(findings, exist_ok=True)
    command = [os.path.join(build_dir, target), grown, seeds, f"-runs={runs}",
               "-timeout=10", "-rss_limit_mb=2048", "-detect_leaks=0", "-print_final_stats=1", "-close_fd_mask=1",
               f"-artifact_prefix={findings}/"]
    if seconds:
        command.append(f"-max_total_time={seconds}")
    dictionary = os.path.join(HERE, "Dictionaries", name + ".dict")
    if os.path.exists(dictionary):
        command.append(f"-dict={dictionary}")
    started = time.monotonic()
    log_path = os.path.join(HERE, ".build", f"{name}.log")
    with open(log_path, "w") as log:
        # No Swift backtracer (it takes seconds per crash); leaks are not findings (see above).
        # The scratch folder the targets make (and run in) lands in Fuzzing/.build/scratch.
        scratch = os.path.join(HERE, ".build", "scratch")
        os.makedirs(scratch, exist_ok=True)
        environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", ASAN_OPTIONS="detect_leaks=0", TMPDIR=scratch)
        status = subprocess.call(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                 env=environment)
    seconds = time.monotonic() - started
    text = open(log_path, errors="replace").read()
    executed = re.findall(r"stat::number_of_executed_units: (\d+)", text)
    if not executed:
        executed = re.findall(r"^#(\d+)\s", text, re.MULTILINE)
    count = int(executed[-1]) if executed else 0
    written = re.findall(r"Test unit written to (\S+)", text)
    cause = re.findall(r"(Fatal error: [^\n]*|ERROR: libFuzzer: [^\n]*|ERROR: AddressSanitizer: [^\n]*)", text)
    return count, seconds, status, written, cause, log_path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=int, default=0, help="stop each target after this long (0: no limit)")
    parser.add_argument("--build-dir", default=os.path.join(HERE, ".build", "debug"))
    parser.add_argument("targets", nargs="*", default=TARGETS)
    arguments = parser.parse_args()
    failed = False
    print(f"{'target':<18} {'executions':>12} {'seconds':>8}  findings")
    for target in arguments.targets:
        count, seconds, status, written, cause, log_path = run(target, arguments.runs, arguments.seconds, arguments.build_dir)
        if status == 0:
            outcome = "none"
        else:
            failed = True
            outcome = f"{len(written) or 1}: {cause[0] if cause else f'exit status {status}'}"
            outcome += "".join(f"\n{'':<41}input: {path}" for path in written) + f"\n{'':<41}log: {log_path}"
        print(f"{target:<18} {count:>12,} {seconds:>8.0f}  {outcome}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

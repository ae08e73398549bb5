#!/usr/bin/env python3
"""Writes Expected/GROUP/NAME.out for every case of the Swift forms table, from compiled Swift.

Each case's session becomes a one-file program (forms_program.py) compiled with
`swiftc -swift-version 5 -module-name main` (the prompt's default language mode) beside
FormsHarness.swift, linked with a WorkbenchKit built from Sources/WorkbenchKit, and run against
`workbench sandbox` on a free port. With `--swift-version 6` the programs are compiled in Swift 6
mode and Expected/swift6/GROUP/NAME.out is written for each case whose output differs from Swift
5's (run it after the Swift 5 pass). A failing input (a compile error, a trap, an error thrown at
its top level) ends a run; the session goes on in a new program that re-creates the inputs that
succeeded before it with their output dropped, as the prompt keeps only what succeeded. Only
ports and timings are masked.

    python3 Tests/EndToEndTests/SwiftForms/generate.py            # every case
    python3 Tests/EndToEndTests/SwiftForms/generate.py --swift-version 6
    python3 Tests/EndToEndTests/SwiftForms/generate.py NAME ...   # some cases (NAME or GROUP/NAME)
    python3 Tests/EndToEndTests/SwiftForms/generate.py --immediate --check
        # runs the programs with `swift FILE` (immediate mode) and reports where they differ
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the table
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from forms_output import context, mask, trap_line  # noqa: E402
from forms_program import Program, uses_workbench  # noqa: E402
from forms_table import HERE, read_table  # noqa: E402
from forms_toolchain import KitLibrary, Sandbox  # noqa: E402

MARKER = re.compile(r"^\x01forms-input (\d+)$")
DIAGNOSTIC = re.compile(r"^(.*?main\.swift):(\d+):(\d+): error: (.*)$", re.M)
FAILED_INPUT = 3  # __formsFail's exit status


class GenerationError(Exception):
    pass


class CaseRunner:
    """Runs one case's session as programs, input by input, and collects each input's output."""

    def __init__(self, case, kit, sandbox, immediate, work, version):
        self.case, self.kit, self.sandbox, self.immediate = case, kit, sandbox, immediate
        self.version = version
        self.work = work
        self.programs = 0

    def run(self):
        count = len(self.case.inputs)
        outputs = [None] * count
        failed = set()
        start = 0
        while start < count:
            included = [index for index in range(count) if index not in failed]
            live = {index for index in included if index >= start}
            program = Program(self.case, included, live)
            self.programs += 1
            compiled = self.compile(program)
            outcome = self.execute(compiled, program) if isinstance(compiled, str) else compiled
            if len(outcome) == 2:  # (input index, compile error line)
                index, line = outcome
                if index < start:
                    raise GenerationError(f"input {index + 1} compiled alone but not in a later run: {line}")
                outputs[index] = line + "\n"
                self.fail(index, line)
                failed.add(index)
                continue
            stdout, stderr, status = outcome
            segments = split_segments(stdout)
            ran = sorted(segments)
            for index in ran:
                outputs[index] = segments[index]
            if status == 0:
                if ran != sorted(live):
                    raise GenerationError(f"the program ended early (inputs run: {ran})")
                break
            if not ran:
                raise GenerationError(f"the program failed before input {start + 1} (status {status}): {stderr[:400]}")
            last = ran[-1]
            if status != FAILED_INPUT:
                outputs[last] += trap_line(stderr, status) + "\n"
            self.fail(last, outputs[last])
            failed.add(last)
            start = last + 1
        return "".join(outputs[index] for index, item in enumerate(self.case.inputs) if item.checked)

    def fail(self, index, output):
        """A checked input may fail; one that only sets up the session must not (the case would test nothing)."""
        if not self.case.inputs[index].checked:
            raise GenerationError(f"setup input {index + 1} failed: {output.strip()[:300]}")

    def compile(self, program):
        """The executable's path (the source's, under immediate mode), or (input index, error line)."""
        directory = tempfile.mkdtemp(dir=self.work)
        source = os.path.join(directory, "main.swift")
        with open(os.path.join(HERE, "FormsHarness.swift"), encoding="utf-8") as file:
            harness = file.read()
        if self.immediate:
            # Immediate mode runs one file: the harness goes at its end, its import first (line 1).
            imports = [line for line in harness.split("\n") if line.startswith("@preconcurrency import")]
            rest = [line for line in harness.split("\n") if not line.startswith("@preconcurrency import")]
            with open(source, "w", encoding="utf-8") as file:
                file.write("\n".join(imports) + "\n" + program.text() + "\n".join(rest))
            return source
        with open(source, "w", encoding="utf-8") as file:
            file.write(program.text())
        harness_copy = os.path.join(directory, "FormsHarness.swift")
        with open(harness_copy, "w", encoding="utf-8") as file:
            file.write(harness)
        executable = os.path.join(directory, "program")
        links = self.kit.arguments() if uses_workbench(self.case) else []
        command = ["swiftc", "-g", "-swift-version", self.version, "-module-name", "main", *links, source, harness_copy, "-o", executable]
        result = subprocess.run(command, capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            return self.compile_error(result.stderr, program, source, offset=0)
        return executable

    def compile_error(self, diagnostics, program, source, offset):
        """(input index, `error: LINE:COL: MESSAGE`) for the compiler's first error, LINE:COL within the input,
        followed by the input's line and a caret under COL as the prompt shows them."""
        match = DIAGNOSTIC.search(diagnostics)
        if not match or not match.group(1).endswith(source):
            raise GenerationError(f"did not compile, and not because of an input: {diagnostics[:1500]}")
        line, column, message = int(match.group(2)) - offset, int(match.group(3)), match.group(4)
        origin = program.origin(line)
        if origin is None:
            index = program.nearest_input(line)
            if index is None:
                raise GenerationError(f"error in generated code at line {line}: {message}")
            origin, column = (index, 1, None), 1
            print(f"note: {self.case.key}: an error on a generated line is blamed on input {index + 1} at 1:1: {message}",
                  file=sys.stderr)
        index, input_line, command = origin
        if command:
            column = command.typed_column(column)
        typed = self.case.inputs[index].text.split("\n")
        shown = context(typed[input_line - 1] if 1 <= input_line <= len(typed) else None, column)
        return index, "\n".join([f"error: {input_line}:{column}: {message}", *shown])

    def execute(self, path, program):
        """(stdout, stderr, status), or (input index, error line) when immediate mode did not compile it."""
        environment = dict(os.environ)
        environment.update(self.sandbox.environment())
        environment.update({"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "TZ": "UTC", "NO_COLOR": "1",
                            "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,threads=crashed"})
        links = self.kit.arguments(self.immediate) if uses_workbench(self.case) else []
        if self.immediate:
            environment["LD_LIBRARY_PATH"] = self.kit.directory
            command = ["swift", "-swift-version", self.version, "-module-name", "main", *links, path]
        else:
            command = [path]
        result = subprocess.run(command, capture_output=True, stdin=subprocess.DEVNULL, env=environment, timeout=120)
        stdout, stderr = result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace")
        if self.immediate and result.returncode != 0 and not split_segments(stdout) and DIAGNOSTIC.search(stderr):
            return self.compile_error(stderr, program, path, offset=1)
        return stdout, stderr, result.returncode


def split_segments(stdout):
    """{input index: its output} from the markers __formsBegin printed; what came before the first is dropped."""
    segments, current = {}, None
    for line in stdout.splitlines(keepends=True):
        match = MARKER.match(line.rstrip("\n"))
        if match:
            current = int(match.group(1))
            segments[current] = ""
        elif current is not None:
            segments[current] += line
    if current is not None and segments[current] and not segments[current].endswith("\n"):
        segments[current] += "\n"
    return segments


def read(path):
    return open(path, encoding="utf-8").read() if os.path.exists(path) else None


def remove_stale_outputs(cases):
    """Deletes expected outputs of cases no longer in the table (renamed or removed)."""
    kept = {os.path.normpath(case.expected_path()) for case in cases}
    for path in glob.glob(os.path.join(HERE, "Expected", "*", "*.out")):
        if os.path.normpath(path) not in kept:
            print(f"removed {os.path.relpath(path, HERE)}: no such case", file=sys.stderr)
            os.remove(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="cases to run (NAME, GROUP/NAME or GROUP); all by default")
    parser.add_argument("--immediate", action="store_true", help="run with `swift FILE` instead of swiftc")
    parser.add_argument("--check", action="store_true", help="compare with Expected/ instead of writing it")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--swift-version", choices=["5", "6"], default="5",
                        help="the language mode: 5 writes Expected/ (the prompt's default), 6 writes "
                             "Expected/swift6/ for the cases whose output differs from Swift 5's")
    parser.add_argument("--workbench", default=".build/debug/workbench", help="the binary whose `sandbox` serves requests")
    arguments = parser.parse_args()

    cases = read_table()
    if arguments.names:
        wanted = set(arguments.names)
        cases = [case for case in cases if wanted & {case.name, case.key, case.group}]
        if not cases:
            sys.exit(f"error: no case named {', '.join(sorted(wanted))}")
    began = time.monotonic()
    work = tempfile.mkdtemp(prefix="swift-forms-")
    os.chmod(work, 0o700)
    kit = KitLibrary(work)
    if any(uses_workbench(case) for case in cases):
        kit.build()
    kit_seconds = time.monotonic() - began
    sandbox = Sandbox(arguments.workbench)
    if any(uses_workbench(case) for case in cases):
        sandbox.start()
    failures, differences, programs = [], [], 0
    try:
        def generate(case):
            runner = CaseRunner(case, kit, sandbox, arguments.immediate, work, arguments.swift_version)
            return case, mask(runner.run()), runner.programs

        with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
            futures = [pool.submit(generate, case) for case in cases]
            for future in concurrent.futures.as_completed(futures):
                case = cases[futures.index(future)]
                try:
                    case, output, count = future.result()
                except (GenerationError, subprocess.TimeoutExpired, ValueError) as error:
                    failures.append(f"{case.key}: {error}")
                    continue
                programs += count
                if re.search(r"0x[0-9a-f]{8,}", output):
                    print(f"warning: {case.key}: the output holds an address, which changes between runs", file=sys.stderr)
                path = case.expected_path(arguments.swift_version)
                if arguments.swift_version != "5" and read(case.expected_path()) == output:
                    # The same as Swift 5's: no file of its own.
                    if arguments.check and os.path.exists(path):
                        differences.append((case.key, read(path), output))
                    elif not arguments.check and os.path.exists(path):
                        os.remove(path)
                elif arguments.check:
                    old = read(path)
                    if old != output:
                        differences.append((case.key, old, output))
                else:
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    with open(path, "w", encoding="utf-8") as file:
                        file.write(output)
    finally:
        sandbox.stop()
        shutil.rmtree(work, ignore_errors=True)
    if not arguments.names and not arguments.check and not failures and arguments.swift_version == "5":
        remove_stale_outputs(cases)
    for key, old, new in sorted(differences):
        print(f"--- {key}: Expected/ has\n{old}--- this run printed\n{new}")
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    seconds = time.monotonic() - began
    print(f"{len(cases)} cases, {programs} programs, {seconds:.1f} s ({kit_seconds:.1f} s for WorkbenchKit); "
          f"{len(differences)} differ, {len(failures)} failed", file=sys.stderr)
    sys.exit(1 if failures or differences else 0)


if __name__ == "__main__":
    main()

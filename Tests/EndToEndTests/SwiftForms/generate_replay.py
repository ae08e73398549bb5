#!/usr/bin/env python3
"""Writes Expected/replay/GROUP/NAME.out: what a case's session, saved as a snippet, prints when
that snippet is compiled and run, as `swift run replayed` would run it.

`SwiftFormsTests` replays the same saved snippet in the REPL (`replay`) and compares its output,
echo lines left out, with these files. The snippet is written by the binary under test (`save
replayed --force` after the case's inputs); this script compiles it with
`swiftc -swift-version 5 -module-name replayed` (the language mode replay uses), linked with the WorkbenchKit generate.py builds,
and keeps what it prints. Only the groups in REPLAY_GROUPS are replayed (each replayed statement
that compiles costs a compile in the test too), and of those the cases that send no request (a
snippet that does starts the sandbox, a library this script does not build).

    python3 Tests/EndToEndTests/SwiftForms/generate_replay.py            # every replayed case
    python3 Tests/EndToEndTests/SwiftForms/generate_replay.py --check    # compare, write nothing
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ beside the table
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from forms_output import mask, trap_line  # noqa: E402
from forms_program import uses_workbench  # noqa: E402
from forms_table import HERE, read_table  # noqa: E402
from forms_toolchain import KitLibrary  # noqa: E402

REPLAY_GROUPS = {"session"}
SNIPPET = "replayed"


def replayed_cases():
    return [case for case in read_table() if case.group in REPLAY_GROUPS and not uses_workbench(case)]


def expected_path(case):
    return os.path.join(HERE, "Expected", "replay", case.group, case.name + ".out")


def saved_snippet(case, workbench, directory):
    """The snippet the binary saves after the case's inputs."""
    home = os.path.join(directory, "home")
    os.makedirs(home)
    script = "".join(item.text + "\n" for item in case.inputs) + f"save {SNIPPET} --force --dir {directory}\n"
    environment = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TZ": "UTC", "NO_COLOR": "1"}
    subprocess.run([workbench, "--no-sandbox"], input=script, capture_output=True, text=True, env=environment,
                   timeout=600)
    path = os.path.join(directory, SNIPPET + ".swift")
    if not os.path.exists(path):
        raise RuntimeError(f"{case.key}: the session was not saved")
    return path


def compiled_output(path, kit, directory):
    executable = os.path.join(directory, "program")
    command = ["swiftc", "-g", "-swift-version", "5", "-module-name", SNIPPET, *kit.arguments(), path, "-o", executable]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"{path} does not compile: {result.stderr[:1500]}")
    run = subprocess.run([executable], capture_output=True, text=True, timeout=600, env={"TZ": "UTC"})
    output = run.stdout
    if run.returncode != 0:
        output += trap_line(run.stderr, run.returncode) + "\n"
    return mask(output)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with Expected/replay instead of writing it")
    parser.add_argument("--workbench", default=".build/debug/workbench", help="the binary that saves the sessions")
    arguments = parser.parse_args()
    cases = replayed_cases()
    work = tempfile.mkdtemp(prefix="swift-forms-replay-")
    kit = KitLibrary(work)
    kit.build()
    differences = []
    try:
        for case in cases:
            directory = tempfile.mkdtemp(dir=work)
            output = compiled_output(saved_snippet(case, arguments.workbench, directory), kit, directory)
            path = expected_path(case)
            if arguments.check:
                old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
                if old != output:
                    differences.append(f"--- {case.key}: Expected/replay has\n{old}--- this run printed\n{output}")
            else:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as file:
                    file.write(output)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    kept = {expected_path(case) for case in cases}
    for path in glob.glob(os.path.join(HERE, "Expected", "replay", "*", "*.out")):
        if path not in kept and not arguments.check:
            os.remove(path)
    print("\n".join(differences))
    print(f"{len(cases)} cases, {len(differences)} differ", file=sys.stderr)
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()

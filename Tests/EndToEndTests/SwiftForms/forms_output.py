"""What is masked in a case's output, and the one line a trap leaves."""

import re
import signal

# Only what changes between runs: the sandbox's port and timings (the test masks the REPL's output alike).
MASKS = [
    (re.compile(r"127\.0\.0\.1:\d+"), "127.0.0.1:PORT"),
    (re.compile(r"(?m)^(  port +)\d+$"), r"\1PORT"),
    (re.compile(r"<?\d+(\.\d+)? (ms|s|µs|min)(?=\s|$)"), "TIME"),
]


def mask(text):
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


CONTEXT_WIDTH = 100  # CompileError.contextWidth


def context(line, column):
    """The two lines the prompt prints under a compile error (CompileError.context): the line typed
    and a caret under COLUMN, each indented two spaces; none for a blank line or one the column is past."""
    if line is None or not line.strip() or column < 1 or column - 1 > len(line):
        return []
    shown, before = line, column - 1
    if len(line) > CONTEXT_WIDTH:
        start = max(0, min(before - CONTEXT_WIDTH // 2, len(line) - CONTEXT_WIDTH))
        end = start + CONTEXT_WIDTH
        shown, before = line[start:end], before - start
        if start > 0:
            shown, before = "…" + shown, before + 1
        if end < len(line):
            shown += "…"
    padding = "".join("\t" if character == "\t" else " " for character in shown[:before])
    return ["  " + shown, "  " + padding + "^"]


def trap_line(stderr, status):
    """The Swift runtime's message without its file prefix (`Fatal error: Index out of range`).

    Checks with no message of their own (integer overflow) are named by the backtracer's report
    (`Swift runtime failure: arithmetic overflow`), which needs the program built with -g.
    """
    for line in stderr.splitlines():
        if "Fatal error: " in line:
            return line[line.index("Fatal error: "):]
    for line in stderr.splitlines():
        match = re.match(r"^\*\*\* (Swift runtime failure: .*?) \*\*\*$", line.strip())
        if match:
            return match.group(1)
    for line in stderr.splitlines():
        match = re.match(r"^\*\*\* Program crashed: (.*?)(?: at 0x[0-9a-f]+)? \*\*\*$", line.strip())
        if match:
            return f"Program crashed: {match.group(1)}"
    if status < 0:
        return f"Program crashed: {signal.Signals(-status).name}"
    return f"Program exited with status {status}"

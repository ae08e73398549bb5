"""One case's session written as a one-file Swift program, each input wrapped as the prompt displays it.

Lines of what the user typed are copied unchanged (same columns), each on a line of its own, so a
compiler diagnostic maps back to LINE:COL within the input; `line_map` records where each came from.
"""

import re

from forms_commands import CommandStatement
from forms_table import BINDING, classify, declared_summary


def swift_literal(text):
    """A Swift string literal whose value is exactly `text` (no interpolation)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return '"' + escaped + '"'


def uses_workbench(case):
    return any(classify(item.text) in ("command", "command-binding", "workbench-call") or re.search(r"\bwb\.", item.text)
               for item in case.inputs)


class Program:
    """main.swift for a run: `quiet` inputs re-create earlier state, `live` ones are marked and shown."""

    def __init__(self, case, included, live):
        self.lines = []
        # per program line: (input index, line within the input, CommandStatement or None), or None
        self.line_map = []
        self.emit("import Foundation")
        if uses_workbench(case):
            self.emit("import WorkbenchKit")
        self.emit("__formsStart()")
        if uses_workbench(case):
            # The sandbox's URL comes from WORKBENCH_SANDBOX_URL, as in the REPL's `wb`.
            self.emit("let wb = Workbench()")
        for index in included:
            self.add_input(index, case.inputs[index].text, index in live)

    def emit(self, line, origin=None):
        self.lines.append(line)
        self.line_map.append(origin)

    def emit_typed(self, index, text, first_line_prefix_width=0):
        for number, line in enumerate(text.split("\n"), start=1):
            if number == 1 and first_line_prefix_width:
                line = " " * first_line_prefix_width + line[first_line_prefix_width:]
            self.emit(line, (index, number, None))

    def add_input(self, index, text, live):
        if live:
            self.emit(f"__formsBegin({index})")
        kind = classify(text)
        stripped = text.strip()
        if kind == "declaration":
            self.emit_typed(index, text)
            self.emit(f"print({swift_literal(declared_summary(text))})")
        elif kind == "binding":
            match = BINDING.match(stripped)
            name = match.group(2)
            expression = stripped[match.end():]
            if re.search(r"\btry\b", expression):
                # A thrown error prints one line and the binding is not made (the input failed).
                head = stripped[: match.end()].rstrip()
                waits = "await " if re.search(r"\bawait\b", expression) else ""
                self.emit(f"{head} {waits}__formsBinding {{")
                self.emit_typed(index, text, first_line_prefix_width=len(text) - len(text.lstrip()) + match.end())
                self.emit("}")
            else:
                self.emit_typed(index, text)
            self.emit(f"__formsShow({swift_literal(name)}, {name})")
        elif kind in ("async-binding", "guard"):
            # At the top level, so later inputs read what it binds; nothing is shown.
            self.emit_typed(index, text)
        elif kind == "command-binding":
            match = BINDING.match(stripped)
            statement = CommandStatement(stripped[match.end():])
            self.emit(f"{stripped[: match.end()].rstrip()} __formsBinding {{ {statement.text} }}", (index, 1, None))
        elif kind == "expression":
            self.emit("do {")
            self.emit(f"__formsShow({swift_literal(stripped)},")
            self.emit_typed(index, text)
            self.emit(")")
            self.emit("} catch { __formsFail(error) }")
        else:
            statement = CommandStatement(text.strip()) if kind == "command" else None
            self.emit("do {")
            if statement:
                self.emit(statement.text, (index, 1, statement))
            else:
                self.emit_typed(index, text)
            self.emit("} catch { __formsFail(error) }")

    def text(self):
        return "\n".join(self.lines) + "\n"

    def origin(self, program_line):
        """(input index, line within it, command) for a 1-based program line, or None for generated lines."""
        if 1 <= program_line <= len(self.line_map):
            return self.line_map[program_line - 1]
        return None

    def nearest_input(self, program_line):
        """The input a generated line belongs to (a wrapper's line blames the input it wraps)."""
        for line in range(program_line, len(self.line_map) + 1):
            if self.line_map[line - 1]:
                return self.line_map[line - 1][0]
        return None

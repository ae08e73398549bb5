"""The table of Swift forms: reading the .forms files, and what kind of input each line is.

Format (README.md in this folder): `== NAME [fast]` starts a case; `> TEXT` is an input whose
output is checked, `- TEXT` an input that only sets up state; `. TEXT` continues the input above
(a multi-line declaration or statement, as typed at the `... ` prompt); `#` lines are comments.
"""

import os
import re
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))


@dataclass
class FormInput:
    text: str
    checked: bool


@dataclass
class FormCase:
    group: str
    name: str
    fast: bool
    inputs: list = field(default_factory=list)

    @property
    def key(self):
        return f"{self.group}/{self.name}"

    def expected_path(self, version="5"):
        """Swift 5's output (the prompt's default mode); Swift 6's only where it differs (expected_6)."""
        folder = os.path.join(HERE, "Expected") if version == "5" else os.path.join(HERE, "Expected", "swift6")
        return os.path.join(folder, self.group, self.name + ".out")


class TableError(Exception):
    pass


def read_table(directory=HERE):
    """Every case of every `.forms` file, in file order."""
    cases = []
    for file_name in sorted(os.listdir(directory)):
        if file_name.endswith(".forms"):
            cases += read_group(os.path.join(directory, file_name))
    names = [case.key for case in cases]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise TableError(f"cases named twice: {', '.join(duplicates)}")
    return cases


def read_group(path):
    group = os.path.basename(path)[: -len(".forms")]
    cases = []
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    for number, line in enumerate(lines, start=1):
        where = f"{os.path.basename(path)}:{number}"
        if line.startswith("== "):
            words = line[3:].split()
            if not words or not re.fullmatch(r"[a-z0-9-]+", words[0]) or words[1:] not in ([], ["fast"]):
                raise TableError(f"{where}: expected `== name` or `== name fast`")
            cases.append(FormCase(group, words[0], words[1:] == ["fast"]))
        elif line.startswith(("> ", "- ")):
            if not cases:
                raise TableError(f"{where}: an input before the first `== name`")
            cases[-1].inputs.append(FormInput(line[2:], line.startswith(">")))
        elif line.startswith(". ") or line == ".":
            if not cases or not cases[-1].inputs:
                raise TableError(f"{where}: a continuation line with no input above it")
            cases[-1].inputs[-1].text += "\n" + line[2:]
        elif line.strip() and not line.startswith("#"):
            raise TableError(f"{where}: a line must start with `==`, `> `, `- `, `. ` or `#`")
    for case in cases:
        if not any(item.checked for item in case.inputs):
            raise TableError(f"{group}/{case.name}: no checked input (`> `)")
    return cases


# What kind of input a line is, decided as the prompt's display rules need it.

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:final|public|private|fileprivate|internal|indirect|open|nonisolated)\s+)*"
    r"(struct|enum|class|protocol|actor|typealias|func|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)"
)
BINDING = re.compile(r"^(let|var)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(:[^=]*?)?\s*=(?!=)\s*", re.S)
# `async let NAME = …`: the prompt shows nothing for it (its value is read with `await`).
ASYNC_BINDING = re.compile(r"^async\s+let\s")
STATEMENT_WORDS = {"if", "for", "while", "repeat", "switch", "do", "guard", "defer", "throw", "return", "import"}
COMMANDS = {"base", "path", "query", "get", "post", "put", "patch", "delete", "head", "send", "status", "history", "url", "decode", "json"}
WORKBENCH_CALL = re.compile(
    r"^(?:try\s+)?(?:await\s+)?wb\.(base|path|query|removeQuery|header|removeHeader|defaultHeader|method|body|form|"
    r"removeBody|url|reset|send|get|post|put|patch|delete|head|perform|status|headers|timing|history|show|curl|decode|json)\("
)


def classify(text):
    """One of: declaration, binding, async-binding, guard, command, command-binding, workbench-call,
    statement, assignment, expression."""
    stripped = text.strip()
    first_word = re.match(r"[A-Za-z_]*", stripped).group(0)
    if DECLARATION.match(stripped):
        return "declaration"
    if first_word == "guard":
        return "guard"
    if ASYNC_BINDING.match(stripped):
        return "async-binding"
    binding = BINDING.match(stripped)
    if binding:
        return "command-binding" if re.match(r"decode\s", stripped[binding.end():]) else "binding"
    if first_word in COMMANDS and (len(stripped) == len(first_word) or stripped[len(first_word)] == " "):
        return "command"
    if WORKBENCH_CALL.match(stripped):
        return "workbench-call"
    if first_word in STATEMENT_WORDS:
        return "statement"
    if has_top_level_assignment(stripped):
        return "assignment"
    return "expression"


def code_outside_literals(text):
    """`text` with string literals' contents blanked, so brackets and operators inside them do not count."""
    output = []
    index = 0
    while index < len(text):
        if text.startswith('"""', index):
            end = text.find('"""', index + 3)
            end = len(text) if end < 0 else end + 3
            output.append(" " * (end - index))
            index = end
        elif text[index] == '"' or text.startswith('#"', index):
            hashes = 1 if text[index] == "#" else 0
            index_after = index + hashes + 1
            closing = '"' + "#" * hashes
            position = index_after
            while position < len(text):
                if hashes == 0 and text[position] == "\\":
                    position += 2
                    continue
                if text.startswith(closing, position):
                    position += len(closing)
                    break
                position += 1
            output.append(" " * (position - index))
            index = position
        else:
            output.append(text[index])
            index += 1
    return "".join(output)


def has_top_level_assignment(text):
    code = code_outside_literals(text)
    depth = 0
    for index, character in enumerate(code):
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth -= 1
        elif character == "=" and depth == 0:
            before = code[index - 1] if index > 0 else ""
            after = code[index + 1] if index + 1 < len(code) else ""
            if after == "=" or before == "=":
                continue
            if before in "+-*/%&|^":
                return True
            if before in "<>":
                if index > 1 and code[index - 2] == before:
                    return True
                continue
            if before != "!":
                return True
    return False


def declared_summary(text):
    """What the prompt prints for a declaration: `defined Post (3 properties)`, `defined square`, `extended Int`."""
    match = DECLARATION.match(text.strip())
    keyword, name = match.group(1), match.group(2)
    if keyword == "extension":
        return f"extended {name}"
    header, _, body = text.partition("{")
    conformances = header.split(":", 1)[1] if ":" in header else ""
    if keyword in ("struct", "enum") and re.search(r"\b(Codable|Decodable)\b", conformances):
        members = body_statements(body)
        if keyword == "struct":
            count = sum(1 for member in members if is_stored_property(member))
            return f"defined {name} ({count} {'property' if count == 1 else 'properties'})"
        count = sum(len(split_top_level(member[len("case"):], ",")) for member in members if re.match(r"case\s", member))
        return f"defined {name} ({count} {'case' if count == 1 else 'cases'})"
    return f"defined {name}"


def body_statements(body):
    """The member statements of a declaration's body (the text after its `{`), at the body's own depth."""
    statements, current, depth = [], [], 0
    for character in code_outside_literals(body):
        if character in "{([":
            depth += 1
        elif character in "})]":
            depth -= 1
            if depth < 0:
                break
        if depth == 0 and character in "\n;":
            statements.append("".join(current).strip())
            current = []
        else:
            current.append(character)
    statements.append("".join(current).strip())
    return [statement for statement in statements if statement]


def is_stored_property(member):
    words = member.split()
    while words and words[0] in ("private", "fileprivate", "internal", "public", "private(set)"):
        words = words[1:]
    if not words or words[0] not in ("let", "var"):
        return False
    brace, equals = member.find("{"), member.find("=")
    return brace < 0 or (0 <= equals < brace)


def split_top_level(text, separator):
    parts, current, depth = [], [], 0
    for character in text:
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth -= 1
        if character == separator and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(character)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]

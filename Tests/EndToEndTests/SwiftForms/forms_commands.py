"""The WorkbenchKit statement of each command a case types (README, "Snippets"):
`get /posts/\\(p.id)` is `try await wb.get("/posts/\\(p.id)")`, its `\\(…)` evaluated as at the prompt."""


def split_arguments(text):
    """(word, its 1-based column), split at spaces except inside `\\(…)`, whose expression may hold spaces."""
    words, current, start, depth, index = [], "", 0, 0, 0
    while index < len(text):
        character = text[index]
        if text.startswith("\\(", index):
            start = index if not current else start
            current += "\\("
            depth += 1
            index += 2
            continue
        if depth and character == "(":
            depth += 1
        elif depth and character == ")":
            depth -= 1
        if character == " " and depth == 0:
            if current:
                words.append((current, start + 1))
            current = ""
        else:
            start = index if not current else start
            current += character
        index += 1
    if current:
        words.append((current, start + 1))
    return words


class CommandStatement:
    """A command as Swift. `columns` maps each argument copied into the statement back to where it was
    typed, (column in the statement, column in the input, length), so that a compile error inside
    `\\(…)` is reported at the column the user typed."""

    VERBS = ("get", "post", "put", "patch", "delete", "head")

    def __init__(self, text):
        self.text = ""
        self.columns = []
        words = split_arguments(text)
        (name, _), arguments = words[0], words[1:]
        if name == "base":
            self.add("try wb.base(").quote(*arguments[0]).add(")")
        elif name == "path" and arguments:
            self.add("try wb.path(").quote(*arguments[0]).add(")")
        elif name == "path":
            self.add("wb.path()")
        elif name == "query":
            for number, (word, column) in enumerate(arguments):
                key, _, value = word.partition("=")
                self.add("; " if number else "").add("wb.query(").quote(key, column).add(", ")
                self.quote(value, column + len(key) + 1).add(")")
            if not arguments:
                self.add("wb.query()")
        elif name in self.VERBS:
            self.verb(name, arguments)
        elif name == "send":
            self.add("try await wb.send()")
        elif name in ("status", "url"):
            self.add(f"try wb.{name}()")
        elif name == "history":
            self.add("wb.history()")
        elif name == "decode":
            self.add("try wb.decode(").add(" ".join(word for word, _ in arguments)).add(".self)")
        else:
            raise ValueError(f"no WorkbenchKit statement known for `{text}`")

    def verb(self, name, arguments):
        """`get TARGET name==value …` is `try await wb.get("TARGET", query: ["name": "value"])`."""
        self.add(f"try await wb.{name}(")
        targets = [(word, column) for word, column in arguments if "=" not in word]
        items = [(word, column) for word, column in arguments if "==" in word]
        if len(targets) + len(items) != len(arguments):
            raise ValueError(f"only a target and name==value items are written as Swift here: {arguments}")
        if targets:
            self.quote(*targets[0])
        if items:
            self.add(", " if targets else "").add("query: [")
            for number, (word, column) in enumerate(items):
                key, _, value = word.partition("==")
                self.add(", " if number else "").quote(key, column).add(": ").quote(value, column + len(key) + 2)
            self.add("]")
        self.add(")")

    def add(self, text):
        self.text += text
        return self

    def quote(self, word, typed_column):
        """`word` as a string literal, its `\\(…)` kept."""
        if '"' in word:
            raise ValueError(f"a command argument with a quote: {word}")
        self.columns.append((len(self.text) + 2, typed_column, len(word)))
        return self.add('"' + word + '"')

    def typed_column(self, column):
        for statement_column, typed_column, length in self.columns:
            if statement_column <= column < statement_column + length:
                return typed_column + column - statement_column
        return 1

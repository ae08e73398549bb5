#!/usr/bin/env python3
"""Writes expected.json (beside this script): what graphql-core (the Python port of graphql-js) says about
each case below. The Swift tests read that file, so no expected output is typed by hand.

Run it from this folder:

    python3 -m venv /tmp/gql && /tmp/gql/bin/pip install graphql-core==3.2.8 && /tmp/gql/bin/python make_expected.py

graphql-core words its messages like graphql-js 16 but quotes with Python's single quotes
(`found '}'`); graphql-js quotes with double quotes (`found "}"`). The module follows
graphql-js, so `use_graphql_js_quoting` below switches graphql-core's few quoting helpers to
graphql-js's and rewrites the four message templates that quote inline. Nothing else changes.
Lines and columns are worked out from the error's offset as graphql-js's getLocation does
(see `js_location`), columns counted in code points.

graphql-js's `parse` accepts type-system definitions (`type Q { … }`); its validation rule
ExecutableDefinitionsRule refuses them. The module refuses them while parsing, with that rule's
message, so for a document that parses the script also runs that rule.

For valid documents the fixture also holds a canonical one-line-per-definition dump of
graphql-core's AST (with every node's line:column), which the Swift tests compare against
their own AST dumped the same way.
"""
import json
import re
from pathlib import Path

import graphql
from graphql import GraphQLError, build_schema, parse, parse_value, print_ast, validate
from graphql.language import lexer as gql_lexer, parser as gql_parser
from graphql.language.ast import (
    BooleanValueNode, EnumValueNode, FloatValueNode, IntValueNode, ListValueNode,
    NamedTypeNode, ListTypeNode, NonNullTypeNode, NullValueNode, ObjectValueNode,
    OperationDefinitionNode, FragmentDefinitionNode, FieldNode, FragmentSpreadNode,
    InlineFragmentNode, StringValueNode, VariableNode,
)
from graphql.language.print_string import print_string
from graphql.language.token_kind import TokenKind
from graphql.validation import ExecutableDefinitionsRule

assert graphql.version == "3.2.8", graphql.version


def use_graphql_js_quoting():
    """graphql-js's getTokenKindDesc / getTokenDesc / printCodePointAt: double quotes."""
    punctuators = gql_lexer.is_punctuator_token_kind

    def kind_desc(kind: TokenKind) -> str:
        return f'"{kind.value}"' if punctuators(kind) else kind.value

    def token_desc(token) -> str:
        return kind_desc(token.kind) + (f' "{token.value}"' if token.value is not None else "")

    python_print_code_point_at = gql_lexer.Lexer.print_code_point_at

    def print_code_point_at(self, location):
        printed = python_print_code_point_at(self, location)
        quoted_char = len(printed) == 3 and printed[0] == printed[2] == "'"
        return f'"{printed[1]}"' if quoted_char and printed != "'\"'" else printed

    gql_parser.get_token_kind_desc = kind_desc
    gql_parser.get_token_desc = token_desc
    gql_lexer.Lexer.print_code_point_at = print_code_point_at


INLINE_QUOTED_TEMPLATES = [
    (re.compile(r"^(Syntax Error: Expected )'([^']*)'(, found .*)$", re.S), r'\1"\2"\3'),
    (re.compile(r"^(Syntax Error: Unexpected variable )'(.*)'( in constant value\.)$", re.S), r'\1"\2"\3'),
    (re.compile(r"^(Syntax Error: Invalid (?:Unicode|character) escape sequence: )'(.*)'(\.)$", re.S), r'\1"\2"\3'),
    (re.compile(r"^(The )'(.*)'( definition is not executable\.)$", re.S), r'\1"\2"\3'),
]


def js_message(message: str) -> str:
    for pattern, replacement in INLINE_QUOTED_TEMPLATES:
        message = pattern.sub(replacement, message)
    return message


LINE_TERMINATOR = re.compile(r"\r\n|[\n\r]")


def js_location(body: str, position: int) -> dict:
    """graphql-js's getLocation. (graphql-core's Source.get_location uses str.splitlines,
    which misplaces a position at the start of a line and splits on more than the spec's
    line terminators.) Columns count code points, as the Swift module does."""
    line, line_start = 1, 0
    for match in LINE_TERMINATOR.finditer(body):
        if match.start() >= position:
            break
        line, line_start = line + 1, match.end()
    return {"line": line, "column": position - line_start + 1}


def error_entry(error: GraphQLError) -> dict:
    if error.positions:
        return {"message": js_message(error.message), **js_location(error.source.body, error.positions[0])}
    node = error.nodes[0]  # a validation error: where its definition starts
    return {"message": js_message(error.message), **js_location(node.loc.source.body, node.loc.start)}


# A schema only so that `validate` can run ExecutableDefinitionsRule; its types do not matter.
SCHEMA = build_schema("type Query { a: Int }")


def where(node, source) -> str:
    location = js_location(source.body, node.loc.start)
    return f"@{location['line']}:{location['column']}"


def value_text(node) -> str:
    """graphql-js's print of a value, except that block strings print as plain strings
    (the module's AST does not keep whether a string was a block string)."""
    if isinstance(node, VariableNode):
        return "$" + node.name.value
    if isinstance(node, (IntValueNode, FloatValueNode, EnumValueNode)):
        return node.value
    if isinstance(node, StringValueNode):
        return print_string(node.value)
    if isinstance(node, BooleanValueNode):
        return "true" if node.value else "false"
    if isinstance(node, NullValueNode):
        return "null"
    if isinstance(node, ListValueNode):
        return "[" + ", ".join(value_text(v) for v in node.values) + "]"
    if isinstance(node, ObjectValueNode):
        return "{" + ", ".join(f"{f.name.value}: {value_text(f.value)}" for f in node.fields) + "}"
    raise TypeError(node)


def type_text(node) -> str:
    if isinstance(node, NamedTypeNode):
        return node.name.value
    if isinstance(node, ListTypeNode):
        return "[" + type_text(node.type) + "]"
    if isinstance(node, NonNullTypeNode):
        return type_text(node.type) + "!"
    raise TypeError(node)


def dump_arguments(arguments, source) -> str:
    return "[" + " ".join(f"arg({a.name.value},{value_text(a.value)}){where(a, source)}" for a in arguments) + "]"


def dump_directives(directives, source) -> str:
    return "[" + " ".join(
        f"dir({d.name.value},{dump_arguments(d.arguments, source)}){where(d, source)}" for d in directives
    ) + "]"


def dump_selections(selection_set, source) -> str:
    if selection_set is None:
        return "[]"
    parts = []
    for s in selection_set.selections:
        if isinstance(s, FieldNode):
            alias = s.alias.value if s.alias else "-"
            parts.append(f"field({alias},{s.name.value},{dump_arguments(s.arguments, source)},"
                         f"{dump_directives(s.directives, source)},{dump_selections(s.selection_set, source)})"
                         f"{where(s, source)}")
        elif isinstance(s, FragmentSpreadNode):
            parts.append(f"spread({s.name.value},{dump_directives(s.directives, source)}){where(s, source)}")
        elif isinstance(s, InlineFragmentNode):
            condition = s.type_condition.name.value if s.type_condition else "-"
            parts.append(f"inline({condition},{dump_directives(s.directives, source)},"
                         f"{dump_selections(s.selection_set, source)}){where(s, source)}")
    return "[" + " ".join(parts) + "]"


def dump_document(document, source) -> str:
    lines = []
    for d in document.definitions:
        if isinstance(d, OperationDefinitionNode):
            variables = " ".join(
                f"var(${v.variable.name.value},{type_text(v.type)},"
                f"{value_text(v.default_value) if v.default_value else '-'},"
                f"{dump_directives(v.directives, source)}){where(v, source)}"
                for v in d.variable_definitions
            )
            name = d.name.value if d.name else "-"
            lines.append(f"op({d.operation.value},{name},[{variables}],{dump_directives(d.directives, source)},"
                         f"{dump_selections(d.selection_set, source)}){where(d, source)}")
        elif isinstance(d, FragmentDefinitionNode):
            lines.append(f"frag({d.name.value},{d.type_condition.name.value},{dump_directives(d.directives, source)},"
                         f"{dump_selections(d.selection_set, source)}){where(d, source)}")
    return "\n".join(lines)


def document_entry(text: str) -> dict:
    try:
        document = parse(text)
    except GraphQLError as error:
        return {"query": text, "result": "error", "error": error_entry(error)}
    not_executable = validate(SCHEMA, document, [ExecutableDefinitionsRule])
    if not_executable:
        return {"query": text, "result": "error", "error": error_entry(not_executable[0])}
    return {"query": text, "result": "ok", "ast": dump_document(document, document.loc.source)}


def value_entry(text: str) -> dict:
    try:
        value = parse_value(text)
    except GraphQLError as error:
        return {"text": text, "result": "error", "error": error_entry(error)}
    # print_ast is graphql-js's printer; block strings are re-read as plain strings first.
    plain = parse_value(value_text(value))
    return {"text": text, "result": "ok", "printed": print_ast(plain)}


DOCUMENTS = [
    # valid
    "{ countries { code name } }",
    'query Q($c: ID! = "CO", $n: [Int!] = [1, 2], $o: In = {a: {b: [X]}}) @dir(a: 1) { a: country(code: $c) { name } }',
    "fragment F on Country @d { name ...G @skip(if: false) ... on Country { code } ... @include(if: true) { capital } ... { emoji } }",
    "mutation { add(x: 1.5e3, y: -0, z: null, w: ENUM, o: {a: [true, false]}, e: 2E-7, f: -0.25) }",
    'subscription S($v: Int @deprecated(reason: "x")) { s }',
    '{ a(s: """\n    hello\n      world\n\n    \\"""quoted\\"""\n  """) b }',
    '{ a(s: """   one line   """, t: """\r\n\t  x\r  y\n""", u: """""") }',
    '{ a(s: "\\u00e9\\u{1F600}\\uD83D\\uDE00\\n\\t\\"\\\\\\/\\b\\f\\r\\u{0}é😀\u0007") }',
    "\ufeff# comment\r\n{ a,, b # another\n ,c }",
    "{ query: fragment(on: type) { null: true(false: null) subscription } }",
    "query { a } query Named { b } fragment on_ on on { c }",
    "{ a(x: [], y: {}, z: [[1], [{}]]) }",
    "query Q @dir { a } mutation M { b } subscription S { c } { d }",
    '{ a(x: -0.0e-1, y: 0, z: "\\"", w: """a\\"""b""", v: "\\u{1F600}") }',
    "{ ...on { a } ... on on { b } ...F }",
    "{ ... on on { b } ...F ...on_ ... @skip(if: $x) { c } }",
    # lexical errors
    '{ a(x: "abc',
    '{ a(x: "abc\n") }',
    '{ a(x: """abc\n  def',
    "{ a(x: 1a) }",
    "{ a(x: 01) }",
    "{ a(x: 1.) }",
    "{ a(x: 1.5.) }",
    "{ a(x: 1e+) }",
    "{ a(x: -) }",
    "{ a(x: 1_) }",
    "{ a % }",
    "{ a ' }",
    "{ a \u00a0 b }",
    "\u0007",
    "{ a . }",
    "{ a .. b }",
    '{ a(x: "\\q") }',
    '{ a(x: "\\u{110000}") }',
    '{ a(x: "\\u{}") }',
    '{ a(x: "\\u{12") }',
    '{ a(x: "\\uD800") }',
    '{ a(x: "\\uD800\\u0041") }',
    '{ a(x: "\\uZZZZ") }',
    '{ a(s: "日本語😀") % }',
    '{ a(s: """line\n  two""")\n  b % }',
    "{\r\n  a\r  b\n  c(x: 1a) }",
    "{ a\n%",
    "{ a\r\n\u2028 }",
    "{ a\r\n\r\n  b(x: \"\"\"\n\n\"\"\" y: 1.e) }",
    # syntax errors
    "",
    "# only a comment",
    "{ }",
    "{",
    "{ a }}",
    "{ a } fragment",
    "fragment on on T { a }",
    "fragment F T { a }",
    "fragment F on T",
    "query ($v: Int = $w) { a }",
    "query ($v: Int = $) { a }",
    "query ($v: Int @dir(a: $x)) { a }",
    "querry { a }",
    '"desc" query { a }',
    "query Q() { a }",
    "query Q($v Int) { a }",
    "query Q($v: [Int) { a }",
    "{ a(x: ) }",
    "{ a(x) }",
    "{ a: }",
    "{ ... on }",
    "{ ... }",
    "{ a @ }",
    "{ a(x: [1, 2) }",
    "{ a(x: {b 1}) }",
    "{ a & b }",
    "{ a } |",
    "{ a } 12",
    "{ a(x: $) }",
    "{ ...on }",
    '{ a "it\'s" }',
    '{ a(x: 1) """x""" }',
    "{ a(x: 1e5.) }",
    '"""desc"""',
    '"desc" { a }',
    # type-system definitions (graphql-js parses them; ExecutableDefinitionsRule refuses them)
    "type Q { a: Int }",
    "schema { query: Q }",
    "extend type Q { b: Int }",
    "extend schema @d",
    "{ a } directive @d on FIELD",
    '"""desc"""\nscalar S',
    "{ a }\n\n  enum E { A B }",
    "extend foo",
]

VALUES = [
    '{a: [1, "x\\n", $v, ENUM, null, true], b: -1.5e10}',
    '"\\u0001\\u007F\\u0085é😀\\u{1F600}\\t\\\\\\"/"',
    '"""\n  block\n    "string"\n"""',
    "[[], {}]",
    "1 2",
    "{a: 1",
    "",
    "$",
]


def main():
    use_graphql_js_quoting()
    fixture = {
        "generator": "make_expected.py with graphql-core " + graphql.version,
        "documents": [document_entry(text) for text in DOCUMENTS],
        "values": [value_entry(text) for text in VALUES],
    }
    path = Path(__file__).with_name("expected.json")
    path.write_text(json.dumps(fixture, indent=1, ensure_ascii=True) + "\n")
    errors = sum(1 for d in fixture["documents"] if d["result"] == "error")
    print(f"wrote {path}: {len(DOCUMENTS)} documents ({errors} refused), {len(VALUES)} values")


if __name__ == "__main__":
    main()

import Foundation
import GraphQLDocuments

/// A node an error points at. The AST keeps where each field, operation, fragment, directive,
/// argument and variable definition starts; errors also point at nodes it has no location for (a
/// selection set's `{`, a fragment's name, a value inside an argument), found again in the tokens.
enum GraphQLNodeAnchor: Sendable {
    /// The node starting at this location.
    case node(GraphQLLocation)
    /// The `{` of the selection set of the field starting here.
    case selectionSet(fieldAt: GraphQLLocation)
    /// The name right after the token starting here: `query Name`, `fragment Name`, `...Name`, `$name`.
    case nameAfter(GraphQLLocation)
    /// The type after `on` in the fragment (definition or inline) starting here.
    case typeCondition(fragmentAt: GraphQLLocation)
    /// The type of the variable definition starting here; with `namedType`, the name inside `[Name!]`.
    case variableType(definitionAt: GraphQLLocation, namedType: Bool)
    /// A value: the argument's (starting at `root`) or the variable definition's default, then
    /// down `path` through list items and object fields.
    case value(root: GraphQLLocation, isVariableDefault: Bool, path: [GraphQLValueStep])
}

/// One step down into a value literal.
enum GraphQLValueStep: Sendable, Equatable {
    case item(Int)
    case fieldValue(Int)
    /// The object field itself (it starts at its name).
    case fieldName(Int)
}

/// Turns anchors into the line and column GraphQLSwift reports. GraphQLSwift takes a node's start
/// as a UTF-8 offset and counts lines with a regular expression over UTF-16: the two agree for
/// ASCII text, and this reproduces its arithmetic for the rest.
struct GraphQLSourceLocator {
    private let tokens: [GraphQLToken]
    private let tokenIndex: [GraphQLLocation: Int]
    /// Each line break: its UTF-16 offset and length (`\r\n` is one break of two).
    private let lineBreaks: [(offset: Int, length: Int)]

    init(source: String) {
        tokens = (try? GraphQLLexer.tokens(in: source)) ?? []
        var index: [GraphQLLocation: Int] = [:]
        for (position, token) in tokens.enumerated() { index[token.location] = position }
        tokenIndex = index
        lineBreaks = Self.lineBreaks(in: source)
    }

    func locate(_ anchor: GraphQLNodeAnchor) -> GraphQLLocation {
        switch anchor {
        case .node(let location):
            return tokenIndex[location].map(location(ofToken:)) ?? location
        default:
            guard let index = tokenIndex(of: anchor), index < tokens.count else { return fallback(anchor) }
            return location(ofToken: index)
        }
    }

    private func fallback(_ anchor: GraphQLNodeAnchor) -> GraphQLLocation {
        switch anchor {
        case .node(let location), .selectionSet(let location), .nameAfter(let location),
             .typeCondition(let location), .variableType(let location, _), .value(let location, _, _):
            return location
        }
    }

    private func location(ofToken index: Int) -> GraphQLLocation {
        location(ofUTF8Offset: tokens[index].utf8Range.lowerBound)
    }

    /// GraphQLSwift's `getLocation`: lines counted by breaks before the offset (compared as UTF-16
    /// offsets), the column as UTF-8 bytes from the last break.
    private func location(ofUTF8Offset position: Int) -> GraphQLLocation {
        var line = 1
        var column = position + 1
        for lineBreak in lineBreaks where lineBreak.offset < position {
            line += 1
            column = position + 1 - (lineBreak.offset + lineBreak.length)
        }
        return GraphQLLocation(line: line, column: column)
    }

    /// Where GraphQLSwift would place the character that the parser puts at `location` (line and
    /// column counted in Unicode scalars), for a text that may not lex.
    static func graphQLSwiftLocation(of location: GraphQLLocation, in source: String) -> GraphQLLocation {
        let scalars = Array(source.unicodeScalars)
        var line = 1, column = 1, offset = 0, index = 0
        while index < scalars.count, line < location.line || (line == location.line && column < location.column) {
            let scalar = scalars[index]
            offset += String(scalar).utf8.count
            index += 1
            if scalar == "\r", index < scalars.count, scalars[index] == "\n" {
                offset += 1
                index += 1
                line += 1
                column = 1
            } else if scalar == "\n" || scalar == "\r" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return GraphQLSourceLocator(lineBreaksOf: source).location(ofUTF8Offset: offset)
    }

    private init(lineBreaksOf source: String) {
        tokens = []
        tokenIndex = [:]
        lineBreaks = Self.lineBreaks(in: source)
    }

    private static func lineBreaks(in source: String) -> [(offset: Int, length: Int)] {
        var breaks: [(Int, Int)] = []
        let units = Array(source.utf16)
        var offset = 0
        while offset < units.count {
            if units[offset] == 0x0D {
                let length = offset + 1 < units.count && units[offset + 1] == 0x0A ? 2 : 1
                breaks.append((offset, length))
                offset += length
            } else {
                if units[offset] == 0x0A { breaks.append((offset, 1)) }
                offset += 1
            }
        }
        return breaks
    }

    private func kind(at index: Int) -> GraphQLToken.Kind? { index < tokens.count ? tokens[index].kind : nil }

    private func tokenIndex(of anchor: GraphQLNodeAnchor) -> Int? {
        switch anchor {
        case .node(let location):
            return tokenIndex[location]
        case .selectionSet(let location):
            guard var index = tokenIndex[location] else { return nil }
            index += 1
            if kind(at: index) == .colon { index += 2 }
            if kind(at: index) == .parenLeft { index = skipParentheses(from: index) }
            while kind(at: index) == .at {
                index += 2
                if kind(at: index) == .parenLeft { index = skipParentheses(from: index) }
            }
            return index
        case .nameAfter(let location):
            return tokenIndex[location].map { $0 + 1 }
        case .typeCondition(let location):
            guard let start = tokenIndex[location] else { return nil }
            var index = start + 1
            while index < tokens.count, !(tokens[index].kind == .name && tokens[index].value == "on") { index += 1 }
            return index + 1
        case .variableType(let location, let namedType):
            guard let start = tokenIndex[location] else { return nil }
            var index = start + 3
            if namedType { while index < tokens.count, tokens[index].kind != .name { index += 1 } }
            return index
        case .value(let root, let isVariableDefault, let path):
            guard var index = tokenIndex[root] else { return nil }
            if isVariableDefault {
                while index < tokens.count, tokens[index].kind != .equals { index += 1 }
                index += 1
            } else {
                index += 2
            }
            for step in path {
                switch step {
                case .item(let item):
                    index += 1
                    for _ in 0..<item { index = skipValue(from: index) }
                case .fieldValue(let field), .fieldName(let field):
                    index += 1
                    for _ in 0..<field { index = skipValue(from: index + 2) }
                    if case .fieldValue = step { index += 2 }
                }
            }
            return index
        }
    }

    /// The index after the `(`…`)` group starting at `index`.
    private func skipParentheses(from index: Int) -> Int {
        var index = index + 1
        var depth = 1
        while index < tokens.count, depth > 0 {
            if tokens[index].kind == .parenLeft { depth += 1 }
            if tokens[index].kind == .parenRight { depth -= 1 }
            index += 1
        }
        return index
    }

    /// The index after the value literal starting at `index`.
    private func skipValue(from index: Int) -> Int {
        switch kind(at: index) {
        case .bracketLeft:
            var next = index + 1
            while next < tokens.count, tokens[next].kind != .bracketRight { next = skipValue(from: next) }
            return next + 1
        case .braceLeft:
            var next = index + 1
            while next < tokens.count, tokens[next].kind != .braceRight { next = skipValue(from: next + 2) }
            return next + 1
        case .dollar: return index + 2
        default: return index + 1
        }
    }
}

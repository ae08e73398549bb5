/// The forms a `WorkbenchStatement` takes, one per way its Swift is spelled, and the table that
/// says how each is spelled: the one place the vocabulary is written down.
///
/// Printing (`swiftSource`), reading back (WorkbenchScript's reader), completion of `wb.` members,
/// help's `Swift:` lines, the snippet rewriter's secret hiding and the round-trip tests all read
/// this table; a new form is one case here, its descriptor, and the statement's case.
/// `docs/ARCHITECTURE.md`, "Commands and statements".
public enum StatementForm: String, CaseIterable, Sendable {
    case base, path, showPath, query, addQuery, removeQuery, showQuery
    case header, defaultHeader, removeHeader, showHeaders, method, showMethod, digestAuth
    case bodyJSON, bodyFile, bodyText, multipart, form, removeBody, url, showURL, reset
    case send, get, post, put, patch, delete, head
    case status, headers, body, saveBody, timing, history, show, curl
    case json, jsonFile, decode, spec
    case webSocket, webSocketSend, webSocketSendJSON, webSocketSendFile, webSocketClose, webSocketWait, webSocketState
    case graphql, graphqlFile, graphqlSchema
    case timeout, followRedirects, bodyLines, maxBody, colors
}

/// How one statement form is written in Swift, which of its arguments hold secrets, and a sample.
public struct StatementDescriptor: Sendable {
    public enum Spelling: Equatable, Sendable {
        /// `wb.NAME(…)`, after `prefix` (`try `, `try await ` or nothing, as the method is declared).
        case call(String, prefix: String)
        /// `wb.PROPERTY = VALUE` (`console.colors` for a property of a property).
        case assignment(String)
        /// `print(EXPRESSION)`.
        case printed(String)
    }

    /// The type of an argument, which says how it is printed and read back.
    public enum Kind: Sendable {
        case text, optionalText, pairs, fields, integer, number, flag, type, keys, dates
    }

    /// Which values of an argument are secrets (`SecretNames`), written as environment reads.
    public enum Secrets: Equatable, Sendable {
        case none
        /// The value is a secret when the argument at this index names one (`header(NAME, VALUE)`).
        case namedByArgument(Int)
        /// Each pair's value is a secret when its name is one (`headers: ["Authorization": …]`).
        case pairNames
        /// The value is always a secret, read from the variable this name gives (`password:`).
        case named(String)
    }

    public struct Parameter: Sendable {
        public var label: String?
        public var kind: Kind
        /// Whether a call may leave it out (it has a default).
        public var isOptional: Bool
        public var secrets: Secrets
        /// Text that reads best on its own lines (a GraphQL query): printed as a multi-line literal
        /// when it has several.
        public var isDocument: Bool

        init(_ label: String?, _ kind: Kind, optional: Bool = false, secrets: Secrets = .none, document: Bool = false) {
            self.label = label
            self.kind = kind
            self.isOptional = optional
            self.secrets = secrets
            self.isDocument = document
        }
    }

    public let spelling: Spelling
    public let parameters: [Parameter]
    /// A typical statement of the form: help's `Swift:` line is its Swift, as `save` writes it.
    public let sample: WorkbenchStatement

    /// The method's name for a call, the property for an assignment.
    public var memberName: String? {
        switch spelling {
        case .call(let name, _): name
        case .assignment(let property): property
        case .printed: nil
        }
    }

    /// The Swift of a call of this form with `arguments` already written (`label: value`), on `wb`;
    /// nil for a form that is not a call.
    public func swiftCall(_ arguments: [String]) -> String? {
        guard case .call(let name, let prefix) = spelling else { return nil }
        return prefix + "wb.\(name)(" + arguments.joined(separator: ", ") + ")"
    }

    /// The index of the parameter each label fills, in order, when `labels` are a call of this form's
    /// method (every parameter that is not optional given, labels in declaration order); else nil.
    public func parameterIndices(for labels: [String?]) -> [Int]? {
        var indices: [Int] = []
        var next = 0
        for label in labels {
            guard let found = parameters[next...].firstIndex(where: { $0.label == label }),
                  parameters[next..<found].allSatisfy(\.isOptional) else { return nil }
            indices.append(found)
            next = found + 1
        }
        return parameters[next...].allSatisfy(\.isOptional) ? indices : nil
    }
}

extension StatementForm {
    /// The form of the call `wb.NAME(labels…)`, with the parameter each argument fills.
    public static func call(_ name: String, labels: [String?]) -> (form: StatementForm, parameters: [Int])? {
        for form in allCases {
            guard case .call(name, _) = form.descriptor.spelling,
                  let indices = form.descriptor.parameterIndices(for: labels) else { continue }
            return (form, indices)
        }
        return nil
    }

    /// The form of `wb.PROPERTY = VALUE`.
    public static func assignment(_ property: String) -> StatementForm? {
        allCases.first { $0.descriptor.spelling == .assignment(property) }
    }

    /// The form of `print(EXPRESSION)`.
    public static func printed(_ expression: String) -> StatementForm? {
        allCases.first { $0.descriptor.spelling == .printed(expression) }
    }

    /// The members of a `Workbench` that statements use, in table order, each once (`wb.` completion).
    public static var memberNames: [String] {
        var names: [String] = []
        for form in allCases {
            if let name = form.descriptor.memberName?.split(separator: ".").first.map(String.init), !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }
}

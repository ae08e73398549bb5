import ModelRuntime
import WorkbenchScript

/// `models`: the declared types, one line each.
struct ModelsCommand: Command {
    let name = "models"
    let aliases: [String] = []
    let synopsis = "models"
    let summary = "list the Swift models declared in this session"
    let help = """
        Lists the struct and enum declarations typed at the prompt, loaded with `load`, or made by
        `infer`, `spec models` or `graphql models`.
        Swift: none (it only lists; the declarations are in the snippet `save` makes)

        Example:
          wb> struct Post: Codable { let id: Int; let title: String }
          wb> models
          struct Post: Codable · 2 properties
        """
    let group = CommandGroup.models

    func complete(_ words: [String], session: Session) -> [String] { [] }

    func run(_ arguments: String, session: Session) async throws {
        let declarations = session.models.registry.declarations
        guard !declarations.isEmpty else {
            let graphQL = session.workbench.lastGraphQLQuery == nil ? "" : ", or `graphql models` for the last GraphQL query"
            session.console.line("no models yet: type a struct, `load FILE.swift`, or `infer NAME` from a JSON body" + graphQL)
            return
        }
        for declaration in declarations {
            session.console.line(Self.line(declaration, indent: ""))
        }
    }

    static func line(_ declaration: ModelDeclaration, indent: String) -> String {
        if declaration.kind == .alias { return indent + declaration.swiftSource() }
        var header = "\(indent)\(declaration.kind.rawValue) \(declaration.name)"
        if !declaration.inherited.isEmpty { header += ": " + declaration.inherited.joined(separator: ", ") }
        let count = declaration.kind == .structure ? declaration.properties.count : declaration.cases.count
        let noun = declaration.kind == .structure ? (count == 1 ? "property" : "properties") : (count == 1 ? "case" : "cases")
        var lines = ["\(header) · \(count) \(noun)"]
        for nested in declaration.nested { lines.append(line(nested, indent: indent + "  ")) }
        return lines.joined(separator: "\n")
    }
}

/// `model NAME`: a declaration printed back as Swift source.
struct ModelCommand: Command {
    let name = "model"
    let aliases: [String] = []
    let synopsis = "model NAME"
    let summary = "print a model's declaration as Swift source"
    let help = """
        Prints the declaration of NAME (a nested type as Outer.Inner) as Swift source.
        Swift: none (it prints the declaration the snippet holds)

        Example:
          wb> model Post
        """
    let group = CommandGroup.models

    func complete(_ words: [String], session: Session) -> [String] {
        let prefix = words.last ?? ""
        return session.models.registry.declarations.map(\.name).filter { $0.hasPrefix(prefix) }
    }

    func run(_ arguments: String, session: Session) async throws {
        let name = arguments.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw ModelCommandError("usage: \(synopsis)") }
        guard let declaration = session.models.registry.declaration(named: name) else {
            throw ModelCommandError("no model named '\(name)'; `models` lists them")
        }
        session.console.line(declaration.swiftSource())
    }
}

import Foundation

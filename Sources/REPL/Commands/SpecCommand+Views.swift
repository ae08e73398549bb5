import Foundation
import WorkbenchKit
import WorkbenchScript
import WorkbenchSpec

/// What `spec` shows of the loaded document, and `spec models`, which declares its schemas as
/// if typed at the prompt (so they save, replay and export like typed models).
@MainActor
enum SpecViews {
    static func loaded(_ session: Session) throws -> APISpec {
        guard let spec = session.workbench.openAPISpec else {
            throw UsageError("no API description loaded — `spec FILE | URL | sandbox/NAME` loads one")
        }
        return spec
    }

    /// `spec`: the operations by tag, one line each, cut to the terminal's width.
    static func list(_ session: Session) throws {
        let spec = try loaded(session)
        let console = session.console
        let width = console.isTerminal ? TerminalWidth.current() : 160
        let methodWidth = spec.operations.map(\.method.count).max() ?? 3
        let pathWidth = min(spec.operations.map(\.path.count).max() ?? 1, 48)
        let idWidth = min(spec.operations.compactMap { $0.operationId?.count }.max() ?? 0, 32)
        var groups: [(tag: String, operations: [SpecOperation])] = spec.tags.map { tag in (tag, spec.operations.filter { $0.tags.first == tag }) }
        let untagged = spec.operations.filter { $0.tags.isEmpty }
        if !untagged.isEmpty { groups.append(("(no tag)", untagged)) }
        console.line(console.styled(spec.title + (spec.version.isEmpty ? "" : " " + spec.version), .bold) + (session.workbench.base?.string.map { " · base \($0)" } ?? ""))
        for group in groups where !group.operations.isEmpty {
            console.line(console.styled(group.tag, .cyan))
            for operation in group.operations {
                var line = "  " + pad(operation.method, methodWidth) + "  " + pad(operation.path, pathWidth) + "  "
                    + pad(operation.operationId ?? "", idWidth) + "  " + (operation.summary ?? "") + (operation.deprecated ? " (deprecated)" : "")
                line = line.trimmingCharacters(in: .whitespaces)
                console.line("  " + cut(line, to: width - 2))
            }
        }
        console.flush()
    }

    /// `spec OPERATION`: its parameters, request body and responses, a line each.
    static func show(_ operation: SpecOperation, in spec: APISpec, session: Session) {
        let console = session.console
        var head = "\(operation.method) \(operation.path)"
        if let id = operation.operationId { head += " · \(id)" }
        if let summary = operation.summary, !summary.isEmpty { head += " · \(summary)" }
        console.line(console.styled(head, .bold) + (operation.deprecated ? " (deprecated)" : ""))
        if !operation.tags.isEmpty { console.line("  tags: " + operation.tags.joined(separator: ", ")) }
        if !operation.parameters.isEmpty {
            console.line("  parameters:")
            let nameWidth = operation.parameters.map(\.name.count).max() ?? 0
            for parameter in operation.parameters {
                var parts = [pad(parameter.name, nameWidth), pad(parameter.location.rawValue, 6), SchemaText.summary(parameter.schema, in: spec)]
                if parameter.required { parts.append("required") }
                if let value = parameter.schema?.defaultValue { parts.append("default \(SchemaText.literal(value.value))") }
                console.line("    " + parts.joined(separator: "  "))
            }
        }
        if let body = operation.requestBody {
            console.line("  body: " + SchemaText.summary(body.schema, in: spec) + (body.required ? " (required)" : ""))
        }
        if !operation.responses.isEmpty {
            console.line("  responses:")
            let statusWidth = operation.responses.map(\.status.count).max() ?? 3
            for response in operation.responses {
                let schema = response.schema.map { "  " + SchemaText.summary($0, in: spec) } ?? ""
                console.line("    " + pad(response.status, statusWidth) + "  " + response.description + schema)
            }
        }
        console.flush()
    }

    /// `spec models [NAME …]`: the declarations as text, then declared as a Swift input.
    static func declareModels(_ names: [String], session: Session) async throws {
        let spec = try loaded(session)
        let output: ModelWriter.Output
        do {
            output = try ModelWriter.write(spec, names: names)
        } catch {
            throw UsageError(String(describing: error))
        }
        let console = session.console
        for line in output.source.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            console.line(console.styled(String(line), .dim))
        }
        for (schema, type) in output.renamed {
            console.line("note: schema '\(schema)' is declared as \(type): '\(schema)' would hide Swift's or the session's own type of that name")
        }
        for note in output.notes { console.line("note: " + note) }
        console.flush()
        try await session.runSwift(SwiftFile(parsing: output.source).items)
        let count = output.typeNames.count
        console.line("declared \(count) model\(count == 1 ? "" : "s"): " + output.typeNames.prefix(12).joined(separator: ", ")
            + (count > 12 ? ", …" : "") + (output.usesDates ? " — Date properties: decode with `--dates iso8601`" : ""))
        console.flush()
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func cut(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(width - 1, 1))) + "…"
    }
}

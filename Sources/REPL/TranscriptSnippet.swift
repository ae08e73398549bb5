import Foundation
import SwiftPackages
import WorkbenchKit
import WorkbenchScript

/// A whole snippet file written from the session's steps: description, imports, declarations, then
/// one statement per step.
struct TranscriptSnippet {
    let name: String
    let description: String?
    /// Written in the header when it is not Swift 5, so that replay checks it in the same mode.
    var languageMode = SwiftLanguageMode.swift5
    /// Whether the folder it is saved in is a package's Snippets/ (`SnippetsFolder.isInPackage`),
    /// where `swift run NAME` builds it; elsewhere the header says what that takes.
    var isInPackage = true
    /// The session's packages (`package add`): header lines replay reads, and what Package.swift
    /// needs for `swift run`.
    var packages: [PackageRequirement] = []
    /// Declarations (latest form of each name), then statements, as Swift.
    private(set) var declarations: [String] = []
    private(set) var statements: [String] = []
    /// The session step (from 1) each statement was written from.
    private var statementSteps: [Int] = []
    /// Each declaration's names (a type's, a function's, an extension's type) and the names it mentions.
    private var declarationNames: [Set<String>] = []
    private var declarationMentions: [Set<String>] = []
    /// Environment variables read instead of secrets, in order of first use.
    private(set) var secretVariables: [String] = []
    private(set) var usesSandbox = false
    /// Whether a statement loads an OpenAPI document: `wb.spec(…)` is WorkbenchSpec's.
    private(set) var usesSpec = false
    /// The URL of a `base` statement that is the first statement, which `Workbench(base:)` takes.
    private var firstBase: String?

    /// `selected` holds the numbers (from 1) of the steps to write; the others before the last
    /// chosen give only their declarations, which a chosen step may need and which have no effect
    /// of their own (one after it, a redefinition say, is left out).
    init(name: String, description: String?, steps: [SessionStep], sandboxURL: URL?, selected: Set<Int>? = nil) {
        self.name = name
        self.description = description
        let root = sandboxURL.map { $0.absoluteString.trimmingSuffixes("/") }
        let rewriter = SnippetStatementRewriter(sandboxRoot: root)
        var declared: [String: Int] = [:]
        let lastSelected = selected?.max() ?? steps.count
        for (offset, step) in steps.enumerated() where offset < lastSelected {
            let isSelected = selected?.contains(offset + 1) ?? true
            switch step.kind {
            case .statement(let statement):
                guard isSelected else { continue }
                let portable = statement.portable(sandboxRoot: root)
                if statements.isEmpty, case .base(let url) = portable { firstBase = url }
                statements.append(Self.savedSource(of: statement, sandboxRoot: root))
                statementSteps.append(offset + 1)
                usesSandbox = usesSandbox || portable.usesSandbox
                if case .spec = statement { usesSpec = true }
                addSecrets(portable.secretVariables)
            case .swift(let source):
                for item in SwiftFile(parsing: source).items {
                    let declaredName = item.savedName
                    guard isSelected || declaredName != nil else { continue }
                    let result = rewriter.rewrite(item.savedForm(shown: step.shownValues))
                    usesSandbox = usesSandbox || result.usesSandbox
                    addSecrets(result.secretVariables)
                    guard let declaredName else {
                        usesSpec = usesSpec || item.callsSpec
                        statements.append(result.statement)
                        statementSteps.append(offset + 1)
                        continue
                    }
                    // A redeclared type keeps only its last form, as at the prompt.
                    let place = declared[declaredName] ?? declarations.count
                    if place == declarations.count {
                        declared[declaredName] = place
                        declarations.append("")
                        declarationNames.append([])
                        declarationMentions.append([])
                    }
                    declarations[place] = result.statement
                    declarationNames[place] = item.namesMadeKnown
                    declarationMentions[place] = item.mentionedNames
                }
            }
        }
        if selected != nil { keepNeededDeclarations() }
    }

    /// With chosen steps, only the declarations their statements need, directly or through another
    /// declaration (a model's property of another model's type, an extension of a needed type).
    private mutating func keepNeededDeclarations() {
        var needed = Set<String>()
        for statement in statements { needed.formUnion(MentionedNames.of(source: statement)) }
        var kept = Set<Int>()
        var grew = true
        while grew {
            grew = false
            for index in declarations.indices where !kept.contains(index) && !declarationNames[index].isDisjoint(with: needed) {
                kept.insert(index)
                needed.formUnion(declarationMentions[index])
                grew = true
            }
        }
        declarations = declarations.indices.filter(kept.contains).map { declarations[$0] }
    }

    private mutating func addSecrets(_ variables: [String]) {
        for variable in variables where !secretVariables.contains(variable) { secretVariables.append(variable) }
    }

    /// How many statements the snippet has (declarations included).
    var stepCount: Int { declarations.count + statements.count }

    var source: String { written.source }

    /// Each statement's first line in `source`, with the session step it was written from.
    var stepOfLine: [Int: Int] { written.stepOfLine }

    private var written: (source: String, stepOfLine: [Int: Int]) {
        var lines: [String] = []
        let given = description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let summary = given.isEmpty ? "A Workbench session saved as \(name)." : given
        for line in summary.split(separator: "\n") {
            lines.append("// " + line)
        }
        lines.append("//")
        if isInPackage {
            lines.append("// Replay it with `workbench replay \(name) --step`; compile and run it with `swift run \(name)`.")
        } else {
            lines.append("// Replay it with `workbench replay \(name) --step`. \(SnippetsFolder.outsidePackage(name))")
        }
        if languageMode != .swift5 {
            lines.append("// \(SnippetScript.languageModeMarker) \(languageMode.version)")
        }
        lines += Self.packageLines(packages, name: name)
        if !secretVariables.isEmpty {
            lines.append("// Secrets are not saved: set \(secretVariables.joined(separator: ", ")) in the environment before running it.")
        }
        lines.append("")
        lines.append("import Foundation")
        if usesSandbox { lines.append("import Sandbox") }
        lines.append("import WorkbenchKit")
        if usesSpec { lines.append("import WorkbenchSpec") }
        lines.append("")
        for declaration in declarations {
            lines.append(declaration)
            lines.append("")
        }
        var steps = Array(zip(statements, statementSteps))
        if usesSandbox { lines.append("let sandbox = try await Sandbox.start()") }
        if firstBase != nil { steps.removeFirst() }
        lines.append(Self.workbenchDeclaration(base: firstBase, sandbox: usesSandbox))
        lines.append("")
        func height(_ text: String) -> Int { 1 + text.utf8.count { $0 == UInt8(ascii: "\n") } }
        var line = 1 + lines.map(height).reduce(0, +)
        var stepOfLine: [Int: Int] = [:]
        for (statement, step) in steps {
            stepOfLine[line] = step
            lines.append(statement)
            line += height(statement)
        }
        return (lines.joined(separator: "\n") + "\n", stepOfLine)
    }

    /// `// Package: …` for each package, which replay adds before the first statement, then what a
    /// Package.swift needs for `swift run NAME`: a snippet imports only what its package's
    /// products depend on.
    static func packageLines(_ packages: [PackageRequirement], name: String) -> [String] {
        guard !packages.isEmpty else { return [] }
        return packages.map { "// \(SnippetScript.packageMarker) \($0.commandLine)" }
            + PackageSet(packages).manifestNeeds(for: "`swift run \(name)`")
    }

    /// `let wb = Workbench(base: …)`, taking the first statement's `base` into the initializer.
    static func workbenchDeclaration(base: String?, sandbox: Bool) -> String {
        var arguments: [String] = []
        if let base { arguments.append("base: " + SwiftLiteral.string(base, interpolating: WorkbenchEnvironment.repl.interpolationEnds)) }
        if sandbox { arguments.append("sandbox: sandbox.baseURL") }
        return "let wb = Workbench(\(arguments.joined(separator: ", ")))"
    }

    /// A statement as `save` writes it: this run's sandbox URLs as `sandbox/…`, secrets as
    /// environment reads, a `\(…)` as the REPL reads it. Help's `Swift:` lines are written by it too.
    static func savedSource(of statement: WorkbenchStatement, sandboxRoot: String?) -> String {
        statement.portable(sandboxRoot: sandboxRoot).swiftSource(secrets: .environmentReads,
                                                                 interpolating: WorkbenchEnvironment.repl.interpolationEnds)
    }
}

extension String {
    func trimmingSuffixes(_ suffix: Character) -> String {
        var text = self
        while text.last == suffix { text.removeLast() }
        return text
    }
}

import WorkbenchKit
import WorkbenchScript

/// How model results reach the console: a summary line, then exactly what `print(value)` prints.
@MainActor
enum ModelOutput {
    /// Characters of a printed value shown on a terminal before it is cut (`--all` shows everything).
    static let terminalLimit = 2_000

    static func show(_ value: TypedValue, label: String? = nil, showAll: Bool, session: Session) {
        let console = session.console
        let summary = label.map { "\($0): \(value.summary)" } ?? value.summary
        console.line(console.styled(summary, .dim))
        let module = session.models.moduleName
        if console.isTerminal && !showAll {
            let (text, truncated) = value.printed(moduleName: module, limit: terminalLimit)
            console.line(text)
            if truncated { console.line(console.styled("(cut; add --all to see everything)", .dim)) }
        } else {
            console.line(value.printed(moduleName: module))
        }
    }
}

extension Session {
    /// Makes the last response the models' current body, unless `json` set a document after it
    /// (the body's tag is the number of the exchange it belongs to).
    func refreshModelBody() {
        guard let exchange = workbench.lastExchange, exchange.number > models.bodyTag else { return }
        models.setBody(exchange.response.body, tag: exchange.number)
    }

    /// Decodes as `decode` does and prints the result (bound to `name` when given).
    func runDecode(_ raw: String, bindingTo name: String? = nil) throws {
        let arguments = try DecodeArguments.parse(raw)
        refreshModelBody()
        let value = try models.decode(arguments.type, options: arguments.options, at: arguments.path)
        if let name { models.bind(name, to: value) }
        ModelOutput.show(value, label: name, showAll: arguments.showAll, session: self)
    }
}

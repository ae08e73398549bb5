import WorkbenchKit
import WorkbenchScript

/// `show N`: exchange N's status line and body again. `show image DATA`: the image a `Data` value
/// holds, drawn as an image body is (Swift's `wb.showImage(DATA)`, which a snippet can call too).
struct ShowCommand: StatementCommand {
    let forms: [StatementForm] = [.show]
    let name = "show"
    let synopsis = "show N | show image DATA"
    let summary = "show exchange N (from `history`) again; `show image DATA` draws the image a Data value holds"
    let group = CommandGroup.inspect
    let help = """
        `show image DATA` takes any Swift expression of type Data (a variable,
        `try Data(contentsOf: url)`) holding a PNG, JPEG or GIF: its one line, and at a terminal
        the picture (`set images`);
        `save` writes it as `try wb.showImage(data)`.

        Examples:
          wb> show 2
          wb> let (data, _) = try await URLSession.shared.data(from: URL(string: "https://httpbin.org/image/png")!)
          wb> show image data
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last else { return [] }
        return RequestCompletion.matching(last, ["image"] + session.workbench.exchanges.map { String($0.number) })
    }

    func run(_ arguments: String, session: Session) async throws {
        guard arguments == "image" || arguments.hasPrefix("image ") else {
            let statements = try statements(arguments)
            return try await session.perform(statements)
        }
        let value = arguments.dropFirst("image".count).trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { throw UsageError("show image needs a Data value: `show image data`") }
        session.console.askForGraphics()
        try await session.runSwift(SwiftFile(parsing: "try wb.showImage(\(value))").items)
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        guard let number = Int(arguments), number > 0 else {
            throw UsageError(arguments.isEmpty ? "show needs a number: `show N` (see `history`)" : "'\(arguments)' is not an exchange number — `history` lists them")
        }
        return [.show(number)]
    }
}

import LineResults
import ResultsLog

extension LineResult {
    /// The results ResultsLog wrote for `program`, those of its live input (its units from
    /// `liveFrom` on) only, at the lines and columns the user wrote; what the program generated
    /// around them is left out.
    static func results(in text: String, program: LibrarySource, liveFrom: Int) -> [LineResult] {
        ResultRecord.all(in: text).compactMap { record in
            guard let origin = program.source.userOrigin(line: record.startLine, column: record.startColumn),
                  origin.unit >= liveFrom, origin.unit < program.units.count
            else { return nil }
            let location = program.units[origin.unit].location(of: origin.offset)
            var result = LineResult(kind: record.kind == .printed ? .printed : .value, line: location.line,
                                    column: location.column, name: record.name, text: record.text, isNumber: record.kind == .number)
            result.unit = origin.unit - liveFrom
            return result
        }
    }
}

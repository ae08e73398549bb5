import ModelRuntime
import ReplayReports
import WorkbenchScript

/// A decoded array of structs as the HTML table a notebook shows: a column for each stored
/// property, each cell the property's value as `print` prints it (escaped as XML content, which
/// HTML reads the same).
enum ModelTable {
    static let rowLimit = 100

    /// The table for `decoded`, or nil when it is not an array of one struct type.
    static func html(_ decoded: TypedValue) -> String? {
        guard case .array(.structure(let schema)) = decoded.type, case .array(let items) = decoded.value, !schema.fields.isEmpty else { return nil }
        let printer = ValuePrinter()
        var html = "<table>\n<thead><tr>" + schema.fields.map { "<th>\(XMLText.content($0.name))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for item in items.prefix(rowLimit) {
            guard case .record(let fields) = item, fields.count == schema.fields.count else { return nil }
            html += "<tr>" + zip(fields, schema.fields).map { value, field in
                "<td>\(XMLText.content(printer.description(of: value, as: field.type)))</td>"
            }.joined() + "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if items.count > rowLimit {
            let more = items.count - rowLimit
            html += "<p>… \(more) more \(more == 1 ? "row" : "rows") (\(items.count) in all)</p>\n"
        }
        return html
    }
}

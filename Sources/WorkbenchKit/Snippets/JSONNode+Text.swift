/// A value of a parsed document written back as compact JSON, strings and numbers byte for byte.
extension JSONNode {
    /// Also what the model decoder hands JSONDecoder for a Foundation type it has no reading of.
    public func writeJSON(into output: inout [UInt8]) {
        let entry = self.entry
        switch entry.kindCode {
        case JSONTapeKind.null: output.append(contentsOf: Array("null".utf8))
        case JSONTapeKind.true: output.append(contentsOf: Array("true".utf8))
        case JSONTapeKind.false: output.append(contentsOf: Array("false".utf8))
        case JSONTapeKind.number: appendSource(entry, into: &output)
        case JSONTapeKind.string:
            output.append(UInt8(ascii: "\""))
            appendSource(entry, into: &output)
            output.append(UInt8(ascii: "\""))
        case JSONTapeKind.array:
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                element.writeJSON(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        default:
            output.append(UInt8(ascii: "{"))
            var members = self.members.makeIterator()
            var first = true
            while let (key, value) = members.nextNodes() {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                key.writeJSON(into: &output)
                output.append(UInt8(ascii: ":"))
                value.writeJSON(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private func appendSource(_ entry: JSONTapeEntry, into output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: tape.base + Int(entry.start), count: Int(entry.end - entry.start)))
    }
}

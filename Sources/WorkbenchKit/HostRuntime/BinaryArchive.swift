import Foundation

/// A small length-prefixed binary format for what crosses between the REPL and a compiled input's
/// process: exchanges with bodies of megabytes are copied, not base64-encoded into JSON.
///
/// Integers are 8 bytes little-endian; strings and data are a length then the bytes. A writer with a
/// `spillFolder` writes data of `spillBytes` or more to a file of its own there instead, once, and
/// only its name (a length of -1, the name, the length): the reader maps that file, so a body of
/// megabytes is neither copied into the archive nor out of it (docs/ARCHITECTURE.md, "The Swift host").
public struct BinaryWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Where data of `spillBytes` or more is written, a file each; nil keeps it inline.
    public let spillFolder: URL?
    /// The names of the files written there, in order.
    public private(set) var spilledFiles: [String] = []
    public static let spillBytes = 64 << 10

    public init(spillingTo folder: URL? = nil) {
        spillFolder = folder
    }

    public mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { data(UnsafeRawBufferPointer($0)) }
    }

    public mutating func data(_ value: Data) {
        value.withUnsafeBytes { raw in
            if let spillFolder, raw.count >= Self.spillBytes, let name = Self.spill(raw, into: spillFolder) {
                int(-1)
                string(name)
                int(raw.count)
                spilledFiles.append(name)
            } else {
                data(raw)
            }
        }
    }

    /// Writes `raw` to a new file in `folder`; its name, or nil when it cannot (then it goes inline).
    private static func spill(_ raw: UnsafeRawBufferPointer, into folder: URL) -> String? {
        var template = Array(folder.appendingPathComponent("bytes-XXXXXX").path.utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return nil }
        defer { close(file) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var offset = 0
        while offset < raw.count {
            let written = write(file, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                unlink(path)
                return nil
            }
            offset += written
        }
        return URL(fileURLWithPath: path).lastPathComponent
    }

    mutating func data(_ raw: UnsafeRawBufferPointer) {
        int(raw.count)
        bytes.append(contentsOf: raw)
    }

    public mutating func optional<T>(_ value: T?, _ write: (inout BinaryWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }
}

/// Reads what `BinaryWriter` wrote; any short or malformed input throws `BinaryArchiveError`. Data
/// the writer spilled is mapped from its file in `folder` (without one, it is an error).
public struct BinaryReader {
    private let bytes: Data
    private var offset: Int
    private let folder: URL?

    public init(_ bytes: Data, folder: URL? = nil) {
        self.bytes = bytes
        offset = bytes.startIndex
        self.folder = folder
    }

    public var isAtEnd: Bool { offset >= bytes.endIndex }

    public mutating func int() throws(BinaryArchiveError) -> Int {
        let raw = try take(8)
        var value: UInt64 = 0
        for (shift, byte) in raw.enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return Int(Int64(bitPattern: value))
    }

    public mutating func double() throws(BinaryArchiveError) -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(try int())))
    }

    public mutating func bool() throws(BinaryArchiveError) -> Bool {
        try take(1).first == 1
    }

    public mutating func string() throws(BinaryArchiveError) -> String {
        String(decoding: try data(), as: UTF8.self)
    }

    public mutating func data() throws(BinaryArchiveError) -> Data {
        let count = try int()
        if count == -1 { return try spilled() }
        guard count >= 0 else { throw BinaryArchiveError() }
        return try take(count)
    }

    /// Data the writer put in a file of its own, mapped.
    private mutating func spilled() throws(BinaryArchiveError) -> Data {
        let name = try string()
        let count = try int()
        guard let folder, !name.isEmpty, !name.contains("/"), name != "..",
              let mapped = DocumentCopy.mapShared(folder.appendingPathComponent(name).path), mapped.count == count
        else { throw BinaryArchiveError() }
        return mapped
    }

    public mutating func optional<T>(_ read: (inout BinaryReader) throws(BinaryArchiveError) -> T) throws(BinaryArchiveError) -> T? {
        try bool() ? try read(&self) : nil
    }

    private mutating func take(_ count: Int) throws(BinaryArchiveError) -> Data {
        guard count <= bytes.endIndex - offset else { throw BinaryArchiveError() }
        defer { offset += count }
        return Data(bytes[offset..<(offset + count)])  // rebased at index 0, as callers expect
    }
}

/// The archive ended early or held a value that cannot be.
public struct BinaryArchiveError: Error, CustomStringConvertible {
    public var description: String { "a prompt session file is damaged (it ended early)" }
}

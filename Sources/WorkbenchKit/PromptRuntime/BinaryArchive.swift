import Foundation

/// A small length-prefixed binary format for what crosses between the REPL and a compiled input's
/// process: exchanges with bodies of megabytes are copied, not base64-encoded into JSON.
///
/// Integers are 8 bytes little-endian; strings and data are a length then the bytes.
public struct BinaryWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

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
        value.withUnsafeBytes { data($0) }
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

/// Reads what `BinaryWriter` wrote; any short or malformed input throws `BinaryArchiveError`.
public struct BinaryReader {
    private let bytes: Data
    private var offset: Int

    public init(_ bytes: Data) {
        self.bytes = bytes
        offset = bytes.startIndex
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
        guard count >= 0 else { throw BinaryArchiveError() }
        return try take(count)
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

/// A type that cannot be used for decoding, in the compiler's words (`cannot find type 'X' in scope`).
public struct ModelTypeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

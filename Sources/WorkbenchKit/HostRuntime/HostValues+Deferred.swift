extension HostValues {
    /// The value of a top-level `let` or `var` declared without one and given it later, as compiled
    /// top-level code allows (`let d: Int?` then `if … { d = 1 } else { d = nil }`). A library's
    /// global needs its value where it is declared, and the assignments run after, in the entry
    /// point; so the host declares the name as a computed global over this storage, and the first
    /// assignment initializes it. What the compiler refuses in one program, a read before that or a
    /// second assignment of a `let`, stops the input here with the compiler's words.
    public struct Deferred<Value> {
        private var stored: Value?
        private let name: String
        private let constant: Bool

        /// `name` as the user wrote it; `constant` for a `let`.
        public init(_ name: String, constant: Bool) {
            self.name = name
            self.constant = constant
        }

        /// A `var` of optional type, which is `nil` until assigned, as in a program.
        public init(_ name: String, constant: Bool, value: Value) {
            self.init(name, constant: constant)
            stored = value
        }

        public var value: Value {
            get {
                guard let stored else { fatalError("\(constant ? "constant" : "variable") '\(name)' used before being initialized") }
                return stored
            }
            set {
                if constant && stored != nil { fatalError("immutable value '\(name)' may only be initialized once") }
                stored = newValue
            }
        }
    }
}

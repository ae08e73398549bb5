/// What a `Workbench` needs that WorkbenchKit cannot make (it knows neither OpenAPIKit nor
/// swift-syntax): given to each `Workbench` by whoever makes it, and carried by what makes more of
/// them (replay, `save`'s check), rather than installed in a global of this module by another.
public struct WorkbenchEnvironment: Sendable {
    /// Makes the reader `spec` loads documents with, for a workbench with none of its own
    /// (WorkbenchSpec's `OpenAPIReader`); nil: `spec` says there is no reader.
    public var makeAPIDescriptionReader: (@MainActor @Sendable () -> any APIDescriptionReader)?
    /// Where each `\(…)` in a command's text ends (WorkbenchScript's `InterpolationLexer`); nil
    /// reads `\(` as text, as in a compiled snippet, where interpolation was Swift's already.
    public var interpolationEnds: (any InterpolationEnds)?

    public init(makeAPIDescriptionReader: (@MainActor @Sendable () -> any APIDescriptionReader)? = nil,
                interpolationEnds: (any InterpolationEnds)? = nil) {
        self.makeAPIDescriptionReader = makeAPIDescriptionReader
        self.interpolationEnds = interpolationEnds
    }
}

import ModelRuntime
import Testing
@testable import WorkbenchScript

/// `decode`'s types read as sugar in one pass (`TypeSugar`), what it holds by swift-syntax: the same
/// types as swift-syntax reading the whole text, and `[` nested past `BracketGuard`'s limit read too.
@Suite struct TypeSugarTests {
    static func nested(_ depth: Int, _ core: String) -> String {
        String(repeating: "[", count: depth) + core + String(repeating: "]", count: depth)
    }

    static func array(_ depth: Int, of element: ModelType) -> ModelType {
        (0..<depth).reduce(element) { type, _ in .array(type) }
    }

    static let shallow = [
        "Int", "Post", "Post?", "Int??", "[Int]", "[Int]?", "[Int?]", "[[Int]?]", "[Int?]?", "[ Int ]", "[[Int]]",
        "[String: Post]", "[String:Post]", "[ String : Post ]", "[String: [Int]]?", "[[Int]: Int]", "[[Int: String]]",
        "[String: [String: [Double]]]", "[UUID: URL]?", "[Int8: [UInt64?]]", "[[[[Double]]]]",
        "Array<Int>", "Array<[Int]>", "[Array<Int>]", "Dictionary<String, [Int?]>", "[Optional<Int>]", "Optional<[Int]>",
        "Outer.Inner", "[Outer.Inner]", "[String: Outer.Inner?]", "Swift.Int", "[Foundation.Date]", "Measurement<UnitLength>",
        "[Measurement<UnitLength>]", "[Bool]", "[Decimal: Float]", "[Int].Element", nested(16, "Int"),
    ]

    /// Each is read here, to what swift-syntax reading it whole gives.
    @Test(arguments: shallow)
    func sugarReadsAsSwiftSyntax(_ text: String) throws {
        guard case .type(let type) = TypeSugar(text).read() else {
            Issue.record("'\(text)' not read as sugar")
            return
        }
        #expect(type == (try ModelRegistry.parseWhole(text)))
        #expect(try ModelRegistry.parseType(text) == type)
    }

    /// What is not a type, or not one `decode` takes, fails with the line swift-syntax's reading gives
    /// (`'[Int' is not a Swift type`).
    @Test(arguments: [
        "[Int", "[]", "[:]", "[Int: ]", "[: Int]", "[Int: String: Bool]", "[Int]]", "Int]", "[Int)", "Int ?", "?",
        "[3 of Int]", "[Int!]", "[Int]!", "Set<Int>", "[Set<Int>]", "[String: Set<Int>]", "(Int, Int)", "[(Int)]",
        "[\"x\"]", "[Int] x", String(repeating: "[", count: 28) + "Node",
    ])
    func malformedTypesFailAsBefore(_ text: String) throws {
        let before = try #require(throws: ModelTypeError.self) { try ModelRegistry.parseWhole(text) }
        let now = try #require(throws: ModelTypeError.self) { try ModelRegistry.parseType(text) }
        #expect(now == before)
        #expect(!now.message.contains("\n"))
    }

    @Test func aCommentIsLeftToSwiftSyntax() throws {
        #expect(try ModelRegistry.parseType("[Int /* ] */]") == .array(.integer(.int)))
    }

    /// 20 deep, as in the report, and to the limit: read at once, where swift-syntax doubled its time
    /// with each `[` and is refused them.
    @Test func bracketsNestedPastTheGuardAreRead() throws {
        #expect(try ModelRegistry.parseType(Self.nested(20, "Int")) == Self.array(20, of: .integer(.int)))
        #expect(try ModelRegistry.parseType("[String: \(Self.nested(19, "Post?"))]?")
            == .optional(.dictionary(key: .string, value: Self.array(19, of: .optional(.named("Post"))))))
        #expect(try ModelRegistry.parseType(Self.nested(20, "Array<Int>")) == Self.array(21, of: .integer(.int)))
        #expect(try ModelRegistry.parseType(Self.nested(TypeSugar.depthLimit, "Int")) == Self.array(TypeSugar.depthLimit, of: .integer(.int)))
        let tooDeep = try #require(throws: ModelTypeError.self) { try ModelRegistry.parseType(Self.nested(TypeSugar.depthLimit + 1, "Int")) }
        #expect(tooDeep.message == "nested more than \(TypeSugar.depthLimit) levels deep: too deep to read")
    }

    /// Past the guard a core's own error is given; what is not sugar at all is refused as before.
    @Test func aDeepTypeFailsWithOneLine() throws {
        let core = try #require(throws: ModelTypeError.self) { try ModelRegistry.parseType(Self.nested(20, "Set<Int>")) }
        #expect(core.message == "generic type 'Set<Int>' is not supported yet")
        for text in [Self.nested(20, ""), Self.nested(20, "Int:"), String(repeating: "[", count: 20) + "Int", Self.nested(20, "3 of Int")] {
            let error = try #require(throws: ModelTypeError.self) { try ModelRegistry.parseType(text) }
            #expect(error.message == "'[' nested more than 16 deep: too deep to parse")
        }
    }

    /// A step's Swift spells such a type `Array<…>`: swift-syntax reads it (the host parses every step
    /// it catches up on, unguarded) as the same type, and the compiler takes it as the same type.
    @Test func aDeepTypeIsSpelledWithGenericsForTheStep() throws {
        #expect(ModelRegistry.stepSpelling(of: "[[Int]?]") == "[[Int]?]")
        #expect(ModelRegistry.stepSpelling(of: Self.nested(16, "Int")) == Self.nested(16, "Int"))
        #expect(ModelRegistry.stepSpelling(of: Self.nested(20, "")) == Self.nested(20, ""))
        let spelled = ModelRegistry.stepSpelling(of: "[String: \(Self.nested(19, "Int?"))]?")
        #expect(spelled == "Dictionary<String, " + String(repeating: "Array<", count: 19) + "Int?" + String(repeating: ">", count: 19) + ">?")
        for depth in [20, TypeSugar.depthLimit] {
            let type = Self.nested(depth, "Post")
            let step = "let posts = try wb.decode(\(ModelRegistry.stepSpelling(of: type)).self)"
            let tree = try GuardedParse.file(step)
            #expect(!tree.hasError)
            #expect(try ModelRegistry.parseType(ModelRegistry.stepSpelling(of: type)) == (try ModelRegistry.parseType(type)))
        }
    }
}

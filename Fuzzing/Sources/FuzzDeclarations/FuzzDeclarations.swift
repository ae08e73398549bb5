import Foundation
import FuzzSupport
import ModelRuntime
import WorkbenchScript

/// Swift declarations (and type spellings) through the model parser and registry, then a decode of
/// two fixed documents into every type declared: none of it may trap, whatever was typed.
// Also under libFuzzer's name: the toolchain links its `main` (unused: SwiftPM's `main` wins), which names it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeclarations(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = FuzzSupport.text(data, size)
    _ = DeclarationParser.looksLikeDeclaration(source)
    if let type = try? ModelRegistry.parseType(source) {
        _ = try? ModelRegistry().resolveForDecoding(type)
    }
    let workspace = ModelWorkspace()
    guard let declarations = try? workspace.declare(source) else { return 0 }
    for document in documents {
        workspace.setBody(Data(document.utf8))
        for declaration in declarations {
            _ = ModelWorkspace.summary(of: declaration)
            if let value = try? workspace.decode(declaration.name) { _ = value.printed(moduleName: "main") }
        }
    }
    // Declaring the same source again redeclares every type.
    _ = try? workspace.declare(source)
    return 0
}

let documents = [
    #"{"id": 1, "name": "a", "value": 2.5, "ok": true, "items": [1, 2], "child": {"id": 2}, "kind": "a"}"#,
    #"[{"id": 1, "title": "t", "tags": ["x"]}, {"id": 2}]"#,
]

@_cdecl("FuzzDeclarations_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    MainActor.assumeIsolated { FuzzSupport.main(argc, argv, fuzzDeclarations) }
}

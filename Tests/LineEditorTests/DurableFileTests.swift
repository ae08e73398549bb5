import Foundation
import LineEditor
import TestSupport
import Testing

@Suite struct DurableFileTests {
    @Test func replacesTheContentAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("s.swift")
        try DurableFile.write(Data("old\n".utf8), to: file)
        try DurableFile.write(Data("new\n".utf8), to: file)

        #expect(try String(contentsOf: file, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["s.swift"])
    }

    @Test func aNewFileGetsTheRequestedModeLessTheUmask() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mask = umask(0)
        umask(mask)
        let file = directory.url.appendingPathComponent("s.swift")
        try DurableFile.write(Data("x".utf8), to: file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == Int(0o666 & ~mask))
    }

    @Test func aMissingDirectoryIsOneLineWithTheSystemsReason() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("missing/s.swift")
        #expect(throws: DurableFileError.self) { try DurableFile.write(Data("x".utf8), to: file) }
        do {
            try DurableFile.write(Data("x".utf8), to: file)
        } catch {
            #expect(error.code == ENOENT)
            #expect(error.description.hasPrefix("cannot write \(directory.url.path)/missing/.s.swift."))
            #expect(error.description.hasSuffix(": No such file or directory"))
            // What `save` prints after "cannot write FILE: ".
            #expect((error as NSError).localizedDescription == "No such file or directory")
        }
    }
}

import Foundation
import Playgrounds
import TestSupport
import Testing

/// Bundles as Xcode has written them over the years, made in a temporary folder: what is read
/// from each, and what Workbench says about what it cannot read.
@Suite struct PlaygroundBundleTests {
    /// Writes `files` (path → text) under `NAME.playground` in a new folder.
    static func bundle(_ name: String, _ files: [String: String]) throws -> (URL, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent(name + ".playground")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url, folder)
    }

    @Test func aSinglePageBundleOfFormatFiveWithAMissingTimeline() throws {
        let (url, folder) = try Self.bundle("Old", [
            "contents.xcplayground": "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<playground version='5.0' target-platform='osx' executeOnSourceChanges='false'>\n    <timeline fileName='timeline.xctimeline'/>\n</playground>\n",
            "Contents.swift": "import Cocoa\n",
        ])
        defer { folder.remove() }
        let bundle = try PlaygroundBundle.open(url)
        #expect(bundle.format.version == "5.0")
        #expect(bundle.format.targetPlatform == "osx")
        #expect(bundle.format.attributes["executeOnSourceChanges"] == "false")
        #expect(bundle.pages.map(\.name) == ["Old"])
        #expect(!bundle.isMultiPage)
        #expect(bundle.notes.isEmpty)
        #expect(bundle.sources == nil && bundle.resources == nil)
    }

    @Test func pagesInTheOrderTheListGivesWithTheirOwnFolders() throws {
        let (url, folder) = try Self.bundle("Course", [
            "contents.xcplayground": "<playground version='6.0' target-platform='ios' display-mode='rendered'><pages><page name='Zeta'/><page name='Tom &amp; Jerry'/><page name='Gone'/></pages></playground>",
            "Pages/Zeta.xcplaygroundpage/Contents.swift": "print(1)\n",
            "Pages/Tom & Jerry.xcplaygroundpage/Contents.swift": "print(2)\n",
            "Pages/Tom & Jerry.xcplaygroundpage/Sources/Helper.swift": "public let two = 2\n",
            "Pages/Tom & Jerry.xcplaygroundpage/Resources/data.json": "[]",
            "Sources/Shared.swift": "public let one = 1\n",
        ])
        defer { folder.remove() }
        let bundle = try PlaygroundBundle.open(url)
        #expect(bundle.pages.map(\.name) == ["Zeta", "Tom & Jerry"])
        #expect(bundle.isMultiPage)
        #expect(bundle.notes == ["page 'Gone' is listed but Pages/Gone.xcplaygroundpage/Contents.swift is not there: left out"])
        #expect(bundle.sources?.lastPathComponent == "Sources")
        #expect(bundle.pages[0].sources == nil)
        #expect(bundle.pages[1].sources != nil && bundle.pages[1].resources != nil)
        #expect(bundle.sourcesModule == "Course_Sources")
        #expect(bundle.pageSourcesModule(bundle.pages[1]) == "Course_Tom___Jerry_PageSources")
        #expect(bundle.page(named: "tom & jerry")?.name == "Tom & Jerry")
        #expect(PlaygroundBundle.swiftFiles(in: try #require(bundle.sources)).map(\.lastPathComponent) == ["Shared.swift"])
    }

    @Test func withoutAPageListThePagesFolderIsReadInFindersOrder() throws {
        let (url, folder) = try Self.bundle("Loose", [
            "contents.xcplayground": "<playground version='6.0' target-platform='macos'/>",
            "Pages/Page 10.xcplaygroundpage/Contents.swift": "",
            "Pages/Page 2.xcplaygroundpage/Contents.swift": "",
            "Pages/Intro.xcplaygroundpage/Contents.swift": "",
        ])
        defer { folder.remove() }
        #expect(try PlaygroundBundle.open(url).pages.map(\.name) == ["Intro", "Page 2", "Page 10"])
    }

    @Test func anUnknownVersionIsSaidAndReadAsSix() throws {
        let (url, folder) = try Self.bundle("Future", [
            "contents.xcplayground": "<playground version='9.0' target-platform='visionos' swift-version='6'/>",
            "Contents.swift": "",
        ])
        defer { folder.remove() }
        let bundle = try PlaygroundBundle.open(url)
        #expect(bundle.notes == ["Future.playground is playground format version 9.0, which Workbench does not know: read as version 6"])
        #expect(bundle.format.attributes["swift-version"] == "6")
    }

    @Test func noContentsFileIsReadAsVersionSix() throws {
        let (url, folder) = try Self.bundle("Bare", ["Contents.swift": "print(1)\n"])
        defer { folder.remove() }
        let bundle = try PlaygroundBundle.open(url)
        #expect(bundle.pages.map(\.name) == ["Bare"])
        #expect(bundle.notes == ["Bare.playground has no contents.xcplayground: read as a version 6 playground"])
    }

    @Test(arguments: [
        ("<playground version='6.0'><pages></playground>", "contents.xcplayground: "),
        ("not xml at all", "contents.xcplayground: "),
        ("<workspace version='1.0'/>", "contents.xcplayground's root is <workspace>, not <playground>"),
    ])
    func contentsThatAreNotAPlaygroundAreOneLine(_ xml: String, _ message: String) throws {
        let (url, folder) = try Self.bundle("Bad", ["contents.xcplayground": xml, "Contents.swift": ""])
        defer { folder.remove() }
        #expect {
            try PlaygroundBundle.open(url)
        } throws: { error in
            "\(error)".hasPrefix(message) && !"\(error)".contains("\n")
        }
    }

    @Test func aBundleWithNoPagesOrNoFolderIsOneLine() throws {
        let (url, folder) = try Self.bundle("Empty", ["contents.xcplayground": "<playground version='6.0'/>"])
        defer { folder.remove() }
        #expect(throws: PlaygroundError.self) { try PlaygroundBundle.open(url) }
        #expect(throws: PlaygroundError.self) { try PlaygroundBundle.open(url.appendingPathComponent("nothing.playground")) }
    }

    @Test func theWriterWritesWhatTheReaderReads() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("Handout.playground")
        try PlaygroundWriter.write([("One", "print(1)\n"), ("Q&A 'quoted'", "print(2)\n")], to: url)
        let bundle = try PlaygroundBundle.open(url)
        #expect(bundle.pages.map(\.name) == ["One", "Q&A 'quoted'"])
        #expect(bundle.format.version == "6.0" && bundle.format.targetPlatform == "macos")
        #expect(bundle.format.attributes["display-mode"] == "rendered")
        #expect(throws: PlaygroundError.self) { try PlaygroundWriter.write([("One", "")], to: url) }
        try PlaygroundWriter.write([("Two", "print(3)\n")], to: url, replacing: true)
        #expect(try PlaygroundBundle.open(url).pages.map(\.name) == ["Two"])
        #expect(throws: PlaygroundError.self) { try PlaygroundWriter.write([("a/b", "")], to: url, replacing: true) }
    }

    /// Its first heading, as text: not the navigation links pages start with, nor prose.
    @Test func aPagesTitleIsItsFirstHeading() {
        #expect(PlaygroundMarkup.title(of: "import UIKit\n//: ## Decoding *JSON*\n//: more\nlet a = 1\n") == "Decoding JSON")
        #expect(PlaygroundMarkup.title(of: "/*:\n\n # Intro\n */\n") == "Intro")
        #expect(PlaygroundMarkup.title(of: "//: [< Previous](@previous) | [Home](Intro) | [Next >](@next)\n//: # Arrays\n") == "Arrays")
        #expect(PlaygroundMarkup.title(of: "//: [Next](@next)\nlet a = 1\n/*:\n Setext `titles`\n =====\n */\n") == "Setext titles")
        #expect(PlaygroundMarkup.title(of: "//: [< Previous](@previous) | [Next >](@next)\n//: Some prose.\n") == nil)
        #expect(PlaygroundMarkup.title(of: "let a = 1\n") == nil)
    }
}

import Testing
@testable import REPL

/// The command lines `workbench` reads without ArgumentParser (start-up time): only the REPL's own
/// flags; everything else is left to ArgumentParser, which explains mistakes.
@Suite struct StartupOptionsTests {
    @Test(arguments: [
        ([], true, false),
        (["--no-sandbox"], false, false),
        (["--offline"], true, true),
    ] as [([String], Bool, Bool)])
    func theREPLsOwnFlagsAreReadDirectly(arguments: [String], sandbox: Bool, offline: Bool) throws {
        let options = try #require(Startup.Options(plainArguments: arguments))
        #expect(options.sandbox == sandbox && options.offline == offline)
    }

    @Test(arguments: [
        ["--help"], ["--version"], ["replay", "borders"], ["sandbox"], ["--no-sandbox", "--no-sandbox"],
        ["--offline", "--no-sandbox"], ["--no-sandbo"], ["-h"],
    ])
    func anythingElseGoesToArgumentParser(arguments: [String]) {
        #expect(Startup.Options(plainArguments: arguments) == nil)
    }
}

import LineEditor
import Testing

@Suite struct CompletionPlanTests {
    @Test func uniqueMatchIsInsertedWithASpace() {
        #expect(CompletionPlan(word: "he", candidates: ["help", "quit"]) == .insert("lp "))
    }

    @Test func commonPrefixIsInserted() {
        #expect(CompletionPlan(word: "h", candidates: ["header", "headers", "help"]) == .insert("e"))
        #expect(CompletionPlan(word: "hea", candidates: ["header", "headers"]) == .insert("der"))
    }

    @Test func severalMatchesWithNothingInCommonAreListedSorted() {
        #expect(CompletionPlan(word: "he", candidates: ["help", "header", "quit"]) == .list(["header", "help"]))
    }

    @Test func noMatchDoesNothing() {
        #expect(CompletionPlan(word: "zz", candidates: ["help"]) == .nothing)
        #expect(CompletionPlan(word: "", candidates: []) == .nothing)
    }

    @Test func duplicatesCountOnce() {
        #expect(CompletionPlan(word: "he", candidates: ["help", "help"]) == .insert("lp "))
    }

    @Test func pathsAndAssignmentsKeepTheWordOpen() {
        #expect(CompletionPlan(word: "/us", candidates: ["/users/"]) == .insert("ers/"))
        #expect(CompletionPlan(word: "user", candidates: ["userId="]) == .insert("Id="))
    }

    @Test func listIsLaidOutInColumnsThatFit() {
        let text = CompletionPlan.columns(["alpha", "beta", "gamma", "delta"], width: 20)
        #expect(text == "alpha  beta\ngamma  delta\n")
    }
}

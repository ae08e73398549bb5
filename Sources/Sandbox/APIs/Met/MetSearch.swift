/// `/search` computed from the sandbox's object records, with the real API's query items.
///
/// `q`'s words are matched as whole words (see `MetWords`); an object matches when it holds any of them,
/// as the recorded `artistOrCulture=true&q=william+morris` answer lists William Bell and William Henry
/// Fox Talbot. Objects holding more of the words come first, then those with more of them in the title,
/// then by objectID.
struct MetSearch {
    let request: SandboxRequest
    let index: MetIndex

    /// The matching objectIDs, best first; empty without a `q`.
    func objectIDs() -> [Int] {
        let words = Array(Set(MetWords.words(request.queryValue("q") ?? "")))
        guard !words.isEmpty else { return [] }
        var scores: [Int: (words: Int, inTitle: Int)] = [:]
        for word in words {
            for id in index.ids(matching: word, in: scope) { scores[id, default: (0, 0)].words += 1 }
            for id in index.ids(matching: word, in: .title) where scores[id] != nil { scores[id]?.inTitle += 1 }
        }
        let filters = self.filters
        return scores.filter { id, _ in
            guard let facts = index.facts[id] else { return false }
            return filters.allSatisfy { $0(facts) }
        }
        .sorted { ($1.value.words, $1.value.inTitle, $0.key) < ($0.value.words, $0.value.inTitle, $1.key) }
        .map(\.key)
    }

    /// Where `q` is looked for: `artistOrCulture`, `title` or `tags` set to `true` narrow it.
    private var scope: MetSearchScope {
        if isTrue("artistOrCulture") { return .artistOrCulture }
        if isTrue("title") { return .title }
        if isTrue("tags") { return .tags }
        return .text
    }

    /// The real API documents its flags as `true` (case-sensitive); another value does not filter.
    private func isTrue(_ name: String) -> Bool {
        request.queryValue(name) == "true"
    }

    private var filters: [(MetObjectFacts) -> Bool] {
        var filters: [(MetObjectFacts) -> Bool] = []
        if isTrue("hasImages") { filters.append { $0.hasImages } }
        if isTrue("isHighlight") { filters.append { $0.isHighlight } }
        if isTrue("isOnView") { filters.append { $0.isOnView } }
        if let department = request.queryValue("departmentId"), !department.isEmpty {
            // A department that is not a number is no department: nothing matches it.
            let id = Int(department)
            filters.append { id != nil && $0.departmentID == id }
        }
        if let media = alternatives("medium") {
            filters.append { facts in media.contains { MetWords.contains(facts.mediumWords, phrase: $0) } }
        }
        if let places = alternatives("geoLocation") {
            filters.append { facts in places.contains { MetWords.contains(facts.placeWords, phrase: $0) } }
        }
        // "Objects that fall between dateBegin and dateEnd": the object's whole date range lies inside.
        if let begin = request.queryValue("dateBegin").flatMap({ Int($0) }) {
            filters.append { $0.beginDate.map { $0 >= begin } ?? false }
        }
        if let end = request.queryValue("dateEnd").flatMap({ Int($0) }) {
            filters.append { $0.endDate.map { $0 <= end } ?? false }
        }
        return filters
    }

    /// `medium=Quilts|Silk`: the values separated by `|`; nil when the item is absent or empty.
    private func alternatives(_ name: String) -> [String]? {
        guard let value = request.queryValue(name), !value.isEmpty else { return nil }
        return value.split(separator: "|").map(String.init)
    }
}

import WorkbenchKit

/// The parts of a Met object record that a search looks at.
enum MetSearchScope: Sendable, CaseIterable {
    /// `q` alone: the object's descriptive text.
    case text
    /// `artistOrCulture=true`: artist and maker names and culture only.
    case artistOrCulture
    /// `title=true`: the title only.
    case title
    /// `tags=true`: the subject keywords only.
    case tags

    /// The record fields the scope reads (`constituents` and `tags` are arrays of objects).
    var fields: [String] {
        switch self {
        case .text:
            ["title", "objectName", "artistDisplayName", "artistAlphaSort", "artistNationality", "artistDisplayBio",
             "culture", "period", "dynasty", "reign", "portfolio", "medium", "classification", "department",
             "objectDate", "country", "region", "subregion", "state", "county", "city", "locale", "river",
             "excavation", "constituents.name", "tags.term"]
        case .artistOrCulture: ["artistDisplayName", "artistAlphaSort", "constituents.name", "culture"]
        case .title: ["title"]
        case .tags: ["tags.term"]
        }
    }
}

/// What the search filters ask of one object.
struct MetObjectFacts: Sendable {
    let departmentID: Int?
    let hasImages: Bool
    let isHighlight: Bool
    /// The real API's `isOnView`: the object has a gallery number.
    let isOnView: Bool
    let beginDate: Int?
    let endDate: Int?
    /// ISO-8601, so text order is date order.
    let metadataDate: String
    /// Words of `medium`, `classification` and `objectName`, for `medium=`.
    let mediumWords: Set<String>
    /// Words of the place fields, culture and the artist's nationality, for `geoLocation=`.
    let placeWords: Set<String>
}

/// Built once from the records: word → ids per scope, and each object's facts.
struct MetIndex: Sendable {
    /// Word → the ids holding it; one table per scope.
    private(set) var postings: [MetSearchScope: [String: [Int]]] = [:]
    private(set) var facts: [Int: MetObjectFacts] = [:]

    static let placeFields = ["country", "region", "subregion", "state", "county", "city", "locale",
                              "culture", "artistNationality"]

    mutating func add(_ record: JSONRecord, id: Int, departments: MetDepartments) {
        // One walk over the record's members, then each field's words read once for scopes and filters.
        var values: [String: JSONNode] = [:]
        for member in record.node.members { values[member.key] = member.value }
        var fieldWords: [String: [String]] = [:]
        func words(_ field: String) -> [String] {
            if let known = fieldWords[field] { return known }
            let found = MetWords.words(Self.texts(values, field).joined(separator: " "))
            fieldWords[field] = found
            return found
        }
        for scope in MetSearchScope.allCases {
            var table = postings.removeValue(forKey: scope) ?? [:]
            for word in Set(scope.fields.flatMap(words)) { table[word, default: []].append(id) }
            postings[scope] = table
        }
        func words(_ fields: [String]) -> Set<String> { Set(fields.flatMap(words)) }
        func text(_ key: String) -> String { values[key]?.string ?? "" }
        facts[id] = MetObjectFacts(
            departmentID: departments.id(named: text("department")),
            hasImages: !text("primaryImage").isEmpty || values["additionalImages"]?.count ?? 0 > 0,
            isHighlight: values["isHighlight"]?.bool == true,
            isOnView: !text("GalleryNumber").isEmpty,
            beginDate: values["objectBeginDate"]?.int64.map(Int.init),
            endDate: values["objectEndDate"]?.int64.map(Int.init),
            metadataDate: text("metadataDate"),
            mediumWords: words(["medium", "classification", "objectName"]),
            placeWords: words(Self.placeFields)
        )
    }

    /// The ids of objects holding `word` in one of its forms within `scope`.
    func ids(matching word: String, in scope: MetSearchScope) -> Set<Int> {
        let index = postings[scope] ?? [:]
        return MetWords.forms(of: word).reduce(into: Set<Int>()) { ids, form in
            if let found = index[form] { ids.formUnion(found) }
        }
    }

    /// The strings at `field` (`constituents.name`: one per element of the array).
    private static func texts(_ values: [String: JSONNode], _ field: String) -> [String] {
        let parts = field.split(separator: ".", maxSplits: 1).map(String.init)
        guard let value = values[parts[0]] else { return [] }
        if parts.count == 2 {
            return value.elements.compactMap { $0.member(parts[1])?.string }
        }
        return value.string.map { [$0] } ?? []
    }
}

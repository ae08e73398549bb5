/// A path template (`/pet/{petId}`) matched segment by segment against a concrete path.
struct PathTemplate: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// `{name}`, or a segment that mixes text and a variable (`{id}.json`): matches any one segment.
        case variable
    }

    let segments: [Segment]

    init(_ template: String) {
        segments = template.split(separator: "/", omittingEmptySubsequences: true).map { part in
            part.contains("{") ? .variable : .literal(String(part))
        }
    }

    /// How well `path`'s segments fit: nil when they do not, else the number of literal segments
    /// (`/pet/findByStatus` fits `/pet/findByStatus` better than `/pet/{petId}`).
    func match(_ pathSegments: [Substring]) -> Int? {
        guard pathSegments.count == segments.count else { return nil }
        var literals = 0
        for (segment, part) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let text):
                guard text == part else { return nil }
                literals += 1
            case .variable:
                guard !part.isEmpty else { return nil }
            }
        }
        return literals
    }

    /// The text a user types for the template up to its first variable (`/pets/{id}` → `/pets/`).
    static func typedPrefix(of template: String) -> String {
        guard let brace = template.firstIndex(of: "{") else { return template }
        return String(template[..<brace])
    }
}

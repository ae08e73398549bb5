/// Which department of `/departments` an object's `department` name belongs to.
///
/// The records were fetched between 2021 and 2026; some name their department as the Met did before
/// Data/metmuseum/departments.json (2026) renamed it, and those names are kept here.
struct MetDepartments: Sendable {
    /// Names an object record may carry that `/departments` lists under another name.
    static let formerNames: [String: Int] = [
        "The American Wing": 1,
        "Ancient Near Eastern Art": 3,
        "The Michael C. Rockefeller Wing": 5,
        "Costume Institute": 8,
        "Robert Lehman Collection": 15,
        "Modern and Contemporary Art": 21,
    ]

    /// Department id → display name, as `/departments` lists them.
    let names: [Int: String]
    private let ids: [String: Int]

    init(names: [Int: String]) {
        self.names = names
        var ids = Self.formerNames
        for (id, name) in names { ids[name] = id }
        self.ids = ids
    }

    /// The id of the department an object record names; nil for a name the Met never listed.
    func id(named name: String) -> Int? {
        ids[name]
    }
}

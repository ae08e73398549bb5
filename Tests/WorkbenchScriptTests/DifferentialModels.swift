// Compiled models for the differential suite. The test reads THIS FILE's source, types it at our
// prompt (DeclarationParser), and compares our decoder with JSONDecoder on the same declarations.
// Keep every declaration within what the prompt supports.
import Foundation

struct Post: Codable {
    let userId: Int
    let id: Int
    let title: String
}

struct Scalars: Codable {
    let i: Int
    let i8: Int8
    let i16: Int16
    let i32: Int32
    let i64: Int64
    let u: UInt
    let u8: UInt8
    let u16: UInt16
    let u32: UInt32
    let u64: UInt64
    let d: Double
    let f: Float
    let b: Bool
    let s: String
}

struct Library: Codable {
    let url: URL
    let date: Date
    let amount: Decimal
    let id: UUID
}

enum Kind: String, Codable {
    case free
    case premium = "paid"
}

enum Level: Int, Codable {
    case low = 1, mid, high = 10
}

enum Tiny: Int8, Codable {
    case minus = -1, zero
}

struct Tagged: Codable {
    let kind: Kind
    let level: Level
    let levels: [Level]
    let tiny: Tiny?
}

struct Optionals: Codable {
    let a: Int?
    var b: String?
    let c: [Int?]?
    let kind: Kind?
}

struct Renamed: Codable {
    let imageURL: String
    let title: String
    var note: String = "none"

    enum CodingKeys: String, CodingKey {
        case imageURL = "primaryImageSmall"
        case title
    }
}

struct Defaults: Codable {
    let fixed: Int = 7
    var decoded: Int = 3
    var maybe: Int? = 5
    let name: String
}

struct Snake: Codable {
    let firstName: String
    let userID: Int?
    let aUrl: String?
    let _tag: Int?
}

struct Outer: Codable {
    struct Inner: Codable {
        let x: Int
        let tags: [String]
    }

    let inner: Inner
    let inners: [Inner]
    let byName: [String: Inner]
    let matrix: [[Int]]
}

struct Tree: Codable {
    let value: Int
    let children: [Tree]
}

struct Dated: Codable {
    let at: Date
    let maybe: Date?
}

struct IntKeyed: Codable {
    let map: [Int: String]
}

struct Computed: Codable {
    let a: Int
    var doubled: Int { a * 2 }

    func twice() -> Int {
        a * 2
    }

    static let zero = 0
}

struct Empty: Codable {}

struct Keywords: Codable {
    let `default`: Bool
    let `class`: String?
}

struct Dotted: Codable {
    let value: Int

    enum CodingKeys: String, CodingKey {
        case value = "a.b"
    }
}

struct Episode: Codable {
    enum Access: String, Codable {
        case free, paid
    }

    let title: String
    let access: Access
    let guests: [String]?
    let rating: Float
}

// Models of the sandbox's APIs, as a tutorial would type them (SandboxDecodingTests).

struct User: Codable {
    struct Address: Codable {
        struct Geo: Codable {
            let lat: String
            let lng: String
        }

        let street: String
        let city: String
        let zipcode: String
        let geo: Geo
    }

    let id: Int
    let name: String
    let username: String
    let email: String
    let address: Address
}

struct UserWithNickname: Codable {
    let id: Int
    let nickname: String
}

struct PostWithStringID: Codable {
    let id: String
}

enum JokeType: String, Codable {
    case general, programming
}

struct Joke: Codable {
    let id: Int
    let type: JokeType
    let setup: String
    let punchline: String
}

struct CountryV2: Codable {
    let name: String
    let alpha3Code: String
    let capital: String?
    let borders: [String]?
    let population: Int
    let area: Double?
    let gini: Double?
    let latlng: [Double]
}

struct CountryWithArea: Codable {
    let name: String
    let area: Double
}

struct MetObject: Codable {
    let objectID: Int
    let title: String
    let imageURL: URL?
    let isHighlight: Bool
    let metadataDate: Date

    enum CodingKeys: String, CodingKey {
        case objectID
        case title
        case imageURL = "primaryImageSmall"
        case isHighlight
        case metadataDate
    }
}

// Dictionary keys beyond String and Int (DifferentialCases+Keys.swift).

enum EpisodeType: String, Codable {
    case movie, series
}

enum EpisodeKey: String, Codable, CodingKeyRepresentable {
    case movie, tvShow
}

enum Channel: Int, Codable, CodingKeyRepresentable {
    case one = 1, two
}

enum Rank: Int, Codable {
    case low = 1, high
}

struct Cell: Codable, Hashable {
    let x: Int
    let y: Int
}

struct Schedule: Codable {
    let counts: [EpisodeType: Int]
    let keyed: [EpisodeKey: String]?
}

// Foundation types the decoder hands to JSONDecoder itself (DifferentialCases+Models.swift, `foundationTypes`).

struct Stored: Codable {
    let id: UUID
    let blob: Data?
    let when: Date
    let tz: TimeZone?
}

struct Measured: Codable {
    let length: Measurement<UnitLength>?
    let span: DateInterval?
    let locale: Locale?
    let indexes: IndexSet?
    let parts: DateComponents?
}

import Foundation

public struct Endpoint {
    public let path: String
    public let retries: Int = "three"

    public init(path: String) {
        self.path = path
    }
}

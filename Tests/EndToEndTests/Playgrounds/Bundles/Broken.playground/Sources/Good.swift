import Foundation

public let defaultHost = "jsonplaceholder.typicode.com"

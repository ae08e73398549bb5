//: Playground - noun: a place where people can play

import Cocoa

var str = "Hello, playground"

struct Account: Codable, Equatable {
    var id: Int
    var name: String
    var email: String
    var roles: [String]
}

let account = Account(id: 7, name: "Mae", email: "mae@example.com", roles: ["editor", "beta"])

let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
let encoded = try! encoder.encode(account)
print(String(data: encoded, encoding: .utf8)!)

let decoded = try! JSONDecoder().decode(Account.self, from: encoded)
print("round trip equal:", decoded == account)
print(decoded.roles.joined(separator: " + "))
print(str)

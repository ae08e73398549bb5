// The decoding peer: Foundation's JSONDecoder, compiled, into the struct the bench types at the prompt.
// `decode-photos FILE` prints the count; `decode-photos FILE --print` prints the value, as `decode` does.
import Foundation

struct Photo: Codable { let albumId: Int; let id: Int; let title: String; let url: String; let thumbnailUrl: String }

let arguments = CommandLine.arguments
do {
    let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
    let photos = try JSONDecoder().decode([Photo].self, from: data)
    if arguments.count > 2 && arguments[2] == "--print" { print(photos) } else { print(photos.count) }
} catch {
    print("error: \(error)")
    exit(1)
}

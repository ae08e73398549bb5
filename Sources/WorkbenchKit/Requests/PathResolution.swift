/// How `path P` moves the current path: `/x` is relative to the base's path, `x` to the current
/// path, and `..` goes up one segment but never above the base.
public enum PathResolution {
    public static func resolve(_ input: String, current: String, basePath: String) -> String {
        let base = segments(basePath)
        var result = input.hasPrefix("/") ? base : segments(current)
        for segment in segments(input) {
            switch segment {
            case ".": continue
            case "..": if result.count > base.count { result.removeLast() }
            default: result.append(segment)
            }
        }
        let joined = "/" + result.joined(separator: "/")
        // Keep a trailing slash the user typed: some APIs tell `/posts/` from `/posts`.
        return input.hasSuffix("/") && joined != "/" ? joined + "/" : joined
    }

    static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}

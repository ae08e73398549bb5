import Foundation

/// json-server's list query: field filters, `q`, `_sort`/`_order`, then `_page`/`_limit` or `_start`/`_end`.
struct JSONPlaceholderQuery {
    /// Query names that are not field filters.
    static let reserved: Set<String> = ["_page", "_limit", "_sort", "_order", "_start", "_end", "_embed", "_expand", "q", "callback", "_"]

    let items: [(name: String, value: String)]

    /// The records that pass every filter, sorted, then paginated, with the headers json-server adds.
    func apply(to records: [JSONRecord], url: String) -> (records: [JSONRecord], headers: [(name: String, value: String)]) {
        var selected = filter(records)
        selected = sort(selected)
        return paginate(selected, url: url)
    }

    private func value(_ name: String) -> String? { items.first { $0.name == name }?.value }

    func filter(_ records: [JSONRecord]) -> [JSONRecord] {
        var filters: [(key: String, values: [String])] = []
        for item in items where !Self.reserved.contains(item.name) {
            if let index = filters.firstIndex(where: { $0.key == item.name }) {
                filters[index].values.append(item.value)
            } else {
                filters.append((item.name, [item.value]))
            }
        }
        var selected = records.filter { record in filters.allSatisfy { Self.matches(record, key: $0.key, values: $0.values) } }
        if let search = value("q")?.lowercased(), !search.isEmpty {
            selected = selected.filter { $0.allStrings().contains { $0.lowercased().contains(search) } }
        }
        return selected
    }

    /// One filter: repeated values match any (`id=1&id=2`), except `_ne`, which must differ from all.
    static func matches(_ record: JSONRecord, key: String, values: [String]) -> Bool {
        for suffix in ["_ne", "_like", "_gte", "_lte"] where key.hasSuffix(suffix) && key.count > suffix.count {
            guard let field = record.text(atPath: String(key.dropLast(suffix.count))) else { return false }
            switch suffix {
            case "_ne": return values.allSatisfy { $0 != field }
            case "_like": return values.contains { field.range(of: $0, options: [.regularExpression, .caseInsensitive]) != nil }
            case "_gte": return values.contains { compare(field, $0) != .orderedAscending }
            default: return values.contains { compare(field, $0) != .orderedDescending }
            }
        }
        guard let field = record.text(atPath: key) else { return false }
        return values.contains(field)
    }

    /// Numbers compare as numbers, anything else as text, as JavaScript's `<` does for these values.
    static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        if let left = Double(lhs), let right = Double(rhs) {
            return left < right ? .orderedAscending : (left > right ? .orderedDescending : .orderedSame)
        }
        return lhs < rhs ? .orderedAscending : (lhs > rhs ? .orderedDescending : .orderedSame)
    }

    func sort(_ records: [JSONRecord]) -> [JSONRecord] {
        guard let sortList = value("_sort"), !sortList.isEmpty else { return records }
        let keys = sortList.split(separator: ",").map(String.init)
        let orders = (value("_order") ?? "").split(separator: ",").map { $0.lowercased() }
        // Swift's sort is not stable; keep the original index as the last key, as lodash's orderBy is stable.
        let indexed = records.enumerated().map { entry in
            (offset: entry.offset, record: entry.element, keys: keys.map { entry.element.text(atPath: $0) })
        }
        let sorted = indexed.sorted { left, right in
            for (position, _) in keys.enumerated() {
                let descending = position < orders.count && orders[position] == "desc"
                switch (left.keys[position], right.keys[position]) {
                case (nil, nil): continue
                case (nil, _): return false
                case (_, nil): return true
                case (let leftValue?, let rightValue?):
                    let order = Self.compare(leftValue, rightValue)
                    if order == .orderedSame { continue }
                    return descending ? order == .orderedDescending : order == .orderedAscending
                }
            }
            return left.offset < right.offset
        }
        return sorted.map(\.record)
    }

    func paginate(_ records: [JSONRecord], url: String) -> (records: [JSONRecord], headers: [(name: String, value: String)]) {
        let total = ("X-Total-Count", String(records.count))
        let start = value("_start").flatMap { Int($0) } ?? 0
        // As in JavaScript, a `_limit` or `_end` of 0 (or not a number) counts as absent.
        let limit = value("_limit").flatMap { Int($0) }.flatMap { $0 == 0 ? nil : $0 }
        if let pageText = value("_page") {
            let page = max(Int(pageText) ?? 1, 1)
            let perPage = limit.flatMap { $0 > 0 ? $0 : nil } ?? 10
            let first = min((page - 1) * perPage, records.count)
            let items = Array(records[first..<min(first + perPage, records.count)])
            var headers = [total, ("Access-Control-Expose-Headers", "X-Total-Count, Link")]
            if let link = links(page: page, perPage: perPage, count: records.count, itemCount: items.count, url: url) {
                headers.append(("Link", link))
            }
            return (items, headers)
        }
        if let end = value("_end").flatMap({ Int($0) }), end != 0 {
            return (Self.slice(records, start, end), [total, ("Access-Control-Expose-Headers", "X-Total-Count")])
        }
        if let limit {
            return (Self.slice(records, start, start + limit), [total, ("Access-Control-Expose-Headers", "X-Total-Count")])
        }
        return (records, [])
    }

    private static func slice(_ records: [JSONRecord], _ start: Int, _ end: Int) -> [JSONRecord] {
        let lower = min(max(start, 0), records.count)
        let upper = min(max(end, lower), records.count)
        return Array(records[lower..<upper])
    }

    /// The `Link` header json-server sends with `_page`: first, prev, next, last.
    private func links(page: Int, perPage: Int, count: Int, itemCount: Int, url: String) -> String? {
        guard itemCount > 0 else { return nil }
        var rels: [(String, Int)] = []
        let last = (count + perPage - 1) / perPage
        let partial = itemCount != count
        if partial { rels.append(("first", 1)) }
        if page > 1 { rels.append(("prev", page - 1)) }
        if page * perPage < count { rels.append(("next", page + 1)) }
        if partial { rels.append(("last", last)) }
        guard !rels.isEmpty else { return nil }
        return rels.map { "<\(Self.url(url, page: $0.1))>; rel=\"\($0.0)\"" }.joined(separator: ", ")
    }

    private static func url(_ url: String, page: Int) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.queryItems = components.queryItems?.map { $0.name == "_page" ? URLQueryItem(name: "_page", value: String(page)) : $0 }
        return components.string ?? url
    }
}

/// One sort key of a query (a live result list's fetch request, an SQL `ORDER BY`): a key path
/// from the root (relationship paths allowed), a direction and how strings compare.
///
/// On the command line a sort key is written `KEY[:desc][:MODE]`, e.g. `name:desc:c`, with MODE
/// one of `c` (case-insensitive), `d` (diacritic-insensitive), `cd`, `localized` (Finder-like).
public struct SortKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The key path sorted on: `creationDate`, `bucket.name`.
    public var keyPath: String
    /// Whether smaller values come first (nil is the smallest value).
    public var ascending: Bool
    /// How strings compare.
    public var comparison: StringSortMode

    /// Creates a sort key.
    public init(_ keyPath: String, ascending: Bool = true, comparison: StringSortMode = .plain) {
        self.keyPath = keyPath
        self.ascending = ascending
        self.comparison = comparison
    }

    /// Parses the command-line spelling `KEY[:asc|:desc][:c|:d|:cd|:localized]`; `nil` when a
    /// part is not understood.
    public init?(spelling: String) {
        let parts = spelling.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let key = parts.first, !key.isEmpty else { return nil }
        self.init(key)
        for part in parts.dropFirst() {
            switch part {
            case "asc": ascending = true
            case "desc": ascending = false
            case "c": comparison = .caseInsensitive
            case "d": comparison = .diacriticInsensitive
            case "cd", "dc": comparison = .caseDiacriticInsensitive
            case "localized": comparison = .localizedStandard
            default: return nil
            }
        }
    }

    /// `name:desc:c`; the defaults are left out (`creationDate`).
    public var description: String {
        var text = keyPath
        if !ascending { text += ":desc" }
        switch comparison {
        case .plain: break
        case .caseInsensitive: text += ":c"
        case .diacriticInsensitive: text += ":d"
        case .caseDiacriticInsensitive: text += ":cd"
        case .localizedStandard: text += ":localized"
        }
        return text
    }
}

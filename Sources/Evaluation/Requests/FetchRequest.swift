import Predicates

/// What a query lists: the objects of an entity (sub-entities included) that match a
/// predicate, sorted, optionally grouped in sections and windowed by an offset and a limit —
/// the equivalent of Core Data's `NSFetchRequest`, with the same meaning over both stores: the
/// live results of an object graph (the ObjectStore module's `LiveResultSet`) and a SQL query
/// (``PredicateLowering``). ``CheckedFetchRequest`` checks one against a schema.
///
/// ```swift
/// let request = try FetchRequest(
///     entity: "Content", format: "bucket.name == %@", arguments: ["Inbox"],
///     sortKeys: [SortKey("creationDate", ascending: false)],
///     refreshKeyPaths: ["bucket.name", "owner.name"])
/// ```
///
/// Sort keys and the section key path end in an attribute reached through to-one relationships
/// (`creationDate`, `bucket.name`; ``OrderingKeyPath``, the rule of every back end): a key path
/// that ends on a relationship or goes through a to-many one is refused, with a caret, when the
/// request is checked. Without sort keys the order is by object id. A section key path groups the
/// sorted rows by its value; it sorts before every sort key (as Core Data requires the first
/// sort descriptor to), so each section is one run of rows. Refresh key paths name values a row displays
/// without filtering or sorting on them: when one changes, the row is reported as updated.
public struct FetchRequest: Sendable, Hashable, Codable {
    /// The entity whose objects are listed (objects of its sub-entities too).
    public var entity: String
    /// The filter; `nil` lists every object.
    public var predicate: PredicateNode?
    /// The order, most significant first; ties are broken by object id.
    public var sortKeys: [SortKey]
    /// The key path whose value names each row's section, if the list has sections.
    public var sectionKeyPath: String?
    /// At most this many rows (after the offset); `nil` for all. Any value from 0 to `Int.max`;
    /// a negative one is refused when the results are made (``ResultWindow``).
    public var fetchLimit: Int?
    /// Rows skipped at the start of the sorted list. Any value from 0 to `Int.max` (past the end,
    /// no rows); a negative one is refused when the results are made.
    public var fetchOffset: Int
    /// Key paths whose values the rows display (a change updates the row).
    public var refreshKeyPaths: [String]

    /// Creates a request from a parsed predicate.
    public init(
        entity: String, predicate: PredicateNode? = nil, sortKeys: [SortKey] = [], sectionKeyPath: String? = nil,
        fetchLimit: Int? = nil, fetchOffset: Int = 0, refreshKeyPaths: [String] = []
    ) {
        self.entity = entity
        self.predicate = predicate
        self.sortKeys = sortKeys
        self.sectionKeyPath = sectionKeyPath
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
        self.refreshKeyPaths = refreshKeyPaths
    }

    /// Creates a request from a format string and its `%@`/`%K` arguments.
    public init(
        entity: String, format: String, arguments: [PredicateValue] = [], sortKeys: [SortKey] = [],
        sectionKeyPath: String? = nil, fetchLimit: Int? = nil, fetchOffset: Int = 0, refreshKeyPaths: [String] = []
    ) throws(PredicateSyntaxError) {
        self.init(
            entity: entity, predicate: try PredicateParser().parsePredicate(format, arguments: arguments),
            sortKeys: sortKeys, sectionKeyPath: sectionKeyPath, fetchLimit: fetchLimit, fetchOffset: fetchOffset,
            refreshKeyPaths: refreshKeyPaths)
    }

    /// The offset and the limit as a ``ResultWindow``.
    public var window: ResultWindow { ResultWindow(offset: fetchOffset, limit: fetchLimit) }

    /// The sort keys in effect: the section key path first (ascending, plain) when there is one
    /// and no sort key already starts with it.
    public var effectiveSortKeys: [SortKey] {
        guard let sectionKeyPath, sortKeys.first?.keyPath != sectionKeyPath else { return sortKeys }
        return [SortKey(sectionKeyPath)] + sortKeys
    }
}

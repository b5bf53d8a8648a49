/// Which of a query's sorted rows are shown: `offset` rows skipped, then at most `limit` rows
/// (every remaining row without a limit) — a fetch request's `fetchOffset`/`fetchLimit`, SQL's
/// `OFFSET`/`LIMIT`, the command line's `--offset`/`--limit`.
///
/// Every back end reads a window through this type, so that they agree on the edges:
///
/// | rows | offset | limit | shown |
/// |---|---|---|---|
/// | 6 | 0 | none | rows 0 ..< 6 |
/// | 6 | 1 | 2 | rows 1 ..< 3 |
/// | 6 | 4 | 9 | rows 4 ..< 6 (the limit runs past the end) |
/// | 6 | 9 | 1 | none (the offset is past the end) |
/// | 6 | 1 | `Int.max` | rows 1 ..< 6 (no overflow: `offset + limit` is never computed) |
/// | 6 | 0 | 0 | none |
///
/// Any offset and limit from 0 to `Int.max` is valid; a window larger than the list shows the
/// rows there are. A negative offset or limit is refused (``problem``): it has no meaning, and
/// SQL databases disagree about it (SQLite reads `LIMIT -1` as no limit, PostgreSQL refuses it).
public struct ResultWindow: Sendable, Hashable {
    /// The rows skipped at the start of the sorted list.
    public var offset: Int
    /// At most this many rows after the offset; `nil` for every remaining row.
    public var limit: Int?

    /// A window; the default shows every row.
    public init(offset: Int = 0, limit: Int? = nil) {
        self.offset = offset
        self.limit = limit
    }

    /// Whether the window shows every row (no offset, no limit).
    public var isWhole: Bool { offset == 0 && limit == nil }

    /// Why the window is invalid, `nil` when it is valid: `the offset must be 0 or more, not -1`.
    public var problem: String? {
        if offset < 0 { return "the offset must be 0 or more, not \(offset)" }
        if let limit, limit < 0 { return "the limit must be 0 or more, not \(limit)" }
        return nil
    }

    /// The positions shown in a list of `count` rows, within `0 ..< count` whatever the window
    /// (negative values count as 0 here; ``problem`` reports them).
    public func range(in count: Int) -> Range<Int> {
        let count = max(0, count)
        let start = min(max(0, offset), count)
        guard let limit else { return start..<count }
        // `count - start` cannot overflow (both are in 0 ... count); `start + limit` could.
        return start..<(start + min(max(0, limit), count - start))
    }
}

import Predicates

/// What observers of ``LiveResults`` receive after each change: its number in the order the
/// changes were applied, the rows and sections as they now are, and the change from the
/// previous ones.
///
/// ```swift
/// var shown = results.snapshot.rows
/// let token = results.observe { update in
///     shown = update.change.rows.applied(to: shown)   // == update.rows, update after update
/// }
/// ```
///
/// The rows are kept as the list's row numbers: an ``ObjectID`` is made only for the rows read
/// (``rows`` makes all of them, ``row(at:)`` one), so delivering an update costs the size of
/// the change, not of the list. The row numbers and the root table's keys are shared with the
/// results, not copied: an update kept while a later change inserts objects of the root's
/// hierarchy makes that change copy the key column once (as a kept ``LiveResults/snapshot``
/// makes a change copy the columns it writes).
public struct ResultUpdate: Sendable, Hashable {
    /// The change's number: 1 for the first change applied to the results (or request
    /// replaced), then 2, 3, … in the order they were applied. Every observer receives the
    /// updates in this order, each once, without gaps from the moment it started observing.
    public let sequence: Int
    /// The rows after the change, as row numbers.
    let visibleRows: ResultRows
    /// The sections after the change.
    public var sections: [ResultSection]
    /// What changed.
    public var change: ResultChange

    init(sequence: Int, rows: ResultRows, sections: [ResultSection], change: ResultChange) {
        self.sequence = sequence
        self.visibleRows = rows
        self.sections = sections
        self.change = change
    }

    /// The rows after the change (made on each read, O(rows): read it once per update, or use
    /// ``rowCount`` and ``row(at:)``).
    public var rows: [ObjectID] { visibleRows.objectIDs }

    /// The number of rows after the change.
    public var rowCount: Int { visibleRows.count }

    /// The row at `index` (0 ..< ``rowCount``) after the change.
    public func row(at index: Int) -> ObjectID { visibleRows[index] }
}

/// The rows a live list shows, as row numbers of its root hierarchy's table beside the table's
/// keys (both shared, not copied): a row's ``ObjectID`` is made when it is read. Rows are never
/// reused by a graph and a row's key never changes, so the keys of a later version of the
/// table name the same objects.
struct ResultRows: Sendable, Hashable {
    /// The name of the root hierarchy (``ObjectID/hierarchy``).
    let hierarchy: String
    /// The key of each row of the table.
    let keys: [ObjectKey]
    /// The rows shown, in order.
    let rows: ArraySlice<Int32>

    /// The number of rows.
    var count: Int { rows.count }

    /// The ID of the row at `index` (0 ..< ``count``).
    subscript(index: Int) -> ObjectID {
        ObjectID(hierarchy: hierarchy, id: keys[Int(rows[rows.startIndex + index])])
    }

    /// The ID of every row, in order.
    var objectIDs: [ObjectID] {
        rows.map { ObjectID(hierarchy: hierarchy, id: keys[Int($0)]) }
    }

    /// The same objects in the same order (compared by key, not by table).
    static func == (lhs: ResultRows, rhs: ResultRows) -> Bool {
        guard lhs.hierarchy == rhs.hierarchy, lhs.count == rhs.count else { return false }
        return zip(lhs.rows, rhs.rows).allSatisfy { lhs.keys[Int($0)] == rhs.keys[Int($1)] }
    }

    /// Hashes what ``==`` compares.
    func hash(into hasher: inout Hasher) {
        hasher.combine(hierarchy)
        hasher.combine(count)
        for row in rows { hasher.combine(keys[Int(row)]) }
    }
}

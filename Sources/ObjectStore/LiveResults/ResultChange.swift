/// What changed in a live result list after a change set or a new fetch request: the row diff
/// (removals, insertions, moves and updates, applying cleanly to the old rows in order) and the
/// section diff (sections by name), with the applied change set that caused it.
///
/// ```swift
/// let change = try results.apply(renameBucket)
/// change.rows.updates.map(\.element)      // the Contents of the renamed Bucket
/// change.rows.applied(to: oldRows)         // == results.rows
/// ```
public struct ResultChange: Sendable, Hashable {
    /// The diff of the rows (offsets in the old and new row lists, as ``LiveResultSet/rows``).
    public var rows: ListDiff<ObjectID>
    /// The diff of the section names (empty without a section key path).
    public var sections: ListDiff<String>
    /// The change set the graph reported as applied (empty for a new fetch request).
    public var applied: ChangeSet

    /// Creates a change.
    public init(rows: ListDiff<ObjectID>, sections: ListDiff<String>, applied: ChangeSet = ChangeSet()) {
        self.rows = rows
        self.sections = sections
        self.applied = applied
    }

    /// Whether nothing visible changed.
    public var isEmpty: Bool { rows.isEmpty && sections.isEmpty }
}

extension ListDiff {
    /// The same diff with every element transformed (offsets unchanged).
    func map<Other>(_ transform: (Element) -> Other) -> ListDiff<Other> {
        ListDiff<Other>(
            removals: removals.map { .init(offset: $0.offset, element: transform($0.element), movedTo: $0.movedTo) },
            insertions: insertions.map {
                .init(offset: $0.offset, element: transform($0.element), movedFrom: $0.movedFrom)
            },
            updates: updates.map {
                .init(oldOffset: $0.oldOffset, newOffset: $0.newOffset, element: transform($0.element))
            })
    }
}

/// A section of a live result list: the rows whose section key path has one value.
public struct ResultSection: Sendable, Hashable {
    /// The section's name: the value's text (`"Inbox"`, `"3"`), `""` for nil.
    public var name: String
    /// The rows of the section, as offsets in ``LiveResultSet/rows``.
    public var rows: Range<Int>

    /// Creates a section.
    public init(name: String, rows: Range<Int>) {
        self.name = name
        self.rows = rows
    }
}

import Evaluation
import KeyPaths
import Predicates

extension LiveResultSet {
    /// Applies a change set to the graph and updates the rows, re-evaluating only the roots the
    /// change reaches (see ``ChangeMatcher``); returns what changed, in an order that applies to
    /// the old rows.
    ///
    /// A row in both the old and the new rows is reported as updated (``ListDiff/updates``)
    /// when:
    /// - what it displays may have changed, whether it moved or not: one of its own attributes
    ///   changed, or one of its refresh key paths was touched (``FetchRequest/refreshKeyPaths``:
    ///   the path reads, before or after the change, a key of an object that the applied
    ///   change set changed — the ``ChangeMatcher``'s rule, so `owner.name` is touched when
    ///   the row's owner is renamed or replaced);
    /// - or it keeps its place (is not reported as moved) while a key path of its predicate,
    ///   sort keys or section key path was touched.
    ///
    /// A row that moved only because what it is filtered or sorted on changed is reported as
    /// moved, not updated: its new place says so. Rows that enter or leave the rows (inserted,
    /// deleted, filtered in or out, or crossing the window's edges) are never updated.
    ///
    /// The graph is unchanged when the change set is invalid (the error lists every problem).
    public mutating func apply(_ changes: ChangeSet) throws(LiveResultsError) -> ResultChange {
        let hierarchy = plan.hierarchy
        // The graph is changed in place: no copy of its storage (unless the caller keeps
        // another reference). The rows of deleted roots (listed or cascaded) are found before
        // they become tombstones.
        let applied: ChangeSet
        let deletedRows: [ObjectKey: Int32]
        do {
            (applied, deletedRows) = try graph.apply(changes, deletedRowsIn: hierarchy)
        } catch {
            throw LiveResultsError(error.description)
        }
        let after = graph
        let affected = plan.matcher.affectedRows(by: applied, in: after)
        let table = after.storage.tables[hierarchy]
        let deleted = affected.deleted.compactMap { deletedRows[$0] }
        // What a row displays may have changed: a refresh key path was touched (reached rows
        // included), or one of its own attributes changed. Such a row is updated even if it moves.
        var displayChanged = affected.refresh
        for (name, entityChanges) in applied.entities where after.layout.hierarchyIndex(of: name) == hierarchy {
            for update in entityChanges.updated where !update.attributes.isEmpty {
                if let row = table.rows[update.id] { displayChanged.append(row) }
            }
        }
        let oldSections = ranked.sections.map(\.name)
        let plan = plan
        let rowDiff = try ranked.merge(
            reached: affected.reevaluate + deleted, displayChanged: displayChanged, keys: table.keys
        ) { row throws(LiveResultsError) in
            try plan.matches(row: Int(row), in: after) ? try plan.sortValues(row: Int(row), in: after) : nil
        }
        // Rows are never reused, so every row of the diff still names its object's key.
        let keys = table.keys
        let name = after.layout.names[after.layout.hierarchies[hierarchy]]
        let objects = rowDiff.map { row in ObjectID(hierarchy: name, id: keys[Int(row)]) }
        return ResultChange(
            rows: objects, sections: ListDiff(from: oldSections, to: ranked.sections.map(\.name)), applied: applied)
    }
}

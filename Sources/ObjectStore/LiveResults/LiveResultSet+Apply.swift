import Evaluation
import KeyPaths
import Predicates

extension LiveResultSet {
    /// Applies a change set to the graph and updates the rows, re-evaluating only the roots the
    /// change reaches (see ``ChangeMatcher``); returns what changed, in an order that applies to
    /// the old rows.
    ///
    /// Rows whose predicate or sort values were touched and that stay in place, and rows whose
    /// refresh key paths were touched, are reported as updated; a row that moved is reported as
    /// updated too only when a refresh key path of it was touched.
    ///
    /// The graph is unchanged when the change set is invalid (the error lists every problem).
    public mutating func apply(_ changes: ChangeSet) throws(LiveResultsError) -> ResultChange {
        let hierarchy = plan.hierarchy
        // The rows of deleted roots, found before they become tombstones. The graph is then
        // changed in place: no copy of its storage (unless the caller keeps another reference).
        var deletedRows: [ObjectKey: Int32] = [:]
        for (name, entityChanges) in changes.entities where graph.layout.hierarchyIndex(of: name) == hierarchy {
            for id in entityChanges.deleted {
                if let row = graph.storage.tables[hierarchy].rows[id] { deletedRows[id] = row }
            }
        }
        let applied: ChangeSet
        do {
            applied = try graph.apply(changes)
        } catch {
            throw LiveResultsError(error.description)
        }
        let after = graph
        let affected = plan.matcher.affectedRoots(by: applied, in: after)
        func row(_ id: ObjectID) -> Int32? {
            after.storage.tables[hierarchy].rows[id.id] ?? deletedRows[id.id]
        }
        let reevaluated = Set(affected.reevaluate.compactMap(row))
        let refreshed = Set(affected.refresh.compactMap(row))
        let oldWindow = Array(window)
        let oldSections = sections.map(\.name)
        let tableCount = after.storage.tables[hierarchy].keys.count
        if sortValues.count < tableCount { sortValues += Array(repeating: nil, count: tableCount - sortValues.count) }

        // Re-evaluate the reached rows; keep the others in place.
        var entering: [Int32] = []
        var leaving: Set<Int32> = []
        for member in reevaluated {
            let row = Int(member)
            if sortValues[row] != nil { leaving.insert(member) }
            if try plan.matches(row: row, in: after) {
                sortValues[row] = try plan.sortValues(row: row, in: after)
                entering.append(member)
            } else {
                sortValues[row] = nil
            }
        }
        entering.sort { precedes($0, $1) }
        let kept = members.filter { !leaving.contains($0) }
        members = merged(kept, entering)
        let newWindow = Array(window)
        showWindow()

        // Rows that were reached but did not move only update; the window's edges move rows in
        // and out without touching them, so a window diffs in full.
        let windowed = request.fetchOffset > 0 || request.fetchLimit != nil
        let touched = reevaluated.union(refreshed)
        let diff: ListDiff<Int32>
        if windowed {
            diff = ListDiff(from: oldWindow, to: newWindow, updated: touched)
        } else {
            diff = ListDiff(
                from: oldWindow, to: newWindow, touched: { touched.contains($0) }, updated: { touched.contains($0) })
        }
        let moved = Set(diff.insertions.compactMap { $0.movedFrom == nil ? nil : $0.element })
        var rowDiff = diff
        rowDiff.updates.removeAll { moved.contains($0.element) && !refreshed.contains($0.element) }
        // Rows are never reused, so every row of the diff still names its object's key.
        let keys = after.storage.tables[hierarchy].keys
        let name = after.layout.names[after.layout.hierarchies[hierarchy]]
        let objects = rowDiff.map { row in ObjectID(hierarchy: name, id: keys[Int(row)]) }
        return ResultChange(
            rows: objects, sections: ListDiff(from: oldSections, to: sections.map(\.name)), applied: applied)
    }

    /// `kept` (in order) and `entering` (in order) merged into one ordered list.
    private func merged(_ kept: [Int32], _ entering: [Int32]) -> [Int32] {
        guard !entering.isEmpty else { return kept }
        var result: [Int32] = []
        result.reserveCapacity(kept.count + entering.count)
        var next = 0
        for row in kept {
            while next < entering.count, precedes(entering[next], row) {
                result.append(entering[next])
                next += 1
            }
            result.append(row)
        }
        result += entering[next...]
        return result
    }
}

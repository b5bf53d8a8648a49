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
        let tableCount = after.storage.tables[hierarchy].keys.count
        if sortValues.count < tableCount { sortValues += Array(repeating: nil, count: tableCount - sortValues.count) }
        if leadKeys.count < tableCount { leadKeys += Array(repeating: .other, count: tableCount - leadKeys.count) }
        if flags.count < tableCount { flags += Array(repeating: 0, count: tableCount - flags.count) }
        let reached: UInt8 = 1
        let refresh: UInt8 = 2
        var reevaluated: [Int32] = []
        var flagged: [Int32] = []
        for member in affected.reevaluate.compactMap(row) where flags[Int(member)] & reached == 0 {
            if flags[Int(member)] == 0 { flagged.append(member) }
            flags[Int(member)] |= reached
            reevaluated.append(member)
        }
        for member in affected.refresh.compactMap(row) {
            if flags[Int(member)] == 0 { flagged.append(member) }
            flags[Int(member)] |= refresh
        }
        let oldWindow = window
        let oldSections = sections.map(\.name)

        // Re-evaluate the reached rows; keep the others in place.
        let leaving: UInt8 = 4
        var anyLeaving = false
        var entering: [Int32] = []
        for member in reevaluated {
            let row = Int(member)
            if sortValues[row] != nil {
                flags[row] |= leaving
                anyLeaving = true
            }
            if try plan.matches(row: row, in: after) {
                setSortValues(try plan.sortValues(row: row, in: after), row: row)
                entering.append(member)
            } else {
                setSortValues(nil, row: row)
            }
        }
        let order = RowOrder(self)
        entering.sort { order.precedes($0, $1) }
        let kept = anyLeaving ? members.filter { flags[Int($0)] & leaving == 0 } : members
        members = order.merged(kept, entering)
        let newWindow = window
        showWindow()

        // Rows that were reached but did not move only update; the window's edges move rows in
        // and out without touching them, so a window diffs in full.
        let windowed = request.fetchOffset > 0 || request.fetchLimit != nil
        let diff: ListDiff<Int32>
        if windowed {
            diff = ListDiff(from: Array(oldWindow), to: Array(newWindow), updated: Set(flagged))
        } else {
            diff = ListDiff(
                from: Array(oldWindow), to: Array(newWindow), touched: { flags[Int($0)] != 0 },
                updated: { flags[Int($0)] != 0 })
        }
        let moved = Set(diff.insertions.compactMap { $0.movedFrom == nil ? nil : $0.element })
        var rowDiff = diff
        rowDiff.updates.removeAll { moved.contains($0.element) && flags[Int($0.element)] & refresh == 0 }
        for member in flagged { flags[Int(member)] = 0 }
        // Rows are never reused, so every row of the diff still names its object's key.
        let keys = after.storage.tables[hierarchy].keys
        let name = after.layout.names[after.layout.hierarchies[hierarchy]]
        let objects = rowDiff.map { row in ObjectID(hierarchy: name, id: keys[Int(row)]) }
        return ResultChange(
            rows: objects, sections: ListDiff(from: oldSections, to: sections.map(\.name)), applied: applied)
    }
}

/// The order of a live list's rows, detached from the result set so that sorting and merging
/// read three arrays instead of copying the whole set into each comparison.
struct RowOrder {
    let sortValues: [[EvaluationValue]?]
    let leadKeys: [LeadKey]
    let sortKeys: [SortKey]
    let keys: [ObjectKey]
    let leadAscending: Bool

    init(_ results: LiveResultSet) {
        sortValues = results.sortValues
        leadKeys = results.leadKeys
        sortKeys = results.plan.sortKeys
        keys = results.graph.storage.tables[results.plan.hierarchy].keys
        leadAscending = results.plan.sortKeys.first?.ascending ?? true
    }

    /// Whether row `a` comes before row `b`: by the sort values, then by key. The lead keys
    /// decide when both have one and they differ; the full comparison decides the rest.
    func precedes(_ a: Int32, _ b: Int32) -> Bool {
        if !sortKeys.isEmpty {
            let (x, y) = (leadKeys[Int(a)], leadKeys[Int(b)])
            if x.kind != 255, y.kind != 255 {
                if x.kind != y.kind { return (x.kind < y.kind) == leadAscending }
                if x.kind != 0, x.number != y.number { return (x.number < y.number) == leadAscending }
            }
        }
        return fullyPrecedes(a, b)
    }

    /// ``precedes(_:_:)`` by the full sort values.
    func fullyPrecedes(_ a: Int32, _ b: Int32) -> Bool {
        if let left = sortValues[Int(a)], let right = sortValues[Int(b)] {
            for (index, key) in sortKeys.enumerated() {
                let order = SortComparison.compare(left[index], right[index], mode: key.comparison)
                if order != .orderedSame { return (order == .orderedAscending) == key.ascending }
            }
        }
        return keys[Int(a)] < keys[Int(b)]
    }

    /// The index of `row` in the ordered `list`, found by binary search; `nil` when it is not
    /// there (the list is then not ordered by these values, which should not happen).
    func place(of row: Int32, in list: [Int32]) -> Int? {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(list[middle], row) { low = middle + 1 } else { high = middle }
        }
        if low < list.count, list[low] == row { return low }
        return list.firstIndex(of: row)
    }

    /// `kept` (in order) and `entering` (in order) merged into one ordered list: each entering
    /// row's place found by binary search, the kept rows between them copied in runs.
    func merged(_ kept: [Int32], _ entering: [Int32]) -> [Int32] {
        guard !entering.isEmpty else { return kept }
        var result: [Int32] = []
        result.reserveCapacity(kept.count + entering.count)
        var start = 0
        for row in entering {
            var low = start
            var high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(kept[middle], row) { low = middle + 1 } else { high = middle }
            }
            result += kept[start..<low]
            result.append(row)
            start = low
        }
        result += kept[start...]
        return result
    }
}

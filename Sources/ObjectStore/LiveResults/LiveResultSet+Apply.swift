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
        let tableCount = after.storage.tables[hierarchy].keys.count
        if sortValues.count < tableCount { sortValues += Array(repeating: nil, count: tableCount - sortValues.count) }
        if flags.count < tableCount { flags += Array(repeating: 0, count: tableCount - flags.count) }
        let reached: UInt8 = 1
        let refresh: UInt8 = 2
        var reevaluated: [Int32] = []
        var flagged: [Int32] = []
        let deleted = affected.deleted.compactMap { deletedRows[$0] }
        for member in affected.reevaluate + deleted where flags[Int(member)] & reached == 0 {
            if flags[Int(member)] == 0 { flagged.append(member) }
            flags[Int(member)] |= reached
            reevaluated.append(member)
        }
        // What a row displays may have changed: a refresh key path was touched (reached rows
        // included), or one of its own attributes changed. Such a row is updated even if it moves.
        let table = after.storage.tables[hierarchy]
        var displayChanged = affected.refresh
        for (name, entityChanges) in applied.entities where after.layout.hierarchyIndex(of: name) == hierarchy {
            for update in entityChanges.updated where !update.attributes.isEmpty {
                if let row = table.rows[update.id] { displayChanged.append(row) }
            }
        }
        for member in displayChanged {
            if flags[Int(member)] == 0 { flagged.append(member) }
            flags[Int(member)] |= refresh
        }
        let windowed = !request.window.isWhole
        let oldWindow = window
        let oldSections = sections.map(\.name)

        // Where the flagged members stand before the change, found by searching the list while
        // their sort values are still the old ones. The reached ones leave the list and are
        // merged back below if they still match; so no pass over the whole list is needed.
        var oldTouched: [(element: Int32, offset: Int)] = []
        var leavingOffsets: [Int] = []
        do {
            let order = RowOrder(self)
            let listed = flagged.filter { sortValues[Int($0)] != nil }
            oldTouched = order.places(of: listed, in: members, leads: memberLeads)
            for place in oldTouched where flags[Int(place.element)] & reached != 0 {
                leavingOffsets.append(place.offset)
            }
        }

        // Re-evaluate the reached rows; the others keep their places.
        var entering: [Int32] = []
        for member in reevaluated {
            let row = Int(member)
            if try plan.matches(row: row, in: after) {
                setSortValues(try plan.sortValues(row: row, in: after), row: row)
                entering.append(member)
            } else {
                setSortValues(nil, row: row)
            }
        }
        let order = RowOrder(self)
        entering.sort { order.precedes($0, $1) }
        leavingOffsets.sort()
        let kept = Self.removing(offsets: leavingOffsets, from: members, memberLeads)
        let merged = order.merged(kept.rows, kept.leads, entering)
        members = merged.rows
        memberLeads = merged.leads
        let newWindow = window
        showWindow()

        // Rows that were reached but did not move only update; the window's edges move rows in
        // and out without touching them, so a window diffs in full.
        let diff: ListDiff<Int32>
        if windowed {
            diff = ListDiff(from: Array(oldWindow), to: Array(newWindow), updated: Set(flagged))
        } else {
            let refreshed = flagged.filter { flags[Int($0)] & reached == 0 && sortValues[Int($0)] != nil }
            let newTouched =
                Array(zip(entering, merged.offsets).map { (element: $0, offset: $1) })
                + order.places(of: refreshed, in: members, leads: memberLeads)
            diff = ListDiff(places: ListDiff.places(oldTouched), ListDiff.places(newTouched), updated: { _ in true })
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

    /// `rows` and their parallel `leads` without the entries at `offsets` (increasing).
    static func removing(offsets: [Int], from rows: [Int32], _ leads: [LeadKey]) -> (rows: [Int32], leads: [LeadKey]) {
        guard !offsets.isEmpty else { return (rows, leads) }
        var keptRows: [Int32] = []
        var keptLeads: [LeadKey] = []
        keptRows.reserveCapacity(rows.count - offsets.count)
        keptLeads.reserveCapacity(rows.count - offsets.count)
        var start = 0
        for offset in offsets where offset >= start {
            keptRows += rows[start..<offset]
            keptLeads += leads[start..<offset]
            start = offset + 1
        }
        keptRows += rows[start...]
        keptLeads += leads[start...]
        return (keptRows, keptLeads)
    }
}

/// The order of a live list's rows, detached from the result set so that sorting and merging
/// read a few arrays instead of copying the whole set into each comparison.
///
/// Searches in the member list read the lead keys kept beside it (``LiveResultSet/memberLeads``)
/// rather than the lead keys by row: a binary search then touches a compact array instead of
/// jumping around one entry per row of the table.
struct RowOrder {
    let sortValues: [[EvaluationValue]?]
    let sortKeys: [SortKey]
    let keys: [ObjectKey]
    let leadAscending: Bool

    init(_ results: LiveResultSet) {
        sortValues = results.sortValues
        sortKeys = results.plan.sortKeys
        keys = results.graph.storage.tables[results.plan.hierarchy].keys
        leadAscending = results.plan.sortKeys.first?.ascending ?? true
    }

    /// The lead key of a member row (from its first sort value).
    func lead(of row: Int32) -> LeadKey {
        sortValues[Int(row)]?.first.map(LeadKey.init) ?? .other
    }

    /// Whether row `a` comes before row `b`: by the sort values, then by key.
    func precedes(_ a: Int32, _ b: Int32) -> Bool {
        precedes(a, lead(of: a), b, lead(of: b))
    }

    /// Whether row `a` (lead key `x`) comes before row `b` (lead key `y`). The lead keys
    /// decide when both have one and they differ; the full comparison decides the rest.
    func precedes(_ a: Int32, _ x: LeadKey, _ b: Int32, _ y: LeadKey) -> Bool {
        if !sortKeys.isEmpty, x.kind != 255, y.kind != 255 {
            if x.kind != y.kind { return (x.kind < y.kind) == leadAscending }
            if x.kind != 0, x.number != y.number { return (x.number < y.number) == leadAscending }
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

    /// The offsets of `rows` in the ordered `list` (with its parallel lead keys). The rows are
    /// put in order first, then each is found by galloping forward from the one before, so that
    /// the searches stay close together in memory. A row that is not where its values say (the
    /// list is then not ordered by them, which should not happen) is looked for from the start.
    func places(of rows: [Int32], in list: [Int32], leads: [LeadKey]) -> [(element: Int32, offset: Int)] {
        var result: [(element: Int32, offset: Int)] = []
        result.reserveCapacity(rows.count)
        var start = 0
        for row in rows.sorted(by: precedes) {
            let offset = boundary(of: row, lead(of: row), in: list, leads, from: start)
            if offset < list.count, list[offset] == row {
                result.append((row, offset))
                start = offset + 1
            } else if let found = list.firstIndex(of: row) {
                result.append((row, found))
            }
        }
        return result
    }

    /// The first offset at or after `start` whose row does not precede `row` (lead key `lead`)
    /// in the ordered `list`: probes 1, 2, 4, … ahead of `start`, then a binary search between
    /// the last two probes.
    func boundary(of row: Int32, _ lead: LeadKey, in list: [Int32], _ leads: [LeadKey], from start: Int) -> Int {
        var low = start  // every offset before `low` precedes `row`
        var high = start
        var step = 1
        while high < list.count, precedes(list[high], leads[high], row, lead) {
            low = high + 1
            high = low + step
            step *= 2
        }
        high = min(high, list.count)
        while low < high {
            let middle = (low + high) / 2
            if precedes(list[middle], leads[middle], row, lead) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `kept` (in order, with its parallel lead keys) and `entering` (in order) merged into one
    /// ordered list: each entering row's place found by galloping from the last one, the kept rows between
    /// them copied in runs. Returns the list, its lead keys, and the offset of each entering
    /// row in it.
    func merged(_ kept: [Int32], _ keptLeads: [LeadKey], _ entering: [Int32])
        -> (rows: [Int32], leads: [LeadKey], offsets: [Int])
    {
        guard !entering.isEmpty else { return (kept, keptLeads, []) }
        var rows: [Int32] = []
        var leads: [LeadKey] = []
        var offsets: [Int] = []
        rows.reserveCapacity(kept.count + entering.count)
        leads.reserveCapacity(kept.count + entering.count)
        offsets.reserveCapacity(entering.count)
        var start = 0
        for row in entering {
            let lead = lead(of: row)
            let low = boundary(of: row, lead, in: kept, keptLeads, from: start)
            rows += kept[start..<low]
            leads += keptLeads[start..<low]
            offsets.append(rows.count)
            rows.append(row)
            leads.append(lead)
            start = low
        }
        rows += kept[start...]
        leads += keptLeads[start...]
        return (rows, leads, offsets)
    }
}

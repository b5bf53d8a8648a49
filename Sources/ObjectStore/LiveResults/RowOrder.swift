import Evaluation
import Predicates

/// The order of a live list's rows, detached from the result set so that sorting and merging
/// read a few arrays instead of copying the whole set into each comparison.
///
/// Searches in the member list read the lead keys kept beside it (``RankedRows/memberLeads``)
/// rather than the lead keys by row: a binary search then touches a compact array instead of
/// jumping around one entry per row of the table.
struct RowOrder {
    let sortValues: [[EvaluationValue]?]
    let sortKeys: [SortKey]
    let keys: [ObjectKey]
    let leadAscending: Bool

    /// The order of rows with these sort values (by row), sort keys and keys (by row).
    init(sortValues: [[EvaluationValue]?], sortKeys: [SortKey], keys: [ObjectKey]) {
        self.sortValues = sortValues
        self.sortKeys = sortKeys
        self.keys = keys
        leadAscending = sortKeys.first?.ascending ?? true
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

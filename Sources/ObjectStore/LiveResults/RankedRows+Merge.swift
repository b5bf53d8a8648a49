import Evaluation
import Predicates

extension RankedRows {
    /// Merges one change into the list and returns the diff of the rows shown, as rows.
    ///
    /// - `reached`: rows to evaluate again (their membership or order may have changed; a
    ///   deleted row is reached and evaluates to `nil`).
    /// - `displayChanged`: rows whose display may have changed (reported as updated when they
    ///   stay, even when they move).
    /// - `unchanged`: rows reached whose evaluation is known to give what they hold (a database
    ///   live query's members that only joining updates reached): reported as a reached row
    ///   that stays is — updated, unless the diff moves it — without evaluating them.
    /// - `keys`: the key of each row, for ties.
    /// - `evaluate`: a reached row's new sort values, or `nil` when it no longer matches.
    ///
    /// Only the reached rows leave their places and are merged back; so the cost is the
    /// change's size times the logarithm of the list, plus one copy of the member arrays. Rows
    /// reached that keep their place are updated; a window diffs in full (its edges move rows
    /// in and out without touching them). See ``LiveResultSet/apply(_:)`` for the rules.
    mutating func merge(
        reached: [Int32], displayChanged: [Int32], unchanged: [Int32] = [], keys: [ObjectKey],
        evaluate: (Int32) throws(LiveResultsError) -> [EvaluationValue]?
    ) throws(LiveResultsError) -> ListDiff<Int32> {
        let reachedFlag: UInt8 = 1
        let refreshFlag: UInt8 = 2
        let unchangedFlag: UInt8 = 4
        var reevaluated: [Int32] = []
        var flagged: [Int32] = []
        let highest = (reached + displayChanged + unchanged).max().map { Int($0) + 1 } ?? 0
        reserve(rows: highest)
        for member in reached where flags[Int(member)] & reachedFlag == 0 {
            if flags[Int(member)] == 0 { flagged.append(member) }
            flags[Int(member)] |= reachedFlag
            reevaluated.append(member)
        }
        for member in displayChanged {
            if flags[Int(member)] == 0 { flagged.append(member) }
            flags[Int(member)] |= refreshFlag
        }
        // Known to keep their values: they keep their places, and are updated as reached rows.
        for member in unchanged where sortValues.indices.contains(Int(member)) && sortValues[Int(member)] != nil {
            if flags[Int(member)] == 0 { flagged.append(member) }
            flags[Int(member)] |= unchangedFlag
        }
        let windowed = !window.isWhole
        let oldWindow = shown

        // Where the flagged members stand before the change, found by searching the list while
        // their sort values are still the old ones. The reached ones leave the list and are
        // merged back below if they still match; so no pass over the whole list is needed.
        var oldTouched: [(element: Int32, offset: Int)] = []
        var leavingOffsets: [Int] = []
        do {
            let order = order(keys: keys)
            let listed = flagged.filter { sortValues[Int($0)] != nil }
            oldTouched = order.places(of: listed, in: members, leads: memberLeads)
            for place in oldTouched where flags[Int(place.element)] & reachedFlag != 0 {
                leavingOffsets.append(place.offset)
            }
        }

        // Re-evaluate the reached rows; the others keep their places.
        var entering: [Int32] = []
        for member in reevaluated {
            let values = try evaluate(member)
            setSortValues(values, row: Int(member))
            if values != nil { entering.append(member) }
        }
        let order = order(keys: keys)
        entering.sort { order.precedes($0, $1) }
        leavingOffsets.sort()
        let kept = Self.removing(offsets: leavingOffsets, from: members, memberLeads)
        let merged = order.merged(kept.rows, kept.leads, entering)
        members = merged.rows
        memberLeads = merged.leads
        let newWindow = shown
        showWindow()

        let diff: ListDiff<Int32>
        if windowed {
            diff = ListDiff(from: Array(oldWindow), to: Array(newWindow), updated: Set(flagged))
        } else {
            let refreshed = flagged.filter { flags[Int($0)] & reachedFlag == 0 && sortValues[Int($0)] != nil }
            let newTouched =
                Array(zip(entering, merged.offsets).map { (element: $0, offset: $1) })
                + order.places(of: refreshed, in: members, leads: memberLeads)
            diff = ListDiff(places: ListDiff.places(oldTouched), ListDiff.places(newTouched), updated: { _ in true })
        }
        let moved = Set(diff.insertions.compactMap { $0.movedFrom == nil ? nil : $0.element })
        var rowDiff = diff
        rowDiff.updates.removeAll { moved.contains($0.element) && flags[Int($0.element)] & refreshFlag == 0 }
        for member in flagged { flags[Int(member)] = 0 }
        return rowDiff
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

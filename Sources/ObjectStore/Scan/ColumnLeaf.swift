import Evaluation
import Predicates

/// One comparison a scan runs on columns: `bucket.owner.size > 500` as the to-one columns to
/// follow from the root row (`bucket`, `owner`), the attribute column at the end (`size`), the
/// inline test of a stored value, and the same comparison compiled row by row for the values
/// the inline test does not decide (`nil`, mixed types), so that every row gets exactly the
/// row evaluator's answer. A leaf with hops runs as a semi-join (``ToOneSemiJoin``) or by
/// following each root's hops, as the scan decides (``ToOneJoin``).
struct ColumnLeaf: Sendable {
    /// A to-one step: the column in the current hierarchy's table and the hierarchy it leads to.
    struct Hop: Sendable {
        var hierarchy: Int
        var column: Int
    }

    /// The to-one columns followed from the root hierarchy.
    let hops: [Hop]
    /// The hierarchy and attribute column the path ends on.
    let hierarchy: Int
    let column: Int
    let test: ColumnValueTest
    /// The comparison, row by row (for a value the inline test leaves open).
    let rows: CompiledPredicate<GraphObject>
    /// This leaf's slot among the scan's to-one joins (only leaves with hops have one).
    let joinSlot: Int

    /// Keeps the rows of `selection` (rows of `root`'s table) whose value passes.
    func filter(_ selection: inout [Int32], _ scan: ScanState) throws(EvaluationError) {
        guard let first = hops.first else {
            try scan.storage.tables[hierarchy].attributes[column].withUnsafeBufferPointer {
                buffer throws(EvaluationError) in try keep(&selection, scan, buffer)
            }
            return
        }
        let firstHop = scan.storage.tables[first.hierarchy].toOne[first.column]
        switch scan.join(self) {
        case .semiJoin(let join):
            try join.filter(&selection, firstHop: firstHop) { root throws(EvaluationError) in
                try evaluateRow(root, scan)
            }
        case .follow:
            try follow(&selection, scan, firstHop)
        }
    }

    /// Keeps the rows of `selection` whose value passes, following each row's hops to its
    /// destination and testing the value there inline (the row evaluator decides a row whose
    /// path meets an empty to-one or whose value the inline test leaves open).
    private func follow(_ selection: inout [Int32], _ scan: ScanState, _ firstHop: [Int32]) throws(EvaluationError) {
        let values = scan.storage.tables[hierarchy].attributes[column]
        let later = hops.dropFirst().map { scan.storage.tables[$0.hierarchy].toOne[$0.column] }
        let count = selection.count
        var kept = 0
        for index in 0..<count {
            let root = selection[index]
            var row = firstHop[Int(root)]
            for step in later where row >= 0 { row = step[Int(row)] }
            let verdict: Bool
            if row >= 0, let inline = Self.inlineTest(test, values[Int(row)]) {
                verdict = inline
            } else {
                verdict = try evaluateRow(root, scan)
            }
            selection[kept] = root
            kept += verdict ? 1 : 0
        }
        selection.removeLast(count - kept)
    }

    /// The row evaluator's answer for root row `row`.
    private func evaluateRow(_ row: Int32, _ scan: ScanState) throws(EvaluationError) -> Bool {
        try rows.evaluate(scan.object(row))
    }

    /// Compacts `selection` to the rows whose value passes. The values are matched in place in
    /// the column's buffer (no copy of a stored value); each number operator has its own loop.
    @inline(__always)
    private func keep(
        _ selection: inout [Int32], _ scan: ScanState, _ values: UnsafeBufferPointer<PredicateValue>
    ) throws(EvaluationError) {
        let count = selection.count
        var kept = 0
        switch test {
        case .number(let bounds, let op):
            // One loop per operator, so that the comparison is inlined into it.
            let l = bounds.intLow ?? 0
            let h = bounds.intHigh ?? 0
            let dl = bounds.doubleLow ?? 0
            let dh = bounds.doubleHigh ?? 0
            switch op {
            case .less: kept = try keepNumbers(&selection, scan, values, bounds, { $0 < l }, { $0 < dl })
            case .lessOrEqual: kept = try keepNumbers(&selection, scan, values, bounds, { $0 <= l }, { $0 <= dl })
            case .greater: kept = try keepNumbers(&selection, scan, values, bounds, { $0 > l }, { $0 > dl })
            case .greaterOrEqual:
                kept = try keepNumbers(&selection, scan, values, bounds, { $0 >= l }, { $0 >= dl })
            case .equal: kept = try keepNumbers(&selection, scan, values, bounds, { $0 == l }, { $0 == dl })
            case .notEqual: kept = try keepNumbers(&selection, scan, values, bounds, { $0 != l }, { $0 != dl })
            case .between:
                kept = try keepNumbers(
                    &selection, scan, values, bounds, { l <= $0 && $0 <= h }, { dl <= $0 && $0 <= dh })
            }
        case .string(let matcher):
            // The stored string is matched where it lies (no copy of the value per row).
            try selection.withUnsafeMutableBufferPointer { rows throws(EvaluationError) in
                for index in 0..<count {
                    let row = rows[index]
                    let verdict: Bool
                    if case .string(let string) = values[Int(row)] {
                        verdict = matcher(string)
                    } else {
                        verdict = try evaluateRow(row, scan)
                    }
                    rows[kept] = row
                    kept += verdict ? 1 : 0
                }
            }
        case .integerMember:
            for index in 0..<count {
                let row = selection[index]
                let verdict: Bool
                if let inline = Self.inlineTest(test, values[Int(row)]) {
                    verdict = inline
                } else {
                    verdict = try evaluateRow(row, scan)
                }
                selection[kept] = row
                kept += verdict ? 1 : 0
            }
        }
        selection.removeLast(count - kept)
    }

    /// The number loop of one operator (`int` and `double` are its comparison, inlined): keeps
    /// the rows whose value passes and returns how many.
    @inline(__always)
    private func keepNumbers(
        _ selection: inout [Int32], _ scan: ScanState, _ values: UnsafeBufferPointer<PredicateValue>,
        _ bounds: NumberBounds, _ int: (Int) -> Bool, _ double: (Double) -> Bool
    ) throws(EvaluationError) -> Int {
        let count = selection.count
        let hasInt = bounds.intLow != nil
        let hasDouble = bounds.doubleLow != nil
        var kept = 0
        try selection.withUnsafeMutableBufferPointer { rows throws(EvaluationError) in
            for index in 0..<count {
                let row = rows[index]
                let verdict: Bool
                switch values[Int(row)] {
                case .int(let value):
                    if hasInt {
                        verdict = int(value)
                    } else if hasDouble, let exact = Double(exactly: value) {
                        verdict = double(exact)
                    } else {
                        verdict = try evaluateRow(row, scan)
                    }
                case .double(let value):
                    verdict = hasDouble ? double(value) : try evaluateRow(row, scan)
                default:
                    verdict = try evaluateRow(row, scan)
                }
                rows[kept] = row
                kept += verdict ? 1 : 0
            }
        }
        return kept
    }

    /// The inline answer for one stored value, or `nil` when the row evaluator must decide.
    static func inlineTest(_ test: ColumnValueTest, _ value: PredicateValue) -> Bool? {
        switch (test, value) {
        case (.number(let bounds, let op), .int(let int)):
            if let low = bounds.intLow, let high = bounds.intHigh { return op.test(int, low, high) }
            guard let low = bounds.doubleLow, let high = bounds.doubleHigh, let exact = Double(exactly: int) else {
                return nil
            }
            return op.test(exact, low, high)
        case (.number(let bounds, let op), .double(let double)):
            guard let low = bounds.doubleLow, let high = bounds.doubleHigh else { return nil }
            return op.test(double, low, high)
        case (.integerMember(let members), .int(let int)):
            return members.contains(int)
        case (.string(let matcher), .string(let string)):
            return matcher(string)
        default:
            return nil
        }
    }
}

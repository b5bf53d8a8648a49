import Evaluation
import Predicates

/// A column leaf's comparison answered once per destination row, as a semi-join: for
/// `bucket.owner.name == 'Ivan'` the `name` column of the Owners is tested first, one verdict
/// per Owner row; the verdicts are then carried back through the `owner` column onto the Bucket
/// rows; the roots (Contents) are finally filtered by reading their `bucket` row and that row's
/// verdict, one load and one byte per root, with no branch on a memo state.
///
/// A verdict is ``fail``, ``pass`` or ``ask``: ask the row evaluator for the roots that reach
/// this row (the stored value is one the inline test does not decide: `nil`, another type, an
/// integer too large to be an exact double). Vectors are indexed by row number + 1, slot 0
/// standing for an empty to-one (`-1` in a relationship column): an empty hop anywhere on the
/// path makes the value nil, which the row evaluator decides too. A deleted destination row
/// (a tombstone) holds `nil` values and so asks as well. The verdicts of a root are therefore
/// exactly the row evaluator's answers wherever they are not ``ask``.
struct ToOneSemiJoin: Sendable {
    /// The verdicts over the rows of the first hop's destination table (+ 1, slot 0 empty).
    let verdicts: [UInt8]

    /// The root's value fails the comparison.
    static let fail: UInt8 = 0
    /// The root's value passes.
    static let pass: UInt8 = 1
    /// The row evaluator decides for the root.
    static let ask: UInt8 = 2

    /// The semi-join of `leaf` (which has at least one hop) over `storage`: the attribute
    /// column tested row by row, then mapped back through every hop but the first.
    init(_ leaf: ColumnLeaf, _ storage: GraphStorage) {
        var verdicts = Self.tested(storage.tables[leaf.hierarchy].attributes[leaf.column], leaf.test)
        for hop in leaf.hops.dropFirst().reversed() {
            verdicts = Self.mapped(verdicts, through: storage.tables[hop.hierarchy].toOne[hop.column])
        }
        self.verdicts = verdicts
    }

    /// How many rows building the semi-join of `leaf` visits: every destination table on the
    /// path (tested or mapped once each).
    static func cost(_ leaf: ColumnLeaf, _ storage: GraphStorage) -> Int {
        var rows = storage.tables[leaf.hierarchy].attributes[leaf.column].count
        for hop in leaf.hops.dropFirst() { rows += storage.tables[hop.hierarchy].toOne[hop.column].count }
        return rows
    }

    /// One verdict per row of `values` (+ 1: slot 0 asks, for an empty to-one).
    static func tested(_ values: [PredicateValue], _ test: ColumnValueTest) -> [UInt8] {
        var verdicts = [UInt8](repeating: ask, count: values.count + 1)
        for row in values.indices {
            switch ColumnLeaf.inlineTest(test, values[row]) {
            case .some(true): verdicts[row + 1] = pass
            case .some(false): verdicts[row + 1] = fail
            case .none: break
            }
        }
        return verdicts
    }

    /// The verdicts `destination` (over the rows a to-one column points at, + 1) carried back
    /// onto the rows of the column's own table (+ 1): each row takes its destination's verdict,
    /// an empty to-one (`-1`) the ask of slot 0.
    static func mapped(_ destination: [UInt8], through column: [Int32]) -> [UInt8] {
        var verdicts = [UInt8](repeating: ask, count: column.count + 1)
        for row in column.indices {
            verdicts[row + 1] = destination[Int(column[row]) + 1]
        }
        return verdicts
    }

    /// Keeps the roots of `selection` whose verdict passes, reading each root's destination in
    /// `firstHop` (the first hop's to-one column); `ask(root)` answers for an ``ask`` verdict.
    func filter(
        _ selection: inout [Int32], firstHop: [Int32], ask: (Int32) throws(EvaluationError) -> Bool
    ) throws(EvaluationError) {
        let count = selection.count
        var kept = 0
        try firstHop.withUnsafeBufferPointer { step throws(EvaluationError) in
            try selection.withUnsafeMutableBufferPointer { rows throws(EvaluationError) in
                for index in 0..<count {
                    let root = rows[index]
                    let verdict = verdicts[Int(step[Int(root)]) + 1]
                    rows[kept] = root
                    if verdict <= Self.pass {
                        kept += Int(verdict)
                    } else if try ask(root) {
                        kept += 1
                    }
                }
            }
        }
        selection.removeLast(count - kept)
    }
}

/// How a leaf with to-one hops runs in one scan.
enum ToOneJoin {
    /// The comparison answered once per destination row, the roots filtered by one verdict
    /// each: when the destination tables on the path have no more rows than the root table.
    case semiJoin(ToOneSemiJoin)
    /// Each selected root's hops followed and its value tested inline: when the destinations
    /// outnumber the roots (ten Buckets pointing into a million Contents), where testing every
    /// destination would cost more than the scan itself.
    case follow

    init(_ leaf: ColumnLeaf, storage: GraphStorage, roots: Int, choice: ToOneJoinChoice) {
        let semiJoin: Bool
        switch choice {
        case .bySize: semiJoin = ToOneSemiJoin.cost(leaf, storage) <= roots
        case .semiJoin: semiJoin = true
        case .follow: semiJoin = false
        }
        self = semiJoin ? .semiJoin(ToOneSemiJoin(leaf, storage)) : .follow
    }
}

/// Which way the leaves of a scan with to-one hops run (``ToOneJoin``): by the sizes of the
/// tables (the default), or forced one way, so that tests compare both with the row evaluator
/// on small graphs.
package enum ToOneJoinChoice: Sendable, CaseIterable {
    /// The semi-join when the destination tables on the path have no more rows than the root
    /// table, otherwise following each root's hops.
    case bySize
    /// Always the semi-join.
    case semiJoin
    /// Always following each root's hops.
    case follow
}

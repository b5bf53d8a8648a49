import Evaluation
import KeyPaths
import Predicates

/// A predicate planned for a column scan: comparisons of a to-one key path with a constant run
/// on columns (``ColumnLeaf``), AND/OR/NOT combine selections of rows, and every other part
/// (ANY/ALL, aggregates, SUBQUERY, functions, arithmetic, variables) runs row by row through the
/// compiled evaluator, each as small a sub-expression as the tree allows.
///
/// A plan works on a selection: the rows of a batch still in play, in increasing order. AND
/// narrows it operand by operand in the written order; OR tests each operand on the rows no
/// earlier operand matched; NOT keeps the rows its operand rejects. Each row is therefore tested
/// by exactly the operands the row evaluator would test, in the same order.
indirect enum ColumnPlan: Sendable {
    case constant(Bool)
    case leaf(ColumnLeaf)
    case all([ColumnPlan])
    case any([ColumnPlan])
    case not(ColumnPlan)
    /// A sub-expression the columns cannot express, evaluated row by row.
    case rows(CompiledPredicate<GraphObject>)

    /// Whether any part runs on columns (otherwise the plan is the row evaluator).
    var usesColumns: Bool {
        switch self {
        case .constant, .leaf: true
        case .all(let plans), .any(let plans): plans.contains(where: \.usesColumns)
        case .not(let plan): plan.usesColumns
        case .rows: false
        }
    }

    /// Keeps the rows of `selection` (increasing) that match. Throws the first evaluation error
    /// a row-by-row part raises (the caller then repeats the scan row by row, so that the error
    /// reported is the one of the first failing row).
    func filter(_ selection: inout [Int32], _ scan: ScanState) throws(EvaluationError) {
        switch self {
        case .constant(let value):
            if !value { selection.removeAll(keepingCapacity: true) }
        case .leaf(let leaf):
            try leaf.filter(&selection, scan)
        case .all(let plans):
            for plan in plans {
                if selection.isEmpty { return }
                try plan.filter(&selection, scan)
            }
        case .any(let plans):
            var remaining = selection
            var matched: [Int32] = []
            for plan in plans {
                if remaining.isEmpty { break }
                var passing = remaining
                try plan.filter(&passing, scan)
                if passing.isEmpty { continue }
                remaining = RowSelection.subtracting(passing, from: remaining)
                matched = RowSelection.union(matched, passing)
            }
            selection = matched
        case .not(let plan):
            var passing = selection
            try plan.filter(&passing, scan)
            selection = RowSelection.subtracting(passing, from: selection)
        case .rows(let compiled):
            var kept = 0
            for index in selection.indices {
                let row = selection[index]
                let verdict = try compiled.evaluate(scan.object(row))
                selection[kept] = row
                kept += verdict ? 1 : 0
            }
            selection.removeLast(selection.count - kept)
        }
    }
}

/// Set operations on selections (row numbers in increasing order).
enum RowSelection {
    /// The rows of `all` that are not in `removed` (`removed` ⊆ `all`, both increasing).
    static func subtracting(_ removed: [Int32], from all: [Int32]) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(all.count - removed.count)
        var next = 0
        for row in all {
            if next < removed.count, removed[next] == row {
                next += 1
            } else {
                result.append(row)
            }
        }
        return result
    }

    /// The rows in either (both increasing, disjoint or not), increasing.
    static func union(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result: [Int32] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] {
                result.append(a[i])
                i += 1
            } else if b[j] < a[i] {
                result.append(b[j])
                j += 1
            } else {
                result.append(a[i])
                i += 1
                j += 1
            }
        }
        result += a[i...]
        result += b[j...]
        return result
    }
}

import Evaluation
import KeyPaths
import Predicates

/// A predicate compiled to scan the objects of one entity of an ``ObjectGraph`` column by
/// column, a batch of rows at a time: `#size > 500` tests the `size` column in one tight loop
/// instead of calling the compiled predicate once per object.
///
/// ```swift
/// let checked = try CheckedPredicate(PredicateNode(format: "#size > 500 AND bucket.name == 'Inbox'"),
///                                    schema: graph.schema, entity: "Content")
/// let scan = try PredicateCompiler().compileScan(checked, for: graph)
/// try graph.fetch(scan)   // the matching Contents, in key order
/// try graph.count(scan)   // how many match
/// ```
///
/// Comparisons of an attribute reached through to-one relationships with a constant (`<`,
/// `<=`, `>`, `>=`, `==`, `!=`, BETWEEN, IN, and the string operators but MATCHES) run on
/// columns; AND, OR and NOT combine the rows each operand keeps; a to-one hop reads the row
/// numbers the relationship column holds and looks up a verdict computed once per destination
/// row (a semi-join, ``ToOneSemiJoin``). Everything else
/// (ANY/ALL, aggregates, SUBQUERY, functions, arithmetic, variables) runs row by row through
/// the same compiled evaluator as ``PredicateCompiler/compile(_:for:)-(CheckedPredicate,ObjectGraph)``,
/// sub-expression by sub-expression. Results and errors are those of the row evaluator: a value
/// the inline test does not decide (`nil`, another type) is handed to it, and when any row
/// raises an error the scan is repeated row by row, so that the error is the first row's.
public struct GraphScan: Sendable {
    /// The predicate compiled for the row evaluator (also used by ``ScanStrategy/rows``).
    public let compiled: CompiledPredicate<GraphObject>
    /// The entity whose objects (sub-entities included) are scanned.
    public let entity: String
    /// The column plan; `nil` when nothing runs on columns.
    let plan: ColumnPlan?
    let layout: GraphLayout
    let joinCount: Int
    /// How leaves with to-one hops run (tests force each way; by default, by table sizes).
    package var toOneJoins = ToOneJoinChoice.bySize

    /// Whether some part of the predicate runs on columns (`false`: the scan is the row
    /// evaluator's loop, for example for `ANY tags.name == 'x'`).
    public var usesColumns: Bool { plan != nil }
}

/// How ``ObjectGraph/fetch(_:strategy:)`` and ``ObjectGraph/count(_:strategy:)`` evaluate.
public enum ScanStrategy: Sendable, Hashable {
    /// The column plan where there is one (the default).
    case columns
    /// The compiled predicate once per object (the reference the column path must agree with).
    case rows
}

extension PredicateCompiler {
    /// Compiles a checked predicate for scans of `graph` (and of every graph changed from it by
    /// ``ObjectGraph/apply(_:)``) over `checked.entity`. Throws the errors
    /// ``compile(_:for:)-(CheckedPredicate,ObjectGraph)`` throws.
    public func compileScan(_ checked: CheckedPredicate, for graph: ObjectGraph) throws(PredicateCompileError)
        -> GraphScan
    {
        let compiled = try compile(checked, for: graph)
        var plan: ColumnPlan?
        var joinCount = 0
        if !ColumnPlanner.assigns(checked.predicate),
            var planner = ColumnPlanner(checked: checked, layout: graph.layout, compiler: self)
        {
            let planned = try planner.plan(checked.predicate)
            if planned.usesColumns {
                plan = planned
                joinCount = planner.joinCount
            }
        }
        return GraphScan(
            compiled: compiled, entity: checked.entity, plan: plan, layout: graph.layout, joinCount: joinCount)
    }
}

extension ObjectGraph {
    /// The IDs of the objects of `scan.entity` (sub-entities included) that match, in key order;
    /// the same as ``fetch(_:entity:)`` with `scan.compiled`. Throws the first row's evaluation
    /// error.
    public func fetch(_ scan: GraphScan, strategy: ScanStrategy = .columns) throws(EvaluationError) -> [ObjectID] {
        guard let number = layout.numbers[scan.entity] else { return [] }
        let index = layout.hierarchyOf[number]
        let table = storage.tables[index]
        let keys = try matchingRows(scan, strategy: strategy).map { table.keys[Int($0)] }
        let hierarchy = layout.names[layout.hierarchies[index]]
        return keys.sorted().map { ObjectID(hierarchy: hierarchy, id: $0) }
    }

    /// How many objects of `scan.entity` (sub-entities included) match. Throws the first row's
    /// evaluation error.
    public func count(_ scan: GraphScan, strategy: ScanStrategy = .columns) throws(EvaluationError) -> Int {
        try matchingRows(scan, strategy: strategy).count
    }

    /// The rows of `scan.entity`'s hierarchy table that match, in row order.
    func matchingRows(_ scan: GraphScan, strategy: ScanStrategy) throws(EvaluationError) -> [Int32] {
        guard let number = layout.numbers[scan.entity] else { return [] }
        let index = layout.hierarchyOf[number]
        if strategy == .columns, let plan = scan.plan, scan.layout === layout {
            let state = ScanState(
                storage: storage, layout: layout, hierarchy: index, joinCount: scan.joinCount, choice: scan.toOneJoins)
            do {
                return try columnRows(plan, entity: number, state: state)
            } catch {
                // Some row raised: repeat row by row, which raises the first row's error.
            }
        }
        return try rowByRow(scan.compiled, entity: number, hierarchy: index)
    }

    /// Rows per batch: the selection of a batch stays in the first-level cache.
    static let scanBatch = 4096

    private func columnRows(_ plan: ColumnPlan, entity: Int, state: ScanState) throws(EvaluationError) -> [Int32] {
        let entities = storage.tables[state.hierarchy].entities
        // Whether each concrete entity is scanned, by entity number + 1: slot 0 stands for a
        // deleted row's `-1`, which never is. A row is then kept without a branch.
        let scanned = [0] + layout.names.indices.map { layout.isKind($0, of: entity) ? 1 : 0 }
        var matches: [Int32] = []
        var start = 0
        while start < entities.count {
            let end = min(entities.count, start + Self.scanBatch)
            var selection = [Int32](unsafeUninitializedCapacity: end - start) { buffer, count in
                count = entities.withUnsafeBufferPointer { concrete in
                    var kept = 0
                    for row in start..<end {
                        buffer[kept] = Int32(row)
                        kept += scanned[Int(concrete[row]) + 1]
                    }
                    return kept
                }
            }
            try plan.filter(&selection, state)
            matches += selection
            start = end
        }
        return matches
    }

    private func rowByRow(_ compiled: CompiledPredicate<GraphObject>, entity: Int, hierarchy: Int)
        throws(EvaluationError) -> [Int32]
    {
        let entities = storage.tables[hierarchy].entities
        var matches: [Int32] = []
        for row in entities.indices {
            let concrete = Int(entities[row])
            guard concrete >= 0, layout.isKind(concrete, of: entity) else { continue }
            let object = GraphObject(storage: storage, layout: layout, hierarchy: hierarchy, row: row)
            if try compiled.evaluate(object) { matches.append(Int32(row)) }
        }
        return matches
    }
}

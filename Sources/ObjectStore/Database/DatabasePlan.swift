import Evaluation
import KeyPaths
import Predicates

/// What a fetch request compiles to for a database, from the request checked once
/// (``CheckedFetchRequest``): the lowering that builds its queries, the change matcher of its
/// dependencies, and how to read each sort value back from its column.
///
/// A class, made once per live query and never changed: every log entry hands it to the
/// matcher and to ``BatchedEvaluation`` of each touched query, and a reference is shared
/// where a value (with its ``ChangeDirectionAnalysis`` tables) would be copied each time.
final class DatabasePlan: Sendable {
    let checked: CheckedFetchRequest
    let lowering: PredicateLowering
    let matcher: ChangeMatcher
    /// Which reached roots each attribute update can change (``ChangeDirectionAnalysis``).
    let directions: ChangeDirectionAnalysis
    /// The request's sort keys, the section key path first.
    let sortKeys: [SortKey]
    /// The attribute type of each sort key's value (`nil`: read as stored).
    let sortTypes: [AttributeType?]
    /// The root entity's hierarchy (``ObjectID/hierarchy``).
    let rootHierarchy: String
    /// The key type of the root's hierarchy.
    let keyType: SQLKeyType
    /// The request lowered once (``PredicateLowering/liveQuery(_:keys:)`` without keys): the
    /// root's key, then its sort values. A keyed evaluation adds `key IN (…)` to it.
    let liveQuery: SQLSelect
    /// The root table's key column (the first column of ``liveQuery``).
    let keyColumn: String
    /// The columns of the mapping's entity tables that hold text, as "table\0column": where a
    /// text value compared with them is text (``SQLMultiplexedSelects``).
    let textColumns: Set<String>

    init(request: FetchRequest, mapping: SQLMapping) throws(LiveResultsError) {
        let schema = mapping.schema
        guard schema.entity(named: request.entity) != nil else {
            var message = "no entity named '\(request.entity)'"
            if let guess = EditDistance.bestMatch(for: request.entity, among: schema.entityNames) {
                message += "; did you mean '\(guess)'?"
            }
            throw LiveResultsError(message)
        }
        if let problem = request.window.problem { throw LiveResultsError("the fetch request's window: \(problem)") }
        do {
            checked = try CheckedFetchRequest(request, schema: schema)
        } catch {
            throw LiveResultsError(error.rendered, diagnostics: error.diagnostics)
        }
        do {
            matcher = ChangeMatcher(dependencies: try QueryDependencies(checked))
        } catch {
            throw LiveResultsError(
                "the request's key paths cannot be tracked: \(error.description)", dependencyError: error)
        }
        directions = ChangeDirectionAnalysis(
            predicate: checked.predicate, dependencies: matcher.dependencies, schema: schema)
        lowering = PredicateLowering(layout: mapping)
        // Lowered once here, so that a request SQL cannot express is refused before any fetch.
        do {
            liveQuery = try lowering.liveQuery(checked)
        } catch {
            throw LiveResultsError("the request cannot be lowered to SQL: \(error.message)")
        }
        guard case .column(_, let key)? = liveQuery.columns.first else {
            throw LiveResultsError("the live query of '\(request.entity)' selects no key")
        }
        keyColumn = key
        sortKeys = checked.sortKeys.map(\.key)
        sortTypes = checked.sortKeys.map { key in
            if case .attribute(let attribute)? = key.resolved.destinationProperty { return attribute.type }
            return nil
        }
        rootHierarchy = schema.ancestors(of: request.entity).last ?? request.entity
        keyType = mapping.keyType(ofHierarchyOf: request.entity)
        textColumns = Set(
            mapping.entityTables.flatMap { table in
                table.columns.filter { $0.type == .text }.map { table.name + "\u{0}" + $0.name }
            })
    }

    /// Whether `column` of `table` holds text.
    func isText(_ table: String, _ column: String) -> Bool {
        textColumns.contains(table + "\u{0}" + column)
    }

    /// The matching objects (all of them, or those among `keys`) with their sort values, in
    /// the query's order; keys cut into batches the database accepts.
    func evaluate(keys: [ObjectKey]?, database: any SQLDatabase) throws(LiveResultsError)
        -> [(ObjectKey, [EvaluationValue])]
    {
        guard let keys else { return try run(nil, database) }
        let bound = keys.compactMap { keyType.storedKey($0.predicateValue) }
        let batch = max(1, min(500, database.dialect.maximumBindings / 2))
        var result: [(ObjectKey, [EvaluationValue])] = []
        for start in stride(from: 0, to: bound.count, by: batch) {
            result += try run(Array(bound[start..<min(bound.count, start + batch)]), database)
        }
        return result
    }

    private func run(_ keys: [SQLValue]?, _ database: any SQLDatabase) throws(LiveResultsError)
        -> [(ObjectKey, [EvaluationValue])]
    {
        let rows: [[SQLValue]]
        do {
            rows = try database.rows(select(keys: keys))
        } catch {
            throw LiveResultsError("the live query failed: \(error)")
        }
        var result: [(ObjectKey, [EvaluationValue])] = []
        result.reserveCapacity(rows.count)
        for row in rows {
            guard let first = row.first, let key = ObjectKey(stored: first, as: keyType) else {
                throw LiveResultsError("the live query returned a row without a key: \(row.first ?? .null)")
            }
            result.append((key, sortValues(row, from: 1)))
        }
        return result
    }

    /// The live query restricted to `keys` (all rows when `nil`): the same statement the
    /// lowering makes with keys, without lowering the request again.
    func select(keys: [SQLValue]?) -> SQLSelect {
        var select = liveQuery
        if let keys {
            select.conditions.insert(.inList(.column(alias: "t0", name: keyColumn), keys.map { .value($0) }), at: 0)
        }
        return select
    }

    /// The sort values stored in `row` from column `start` on, read as their attributes' types.
    func sortValues(_ row: [SQLValue], from start: Int) -> [EvaluationValue] {
        var values: [EvaluationValue] = []
        values.reserveCapacity(sortTypes.count)
        for (index, type) in sortTypes.enumerated() {
            let stored = start + index < row.count ? row[start + index] : .null
            values.append(EvaluationValue(stored.predicateValue(as: type)))
        }
        return values
    }
}

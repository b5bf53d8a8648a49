import Evaluation
import Predicates

/// The keyed re-evaluations of several live queries over one table, made in one statement
/// instead of one per query: what a ``ChangeLogFollower`` does with the roots every query of
/// a log entry needs evaluated again (a round trip per query costs more than the queries on
/// PostgreSQL).
///
/// For queries 0…n-1 over the table of `Content` whose sort values have the same types, with
/// roots K0…Kn-1 to evaluate, the statement is each query's own statement
/// (``DatabasePlan/select(keys:)``) restricted to its keys, returning the root's key, the
/// query's position in the batch (a bound integer) and its sort values, joined with `UNION ALL`:
///
/// ```sql
/// SELECT t0.id, 0, <sort value of query 0> FROM … WHERE t0.id IN (K0) AND <query 0>
/// UNION ALL
/// SELECT t0.id, 1, <sort value of query 1> FROM … WHERE t0.id IN (K1) AND <query 1>
/// ```
///
/// The sort values of every query stand in the same columns with the same types, so no column
/// mixes types and none needs a typed `NULL` (PostgreSQL types the columns of a `UNION`
/// pairwise, and two untyped `NULL`s become text). A query with many roots to evaluate (more
/// than ``maximumKeys``) is evaluated alone, and a batch whose bound values would pass the
/// dialect's limit is cut in halves until it fits.
///
/// Two rewritings keep the statement cheap for the database, both exact:
/// - a subquery that several of the selects compute for the same rows (the twenty queries
///   `contents.@count > k` each counting the Contents of the same Buckets) is computed once per
///   row in a common table the selects read instead (``SQLSharedSubqueries``);
/// - selects that differ only in their bound values (the twenty `bucket.name == 'Bucket k'`)
///   become one select over a table of their (key, values) rows (``SQLMultiplexedSelects``):
///   PostgreSQL plans one select instead of twenty. When the rows' bound values would pass the
///   dialect's limit, the selects stay apart.
enum BatchedEvaluation {
    /// One query's roots to evaluate.
    struct Request {
        var plan: DatabasePlan
        var keys: [ObjectKey]
    }

    /// The most roots a query may have to be evaluated in a shared statement.
    static let maximumKeys = 200

    /// The matching roots of each request with their sort values, in the order of `requests`.
    static func evaluate(_ requests: [Request], database: any SQLDatabase) throws(LiveResultsError)
        -> [[(ObjectKey, [EvaluationValue])]]
    {
        var results: [[(ObjectKey, [EvaluationValue])]] = Array(repeating: [], count: requests.count)
        var groups: [String: [Int]] = [:]
        var tables: [String] = []
        for (index, request) in requests.enumerated() where !request.keys.isEmpty {
            if request.keys.count > maximumKeys {
                results[index] = try request.plan.evaluate(keys: request.keys, database: database)
                continue
            }
            // Batched together: queries over one table whose sort values have the same types.
            let from = request.plan.liveQuery.from
            let types = request.plan.sortTypes.map { $0.map(\.rawValue) ?? "stored" }.joined(separator: ",")
            let table = "\(from.schema ?? "")\u{0}\(from.table)\u{0}\(request.plan.keyColumn)\u{0}\(types)"
            if groups[table] == nil { tables.append(table) }
            groups[table, default: []].append(index)
        }
        // A query's statement binds its keys and its constants (a few; a batch that passes the
        // limit anyway is cut in halves).
        let budget = max(1, database.dialect.maximumBindings - 16)
        for table in tables {
            var batch: [Int] = []
            var cost = 0
            for index in groups[table] ?? [] {
                let request = requests[index]
                let estimate = request.keys.count + 8
                if !batch.isEmpty && cost + estimate > budget {
                    try run(batch, requests, database, into: &results)
                    batch = []
                    cost = 0
                }
                batch.append(index)
                cost += estimate
            }
            if !batch.isEmpty { try run(batch, requests, database, into: &results) }
        }
        return results
    }

    /// Evaluates the requests at `indices` (of one table) in one statement, or in halves when
    /// its bound values pass the dialect's limit.
    private static func run(
        _ indices: [Int], _ requests: [Request], _ database: any SQLDatabase,
        into results: inout [[(ObjectKey, [EvaluationValue])]]
    ) throws(LiveResultsError) {
        guard indices.count > 1, let first = indices.first else {
            for index in indices {
                results[index] = try requests[index].plan.evaluate(keys: requests[index].keys, database: database)
            }
            return
        }
        let statement: SQLStatement?
        do {
            statement = try self.statement(indices, requests, dialect: database.dialect)
        } catch {
            throw LiveResultsError("the live queries could not be rendered together: \(error.message)")
        }
        guard let statement else {
            let half = indices.count / 2
            try run(Array(indices[..<half]), requests, database, into: &results)
            try run(Array(indices[half...]), requests, database, into: &results)
            return
        }
        let rows: [[SQLValue]]
        do {
            rows = try database.rows(statement)
        } catch {
            throw LiveResultsError("the live queries failed: \(error)")
        }
        let keyType = requests[first].plan.keyType
        for row in rows {
            guard let stored = row.first, let key = ObjectKey(stored: stored, as: keyType) else {
                throw LiveResultsError("the live queries returned a row without a key: \(row.first ?? .null)")
            }
            guard row.count > 1, case .integer(let position) = row[1], indices.indices.contains(Int(position)) else {
                throw LiveResultsError("the live queries returned a row of no query: \(row)")
            }
            let index = indices[Int(position)]
            results[index].append((key, requests[index].plan.sortValues(row, from: 2)))
        }
    }

    /// The statement evaluating the requests at `indices` together: shared subqueries computed
    /// once (``SQLSharedSubqueries``), selects that differ only in their values multiplexed
    /// (``SQLMultiplexedSelects``) when the statement's bound values fit the dialect's limit,
    /// else each select on its own; `nil` when even that does not fit (cut the batch).
    private static func statement(_ indices: [Int], _ requests: [Request], dialect: any SQLDialect)
        throws(SQLLoweringError) -> SQLStatement?
    {
        guard let first = indices.first else { return nil }
        let keyColumn = requests[first].plan.keyColumn
        let keys = indices.map { index in
            requests[index].keys.compactMap { requests[index].plan.keyType.storedKey($0.predicateValue) }
        }
        var selects = selects(indices, requests)
        var tables: [SQLCommonTable] = []
        if let shared = SQLSharedSubqueries(selects: selects, keys: keys, keyColumn: keyColumn) {
            selects = shared.selects
            tables.append(shared.commonTable)
        }
        let plan = requests[first].plan
        // Readers of the shared values stay apart where the database would fold them in again.
        let apart: Set<String> = dialect.materializesCommonTables ? [] : Set(tables.map(\.name))
        let multiplexed = SQLMultiplexedSelects(
            selects: selects, keys: keys, keyColumn: keyColumn, apart: apart, isText: plan.isText)
        let statement = try dialect.render(unionAll: multiplexed.selects, with: tables + multiplexed.commonTables)
        if statement.bindings.count <= dialect.maximumBindings { return statement }
        guard !multiplexed.commonTables.isEmpty else { return nil }
        let alone = SQLMultiplexedSelects.restricted(selects, keys: keys, keyColumn: keyColumn)
        let plain = try dialect.render(unionAll: alone, with: tables)
        return plain.bindings.count <= dialect.maximumBindings ? plain : nil
    }

    /// The selects for the requests at `indices`, without their keys, each returning the root's
    /// key, the request's position among `indices`, then its sort values (see the type).
    private static func selects(_ indices: [Int], _ requests: [Request]) -> [SQLSelect] {
        indices.enumerated().map { position, index in
            let plan = requests[index].plan
            var select = plan.select(keys: nil)
            select.order = []
            let key = select.columns.first ?? .column(alias: "t0", name: plan.keyColumn)
            select.columns = [key, .value(.integer(Int64(position)))] + select.columns.dropFirst()
            return select
        }
    }
}

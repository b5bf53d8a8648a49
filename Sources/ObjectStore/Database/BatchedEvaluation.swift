import Evaluation
import Predicates

/// The keyed re-evaluations of several live queries over one table, made in one statement
/// instead of one per query: what a ``ChangeLogFollower`` does with the roots every query of
/// a log entry needs evaluated again (a round trip per query costs more than the queries on
/// PostgreSQL).
///
/// For queries 1…n over the table of `Content` whose sort values have the same types, with
/// roots K1…Kn to evaluate, the statement is each query's own keyed statement
/// (``DatabasePlan/select(keys:)``, as it runs alone, so each is planned as alone) with a
/// marker column per query, joined with `UNION ALL`:
///
/// ```sql
/// SELECT t0.id, 1, 0, <sort value of query 1> FROM … WHERE t0.id IN (K1) AND <query 1>
/// UNION ALL
/// SELECT t0.id, 0, 1, <sort value of query 2> FROM … WHERE t0.id IN (K2) AND <query 2>
/// ```
///
/// A row belongs to the query whose marker is 1. Markers are the literals 0 and 1 and the sort
/// values of every query stand in the same columns with the same types, so no column mixes
/// types and none needs a typed `NULL` (PostgreSQL types the columns of a `UNION` pairwise,
/// and two untyped `NULL`s become text). A query with many roots to evaluate (more than
/// ``maximumKeys``) is evaluated alone, and a batch whose bound values would pass the
/// dialect's limit is cut in halves until it fits.
///
/// A subquery that several of the selects compute for the same rows (the twenty queries
/// `contents.@count > k` each counting the Contents of the same Buckets) is computed once per
/// row in a common table the selects read instead (``SQLSharedSubqueries``).
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
        let statement: SQLStatement
        do {
            let keys = indices.map { index in
                requests[index].keys.compactMap { requests[index].plan.keyType.storedKey($0.predicateValue) }
            }
            let selects = selects(indices, requests, keys: keys)
            if let shared = SQLSharedSubqueries(selects: selects, keys: keys, keyColumn: requests[first].plan.keyColumn)
            {
                statement = try database.dialect.render(unionAll: shared.selects, with: shared.commonTable)
            } else {
                statement = try database.dialect.render(unionAll: selects)
            }
        } catch {
            throw LiveResultsError("the live queries could not be rendered together: \(error.message)")
        }
        guard statement.bindings.count <= database.dialect.maximumBindings else {
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
            for (position, index) in indices.enumerated() where isMarked(row, 1 + position) {
                results[index].append((key, requests[index].plan.sortValues(row, from: 1 + indices.count)))
            }
        }
    }

    /// Whether the marker column `column` of `row` is 1.
    private static func isMarked(_ row: [SQLValue], _ column: Int) -> Bool {
        guard column < row.count else { return false }
        switch row[column] {
        case .integer(let value): return value == 1
        case .double(let value): return value == 1
        case .text(let text): return text == "1"
        case .null, .blob: return false
        }
    }

    /// The selects for the requests at `indices`, with their markers (see the type).
    private static func selects(_ indices: [Int], _ requests: [Request], keys: [[SQLValue]]) -> [SQLSelect] {
        indices.enumerated().map { position, index in
            let plan = requests[index].plan
            var select = plan.select(keys: keys[position])
            select.order = []
            let markers = indices.indices.map { SQLExpression.literal($0 == position ? .one : .zero) }
            let key = select.columns.first ?? .column(alias: "t0", name: plan.keyColumn)
            select.columns = [key] + markers + select.columns.dropFirst()
            return select
        }
    }
}

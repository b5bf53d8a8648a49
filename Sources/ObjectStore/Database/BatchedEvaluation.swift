import Evaluation
import Predicates

/// The keyed re-evaluations of several live queries over one table, made in one statement
/// instead of one per query: what a ``ChangeLogFollower`` does with the roots every query of
/// a log entry needs evaluated again (a round trip per query costs more than the queries on
/// PostgreSQL).
///
/// For queries 1…n over the table of `Content` with roots K1…Kn to evaluate, the statement is
///
/// ```sql
/// SELECT "r"."id",
///        CASE WHEN "r"."id" IN (K1) THEN (SELECT 1 FROM <query 1 where t0.id = r.id> LIMIT 1) ELSE NULL END,
///        CASE WHEN "r"."id" IN (K1) THEN (SELECT <sort value> FROM <query 1 where t0.id = r.id> LIMIT 1) ELSE NULL END,
///        …  -- the same for queries 2…n
/// FROM "Content" AS "r" WHERE "r"."id" IN (K1 ∪ … ∪ Kn)
/// ```
///
/// Each subquery is the query's own lowered statement (``DatabasePlan/liveQuery``) with the
/// outer row's key for its keys, so a root is a member of query i exactly when its marker
/// column is not `NULL`, with the sort values beside it: the same answers as the query run with
/// `key IN (Ki)`. A query with many roots to evaluate (more than ``maximumKeys``), and a batch
/// whose bound values would pass the dialect's limit, are evaluated as before, query by query
/// (a batch is cut in halves until it fits).
enum BatchedEvaluation {
    /// One query's roots to evaluate.
    struct Request {
        var plan: DatabasePlan
        var keys: [ObjectKey]
    }

    /// The most roots a query may have to be evaluated in a shared statement.
    static let maximumKeys = 100

    /// The alias of the outer table (the lowering names its tables `t0`, `t1`, …).
    static let outerAlias = "r"

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
            let from = request.plan.liveQuery.from
            let table = "\(from.schema ?? "")\u{0}\(from.table)\u{0}\(request.plan.keyColumn)"
            if groups[table] == nil { tables.append(table) }
            groups[table, default: []].append(index)
        }
        let budget = max(1, database.dialect.maximumBindings / 2)
        for table in tables {
            var batch: [Int] = []
            var cost = 0
            for index in groups[table] ?? [] {
                let request = requests[index]
                let estimate = request.keys.count * (2 + request.plan.sortTypes.count)
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
            statement = try database.dialect.render(select(indices, requests))
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
            var column = 1
            for index in indices {
                let plan = requests[index].plan
                if column < row.count, row[column] != .null {
                    results[index].append((key, plan.sortValues(row, from: column + 1)))
                }
                column += 1 + plan.sortTypes.count
            }
        }
    }

    /// The statement for the requests at `indices` (see the type).
    private static func select(_ indices: [Int], _ requests: [Request]) -> SQLSelect {
        let outer = outerAlias
        let firstPlan = requests[indices[0]].plan
        let keyColumn = firstPlan.keyColumn
        let outerKey = SQLExpression.column(alias: outer, name: keyColumn)
        var columns: [SQLExpression] = [outerKey]
        var union: [SQLValue] = []
        var seen: Set<ObjectKey> = []
        for index in indices {
            let plan = requests[index].plan
            let keys = requests[index].keys
            for key in keys where seen.insert(key).inserted {
                if let value = plan.keyType.storedKey(key.predicateValue) { union.append(value) }
            }
            let bound = keys.compactMap { plan.keyType.storedKey($0.predicateValue) }
            let isKey = SQLExpression.inList(outerKey, bound.map { .value($0) })
            var probe = plan.liveQuery
            probe.order = []
            probe.offset = nil
            probe.limit = 1
            probe.conditions.insert(.binary(.column(alias: "t0", name: keyColumn), .equal, outerKey), at: 0)
            var marker = probe
            marker.columns = [.literal(.one)]
            columns.append(.caseWhen([SQLWhen(isKey, then: .scalar(marker))], otherwise: .literal(.null)))
            for value in plan.liveQuery.columns.dropFirst() {
                var sort = probe
                sort.columns = [value]
                columns.append(.caseWhen([SQLWhen(isKey, then: .scalar(sort))], otherwise: .literal(.null)))
            }
        }
        let from = firstPlan.liveQuery.from
        var select = SQLSelect(columns: columns, from: .init(table: from.table, alias: outer, schema: from.schema))
        select.conditions = [.inList(outerKey, union.map { .value($0) })]
        return select
    }
}

import Foundation
import KeyPaths
import Predicates

/// Lowers a checked predicate to a SQL query over a storage layout: the SQL-side back end of
/// the pipeline (parse → check → lower). The result is a ``SQLSelect`` tree; a ``SQLDialect``
/// renders it to text and an ordered list of bound values.
///
/// ```swift
/// let checked = try CheckedPredicate(PredicateNode(format: "bucket.name == %@", "Inbox"),
///                                    schema: schema, entity: "Content")
/// let select = try PredicateLowering(layout: mapping).query(checked)
/// let statement = SQLiteDialect().render(select)
/// // SELECT "t0"."id" FROM "Content" AS "t0" LEFT JOIN "Bucket" AS "t1" ON "t1"."id" = "t0"."bucket"
/// //   WHERE "t1"."name" = ?          bindings: ['Inbox']
/// ```
///
/// The contract: the rows selected are exactly the objects for which in-memory evaluation of
/// the predicate is true; what cannot be lowered that way is refused with a
/// ``SQLLoweringError`` naming the construct. Every lowered condition is TRUE exactly when the
/// predicate is true (never NULL for a true one), so `NOT p` becomes `p IS NOT TRUE` and SQL's
/// NULL never turns a true predicate false: `name != 'x'` keeps the rows whose name is NULL,
/// as in memory. To-one key paths become LEFT JOINs (a nil relationship keeps its row);
/// `ANY`/`ALL`/`NONE`, `IN` over a to-many path, `@count`, `@sum`, `@avg`, `@min`, `@max` and
/// `SUBQUERY(…).@count` become correlated subqueries. Plain `==` and `BEGINSWITH` on a column
/// stay usable by an index. Values are always bound, never written into the SQL.
public struct PredicateLowering: Sendable {
    /// Where the schema's entities are stored.
    public var layout: any SQLStorageLayout
    /// Values of the `$variables` the predicate needs.
    public var variables: [String: EvaluationValue]
    /// The time `now()` stands for.
    public var now: Date

    /// A lowering over `layout`.
    public init(layout: any SQLStorageLayout, variables: [String: EvaluationValue] = [:], now: Date = Date()) {
        self.layout = layout
        self.variables = variables
        self.now = now
    }

    /// `SELECT <key> FROM <entity's table> WHERE <predicate> ORDER BY … LIMIT … OFFSET …`:
    /// the keys of the objects of `checked.entity` (sub-entities included) that match, in the
    /// order of `sortKeys` and then by key. `limit` and `offset` take any value from 0 to
    /// `Int.max` (as ``ResultWindow`` reads them); a negative one is refused (`sql-window`).
    /// A sort key that breaks ``OrderingKeyPath``'s rule is refused (`sql-sort-key`); a
    /// ``CheckedFetchRequest`` carries sort keys already checked (``query(_:)-(CheckedFetchRequest)``).
    public func query(
        _ checked: CheckedPredicate, sortKeys: [SortKey] = [], limit: Int? = nil, offset: Int? = nil
    ) throws(SQLLoweringError) -> SQLSelect {
        try query(
            entity: checked.entity, schema: checked.schema, condition: checked.condition, sortKeys: sortKeys,
            limit: limit, offset: offset)
    }

    /// The same query for every object of `entity` (no predicate).
    public func query(
        entity: String, schema: Schema, sortKeys: [SortKey] = [], limit: Int? = nil, offset: Int? = nil
    ) throws(SQLLoweringError) -> SQLSelect {
        try query(entity: entity, schema: schema, condition: nil, sortKeys: sortKeys, limit: limit, offset: offset)
    }

    /// The sort keys checked by the rule, then the query.
    private func query(
        entity: String, schema: Schema, condition: CheckedCondition?, sortKeys: [SortKey], limit: Int?, offset: Int?
    ) throws(SQLLoweringError) -> SQLSelect {
        let walk = LoweringWalk(lowering: self, schema: schema)
        _ = try walk.table(entity, range: nil)  // an entity without a table is refused before its sort keys
        var checked: [CheckedSortKey] = []
        for key in sortKeys {
            do {
                checked.append(try CheckedSortKey(key, schema: schema, entity: entity))
            } catch {
                let diagnostic = error.diagnostics.first
                // The rule's own messages name the sort key; a key path that does not resolve is named here.
                let message =
                    diagnostic?.id == "not-sortable"
                    ? diagnostic?.message ?? error.rendered
                    : "sort key '\(key.keyPath)': \(diagnostic?.message ?? error.rendered)"
                throw SQLLoweringError(id: "sql-sort-key", message: message, range: nil)
            }
        }
        return try walk.rootQuery(entity: entity, condition: condition, sortKeys: checked, limit: limit, offset: offset)
    }
}

/// The state of one lowering: aliases handed out, and the selects being built (the root
/// query and the subqueries it contains), each with the joins its key paths needed.
final class LoweringWalk {
    /// A select under construction.
    struct Frame {
        var joins: [SQLSelect.Join] = []
        /// The alias of each to-one hop already joined, by "alias.relationship".
        var joined: [String: String] = [:]
    }

    /// A row in scope: the alias of an object's row and its entity.
    struct Row {
        var alias: String
        var entity: String
        /// Whether the row may be missing (reached through a LEFT JOIN).
        var optional: Bool
    }

    let lowering: PredicateLowering
    let schema: Schema
    var layout: any SQLStorageLayout { lowering.layout }
    private var aliasCount = 0
    var frames: [Frame] = [Frame()]
    /// SUBQUERY variables in scope: the rows their elements are.
    var variableRows: [String: Row] = [:]
    /// The root row (`SELF`).
    var root = Row(alias: "t0", entity: "", optional: false)
    /// Whether a transformable attribute may be read (only by a nil test: `PredicateLowering+Opaque`).
    var opaqueAttributesAllowed = false

    init(lowering: PredicateLowering, schema: Schema) {
        self.lowering = lowering
        self.schema = schema
    }

    /// A fresh table alias: `t1`, `t2`, …
    func newAlias() -> String {
        aliasCount += 1
        return "t\(aliasCount)"
    }

    /// The table of `entity`, or a refusal.
    func table(_ entity: String, range: SourceRange?) throws(SQLLoweringError) -> SQLTableLayout {
        guard let table = layout.table(for: entity) else {
            throw SQLLoweringError(id: "sql-not-stored", message: "'\(entity)' is not stored in a table", range: range)
        }
        return table
    }

    /// The condition selecting the rows of `entity` (and its sub-entities) in a shared table.
    func discriminator(_ table: SQLTableLayout, alias: String) -> SQLExpression? {
        guard let discriminator = table.discriminator else { return nil }
        return .inList(.column(alias: alias, name: discriminator.column), discriminator.values.map { .value($0) })
    }

    /// Runs `body` with a new frame (for a subquery) and returns its joins.
    func inSubquery<T>(_ body: () throws(SQLLoweringError) -> T) throws(SQLLoweringError) -> (T, [SQLSelect.Join]) {
        frames.append(Frame())
        let result: T
        do {
            result = try body()
        } catch {
            frames.removeLast()
            throw error
        }
        let frame = frames.removeLast()
        return (result, frame.joins)
    }

    func rootQuery(
        entity: String, condition: CheckedCondition?, sortKeys: [CheckedSortKey], limit: Int?, offset: Int?
    ) throws(SQLLoweringError) -> SQLSelect {
        let table = try table(entity, range: nil)
        root = Row(alias: "t0", entity: entity, optional: false)
        var select = SQLSelect(
            columns: [.column(alias: "t0", name: table.primaryKey)], from: .init(table: table.name, alias: "t0"))
        if let filter = discriminator(table, alias: "t0") { select.conditions.append(filter) }
        if let condition { select.conditions += try whereConditions(condition, table: table) }
        for key in sortKeys {
            select.order.append(contentsOf: try order(key))
        }
        select.order.append(.init(expression: .column(alias: "t0", name: table.primaryKey), descending: false))
        select.joins = Self.innerWhereRequired(frames[0].joins, conditions: select.conditions)
        if let problem = ResultWindow(offset: offset ?? 0, limit: limit).problem {
            throw SQLLoweringError(id: "sql-window", message: problem, range: nil)
        }
        select.limit = limit
        select.offset = offset
        return select
    }

    /// The joins with LEFT made INNER where a top-level condition cannot be true without the
    /// joined row: `t1.name = ?` with a non-NULL value is NULL when `t1` is missing, so the
    /// missing row is filtered anyway, and an inner join lets the planner start from either
    /// table (an index on `t1.name`, then the foreign key). The rows are the same.
    static func innerWhereRequired(_ joins: [SQLSelect.Join], conditions: [SQLExpression]) -> [SQLSelect.Join] {
        var required: Set<String> = []
        var terms = conditions
        while let term = terms.popLast() {
            switch term {
            case .and(let parts): terms += parts
            case .binary(let left, let op, let right)
            where [.equal, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(op):
                for (side, other) in [(left, right), (right, left)] {
                    guard case .column(let alias, _) = side else { continue }
                    switch other {
                    case .value(let value) where !value.isNull: required.insert(alias)
                    case .column: required.insert(alias)
                    default: break
                    }
                }
            default: break
            }
        }
        var result = joins
        for index in result.indices.reversed() where required.contains(result[index].source.alias) {
            result[index].inner = true
            // The row it hangs from must exist too.
            var onTerms = [result[index].on]
            while let term = onTerms.popLast() {
                switch term {
                case .and(let parts): onTerms += parts
                case .binary(let a, _, let b):
                    for side in [a, b] { if case .column(let alias, _) = side { required.insert(alias) } }
                default: break
                }
            }
        }
        return result
    }

    /// `ORDER BY` terms for a sort key checked by the rule every back end applies (an attribute
    /// through to-one hops): nil first ascending (as in memory), strings in the engine's order
    /// through `pe_compare`-compatible folding.
    private func order(_ checked: CheckedSortKey) throws(SQLLoweringError) -> [SQLSelect.Order] {
        let key = checked.key
        let operand = try keyPath(checked.resolved, from: root, range: nil, text: key.keyPath)
        guard case .scalar(let expression, let type) = operand else {
            throw SQLLoweringError(
                message: "sort key '\(key.keyPath)' is not a single value (a to-many path or an object)", range: nil)
        }
        // nil sorts first ascending (last descending), as in memory.
        let nullsFirst = SQLSelect.Order(expression: .isNull(expression, negated: true), descending: !key.ascending)
        let value = type == .string ? SQLExpression.collate(expression, key.comparison) : expression
        return [nullsFirst, .init(expression: value, descending: !key.ascending)]
    }
}

/// Selects of a `UNION ALL` that differ only in their bound values, run as one select over a
/// table of those values: what polling engines call multiplexing, here for the keyed
/// re-evaluations of live queries.
///
/// Twenty live queries `bucket.name == 'Bucket k'` re-evaluated together are twenty selects,
/// each with its keys and its name; PostgreSQL plans each of them (about 0.15 ms a select on
/// this project's machine, most of a forty-select statement's time). The same twenty as one
/// select read their keys and their values from a common table with a row per (query, key):
///
/// ```sql
/// WITH "pe_values0"("key", "p0", "p1") AS (VALUES ($1, $2, $3), ($4, $5, $6), …)
/// SELECT t0.id, "pe_values0"."p0", t0.size FROM "pe_values0"
///   JOIN "Content" AS t0 ON t0.id = "pe_values0"."key"
///   JOIN "Bucket" AS t1 ON t1.id = t0.bucket_id
///   WHERE t0.id IN (<every key, once>) AND t1.name = "pe_values0"."p1"
/// ```
///
/// Each select's rows are exactly the rows of the joined select whose value row is its own: the
/// key is the table's primary key, so each (query, key) row joins at most one row, which is
/// kept when the select's conditions hold for that row and its values — the values the select
/// bound itself. Selects group by their shape: the select with its bound values replaced by
/// columns of the value table, in order, with the kind of each value.
///
/// **Types.** A column of the value table has one type, which PostgreSQL takes from its values:
/// integers, doubles and bytes are bound with their types, but text and `NULL` are bound
/// untyped, and where a query compares one with a `uuid` column PostgreSQL reads it as a UUID —
/// in a value table it would be text. So a text value moves to the value table only where its
/// type is text wherever it stands: compared with (or listed against) a column that holds text
/// (`isText`), a collated or folded string, or an argument of the engine's string functions;
/// other text values and `NULL`s stay in the select, as part of its shape. A select whose keys
/// mix integers and text keeps its own statement, as does a shape of one select. Subqueries of
/// the select may read the value table's columns: they are correlated with it as with the root
/// row.
public struct SQLMultiplexedSelects: Sendable, Hashable {
    /// The prefix of the value tables' names (`pe_values0`, …): selects reading a table with
    /// that prefix keep their own statements.
    public static let tablePrefix = "pe_values"

    /// The value tables, one per shape of two or more selects.
    public var commonTables: [SQLCommonTable]
    /// The selects to join with `UNION ALL`: one per shape of two or more, and the others
    /// restricted to their keys (`key IN (…)` first, as the lowering puts it).
    public var selects: [SQLSelect]

    /// `selects[i]` (over the root table under `rootAlias`, with no condition on its key) to be
    /// evaluated for the keys `keys[i]`, multiplexed where they share a shape. `isText(table,
    /// column)` says which columns hold text (see the type: where a text value may move).
    ///
    /// Selects reading a table of `apart` keep their own statements: a common table computed
    /// once per row for several selects (``SQLSharedSubqueries``) would be read by one select
    /// only, which a database that cannot be told to materialize it folds back into the select.
    public init(
        selects: [SQLSelect], keys: [[SQLValue]], rootAlias: String = "t0", keyColumn: String,
        apart: Set<String> = [], isText: (_ table: String, _ column: String) -> Bool
    ) {
        let rootKey = SQLExpression.column(alias: rootAlias, name: keyColumn)
        var shapes: [Shape: [Int]] = [:]
        var order: [Shape] = []
        var lifted: [(select: SQLSelect, values: [SQLValue])?] = []
        for (index, select) in selects.enumerated() {
            guard index < keys.count, select.tablesRead.isDisjoint(with: apart),
                let shape = Self.shape(of: select, keys: keys[index], keyColumn: keyColumn, isText: isText)
            else {
                lifted.append(nil)
                continue
            }
            lifted.append((shape.select, shape.values))
            if shapes[shape.key] == nil { order.append(shape.key) }
            shapes[shape.key, default: []].append(index)
        }
        var tables: [SQLCommonTable] = []
        var result: [SQLSelect] = []
        var done: Set<Int> = []
        for shape in order {
            guard let members = shapes[shape], members.count > 1, let first = members.first,
                let template = lifted[first]?.select
            else { continue }
            let name = Self.tablePrefix + String(tables.count)
            var rows: [[SQLExpression]] = []
            var union: [SQLValue] = []
            var seen: Set<SQLValue> = []
            for member in members {
                let values = (lifted[member]?.values ?? []).map { SQLExpression.value($0) }
                for key in keys[member] {
                    rows.append([.value(key)] + values)
                    if seen.insert(key).inserted { union.append(key) }
                }
            }
            tables.append(
                SQLCommonTable(
                    name: name, columns: ["key"] + shape.kinds.indices.map { "p\($0)" }, body: .values(rows)))
            var select = template.renamingAliases([Self.tablePrefix: name])
            let root = select.from
            select.from = .init(table: name)
            select.joins.insert(
                .init(source: root, on: .binary(rootKey, .equal, .column(alias: name, name: "key")), inner: true), at: 0
            )
            // The keys once more, as a list: the root table is read by key whatever the number
            // of rows (PostgreSQL joined 500 rows of values to a scan of a 100,000-row table).
            select.conditions.insert(.inList(rootKey, union.map { .value($0) }), at: 0)
            result.append(select)
            done.formUnion(members)
        }
        for (index, select) in selects.enumerated() where !done.contains(index) {
            result.append(Self.restricted(select, keys: index < keys.count ? keys[index] : [], rootKey: rootKey))
        }
        commonTables = tables
        self.selects = result
    }

    /// The selects each restricted to its own keys (`key IN (…)` first), none multiplexed.
    public static func restricted(
        _ selects: [SQLSelect], keys: [[SQLValue]], rootAlias: String = "t0", keyColumn: String
    )
        -> [SQLSelect]
    {
        let rootKey = SQLExpression.column(alias: rootAlias, name: keyColumn)
        return selects.enumerated().map { index, select in
            restricted(select, keys: index < keys.count ? keys[index] : [], rootKey: rootKey)
        }
    }

    private static func restricted(_ select: SQLSelect, keys: [SQLValue], rootKey: SQLExpression) -> SQLSelect {
        var restricted = select
        restricted.conditions.insert(
            keys.isEmpty ? .truth(.alwaysFalse) : .inList(rootKey, keys.map { .value($0) }), at: 0)
        return restricted
    }

    /// What groups selects: the select with its values lifted, their kinds, the keys' kind.
    struct Shape: Hashable {
        var select: SQLSelect
        var kinds: [String]
        var keyKind: String
    }

    /// The shape of `select` for `keys`, with the values lifted out of it; `nil` when it cannot
    /// share a value table (see the type).
    private static func shape(
        of select: SQLSelect, keys: [SQLValue], keyColumn: String, isText: (_ table: String, _ column: String) -> Bool
    ) -> (key: Shape, select: SQLSelect, values: [SQLValue])? {
        // Text keys only where the key column holds text (a column of the value table is text).
        guard let keyKind = keys.first.map(kind), keys.allSatisfy({ kind($0) == keyKind }), keyKind != "null",
            keyKind != "text" || isText(select.from.table, keyColumn),
            !select.tablesRead.contains(where: { $0.hasPrefix(tablePrefix) })
        else { return nil }
        var tables: [String: String] = [:]
        var pending = [select]
        while let next = pending.popLast() {
            tables[next.from.alias] = next.from.table
            for join in next.joins { tables[join.source.alias] = join.source.table }
            pending += next.expressions.flatMap(\.subqueries)
        }
        return withoutActuallyEscaping(isText) { isText in
            var lifting = ValueLifting(alias: tablePrefix) { alias, column in
                tables[alias].map { isText($0, column) } ?? false
            }
            let lifted = lifting.lift(select)
            let kinds = lifting.values.map(kind)
            return (Shape(select: lifted, kinds: kinds, keyKind: keyKind), lifted, lifting.values)
        }
    }

    /// The kind of a value, as a column of the value table types it.
    private static func kind(_ value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case .integer: "integer"
        case .double: "double"
        case .text: "text"
        case .blob: "blob"
        }
    }
}

/// Replaces the bound values of a select (its subqueries included) by the columns `p0`, `p1`, …
/// of the table `alias`, in rendering order, keeping the values: every value but `NULL`, text
/// only where it stands as text (see ``SQLMultiplexedSelects``).
private struct ValueLifting {
    let alias: String
    /// Whether `alias.column` holds text.
    let isText: (_ alias: String, _ column: String) -> Bool
    var values: [SQLValue] = []

    init(alias: String, isText: @escaping (_ alias: String, _ column: String) -> Bool) {
        self.alias = alias
        self.isText = isText
    }

    mutating func lift(_ select: SQLSelect) -> SQLSelect {
        select.mappingExpressions { lift($0) }
    }

    /// `expression` with its values lifted; `asText`: it stands where only text can.
    mutating func lift(_ expression: SQLExpression, asText: Bool = false) -> SQLExpression {
        switch expression {
        case .value(let value):
            switch value {
            case .null: return expression
            case .text where !asText: return expression
            case .text, .integer, .double, .blob:
                values.append(value)
                return .column(alias: alias, name: "p" + String(values.count - 1))
            }
        case .exists(let select): return .exists(lift(select))
        case .scalar(let select): return .scalar(lift(select))
        case .binary(let a, let op, let b):
            return .binary(lift(a, asText: isTextual(b)), op, lift(b, asText: isTextual(a)))
        case .nullSafeEqual(let a, let b):
            return .nullSafeEqual(lift(a, asText: isTextual(b)), lift(b, asText: isTextual(a)))
        case .inList(let subject, let items):
            let text = isTextual(subject)
            return .inList(lift(subject), items.map { lift($0, asText: text) })
        case .between(let subject, let low, let high):
            let text = isTextual(subject)
            return .between(lift(subject), low: lift(low, asText: text), high: lift(high, asText: text))
        case .function(let function, let arguments):
            let text = Self.stringFunctions.contains(function)
            return .function(function, arguments.map { lift($0, asText: text) })
        default:
            return expression.mappingChildren { lift($0) }
        }
    }

    /// The engine's string helpers: every argument is text.
    static let stringFunctions: Set<SQLFunction> = [
        .contains, .beginsWith, .endsWith, .like, .matches, .compare, .fold,
    ]

    /// Whether `expression` is text whatever its values: a text column, a collated string, a
    /// folded one.
    func isTextual(_ expression: SQLExpression) -> Bool {
        switch expression {
        case .column(let alias, let column): isText(alias, column)
        case .collate, .function(.fold, _): true
        default: false
        }
    }
}

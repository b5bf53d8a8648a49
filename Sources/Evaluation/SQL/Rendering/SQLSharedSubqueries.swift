/// Subqueries that several selects of one `UNION ALL` compute for the same rows, computed once
/// per row in a common table instead of once per select.
///
/// Live queries over a database evaluate many queries' roots in one statement; twenty queries
/// `contents.@count > k` over Buckets each count the Contents of the same Buckets. Given the
/// selects (each over the same table under the same root alias, restricted to its own keys),
/// a subquery that stands in two or more of them — a scalar subquery or an `EXISTS`, correlated
/// with the root row only — becomes a column of a common table over the union of their keys,
/// and each select reads that column instead:
///
/// ```sql
/// WITH "pe_shared"("key", "v0") AS (
///   SELECT t0.id, (SELECT COUNT(*) FROM "Content" AS s1 WHERE s1.bucket_id = t0.id)
///   FROM "Bucket" AS t0 WHERE t0.id IN (K1 ∪ K2))
/// SELECT … FROM "Bucket" AS t0 JOIN "pe_shared" ON "pe_shared"."key" = t0.id
///   WHERE t0.id IN (K1) AND "pe_shared"."v0" > 0
/// UNION ALL
/// SELECT … FROM "Bucket" AS t0 JOIN "pe_shared" ON "pe_shared"."key" = t0.id
///   WHERE t0.id IN (K2) AND "pe_shared"."v0" > 1
/// ```
///
/// The common table has one row per key (the key is the table's primary key), so the inner
/// join keeps each select's rows as they were, and the value read is the one the subquery
/// gives for that row. SQLite (3.35 and later) and PostgreSQL (12 and later) both compute a
/// common table read more than once a single time. Two subqueries are the same when they are
/// equal once the aliases they define are renumbered in order (``SQLSelect/canonicalAliases(prefix:)``),
/// so the lowering's numbering of the other tables of a query does not matter.
///
/// Left in place: subqueries that read another table of the select (a joined to-one hop), and
/// subqueries that can raise an evaluation error (`pe_raise`), which the original select may
/// never have evaluated for some rows.
public struct SQLSharedSubqueries: Sendable, Hashable {
    /// The common table's name: a table of the mapping with this name keeps its selects as they are.
    public static let tableName = "pe_shared"

    /// The common table: the root's key, then one value per shared subquery.
    public var commonTable: SQLCommonTable
    /// The selects, those using a shared value joined with the common table.
    public var selects: [SQLSelect]

    /// The selects with their shared subqueries factored out, or `nil` when none is shared (or
    /// the selects do not all read `rootAlias` from one table, or one reads a table named
    /// ``tableName``). `keys[i]` are the keys select `i` is restricted to.
    public init?(selects: [SQLSelect], keys: [[SQLValue]], rootAlias: String = "t0", keyColumn: String) {
        guard selects.count > 1, keys.count == selects.count, let first = selects.first else { return nil }
        for select in selects {
            guard select.from.alias == rootAlias, select.from.table == first.from.table,
                select.from.schema == first.from.schema, select.from.arguments == nil,
                !select.tablesRead.contains(Self.tableName)
            else { return nil }
        }
        // The candidate subqueries of each select, by canonical form; shared when in two selects.
        let candidates = selects.map { Self.candidates(in: $0, rootAlias: rootAlias) }
        var uses: [SQLExpression: Int] = [:]
        var order: [SQLExpression] = []
        for found in candidates {
            for subquery in found.values {
                if uses[subquery] == nil { order.append(subquery) }
                uses[subquery, default: 0] += 1
            }
        }
        let shared = order.filter { (uses[$0] ?? 0) > 1 }
        guard !shared.isEmpty else { return nil }
        var columns: [SQLExpression: String] = [:]
        for (index, subquery) in shared.enumerated() { columns[subquery] = "v\(index)" }

        let rootKey = SQLExpression.column(alias: rootAlias, name: keyColumn)
        let join = SQLSelect.Join(
            source: .init(table: Self.tableName),
            on: .binary(.column(alias: Self.tableName, name: "key"), .equal, rootKey), inner: true)
        var rewritten: [SQLSelect] = []
        var sharedKeys: [SQLValue] = []
        var seenKeys: Set<SQLValue> = []
        for (index, select) in selects.enumerated() {
            var replacements: [SQLExpression: SQLExpression] = [:]
            for (original, canonical) in candidates[index] {
                if let column = columns[canonical] {
                    replacements[original] = .column(alias: Self.tableName, name: column)
                }
            }
            guard !replacements.isEmpty else {
                rewritten.append(select)
                continue
            }
            var changed = select
            changed.columns = select.columns.map { Self.replacing(replacements, in: $0) }
            changed.conditions = select.conditions.map { Self.replacing(replacements, in: $0) }
            changed.joins.append(join)
            rewritten.append(changed)
            for key in keys[index] where seenKeys.insert(key).inserted { sharedKeys.append(key) }
        }
        var table = SQLSelect(columns: [rootKey] + shared, from: first.from)
        table.conditions =
            sharedKeys.isEmpty ? [.truth(.alwaysFalse)] : [.inList(rootKey, sharedKeys.map { .value($0) })]
        commonTable = SQLCommonTable(
            name: Self.tableName, columns: ["key"] + shared.indices.map { "v\($0)" }, body: .select(table))
        self.selects = rewritten
    }

    /// The subqueries of `select`'s columns and conditions, outside other subqueries, that read
    /// no table of the select but its root and raise no error: each with its canonical form.
    private static func candidates(in select: SQLSelect, rootAlias: String) -> [SQLExpression: SQLExpression] {
        var found: [SQLExpression: SQLExpression] = [:]
        var pending = select.columns + select.conditions
        while let expression = pending.popLast() {
            switch expression {
            case .exists(let subquery), .scalar(let subquery):
                guard subquery.freeAliases.isSubset(of: [rootAlias]), !expression.calls(.raise) else { continue }
                let canonical = subquery.canonicalAliases(prefix: "s")
                found[expression] = if case .exists = expression { .exists(canonical) } else { .scalar(canonical) }
            default:
                pending += expression.children
            }
        }
        return found
    }

    /// `expression` with each sub-expression found in `replacements` replaced.
    private static func replacing(_ replacements: [SQLExpression: SQLExpression], in expression: SQLExpression)
        -> SQLExpression
    {
        if let replacement = replacements[expression] { return replacement }
        return expression.mappingChildren { replacing(replacements, in: $0) }
    }
}

import Evaluation
import Testing

/// ``SQLSharedSubqueries``: a subquery that two or more selects of a `UNION ALL` compute for
/// their root rows is computed once per row in a common table the selects join; subqueries that
/// read another table of their select, or that can raise, stay where they are.
@Suite("Shared subqueries of a UNION ALL")
struct SharedSubqueriesTests {
    /// `(SELECT COUNT(*) FROM "Content" AS alias WHERE alias."bucket_id" = "t0"."id")`.
    static func count(alias: String) -> SQLExpression {
        var select = SQLSelect(columns: [.function(.count, [])], from: .init(table: "Content", alias: alias))
        select.conditions = [
            .binary(.column(alias: alias, name: "bucket_id"), .equal, .column(alias: "t0", name: "id"))
        ]
        return .scalar(select)
    }

    /// `SELECT "t0"."id", <marker> FROM "Bucket" AS "t0" WHERE "t0"."id" IN (keys) AND condition`.
    static func select(_ marker: SQLExpression.Literal, keys: [Int64], _ condition: SQLExpression) -> SQLSelect {
        var select = SQLSelect(
            columns: [.column(alias: "t0", name: "id"), .literal(marker)], from: .init(table: "Bucket", alias: "t0"))
        select.conditions = [.inList(.column(alias: "t0", name: "id"), keys.map { .value(.integer($0)) }), condition]
        return select
    }

    static func render(_ selects: [SQLSelect], keys: [[Int64]], dialect: any SQLDialect = SQLiteDialect()) throws
        -> SQLStatement?
    {
        guard
            let shared = SQLSharedSubqueries(
                selects: selects, keys: keys.map { $0.map { .integer($0) } }, keyColumn: "id")
        else { return nil }
        return try dialect.render(unionAll: shared.selects, with: [shared.commonTable])
    }

    @Test("two selects counting the same rows read one count per row from a common table")
    func sharedCount() throws {
        // The lowering numbered the subquery's table t1 in one query and t3 in the other.
        let selects = [
            Self.select(.one, keys: [1, 2], .binary(Self.count(alias: "t1"), .greater, .value(.integer(0)))),
            Self.select(.zero, keys: [2, 3], .binary(Self.count(alias: "t3"), .greater, .value(.integer(5)))),
        ]
        let statement = try #require(try Self.render(selects, keys: [[1, 2], [2, 3]]))
        #expect(
            statement.sql
                == #"WITH "pe_shared"("key", "v0") AS (SELECT "t0"."id", (SELECT COUNT(*) FROM "Content" AS "s1" "#
                + #"WHERE "s1"."bucket_id" = "t0"."id") FROM "Bucket" AS "t0" WHERE "t0"."id" IN (?, ?, ?)) "#
                + #"SELECT "t0"."id", 1 FROM "Bucket" AS "t0" JOIN "pe_shared" ON "pe_shared"."key" = "t0"."id" "#
                + #"WHERE "t0"."id" IN (?, ?) AND "pe_shared"."v0" > ? UNION ALL "#
                + #"SELECT "t0"."id", 0 FROM "Bucket" AS "t0" JOIN "pe_shared" ON "pe_shared"."key" = "t0"."id" "#
                + #"WHERE "t0"."id" IN (?, ?) AND "pe_shared"."v0" > ?"#)
        // The common table's keys (the union, each once) come first, then each select's.
        #expect(
            statement.bindings == [1, 2, 3, 1, 2, 0, 2, 3, 5].map { SQLValue.integer($0) })
    }

    @Test("PostgreSQL numbers the common table's placeholders first")
    func postgresPlaceholders() throws {
        let selects = [
            Self.select(.one, keys: [7], .not(.exists(Self.existsTag(alias: "t2")))),
            Self.select(.zero, keys: [8], .exists(Self.existsTag(alias: "t1"))),
        ]
        let statement = try #require(try Self.render(selects, keys: [[7], [8]], dialect: PostgreSQLDialect()))
        // PostgreSQL is told to compute the shared values once, however many selects read them.
        #expect(
            statement.sql.hasPrefix(
                #"WITH "pe_shared"("key", "v0") AS MATERIALIZED (SELECT "t0"."id", EXISTS (SELECT 1 "#))
        // The tag's name is bound once, in the common table, then its keys, then each select's.
        #expect(statement.sql.contains(#"WHERE "t0"."id" IN ($2, $3))"#))
        #expect(statement.sql.contains(#"WHERE "t0"."id" IN ($4) AND NOT "pe_shared"."v0" UNION ALL"#))
        #expect(statement.sql.hasSuffix(#"WHERE "t0"."id" IN ($5) AND "pe_shared"."v0""#))
        #expect(statement.bindings == [.text("a"), .integer(7), .integer(8), .integer(7), .integer(8)])
    }

    /// `EXISTS (SELECT 1 FROM "Tag" AS alias WHERE alias."bucket_id" = "t0"."id" AND alias."name" = 'a')`.
    static func existsTag(alias: String) -> SQLSelect {
        var select = SQLSelect(columns: [.literal(.one)], from: .init(table: "Tag", alias: alias))
        select.conditions = [
            .binary(.column(alias: alias, name: "bucket_id"), .equal, .column(alias: "t0", name: "id")),
            .binary(.column(alias: alias, name: "name"), .equal, .value(.text("a"))),
        ]
        return select
    }

    @Test("a select without the shared subquery keeps its statement and adds no keys")
    func unsharedSelectUnchanged() throws {
        let plain = Self.select(
            .zero, keys: [9], .binary(.column(alias: "t0", name: "name"), .equal, .value(.text("x"))))
        let selects = [
            Self.select(.one, keys: [1], .binary(Self.count(alias: "t1"), .greater, .value(.integer(0)))),
            plain,
            Self.select(.one, keys: [2], .binary(Self.count(alias: "t1"), .less, .value(.integer(3)))),
        ]
        let shared = try #require(
            SQLSharedSubqueries(selects: selects, keys: [[.integer(1)], [.integer(9)], [.integer(2)]], keyColumn: "id"))
        #expect(shared.selects[1] == plain)
        guard case .select(let table) = shared.commonTable.body else {
            return #expect(Bool(false), "the shared values are computed by a select")
        }
        #expect(
            table.conditions == [.inList(.column(alias: "t0", name: "id"), [.value(.integer(1)), .value(.integer(2))])])
        #expect(shared.selects[0].joins.count == 1 && shared.selects[2].joins.count == 1)
    }

    @Test("nothing is shared: a subquery in one select only, one reading a joined table, one that can raise")
    func nothingShared() throws {
        let once = [
            Self.select(.one, keys: [1], .binary(Self.count(alias: "t1"), .greater, .value(.integer(0)))),
            Self.select(.zero, keys: [2], .binary(.column(alias: "t0", name: "name"), .equal, .value(.text("x")))),
        ]
        #expect(try Self.render(once, keys: [[1], [2]]) == nil)

        // Correlated with a joined table `t1` (a to-one hop), not with the root row alone.
        var joinedCount = SQLSelect(columns: [.function(.count, [])], from: .init(table: "Content", alias: "t2"))
        joinedCount.conditions = [
            .binary(.column(alias: "t2", name: "bucket_id"), .equal, .column(alias: "t1", name: "id"))
        ]
        var joined = Self.select(.one, keys: [1], .binary(.scalar(joinedCount), .greater, .value(.integer(0))))
        joined.joins = [
            .init(
                source: .init(table: "Bucket", alias: "t1"),
                on: .binary(.column(alias: "t1", name: "id"), .equal, .column(alias: "t0", name: "parent_id")),
                inner: false)
        ]
        #expect(try Self.render([joined, joined], keys: [[1], [1]]) == nil)

        // A subquery that may raise an evaluation error is evaluated where the select puts it.
        var raising = SQLSelect(
            columns: [.function(.raise, [.truth(.alwaysTrue), .column(alias: "t1", name: "id")])],
            from: .init(table: "Content", alias: "t1"))
        raising.conditions = [
            .binary(.column(alias: "t1", name: "bucket_id"), .equal, .column(alias: "t0", name: "id"))
        ]
        let raisingSelect = Self.select(.one, keys: [1], .isNull(.scalar(raising), negated: true))
        #expect(try Self.render([raisingSelect, raisingSelect], keys: [[1], [1]]) == nil)
    }

    @Test("selects over different tables, or reading a table named like the common table, are left alone")
    func refusedShapes() throws {
        let condition = SQLExpression.binary(Self.count(alias: "t1"), .greater, .value(.integer(0)))
        var other = Self.select(.zero, keys: [1], condition)
        other.from = .init(table: "Shelf", alias: "t0")
        #expect(try Self.render([Self.select(.one, keys: [1], condition), other], keys: [[1], [1]]) == nil)

        var named = Self.select(.one, keys: [1], condition)
        named.joins = [
            .init(
                source: .init(table: SQLSharedSubqueries.tableName, alias: "t5"),
                on: .binary(.column(alias: "t5", name: "id"), .equal, .column(alias: "t0", name: "id")), inner: false)
        ]
        #expect(try Self.render([named, Self.select(.zero, keys: [2], condition)], keys: [[1], [2]]) == nil)
    }

    @Test("canonical aliases: subqueries that differ only in their tables' numbering are equal")
    func canonicalAliases() {
        guard case .scalar(let first) = Self.count(alias: "t1"), case .scalar(let second) = Self.count(alias: "t7")
        else { return #expect(Bool(false), "count(alias:) makes a scalar subquery") }
        #expect(first != second)
        #expect(first.canonicalAliases(prefix: "s") == second.canonicalAliases(prefix: "s"))
        #expect(first.freeAliases == ["t0"])
        #expect(first.definedAliases == ["t1"])
    }

    @Test("a common table naming fewer columns than its rows hold is refused")
    func commonTableColumns() {
        let select = SQLCommonTable(
            name: "pe_shared", columns: ["key"],
            body: .select(
                SQLSelect(
                    columns: [.column(alias: "t0", name: "id"), .literal(.one)],
                    from: .init(table: "Bucket", alias: "t0"))))
        let values = SQLCommonTable(
            name: "pe_values0", columns: ["key", "p0"],
            body: .values([[.value(.integer(1)), .value(.integer(2))], [.value(.integer(3))]]))
        for table in [select, values] {
            #expect(throws: SQLLoweringError.self) {
                try SQLiteDialect().render(unionAll: [Self.select(.one, keys: [1], .truth(.alwaysTrue))], with: [table])
            }
        }
    }
}

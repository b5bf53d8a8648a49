import Evaluation
import Testing

/// ``SQLMultiplexedSelects``: selects that differ only in their bound values become one select
/// over a table of (key, values) rows; a text value moves only where it stands as text, `NULL`
/// never, and selects that cannot share a table keep their own statement restricted to their
/// keys.
@Suite("Multiplexed selects of a UNION ALL")
struct MultiplexedSelectsTests {
    /// `SELECT t0.id, <position> FROM "Content" AS t0 JOIN "Bucket" AS t1 ON t1.id = t0.bucket_id
    /// WHERE t1.<column> = <value>`: the shape of `bucket.name == 'x'` without its keys.
    static func select(position: Int64, _ column: String, _ value: SQLValue) -> SQLSelect {
        var select = SQLSelect(
            columns: [.column(alias: "t0", name: "id"), .value(.integer(position))],
            from: .init(table: "Content", alias: "t0"))
        select.joins = [
            .init(
                source: .init(table: "Bucket", alias: "t1"),
                on: .binary(.column(alias: "t1", name: "id"), .equal, .column(alias: "t0", name: "bucket_id")),
                inner: true)
        ]
        select.conditions = [.binary(.column(alias: "t1", name: column), .equal, .value(value))]
        return select
    }

    /// `Bucket.name` holds text; `Bucket.token` (a UUID) does not.
    static func isText(_ table: String, _ column: String) -> Bool { table == "Bucket" && column == "name" }

    static func multiplexed(_ selects: [SQLSelect], keys: [[SQLValue]]) -> SQLMultiplexedSelects {
        SQLMultiplexedSelects(selects: selects, keys: keys, keyColumn: "id", isText: isText)
    }

    @Test("two selects differing in a name and a position: one select over their value rows")
    func multiplexesTextAndIntegers() throws {
        let result = Self.multiplexed(
            [
                Self.select(position: 0, "name", .text("Bucket 1")),
                Self.select(position: 1, "name", .text("Bucket 38")),
            ],
            keys: [[.integer(5), .integer(6)], [.integer(6)]])
        #expect(result.selects.count == 1)
        let statement = try PostgreSQLDialect().render(unionAll: result.selects, with: result.commonTables)
        #expect(
            statement.sql
                == #"WITH "pe_values0"("key", "p0", "p1") AS (VALUES ($1, $2, $3), ($4, $5, $6), ($7, $8, $9)) "#
                + #"SELECT "t0"."id", "pe_values0"."p0" FROM "pe_values0" JOIN "Content" AS "t0" "#
                + #"ON "t0"."id" = "pe_values0"."key" JOIN "Bucket" AS "t1" ON "t1"."id" = "t0"."bucket_id" "#
                + #"WHERE "t0"."id" IN ($10, $11) AND "t1"."name" = "pe_values0"."p1""#)
        // A row per (select, key): the key, then the select's own values in order; then every
        // key once, for reading the root table by key.
        #expect(
            statement.bindings == [
                .integer(5), .integer(0), .text("Bucket 1"), .integer(6), .integer(0), .text("Bucket 1"),
                .integer(6), .integer(1), .text("Bucket 38"), .integer(5), .integer(6),
            ])
    }

    @Test("text compared with a column that is not text stays in the select: different shapes, apart")
    func textOutsideTextStays() throws {
        let result = Self.multiplexed(
            [Self.select(position: 0, "token", .text("a1")), Self.select(position: 1, "token", .text("b2"))],
            keys: [[.integer(5)], [.integer(6)]])
        #expect(result.commonTables.isEmpty)
        let statement = try SQLiteDialect().render(unionAll: result.selects, with: result.commonTables)
        #expect(
            statement.sql
                == #"SELECT "t0"."id", ? FROM "Content" AS "t0" JOIN "Bucket" AS "t1" ON "t1"."id" = "t0"."bucket_id" "#
                + #"WHERE "t0"."id" IN (?) AND "t1"."token" = ? UNION ALL "#
                + #"SELECT "t0"."id", ? FROM "Content" AS "t0" JOIN "Bucket" AS "t1" ON "t1"."id" = "t0"."bucket_id" "#
                + #"WHERE "t0"."id" IN (?) AND "t1"."token" = ?"#)
        #expect(statement.bindings == [.integer(0), .integer(5), .text("a1"), .integer(1), .integer(6), .text("b2")])
    }

    @Test("the same text in the same place: one shape, multiplexed on the positions only")
    func sameTextOutsideTextShares() {
        let result = Self.multiplexed(
            [Self.select(position: 0, "token", .text("a1")), Self.select(position: 1, "token", .text("a1"))],
            keys: [[.integer(5)], [.integer(6)]])
        #expect(result.commonTables.map(\.columns) == [["key", "p0"]])
        #expect(
            result.selects.first?.conditions == [
                .inList(.column(alias: "t0", name: "id"), [.value(.integer(5)), .value(.integer(6))]),
                .binary(.column(alias: "t1", name: "token"), .equal, .value(.text("a1"))),
            ])
    }

    @Test("NULL stays; keys mixing integers and text, or a shape of one, keep their own restricted select")
    func apart() {
        let nulls = Self.multiplexed(
            [Self.select(position: 0, "name", .null), Self.select(position: 1, "name", .text("x"))],
            keys: [[.integer(1)], [.integer(2)]])
        #expect(nulls.commonTables.isEmpty)
        #expect(nulls.selects.count == 2)
        #expect(nulls.selects[0].conditions.first == .inList(.column(alias: "t0", name: "id"), [.value(.integer(1))]))

        let mixed = Self.multiplexed(
            [Self.select(position: 0, "name", .text("a")), Self.select(position: 1, "name", .text("b"))],
            keys: [[.integer(1), .text("k")], [.integer(2)]])
        #expect(mixed.commonTables.isEmpty)
        #expect(mixed.selects.count == 2)

        // Text keys need a key column that holds text (`Content.id` does not here).
        let textKeys = Self.multiplexed(
            [Self.select(position: 0, "name", .text("a")), Self.select(position: 1, "name", .text("b"))],
            keys: [[.text("k1")], [.text("k2")]])
        #expect(textKeys.commonTables.isEmpty)

        // No keys: a select that matches nothing.
        let empty = SQLMultiplexedSelects.restricted(
            [Self.select(position: 0, "name", .text("a"))], keys: [[]], keyColumn: "id")
        #expect(empty.first?.conditions.first == .truth(.alwaysFalse))
    }

    @Test("selects reading a table kept apart (shared values a database would fold back) keep their own statements")
    func apartTables() {
        var first = Self.select(position: 0, "name", .text("a"))
        var second = Self.select(position: 1, "name", .text("b"))
        for index in [0, 1] {
            let join = SQLSelect.Join(
                source: .init(table: SQLSharedSubqueries.tableName),
                on: .binary(
                    .column(alias: SQLSharedSubqueries.tableName, name: "key"), .equal, .column(alias: "t0", name: "id")
                ),
                inner: true)
            if index == 0 { first.joins.append(join) } else { second.joins.append(join) }
        }
        let keys: [[SQLValue]] = [[.integer(1)], [.integer(2)]]
        let together = SQLMultiplexedSelects(
            selects: [first, second], keys: keys, keyColumn: "id", isText: Self.isText)
        #expect(together.commonTables.count == 1)
        let apart = SQLMultiplexedSelects(
            selects: [first, second], keys: keys, keyColumn: "id", apart: [SQLSharedSubqueries.tableName],
            isText: Self.isText)
        #expect(apart.commonTables.isEmpty)
        #expect(apart.selects.count == 2)
    }

    @Test("values inside a subquery move too: the subquery reads the value table's columns")
    func subqueryValues() throws {
        func tagged(_ position: Int64, _ name: String) -> SQLSelect {
            var exists = SQLSelect(columns: [.literal(.one)], from: .init(table: "Tag", alias: "t1"))
            exists.conditions = [
                .binary(.column(alias: "t1", name: "content_id"), .equal, .column(alias: "t0", name: "id")),
                .function(.contains, [.column(alias: "t1", name: "label"), .value(.text(name)), .value(.text("cd"))]),
            ]
            var select = SQLSelect(
                columns: [.column(alias: "t0", name: "id"), .value(.integer(position))],
                from: .init(table: "Content", alias: "t0"))
            select.conditions = [.exists(exists)]
            return select
        }
        let result = Self.multiplexed([tagged(0, "red"), tagged(1, "blue")], keys: [[.integer(3)], [.integer(4)]])
        let statement = try SQLiteDialect().render(unionAll: result.selects, with: result.commonTables)
        #expect(
            statement.sql.hasSuffix(
                #"WHERE "t0"."id" IN (?, ?) AND EXISTS (SELECT 1 FROM "Tag" AS "t1" WHERE "t1"."content_id" = "t0"."id" AND "#
                    + #"pe_contains("t1"."label", "pe_values0"."p1", "pe_values0"."p2"))"#))
        #expect(
            statement.bindings == [
                .integer(3), .integer(0), .text("red"), .text("cd"), .integer(4), .integer(1), .text("blue"),
                .text("cd"), .integer(3), .integer(4),
            ])
    }
}

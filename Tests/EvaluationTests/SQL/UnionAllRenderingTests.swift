import Evaluation
import Testing

/// `SQLDialect.render(unionAll:)`: selects joined with `UNION ALL` in one statement, the bound
/// values numbered on from one select to the next; selects that cannot stand in a `UNION ALL`
/// are refused with the reason.
@Suite("UNION ALL rendering")
struct UnionAllRenderingTests {
    /// `SELECT "t0"."id", <marker> FROM "Content" AS "t0" WHERE "t0"."id" IN (<keys>)`.
    static func select(marker: SQLExpression.Literal, keys: [Int64]) -> SQLSelect {
        var select = SQLSelect(
            columns: [.column(alias: "t0", name: "id"), .literal(marker)], from: .init(table: "Content", alias: "t0"))
        select.conditions = [.inList(.column(alias: "t0", name: "id"), keys.map { .value(.integer($0)) })]
        return select
    }

    static let pair = [select(marker: .one, keys: [1, 2]), select(marker: .zero, keys: [3])]

    @Test("PostgreSQL numbers the placeholders across the selects")
    func postgres() throws {
        let statement = try PostgreSQLDialect().render(unionAll: Self.pair)
        #expect(
            statement.sql
                == #"SELECT "t0"."id", 1 FROM "Content" AS "t0" WHERE "t0"."id" IN ($1, $2) UNION ALL "#
                + #"SELECT "t0"."id", 0 FROM "Content" AS "t0" WHERE "t0"."id" IN ($3)"#)
        #expect(statement.bindings == [.integer(1), .integer(2), .integer(3)])
    }

    @Test("SQLite binds in order")
    func sqlite() throws {
        let statement = try SQLiteDialect().render(unionAll: Self.pair)
        #expect(
            statement.sql
                == #"SELECT "t0"."id", 1 FROM "Content" AS "t0" WHERE "t0"."id" IN (?, ?) UNION ALL "#
                + #"SELECT "t0"."id", 0 FROM "Content" AS "t0" WHERE "t0"."id" IN (?)"#)
        #expect(statement.bindings == [.integer(1), .integer(2), .integer(3)])
    }

    @Test("no select, an order, a limit or a different number of columns is refused")
    func refusals() {
        func message(_ selects: [SQLSelect]) -> String? {
            do {
                _ = try SQLiteDialect().render(unionAll: selects)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message([]) == "a UNION ALL needs at least one SELECT")
        var ordered = Self.select(marker: .one, keys: [1])
        ordered.order = [.init(expression: .column(alias: "t0", name: "id"), descending: false)]
        #expect(
            message([Self.pair[0], ordered]) == "a SELECT of a UNION ALL cannot have an order, a limit or an offset")
        var limited = Self.select(marker: .one, keys: [1])
        limited.limit = 1
        #expect(message([limited]) == "a SELECT of a UNION ALL cannot have an order, a limit or an offset")
        var wide = Self.select(marker: .one, keys: [1])
        wide.columns.append(.literal(.zero))
        #expect(message([Self.pair[0], wide]) == "the SELECTs of a UNION ALL return 2 and 3 columns")
    }
}

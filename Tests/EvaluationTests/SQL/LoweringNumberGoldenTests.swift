import Evaluation
import Foundation
import KeyPaths
import Predicates
import Testing

/// Exact SQL for numbers: double constants met by integer columns, arithmetic as each dialect
/// computes memory's numbers, and the check that raises memory's evaluation error (arithmetic
/// on nil). Written by hand from the rules in `PredicateLowering+IntegerBounds.swift`,
/// `PredicateLowering+Errors.swift` and `SQLDialect.arithmetic`.
@Suite("SQL lowering: exact SQL for numbers, arithmetic and evaluation errors")
struct LoweringNumberGoldenTests {
    static let select = LoweringGoldenTests.select
    static let order = LoweringGoldenTests.order
    static let postgres = PostgreSQLDialect()

    @Test(
        "a double constant met by an integer column is the integer comparison selecting the same values",
        arguments: [
            ("#size > 1.5", #" WHERE "t0"."c_size" > ?"#, [SQLValue.integer(1)]),
            ("#size >= 1.5", #" WHERE "t0"."c_size" >= ?"#, [.integer(2)]),
            ("#size < -0.5", #" WHERE "t0"."c_size" < ?"#, [.integer(0)]),
            ("#size <= 1.5", #" WHERE "t0"."c_size" <= ?"#, [.integer(1)]),
            ("1.5 < #size", #" WHERE "t0"."c_size" > ?"#, [.integer(1)]),
            ("#size == 1.5", #" WHERE 1 = 0"#, []),
            ("#size != 1.5", "", []),
            ("#size == 3.0", #" WHERE "t0"."c_size" = ?"#, [.integer(3)]),
            ("#size == -0.0", #" WHERE "t0"."c_size" = ?"#, [.integer(0)]),
            ("#size IN {1, 2.5, 3.0}", #" WHERE "t0"."c_size" IN (?, ?)"#, [.integer(1), .integer(3)]),
            ("#size > 1e300", #" WHERE 1 = 0"#, []),
            ("#size < 1e300", #" WHERE "t0"."c_size" IS NOT NULL"#, []),
            (
                "#size BETWEEN {9.5, 1.5}", #" WHERE "t0"."c_size" >= ? AND "t0"."c_size" <= ?"#,
                [.integer(2), .integer(9)]
            ),
            ("#size < 0.0 / 0", #" WHERE 1 = 0"#, []),
        ])
    func integerBounds(format: String, whereClause: String, bindings: [SQLValue]) throws {
        let statement = try LoweringGoldenTests.statement(format)
        #expect(statement.sql == Self.select + whereClause + Self.order)
        #expect(statement.bindings == bindings)
    }

    @Test("3000000000 against a 16-bit column is bound as a 64-bit integer, not converted")
    func outOfRange() throws {
        let statement = try LoweringGoldenTests.statement("maxPixelSize < 3000000000", "ThumbnailContent")
        #expect(statement.sql == Self.select + #" WHERE "t0"."kind" IN (?) AND "t0"."c_maxPixelSize" < ?"# + Self.order)
        #expect(statement.bindings == [.integer(3), .integer(3_000_000_000)])
    }

    /// `CASE WHEN NOT EXISTS (<check>) THEN <condition> ELSE <false> END`, the check raising
    /// where memory raises.
    static func guarded(_ raising: String, _ condition: String, false falseCondition: String = "1 = 0") -> String {
        #" CASE WHEN NOT EXISTS (SELECT 1 FROM "content" AS "t0" WHERE pe_raise("#
            + raising + #", "t0"."pk") = 1) THEN "# + condition + " ELSE " + falseCondition + " END"
    }

    @Test(
        "arithmetic: SQLite's own numbers; PostgreSQL integers in numeric (div truncates), doubles in double precision")
    func arithmetic() throws {
        let product = try LoweringGoldenTests.statement("#size * 1.5 > 10")
        #expect(
            product.sql == Self.select + " WHERE" + Self.guarded(#""t0"."c_size" IS NULL"#, #"("t0"."c_size" * ?) > ?"#)
                + Self.order)
        #expect(product.bindings == [.double(1.5), .integer(10)])
        let floating = try LoweringGoldenTests.statement("#size * 1.5 > 10", dialect: Self.postgres)
        #expect(
            floating.sql
                == #"SELECT "t0"."pk" FROM "content" AS "t0" WHERE CASE WHEN NOT EXISTS (SELECT 1 FROM "content" AS "t0" WHERE pe_raise("t0"."c_size" IS NULL, "t0"."pk") = 1) THEN (CAST("t0"."c_size" AS double precision) * CAST($1 AS double precision)) > $2 ELSE FALSE END ORDER BY "t0"."pk""#
        )
        let quotient = try LoweringGoldenTests.statement("#size / 2 == -3", dialect: Self.postgres)
        #expect(quotient.sql.contains(#" THEN (div(CAST("t0"."c_size" AS numeric), $1)) = $2 ELSE FALSE END"#))
        #expect(quotient.bindings == [.integer(2), .integer(-3)])
        let negation = try LoweringGoldenTests.statement("-#size > 0", dialect: Self.postgres)
        #expect(negation.sql.contains(#" THEN (CAST(0 AS numeric) - "t0"."c_size") > $1 ELSE FALSE END"#))
    }

    @Test("IN binds its left operand's values before the list's (SQLite's ? placeholders are positional)")
    func inListOrder() throws {
        let statement = try LoweringGoldenTests.statement("#size * 2 IN {1, 2}")
        #expect(statement.sql.contains(#" THEN ("t0"."c_size" * ?) IN (?, ?) ELSE"#))
        #expect(statement.bindings == [.integer(2), .integer(1), .integer(2)])
    }

    @Test(
        "arithmetic on nil raises where memory raises: after the leading conditions that cannot raise, never behind a nil test that stops it"
    )
    func evaluationErrors() throws {
        let leading = try LoweringGoldenTests.statement("name == 'x' AND -#size < 5")
        #expect(
            leading.sql == Self.select + #" WHERE "t0"."c_name" = ? AND"#
                + Self.guarded(#"("t0"."c_name" = ?) IS 1 AND "t0"."c_size" IS NULL"#, #"(0 - "t0"."c_size") < ?"#)
                + Self.order)
        #expect(leading.bindings == [.text("x"), .text("x"), .integer(5)])
        let guardedByNil = try LoweringGoldenTests.statement("#size == nil OR -#size < 0")
        #expect(
            guardedByNil.sql == Self.select + " WHERE"
                + Self.guarded(
                    #"("t0"."c_size" IS NULL) IS NOT 1 AND "t0"."c_size" IS NULL"#,
                    #""t0"."c_size" IS NULL OR (0 - "t0"."c_size") < ?"#) + Self.order)
        // Ordering with nil is false, but memory evaluates `-#size` first.
        let constant = try LoweringGoldenTests.statement("-#size < nil")
        #expect(
            constant.sql == Self.select
                + #" WHERE EXISTS (SELECT 1 FROM "content" AS "t0" WHERE pe_raise("t0"."c_size" IS NULL, "t0"."pk") = 1)"#
                + Self.order)
        // A sub-entity's check looks at its own rows only.
        let subEntity = try LoweringGoldenTests.statement("-width < 0", "ImageContent")
        #expect(
            subEntity.sql == Self.select
                + #" WHERE "t0"."kind" IN (?, ?) AND CASE WHEN NOT EXISTS (SELECT 1 FROM "content" AS "t0" WHERE pe_raise("t0"."kind" IN (?, ?) AND "t0"."c_width" IS NULL, "t0"."pk") = 1) THEN (0 - "t0"."c_width") < ? ELSE 1 = 0 END"#
                + Self.order)
        #expect(subEntity.bindings == [.integer(2), .integer(3), .integer(2), .integer(3), .integer(0)])
        // No arithmetic, no check.
        #expect(!(try LoweringGoldenTests.statement("#size < 5")).sql.contains("pe_raise"))
    }

    @Test("@sum is pe_sum in SQLite (memory's overflow rule), SUM in PostgreSQL; an offset alone has no limit")
    func sumsAndWindows() throws {
        let subquery =
            #"(SELECT COALESCE(%@("t1"."c_size"), 0) FROM "content" AS "t1" WHERE "t1"."bucket_pk" = "t0"."pk")"#
        let sqlite = try LoweringGoldenTests.statement("contents.@sum.#size > 1.5", "Bucket")
        #expect(
            sqlite.sql
                == #"SELECT "t0"."pk" FROM "bucket" AS "t0" WHERE "#
                + subquery.replacingOccurrences(of: "%@", with: "pe_sum") + #" > ? ORDER BY "t0"."pk""#)
        #expect(sqlite.bindings == [.integer(1)])
        let postgres = try LoweringGoldenTests.statement("contents.@sum.#size > 1.5", "Bucket", dialect: Self.postgres)
        #expect(postgres.sql.contains(subquery.replacingOccurrences(of: "%@", with: "SUM") + " > $1"))
        let offset = try LoweringGoldenTests.statement("TRUEPREDICATE", offset: 5, dialect: Self.postgres)
        #expect(offset.sql == Self.select + Self.order + " LIMIT ALL OFFSET $1")
        #expect(try LoweringGoldenTests.statement("TRUEPREDICATE", offset: 5).sql.hasSuffix(" LIMIT -1 OFFSET ?"))
    }
}

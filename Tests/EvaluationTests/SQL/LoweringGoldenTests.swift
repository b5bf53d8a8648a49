import Evaluation
import Foundation
import KeyPaths
import Predicates
import Testing

/// Exact SQL for each construct, written by hand from the lowering's rules (see the doc
/// comments of `PredicateLowering`), over the hand-written ``SampleLayout``.
@Suite("SQL lowering: exact SQL per construct")
struct LoweringGoldenTests {
    static let model = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SQL
        .deletingLastPathComponent()  // EvaluationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Samples/ContentModel.xcdatamodeld")

    static func statement(
        _ format: String, _ entity: String = "Content", arguments: [PredicateValue] = [],
        variables: [String: EvaluationValue] = [:], sortKeys: [SortKey] = [], limit: Int? = nil, offset: Int? = nil,
        dialect: any SQLDialect = SQLiteDialect()
    ) throws -> SQLStatement {
        let schema = try Schema.load(contentsOf: model)
        let predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
        let checked = try CheckedPredicate(predicate, schema: schema, entity: entity, source: format)
        let lowering = PredicateLowering(layout: SampleLayout(), variables: variables)
        return try dialect.render(try lowering.query(checked, sortKeys: sortKeys, limit: limit, offset: offset))
    }

    static let select = #"SELECT "t0"."pk" FROM "content" AS "t0""#
    static let order = #" ORDER BY "t0"."pk""#

    @Test(
        "comparisons of root attributes",
        arguments: [
            ("name == 'x'", #" WHERE "t0"."c_name" = ?"#, [SQLValue.text("x")]),
            ("name != 'x'", #" WHERE ("t0"."c_name" = ?) IS NOT 1"#, [.text("x")]),
            ("name == nil", #" WHERE "t0"."c_name" IS NULL"#, []),
            ("#size <= nil", #" WHERE "t0"."c_size" IS NULL"#, []),
            ("#size < nil", #" WHERE 1 = 0"#, []),
            ("#size IN {1, 2, 'x'}", #" WHERE "t0"."c_size" IN (?, ?)"#, [.integer(1), .integer(2)]),
            ("#size IN {}", #" WHERE 1 = 0"#, []),
            (
                "#size BETWEEN {10, 1}", #" WHERE "t0"."c_size" >= ? AND "t0"."c_size" <= ?"#,
                [.integer(1), .integer(10)]
            ),
            (
                "NOT (name == 'a' OR #size < 3)", #" WHERE ("t0"."c_name" = ? OR "t0"."c_size" < ?) IS NOT 1"#,
                [.text("a"), .integer(3)]
            ),
            ("creationDate > CAST(0, 'NSDate')", #" WHERE "t0"."c_creationDate" > ?"#, [.double(0)]),
            ("TRUEPREDICATE", "", []),
        ])
    func rootComparisons(format: String, whereClause: String, bindings: [SQLValue]) throws {
        let statement = try Self.statement(format)
        #expect(statement.sql == Self.select + whereClause + Self.order)
        #expect(statement.bindings == bindings)
    }

    @Test(
        "a to-one hop is a LEFT JOIN (INNER when a top-level comparison with a value needs the row); a nil to-one owner makes a count nil, not 0"
    )
    func toOne() throws {
        let join = #" LEFT JOIN "bucket" AS "t1" ON "t1"."pk" = "t0"."bucket_pk""#
        let inner = #" JOIN "bucket" AS "t1" ON "t1"."pk" = "t0"."bucket_pk""#
        let statement = try Self.statement("bucket.name == 'Inbox'")
        #expect(statement.sql == Self.select + inner + #" WHERE "t1"."c_name" = ?"# + Self.order)
        #expect(statement.bindings == [.text("Inbox")])
        // `!=` keeps the Contents without a Bucket: the join stays LEFT.
        let notEqual = try Self.statement("bucket.name != 'Inbox'")
        #expect(notEqual.sql == Self.select + join + #" WHERE ("t1"."c_name" = ?) IS NOT 1"# + Self.order)
        // Under OR the row is not required either.
        let either = try Self.statement("bucket.name == 'Inbox' OR name == 'x'")
        #expect(either.sql == Self.select + join + #" WHERE ("t1"."c_name" = ? OR "t0"."c_name" = ?)"# + Self.order)
        let count = try Self.statement("bucket.contents.@count == 0")
        #expect(
            count.sql == Self.select + join
                + #" WHERE CASE WHEN "t1"."pk" IS NULL THEN NULL ELSE (SELECT COUNT(*) FROM "content" AS "t2" WHERE "t2"."bucket_pk" = "t1"."pk") END = ?"#
                + Self.order)
        #expect(count.bindings == [.integer(0)])
    }

    @Test("ANY is EXISTS, ALL is NOT EXISTS of a counterexample")
    func quantifiers() throws {
        let from =
            #"SELECT 1 FROM "content_tag" AS "t2" JOIN "tag" AS "t1" ON "t1"."pk" = "t2"."tag_pk" WHERE "t2"."content_pk" = "t0"."pk""#
        let any = try Self.statement("ANY tags.name == 'x'")
        #expect(any.sql == Self.select + " WHERE EXISTS (" + from + #" AND "t1"."c_name" = ?)"# + Self.order)
        let all = try Self.statement("ALL tags.name == 'x'")
        #expect(
            all.sql == Self.select + " WHERE NOT EXISTS (" + from + #" AND ("t1"."c_name" = ?) IS NOT 1)"#
                + Self.order)
        let none = try Self.statement("NONE tags.name == 'x'")
        #expect(
            none.sql
                == all.sql.replacingOccurrences(
                    of: #" AND ("t1"."c_name" = ?) IS NOT 1"#, with: #" AND "t1"."c_name" = ?"#))
        let member = try Self.statement("'x' IN tags.name")
        #expect(member.sql == any.sql)
    }

    @Test("@count, and SUBQUERY with its variable bound to the element row")
    func counts() throws {
        let count = try Self.statement("contents.@count > 2", "Bucket")
        #expect(
            count.sql
                == #"SELECT "t0"."pk" FROM "bucket" AS "t0" WHERE (SELECT COUNT(*) FROM "content" AS "t1" WHERE "t1"."bucket_pk" = "t0"."pk") > ? ORDER BY "t0"."pk""#
        )
        #expect(count.bindings == [.integer(2)])
        let subquery = try Self.statement("SUBQUERY(tags, $t, $t.name BEGINSWITH[c] 'a').@count > 0")
        #expect(
            subquery.sql == Self.select
                + #" WHERE (SELECT COUNT(*) FROM "content_tag" AS "t2" JOIN "tag" AS "t1" ON "t1"."pk" = "t2"."tag_pk" WHERE "t2"."content_pk" = "t0"."pk" AND pe_beginswith("t1"."c_name", ?, ?) = 1) > ?"#
                + Self.order)
        #expect(subquery.bindings == [.text("a"), .text("c"), .integer(0)])
    }

    @Test("BEGINSWITH keeps an index-served prefix range before the exact helper")
    func prefix() throws {
        let sqlite = try Self.statement("name BEGINSWITH 'ab'")
        #expect(
            sqlite.sql == Self.select
                + #" WHERE "t0"."c_name" >= ? AND "t0"."c_name" < ? AND pe_beginswith("t0"."c_name", ?, ?) = 1"#
                + Self.order)
        #expect(sqlite.bindings == [.text("ab"), .text("ac"), .text("ab"), .text("")])
        let postgres = try Self.statement("name BEGINSWITH 'a_%'", dialect: PostgreSQLDialect())
        #expect(
            postgres.sql
                == #"SELECT "t0"."pk" FROM "content" AS "t0" WHERE "t0"."c_name" LIKE $1 AND pe_beginswith("t0"."c_name", $2, $3) = 1 ORDER BY "t0"."pk""#
        )
        #expect(postgres.bindings == [.text(#"a\_\%%"#), .text("a_%"), .text("")])
        // A needle with a character that has a canonical equivalent (K: the Kelvin sign) is
        // left to the helper alone.
        let kelvin = try Self.statement("name BEGINSWITH 'Ka'")
        #expect(kelvin.sql == Self.select + #" WHERE pe_beginswith("t0"."c_name", ?, ?) = 1"# + Self.order)
    }

    @Test("a sub-entity root selects its rows of the shared table")
    func subEntity() throws {
        let statement = try Self.statement("width > 10", "ImageContent")
        #expect(statement.sql == Self.select + #" WHERE "t0"."kind" IN (?, ?) AND "t0"."c_width" > ?"# + Self.order)
        #expect(statement.bindings == [.integer(2), .integer(3), .integer(10)])
    }

    @Test("null-safe equality between two columns, per dialect")
    func nullSafe() throws {
        let join = #" LEFT JOIN "bucket" AS "t1" ON "t1"."pk" = "t0"."bucket_pk""#
        let sqlite = try Self.statement("name == bucket.name")
        #expect(sqlite.sql == Self.select + join + #" WHERE "t0"."c_name" IS "t1"."c_name""# + Self.order)
        let postgres = try Self.statement("name != bucket.name", dialect: PostgreSQLDialect())
        #expect(
            postgres.sql == Self.select + join
                + #" WHERE ("t0"."c_name" IS NOT DISTINCT FROM "t1"."c_name") IS NOT TRUE"#
                + Self.order)
    }

    @Test("sort keys: nil first, strings through the engine's collation; LIMIT and OFFSET bound")
    func sorting() throws {
        let statement = try Self.statement(
            "TRUEPREDICATE",
            sortKeys: [SortKey("size", ascending: false), SortKey("name", comparison: .caseInsensitive)],
            limit: 10, offset: 20)
        #expect(
            statement.sql == Self.select
                + #" ORDER BY "t0"."c_size" IS NOT NULL DESC, "t0"."c_size" DESC, "t0"."c_name" IS NOT NULL, "t0"."c_name" COLLATE pe_c, "t0"."pk" LIMIT ? OFFSET ?"#
        )
        #expect(statement.bindings == [.integer(10), .integer(20)])
    }

    @Test("a sort key must end in an attribute through to-one relationships (the rule memory applies)")
    func sortKeyRule() throws {
        for (keyPath, message) in [
            ("bucket", "the sort key 'bucket' ends on the relationship 'bucket', not an attribute"),
            ("tags.name", "the sort key 'tags.name' goes through the to-many relationship 'tags'"),
        ] {
            let error = #expect(throws: SQLLoweringError.self) {
                try Self.statement("TRUEPREDICATE", sortKeys: [SortKey(keyPath)])
            }
            #expect(error?.id == "sql-sort-key")
            #expect(error?.message == message)
        }
    }

    @Test("variables are bound; a missing one is refused")
    func variables() throws {
        let statement = try Self.statement("#size > $min", variables: ["min": .int(5)])
        #expect(statement.sql == Self.select + #" WHERE "t0"."c_size" > ?"# + Self.order)
        #expect(statement.bindings == [.integer(5)])
        #expect(throws: SQLLoweringError.self) { try Self.statement("#size > $min") }
    }

    @Test(
        "what cannot be lowered exactly is refused, naming the construct and pointing at it",
        arguments: [
            ("ANY bucket.contents.tags.name == 'x'", "two to-many relationships", SourceRange(4, 29)),
            ("ANYKEY == 'x'", "'ANYKEY'", SourceRange(0, 6)),
            ("#size / bucket.contents.@count > 1", "division", SourceRange(0, 30)),
        ])
    func refusals(format: String, fragment: String, range: SourceRange) throws {
        do {
            _ = try Self.statement(format)
            Issue.record("expected a refusal")
        } catch let error as SQLLoweringError {
            #expect(error.message.contains(fragment))
            #expect(error.range == range)
        }
    }

    /// A dialect with unusual spellings: SQL hard-coded anywhere but in a dialect would show.
    struct OddDialect: SQLDialect {
        var name: String { "odd" }
        func quote(_ identifier: String) -> String { "`" + identifier.replacingOccurrences(of: "`", with: "``") + "`" }
        func placeholder(_ index: Int) -> String { ":p\(index)" }
        func nullSafeEquality(_ a: String, _ b: String) -> String { "\(a) <=> \(b)" }
        func collate(_ text: String, _ mode: StringSortMode) -> String? { nil }
        func prefixCondition(_ text: String, _ prefix: String, bind: (SQLValue) -> String) -> String {
            "starts(\(text), \(bind(.text(prefix))))"
        }
        func columnType(_ type: SQLColumnType, convention: SQLNamingConvention) -> String { "T_" + type.rawValue }
    }

    @Test("identifiers and placeholders come only from the dialect")
    func oddDialect() throws {
        let statement = try Self.statement("bucket.name == 'x' AND name BEGINSWITH 'a'", dialect: OddDialect())
        #expect(
            statement.sql
                == "SELECT `t0`.`pk` FROM `content` AS `t0` JOIN `bucket` AS `t1` ON `t1`.`pk` = `t0`.`bucket_pk` WHERE `t1`.`c_name` = :p1 AND starts(`t0`.`c_name`, :p2) AND pe_beginswith(`t0`.`c_name`, :p3, :p4) = 1 ORDER BY `t0`.`pk`"
        )
        #expect(throws: SQLLoweringError.self) {
            try Self.statement("TRUEPREDICATE", sortKeys: [SortKey("name")], dialect: OddDialect())
        }
    }
}

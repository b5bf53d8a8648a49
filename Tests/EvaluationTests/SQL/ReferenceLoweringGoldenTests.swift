import Evaluation
import Foundation
import KeyPaths
import Predicates
import Testing

/// Objects compared with references lower to key comparisons, never a join to the referenced
/// object's table; a to-many relationship stored in a join table is looked up in the join
/// table alone. Exact SQL written by hand from the rules in `PredicateLowering+References.swift`.
@Suite("SQL lowering: objects compared with references")
struct ReferenceLoweringGoldenTests {
    static func ref(_ entity: String, _ id: ObjectKey) -> PredicateValue {
        .reference(ObjectReference(entity: entity, id: id))
    }

    static func statement(
        _ format: String, _ arguments: [PredicateValue], entity: String = "Content",
        layout: any SQLStorageLayout = SampleLayout(), dialect: any SQLDialect = SQLiteDialect()
    ) throws -> SQLStatement {
        let schema = try Schema.load(contentsOf: LoweringGoldenTests.model)
        let predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
        let checked = try CheckedPredicate(predicate, schema: schema, entity: entity, source: format)
        return try dialect.render(try PredicateLowering(layout: layout).query(checked))
    }

    static let exists =
        #"EXISTS (SELECT 1 FROM "content_tag" AS "t2" WHERE "t2"."content_pk" = "t0"."pk" AND "t2"."tag_pk" = ?)"#

    /// (format, arguments, WHERE clause and joins, bindings) over the hand-written layout.
    static let sampleCases: [(String, [PredicateValue], String, [SQLValue])] = [
        ("bucket == %@", [ref("Bucket", 2)], #" WHERE "t0"."bucket_pk" = ?"#, [.integer(2)]),
        ("bucket != %@", [ref("Bucket", 2)], #" WHERE ("t0"."bucket_pk" = ?) IS NOT 1"#, [.integer(2)]),
        ("bucket == %@", [ref("Bucket", "b2")], #" WHERE "t0"."bucket_pk" = ?"#, [.text("b2")]),
        ("bucket == %@", [nil], #" WHERE "t0"."bucket_pk" IS NULL"#, []),
        (
            "bucket IN %@", [[ref("Bucket", 1), ref("Bucket", 2), nil, ref("Bucket", 1)]],
            #" WHERE "t0"."bucket_pk" IN (?, ?)"#, [.integer(1), .integer(2)]
        ),
        ("bucket IN %@", [[nil]], #" WHERE 1 = 0"#, []),
        ("SELF == %@", [ref("ImageContent", 4)], #" WHERE "t0"."pk" = ?"#, [.integer(4)]),
        (
            "SELF IN %@", [[ref("Content", 1), ref("ThumbnailContent", 4)]], #" WHERE "t0"."pk" IN (?, ?)"#,
            [.integer(1), .integer(4)]
        ),
        ("ANY tags == %@", [ref("Tag", 3)], " WHERE " + exists, [.integer(3)]),
        ("tags CONTAINS %@", [ref("Tag", 3)], " WHERE " + exists, [.integer(3)]),
        ("%@ IN tags", [ref("Tag", 3)], " WHERE " + exists, [.integer(3)]),
        ("NONE tags == %@", [ref("Tag", 3)], " WHERE NOT " + exists, [.integer(3)]),
        (
            "SUBQUERY(tags, $t, $t == %@).@count > 0", [ref("Tag", 3)],
            #" WHERE (SELECT COUNT(*) FROM "content_tag" AS "t2" JOIN "tag" AS "t1" ON "t1"."pk" = "t2"."tag_pk" WHERE "t2"."content_pk" = "t0"."pk" AND "t1"."pk" = ?) > ?"#,
            [.integer(3), .integer(0)]
        ),
        (
            "bucket.owner == %@", [ref("User", 1)],
            #" JOIN "bucket" AS "t1" ON "t1"."pk" = "t0"."bucket_pk" WHERE "t1"."owner_pk" = ?"#, [.integer(1)]
        ),
    ]

    @Test("the hand-written layout: foreign keys, primary keys, the join table", arguments: sampleCases)
    func sampleLayout(format: String, arguments: [PredicateValue], whereClause: String, bindings: [SQLValue]) throws {
        let statement = try Self.statement(format, arguments)
        #expect(statement.sql == LoweringGoldenTests.select + whereClause + LoweringGoldenTests.order)
        #expect(statement.bindings == bindings)
    }

    @Test("a to-many stored as a foreign key on the destination: the destination's rows, keyed")
    func inverseForeignKey() throws {
        let statement = try Self.statement("ANY contents == %@", [Self.ref("ImageContent", 2)], entity: "Bucket")
        #expect(
            statement.sql
                == #"SELECT "t0"."pk" FROM "bucket" AS "t0" WHERE EXISTS (SELECT 1 FROM "content" AS "t1" WHERE "t1"."bucket_pk" = "t0"."pk" AND "t1"."pk" = ?) ORDER BY "t0"."pk""#
        )
        #expect(statement.bindings == [.integer(2)])
    }

    @Test("PostgreSQL numbers its placeholders")
    func postgres() throws {
        let statement = try Self.statement(
            "bucket == %@ OR SELF IN %@ OR ANY tags == %@",
            [Self.ref("Bucket", 2), [Self.ref("Content", 1)], Self.ref("Tag", 3)],
            dialect: PostgreSQLDialect())
        #expect(
            statement.sql
                == #"SELECT "t0"."pk" FROM "content" AS "t0" WHERE ("t0"."bucket_pk" = $1 OR "t0"."pk" IN ($2) OR EXISTS (SELECT 1 FROM "content_tag" AS "t2" WHERE "t2"."content_pk" = "t0"."pk" AND "t2"."tag_pk" = $3)) ORDER BY "t0"."pk""#
        )
        #expect(statement.bindings == [.integer(2), .integer(1), .integer(3)])
    }

    @Test("the Core Data mapping compares Z_PK; a sub-entity root keeps its Z_ENT filter, the reference needs none")
    func coreData() throws {
        let schema = try Schema.load(contentsOf: LoweringGoldenTests.model)
        let mapping = try SQLMapping.coreData(schema)
        let bucket = try Self.statement("bucket == %@", [Self.ref("Bucket", 2)], layout: mapping)
        #expect(
            bucket.sql
                == #"SELECT "t0"."Z_PK" FROM "ZCONTENT" AS "t0" WHERE "t0"."ZBUCKET" = ? ORDER BY "t0"."Z_PK""#)
        #expect(bucket.bindings == [.integer(2)])
        let tags = try Self.statement(
            "ANY tags == %@", [Self.ref("Tag", 3)], layout: mapping, dialect: PostgreSQLDialect())
        #expect(
            tags.sql
                == #"SELECT "t0"."Z_PK" FROM "ZCONTENT" AS "t0" WHERE EXISTS (SELECT 1 FROM "Z_2TAGS" AS "t2" WHERE "t2"."Z_2CONTENTS" = "t0"."Z_PK" AND "t2"."Z_5TAGS" = $1) ORDER BY "t0"."Z_PK""#
        )
        // ImageContent 3, ThumbnailContent 4: the fetch's own entity filter; the reference to
        // the super-entity compares the key alone.
        let image = try Self.statement("SELF == %@", [Self.ref("Content", 3)], entity: "ImageContent", layout: mapping)
        #expect(
            image.sql
                == #"SELECT "t0"."Z_PK" FROM "ZCONTENT" AS "t0" WHERE "t0"."Z_ENT" IN (?, ?) AND "t0"."Z_PK" = ? ORDER BY "t0"."Z_PK""#
        )
        #expect(image.bindings == [.integer(3), .integer(4), .integer(3)])
    }

    @Test("keys are bound as the store holds them: text keys take integers as text; integer keys never match a string")
    func keyTypes() throws {
        let schema = try Schema.load(contentsOf: LoweringGoldenTests.model)
        let text = try Self.statement(
            "bucket IN %@", [[Self.ref("Bucket", 2), Self.ref("Bucket", "b")]],
            layout: try SQLMapping.standard(schema, keyType: .text))
        #expect(text.sql.contains(#"WHERE "t0"."bucket_id" IN (?, ?)"#))
        #expect(text.bindings == [.text("2"), .text("b")])
        let integer = try Self.statement(
            "bucket == %@", [Self.ref("Bucket", "b")], layout: try SQLMapping.standard(schema))
        #expect(integer.sql == #"SELECT "t0"."id" FROM "Content" AS "t0" WHERE 1 = 0 ORDER BY "t0"."id""#)
        #expect(integer.bindings == [])
    }
}

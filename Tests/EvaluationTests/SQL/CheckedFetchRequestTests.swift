import Evaluation
import Foundation
import KeyPaths
import Predicates
import Testing

/// A fetch request checked once against the sample model: the order in effect with each key
/// path resolved, the refusals in the order the checks run (each rendered with its caret), and
/// the SQL the lowering makes of it — written by hand from `CheckedFetchRequest`'s and
/// `PredicateLowering`'s documentation.
@Suite("Checked fetch requests: one check feeding every back end")
struct CheckedFetchRequestTests {
    static func schema() throws -> Schema { try Schema.load(contentsOf: LoweringGoldenTests.model) }

    /// The check's refusal of `request`, rendered.
    static func refusal(_ request: FetchRequest, source: String? = nil) throws -> String? {
        let schema = try schema()
        do {
            _ = try CheckedFetchRequest(request, schema: schema, source: source)
            return nil
        } catch {
            return error.rendered
        }
    }

    @Test("the section key path sorts first; every key path is resolved from the root")
    func resolved() throws {
        let request = FetchRequest(
            entity: "Content", predicate: try PredicateNode(format: "#size > 10"),
            sortKeys: [SortKey("creationDate", ascending: false), SortKey("bucket.name")],
            sectionKeyPath: "owner.name", refreshKeyPaths: ["tags.name", "bucket"])
        let checked = try CheckedFetchRequest(request, schema: try Self.schema())
        #expect(
            checked.sortKeys.map(\.key) == [
                SortKey("owner.name"), SortKey("creationDate", ascending: false), SortKey("bucket.name"),
            ])
        #expect(checked.sortKeys.map { $0.resolved.hops.map(\.sourceProperty) } == [["owner"], [], ["bucket"]])
        #expect(checked.sortKeys.map(\.resolved.destinationPropertyName) == ["name", "creationDate", "name"])
        #expect(checked.sortKeys.map(\.resolved.destinationEntity) == ["User", "Content", "Bucket"])
        #expect(checked.sectionKeyPath == checked.sortKeys.first?.resolved)
        #expect(checked.refreshKeyPaths.map(\.keyPath) == ["tags.name", "bucket"])
        #expect(checked.refreshKeyPaths.map(\.isToMany) == [true, false])
        #expect(checked.predicate?.keyPaths.map(\.text) == ["size"])
        #expect(checked.entity == "Content")
    }

    @Test("a section key path that is also the first sort key sorts once, with the sort key's direction")
    func sectionIsFirstSortKey() throws {
        let request = FetchRequest(
            entity: "Content", sortKeys: [SortKey("bucket.name", ascending: false)], sectionKeyPath: "bucket.name")
        let checked = try CheckedFetchRequest(request, schema: try Self.schema())
        #expect(checked.sortKeys.map(\.key) == [SortKey("bucket.name", ascending: false)])
        #expect(checked.sectionKeyPath?.keyPath == "bucket.name")
        #expect(checked.predicate == nil)
    }

    /// (request, source, refusal rendered)
    static let refusals: [(FetchRequest, String?, String)] = [
        (
            FetchRequest(entity: "Contnet", sortKeys: [SortKey("bucket")]), nil,
            """
            1:1: error: no entity named 'Contnet'
            Contnet
            ^^^^^^^
            note: did you mean 'Content'?
            """
        ),
        (
            // The predicate before the order.
            FetchRequest(
                entity: "Content", predicate: try? PredicateNode(format: "bucket.nmae == 'x'"),
                sortKeys: [SortKey("bucket")]),
            "bucket.nmae == 'x'",
            """
            1:8: error: 'Bucket' has no property 'nmae'
            bucket.nmae == 'x'
                   ^^^^
            note: did you mean 'name'?
            """
        ),
        (
            // The section key path before the sort keys.
            FetchRequest(entity: "Content", sortKeys: [SortKey("tags.name")], sectionKeyPath: "bucket"), nil,
            """
            1:1: error: the section key path 'bucket' ends on the relationship 'bucket', not an attribute
            bucket
            ^^^^^^
            note: sort keys and section key paths end in an attribute, e.g. bucket.name
            """
        ),
        (
            FetchRequest(entity: "Content", sortKeys: [SortKey("name"), SortKey("tags.name")]), nil,
            """
            1:1: error: the sort key 'tags.name' goes through the to-many relationship 'tags'
            tags.name
            ^^^^
            note: sort keys and section key paths reach an attribute through to-one relationships
            """
        ),
        (
            FetchRequest(entity: "Content", refreshKeyPaths: ["name", "bucket.nmae"]), nil,
            """
            1:8: error: 'Bucket' has no property 'nmae'
            bucket.nmae
                   ^^^^
            note: did you mean 'name'?
            """
        ),
    ]

    @Test("refusals come in the order of the checks, each with its caret", arguments: refusals)
    func refusal(request: FetchRequest, source: String?, expected: String) throws {
        #expect(try Self.refusal(request, source: source) == expected)
    }

    @Test("the SQL of a checked request: the section first, then the sort keys and the key; limit and offset bound")
    func sql() throws {
        let request = FetchRequest(
            entity: "Content", predicate: try PredicateNode(format: "#size > 10"),
            sortKeys: [SortKey("name", ascending: false)], sectionKeyPath: "bucket.name", fetchLimit: 5,
            fetchOffset: 2)
        let checked = try CheckedFetchRequest(request, schema: try Self.schema())
        let statement = try SQLiteDialect().render(try PredicateLowering(layout: SampleLayout()).query(checked))
        #expect(
            statement.sql
                == #"SELECT "t0"."pk" FROM "content" AS "t0" LEFT JOIN "bucket" AS "t1" ON "t1"."pk" = "t0"."bucket_pk""#
                + #" WHERE "t0"."c_size" > ? ORDER BY "t1"."c_name" IS NOT NULL, "t1"."c_name" COLLATE pe_plain,"#
                + #" "t0"."c_name" IS NOT NULL DESC, "t0"."c_name" COLLATE pe_plain DESC, "t0"."pk" LIMIT ? OFFSET ?"#)
        #expect(statement.bindings == [.integer(10), .integer(5), .integer(2)])
        // The same query as the predicate lowered with the order in effect spelled out.
        let spelled = try SQLiteDialect().render(
            try PredicateLowering(layout: SampleLayout()).query(
                try #require(checked.predicate), sortKeys: request.effectiveSortKeys, limit: 5, offset: 2))
        #expect(spelled == statement)
    }

    @Test("no predicate, no window: every object in key order, no LIMIT or OFFSET")
    func everything() throws {
        let checked = try CheckedFetchRequest(FetchRequest(entity: "Bucket"), schema: try Self.schema())
        let statement = try SQLiteDialect().render(try PredicateLowering(layout: SampleLayout()).query(checked))
        #expect(statement.sql == #"SELECT "t0"."pk" FROM "bucket" AS "t0" ORDER BY "t0"."pk""#)
        #expect(statement.bindings == [])
    }

    @Test("a negative window is refused by the lowering (the check leaves the window to each back end)")
    func negativeWindow() throws {
        let checked = try CheckedFetchRequest(FetchRequest(entity: "Bucket", fetchLimit: -1), schema: try Self.schema())
        let error = #expect(throws: SQLLoweringError.self) {
            try PredicateLowering(layout: SampleLayout()).query(checked)
        }
        #expect(error?.id == "sql-window")
    }
}

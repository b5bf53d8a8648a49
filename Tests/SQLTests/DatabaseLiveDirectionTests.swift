import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase
import Testing

/// Live results over SQLite re-evaluate only the reached roots an attribute update can change
/// (``ChangeDirectionAnalysis``): an update that can only make members leave evaluates nothing
/// when it reaches no member, nor does one that can only make non-members join when it reaches
/// only members; a member whose sort value changes is read again and moved. Statements are
/// counted: every update costs one keyed SELECT that checks the updated objects still exist
/// (shared by all the queries of a follower), each walk back one hop one, each evaluation one.
@Suite("Live results over a database: the direction prefilter")
struct DatabaseLiveDirectionTests {
    /// A connection that counts the statements that read rows.
    final class CountingDatabase: SQLDatabase {
        let base: any SQLDatabase
        var reads = 0
        /// The rows those statements returned.
        var rowsRead = 0

        init(_ base: any SQLDatabase) { self.base = base }

        var dialect: any SQLDialect { base.dialect }
        func execute(_ statement: SQLStatement) throws -> Int { try base.execute(statement) }
        func rows(_ statement: SQLStatement) throws -> [[SQLValue]] {
            reads += 1
            let rows = try base.rows(statement)
            rowsRead += rows.count
            return rows
        }
        func catalogue() throws -> SQLCatalogue { try base.catalogue() }
        func installHelperFunctions() throws { try base.installHelperFunctions() }
    }

    static let schema = Schema(entities: [
        EntityDescription(
            name: "Bucket", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(name: "contents", destination: "Content", inverse: "bucket", isToMany: true)
            ]),
        EntityDescription(
            name: "Content",
            attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "size", type: .integer64),
            ],
            relationships: [
                RelationshipDescription(name: "bucket", destination: "Bucket", inverse: "contents", isOptional: true)
            ]),
    ])

    /// Contents 1 (size 10), 2 (size 20), 3 (size 500) in Bucket 1 'Inbox'; Content 4 (size
    /// 30) in Bucket 2 'Archive'.
    static func store() throws -> (graph: ObjectGraph, database: CountingDatabase, mapping: SQLMapping) {
        func content(_ id: Int, _ value: Int, _ bucket: Int) -> InsertedObject {
            InsertedObject(
                id: .int(id), values: ["name": .string("c\(id)"), "size": .int(value), "bucket": .int(bucket)])
        }
        let graph = try ObjectGraph(
            schema: schema,
            objects: [
                "Bucket": [
                    InsertedObject(id: .int(1), values: ["name": "Inbox"]),
                    InsertedObject(id: .int(2), values: ["name": "Archive"]),
                ],
                "Content": [content(1, 10, 1), content(2, 20, 1), content(3, 500, 1), content(4, 30, 2)],
            ])
        let mapping = try SQLMapping.standard(schema)
        let connection = try SQLiteConnection.inMemory()
        try connection.transaction {
            try connection.execute(SQLSchemaDefinition.statements(for: mapping, dialect: connection.dialect))
            try connection.execute(try graph.insertStatements(mapping: mapping, dialect: connection.dialect))
        }
        return (graph, CountingDatabase(connection), mapping)
    }

    static func request(_ format: String, sort: String) throws -> FetchRequest {
        var request = FetchRequest(
            entity: "Content", predicate: try PredicateParser().parsePredicate(format, arguments: []))
        request.sortKeys = [SortKey(sort)]
        return request
    }

    /// Applies `changes` to the graph and the database, then to the live results; returns the
    /// statements the live results ran.
    static func step(
        _ changes: ChangeSet, _ graph: inout ObjectGraph, _ database: CountingDatabase, _ mapping: SQLMapping,
        _ live: inout DatabaseLiveResults
    ) throws -> Int {
        let applied = try graph.apply(changes)
        try database.transaction {
            for table in mapping.entityTables.map(\.name) { try database.execute(.delete(SQLDelete(from: table))) }
            try database.execute(try graph.insertStatements(mapping: mapping, dialect: database.dialect))
        }
        let before = database.reads
        _ = try live.apply(applied, database: database)
        return database.reads - before
    }

    static func size(_ id: Int, _ value: Int) -> ChangeSet {
        var changes = ChangeSet()
        changes["Content"].updated = [UpdatedObject(id: .int(id), attributes: ["size": .int(value)])]
        return changes
    }

    static func ids(_ live: DatabaseLiveResults) -> [ObjectKey] { live.rows.map(\.id) }

    @Test("a leaving update of a non-member and a joining update of a member run no statement")
    func skipped() throws {
        var (graph, database, mapping) = try Self.store()
        var live = try DatabaseLiveResults(
            request: try Self.request("#size < 100", sort: "name"), mapping: mapping, database: database)
        #expect(Self.ids(live) == [.int(1), .int(2), .int(4)])
        // Content 3 (no member) grows: it can only leave, and is no member: no evaluation.
        #expect(try Self.step(Self.size(3, 900), &graph, database, mapping, &live) == 1)
        // Content 1 (a member) shrinks: it can only join, and is a member already.
        #expect(try Self.step(Self.size(1, 5), &graph, database, mapping, &live) == 1)
        #expect(Self.ids(live) == [.int(1), .int(2), .int(4)])
        // Content 2 (a member) grows out: evaluated, and leaves.
        #expect(try Self.step(Self.size(2, 200), &graph, database, mapping, &live) == 2)
        #expect(Self.ids(live) == [.int(1), .int(4)])
        // Content 3 (no member) shrinks in: evaluated, and joins.
        #expect(try Self.step(Self.size(3, 50), &graph, database, mapping, &live) == 2)
        #expect(Self.ids(live) == [.int(1), .int(3), .int(4)])
    }

    @Test("a rename no query constant matches evaluates only the members it reaches")
    func renameReachesMembersOnly() throws {
        var (graph, database, mapping) = try Self.store()
        var live = try DatabaseLiveResults(
            request: try Self.request("bucket.name == 'Archive'", sort: "name"), mapping: mapping, database: database)
        #expect(Self.ids(live) == [.int(4)])
        var rename = ChangeSet()
        rename["Bucket"].updated = [UpdatedObject(id: .int(1), attributes: ["name": "Inbox 2"])]
        // Bucket 1's Contents are reached (a keyed SELECT) but none is a member: no evaluation.
        #expect(try Self.step(rename, &graph, database, mapping, &live) == 2)
        rename["Bucket"].updated = [UpdatedObject(id: .int(2), attributes: ["name": "Old"])]
        // Bucket 2's Content 4 is a member: evaluated, and leaves.
        #expect(try Self.step(rename, &graph, database, mapping, &live) == 3)
        #expect(Self.ids(live) == [])
        // No member left: a leaving update is not even navigated.
        rename["Bucket"].updated = [UpdatedObject(id: .int(1), attributes: ["name": "Inbox 3"])]
        #expect(try Self.step(rename, &graph, database, mapping, &live) == 0)
    }

    @Test("a member whose sort value changes is read again and moved")
    func memberResorted() throws {
        var (graph, database, mapping) = try Self.store()
        // The sort key is also read by the predicate: a joining update of a member moves it.
        var bySize = try DatabaseLiveResults(
            request: try Self.request("#size < 100", sort: "size"), mapping: mapping, database: database)
        #expect(Self.ids(bySize) == [.int(1), .int(2), .int(4)])
        _ = try Self.step(Self.size(1, 25), &graph, database, mapping, &bySize)
        #expect(Self.ids(bySize) == [.int(2), .int(1), .int(4)])
        // The sort key is not read by the predicate: a member's update still moves it.
        var (graph2, database2, mapping2) = try Self.store()
        var inbox = try DatabaseLiveResults(
            request: try Self.request("bucket.name == 'Inbox'", sort: "size"), mapping: mapping2, database: database2)
        #expect(Self.ids(inbox) == [.int(1), .int(2), .int(3)])
        _ = try Self.step(Self.size(3, 1), &graph2, database2, mapping2, &inbox)
        #expect(Self.ids(inbox) == [.int(3), .int(1), .int(2)])
        // A non-member's sort value changing moves nothing and reads nothing.
        #expect(try Self.step(Self.size(4, 0), &graph2, database2, mapping2, &inbox) == 1)
        #expect(Self.ids(inbox) == [.int(3), .int(1), .int(2)])
    }
}

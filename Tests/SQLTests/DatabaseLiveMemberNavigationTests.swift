import Evaluation
import Foundation
import KeyPaths
import Predicates
import SQLiteDatabase
import Testing

@testable import ObjectStore

/// An update that can only make members leave matters only for the members it reaches, so the
/// walk back from it asks for members only (`… AND key IN (members)`): a rename of a Bucket
/// with many Contents reads back the few members among them, not every Content. The rows and
/// the diff (updated rows included) stay those of the same live results in memory.
@Suite("Live results over a database: leaving updates walk to members only")
struct DatabaseLiveMemberNavigationTests {
    typealias CountingDatabase = DatabaseLiveDirectionTests.CountingDatabase

    /// Bucket 1 'Inbox' holds Contents 1…40 with sizes 1…40; Bucket 2 'Archive' holds
    /// Contents 41 and 42 with sizes 1 and 50.
    static func graph() throws -> ObjectGraph {
        func content(_ id: Int, _ size: Int, _ bucket: Int) -> InsertedObject {
            InsertedObject(
                id: .int(id), values: ["name": .string("c\(id)"), "size": .int(size), "bucket": .int(bucket)])
        }
        return try ObjectGraph(
            schema: DatabaseLiveDirectionTests.schema,
            objects: [
                "Bucket": [
                    InsertedObject(id: .int(1), values: ["name": "Inbox"]),
                    InsertedObject(id: .int(2), values: ["name": "Archive"]),
                ],
                "Content": (1...40).map { content($0, $0, 1) } + [content(41, 1, 2), content(42, 50, 2)],
            ])
    }

    /// The database, the live results over it and the same live results in memory.
    static func open(_ format: String) throws -> (Store, DatabaseLiveResults, LiveResultSet) {
        let graph = try graph()
        let mapping = try SQLMapping.standard(DatabaseLiveDirectionTests.schema)
        let connection = try SQLiteConnection.inMemory()
        try connection.transaction {
            try connection.execute(SQLSchemaDefinition.statements(for: mapping, dialect: connection.dialect))
            try connection.execute(try graph.insertStatements(mapping: mapping, dialect: connection.dialect))
        }
        let database = CountingDatabase(connection)
        let request = try DatabaseLiveDirectionTests.request(format, sort: "size")
        let live = try DatabaseLiveResults(request: request, mapping: mapping, database: database)
        return (
            Store(graph: graph, database: database, mapping: mapping), live,
            try LiveResultSet(request: request, graph: graph)
        )
    }

    /// The graph the database holds, and the database.
    struct Store {
        var graph: ObjectGraph
        let database: CountingDatabase
        let mapping: SQLMapping
    }

    /// Renames Bucket 1 in memory and in the database; returns the two changes and the rows
    /// the database's statements returned while the live results applied it.
    static func rename(
        to name: String, _ store: inout Store, _ live: inout DatabaseLiveResults, _ memory: inout LiveResultSet
    ) throws -> (database: ResultChange, memory: ResultChange, rowsRead: Int) {
        var rename = ChangeSet()
        rename["Bucket"].updated = [UpdatedObject(id: .int(1), attributes: ["name": .string(name)])]
        let inMemory = try memory.apply(rename)
        let applied = try store.graph.apply(rename)
        let database = store.database
        try database.transaction {
            for table in store.mapping.entityTables.map(\.name) {
                try database.execute(.delete(SQLDelete(from: table)))
            }
            try database.execute(try store.graph.insertStatements(mapping: store.mapping, dialect: database.dialect))
        }
        let before = database.rowsRead
        let change = try live.apply(applied, database: database)
        return (change, inMemory, database.rowsRead - before)
    }

    @Test("a rename reaching 40 Contents of which 3 are members reads back the 3")
    func renameReadsMembersOnly() throws {
        var (store, live, memory) = try Self.open("bucket.name == 'Inbox' AND #size <= 3")
        #expect(live.rows.map(\.id) == [.int(1), .int(2), .int(3)])
        let step = try Self.rename(to: "Gone", &store, &live, &memory)
        // One row for the existence of Bucket 1, three for the members it reaches, none for
        // their evaluation (they no longer match). Walking to every Content would read 40.
        #expect(step.rowsRead == 4)
        #expect(live.rows.map(\.id) == [])
        #expect(step.database.rows == step.memory.rows)
    }

    @Test("members a leaving rename reaches and that stay are reported updated, as in memory")
    func reachedMembersThatStayAreUpdated() throws {
        // Members: Contents 1, 2 (size ≤ 2, in Inbox) and 41 (size 1, in Archive).
        var (store, live, memory) = try Self.open("#size <= 2 AND (bucket.name == 'Inbox' OR #size == 1)")
        #expect(live.rows.map(\.id) == [.int(1), .int(41), .int(2)])
        let step = try Self.rename(to: "Gone", &store, &live, &memory)
        // Content 2 leaves; Content 1 is reached and stays (size 1): updated. Content 41 is
        // not reached: not updated.
        #expect(live.rows.map(\.id) == [.int(1), .int(41)])
        #expect(step.database.rows == step.memory.rows)
        #expect(step.database.rows.updates.map(\.element.id) == [.int(1)])
        // Existence of Bucket 1, the two members it reaches, Content 1 evaluated again.
        #expect(step.rowsRead == 4)
    }
}

/// ``DatabaseNavigation/sources(_:reaching:among:)`` when the keys and the candidates do not
/// fit one SQLite statement (999 bound values): both lists are cut, and the answer is the
/// sources among the candidates.
@Suite("Database navigation: sources among candidates, in batches")
struct DatabaseNavigationCandidateTests {
    @Test("1,200 Contents in 600 Buckets, 1,000 candidates: the candidates in the Buckets asked")
    func batches() throws {
        let schema = DatabaseLiveDirectionTests.schema
        let graph = try ObjectGraph(
            schema: schema,
            objects: [
                "Bucket": (1...600).map { InsertedObject(id: .int($0), values: ["name": .string("b\($0)")]) },
                // Content n is in Bucket (n + 1) / 2: two Contents per Bucket.
                "Content": (1...1_200).map {
                    InsertedObject(id: .int($0), values: ["size": .int($0), "bucket": .int(($0 + 1) / 2)])
                },
            ])
        let mapping = try SQLMapping.standard(schema)
        let connection = try SQLiteConnection.inMemory()
        try connection.transaction {
            try connection.execute(SQLSchemaDefinition.statements(for: mapping, dialect: connection.dialect))
            try connection.execute(try graph.insertStatements(mapping: mapping, dialect: connection.dialect))
        }
        let navigation = DatabaseNavigation(database: connection, mapping: mapping)
        let step = DependencyPath.Step(entity: "Content", key: "bucket", destination: "Bucket", inverse: "contents")
        // Buckets 1…550 hold Contents 1…1,100; the candidates are Contents 101…1,100 and
        // 1,101…1,200 (in Buckets not asked) — 1,100 candidates and 550 keys.
        let buckets = Set((1...550).map { ObjectKey.int($0) })
        let candidates = Set((101...1_200).map { ObjectKey.int($0) })
        let found = try navigation.sources(step, reaching: buckets, among: candidates)
        #expect(found == Set((101...1_100).map { ObjectKey.int($0) }))
        #expect(try navigation.sources(step, reaching: buckets, among: []) == [])
    }
}

import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// The sample change sets (Samples/changes) applied one after the other to the sample graph in
/// memory and to a ``DatabaseStore`` over SQLite and PostgreSQL, under the default and the
/// Core Data mapping: each gives the same applied change set, the database reads back as the
/// graph after each step, and each step is one log entry, numbered 1, 2, 3, ….
@Suite("Database store: the sample change sets", .serialized)
struct DatabaseStoreSampleTests {
    static let files = [
        "rename-bucket", "insert-content", "move-content", "retag-content", "rename-tag", "change-email",
        "rename-user", "delete-bucket", "delete-user",
    ]

    static func changes(_ name: String) throws -> ChangeSet {
        try ChangeSet.decode(
            json: Data(
                contentsOf: SampleQueryTests.root.appendingPathComponent("Samples/changes/\(name).json")))
    }

    static func check(_ database: some TestDatabase, convention: SQLNamingConvention) throws {
        var (graph, _) = try SampleQueryTests.sample()
        let mapping =
            convention == .coreData ? try SQLMapping.coreData(graph.schema) : try SQLMapping.standard(graph.schema)
        try database.load(graph, mapping: mapping)
        let store = try DatabaseStore(database: database.sqlDatabase, schema: graph.schema, convention: convention)
        #expect(try store.log.lastSequence() == 0)
        for (step, name) in files.enumerated() {
            let changes = try changes(name)
            let expected = try graph.apply(changes)
            let entry = try store.apply(changes)
            #expect(entry.applied.changes == expected, "\(name)")
            #expect(entry.sequence == Int64(step + 1), "\(name)")
            #expect(try store.graph() == graph, "\(name): the database reads back as the graph")
        }
        let entries = try store.log.entries(after: 0)
        #expect(entries.map(\.sequence) == Array(1...Int64(files.count)))
        #expect(entries.last?.applied.deletedObjects["User"]?.map(\.id) == [1])
    }

    /// Deleting User 1 of the sample cascades to its Buckets 1 and 3 and its Content 1
    /// (Samples/schema.json: `User.buckets` and `User.contents` are Cascade); the log entry keeps
    /// each deleted object as it was (Samples/graph.json), relationships included.
    @Test("the log keeps the deleted objects' old values") func deletedValues() throws {
        let database = try SQLiteTestDatabase()
        let (graph, mapping) = try SampleQueryTests.sample()
        try database.load(graph, mapping: mapping)
        let store = try DatabaseStore(database: database.sqlDatabase, schema: graph.schema, convention: .standard)
        let entry = try store.apply(Self.changes("delete-user"))
        #expect(try store.log.entries(after: 0).first == entry)
        func date(_ text: String) throws -> PredicateValue {
            .date(try #require(ISO8601DateFormatter().date(from: text)))
        }
        #expect(
            entry.applied.deletedObjects == [
                "User": [
                    InsertedObject(
                        id: 1,
                        values: [
                            "name": "Ann", "email": "ann@example.com", "buckets": [1, 3], "contents": [1],
                        ])
                ],
                "Bucket": [
                    InsertedObject(
                        id: 1,
                        values: [
                            "name": "Inbox", "owner": 1, "contents": [1, 3, 6],
                            "creationDate": try date("2024-01-01T09:00:00Z"),
                        ]),
                    InsertedObject(
                        id: 3,
                        values: [
                            "name": "Archive", "owner": 1, "contents": [5],
                            "creationDate": try date("2024-01-03T09:00:00Z"),
                        ]),
                ],
                "Content": [
                    InsertedObject(
                        id: 1,
                        values: [
                            "name": "notes.txt", "size": 120, "bucket": 1, "owner": 1, "tags": [1],
                            "creationDate": try date("2024-02-01T10:00:00Z"),
                        ])
                ],
            ])
    }

    @Test("SQLite, default mapping") func sqliteStandard() throws {
        try Self.check(try SQLiteTestDatabase(), convention: .standard)
    }

    @Test("SQLite, Core Data mapping") func sqliteCoreData() throws {
        try Self.check(try SQLiteTestDatabase(), convention: .coreData)
    }

    @Test("PostgreSQL, default mapping") func postgresStandard() throws {
        try Self.check(try PostgresTestDatabase(), convention: .standard)
    }

    @Test("PostgreSQL, Core Data mapping") func postgresCoreData() throws {
        try Self.check(try PostgresTestDatabase(), convention: .coreData)
    }
}

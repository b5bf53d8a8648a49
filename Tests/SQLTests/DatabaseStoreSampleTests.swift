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

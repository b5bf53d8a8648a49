import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Synchronization
import Testing

/// The write path of ``DatabaseStore`` by example: conflicts between two writers, all or
/// nothing, Core Data's bookkeeping columns. Expected values are written from the sample graph
/// (Samples/graph.json) and the specification (Docs/database-store.md).
@Suite("Database store: writing", .serialized)
struct DatabaseStoreWriteTests {
    static func sample(_ database: SharedStoreDatabase, convention: SQLNamingConvention = .standard) throws -> Schema {
        let (graph, _) = try SampleQueryTests.sample()
        let mapping =
            convention == .coreData ? try SQLMapping.coreData(graph.schema) : try SQLMapping.standard(graph.schema)
        try database.create(graph, mapping: mapping)
        return graph.schema
    }

    static func move(_ content: Int, from old: Int, to new: Int) -> ChangeSet {
        ChangeSet([
            "Content": EntityChanges(updated: [
                UpdatedObject(id: .int(content), relationships: ["bucket": .toOne(old: .int(old), new: .int(new))])
            ])
        ])
    }

    /// Two writers on two connections both move Content 3 out of Bucket 1 (Samples: Content 3
    /// is in Bucket 1): the second one's `old` is stale, so it is refused naming the object and
    /// the destination it really has, and nothing of it is written or logged.
    static func staleWriter(_ shared: SharedStoreDatabase) throws {
        let schema = try sample(shared)
        let first = try DatabaseStore(database: try shared.connect(), schema: schema, convention: .standard)
        let second = try DatabaseStore(database: try shared.connect(), schema: schema, convention: .standard)
        #expect(try first.apply(move(3, from: 1, to: 2)).sequence == 1)
        #expect {
            try second.apply(move(3, from: 1, to: 3))
        } throws: { error in
            (error as? GraphErrors)?.errors == [
                GraphError(
                    .staleChange, entity: "Content", id: 3, key: "bucket",
                    message: "the change says the old destination is 1, but it is 2")
            ]
        }
        let graph = try second.graph()
        let content = try #require(graph.objectID(entity: "Content", id: 3))
        #expect(try graph.value(forKey: "bucket", of: content).objects.map(\.id) == [2])
        #expect(try second.log.lastSequence() == 1)
    }

    @Test("a stale old value is refused (SQLite)") func staleSQLite() throws {
        try Self.staleWriter(try SharedStoreDatabase.sqlite())
    }

    @Test("a stale old value is refused (PostgreSQL)") func stalePostgres() throws {
        try Self.staleWriter(try SharedStoreDatabase.postgres())
    }

    /// Four writers on four connections move Content 3 out of Bucket 1 at once, each to
    /// another Bucket, each stating `old: 1`: exactly one commits, the three others are refused
    /// as stale (the first statement of each write serialises the writers, so each reads what
    /// the previous one committed), and the log has one entry. A fifth connection holds the
    /// log's head row while the writers start, so that they all arrive before any goes on.
    static func racingWriters(_ shared: SharedStoreDatabase) throws {
        let schema = try sample(shared)
        _ = try DatabaseStore(database: try shared.connect(), schema: schema, convention: .standard)
        let stores = try (0..<4).map { _ in
            try DatabaseStore(database: try shared.connect(), schema: schema, convention: .standard)
        }
        let blocker = try shared.connect()
        try blocker.execute(.begin)
        try blocker.execute(
            .update(
                SQLUpdate(
                    table: SQLChangeLogTables.headTable, set: [.init("last_sequence", .columnName("last_sequence"))],
                    where: [SQLChangeLogTables.headCondition])))
        let outcomes = Mutex<[String]>([])
        let group = DispatchGroup()
        for (writer, store) in stores.enumerated() {
            nonisolated(unsafe) let store = store
            DispatchQueue.global().async(group: group) {
                let outcome: String
                do {
                    outcome = "applied \(try store.apply(move(3, from: 1, to: writer % 2 == 0 ? 2 : 3)).sequence)"
                } catch let errors as GraphErrors {
                    outcome = errors.errors.map(\.kind) == [.staleChange] ? "stale" : "\(errors)"
                } catch {
                    outcome = "\(error)"
                }
                outcomes.withLock { $0.append(outcome) }
            }
        }
        Thread.sleep(forTimeInterval: 0.5)  // the writers reach the lock (not a timing assertion)
        try blocker.execute(.commit)
        group.wait()
        #expect(outcomes.withLock { $0 }.sorted() == ["applied 1", "stale", "stale", "stale"])
        #expect(try ChangeLog(database: try shared.connect()).lastSequence() == 1)
    }

    @Test("racing writers with the same old value: one commits (SQLite)") func racingSQLite() throws {
        try Self.racingWriters(try SharedStoreDatabase.sqlite())
    }

    @Test("racing writers with the same old value: one commits (PostgreSQL)") func racingPostgres() throws {
        try Self.racingWriters(try SharedStoreDatabase.postgres())
    }

    /// A change set whose deletion is written before a value the database refuses (SQLite
    /// keeps no NaN): the deletion is rolled back with the rest, and nothing is logged.
    @Test("a failure in the middle leaves the database unchanged") func allOrNothing() throws {
        let schema = Schema(entities: [
            EntityDescription(
                name: "Item",
                attributes: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "score", type: .double),
                ])
        ])
        let graph = try ObjectGraph(schema: schema, objects: ["Item": [InsertedObject(id: 1, values: ["name": "a"])]])
        let shared = try SharedStoreDatabase.sqlite()
        try shared.create(graph, mapping: try SQLMapping.standard(schema))
        let store = try DatabaseStore(database: try shared.connect(), schema: schema, convention: .standard)
        let changes = ChangeSet([
            "Item": EntityChanges(
                inserted: [InsertedObject(id: 2, values: ["score": .double(.nan)])], deleted: [1])
        ])
        #expect {
            try store.apply(changes)
        } throws: { error in
            (error as? GraphErrors)?.errors.map(\.kind) == [.invalidValue]
                && (error as? GraphErrors)?.errors.first?.message.contains("NaN") == true
        }
        #expect(try store.graph() == graph)
        #expect(try store.log.lastSequence() == 0)
    }

    /// Core Data's bookkeeping: every changed row's `Z_OPT` goes up by one (db create writes
    /// 1), `Z_PRIMARYKEY.Z_MAX` of the hierarchy rises to the largest id inserted (db create
    /// writes 0).
    @Test("Core Data: Z_OPT and Z_MAX are kept") func coreDataBookkeeping() throws {
        let shared = try SharedStoreDatabase.sqlite()
        let schema = try Self.sample(shared, convention: .coreData)
        let store = try DatabaseStore(database: try shared.connect(), schema: schema, convention: .coreData)
        let database = store.database
        func version(_ table: String, _ key: Int) throws -> Int64? {
            var select = SQLSelect.columns(["Z_OPT"], from: table)
            select.conditions = [.binary(.columnName("Z_PK"), .equal, .value(.integer(Int64(key))))]
            return try database.rows(select).first?.first?.integerValue
        }
        func maximum(_ entity: String) throws -> Int64? {
            var select = SQLSelect.columns(["Z_MAX"], from: "Z_PRIMARYKEY")
            select.conditions = [.binary(.columnName("Z_NAME"), .equal, .value(.text(entity)))]
            return try database.rows(select).first?.first?.integerValue
        }
        #expect(try version("ZBUCKET", 1) == 1)
        #expect(try maximum("Content") == 0)
        try store.apply(DatabaseStoreSampleTests.changes("rename-bucket"))  // Bucket 1's name
        #expect(try version("ZBUCKET", 1) == 2)
        #expect(try version("ZBUCKET", 2) == 1)
        try store.apply(DatabaseStoreSampleTests.changes("insert-content"))  // ImageContent 7
        #expect(try version("ZCONTENT", 7) == 1)
        #expect(try maximum("Content") == 7)
        try store.apply(DatabaseStoreSampleTests.changes("move-content"))  // Content 3: Bucket 1 → 2
        #expect(try version("ZCONTENT", 3) == 2)
        #expect(try version("ZBUCKET", 1) == 2)  // the foreign key is Content's column
        try store.apply(Self.move(3, from: 2, to: 1))
        #expect(try version("ZCONTENT", 3) == 3)
    }
}

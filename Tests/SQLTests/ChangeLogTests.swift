import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Synchronization
import Testing

/// The change log of a database store: numbering, reading after a sequence, pruning, SQLite's
/// data version, and concurrent writers on PostgreSQL.
@Suite("Database store: the change log", .serialized)
struct ChangeLogTests {
    static func rename(tag: Int, to name: String) -> ChangeSet {
        ChangeSet(["Tag": EntityChanges(updated: [UpdatedObject(id: .int(tag), attributes: ["name": .string(name)])])])
    }

    /// Three change sets are entries 1, 2, 3; a change set that changes nothing takes no number;
    /// pruning before 3 keeps entry 3, says so, and refuses to give the entries after 1.
    @Test("numbering, reading and pruning") func pruning() throws {
        let shared = try SharedStoreDatabase.sqlite()
        let schema = try DatabaseStoreWriteTests.sample(shared)
        let store = try DatabaseStore(database: try shared.connect(), schema: schema, convention: .standard)
        let log = store.log
        #expect(try log.lastSequence() == 0)
        #expect(try log.firstKeptSequence() == 1)
        for (index, name) in ["a", "b", "c"].enumerated() {
            #expect(try store.apply(Self.rename(tag: 1, to: name)).sequence == Int64(index + 1))
        }
        // Tag 1 is already "c": nothing changes, nothing is logged.
        #expect(try store.apply(Self.rename(tag: 1, to: "c")).applied.isEmpty)
        #expect(try log.lastSequence() == 3)
        let after1 = try log.entries(after: 1, limit: 10)
        #expect(after1.map(\.sequence) == [2, 3])
        #expect(
            after1.first?.applied.changes
                == ChangeSet(["Tag": EntityChanges(updated: [UpdatedObject(id: 1, attributes: ["name": "b"])])]))
        #expect(try log.entries(after: 0, limit: 2).map(\.sequence) == [1, 2])
        #expect(try log.prune(before: 3) == 2)
        #expect(try log.firstKeptSequence() == 3)
        #expect(throws: ChangeLogError.pruned(after: 1, firstKept: 3)) { try log.entries(after: 1) }
        #expect(try log.entries(after: 2).map(\.sequence) == [3])
        // Pruning everything keeps the numbering going.
        #expect(try log.prune(before: 100) == 1)
        #expect(try log.firstKeptSequence() == 4)
        #expect(try log.entries(after: 3).isEmpty)
        #expect(try store.apply(Self.rename(tag: 1, to: "d")).sequence == 4)
    }

    /// A database made without the log (by hand, or by Core Data): reading it says so; opening
    /// a store creates it, and a second store finds it there.
    @Test("a database without a log: missing, then created by the first store") func missingLog() throws {
        let database = try SQLiteTestDatabase()
        let (graph, mapping) = try SampleQueryTests.sample()
        try database.load(graph, mapping: mapping)
        let log = ChangeLog(database: database.sqlDatabase)
        #expect(throws: ChangeLogError.missing) { try log.lastSequence() }
        #expect(throws: ChangeLogError.missing) { try log.prune(before: 1) }
        _ = try DatabaseStore(database: database.sqlDatabase, schema: graph.schema, convention: .standard)
        _ = try DatabaseStore(database: database.sqlDatabase, schema: graph.schema, convention: .standard)
        #expect(try log.lastSequence() == 0)
        #expect(try log.firstKeptSequence() == 1)
    }

    /// SQLite: another connection's commit changes the data version this connection reads;
    /// its own reads do not.
    @Test("SQLite's data version tells a reader that something was committed") func dataVersion() throws {
        let shared = try SharedStoreDatabase.sqlite()
        let schema = try DatabaseStoreWriteTests.sample(shared)
        let writer = try DatabaseStore(database: try shared.connect(), schema: schema, convention: .standard)
        let reader = ChangeLog(database: try shared.connect())
        let before = try #require(try reader.dataVersion())
        #expect(try reader.dataVersion() == before)
        try writer.apply(Self.rename(tag: 2, to: "trip"))
        #expect(try reader.dataVersion() != before)
        #expect(try reader.lastSequence() == 1)
    }

    /// PostgreSQL, three writers on three connections committing at once (held at the log's
    /// head by a fourth connection until all have started), each five change sets of its own:
    /// the log holds 1…15 without a gap, each change set exactly once, each writer's in the
    /// order it wrote them.
    @Test("concurrent writers: sequences in commit order, no gap, each change set once") func concurrentWriters()
        throws
    {
        let shared = try SharedStoreDatabase.postgres()
        let schema = try DatabaseStoreWriteTests.sample(shared)
        let stores = try (0..<3).map { _ in
            try DatabaseStore(database: try shared.connect(), schema: schema, convention: .standard)
        }
        let blocker = try shared.connect()
        try blocker.execute(.begin)
        try blocker.execute(
            .update(
                SQLUpdate(
                    table: SQLChangeLogTables.headTable, set: [.init("last_sequence", .columnName("last_sequence"))],
                    where: [SQLChangeLogTables.headCondition])))
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        for (writer, store) in stores.enumerated() {
            nonisolated(unsafe) let store = store
            DispatchQueue.global().async(group: group) {
                do {
                    for step in 0..<5 { try store.apply(Self.rename(tag: writer + 1, to: "w\(writer)-\(step)")) }
                } catch {
                    failures.withLock { $0.append("writer \(writer): \(error)") }
                }
            }
        }
        Thread.sleep(forTimeInterval: 0.5)  // the writers reach the lock (not a timing assertion)
        try blocker.execute(.commit)
        group.wait()
        #expect(failures.withLock { $0 }.isEmpty)
        let entries = try ChangeLog(database: try shared.connect()).entries(after: 0, limit: 100)
        #expect(entries.map(\.sequence) == Array(1...15))
        var names: [Int: [String]] = [:]
        for entry in entries {
            for update in entry.applied.changes["Tag"].updated {
                guard case .int(let tag) = update.id, case .string(let name)? = update.attributes["name"] else {
                    continue
                }
                names[tag, default: []].append(name)
            }
        }
        for writer in 0..<3 {
            #expect(names[writer + 1] == (0..<5).map { "w\(writer)-\($0)" })
        }
    }
}

import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PostgresDatabase
import Predicates
import SQLiteDatabase
import Testing

/// A writer applies the sample change sets through a ``DatabaseStore`` on its connection; a
/// ``ChangeLogFollower`` on its own connection keeps live queries current from the log. What
/// the follower saw is recorded: every entry once, in order; after each, every query's rows
/// are a fresh fetch and each diff replays onto the rows before it. Faults: the follower's
/// PostgreSQL session is terminated mid-stream; it is restarted with `since`; the entries it
/// needs are pruned.
@Suite("Change log follower: exactly once, in order, after faults", .serialized)
struct ChangeLogFollowerTests {
    static let requests: [FetchRequest] = {
        func request(_ entity: String, _ format: String) -> FetchRequest {
            FetchRequest(entity: entity, predicate: try? PredicateParser().parsePredicate(format, arguments: []))
        }
        var inbox = request("Content", "bucket.name == 'Inbox'")
        inbox.sortKeys = [SortKey("name")]
        var tagged = request("Content", "ANY tags.name == 'work'")
        tagged.sortKeys = [SortKey("size", ascending: false)]
        var buckets = request("Bucket", "contents.@count >= 1")
        buckets.sortKeys = [SortKey("name")]
        var sectioned = request("Content", "size > 0")
        sectioned.sortKeys = [SortKey("name")]
        sectioned.sectionKeyPath = "bucket.name"
        sectioned.fetchLimit = 3
        sectioned.refreshKeyPaths = ["owner.name"]
        return [inbox, tagged, buckets, sectioned]
    }()

    /// What the follower delivered, recorded per query.
    final class Recorder {
        var rows: [Int: [ObjectID]] = [:]
        var entries: [Int64] = []
        var refetches: [Int64] = []

        func first(_ update: FollowedUpdate) { rows[update.query] = update.update.rows }

        /// Checks that each update's diff turns the recorded rows into its rows.
        func record(_ sequence: Int64, _ updates: [FollowedUpdate]) {
            entries.append(sequence)
            if updates.contains(where: { $0.refetch != nil }) { refetches.append(sequence) }
            for update in updates {
                let before = rows[update.query] ?? []
                #expect(update.update.change.rows.applied(to: before) == update.update.rows, "entry \(sequence)")
                rows[update.query] = update.update.rows
            }
        }

        /// Every query's recorded rows equal a fresh fetch from `database`.
        func expectFresh(_ mapping: SQLMapping, _ database: any SQLDatabase, _ note: String) throws {
            for (index, request) in ChangeLogFollowerTests.requests.enumerated() {
                let fresh = try DatabaseLiveResults(request: request, mapping: mapping, database: database)
                #expect(rows[index] == fresh.rows, "\(note): query \(index)")
            }
        }
    }

    /// A fresh database with the sample graph: the writer's store, and a factory of the
    /// follower's connections.
    struct Setup {
        var store: DatabaseStore
        var connect: () throws -> ChangeLogConnection
        /// Terminates the follower's sessions; returns how many were terminated.
        var kill: (() throws -> Int)?
    }

    static func sqlite(_ convention: SQLNamingConvention = .standard) throws -> Setup {
        let path = NSTemporaryDirectory() + "follower-\(getpid())-\(UUID().uuidString).sqlite"
        let (graph, _) = try SampleQueryTests.sample()
        let mapping =
            convention == .coreData ? try SQLMapping.coreData(graph.schema) : try SQLMapping.standard(graph.schema)
        let writer = try SQLiteConnection(path: path)
        try writer.transaction {
            try writer.execute(SQLSchemaDefinition.statements(for: mapping, dialect: writer.dialect))
            try writer.execute(try graph.insertStatements(mapping: mapping, dialect: writer.dialect))
        }
        let store = try DatabaseStore(database: writer, schema: graph.schema, convention: convention)
        return Setup(
            store: store,
            connect: {
                let reader = try SQLiteConnection(path: path)
                return ChangeLogConnection(database: reader, wait: { _ in })
            })
    }

    static func postgres() throws -> Setup {
        let server = try PostgresTestServer.shared.get()
        let url = try server.makeDatabaseURL()
        let (graph, _) = try SampleQueryTests.sample()
        let mapping = try SQLMapping.standard(graph.schema)
        let writer = try PostgresConnection(url: url)
        try writer.installHelperFunctions()
        try writer.transaction {
            try writer.execute(SQLSchemaDefinition.statements(for: mapping, dialect: writer.dialect))
            try writer.execute(try graph.insertStatements(mapping: mapping, dialect: writer.dialect))
        }
        let store = try DatabaseStore(database: writer, schema: graph.schema, convention: .standard)
        return Setup(
            store: store,
            connect: {
                let reader = try PostgresConnection(url: url)
                try reader.listen(SQLChangeLogTables.channel)
                return ChangeLogConnection(database: reader, wait: { _ = try reader.notifications(waitingUpTo: $0) })
            },
            kill: {
                // Every other session on the database: the follower's.
                try writer.rows(
                    SQLStatement(
                        sql: "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                            + "WHERE datname = current_database() AND pid <> pg_backend_pid()", bindings: [])
                ).count
            })
    }

    /// Applies the sample change sets one by one, polling after each; `fault` runs before the
    /// poll of the step it names.
    static func follow(_ setup: Setup, fault: (step: Int, run: () throws -> Void)? = nil) throws {
        let follower = try ChangeLogFollower(mapping: setup.store.mapping, connect: setup.connect)
        let recorder = Recorder()
        for request in requests { recorder.first(try follower.add(request)) }
        for (step, name) in DatabaseStoreSampleTests.files.enumerated() {
            let entry = try setup.store.apply(try DatabaseStoreSampleTests.changes(name))
            if let fault, fault.step == step { try fault.run() }
            try follower.wait(upTo: 0.01)
            try follower.poll(onEntry: recorder.record)
            #expect(follower.lastSequence == entry.sequence, "\(name)")
            try recorder.expectFresh(setup.store.mapping, setup.store.database, name)
        }
        let count = Int64(DatabaseStoreSampleTests.files.count)
        #expect(recorder.entries == Array(1...count), "every entry once, in order")
        #expect(recorder.refetches.isEmpty)
    }

    @Test("SQLite: a follower on its own connection sees every entry once, in order")
    func sqliteFollows() throws {
        try Self.follow(try Self.sqlite())
    }

    @Test("SQLite, Core Data mapping: the same, over a store laid out as Core Data's")
    func sqliteCoreDataFollows() throws {
        try Self.follow(try Self.sqlite(.coreData))
    }

    @Test(
        "PostgreSQL: LISTEN wakes the follower; every entry once, in order",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgresFollows() throws {
        try Self.follow(try Self.postgres())
    }

    @Test(
        "PostgreSQL: the follower's session terminated mid-stream; it reconnects, nothing skipped or repeated",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgresTerminated() throws {
        let setup = try Self.postgres()
        try Self.follow(
            setup,
            fault: (
                step: 3,
                run: {
                    let terminated = try setup.kill?()
                    #expect(terminated == 1, "one session terminated")
                }
            ))
    }

    @Test(
        "PostgreSQL: the follower's own connection plans no parallel workers, after a reconnection too",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgresKeyedReadSettings() throws {
        let setup = try Self.postgres()
        final class Opened: @unchecked Sendable { var connections: [any SQLDatabase] = [] }
        let opened = Opened()
        let follower = try ChangeLogFollower(mapping: setup.store.mapping) {
            let connection = try setup.connect()
            opened.connections.append(connection.database)
            return connection
        }
        func workers(_ database: any SQLDatabase) throws -> [[SQLValue]] {
            try database.rows(SQLStatement(sql: "SHOW max_parallel_workers_per_gather"))
        }
        // PostgreSQL's default is 2: only the follower's connections are set.
        #expect(try workers(setup.store.database) == [[.text("2")]])
        #expect(try workers(try #require(opened.connections.last)) == [[.text("0")]])
        #expect(try setup.kill?() == 1)
        try follower.poll()
        #expect(opened.connections.count == 2, "the follower connected again")
        #expect(try workers(try #require(opened.connections.last)) == [[.text("0")]])
    }

    @Test("a follower restarted with since: catches up from there, in order")
    func restartWithSince() throws {
        let setup = try Self.sqlite()
        let files = DatabaseStoreSampleTests.files
        for name in files.prefix(4) { try setup.store.apply(try DatabaseStoreSampleTests.changes(name)) }
        // Restarted after entry 2: its first fetch already shows entries 3 and 4, which it
        // applies again without changing a row; then it follows.
        let follower = try ChangeLogFollower(mapping: setup.store.mapping, since: 2, connect: setup.connect)
        let recorder = Recorder()
        for request in Self.requests { recorder.first(try follower.add(request)) }
        for name in files.dropFirst(4) { try setup.store.apply(try DatabaseStoreSampleTests.changes(name)) }
        try follower.poll(onEntry: recorder.record)
        #expect(recorder.entries == Array(3...Int64(files.count)))
        try recorder.expectFresh(setup.store.mapping, setup.store.database, "after catching up")
    }

    @Test("entries pruned before the follower read them: a full refetch, reported")
    func prunedHistory() throws {
        let setup = try Self.sqlite()
        let follower = try ChangeLogFollower(mapping: setup.store.mapping, connect: setup.connect)
        let recorder = Recorder()
        for request in Self.requests { recorder.first(try follower.add(request)) }
        for name in DatabaseStoreSampleTests.files.prefix(5) {
            try setup.store.apply(try DatabaseStoreSampleTests.changes(name))
        }
        try setup.store.log.prune(before: 4)
        let updates = try follower.poll(onEntry: recorder.record)
        #expect(recorder.refetches == [5], "the refetch says which entries it includes")
        #expect(updates.filter { $0.refetch == .pruned }.count == Self.requests.count)
        #expect(follower.lastSequence == 5)
        try recorder.expectFresh(setup.store.mapping, setup.store.database, "after the refetch")
    }
}

import Foundation
import ObjectStore
import Testing

@testable import PredicateCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The REPL's `:watch` over SQLite and PostgreSQL, in process: standard input is a script
/// whose "is there input?" answer (``ToolIO/hasInput``) has a change set written through
/// another connection (`apply --db`, on another thread) the first time it is asked, and says
/// yes once the diff is printed. The follower's wait also polls a descriptor (an idle pipe, as standard input
/// would be), so on PostgreSQL it is the `NOTIFY` of the commit that wakes it. Expected rows
/// from Samples/graph.json: Contents 1, 3 and 6 are in the Inbox; move-content.json moves
/// Content 3 (plan.pdf) to Bucket 2. And the follower's wait alone: a byte on the descriptor
/// ends it at once (seen failing, after 20 s, with the descriptor left out of the wait).
@Suite("REPL: :watch over SQLite and PostgreSQL", .serialized)
struct ReplWatchDatabaseTests {
    static let root = SampleQueryTests.root.path
    static let model = ["--schema", root + "/Samples/schema.json"]

    func watch(_ target: String) throws {
        let output = PostgresCommandOutput()
        let created = PredicateTool.run(
            ["db", "create", "--db", target, "--graph", Self.root + "/Samples/graph.json"] + Self.model,
            io: ToolIO(readLine: { nil }, write: { output.output += $0 }, writeError: { output.error += $0 }))
        try #require(created == 0, "\(output.error)")
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { for descriptor in descriptors { close(descriptor) } }
        var lines = [":columns name", "bucket.name == 'Inbox'", ":watch", ":quit"]
        let transcript = PostgresCommandOutput()
        var io = ToolIO(
            readLine: { lines.isEmpty ? nil : lines.removeFirst() }, write: { transcript.output += $0 },
            writeError: { transcript.error += $0 })
        io.inputDescriptor = descriptors[0]
        var asked = 0
        io.hasInput = {
            // The script's lines are all there, except while :watch waits for the change.
            guard lines == [":quit"] else { return true }
            asked += 1
            if asked == 1 {
                // Written from another thread a moment later, so that it commits while the
                // follower waits (in poll(2) on the server's socket and the descriptor).
                let writer = PostgresCommandOutput()
                Thread.detachNewThread {
                    usleep(200_000)
                    let status = PredicateTool.run(
                        ["apply", "--db", target] + Self.model + [Self.root + "/Samples/changes/move-content.json"],
                        io: ToolIO(
                            readLine: { nil }, write: { writer.output += $0 }, writeError: { writer.error += $0 }))
                    #expect(status == 0, "\(writer.error)")
                }
            }
            // (A bound on the rounds, so that a watch that never sees the change still ends.)
            return transcript.output.contains("#1:") || asked > 100
        }
        let status = PredicateTool.run(["repl", "--db", target] + Self.model, io: io)
        #expect(status == 0, "\(transcript.error)")
        #expect(
            transcript.output.contains(
                """
                3 objects
                #1:
                  removed  3  plan.pdf  (row 2)
                stopped after log entry 1: 2 objects

                """), "\(transcript.output)")
    }

    @Test("SQLite: a change another connection commits shows with its sequence") func sqlite() throws {
        let path = NSTemporaryDirectory() + "repl-watch-\(getpid())-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try watch(path)
    }

    @Test(
        "PostgreSQL: a change another connection commits shows with its sequence",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        try watch(try PostgresTestServer.shared.get().makeDatabaseURL())
    }

    /// The follower's wait returns as soon as the descriptor is readable, though no commit
    /// comes and it was asked to wait an hour (run on a thread; the test gives it 20 s).
    func wakesOnInput(_ target: String) throws {
        let output = PostgresCommandOutput()
        let created = PredicateTool.run(
            ["db", "create", "--db", target, "--graph", Self.root + "/Samples/graph.json"] + Self.model,
            io: ToolIO(readLine: { nil }, write: { output.output += $0 }, writeError: { output.error += $0 }))
        try #require(created == 0, "\(output.error)")
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { for descriptor in descriptors { close(descriptor) } }
        let connection = WaitingConnection(
            try ChangeLogWaiting.connection(try DatabaseTarget(target), wakingOn: descriptors[0]))
        let woke = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? connection.value.wait(3600)
            woke.signal()
        }
        usleep(100_000)
        #expect(write(descriptors[1], "\n", 1) == 1)
        #expect(woke.wait(timeout: .now() + 20) == .success, "the wait did not wake on input")
    }

    @Test("SQLite: the follower's wait wakes on standard input") func sqliteWakes() throws {
        let path = NSTemporaryDirectory() + "repl-wake-\(getpid())-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try wakesOnInput(path)
    }

    @Test(
        "PostgreSQL: the follower's wait wakes on standard input",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgresWakes() throws {
        try wakesOnInput(try PostgresTestServer.shared.get().makeDatabaseURL())
    }
}

/// A connection handed to the thread that waits on it (only that thread uses it).
private final class WaitingConnection: @unchecked Sendable {
    let value: ChangeLogConnection
    init(_ value: ChangeLogConnection) { self.value = value }
}

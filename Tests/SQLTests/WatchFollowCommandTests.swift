import Foundation
import ObjectStore
import PredicateCLI
import Predicates
import Testing

/// `predicate watch --db`: with `--changes` it writes the change sets and prints each step; with
/// `--follow` it prints every entry another process commits. The two-process tests run the
/// built `predicate` binary twice — a watcher following and a writer applying — on SQLite and
/// PostgreSQL, stop the watcher with SIGTERM (exit status 0) and check what it printed: every
/// entry once, in order, each diff replaying onto the rows before it, the last rows a fresh
/// fetch. Expected rows written from the sample graph (Samples/graph.json: Contents 1, 3 and 6
/// are in Bucket 1, "Inbox").
@Suite("predicate watch --db: --changes and --follow, two processes", .serialized)
struct WatchFollowCommandTests {
    static let root = SampleQueryTests.root.path
    static let model = ["--schema", root + "/Samples/schema.json"]
    static let changes = ["rename-bucket", "move-content", "rename-user", "insert-content", "delete-bucket"].map {
        root + "/Samples/changes/\($0).json"
    }
    static let query = ["--entity", "Content", "--format", "bucket.name == 'Inbox' OR #size > 100", "--sort", "name"]

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let buffer = PostgresCommandOutput()
        let io = ToolIO(readLine: { nil }, write: { buffer.output += $0 }, writeError: { buffer.error += $0 })
        let status = PredicateTool.run(arguments, io: io)
        return (status, buffer.output, buffer.error)
    }

    /// The JSON lines of a watch, parsed: each line's sequence, rows and the diff's parts.
    struct Line {
        var sequence: Int
        var rows: [Int]
        var removed: [[Int]]
        var inserted: [[Int]]
        var moved: [[Int]]

        init(_ text: Substring) throws {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            sequence = try #require(object["sequence"] as? Int)
            rows = try #require(object["rows"] as? [Int])
            removed = object["removed"] as? [[Int]] ?? []
            inserted = object["inserted"] as? [[Int]] ?? []
            moved = object["moved"] as? [[Int]] ?? []
        }

        /// `rows` after this line's diff (removals at old offsets, then insertions and moves at
        /// new ones).
        func replayed(onto rows: [Int]) -> [Int] {
            var list = rows
            let movedIDs = Set(moved.map { $0[2] })
            let removals = removed.map { $0[0] } + rows.indices.filter { movedIDs.contains(rows[$0]) }
            for offset in removals.sorted(by: >) { list.remove(at: offset) }
            let additions = (inserted.map { ($0[0], $0[1]) } + moved.map { ($0[1], $0[2]) }).sorted { $0.0 < $1.0 }
            for (offset, id) in additions { list.insert(id, at: offset) }
            return list
        }
    }

    /// Every line's diff replays onto the rows before it; the sequences are `expected`.
    static func checkLines(_ output: String, sequences expected: [Int]) throws -> [Int] {
        let lines = try output.split(separator: "\n").map(Line.init)
        var rows = try #require(lines.first).rows
        for line in lines.dropFirst() {
            #expect(line.replayed(onto: rows) == line.rows, "entry \(line.sequence): the diff does not replay")
            rows = line.rows
        }
        #expect(lines.dropFirst().map(\.sequence) == expected, "every entry once, in order")
        return rows
    }

    func checkChanges(_ target: String) throws {
        let create = run(["db", "create", "--db", target, "--graph", Self.root + "/Samples/graph.json"] + Self.model)
        #expect(create.status == 0, "\(create.error)")
        let watched = run(
            ["watch", "--db", target] + Self.model + Self.query + Self.changes.flatMap { ["--changes", $0] })
        #expect(watched.status == 0, "\(watched.error)")
        let last = try Self.checkLines(watched.output, sequences: [1, 2, 3, 4, 5])
        let first = try Line(try #require(watched.output.split(separator: "\n").first))
        #expect(Set([1, 3, 6]).isSubset(of: first.rows), "the Contents of Inbox")
        #expect(!last.contains(6), "Content 6 leaves with the rename of Inbox (it is 100 bytes or less)")
        // The same watch over the graph file (live results in memory) ends with the same rows.
        let graph = run(
            ["watch", "--graph", Self.root + "/Samples/graph.json"] + Self.model + Self.query
                + Self.changes.flatMap { ["--changes", $0] })
        let memoryLast = try #require(graph.output.split(separator: "\n").last)
        let memoryRows =
            try #require(
                try JSONSerialization.jsonObject(with: Data(memoryLast.utf8)) as? [String: Any])["rows"] as? [Int]
        #expect(last == memoryRows, "as in memory")
        let again = run(["watch", "--db", target] + Self.model + Self.query + ["--follow", "--until", "0"])
        #expect(again.status == 0, "\(again.error)")
        #expect(try Line(try #require(again.output.split(separator: "\n").first)).rows == last, "a fresh fetch")
        // Restarted after entry 2: entries 3 to 5, in order.
        let restarted = run(
            ["watch", "--db", target] + Self.model + Self.query + ["--follow", "--since", "2", "--until", "5"])
        #expect(restarted.status == 0, "\(restarted.error)")
        #expect(try Self.checkLines(restarted.output, sequences: [3, 4, 5]) == last)
    }

    @Test("SQLite: --changes writes and prints each step; --since restarts") func sqliteChanges() throws {
        let path = NSTemporaryDirectory() + "watch-\(getpid())-\(UUID().uuidString).sqlite"
        try checkChanges(path)
    }

    @Test(
        "PostgreSQL: --changes writes and prints each step; --since restarts",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgresChanges() throws {
        try checkChanges(try PostgresTestServer.shared.get().makeDatabaseURL())
    }

    /// The built `predicate` executable (next to the test bundle, else in `.build/debug`).
    static var executable: URL? {
        [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, SampleQueryTests.root.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("predicate") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A watcher process follows `target` while a writer process applies the sample change
    /// sets one by one; SIGTERM stops the watcher.
    func twoProcesses(_ target: String) throws {
        let executable = try #require(Self.executable, "the predicate executable is built with the tests")
        let create = run(["db", "create", "--db", target, "--graph", Self.root + "/Samples/graph.json"] + Self.model)
        #expect(create.status == 0, "\(create.error)")
        let watcher = Process()
        watcher.executableURL = executable
        watcher.arguments = ["watch", "--db", target] + Self.model + Self.query + ["--follow"]
        let output = Pipe()
        let errors = Pipe()
        watcher.standardOutput = output
        watcher.standardError = errors
        try watcher.run()
        // The first line (its first fetch) shows the watcher is following.
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        for file in Self.changes {
            let writer = Process()
            writer.executableURL = executable
            writer.arguments = ["apply", "--db", target] + Self.model + [file]
            writer.standardOutput = FileHandle.nullDevice
            try writer.run()
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0, "apply \(file)")
        }
        // Give the watcher time to print the last entry, then interrupt it.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, String(decoding: received, as: UTF8.self).components(separatedBy: "\n").count < 7 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        watcher.terminate()
        received += output.fileHandleForReading.readDataToEndOfFile()
        watcher.waitUntilExit()
        #expect(watcher.terminationStatus == 0, "SIGTERM is a clean exit")
        let text = String(decoding: received, as: UTF8.self)
        let last = try Self.checkLines(text, sequences: [1, 2, 3, 4, 5])
        let fresh = run(["watch", "--db", target] + Self.model + Self.query + ["--follow", "--until", "0"])
        #expect(try Line(try #require(fresh.output.split(separator: "\n").first)).rows == last, "a fresh fetch")
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).isEmpty)
    }

    @Test("SQLite: a writer process and a watcher process") func sqliteTwoProcesses() throws {
        try twoProcesses(NSTemporaryDirectory() + "watch2-\(getpid())-\(UUID().uuidString).sqlite")
    }

    @Test(
        "PostgreSQL: a writer process and a watcher process",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgresTwoProcesses() throws {
        try twoProcesses(try PostgresTestServer.shared.get().makeDatabaseURL())
    }
}

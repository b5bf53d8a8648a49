import Evaluation
import Foundation
import Testing

@testable import PredicateCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The REPL's `:watch` (issue 20 §5): the last query's rows followed in a database while
/// another connection writes through a ``DatabaseStore`` (`predicate apply --db`), on a pipe
/// and on a pseudo-terminal; the watch ends on a line, a key or the end of input, and the
/// session goes on. Expected rows are Samples/graph.json's: the Inbox (Bucket 1) holds
/// Contents 1 notes.txt, 3 plan.pdf and 6 todo.txt; move-content.json moves Content 3 to
/// Bucket 2, insert-content.json adds ImageContent 7 to Bucket 2.
@Suite("REPL: :watch follows a database while other connections write", .serialized)
struct ReplWatchTests {
    static let schema = "Samples/ContentModel.xcdatamodeld"

    /// A fresh SQLite copy of the sample; removed by the caller.
    static func sampleDatabase() throws -> String {
        let path = NSTemporaryDirectory() + "predicate-watch-\(getpid())-\(UUID().uuidString).sqlite"
        let created = ToolRunner.inProcess(
            ["db", "create", "--schema", schema, "--graph", "Samples/graph.json", "--db", path])
        try #require(created.status == 0, "\(created.errorOutput)")
        return path
    }

    /// Another connection writes a sample change set, as another process would.
    static func write(_ changes: String, to path: String) {
        let applied = ToolRunner.inProcess(["apply", "--db", path, "--schema", schema, "Samples/changes/" + changes])
        #expect(applied.status == 0, "\(applied.errorOutput)")
    }

    @Test(":watch needs a database and takes no arguments")
    func refusals() throws {
        var session = try ReplSession.bundledSample(clock: { 0 })
        #expect(
            session.handle(":watch").text
                == "error: no database attached: :db TARGET [coredata] first (a SQLite file or a postgres:// URL)\n")
        #expect(
            session.handle(":watch now").text
                == "error: :watch takes no arguments: it follows the last predicate (with :sort and :limit)\n")
    }

    @Test("a database without a change log is refused with the reason, and the session goes on")
    func withoutChangeLog() throws {
        let path = try Self.sampleDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try DatabaseTarget.sqlite(path: path).openForWriting().get()
        for table in [SQLChangeLogTables.logTable, SQLChangeLogTables.headTable] {
            _ = try database.execute(.dropTable(SQLDropTable(table)))
        }
        let result = ToolRunner.inProcess(["--schema", Self.schema, "--db", path], input: [":watch", "#size > 1000"])
        #expect(result.status == 2)
        #expect(
            result.output.hasPrefix(
                "error: cannot watch \(path): the database has no change log (table \"pe_change_log_head\"); "
                    + "open it as a store once, or create it with 'predicate db create'\n"), "\(result.output)")
        #expect(result.output.contains("2   ImageContent"), "the next line ran: \(result.output)")
    }

    @Test("a script's :watch prints the rows (columns, limit) and stops at the next line, which runs as usual")
    func scripted() throws {
        let path = try Self.sampleDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ToolRunner.inProcess(
            ["--schema", Self.schema, "--db", path],
            input: [":columns name, size", ":limit 2", "bucket.name == 'Inbox'", ":watch", ":limit none", ":quit"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let watched = """
            watching Content in \(path) after log entry 0 (Enter, q or Control-C stops)
            id  entity   name       size
            --  -------  ---------  ----
            1   Content  notes.txt  120
            3   Content  plan.pdf   560
            2 objects (limit 2)
            stopped after log entry 0: 2 objects
            no limit

            """
        #expect(result.output.hasSuffix(watched), "\(result.output)")
    }

    @Test("piped: a write by another connection shows as a diff with its log sequence; a line ends the watch")
    func piped() throws {
        let path = try Self.sampleDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let repl = try PipedREPL(["--schema", Self.schema, "--db", path])
        repl.send(":columns name\nbucket.name == 'Inbox'\n:sort name\n:watch\n")
        #expect(repl.wait(for: "watching Content in \(path) after log entry 0"), "\(repl.output)")
        #expect(repl.wait(for: "3 objects\n"), "\(repl.output)")
        Self.write("move-content.json", to: path)
        #expect(repl.wait(for: "#1:\n  removed  3  plan.pdf  (row 2)\n"), "\(repl.output)")
        // An entry that does not change the rows prints nothing.
        Self.write("insert-content.json", to: path)
        Self.write("rename-bucket.json", to: path)
        #expect(
            repl.wait(for: "#3:\n  removed  1  notes.txt  (row 1)\n  removed  6  todo.txt   (row 2)\n"),
            "\(repl.output)")
        // The line ends the watch and runs: the objects read from the database are current.
        repl.send("bucket.name == 'Today'\n:quit\n")
        #expect(repl.exitStatus() == 0)
        #expect(!repl.output.contains("#2:"), "\(repl.output)")
        let after = try #require(repl.output.components(separatedBy: "stopped after log entry 3: 0 objects\n").last)
        #expect(
            after.hasPrefix(
                """
                id  entity   name
                --  -------  ---------
                1   Content  notes.txt
                6   Content  todo.txt
                2 objects (
                """), "\(repl.output)")
    }

    @Test("on a terminal: q and Control-C end the watch, the prompt returns, the session goes on")
    func terminal() throws {
        let path = try Self.sampleDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let executable = try #require(ToolRunner.executable, "the predicate executable is built by swift build")
        let home = NSTemporaryDirectory() + "predicate-pty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let terminal = try PseudoTerminal(executable: executable, home: home)
        #expect(terminal.wait(for: "predicate> ") != nil, "\(terminal.transcript)")
        terminal.type(":db \(path)\r")
        var mark = try #require(terminal.wait(for: "predicate> ", from: terminal.output.count - 1))
        terminal.type("bucket.name == 'Inbox'\r:watch\r")
        mark = try #require(terminal.wait(for: "(Enter, q or Control-C stops)", from: mark), "\(terminal.transcript)")
        mark = try #require(terminal.wait(for: "3 objects", from: mark), "\(terminal.transcript)")
        Self.write("move-content.json", to: path)
        mark = try #require(terminal.wait(for: "#1:", from: mark), "\(terminal.transcript)")
        mark = try #require(terminal.wait(for: "removed  3  plan.pdf  (row 2)", from: mark), "\(terminal.transcript)")
        terminal.type("q")
        mark = try #require(
            terminal.wait(for: "stopped after log entry 1: 2 objects", from: mark), "\(terminal.transcript)")
        mark = try #require(terminal.wait(for: "predicate> ", from: mark), "\(terminal.transcript)")
        // Control-C arrives as a key (raw mode) and ends a watch the same way.
        terminal.type(":watch\r")
        mark = try #require(terminal.wait(for: "after log entry 1", from: mark), "\(terminal.transcript)")
        terminal.send([0x03])
        mark = try #require(terminal.wait(for: "stopped after log entry 1", from: mark), "\(terminal.transcript)")
        mark = try #require(terminal.wait(for: "predicate> ", from: mark), "\(terminal.transcript)")
        terminal.type(":quit\r")
        #expect(terminal.exitStatus() == 0, "\(terminal.transcript)")
    }
}

/// The built `predicate` on pipes, its standard input kept open: lines are sent while it runs,
/// and its output is read as it comes.
final class PipedREPL: @unchecked Sendable {
    // `@unchecked`: `collected` is only read and written under `lock`.
    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var collected = Data()

    init(_ arguments: [String]) throws {
        let executable = try #require(ToolRunner.executable, "the predicate executable is built by swift build")
        let output = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = ToolRunner.packageRoot
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        output.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            lock.withLock { collected += data }
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Everything written so far (standard output and standard error).
    var output: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }

    /// Sends `text` on standard input.
    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Whether the output contains `text` within `seconds` (checked every 20 ms).
    func wait(for text: String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.contains(text) { return true }
            usleep(20_000)
        }
        return output.contains(text)
    }

    /// Closes standard input and waits for the exit status (`nil` after `seconds`).
    func exitStatus(seconds: Double = 20) -> Int32? {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { return nil }
        usleep(50_000)  // the last output
        return process.terminationStatus
    }
}

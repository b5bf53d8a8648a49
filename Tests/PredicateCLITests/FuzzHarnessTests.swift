import Foundation
import Testing

/// The fuzz harness (`predicate-fuzz`) finds what it is for: each way a case can fail is
/// reported with the seed, the case and the replay command — a broken database round trip
/// among them; a short run passes, database cases included. The long run is `.ci/run`'s
/// (`predicate-fuzz --seconds 45`).
@Suite("predicate-fuzz: the harness reports traps, hangs, limits, disagreements and round trips", .serialized)
struct FuzzHarnessTests {
    static var executable: URL? {
        ToolRunner.executable.map { $0.deletingLastPathComponent().appendingPathComponent("predicate-fuzz") }
            .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }
    }

    static func run(_ arguments: [String], selfTest: String? = nil) throws -> (status: Int32, output: String) {
        let executable = try #require(Self.executable, "swift build builds predicate-fuzz")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PREDICATE_FUZZ_SELF_TEST"] = selfTest
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(
        "each failure is reported with its seed, case and replay command",
        arguments: [
            ("trap", "trap: the worker died by signal 5"), ("hang", "hang: the case ran longer than 1.0 s"),
            ("disagree", "the engines disagree"), ("memory", "trap: the worker died by signal 6"),
            ("roundtrip", "the database commands failed: round trip: the export is not the graph created"),
        ])
    func failures(mode: String, message: String) throws {
        // One second for the hang; the others may take longer on a loaded machine.
        let timeout = mode == "hang" ? "1" : "60"
        let result = try Self.run(["--seed", "7", "--cases", "1", "--timeout", timeout], selfTest: mode)
        #expect(result.status == 1)
        #expect(result.output.contains("FAILED: " + message), "\(result.output)")
        #expect(result.output.contains("case 0 of seed 7"))
        #expect(result.output.contains("replay: predicate-fuzz --replay 7:0"))
    }

    @Test("a short seeded run passes, and a case replays to the same input")
    func shortRun() throws {
        // A generous time limit per case: the full suite loads the machine.
        let run = try Self.run(["--seed", "11", "--cases", "40", "--timeout", "60"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("40 cases passed"))
        let first = try Self.run(["--replay", "11:3"])
        let second = try Self.run(["--replay", "11:3"])
        #expect(first.status == 0)
        #expect(first.output == second.output)
        #expect(first.output.hasPrefix("replaying 11:3 ("))
    }

    @Test("database cases: created, exported and queried; a replay names its kinds")
    func databaseCases() throws {
        let run = try Self.run(["--seed", "5", "--cases", "8", "--kinds", "database", "--timeout", "60"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("8 of 8 cases passed (database 8; database: "), "\(run.output)")
        // Some cases were created and their predicates compared with eval --graph.
        let created = run.output.firstMatch(of: /created (\d+)/).flatMap { Int($0.1) } ?? 0
        let compared = run.output.firstMatch(of: /compared (\d+)/).flatMap { Int($0.1) } ?? 0
        #expect(created > 0 && compared > 0, "\(run.output)")
        let replay = try Self.run(["--replay", "5:2", "--kinds", "database"])
        #expect(replay.output.hasPrefix("replaying 5:2 (database): "), "\(replay.output)")
    }
}

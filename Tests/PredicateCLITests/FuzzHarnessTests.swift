import Foundation
import Testing

/// The fuzz harness (`predicate-fuzz`) finds what it is for: each way a case can fail is
/// reported with the seed, the case and the replay command; a short run passes. The long run
/// is `.ci/run`'s (`predicate-fuzz --seconds 45`).
@Suite("predicate-fuzz: the harness reports traps, hangs, limits and disagreements", .serialized)
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
        ])
    func failures(mode: String, message: String) throws {
        let result = try Self.run(["--seed", "7", "--cases", "1", "--timeout", "1"], selfTest: mode)
        #expect(result.status == 1)
        #expect(result.output.contains("FAILED: " + message), "\(result.output)")
        #expect(result.output.contains("case 0 of seed 7"))
        #expect(result.output.contains("replay: predicate-fuzz --replay 7:0"))
    }

    @Test("a short seeded run passes, and a case replays to the same input")
    func shortRun() throws {
        let run = try Self.run(["--seed", "11", "--cases", "40"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("40 cases passed"))
        let first = try Self.run(["--replay", "11:3"])
        let second = try Self.run(["--replay", "11:3"])
        #expect(first.status == 0)
        #expect(first.output == second.output)
        #expect(first.output.hasPrefix("replaying 11:3 ("))
    }
}

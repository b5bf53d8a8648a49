import Foundation
import Testing

/// Issue 9 §4 and §5: one exit-status table for every subcommand, `-` for standard input
/// wherever a file is expected, `--` ending the options, and errors that do not echo whole
/// inputs.
@Suite("Exit statuses and inputs, the same in every command")
struct ExitStatusAndInputTests {
    static let model = "Samples/ContentModel.xcdatamodeld"

    static func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "predicate-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A schema file that is JSON but not a schema (an unknown field).
    static func invalidSchema() throws -> String {
        try temporaryFile(#"{"entities": [{"name": "Content", "bogus": 1}]}"#)
    }

    /// Each command with a schema that is not valid: status 2 (invalid input) everywhere.
    @Test("an invalid schema is invalid input (2) in every command that reads one")
    func invalidSchema() throws {
        let schema = try Self.invalidSchema()
        defer { try? FileManager.default.removeItem(atPath: schema) }
        let commands: [[String]] = [
            ["resolve", "name", "--entity", "Content"],
            ["lint", "name == 'x'", "--entity", "Content"],
            [
                "affected", "--format", "name == 'x'", "--entity", "Content", "--graph", "Samples/graph.json",
                "--changes", "Samples/changes/rename-bucket.json",
            ],
            ["eval", "name == 'x'", "--entity", "Content", "--graph", "Samples/graph.json"],
            [
                "watch", "--format", "name == 'x'", "--entity", "Content", "--graph", "Samples/graph.json",
                "--changes", "Samples/changes/rename-bucket.json",
            ],
            ["sql", "name == 'x'", "--entity", "Content"],
        ]
        for command in commands {
            let result = ToolRunner.inProcess(command + ["--schema", schema])
            #expect(result.status == 2, "\(command[0]): \(result.errorOutput)")
            #expect(result.errorOutput.contains("bogus"), "\(command[0]) names the problem")
        }
    }

    @Test("a file that cannot be read is a failure (1) and says why")
    func unreadable() {
        for command in [
            ["resolve", "name", "--entity", "Content", "--schema", "/nonexistent.json"],
            ["eval", "TRUEPREDICATE", "--data", "/nonexistent.json"],
            ["eval", "TRUEPREDICATE", "--entity", "Content", "--schema", Self.model, "--graph", "/tmp"],
        ] {
            let result = ToolRunner.inProcess(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.errorOutput.contains("no such file") || result.errorOutput.contains("it is a folder"))
        }
    }

    @Test("'-' reads standard input: a data array, a JSON schema, a graph")
    func standardInput() throws {
        let data = try ToolRunner.process(["eval", "SELF > 1", "--data", "-"], input: "[1, 2, 3]")
        #expect(data.status == 0)
        #expect(data.output == "[\n  2,\n  3\n]\n")
        let schema = try String(contentsOfFile: "Samples/schema.json", encoding: .utf8)
        let resolved = try ToolRunner.process(
            ["resolve", "bucket.name", "--schema", "-", "--entity", "Content"], input: schema)
        #expect(resolved.status == 0)
        #expect(resolved.output.hasPrefix("Content.bucket.name\n"))
        let graph = try String(contentsOfFile: "Samples/graph.json", encoding: .utf8)
        // Contents 1, 3, 6 are in the Inbox (Samples/graph.json).
        let query = try ToolRunner.process(
            ["eval", "bucket.name == 'Inbox'", "--schema", Self.model, "--entity", "Content", "--graph", "-"],
            input: graph)
        #expect(query.status == 0)
        #expect(query.output.components(separatedBy: "\"entity\":\"Content\"").count == 4)
    }

    @Test("'--' ends the options: a format may start with two dashes")
    func doubleDash() {
        let result = ToolRunner.inProcess(["parse", "--", "--x == 1"])
        // Parsed as a predicate (a unary minus applied twice), not taken as an option.
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "-(-x) == 1\n")
    }

    @Test("a long input is cut in the echo, around the caret")
    func longEcho() {
        let format = String(repeating: "x", count: 100_000) + " == == 1"
        let result = ToolRunner.inProcess(["parse", format])
        #expect(result.status == 2)
        #expect(result.errorOutput.count < 600)
        #expect(result.errorOutput.contains("…x"))
        #expect(result.errorOutput.contains("xx == == 1\n"))
    }

    @Test("a bad --arg prints the one error and a hint, not the usage")
    func argumentError() {
        let result = ToolRunner.inProcess(["eval", "SELF == %@", "--data", "Samples/people.json", "--arg", "{bad"])
        #expect(result.status == 64)
        #expect(
            result.errorOutput
                == "predicate eval: --arg {bad: line 1, column 2: expected a key string or '}', found 'b'\n"
                + "run 'predicate eval --help' for its options\n"
        )
    }

    @Test("text that is not UTF-8 is named, not shown garbled; an id out of range says so")
    func encodingAndRanges() throws {
        let bom = NSTemporaryDirectory() + "predicate-bom-\(UUID().uuidString).json"
        try Data([0xEF, 0xBB, 0xBF] + Array("[1, 2]".utf8)).write(to: URL(fileURLWithPath: bom))
        defer { try? FileManager.default.removeItem(atPath: bom) }
        let data = ToolRunner.inProcess(["eval", "SELF > 1", "--data", bom])
        #expect(data.status == 2)
        #expect(data.errorOutput.contains("starts with a UTF-8 byte-order mark (bytes EF BB BF)"))

        let latin1 = NSTemporaryDirectory() + "predicate-latin1-\(UUID().uuidString).json"
        try Data(Array(#"{"Tag": [{"id": 1, "name": "caf"#.utf8) + [0xE9] + Array(#""}]}"#.utf8))
            .write(to: URL(fileURLWithPath: latin1))
        defer { try? FileManager.default.removeItem(atPath: latin1) }
        let graph = ToolRunner.inProcess(
            ["eval", "TRUEPREDICATE", "--schema", Self.model, "--entity", "Tag", "--graph", latin1])
        #expect(graph.status == 2)
        // Byte 0xE9 follows `{"Tag": [{"id": 1, "name": "caf` (31 bytes) on the only line.
        #expect(graph.errorOutput.contains("line 1, column 32: byte 0xE9 is not valid UTF-8"))

        let huge = try Self.temporaryFile(#"{"Tag": [{"id": 1e400, "name": "x"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: huge) }
        let range = ToolRunner.inProcess([
            "eval", "TRUEPREDICATE", "--schema", Self.model, "--entity", "Tag", "--graph", huge,
        ])
        #expect(range.status == 2)
        #expect(
            range.errorOutput
                == "\(huge): line 1, column 17: the number 1e400 is out of range (a double holds at most "
                + "±1.7976931348623157e308)\n")
    }
}

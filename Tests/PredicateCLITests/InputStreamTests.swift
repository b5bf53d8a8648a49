import Foundation
import Testing

@testable import PredicateCLI

/// Issue 17, item 17: every input is read like a file — pipes, FIFOs, devices, process
/// substitutions — empty input is an ordinary error, and endless input is refused once it
/// passes a limit instead of filling memory.
@Suite("Inputs that are not regular files")
struct InputStreamTests {
    static let model = "Samples/ContentModel.xcdatamodeld"

    /// A FIFO in a new folder, written by a thread with `text` once a reader opens it.
    final class FIFO: @unchecked Sendable {
        let folder: String
        let path: String

        init(_ text: String) throws {
            folder = NSTemporaryDirectory() + "predicate-fifo-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            path = folder + "/input"
            guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            let path = path
            Thread.detachNewThread {
                // Opening for writing waits for the reader, as a shell pipeline does.
                guard let handle = FileHandle(forWritingAtPath: path) else { return }
                handle.write(Data(text.utf8))
                try? handle.close()
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test("a FIFO is read like a file: data, graph, schema and change set")
    func fifo() throws {
        let data = try FIFO(#"[{"a": 2}, {"a": 0}]"#)
        let filtered = ToolRunner.inProcess(["eval", "a > 1", "--data", data.path])
        #expect(filtered.status == 0)
        #expect(filtered.output == "[\n  {\"a\":2}\n]\n")

        let schema = try FIFO(try String(contentsOfFile: "Samples/schema.json", encoding: .utf8))
        let graph = try FIFO(
            #"{"Bucket": [{"id": 1, "name": "Inbox"}], "Content": [{"id": 7, "name": "n", "bucket": 1}]}"#)
        let result = ToolRunner.inProcess([
            "eval", "bucket.name == 'Inbox'", "--schema", schema.path, "--graph", graph.path, "--entity", "Content",
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "[\n  {\"entity\":\"Content\",\"id\":7,\"bucket\":1,\"name\":\"n\"}\n]\n")

        let changes = try FIFO(#"{"Bucket": {"updated": [{"id": 1, "attributes": {"name": "Done"}}]}}"#)
        let affected = ToolRunner.inProcess([
            "affected", "--schema", Self.model, "--graph", "Samples/graph.json", "--entity", "Content",
            "--format", "bucket.name == 'Inbox'", "--changes", changes.path, "--json",
        ])
        #expect(affected.status == 0, "\(affected.errorOutput)")
    }

    @Test(
        "empty input is invalid input (2), in every reader",
        arguments: [
            (["eval", "a > 1", "--data", "/dev/null"], "'/dev/null': empty input\n"),
            (
                [
                    "eval", "TRUEPREDICATE", "--schema", "Samples/schema.json", "--graph", "/dev/null", "--entity",
                    "Tag",
                ],
                "/dev/null: empty input\n"
            ),
            (
                ["eval", "TRUEPREDICATE", "--schema", "/dev/null", "--graph", "Samples/graph.json", "--entity", "Tag"],
                "/dev/null: empty input\n"
            ),
            (
                [
                    "affected", "--schema", "Samples/ContentModel.xcdatamodeld", "--graph", "Samples/graph.json",
                    "--entity", "Content", "--format", "TRUEPREDICATE", "--changes", "/dev/null",
                ],
                "/dev/null: empty input\n"
            ),
        ])
    func empty(arguments: [String], expected: String) {
        let result = ToolRunner.inProcess(arguments)
        #expect(result.status == 2)
        #expect(result.errorOutput == expected)
    }

    @Test(
        "/dev/zero is refused at its first byte by the built executable (stopped after 60 s otherwise)",
        arguments: [
            (
                ["eval", "a > 1", "--data", "/dev/zero"],
                "'/dev/zero': line 1, column 1: expected a value, found byte 0x00\n"
            ),
            (
                [
                    "eval", "TRUEPREDICATE", "--schema", "Samples/schema.json", "--graph", "/dev/zero", "--entity",
                    "Tag",
                ],
                "/dev/zero: line 1, column 1: expected a value, found byte 0x00\n"
            ),
            (
                ["eval", "TRUEPREDICATE", "--schema", "/dev/zero", "--graph", "Samples/graph.json", "--entity", "Tag"],
                "/dev/zero: line 1, column 1: malformed XML: text before the root element\n"
            ),
        ])
    func zeros(arguments: [String], expected: String) throws {
        guard let executable = ToolRunner.executable else { throw ToolRunner.RunnerError.executableNotBuilt }
        guard let result = try ToolRunner.process(executable, arguments, timeLimit: 60) else {
            Issue.record("still reading after 60 s: \(arguments)")
            return
        }
        #expect(result.status == 2)
        #expect(result.errorOutput == expected)
    }

    @Test("an endless string from a generator is refused at the 16 MiB limit (stopped after 120 s otherwise)")
    func endlessGenerator() throws {
        guard let executable = ToolRunner.executable else { throw ToolRunner.RunnerError.executableNotBuilt }
        // `timeout` stops the whole pipeline (its process group) if it ever hangs.
        let script = #"{ printf '["'; yes aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa | tr -d '\n'; } | "$0" eval 'a > 1' --data -"#
        guard
            let result = try ToolRunner.process(
                URL(fileURLWithPath: "/usr/bin/timeout"), ["100", "/bin/sh", "-c", script, executable.path],
                timeLimit: 120)
        else {
            Issue.record("still reading after 120 s")
            return
        }
        #expect(result.status == 2)
        #expect(
            result.errorOutput
                == "'-': line 1, column 2: the value is longer than 16 MiB (16,777,216 bytes), the limit for one element\n"
        )
    }

    // Skipped, with its reason in the test report, where bash is missing.
    @Test(
        "process substitutions are read like files (bash)",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "/bin/bash is absent"))
    func processSubstitution() throws {
        guard let executable = ToolRunner.executable else { throw ToolRunner.RunnerError.executableNotBuilt }
        let script =
            #""$0" eval "bucket.name == 'Inbox'" --schema <(cat Samples/schema.json) --graph <(cat Samples/graph.json) --entity Content"#
        guard
            let result = try ToolRunner.process(
                URL(fileURLWithPath: "/bin/bash"), ["-c", script, executable.path], timeLimit: 60)
        else {
            Issue.record("still running after 60 s")
            return
        }
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix("[\n  {\"entity\":\"Content\",\"id\":1,"))
    }
}

/// Issue 17, items 4 and 19: the same strict reading behind every option, with exit status 2
/// (64 for an option's value), and nothing of the input echoed raw to the terminal.
@Suite("Strict JSON inputs in the CLI")
struct StrictInputCommandTests {
    static func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "predicate-strict-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a key written twice is refused in data, graphs, change sets and schemas")
    func duplicateKeys() throws {
        let data = try Self.file(#"[{"a": 1, "a": 2}]"#)
        let graph = try Self.file(#"{"Tag": [{"id": 1}], "Tag": [{"id": 2}]}"#)
        let changes = try Self.file(#"{"Tag": {"deleted": [1]}, "Tag": {"deleted": [2]}}"#)
        let schema = try Self.file(#"{"entities": [], "entities": [{"name": "A"}]}"#)
        defer { for path in [data, graph, changes, schema] { try? FileManager.default.removeItem(atPath: path) } }
        let cases: [([String], String)] = [
            (
                ["eval", "a > 1", "--data", data],
                "'\(data)': line 1, column 11: duplicate key \"a\" (first at line 1, column 3)\n"
            ),
            (
                ["eval", "TRUEPREDICATE", "--schema", "Samples/schema.json", "--graph", graph, "--entity", "Tag"],
                "\(graph): line 1, column 22: duplicate key \"Tag\" (first at line 1, column 2)\n"
            ),
            (
                [
                    "affected", "--schema", "Samples/schema.json", "--graph", "Samples/graph.json", "--entity",
                    "Content",
                    "--format", "TRUEPREDICATE", "--changes", changes,
                ],
                "\(changes): line 1, column 27: duplicate key \"Tag\" (first at line 1, column 2)\n"
            ),
            (
                ["resolve", "name", "--schema", schema, "--entity", "A"],
                "predicate resolve: \(schema): line 1, column 18: duplicate key \"entities\" (first at line 1, column 2)\n"
            ),
        ]
        for (arguments, expected) in cases {
            let result = ToolRunner.inProcess(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errorOutput == expected)
        }
    }

    @Test("a number out of Double's range: in --arg (64) and in data (2)")
    func numbersOutOfRange() throws {
        let argument = ToolRunner.inProcess(["eval", "a > %@", "--data", "Samples/people.json", "--arg", "1e999"])
        #expect(argument.status == 64)
        #expect(
            argument.errorOutput
                == "predicate eval: --arg 1e999: line 1, column 1: the number 1e999 is out of range (a double holds at "
                + "most ±1.7976931348623157e308)\nrun 'predicate eval --help' for its options\n")
        let data = try Self.file(#"[{"a": 1}, {"a": 1e400}]"#)
        defer { try? FileManager.default.removeItem(atPath: data) }
        let result = ToolRunner.inProcess(["eval", "a > 1", "--data", data])
        #expect(result.status == 2)
        #expect(
            result.errorOutput
                == "'\(data)': line 1, column 18: the number 1e400 is out of range (a double holds at most "
                + "±1.7976931348623157e308)\n")
    }

    @Test("check names a byte that is not UTF-8 instead of reading U+FFFD; eval --data does the same")
    func checkRefusesInvalidUTF8() throws {
        let line2: [UInt8] =
            Array(#"{"id": 2, "format": "SELF == 'caf"#.utf8) + [0xE9] + Array(#"'", "object": "caf"}"#.utf8)
        let bytes = Array(#"{"id": 1, "format": "SELF == 1", "object": 1}"#.utf8) + [0x0A] + line2 + [0x0A]
        var position = 0
        let reader = BoundedLineReader { buffer in
            let count = Swift.min(buffer.count, bytes.count - position)
            for index in 0..<count { buffer[index] = bytes[position + index] }
            position += count
            return count
        }
        var output = ""
        let io = ToolIO(
            readLine: { nil }, write: { output += $0 }, writeError: { _ in },
            readBoundedLine: { reader.nextLine(maximumBytes: $0) })
        #expect(PredicateTool.run(["check"], io: io) == 0)
        #expect(
            output == #"{"id":1,"canonical":"SELF == 1","result":true,"error":null}"# + "\n"
                + #"{"id":null,"canonical":null,"result":null,"error":"line 2, column 34: byte 0xE9 is not valid UTF-8 (Latin-1 or Windows-1252 text?); save the file as UTF-8"}"#
                + "\n")
        // The same byte in a data file.
        let path = NSTemporaryDirectory() + "predicate-latin1-\(UUID().uuidString).json"
        try Data(Array(#"[{"a": "caf"#.utf8) + [0xE9] + Array(#""}]"#.utf8)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = ToolRunner.inProcess(["eval", "a == 'x'", "--data", path])
        #expect(data.status == 2)
        #expect(
            data.errorOutput
                == "'\(path)': line 1, column 12: byte 0xE9 is not valid UTF-8 (Latin-1 or Windows-1252 text?); save "
                + "the file as UTF-8\n")
    }

    @Test("errors never carry the input's control characters to the terminal")
    func escapedErrors() throws {
        let data = try Self.file("[{\"\\u001b[2J\": 1, \"\\u001b[2J\": 2}]")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let results = [
            ToolRunner.inProcess(["eval", "a > 1", "--data", data]),
            ToolRunner.inProcess(["x\u{1B}[31m"]),
            ToolRunner.inProcess(["parse", "name == \u{1B}[31m"]),
            ToolRunner.inProcess(["eval", "a > 1", "--data", "/nonexistent/\u{1B}[2J"]),
        ]
        for result in results {
            #expect(result.status != 0)
            #expect(!result.errorOutput.unicodeScalars.contains("\u{1B}"), "\(result.errorOutput.debugDescription)")
        }
        #expect(
            results[0].errorOutput
                == "'\(data)': line 1, column 19: duplicate key \"\\u001B[2J\" (first at line 1, column 3)\n")
        #expect(results[1].errorOutput.hasPrefix("predicate: unknown command 'x\\x1B[31m'\n"))
        #expect(results[3].errorOutput == "cannot read '/nonexistent/\\x1B[2J': no such file\n")
    }
}

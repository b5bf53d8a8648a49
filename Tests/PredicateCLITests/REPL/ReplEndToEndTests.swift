import Foundation
import Testing

@testable import PredicateCLI

/// The built `predicate` executable fed through a pipe: no prompt, no banner, no colours,
/// one reply after another; the exit statuses; every subcommand's `--help`.
@Suite("REPL: end to end")
struct ReplEndToEndTests {
    /// The output with every time taken replaced by `T` (`(0.3 ms)` → `(T ms)`).
    static func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #"\(\d+\.\d ms"#, with: "(T ms", options: .regularExpression)
    }

    /// To-many cells list their targets in id order (the graph keeps relationships by id).
    @Test("'predicate' alone reads a session from a pipe and answers on the bundled sample")
    func session() throws {
        let input = """
            bucket.name == 'Photos'
            :entity Tag
            contents.@count > 1
            :quit
            name == 'never read'

            """
        let result = try ToolRunner.process([], input: input)
        #expect(result.status == 0)
        #expect(result.errorOutput == "")
        #expect(
            Self.timeless(result.output) == """
                id  entity            creationDate          name             size  bucket  owner  tags
                --  ----------------  --------------------  ---------------  ----  ------  -----  ----------
                2   ImageContent      2024-02-02T10:00:00Z  beach.png        2048  Photos  Ben    holiday, x
                4   ThumbnailContent  2024-02-04T10:00:00Z  beach-thumb.png  64    Photos  Ben    holiday
                2 objects (T ms)
                entity Tag (3 objects)
                id  name     contents
                --  -------  --------------------------
                1   work     notes.txt, plan.pdf
                2   holiday  beach.png, beach-thumb.png
                3   x        beach.png, plan.pdf
                3 objects (T ms)

                """)
    }

    @Test("a failed line makes the exit status 2; the lines after it still run")
    func failure() throws {
        let result = try ToolRunner.process(["repl"], input: "bucket.nmae == 'x'\nname == 'todo.txt'\n")
        #expect(result.status == 2)
        #expect(result.output.hasPrefix("1:8: error: 'Bucket' has no property 'nmae'\n"))
        #expect(Self.timeless(result.output).hasSuffix("\n1 object (T ms)\n"))
    }

    @Test("the bundled sample works from any directory")
    func anyDirectory() throws {
        let result = try ToolRunner.process(
            [], input: ":canonical\nname BEGINSWITH 'b'\n", directory: FileManager.default.temporaryDirectory)
        #expect(result.status == 2)  // :canonical before any predicate fails
        #expect(Self.timeless(result.output).hasSuffix("2 objects (T ms)\n"))
    }

    @Test("--data opens a JSON array, --schema/--graph/--entity a graph")
    func options() throws {
        let data = try ToolRunner.process(["repl", "--data", "Samples/people.json"], input: "name == 'Ben'\n")
        #expect(data.status == 0)
        #expect(Self.timeless(data.output).hasSuffix("1 object (T ms)\n"))
        let graph = try ToolRunner.process(
            ["repl", "--schema", "Samples/schema.json", "--graph", "Samples/graph.json", "--entity", "User"],
            input: "ANY buckets.name == 'Archive'\n")
        #expect(graph.status == 0)
        #expect(
            Self.timeless(graph.output) == """
                id  email            name  buckets         contents
                --  ---------------  ----  --------------  ---------
                1   ann@example.com  Ann   Inbox, Archive  notes.txt
                1 object (T ms)

                """)
    }

    @Test(
        "exit statuses of wrong options: 64 for usage, 1 for an unreadable file, 2 for invalid data",
        arguments: [
            (["repl", "--graph", "a.json", "--data", "b.json"], Int32(64)),
            (["repl", "--entity", "Nope"], 64),
            (["repl", "--bogus"], 64),
            (["repl", "--schema", "/no/such/schema.json"], 1),
            (["repl", "--data", "/no/such/data.json"], 1),
            (["repl", "--data", "Samples/graph.json"], 2),
        ] as [([String], Int32)])
    func statuses(arguments: [String], status: Int32) throws {
        let result = try ToolRunner.process(arguments, input: "")
        #expect(result.status == status)
        #expect(result.errorOutput.hasPrefix("predicate repl: "))
        #expect(result.output == "")
    }

    @Test(
        "every subcommand prints its usage with --help and exits 0",
        arguments: [
            "parse", "eval", "check", "resolve", "lint", "affected", "watch", "sql", "query", "db", "repl",
            "completion",
        ])
    func help(name: String) throws {
        let result = try ToolRunner.process([name, "--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(name == "repl" ? "predicate [repl]" : "predicate \(name) "))
        #expect(result.errorOutput == "")
    }

    @Test("'predicate help' lists repl; an unknown command is a usage error")
    func overview() throws {
        let help = try ToolRunner.process(["help"])
        #expect(help.status == 0)
        #expect(help.output.contains("\n  repl      an interactive session"))
        // The --help test above covers every command the overview lists.
        #expect(PredicateTool.commands.count == 12)
        #expect(try ToolRunner.process(["replay"]).status == 64)
    }
}

/// The sample compiled into the binary is the one in Samples/, byte for byte.
@Suite("REPL: bundled sample")
struct BundledSampleTests {
    @Test("the embedded model and graph equal the files in Samples/")
    func sameBytes() throws {
        let samples = ToolRunner.packageRoot.appendingPathComponent("Samples")
        let model = try Data(
            contentsOf: samples.appendingPathComponent("ContentModel.xcdatamodeld/ContentModel.xcdatamodel/contents"))
        let graph = try Data(contentsOf: samples.appendingPathComponent("graph.json"))
        #expect(Data(BundledSample.model.utf8) == model)
        #expect(Data(BundledSample.graph.utf8) == graph)
    }
}

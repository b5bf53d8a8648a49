import Foundation
import PredicateCLI
import Testing

/// `predicate db create`, `query` and `db export` against a PostgreSQL URL of the throwaway
/// server: the same answers as on SQLite and in memory.
@Suite(
    "predicate db and query on PostgreSQL", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage)
)
struct PostgresCommandTests {
    static let root = SampleQueryTests.root.path

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let buffer = PostgresCommandOutput()
        let io = ToolIO(readLine: { nil }, write: { buffer.output += $0 }, writeError: { buffer.error += $0 })
        let status = PredicateTool.run(arguments, io: io)
        return (status, buffer.output, buffer.error)
    }

    @Test("db create loads the sample graph; query answers from the server; export gives the graph back")
    func roundTrip() throws {
        let server = try PostgresTestServer.shared.get()
        let url = try server.makeDatabaseURL()
        let model = ["--schema", Self.root + "/Samples/ContentModel.xcdatamodeld"]
        let create = run(["db", "create", "--db", url, "--graph", Self.root + "/Samples/graph.json"] + model)
        #expect(create.status == 0, "\(create.error)")
        // Contents 2 and 4 are named *.png; 1 and 3 are in the Inbox and tagged work (Samples/graph.json).
        let png = run(["query", "name ENDSWITH[c] '.PNG'", "--entity", "Content", "--db", url] + model)
        #expect(png.output == "[2, 4]\n", "\(png.error)")
        let inbox = run(
            [
                "query", "bucket.name == %@ AND ANY tags.name == 'work'", "--arg", "\"Inbox\"", "--entity", "Content",
                "--db", url,
            ]
                + model)
        #expect(inbox.output == "[1, 3]\n", "\(inbox.error)")
        let exported = run(["db", "export", "--db", url] + model)
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.output.contains("\"name\" : \"beach-thumb.png\""))
    }
}

/// Collects a command's output (the test runs one command at a time).
final class PostgresCommandOutput: @unchecked Sendable {
    var output = ""
    var error = ""
}

import Foundation
import PredicateCLI
import Testing

/// `predicate sql`, `predicate db create|export` and `predicate query` on SQLite files
/// (PostgreSQL URLs are exercised by the SQL tests, which start a server).
@Suite("predicate sql, db and query", .serialized)
struct SQLCommandTests {
    static let model = ["--schema", "Samples/ContentModel.xcdatamodeld"]

    static func temporaryDatabase() -> String {
        NSTemporaryDirectory() + "predicate-cli-\(getpid())-\(UUID().uuidString).sqlite"
    }

    @Test("sql prints the statement and its bindings; values only in the bindings")
    func sql() {
        let result = ToolRunner.inProcess(
            ["sql", "bucket.name == %@", "--arg", "\"Inbox\"", "--entity", "Content"] + Self.model)
        #expect(result.status == 0)
        // Written from the default mapping's rules: a join for the to-one hop (INNER, as the
        // comparison with a value needs the Bucket), the key `id`, the foreign key `bucket_id`,
        // ordered by id.
        #expect(
            result.output == #"""
                {"sql": "SELECT \"t0\".\"id\" FROM \"Content\" AS \"t0\" JOIN \"Bucket\" AS \"t1\" ON \"t1\".\"id\" = \"t0\".\"bucket_id\" WHERE \"t1\".\"name\" = ? ORDER BY \"t0\".\"id\"", "bindings": ["Inbox"]}

                """#)
    }

    @Test("a construct the lowering refuses exits 2 with the caret under it")
    func refusal() {
        let result = ToolRunner.inProcess(["sql", "ANY contents.tags.name == 'x'", "--entity", "User"] + Self.model)
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix("1:5: error: 'contents.tags.name' goes through two to-many relationships"))
        #expect(result.errorOutput.contains("ANY contents.tags.name == 'x'\n    ^^^^^^^^^^^^^^^^^^"))
    }

    @Test("sql and query refuse a sort key that does not end in an attribute, with a caret, as watch does")
    func relationshipSortKey() {
        let sql = ToolRunner.inProcess(
            ["sql", "TRUEPREDICATE", "--entity", "Content", "--sort", "bucket"] + Self.model)
        #expect(sql.status == 2)
        #expect(
            sql.errorOutput == """
                1:1: error: the sort key 'bucket' ends on the relationship 'bucket', not an attribute
                bucket
                ^^^^^^
                note: sort keys and section key paths end in an attribute, e.g. bucket.name

                """)
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            ToolRunner.inProcess(["db", "create", "--graph", "Samples/graph.json", "--db", path] + Self.model).status
                == 0)
        let query = ToolRunner.inProcess(
            ["query", "TRUEPREDICATE", "--entity", "Content", "--db", path, "--sort", "name", "--sort", "tags.name"]
                + Self.model)
        #expect(query.status == 2)
        #expect(
            query.errorOutput.hasPrefix(
                "1:1: error: the sort key 'tags.name' goes through the to-many relationship 'tags'\ntags.name\n^^^^\n"))
    }

    @Test("bad options exit 64")
    func usage() {
        #expect(
            ToolRunner.inProcess(["sql", "TRUEPREDICATE", "--entity", "Content", "--dialect", "oracle"] + Self.model)
                .status == 64)
        #expect(ToolRunner.inProcess(["query", "TRUEPREDICATE", "--entity", "Content"] + Self.model).status == 64)
        #expect(ToolRunner.inProcess(["db", "drop", "--db", "x"] + Self.model).status == 64)
    }

    @Test("db create loads the sample; query answers as eval does; db export gives the graph back")
    func roundTrip() throws {
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let create = ToolRunner.inProcess(["db", "create", "--graph", "Samples/graph.json", "--db", path] + Self.model)
        #expect(create.status == 0, "\(create.errorOutput)")
        // Contents 1, 3 (Inbox, tagged work) — Samples/graph.json.
        let query = ToolRunner.inProcess(
            ["query", "bucket.name == 'Inbox' AND ANY tags.name == 'work'", "--entity", "Content", "--db", path]
                + Self.model)
        #expect(query.status == 0)
        #expect(query.output == "[1, 3]\n")
        // Sizes: 2048 (2), 900 (5), 560 (3), 120 (1).
        let sorted = ToolRunner.inProcess(
            ["query", "#size > 100", "--entity", "Content", "--db", path, "--sort", "size:desc"] + Self.model)
        #expect(sorted.output == "[2, 5, 3, 1]\n")
        let exported = ToolRunner.inProcess(["db", "export", "--db", path] + Self.model)
        #expect(exported.status == 0)
        let exportedPath = path + ".json"
        defer { try? FileManager.default.removeItem(atPath: exportedPath) }
        try exported.output.write(toFile: exportedPath, atomically: true, encoding: .utf8)
        let graphArguments = ["--entity", "Content"] + Self.model
        let fromExport = ToolRunner.inProcess(["eval", "TRUEPREDICATE", "--graph", exportedPath] + graphArguments)
        let fromSample = ToolRunner.inProcess(
            ["eval", "TRUEPREDICATE", "--graph", "Samples/graph.json"] + graphArguments)
        #expect(fromExport.status == 0)
        #expect(fromExport.output == fromSample.output)
    }

    @Test("a window of any size: --limit and --offset up to Int.max; negative or larger values exit 64")
    func windows() throws {
        let path = Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let create = ToolRunner.inProcess(["db", "create", "--graph", "Samples/graph.json", "--db", path] + Self.model)
        #expect(create.status == 0, "\(create.errorOutput)")
        let query = ["query", "TRUEPREDICATE", "--entity", "Content", "--db", path] + Self.model
        let largest = ToolRunner.inProcess(query + ["--limit", "9223372036854775807", "--offset", "1"])
        #expect(largest.output == "[2, 3, 4, 5, 6]\n", "\(largest.errorOutput)")
        let past = ToolRunner.inProcess(query + ["--limit", "1", "--offset", "9223372036854775807"])
        #expect(past.output == "[]\n", "\(past.errorOutput)")
        let sql = ToolRunner.inProcess(
            ["sql", "TRUEPREDICATE", "--entity", "Content", "--limit", "9223372036854775807", "--offset", "1"]
                + Self.model)
        #expect(sql.output.hasSuffix(#""bindings": [9223372036854775807, 1]}"# + "\n"), "\(sql.errorOutput)")
        for value in ["-1", "9223372036854775808", "1e3"] {
            #expect(ToolRunner.inProcess(query + ["--limit", value]).status == 64)
            #expect(ToolRunner.inProcess(query + ["--offset", value]).status == 64)
        }
    }

    @Test("a missing database file exits 1 with its name")
    func missing() {
        let result = ToolRunner.inProcess(
            ["query", "TRUEPREDICATE", "--entity", "Content", "--db", "/nonexistent/x.sqlite"] + Self.model)
        #expect(result.status == 1)
        #expect(result.errorOutput == "/nonexistent/x.sqlite: no such database file\n")
    }
}

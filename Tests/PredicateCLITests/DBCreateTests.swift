import Foundation
import Testing

@testable import PredicateCLI

/// `predicate db create` on SQLite files: all or nothing, an existing database refused in one
/// line unless `--replace`, names SQLite cannot hold refused before anything is written; ids
/// keep their JSON type through `db create`, `query` and `db export`; a database that does not
/// match the schema is refused by every reader.
@Suite("predicate db create, and databases that do not match", .serialized)
struct DBCreateTests {
    static let model = ["--schema", "Samples/ContentModel.xcdatamodeld"]

    /// A new, empty directory; the test removes it.
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "predicate-db-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func contents(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test("an existing database is refused in one line and left as it was; --replace replaces it")
    func existing() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/store.sqlite"
        let create = ["db", "create", "--graph", "Samples/graph.json", "--db", path] + Self.model
        #expect(ToolRunner.inProcess(create).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let again = ToolRunner.inProcess(create)
        #expect(again.status == 1)
        #expect(again.errorOutput == "\(path): a database already exists there; give --replace to replace it\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // Replaced by an empty graph: the query now finds nothing.
        let replaced = ToolRunner.inProcess(["db", "create", "--replace", "--db", path] + Self.model)
        #expect(replaced.status == 0, "\(replaced.errorOutput)")
        let query = ToolRunner.inProcess(["query", "TRUEPREDICATE", "--entity", "Content", "--db", path] + Self.model)
        #expect(query.output == "[]\n")
        #expect(Self.contents(directory) == ["store.sqlite"])
        // An empty file is no database: created over without --replace.
        let empty = directory + "/empty.sqlite"
        try Self.write("", to: empty)
        #expect(ToolRunner.inProcess(["db", "create", "--db", empty] + Self.model).status == 0)
        #expect(ToolRunner.inProcess(["db", "export", "--replace", "--db", path] + Self.model).status == 64)
    }

    @Test("names SQLite refuses: exit 2 before anything is written, nothing left, an existing database untouched")
    func hostileNames() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let schema = directory + "/schema.json"
        try Self.write(#"{"entities": [{"name": "sqlite_x"}, {"name": "Tag"}, {"name": "TAG"}]}"#, to: schema)
        let path = directory + "/new.sqlite"
        let result = ToolRunner.inProcess(["db", "create", "--schema", schema, "--db", path])
        #expect(result.status == 2)
        #expect(
            result.errorOutput
                == "cannot create the database: 'sqlite_x': table \"sqlite_x\" starts with 'sqlite_', which SQLite "
                + "reserves for its own tables (and 1 other name problem)\n")
        #expect(Self.contents(directory) == ["schema.json"])
        // With --replace over a database: the database is the same afterwards.
        let existing = directory + "/old.sqlite"
        #expect(
            ToolRunner.inProcess(["db", "create", "--graph", "Samples/graph.json", "--db", existing] + Self.model)
                .status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: existing))
        #expect(ToolRunner.inProcess(["db", "create", "--replace", "--schema", schema, "--db", existing]).status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == before)
        // Quotes and long names are created as they are.
        let long = String(repeating: "n", count: 300)
        try Self.write(
            #"{"entities": [{"name": "we\"ird 'x'", "attributes": [{"name": "\#(long)", "type": "string", "indexed": true}]}]}"#,
            to: schema)
        let odd = directory + "/odd.sqlite"
        #expect(ToolRunner.inProcess(["db", "create", "--schema", schema, "--db", odd]).status == 0)
        #expect(ToolRunner.inProcess(["db", "export", "--schema", schema, "--db", odd]).output == "{\n\n}\n")
        #expect(Self.contents(directory) == ["odd.sqlite", "old.sqlite", "schema.json"])
    }

    @Test("ids 1 and \"1\" in one hierarchy: exit 2 naming both, no file; a Core Data store refuses string ids")
    func clashingIDs() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let graph = directory + "/graph.json"
        try Self.write(#"{"Tag": [{"id": 1, "name": "a"}, {"id": "1", "name": "b"}]}"#, to: graph)
        let result = ToolRunner.inProcess(
            ["db", "create", "--graph", graph, "--db", directory + "/x.sqlite"] + Self.model)
        #expect(result.status == 2)
        #expect(
            result.errorOutput
                == #"\#(graph): Tag "1": the ids "1" (Tag "1") and 1 (Tag 1) are one key in a database, where both are stored as the text "1"; give one of them another id"#
                + "\n")
        try Self.write(#"{"Tag": [{"id": "a", "name": "a"}]}"#, to: graph)
        let coreData = ToolRunner.inProcess(
            ["db", "create", "--graph", graph, "--mapping", "coredata", "--db", directory + "/x.sqlite"] + Self.model)
        #expect(coreData.status == 2)
        #expect(
            coreData.errorOutput
                == #"Tag "a": the id is a string, but Core Data's keys (Z_PK) are integers; give the object an integer id"#
                + "\n")
        #expect(Self.contents(directory) == ["graph.json"])
    }

    @Test("integer, string and mixed ids come back with their type from query and db export")
    func idTypes() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let graph = directory + "/graph.json"
        try Self.write(
            #"{"Tag": [{"id": 2, "name": "t2"}, {"id": "a1", "name": "ta"}, {"id": "07", "name": "t07"}], "Bucket": [{"id": "7", "name": "b"}], "Content": [{"id": 10, "name": "c", "size": 1, "creationDate": {"$date": "2024-01-01T00:00:00Z"}, "bucket": "7", "tags": [2, "a1"]}]}"#,
            to: graph)
        let path = directory + "/ids.sqlite"
        let create = ToolRunner.inProcess(["db", "create", "--graph", graph, "--db", path] + Self.model)
        #expect(create.status == 0, "\(create.errorOutput)")
        // Tag's keys are text in the database ("07" < "2" < "a1"): each printed with its type.
        let tags = ToolRunner.inProcess(["query", "TRUEPREDICATE", "--entity", "Tag", "--db", path] + Self.model)
        #expect(tags.output == #"["07", 2, "a1"]"# + "\n")
        let buckets = ToolRunner.inProcess(
            ["query", "ANY contents.name == 'c'", "--entity", "Bucket", "--db", path] + Self.model)
        #expect(buckets.output == #"["7"]"# + "\n", "\(buckets.errorOutput)")
        let exported = ToolRunner.inProcess(["db", "export", "--db", path] + Self.model)
        let fromExport = directory + "/export.json"
        try Self.write(exported.output, to: fromExport)
        let evalArguments = ["eval", "TRUEPREDICATE", "--entity", "Tag"] + Self.model
        #expect(
            ToolRunner.inProcess(evalArguments + ["--graph", fromExport]).output
                == ToolRunner.inProcess(evalArguments + ["--graph", graph]).output)
    }

    @Test("a schema other than the database's: exit 2 and one line from query, db export and the REPL's :db")
    func mismatch() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/sample.sqlite"
        #expect(
            ToolRunner.inProcess(["db", "create", "--graph", "Samples/graph.json", "--db", path] + Self.model).status
                == 0)
        // The same model, but Content.bucket points at User: the tables look alike (but for
        // Bucket.contents, which no longer pairs with it and so would have a join table).
        let schema = directory + "/schema.json"
        let sample = try String(contentsOfFile: "Samples/schema.json", encoding: .utf8)
        let moved = sample.replacingOccurrences(
            of: #"{"name": "bucket", "destination": "Bucket""#, with: #"{"name": "bucket", "destination": "User""#)
        #expect(moved != sample)
        try Self.write(moved, to: schema)
        let expected =
            #"the database does not match the schema: it was created from another schema: 'Content.bucket': its "destination" is "Bucket" in the database's schema, "User" in the given one (and 1 other difference)"#
        // Loading the moved schema warns first: neither Bucket.contents' inverse nor that of
        // Content.bucket (now User.contents, the inverse of Content.owner) points back.
        let warning =
            "warning: 'Bucket.contents': inverse 'Content.bucket' has destination 'User', expected 'Bucket'; "
            + "queries through 'Bucket.contents' are answered, changes through it cannot be tracked\n"
            + "warning: 'Content.bucket': inverse 'User.contents' has inverse 'owner', expected 'bucket'; "
            + "queries through 'Content.bucket' are answered, changes through it cannot be tracked\n"
        let query = ToolRunner.inProcess(
            ["query", "bucket.name == 'Inbox'", "--entity", "Content", "--schema", schema, "--db", path])
        #expect(query.status == 2)
        #expect(query.errorOutput == warning + expected + "\n")
        let export = ToolRunner.inProcess(["db", "export", "--schema", schema, "--db", path])
        #expect(export.status == 2)
        #expect(export.errorOutput == warning + expected + "\n")
        #expect(export.output.isEmpty)
        var session = try ReplSession.bundledSample(clock: { 0 })
        _ = session.handle(":schema \(schema)")
        #expect(session.handle(":db \(path)").text == "error: " + expected + "\n")
        // The sample's own JSON schema is the model's: accepted.
        let same = ToolRunner.inProcess(
            ["query", "bucket.name == 'Inbox'", "--entity", "Content", "--schema", "Samples/schema.json", "--db", path])
        #expect(same.output == "[1, 3, 6]\n")
    }
}

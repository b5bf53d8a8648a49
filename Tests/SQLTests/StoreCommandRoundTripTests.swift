import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import PredicateCLI
import SQLiteDatabase
import TestSupport
import Testing

/// `predicate db create` then `predicate db export`, end to end through the commands, with a
/// model holding every attribute type (a Boolean and a date on a sub-entity among them): the
/// export is the graph that went in, and exporting again what it creates gives the same text.
/// Then random schemas and graphs (``StoreCaseGenerator``) whose hierarchies have integer,
/// string or mixed ids, through the same commands; and the two id sets `db create` must refuse
/// with exit 2 and no file left behind.
@Suite("predicate db create / db export: every attribute type, end to end", .serialized)
struct StoreCommandRoundTripTests {
    static let schema = """
        {"entities": [
          {"name": "Item", "attributes": [
            {"name": "i16", "type": "integer16"}, {"name": "i32", "type": "integer32"},
            {"name": "i64", "type": "integer64"}, {"name": "dbl", "type": "double"},
            {"name": "flt", "type": "float"}, {"name": "dec", "type": "decimal"},
            {"name": "str", "type": "string"}, {"name": "flag", "type": "boolean"},
            {"name": "when", "type": "date"}, {"name": "bin", "type": "binary"},
            {"name": "uid", "type": "uuid"}, {"name": "link", "type": "uri"},
            {"name": "extra", "type": "transformable"}]},
          {"name": "Special", "parent": "Item", "attributes": [
            {"name": "done", "type": "boolean"}, {"name": "due", "type": "date"}]}
        ]}
        """

    static let graph = #"""
        {"Item": [{"id": 1, "i16": -32768, "i32": 2147483647, "i64": -9223372036854775808, "dbl": 0.1,
                   "flt": 1.5, "dec": 12.25, "str": "Zoë 日本", "flag": true,
                   "when": {"$date": "2024-02-01T10:00:00.123Z"}, "bin": {"$data": "AAEC"},
                   "uid": {"$uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}, "link": "https://example.com/a",
                   "extra": {"a": 1, "list": [1, 2.5], "set": {"$set": ["x"]}}}],
         "Special": [{"id": 2, "done": false, "due": {"$date": "1500-06-01"}, "extra": "str",
                      "when": {"$date": "0001-01-01T00:00:00.001Z"}},
                     {"id": 3, "done": true, "when": {"$date": "2024-02-01T10:00:00.000001Z"}}]}
        """#

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let buffer = PostgresCommandOutput()
        let io = ToolIO(readLine: { nil }, write: { buffer.output += $0 }, writeError: { buffer.error += $0 })
        let status = PredicateTool.run(arguments, io: io)
        return (status, buffer.output, buffer.error)
    }

    /// A scratch directory with the schema and the graph file.
    func files() throws -> (directory: String, schema: String, graph: String) {
        let directory = NSTemporaryDirectory() + "predicate-store-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Self.schema.write(toFile: directory + "/schema.json", atomically: true, encoding: .utf8)
        try Self.graph.write(toFile: directory + "/graph.json", atomically: true, encoding: .utf8)
        return (directory, directory + "/schema.json", directory + "/graph.json")
    }

    /// Creates `first` from the graph, exports it, creates `second` from the export and exports
    /// that; checks both exports.
    func roundTrip(first: String, second: String, files: (directory: String, schema: String, graph: String)) throws {
        let create = run(["db", "create", "--schema", files.schema, "--graph", files.graph, "--db", first])
        #expect(create.status == 0, "\(create.error)")
        let export = run(["db", "export", "--schema", files.schema, "--db", first])
        #expect(export.status == 0, "\(export.error)")
        // Dates in the proleptic Gregorian calendar with the fraction they had; the Boolean of a sub-entity.
        for fragment in [
            #""$date" : "2024-02-01T10:00:00.123Z""#, #""$date" : "1500-06-01T00:00:00Z""#,
            #""$date" : "0001-01-01T00:00:00.001Z""#, #""$date" : "2024-02-01T10:00:00.000001Z""#,
            #""done" : false"#, #""done" : true"#, #""extra" : "str""#,
            #""i64" : -9223372036854775808"#,
        ] {
            #expect(export.output.contains(fragment), "\(fragment) in \(export.output)")
        }
        let schema = try Schema.load(contentsOf: URL(fileURLWithPath: files.schema))
        let expected = try ObjectGraph.load(json: Data(Self.graph.utf8), schema: schema)
        #expect(try ObjectGraph.load(json: Data(export.output.utf8), schema: schema) == expected)
        let exportedPath = files.directory + "/export.json"
        try export.output.write(toFile: exportedPath, atomically: true, encoding: .utf8)
        let again = run(["db", "create", "--schema", files.schema, "--graph", exportedPath, "--db", second])
        #expect(again.status == 0, "\(again.error)")
        let secondExport = run(["db", "export", "--schema", files.schema, "--db", second])
        #expect(secondExport.output == export.output)
    }

    @Test("SQLite: the export is the graph, export → create → export is a fixed point")
    func sqlite() throws {
        let files = try files()
        defer { try? FileManager.default.removeItem(atPath: files.directory) }
        try roundTrip(first: files.directory + "/one.sqlite", second: files.directory + "/two.sqlite", files: files)
    }

    @Test(
        "PostgreSQL: the export is the graph, export → create → export is a fixed point",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        let files = try files()
        defer { try? FileManager.default.removeItem(atPath: files.directory) }
        let server = try PostgresTestServer.shared.get()
        try roundTrip(first: try server.makeDatabaseURL(), second: try server.makeDatabaseURL(), files: files)
    }

    @Test("the Core Data mapping refuses a transformable value that is not binary data: exit 2, the place named")
    func coreDataRefusal() throws {
        let files = try files()
        defer { try? FileManager.default.removeItem(atPath: files.directory) }
        let create = run([
            "db", "create", "--schema", files.schema, "--graph", files.graph, "--db", files.directory + "/cd.sqlite",
            "--mapping", "coredata",
        ])
        #expect(create.status == 2)
        #expect(create.error.contains("Item 1, 'extra': under the Core Data mapping a transformable attribute"))
    }

    /// One random case through the commands: `db create` of its graph onto `first`, `db export`
    /// (the same graph, ids compared as ids), `db create` of that export onto `second` and
    /// `db export` again (the same text); a description of what went wrong, or `nil`.
    func commandFailure(_ storeCase: StoreCase, first: String, second: String, directory: String) throws -> String? {
        let graph = try storeCase.graph()
        let schemaPath = directory + "/schema.json"
        let graphPath = directory + "/graph.json"
        try storeCase.schema.jsonData().write(to: URL(fileURLWithPath: schemaPath))
        try graph.jsonData().write(to: URL(fileURLWithPath: graphPath))
        let create = run(["db", "create", "--schema", schemaPath, "--graph", graphPath, "--db", first])
        guard create.status == 0 else { return "db create: \(create.status) \(create.error)" }
        let export = run(["db", "export", "--schema", schemaPath, "--db", first])
        guard export.status == 0 else { return "db export: \(export.status) \(export.error)" }
        guard try ObjectGraph.load(json: Data(export.output.utf8), schema: storeCase.schema) == graph else {
            return "the export is another graph:\n\(export.output)"
        }
        let exportedPath = directory + "/export.json"
        try export.output.write(toFile: exportedPath, atomically: true, encoding: .utf8)
        let again = run(["db", "create", "--schema", schemaPath, "--graph", exportedPath, "--db", second])
        guard again.status == 0 else { return "db create of the export: \(again.status) \(again.error)" }
        let secondExport = run(["db", "export", "--schema", schemaPath, "--db", second])
        guard secondExport.output == export.output else {
            return "export → create → export changed the text:\n\(export.output)\n≠\n\(secondExport.output)"
        }
        return nil
    }

    /// `db create` of a graph with an integer's text among a hierarchy's integer and string ids,
    /// or with an id beside its twin, exits 2 naming the object and leaves no file.
    func refusalFailure(_ storeCase: StoreCase, directory: String) throws -> String? {
        var refused: [(StoreCase, expected: String)] = []
        if let (poisoned, entity, id) = storeCase.withIntegerTextInMixedHierarchy() {
            refused.append((poisoned, "\(entity) \(id): the string id \(id) is the text of the integer"))
        }
        if let (poisoned, entity, id, _) = storeCase.withTwinID() {
            refused.append((poisoned, "(\(entity) \(id))"))
        }
        for (poisoned, expected) in refused {
            let schemaPath = directory + "/schema.json"
            let graphPath = directory + "/refused.json"
            let database = directory + "/refused.sqlite"
            try poisoned.schema.jsonData().write(to: URL(fileURLWithPath: schemaPath))
            try JSONEncoder().encode(poisoned.objects).write(to: URL(fileURLWithPath: graphPath))
            let create = run(["db", "create", "--schema", schemaPath, "--graph", graphPath, "--db", database])
            guard create.status == 2, create.error.contains(expected) else {
                return "db create of a graph it must refuse: \(create.status) \(create.error), expected \(expected)"
            }
            if FileManager.default.fileExists(atPath: database) { return "a refused db create left \(database)" }
        }
        return nil
    }

    /// The first case from `seed` on with a hierarchy of integer and string ids, so that each
    /// case of a short run checks both refusals (the same case for the same seed).
    static func storeCase(_ seed: UInt64) -> StoreCase {
        var generator = StoreCaseGenerator(seed: seed)
        var storeCase = generator.makeCase()
        var attempt: UInt64 = 0
        while storeCase.withIntegerTextInMixedHierarchy() == nil, attempt < 100 {
            attempt += 1
            generator = StoreCaseGenerator(seed: seed &+ attempt)
            storeCase = generator.makeCase()
        }
        return storeCase
    }

    @Test("SQLite: random graphs with integer, string and mixed ids; the refused id sets exit 2 and leave nothing")
    func randomIDsSQLite() throws {
        let run = PropertyRun("db create / db export with random ids (SQLite)", defaultCases: 4)
        for index in 0..<run.cases {
            let directory = try files().directory
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let storeCase = Self.storeCase(run.caseSeed(index))
            let failure =
                try commandFailure(
                    storeCase, first: directory + "/one.sqlite", second: directory + "/two.sqlite",
                    directory: directory) ?? refusalFailure(storeCase, directory: directory)
            if let failure {
                Issue.record("\(failure)\n\(run.replay(index))\n\(storeCase)")
                return
            }
        }
    }

    @Test(
        "PostgreSQL: random graphs with integer, string and mixed ids",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func randomIDsPostgres() throws {
        let server = try PostgresTestServer.shared.get()
        let run = PropertyRun("db create / db export with random ids (PostgreSQL)", defaultCases: 2)
        for index in 0..<run.cases {
            let directory = try files().directory
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let storeCase = Self.storeCase(run.caseSeed(index))
            if let failure = try commandFailure(
                storeCase, first: try server.makeDatabaseURL(), second: try server.makeDatabaseURL(),
                directory: directory)
            {
                Issue.record("\(failure)\n\(run.replay(index))\n\(storeCase)")
                return
            }
        }
    }

    @Test(
        "db export of a database whose attribute named 'id' holds a value: exit 2 naming the object, not a changed id")
    func attributeNamedID() throws {
        let directory = try files().directory
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let schema = directory + "/id-schema.json"
        try
            #"{"entities": [{"name": "T", "attributes": [{"name": "id", "type": "integer64"}, {"name": "name", "type": "string"}]}]}"#
            .write(toFile: schema, atomically: true, encoding: .utf8)
        let graph = directory + "/id-graph.json"
        try #"{"T": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}"#.write(
            toFile: graph, atomically: true, encoding: .utf8)
        let database = directory + "/id.sqlite"
        #expect(run(["db", "create", "--schema", schema, "--graph", graph, "--db", database]).status == 0)
        #expect(run(["db", "export", "--schema", schema, "--db", database]).status == 0)
        // The attribute is the column T_id (the key column is id); a store that holds a value there.
        try SQLiteConnection(path: database).execute(#"UPDATE "T" SET "T_id" = 42 WHERE "id" = 1"#)
        #expect(run(["query", "id == 42", "--schema", schema, "--entity", "T", "--db", database]).output == "[1]\n")
        let export = run(["db", "export", "--schema", schema, "--db", database])
        #expect(export.status == 2)
        #expect(export.output.isEmpty)
        #expect(
            export.error.hasPrefix(
                "T 1, 'id': a graph file cannot hold a value of a property named 'id', where 'id' is the object's own id"
            ),
            "\(export.error)")
    }
}

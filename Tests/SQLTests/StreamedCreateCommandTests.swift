import Evaluation
import Foundation
import PostgresDatabase
import Testing

/// `predicate db create` writes a graph file whose objects state only their own rows while it
/// reads it, and builds the whole graph for any other file; users see no difference: the same
/// summary, the same database (`db export`), and for a file with a problem found after rows
/// were written the same message and exit status as the whole graph gives, with nothing left.
@Suite("db create: streamed and whole-graph files look the same from the command line", .serialized)
struct StreamedCreateCommandTests {
    static let schema = """
        {"entities": [
          {"name": "Bucket", "attributes": [{"name": "name", "type": "string"}],
           "relationships": [{"name": "contents", "destination": "Content", "inverse": "bucket", "toMany": true}]},
          {"name": "Content", "attributes": [{"name": "size", "type": "integer64"}],
           "relationships": [{"name": "bucket", "destination": "Bucket", "inverse": "contents", "optional": true}]}
        ]}
        """

    /// Each Content names its Bucket: written as read, in the file's order (3, 1, 2).
    static let ownRows = """
        {"Bucket": [{"id": 1, "name": "Inbox"}, {"id": 2, "name": "Archive"}],
         "Content": [{"id": 3, "size": 30}, {"id": 1, "size": 10, "bucket": 2},
                     {"id": 2, "size": 20, "bucket": 1}]}
        """

    /// The same graph stated from the Buckets' side: the whole graph is built, and its rows
    /// written by key (1, 2, 3).
    static let bucketSide = """
        {"Bucket": [{"id": 1, "name": "Inbox", "contents": [2]}, {"id": 2, "name": "Archive", "contents": [1]}],
         "Content": [{"id": 3, "size": 30}, {"id": 1, "size": 10}, {"id": 2, "size": 20}]}
        """

    /// Own rows, the last Content naming a Bucket that does not exist.
    static let dangling = """
        {"Bucket": [{"id": 1, "name": "Inbox"}],
         "Content": [{"id": 1, "size": 10, "bucket": 1}, {"id": 2, "size": 20, "bucket": 99}]}
        """

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        PostgresCommandTests().run(arguments)
    }

    /// A scratch directory holding the schema and each graph, by name.
    static func files() throws -> String {
        let directory = NSTemporaryDirectory() + "predicate-streamed-cli-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in [
            ("schema", schema), ("own", ownRows), ("bucketSide", bucketSide), ("dangling", dangling),
        ] {
            try text.write(toFile: "\(directory)/\(name).json", atomically: true, encoding: .utf8)
        }
        return directory
    }

    func check(_ databases: (String) throws -> String, directory: String) throws {
        let schema = ["--schema", directory + "/schema.json"]
        var exports: [String] = []
        for graph in ["own", "bucketSide"] {
            let db = try databases(graph)
            let created = run(["db", "create", "--graph", "\(directory)/\(graph).json", "--db", db] + schema)
            #expect(created.status == 0)
            #expect(created.error == "created 2 tables, loaded 5 objects\n")
            let exported = run(["db", "export", "--db", db] + schema)
            #expect(exported.status == 0)
            exports.append(exported.output)
        }
        #expect(exports[0] == exports[1])
        #expect(exports[0].contains("\"bucket\" : 2"))

        let db = try databases("dangling")
        let refused = run(["db", "create", "--graph", "\(directory)/dangling.json", "--db", db] + schema)
        #expect(refused.status == 2)
        #expect(refused.error == "\(directory)/dangling.json: Content 2, 'bucket': no Bucket with id 99\n")
    }

    @Test("SQLite: same summary and export for both shapes; a dangling id after rows were written: exit 2, no file")
    func sqlite() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try check({ "\(directory)/\($0).sqlite" }, directory: directory)
        #expect(!FileManager.default.fileExists(atPath: directory + "/dangling.sqlite"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test(
        "PostgreSQL: same summary and export for both shapes; a dangling id after rows were written: exit 2, no table",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        let directory = try Self.files()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var urls: [String: String] = [:]
        try check(
            { name in
                let url = try PostgresTestServer.shared.get().makeDatabaseURL()
                urls[name] = url
                return url
            }, directory: directory)
        let left = try PostgresConnection(url: urls["dangling"] ?? "").tableColumns().keys.sorted()
        #expect(left.isEmpty)
        // Which path wrote the rows shows in a fresh table's physical order: the file's order
        // when they were written as read, key order when the whole graph wrote them.
        let order = { (name: String) in
            try PostgresConnection(url: urls[name] ?? "").rows(
                SQLStatement(sql: #"SELECT "id" FROM "Content" ORDER BY ctid"#))
        }
        #expect(try order("own") == [[.integer(3)], [.integer(1)], [.integer(2)]])
        #expect(try order("bucketSide") == [[.integer(1)], [.integer(2)], [.integer(3)]])
    }
}

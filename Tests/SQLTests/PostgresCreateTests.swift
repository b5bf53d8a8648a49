import Foundation
import PostgresDatabase
import PredicateCLI
import Testing

/// `predicate db create` against a PostgreSQL URL: an existing database refused in one line
/// unless `--replace`, the replacement in one transaction (a failure leaves the old tables and
/// rows), names PostgreSQL cannot hold refused before anything is written; a schema other
/// than the database's refused by the readers.
@Suite(
    "predicate db create on PostgreSQL", .serialized,
    .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
struct PostgresCreateTests {
    static let root = SampleQueryTests.root.path
    static let model = ["--schema", root + "/Samples/ContentModel.xcdatamodeld"]
    static let graph = ["--graph", root + "/Samples/graph.json"]

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        PostgresCommandTests().run(arguments)
    }

    func tables(_ url: String) throws -> [String] {
        try PostgresConnection(url: url).tableColumns().keys.sorted()
    }

    @Test("an existing database is refused in one line; --replace replaces it; a failed replacement changes nothing")
    func existing() throws {
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        #expect(run(["db", "create", "--db", url] + Self.graph + Self.model).status == 0)
        let again = run(["db", "create", "--db", url] + Self.graph + Self.model)
        #expect(again.status == 1)
        #expect(
            again.error
                == #"the database already has tables of this schema ("Bucket", "Content", "Tag", …); give --replace to replace them"#
                + "\n")
        let query = ["query", "bucket.name == 'Inbox'", "--entity", "Content", "--db", url] + Self.model
        #expect(run(query).output == "[1, 3, 6]\n")
        // A view on Content: dropping the table fails, and the whole replacement rolls back.
        let connection = try PostgresConnection(url: url)
        try connection.execute(#"CREATE VIEW "contents" AS SELECT * FROM "Content""#)
        let blocked = run(["db", "create", "--replace", "--db", url] + Self.model)
        #expect(blocked.status == 1)
        #expect(blocked.error.hasPrefix("cannot create the database: "), "\(blocked.error)")
        #expect(run(query).output == "[1, 3, 6]\n")
        try connection.execute(#"DROP VIEW "contents""#)
        // Replaced by the model with no objects.
        #expect(run(["db", "create", "--replace", "--db", url] + Self.model).status == 0)
        #expect(run(query).output == "[]\n")
        #expect(
            try tables(url) == [
                "Bucket", "Content", "Content_tags", "Tag", "User", "pe_change_log", "pe_change_log_head",
                "pe_metadata",
            ])
    }

    @Test(
        "a name PostgreSQL would cut to 63 bytes: exit 2, nothing created; Core Data's store replaces the default one")
    func names() throws {
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let directory = NSTemporaryDirectory() + "predicate-pg-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let schema = directory + "/schema.json"
        let long = String(repeating: "E", count: 64)
        try #"{"entities": [{"name": "\#(long)"}]}"#.write(toFile: schema, atomically: true, encoding: .utf8)
        let result = run(["db", "create", "--schema", schema, "--db", url])
        #expect(result.status == 2)
        #expect(
            result.error
                == "cannot create the database: '\(long)': table \"\(long)\" is 64 bytes long; PostgreSQL keeps 63 "
                + "bytes of a name\n")
        #expect(try tables(url).isEmpty)
        // The default mapping's database, replaced by a Core Data layout: the old tables go.
        #expect(run(["db", "create", "--db", url] + Self.graph + Self.model).status == 0)
        let replaced = run(
            ["db", "create", "--replace", "--mapping", "coredata", "--db", url] + Self.graph + Self.model)
        #expect(replaced.status == 0, "\(replaced.error)")
        #expect(
            try tables(url) == [
                "ZBUCKET", "ZCONTENT", "ZTAG", "ZUSER", "Z_2TAGS", "Z_METADATA", "Z_PRIMARYKEY", "pe_change_log",
                "pe_change_log_head", "pe_metadata",
            ])
        let mismatch = run(["query", "TRUEPREDICATE", "--entity", "Content", "--db", url] + Self.model)
        #expect(mismatch.status == 2)
        #expect(
            mismatch.error
                == "the database does not match the schema: it was created with the coredata mapping, not the default "
                + "one (--mapping coredata)\n")
        let coreData = run(
            ["query", "TRUEPREDICATE", "--entity", "Content", "--mapping", "coredata", "--db", url] + Self.model)
        #expect(coreData.output == "[1, 2, 3, 4, 5, 6]\n")
    }
}

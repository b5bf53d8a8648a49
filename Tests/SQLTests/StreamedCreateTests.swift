import Evaluation
import Foundation
import PostgresDatabase
import SQLiteDatabase
import Testing

/// `db create` writes rows as it makes them, so a value the database cannot keep is found
/// after thousands of rows are in: the run must still exit 2 naming the object and the
/// attribute, and leave nothing — no file beside a SQLite target, the old database (tables
/// and rows) where it replaced one.
@Suite("db create: a value refused part way leaves nothing", .serialized)
struct StreamedCreateTests {
    static let count = 3_000

    static let schema = """
        {"entities": [{"name": "Item", "attributes": [
            {"name": "value", "type": "double"}, {"name": "extra", "type": "transformable"}]}]}
        """

    /// `count` items; the last holds `last` as the value of `key`.
    static func graph(lastKey key: String, lastValue last: String) -> String {
        let items = (1..<count).map { #"{"id": \#($0), "value": \#($0).5, "extra": {"$data": "AAE="}}"# }
        return #"{"Item": ["# + (items + [#"{"id": \#(count), "\#(key)": \#(last)}"#]).joined(separator: ",\n") + "]}"
    }

    /// A scratch directory with the schema, a good graph and a graph whose last value is refused.
    static func files(lastKey: String, lastValue: String) throws -> (
        directory: String, schema: String, good: String, bad: String
    ) {
        let directory = NSTemporaryDirectory() + "predicate-streamed-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try schema.write(toFile: directory + "/schema.json", atomically: true, encoding: .utf8)
        try graph(lastKey: "value", lastValue: "0.25").write(
            toFile: directory + "/good.json", atomically: true, encoding: .utf8)
        try graph(lastKey: lastKey, lastValue: lastValue).write(
            toFile: directory + "/bad.json", atomically: true, encoding: .utf8)
        return (directory, directory + "/schema.json", directory + "/good.json", directory + "/bad.json")
    }

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        PostgresCommandTests().run(arguments)
    }

    @Test("SQLite: a NaN in the last object; exit 2 naming it, no file left, a replaced database untouched")
    func sqlite() throws {
        let files = try Self.files(lastKey: "value", lastValue: #"{"$double": "nan"}"#)
        defer { try? FileManager.default.removeItem(atPath: files.directory) }
        let path = files.directory + "/store.sqlite"
        let bad = run(["db", "create", "--schema", files.schema, "--graph", files.bad, "--db", path])
        #expect(bad.status == 2)
        #expect(bad.error == "Item 3000, 'value': NaN cannot be stored: this database keeps it as NULL\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: files.directory).sorted()
                == ["bad.json", "good.json", "schema.json"])
        #expect(run(["db", "create", "--schema", files.schema, "--graph", files.good, "--db", path]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let replaced = run(["db", "create", "--replace", "--schema", files.schema, "--graph", files.bad, "--db", path])
        #expect(replaced.status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.directory).count == 4)
    }

    @Test(
        "PostgreSQL: a transformable value Core Data cannot hold in the last object; exit 2, the old rows kept",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        let files = try Self.files(lastKey: "extra", lastValue: #""text""#)
        defer { try? FileManager.default.removeItem(atPath: files.directory) }
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let create = ["db", "create", "--mapping", "coredata", "--schema", files.schema, "--db", url]
        #expect(run(create + ["--graph", files.good]).status == 0)
        let replaced = run(create + ["--replace", "--graph", files.bad])
        #expect(replaced.status == 2)
        #expect(replaced.error.hasPrefix("Item 3000, 'extra': under the Core Data mapping a transformable attribute"))
        let count = try PostgresConnection(url: url).rows(SQLStatement(sql: #"SELECT count(*) FROM "ZITEM""#))
        #expect(count == [[.integer(Int64(Self.count))]])
    }
}

import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// What the store layer sends to a database, seen through a scripted one: the graph's inserts
/// (many rows per statement, as many as the dialect binds), and — in a dialect with odd
/// spellings — that every statement of creating, checking and reading a database is spelled by
/// the dialect, so that SQL written by hand anywhere would show.
@Suite("Object graph: writing a database, and the SQL of the store layer")
struct GraphSQLWriteTests {
    static func graph() throws -> ObjectGraph {
        let graph = """
            {"Bucket": [{"id": 1, "name": "Inbox", "contents": [1, 2]}],
             "Content": [{"id": 1, "name": "a", "bucket": 1, "tags": [1]}, {"id": 2, "name": "b", "bucket": 1, "tags": [1, 2]}],
             "Tag": [{"id": 1, "name": "work"}, {"id": 2, "name": "home"}, {"id": 3, "name": "misc"}]}
            """
        return try ObjectGraph.load(
            json: Data(graph.utf8), schema: try JSONSchemaLoader.load(string: GraphSQLReadTests.schema))
    }

    @Test("one insert per table in SQLite; cut at four values per statement in the odd dialect")
    func inserts() throws {
        let graph = try Self.graph()
        let mapping = try SQLMapping.standard(graph.schema)
        let sqlite = try graph.insertStatements(mapping: mapping, dialect: SQLiteDialect())
        #expect(
            sqlite.map(\.sql) == [
                #"INSERT INTO "Bucket" ("id", "name") VALUES (?, ?)"#,
                #"INSERT INTO "Content" ("id", "name", "bucket_id", "bucket_order") VALUES (?, ?, ?, ?), (?, ?, ?, ?)"#,
                #"INSERT INTO "Tag" ("id", "name") VALUES (?, ?), (?, ?), (?, ?)"#,
                #"INSERT INTO "Content_tags" ("source_id", "destination_id") VALUES (?, ?), (?, ?), (?, ?)"#,
            ])
        #expect(
            sqlite[1].bindings == [
                .integer(1), .text("a"), .integer(1), .integer(1), .integer(2), .text("b"), .integer(1), .integer(2),
            ])
        #expect(sqlite[3].bindings == [1, 1, 2, 1, 2, 2].map { SQLValue.integer($0) })
        let odd = try graph.insertStatements(mapping: mapping, dialect: OddDialect())
        #expect(
            odd.map(\.sql) == [
                "INSERT INTO `Bucket` (`id`, `name`) VALUES (:p1, :p2)",
                "INSERT INTO `Content` (`id`, `name`, `bucket_id`, `bucket_order`) VALUES (:p1, :p2, :p3, :p4)",
                "INSERT INTO `Content` (`id`, `name`, `bucket_id`, `bucket_order`) VALUES (:p1, :p2, :p3, :p4)",
                "INSERT INTO `Tag` (`id`, `name`) VALUES (:p1, :p2), (:p3, :p4)",
                "INSERT INTO `Tag` (`id`, `name`) VALUES (:p1, :p2)",
                "INSERT INTO `Content_tags` (`source_id`, `destination_id`) VALUES (:p1, :p2), (:p3, :p4)",
                "INSERT INTO `Content_tags` (`source_id`, `destination_id`) VALUES (:p1, :p2)",
            ])
        #expect(odd.flatMap(\.bindings) == sqlite.flatMap(\.bindings))
    }

    /// Whether `sql` holds nothing a dialect other than the odd one would have written: no
    /// double quote, no `?` or `$n` placeholder, no SQLite or PostgreSQL type name.
    static func isOdd(_ sql: String) -> Bool {
        let foreign = ["\"", "?", "$1", " INTEGER", " TEXT", " REAL", " BLOB", " bigint", " text", " bytea", "BEGIN"]
        return !foreign.contains { sql.contains($0) }
    }

    @Test("creating, checking and reading a database: every statement is the dialect's", arguments: [false, true])
    func everythingSpelledByTheDialect(coreData: Bool) throws {
        let graph = try Self.graph()
        let mapping = coreData ? try SQLMapping.coreData(graph.schema) : try SQLMapping.standard(graph.schema)
        let convention = mapping.convention
        let database = ScriptedDatabase()
        try database.transaction {
            try database.execute(SQLSchemaDefinition.statements(for: mapping, dialect: database.dialect))
            try database.execute(try graph.insertStatements(mapping: mapping, dialect: database.dialect))
        }
        // A catalogue that lists the metadata and Core Data's numbers, so that both are read.
        database.catalogueRows = [
            ["pe_metadata", "key", "T_text"], ["pe_metadata", "value", "T_text"],
            ["Z_PRIMARYKEY", "Z_ENT", "T_integer64"],
            ["Z_PRIMARYKEY", "Z_NAME", "T_text"], ["Z_PRIMARYKEY", "Z_SUPER", "T_integer64"],
        ].map { $0.map { SQLValue.text($0) } }
        _ = try SQLDatabaseDescription.read(from: database, convention: convention)
        _ = try SQLMapping.coreDataEntityNumbers(in: database, schema: graph.schema)
        _ = try ObjectGraph.read(from: database, mapping: mapping)
        let sent = database.statements.map(\.sql)
        #expect(sent.first == "START ODD TRANSACTION")
        #expect(sent.contains("COMMIT"))
        #expect(sent.contains("SELECT `key`, `value` FROM `pe_metadata`"))
        #expect(sent.contains("SELECT `Z_ENT`, `Z_NAME` FROM `Z_PRIMARYKEY`"))
        if coreData { #expect(sent.contains("SELECT `Z_ENT`, `Z_NAME`, `Z_SUPER` FROM `Z_PRIMARYKEY`")) }
        #expect(sent.count > 12)
        #expect(sent.filter { !Self.isOdd($0) } == [])
    }

    @Test("a transaction whose body throws is rolled back, in the dialect's words")
    func rollback() throws {
        struct Stop: Error {}
        let database = ScriptedDatabase()
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.execute(.delete(SQLDelete(from: "Tag")))
                throw Stop()
            }
        }
        #expect(database.statements.map(\.sql) == ["START ODD TRANSACTION", "DELETE FROM `Tag`", "ROLLBACK"])
    }
}

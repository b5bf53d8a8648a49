import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// The one database protocol over both helpers: statements built as trees, run in each
/// database's own dialect — definitions, inserts of many rows, updates, deletes, plain reads,
/// transactions and the catalogue.
@Suite("SQL: the database protocol on SQLite and PostgreSQL", .serialized)
struct SQLDatabaseTests {
    struct Stop: Error {}

    /// `declaredTypes`: how the database's catalogue spells the types of the columns made.
    static func exercise(_ test: some TestDatabase, declaredTypes: [String]) throws {
        try test.reset()
        let database = test.sqlDatabase
        let table = SQLCreateTable(
            "Item",
            columns: [
                .init("id", .integer64, primaryKey: true), .init("name", .text, notNull: true), .init("score", .double),
                .init("code", .uuid),
            ])
        try database.transaction {
            try database.execute(.createTable(table))
            try database.execute(.createIndex(SQLCreateIndex("Item_name_index", on: "Item", columns: ["name"])))
            try database.execute(
                .insert(
                    SQLInsert(
                        table: "Item", columns: ["id", "name", "score", "code"],
                        rows: [
                            [.integer(1), .text("a"), .double(1.5), .text("1B4E28BA-2FA1-11D2-883F-0016D3CCA427")],
                            [.integer(2), .text("b"), .null, .null], [.integer(3), .text("c"), .double(-2), .null],
                        ])))
        }
        let all = SQLSelect.columns(["id", "name", "score"], from: "Item")
        #expect(
            try database.rows(all).sorted { "\($0)" < "\($1)" } == [
                [.integer(1), .text("a"), .double(1.5)], [.integer(2), .text("b"), .null],
                [.integer(3), .text("c"), .double(-2)],
            ])
        let changed = try database.execute(
            .update(
                SQLUpdate(
                    table: "Item", set: [.init("score", .value(.double(9.5)))],
                    where: [.binary(.columnName("score"), .less, .value(.integer(2)))])))
        #expect(changed == 2)
        #expect(
            try database.execute(
                .delete(SQLDelete(from: "Item", where: [.isNull(.columnName("score"), negated: false)]))) == 1)
        var scores = SQLSelect.columns(["score"], from: "Item")
        scores.order = [.init(expression: .columnName("id"), descending: false)]
        #expect(try database.rows(scores) == [[.double(9.5)], [.double(9.5)]])
        // A failed transaction leaves nothing behind.
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.execute(.delete(SQLDelete(from: "Item")))
                throw Stop()
            }
        }
        #expect(try database.rows(scores).count == 2)
        // The catalogue, through the dialect's own query.
        let columns = try #require(try database.catalogue().columns(ofTable: "Item", dialect: database.dialect))
        #expect(columns.map(\.name) == ["id", "name", "score", "code"])
        #expect(columns.map(\.declaredType) == declaredTypes)
        try database.execute(.dropTable(SQLDropTable("Item")))
        #expect(try database.catalogue().columns(ofTable: "Item", dialect: database.dialect) == nil)
        #expect(throws: Never.self) { try database.execute(.dropTable(SQLDropTable("Item", ifExists: true))) }
    }

    /// An insert of more values than one statement binds, cut by the dialect's limit.
    static func manyRows(_ test: some TestDatabase) throws {
        try test.reset()
        let database = test.sqlDatabase
        try database.execute(
            .createTable(
                SQLCreateTable("N", columns: [.init("a", .integer64), .init("b", .integer64), .init("c", .text)])))
        let rows = (0..<2_000).map { [SQLValue.integer(Int64($0)), .integer(Int64($0 * 2)), .text("n\($0)")] }
        let batches = SQLInsert(table: "N", columns: ["a", "b", "c"], rows: rows)
            .batches(maximumBindings: database.dialect.maximumBindings)
        #expect(batches.count == (database.dialect.maximumBindings < 6_000 ? 7 : 1))
        try database.transaction { for batch in batches { try database.execute(.insert(batch)) } }
        let count = SQLSelect(columns: [.function(.count, [])], from: .init(table: "N"))
        #expect(try database.rows(count) == [[.integer(2_000)]])
    }

    @Test("SQLite: definitions, writes, reads, transactions and the catalogue through the protocol")
    func sqlite() throws {
        try Self.exercise(try SQLiteTestDatabase(), declaredTypes: ["INTEGER", "TEXT", "REAL", "TEXT"])
        try Self.manyRows(try SQLiteTestDatabase())
    }

    @Test(
        "PostgreSQL: definitions, writes, reads, transactions and the catalogue through the protocol",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        try Self.exercise(
            try PostgresTestDatabase(), declaredTypes: ["bigint", "text", "double precision", "uuid"])
        try Self.manyRows(try PostgresTestDatabase())
    }

    @Test("SQLite: a foreign key stored as a blob is refused by the reader, naming the table, row and column")
    func wrongKindInARealDatabase() throws {
        let test = try SQLiteTestDatabase()
        let (graph, mapping) = try SampleQueryTests.sample()
        try test.load(graph, mapping: mapping)
        try test.sqlDatabase.execute(
            .update(
                SQLUpdate(
                    table: "Content", set: [.init("bucket_id", .value(.blob([1])))],
                    where: [.binary(.columnName("id"), .equal, .value(.integer(3)))])))
        let error = #expect(throws: GraphErrors.self) { try ObjectGraph.read(from: test.sqlDatabase, mapping: mapping) }
        #expect(
            error?.description
                == #"Content 3, 'bucket': table "Content", column "bucket_id": the blob x'01' is not a key"#)
    }
}

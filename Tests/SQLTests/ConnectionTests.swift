import Evaluation
import Foundation
import PostgresDatabase
import SQLiteDatabase
import Testing

@Suite("SQLite connection")
struct SQLiteConnectionTests {
    @Test("values round-trip through bindings and rows")
    func roundTrip() throws {
        let db = try SQLiteConnection.inMemory()
        try db.execute("CREATE TABLE t (v)")
        let values: [SQLValue] = [
            .null, .integer(-7), .integer(Int64.max), .double(2.5), .text("Zoë 'quoted' \"x\""), .text(""),
            .blob([0, 255, 1]), .blob([]),
        ]
        for value in values { try db.execute(SQLStatement(sql: "INSERT INTO t VALUES (?1)", bindings: [value])) }
        let rows = try db.rows(SQLStatement(sql: "SELECT v FROM t ORDER BY rowid"))
        #expect(rows.map { $0[0] } == values)
    }

    @Test("an error carries SQLite's message and the SQL")
    func errorMessage() throws {
        let db = try SQLiteConnection.inMemory()
        let error = #expect(throws: SQLiteError.self) { try db.rows(SQLStatement(sql: "SELECT * FROM missing")) }
        #expect(error?.description == "SQLite error 1: no such table: missing — in: SELECT * FROM missing")
    }

    @Test("a transaction is rolled back when its body throws")
    func rollback() throws {
        let db = try SQLiteConnection.inMemory()
        try db.execute("CREATE TABLE t (v INTEGER)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.execute(SQLStatement(sql: "INSERT INTO t VALUES (1)"))
                throw Stop()
            }
        }
        #expect(try db.rows(SQLStatement(sql: "SELECT count(*) FROM t")) == [[.integer(0)]])
    }

    @Test("the number of bindings must match the placeholders")
    func bindingCount() throws {
        let db = try SQLiteConnection.inMemory()
        let error = #expect(throws: SQLiteError.self) {
            try db.rows(SQLStatement(sql: "SELECT ?1, ?2", bindings: [.integer(1)]))
        }
        #expect(error?.message == "the statement has 2 placeholder(s), 1 value(s) given")
    }
}

@Suite("PostgreSQL connection", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
struct PostgresConnectionTests {
    @Test("values round-trip through bindings and rows")
    func roundTrip() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        try db.execute("CREATE TABLE t (n serial, i bigint, d double precision, s text, b bytea, f boolean)")
        try db.execute(
            SQLStatement(
                sql: "INSERT INTO t (i, d, s, b, f) VALUES ($1, $2, $3, $4, $5 <> 0)",
                bindings: [.integer(-7), .double(2.5), .text("Zoë 'q' \"x\""), .blob([0, 255, 1]), .integer(1)]))
        try db.execute(
            SQLStatement(
                sql: "INSERT INTO t (i, d, s, b, f) VALUES ($1, $2, $3, $4, $5 <> 0)",
                bindings: [.null, .double(.infinity), .text(""), .blob([]), .integer(0)]))
        let rows = try db.rows(SQLStatement(sql: "SELECT i, d, s, b, f FROM t ORDER BY n"))
        #expect(
            rows == [
                [.integer(-7), .double(2.5), .text("Zoë 'q' \"x\""), .blob([0, 255, 1]), .integer(1)],
                [.null, .double(.infinity), .text(""), .blob([]), .integer(0)],
            ])
    }

    @Test("bound values are typed by what they are, not by the column they meet")
    func typedBindings() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        let types = try db.rows(
            SQLStatement(
                sql: "SELECT pg_typeof($1)::text, pg_typeof($2)::text, pg_typeof($3)::text, pg_typeof($4)::text, "
                    + "pg_typeof($5)::text",
                bindings: [.integer(7), .double(1.5), .double(-0.0), .double(.infinity), .blob([1])]))
        #expect(
            types == [
                [
                    .text("bigint"), .text("numeric"), .text("double precision"), .text("double precision"),
                    .text("bytea"),
                ]
            ])
        // Text stays untyped, as a SQL string literal: a uuid column reads it as a uuid (below).
        // An untyped `$1` next to a smallint column was read as a smallint: 1.5 and 3000000000
        // were refused ("invalid input syntax for type smallint", "out of range").
        try db.execute("CREATE TABLE n (s smallint, i integer, u uuid, m numeric, d double precision)")
        try db.execute(
            SQLStatement(
                sql: "INSERT INTO n VALUES ($1, $2, $3, $4, $5), ($6, $7, NULL, $8, $9)",
                bindings: [
                    .integer(2), .integer(100), .text("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
                    .double(1234567.891234567), .double(-0.0), .integer(-32768), .integer(-5), .double(0.1),
                    .double(.nan),
                ]))
        func count(_ condition: String, _ bindings: [SQLValue]) throws -> [[SQLValue]] {
            try db.rows(SQLStatement(sql: "SELECT count(*) FROM n WHERE " + condition, bindings: bindings))
        }
        #expect(try count("s > $1", [.double(1.5)]) == [[.integer(1)]])
        #expect(try count("s < $1", [.integer(3_000_000_000)]) == [[.integer(2)]])
        #expect(try count("i BETWEEN $1 AND $2", [.double(-5.5), .double(99.5)]) == [[.integer(1)]])
        #expect(try count("u = $1", [.text("e621e1f8-c36c-495a-93fc-0c247a3e6e5f")]) == [[.integer(1)]])
        // Doubles keep every digit in a numeric column, and -0.0 its sign in a double column.
        #expect(try count("m = $1", [.double(1234567.891234567)]) == [[.integer(1)]])
        let stored = try db.rows(SQLStatement(sql: "SELECT m, d FROM n ORDER BY s DESC"))
        #expect(stored.first == [.double(1234567.891234567), .double(-0.0)])
        if case .double(let zero) = stored.first?.last { #expect(zero.sign == .minus) }
        if case .double(let nan) = stored.last?.last { #expect(nan.isNaN) } else { Issue.record("NaN: \(stored)") }
    }

    @Test("an error carries the server's message, SQLSTATE and the SQL")
    func errorMessage() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        let error = #expect(throws: PostgresError.self) { try db.rows(SQLStatement(sql: "SELECT * FROM missing")) }
        #expect(error?.sqlState == "42P01")
        #expect(
            error?.description.hasPrefix("PostgreSQL error 42P01: ERROR:  relation \"missing\" does not exist") == true)
        #expect(error?.sql == "SELECT * FROM missing")
    }

    @Test("a text binding with NUL is refused before it is sent")
    func nulText() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        let error = #expect(throws: PostgresError.self) {
            try db.rows(SQLStatement(sql: "SELECT $1::text", bindings: [.text("a\u{0}b")]))
        }
        #expect(error?.message == "binding 1 contains a NUL character, which PostgreSQL text cannot hold")
    }

    @Test("connecting to a server that is not there fails with libpq's message")
    func connectionFailure() throws {
        let error = #expect(throws: PostgresError.self) {
            try PostgresConnection(url: "postgresql:///nowhere?host=/nonexistent-dir&port=1")
        }
        #expect(error?.message.hasPrefix("cannot connect to host=/nonexistent-dir port=1 dbname=nowhere: ") == true)
    }
}

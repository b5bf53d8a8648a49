import Evaluation
import Foundation
import SQLiteDatabase
import Testing

@testable import PostgresDatabase

/// `COPY … FROM STDIN` as the PostgreSQL helper writes it: the text format byte for byte
/// (written by hand from PostgreSQL's documentation of COPY's text format), and a copy that
/// fails part way keeps no row and leaves the connection usable.
@Suite("PostgreSQL COPY: the text format, and failures part way")
struct PostgresCopyTests {
    static func field(_ value: SQLValue) throws -> String {
        var buffer: [UInt8] = []
        try PostgresCopyText.append(value, column: "c", to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test(
        "each value as one field: the four meaningful bytes escaped, every other byte as it is",
        arguments: [
            (SQLValue.null, #"\N"#),
            (.text(#"\N"#), #"\\N"#),
            (.text(""), ""),
            (.text("a\tb\nc\rd\\e"), #"a\tb\nc\rd\\e"#),
            (.text(#"\."#), #"\\."#),
            (.text("\u{1}\u{B}\u{C}\u{7F}"), "\u{1}\u{B}\u{C}\u{7F}"),
            (.text("Zoë 日本 😀"), "Zoë 日本 😀"),
            (.integer(.min), "-9223372036854775808"),
            (.integer(.max), "9223372036854775807"),
            (.integer(0), "0"),
            (.double(-0.0), "-0.0"),
            (.double(.leastNonzeroMagnitude), "5e-324"),
            (.double(.greatestFiniteMagnitude), "1.7976931348623157e+308"),
            (.double(.infinity), "Infinity"),
            (.double(-.infinity), "-Infinity"),
            (.double(.nan), "NaN"),
            (.blob([]), #"\\x"#),
            (.blob([0x00, 0x5C, 0x0A, 0xFF]), #"\\x005c0aff"#),
        ])
    func fields(value: SQLValue, expected: String) throws {
        #expect(try Self.field(value) == expected)
    }

    @Test("a text holding NUL is refused, naming the column")
    func nul() {
        #expect(
            throws: PostgresError(
                message: "a value of column \"c\" contains a NUL character, which PostgreSQL text cannot hold")
        ) {
            try Self.field(.text("a\u{0}b"))
        }
    }

    @Test(
        "a copy stopped part way keeps no row; the error is the one thrown; the connection goes on",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func stopped() throws {
        struct Stop: Error, Equatable {}
        let database = try PostgresTestServer.shared.get().makeDatabase()
        try database.execute("CREATE TABLE t (i bigint, s text)")
        #expect(throws: Stop()) {
            try database.insertRows(into: "t", columns: ["i", "s"]) { write in
                // More than one buffer: some rows have reached the server when it stops.
                let padding = String(repeating: "y", count: 300)
                for index in 0..<5_000 { try write([.integer(Int64(index)), .text("row \(index) \(padding)")]) }
                throw Stop()
            }
        }
        // A value of the wrong kind, and then a NUL, stop it the same way.
        #expect(throws: PostgresError.self) {
            try database.insertRows(into: "t", columns: ["i", "s"]) { write in
                try write([.integer(1), .text("one")])
                try write([.text("not a number"), .text("two")])
            }
        }
        #expect(throws: PostgresError.self) {
            try database.insertRows(into: "t", columns: ["i", "s"]) { write in
                try write([.integer(1), .text("a\u{0}")])
            }
        }
        #expect(try database.rows(SQLStatement(sql: "SELECT count(*) FROM t")) == [[.integer(0)]])
        try database.insertRows(into: "t", columns: ["i", "s"]) { write in try write([.integer(7), .text("seven")]) }
        #expect(try database.rows(SQLStatement(sql: "SELECT i, s FROM t")) == [[.integer(7), .text("seven")]])
    }

    @Test(
        "rows of more than one buffer arrive whole and in order",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func manyBuffers() throws {
        let database = try PostgresTestServer.shared.get().makeDatabase()
        try database.execute("CREATE TABLE t (i bigint, s text)")
        let text = String(repeating: "x\t\\", count: 100)
        let count = PostgresConnection.copyBufferSize / 300 * 3
        try database.insertRows(into: "t", columns: ["i", "s"]) { write in
            for index in 0..<count { try write([.integer(Int64(index)), .text(text)]) }
        }
        let rows = try database.rows(
            SQLStatement(sql: "SELECT count(*), sum(i), count(*) FILTER (WHERE s = $1) FROM t", bindings: [.text(text)])
        )
        let sum = Int64(count * (count - 1) / 2)
        #expect(rows == [[.integer(Int64(count)), .integer(sum), .integer(Int64(count))]])
    }
}

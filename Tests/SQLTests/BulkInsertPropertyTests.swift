import Evaluation
import Foundation
import PostgresDatabase
import SQLiteDatabase
import TestSupport
import Testing

/// `insertRows` keeps every value exactly: rows of the values whose writing is delicate —
/// text with the bytes `COPY`'s text format gives a meaning (tab, newline, carriage return,
/// backslash), `\.` and `\N` (the end-of-data marker and the NULL marker), other control
/// characters, non-ASCII, the empty text beside NULL; integers at their limits; doubles at
/// theirs (`-0.0`, the smallest subnormal, the largest finite, the infinities, NaN); bytes of
/// every value — are written with ``SQLDatabase/insertRows(into:columns:_:)`` (`COPY … FROM
/// STDIN` in PostgreSQL, a reused prepared statement in SQLite) and read back: each value must
/// come back as itself, and as the same rows written one `INSERT` at a time with bound values
/// come back. `PREDICATE_SEED`/`PREDICATE_CASES` replay a run; a failure is shrunk to the
/// fewest rows and values.
@Suite("Bulk inserts keep every value: COPY and prepared statements", .serialized)
struct BulkInsertPropertyTests {
    /// Column names and their types in each database; the values of a column are of one kind.
    static let columns = ["i", "d", "t", "b"]

    /// Text pieces whose writing is delicate.
    static let textPieces: [String] =
        [
            "\t", "\n", "\r", "\r\n", "\\", "\\.", "\\N", "N", ".", "\\\\", "\\t", "\\x41", "a", " ", "'", "\"", ",",
            "\u{1}", "\u{8}", "\u{B}", "\u{C}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}",
        ] + DelicateText.characters

    static let integers: [Int64] = [0, 1, -1, .max, .min, .max - 1, .min + 1, 32767, -32768, 2_147_483_648]
    static let doubles: [Double] = [
        0, -0.0, 1.5, -2.25, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
        -.leastNormalMagnitude, .infinity, -.infinity, .nan, 0.1, 1e300, 123_456_789.123_456_78, 9_007_199_254_740_994,
    ]

    /// One row: an integer, a double, a text and bytes, each possibly NULL.
    static func randomRow(_ random: inout SplitMix64, storesNaN: Bool) -> [SQLValue] {
        var row: [SQLValue] = []
        row.append(
            random.chance(1, in: 8)
                ? .null : .integer(random.chance(1, in: 2) ? random.pick(integers) : Int64(bitPattern: random.next())))
        var double = random.chance(1, in: 2) ? random.pick(doubles) : Double(bitPattern: random.next())
        if double.isNaN, !storesNaN { double = 0.5 }
        row.append(random.chance(1, in: 8) ? .null : .double(double))
        if random.chance(1, in: 6) {
            row.append(random.chance(1, in: 2) ? .null : .text(""))
        } else {
            row.append(.text((0..<random.int(in: 1...6)).map { _ in random.pick(textPieces) }.joined()))
        }
        if random.chance(1, in: 6) {
            row.append(random.chance(1, in: 2) ? .null : .blob([]))
        } else {
            row.append(.blob((0..<random.int(in: 1...12)).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
        }
        return row
    }

    /// What a database gives back for `value` however it is written: SQLite reads a `-0.0` it
    /// stored in a `REAL` column as `0.0` (as it keeps no NaN, which the rows leave out there).
    static func kept(_ value: SQLValue, by dialect: any SQLDialect) -> SQLValue {
        if dialect.name == "sqlite", case .double(let double) = value, double == 0 { return .double(0) }
        return value
    }

    /// Two values are the same stored value: NaN is NaN, and `-0.0` is not `0.0`.
    static func same(_ a: SQLValue, _ b: SQLValue) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): x.isNaN ? y.isNaN : x.bitPattern == y.bitPattern
        default: a == b
        }
    }

    /// How writing `rows` in bulk into `database` fails to keep them, or `nil`.
    static func failure(_ rows: [[SQLValue]], in database: some SQLDatabase, types: [String]) -> String? {
        do {
            for table in ["bulk", "single"] {
                try database.execute(.dropTable(SQLDropTable(table, ifExists: true)))
                let definitions = zip(["n"] + columns, ["bigint"] + types).map { "\"\($0)\" \($1)" }
                try database.execute(
                    SQLStatement(sql: "CREATE TABLE \"\(table)\" (\(definitions.joined(separator: ", ")))"))
            }
            let numbered = rows.enumerated().map { [SQLValue.integer(Int64($0.offset))] + $0.element }
            try database.insertRows(into: "bulk", columns: ["n"] + columns) { write in
                for row in numbered { try write(row) }
            }
            for row in numbered {
                try database.execute(.insert(SQLInsert(table: "single", columns: ["n"] + columns, rows: [row])))
            }
            let select = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            let bulk = try database.rows(SQLStatement(sql: "SELECT \(select) FROM \"bulk\" ORDER BY \"n\""))
            let single = try database.rows(SQLStatement(sql: "SELECT \(select) FROM \"single\" ORDER BY \"n\""))
            guard bulk.count == rows.count else { return "\(bulk.count) rows read back for \(rows.count) written" }
            for (index, row) in rows.enumerated() {
                for column in row.indices where !same(kept(row[column], by: database.dialect), bulk[index][column]) {
                    return "row \(index), column \(columns[column]): wrote \(row[column]), read \(bulk[index][column])"
                }
                for column in row.indices where !same(single[index][column], bulk[index][column]) {
                    return "row \(index), column \(columns[column]): INSERT keeps \(single[index][column]), "
                        + "insertRows \(bulk[index][column])"
                }
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func run(_ name: String, database: some SQLDatabase, types: [String]) {
        let run = PropertyRun(name, defaultCases: 25)
        let storesNaN = database.dialect.storesNaN
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let rows = (0..<random.int(in: 1...40)).map { _ in randomRow(&random, storesNaN: storesNaN) }
            guard let message = failure(rows, in: database, types: types) else { continue }
            let smallest = Shrinker.shrink(rows, candidates: candidates) {
                failure($0, in: database, types: types) != nil
            }
            Issue.record(
                """
                \(database.dialect.name): \(message)
                \(run.replay(index))
                smallest failing rows: \(smallest)
                \(failure(smallest, in: database, types: types) ?? "")
                """)
            return
        }
    }

    /// Each row left out in turn, then each non-NULL value made NULL.
    static func candidates(_ rows: [[SQLValue]]) -> [[[SQLValue]]] {
        var smaller = rows.indices.filter { _ in rows.count > 1 }.map { index in
            var fewer = rows
            fewer.remove(at: index)
            return fewer
        }
        for (index, row) in rows.enumerated() {
            for column in row.indices where row[column] != .null {
                var simpler = rows
                simpler[index][column] = .null
                smaller.append(simpler)
            }
        }
        return smaller
    }

    @Test(
        "PostgreSQL: COPY's text format keeps every value, as bound values are kept",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        let database = try PostgresTestServer.shared.get().makeDatabase()
        Self.run(
            "bulk insert (PostgreSQL COPY)", database: database, types: ["bigint", "double precision", "text", "bytea"])
    }

    @Test("SQLite: one prepared statement keeps every value, as inserts of bound values do")
    func sqlite() throws {
        Self.run(
            "bulk insert (SQLite)", database: try SQLiteConnection.inMemory(),
            types: ["INTEGER", "REAL", "TEXT", "BLOB"])
    }
}

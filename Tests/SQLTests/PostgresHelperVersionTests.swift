import Evaluation
import Foundation
import PostgresDatabase
import Testing

/// The helper functions are installed once per database: a version mark (a comment on
/// `pe_fold`) written with them is read first, and a database that has this build's mark gets
/// no `CREATE FUNCTION`; a database with another build's mark gets every function again.
///
/// Whether a function was created again is read from its catalogue row's `xmin`, the
/// transaction that last wrote the row: `CREATE OR REPLACE FUNCTION` rewrites it even when the
/// definition is the same.
@Suite("PostgreSQL helper functions: installed once per database, by version")
struct PostgresHelperVersionTests {
    /// The transaction that last wrote each helper function's catalogue row, by signature.
    static func writers(_ db: PostgresConnection) throws -> [String: String] {
        let rows = try db.rows(
            SQLStatement(
                sql: """
                    SELECT p.oid::regprocedure::text, p.xmin::text FROM pg_proc p
                    JOIN pg_namespace n ON n.oid = p.pronamespace
                    WHERE n.nspname = current_schema() AND p.proname LIKE 'pe\\_%'
                    """))
        var writers: [String: String] = [:]
        for row in rows {
            guard case .text(let name) = row[0], case .text(let xmin) = row[1] else { continue }
            writers[name] = xmin
        }
        return writers
    }

    /// The number of functions the install statement creates.
    static let functionCount =
        PostgresHelperFunctions.installStatement.components(separatedBy: "CREATE OR REPLACE FUNCTION ").count - 1

    static func mark(_ db: PostgresConnection) throws -> [[SQLValue]] {
        try db.rows(PostgresHelperFunctions.markQuery)
    }

    @Test("FNV-1a 64 of the empty string and of 'a' are the algorithm's published values")
    func fingerprint() {
        #expect(PostgresHelperFunctions.fingerprint("") == "fnv1a64:cbf29ce484222325")
        #expect(PostgresHelperFunctions.fingerprint("a") == "fnv1a64:af63dc4c8601ec8c")
    }

    @Test("the recorded version is the hash of the install statement this build derives (update it when this fails)")
    func recordedVersion() {
        let derived = PostgresHelperFunctions.fingerprint(PostgresHelperFunctions.installStatement)
        #expect(
            PostgresHelperFunctions.version == derived,
            "the helper functions' definitions changed: set PostgresHelperFunctions.version to \"\(derived)\"")
    }

    @Test(
        "a second install runs no CREATE FUNCTION; another build's mark reinstalls; the functions answer",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func onceByVersion() throws {
        let db = try PostgresConnection(url: try PostgresTestServer.shared.get().makeDatabaseURL())
        #expect(try Self.mark(db).isEmpty)
        try db.installHelperFunctions()
        let first = try Self.writers(db)
        #expect(first.count == Self.functionCount)
        #expect(first["pe_fold(text,text)"] != nil)
        #expect(
            try Self.mark(db) == [[.text("predicate-engine helper functions " + PostgresHelperFunctions.version)]])

        try db.installHelperFunctions()
        #expect(try Self.writers(db) == first)

        try db.execute(PostgresHelperFunctions.markStatement(version: "fnv1a64:0123456789abcdef"))
        try db.installHelperFunctions()
        let again = try Self.writers(db)
        #expect(again.keys.sorted() == first.keys.sorted())
        #expect(again.allSatisfy { first[$0.key] != $0.value })
        #expect(
            try Self.mark(db) == [[.text("predicate-engine helper functions " + PostgresHelperFunctions.version)]])

        // A comment someone else wrote is no mark of this build either.
        try db.execute("COMMENT ON FUNCTION pe_fold(text, text) IS NULL")
        try db.installHelperFunctions()
        #expect(try Self.writers(db).allSatisfy { again[$0.key] != $0.value })

        let answers = try db.rows(
            SQLStatement(
                sql: "SELECT pe_fold($1, 'cd'), pe_contains($2, 'OE', 'cd')", bindings: [.text("Zoë"), .text("Zoë")]))
        #expect(answers == [[.text("zoe"), .integer(1)]])
    }

    @Test(
        "an install inside a transaction that rolls back leaves neither functions nor mark",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func rolledBack() throws {
        let db = try PostgresConnection(url: try PostgresTestServer.shared.get().makeDatabaseURL())
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.installHelperFunctions()
                throw Stop()
            }
        }
        #expect(try Self.mark(db).isEmpty)
        #expect(try Self.writers(db).isEmpty)
        try db.installHelperFunctions()
        #expect(try Self.writers(db).count == Self.functionCount)
    }
}

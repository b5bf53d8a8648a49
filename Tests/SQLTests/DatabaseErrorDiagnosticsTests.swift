import Diagnostics
import PostgresDatabase
import SQLiteDatabase
import Testing

/// The database helpers' errors as diagnostics: one error with the catalogue id of the
/// database and the whole description (code or SQLSTATE, message, SQL) as the message.
@Suite("Database errors as diagnostics")
struct DatabaseErrorDiagnosticsTests {
    @Test func aSQLiteErrorIsOneSqliteErrorDiagnostic() {
        let error = SQLiteError(code: 1, message: "no such table: Content", sql: "SELECT 1 FROM Content")
        #expect(
            error.diagnostics == [
                Diagnostic(
                    id: .sqliteError, message: "SQLite error 1: no such table: Content — in: SELECT 1 FROM Content",
                    range: nil)
            ])
    }

    @Test func aPostgresErrorIsOnePostgresErrorDiagnostic() {
        let error = PostgresError(sqlState: "42P01", message: "relation \"content\" does not exist")
        #expect(
            error.diagnostics == [
                Diagnostic(
                    id: .postgresError, message: "PostgreSQL error 42P01: relation \"content\" does not exist",
                    range: nil)
            ])
        #expect(
            DiagnosticFormatter().format(error) == "error: PostgreSQL error 42P01: relation \"content\" does not exist")
    }
}

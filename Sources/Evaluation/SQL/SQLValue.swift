import Foundation

/// A value bound to a placeholder of a SQL statement, or read back from a result row: the
/// storage classes that SQLite and PostgreSQL's text protocol have in common.
///
/// A lowered predicate never writes a value into its SQL text; it emits a placeholder and
/// appends the value to the statement's bindings. `name == %@` with `"Zoë"` becomes
/// `"name" = ?1` with the bindings `[.text("Zoë")]` (SQLite) or `"name" = $1` (PostgreSQL).
///
/// Values the databases have no storage class for are converted by the dialect
/// (``SQLDialect``) and the mapping: a Boolean is `.integer(0/1)`, a date `.double` seconds
/// since 2001-01-01 00:00:00 UTC, a UUID `.blob` (16 bytes) in SQLite or `.text` in PostgreSQL.
public enum SQLValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double-precision floating-point number.
    case double(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes (SQLite `BLOB`, PostgreSQL `bytea`).
    case blob([UInt8])

    /// Whether the value is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The integer, when the value is one; a double with an exact integer value is accepted
    /// (`3.0` → `3`), as SQLite's `NUMERIC` columns may hand either back.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded(.towardZero) == value, let exact = Int64(exactly: value) else { return nil }
            return exact
        case .null, .text, .blob: return nil
        }
    }

    /// The number as a double, when the value is an integer or a double.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        case .null, .text, .blob: return nil
        }
    }

    /// A readable rendering for messages and debugging: `NULL`, `42`, `2.5`, `'it''s'`,
    /// `x'00ff'`. Never used to build SQL that is executed.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .double(let value): return String(value)
        case .text(let value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes):
            return "x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }
}

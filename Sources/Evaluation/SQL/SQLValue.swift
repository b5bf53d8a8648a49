import Foundation

/// A value bound to a placeholder of a lowered SQL statement. Values never appear in the SQL
/// text: the lowering emits a placeholder and appends the value to the statement's bindings.
///
/// | predicate value | bound as |
/// |---|---|
/// | `nil` | ``null`` (rarely: `x == nil` lowers to `IS NULL`) |
/// | `YES`, `42` | ``integer(_:)`` (Booleans are stored as 0/1) |
/// | `2.5` | ``double(_:)`` |
/// | `"x"` | ``text(_:)`` |
/// | a date | ``double(_:)``: seconds in the storage's convention (see the mapping) |
/// | data, a UUID | ``blob(_:)``, ``text(_:)`` |
public enum SQLValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL `NULL`.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case double(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob([UInt8])

    /// Whether this is SQL `NULL`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as an integer: an integer, or a double with no fraction that fits.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .double(let value): Int64(exactly: value)
        case .null, .text, .blob: nil
        }
    }

    /// The value as a double: an integer or a double.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        case .null, .text, .blob: nil
        }
    }

    /// `NULL`, `42`, `2.5`, `'x'`, `x'0102'` — for logs and tests, never for building SQL.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .text(let value): "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let value): "x'" + value.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }
}

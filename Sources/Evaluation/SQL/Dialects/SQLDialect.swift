import Foundation

/// How one database spells SQL: identifiers, placeholders, type names, literals, and what it
/// can do. The lowering and the DDL generator write every dialect-dependent token through it,
/// so that a statement never hard-codes `"`, `?` or a type name.
///
/// ```swift
/// SQLiteDialect().quoteIdentifier("order")        // "order"
/// SQLiteDialect().quoteIdentifier("a\"b")         // "a""b"
/// SQLiteDialect().placeholder(2)                  // ?2
/// PostgresDialect().placeholder(2)                // $2
/// PostgresDialect().typeName(.boolean, ...)       // boolean
/// ```
public protocol SQLDialect: Sendable {
    /// A short name for messages: `sqlite`, `postgres`.
    var name: String { get }
    /// What the database supports beyond the common core.
    var capabilities: SQLCapabilities { get }
    /// `name` as a quoted identifier, every embedded quote character doubled.
    func quoteIdentifier(_ name: String) -> String
    /// The placeholder of the `index`-th binding (1-based), e.g. `?1` or `$1`. Numbered
    /// placeholders let one binding be used twice.
    func placeholder(_ index: Int) -> String
    /// The type name for a column of `type` under the naming `convention` (the Core Data
    /// convention on SQLite uses Core Data's own names, `VARCHAR`, `TIMESTAMP`, …).
    func typeName(_ type: SQLColumnType, convention: SQLNamingConvention) -> String
    /// The SQL text of a constant true condition: `1` or `TRUE`.
    var trueLiteral: String { get }
    /// The SQL text of a constant false condition: `0` or `FALSE`.
    var falseLiteral: String { get }
    /// The binding for a Boolean value.
    func booleanValue(_ value: Bool) -> SQLValue
    /// The binding for a UUID.
    func uuidValue(_ value: UUID) -> SQLValue
}

extension SQLDialect {
    /// The binding for a date: seconds since 2001-01-01 00:00:00 UTC, as Foundation's `Date`
    /// and Core Data store it, so that a date read back is equal to the one written.
    public func dateValue(_ date: Date) -> SQLValue {
        .double(date.timeIntervalSinceReferenceDate)
    }

    /// `name` quoted with `quote`, every `quote` inside doubled: the rule of both SQLite and
    /// PostgreSQL (`"a""b"` names the identifier `a"b`).
    public func quote(_ name: String, with quote: Character) -> String {
        var result = String(quote)
        for character in name {
            if character == quote { result.append(quote) }
            result.append(character)
        }
        result.append(quote)
        return result
    }

    /// `a.b` with both names quoted: `"t0"."name"`.
    public func qualified(_ table: String, _ column: String) -> String {
        quoteIdentifier(table) + "." + quoteIdentifier(column)
    }
}

/// The naming convention of a mapping, which some dialects reflect in type names.
public enum SQLNamingConvention: String, Sendable, Hashable, CaseIterable {
    /// This engine's own layout (`Docs/sql-mapping.md`, "The default convention").
    case standard
    /// The layout of Core Data's SQLite store (`Z<ENTITY>` tables, `Z_PK`, …).
    case coreData
}

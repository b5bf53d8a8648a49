import Foundation

/// PostgreSQL (and the engines that speak its dialect, told apart by ``capabilities``):
/// `"` quotes identifiers, `$n` placeholders, a Boolean type, `bytea`, `uuid`.
///
/// `name == %@` lowers to `"name" = $1`; `CREATE TABLE "Content" ("id" bigint PRIMARY KEY, …)`.
public struct PostgresDialect: SQLDialect {
    /// What the server supports: ``SQLCapabilities/postgres`` by default, or the preset of a
    /// distributed engine (``SQLCapabilities/cockroach``, ``SQLCapabilities/citus``,
    /// ``SQLCapabilities/yugabyte``).
    public var capabilities: SQLCapabilities

    /// Creates the dialect.
    public init(capabilities: SQLCapabilities = .postgres) {
        self.capabilities = capabilities
    }

    /// `postgres`.
    public var name: String { "postgres" }

    /// `"name"`, embedded `"` doubled.
    public func quoteIdentifier(_ name: String) -> String { quote(name, with: "\"") }

    /// `$1`, `$2`, …
    public func placeholder(_ index: Int) -> String { "$" + String(index) }

    /// PostgreSQL's type names (see ``SQLColumnType``); the convention does not change them.
    public func typeName(_ type: SQLColumnType, convention: SQLNamingConvention) -> String {
        switch type {
        case .integer16: return "smallint"
        case .integer32: return "integer"
        case .integer64: return "bigint"
        case .boolean: return "boolean"
        case .double, .date: return "double precision"
        case .decimal: return "numeric"
        case .text: return "text"
        case .uuid: return "uuid"
        case .blob: return "bytea"
        }
    }

    /// `TRUE`.
    public var trueLiteral: String { "TRUE" }
    /// `FALSE`.
    public var falseLiteral: String { "FALSE" }

    /// `.integer(1)` or `.integer(0)`: sent as the text `1`/`0`, which PostgreSQL reads as a
    /// Boolean where the placeholder's context is Boolean, and as a number elsewhere.
    public func booleanValue(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }

    /// The UUID's text form, which PostgreSQL reads into a `uuid` column.
    public func uuidValue(_ value: UUID) -> SQLValue { .text(value.uuidString) }
}

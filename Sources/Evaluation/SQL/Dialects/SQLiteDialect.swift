import Foundation

/// SQLite: `"` quotes identifiers, `?NNN` placeholders, no Boolean type (0/1), type names that
/// choose a column affinity.
///
/// `name == %@` lowers to `"name" = ?1`; `CREATE TABLE "Content" ("id" INTEGER PRIMARY KEY, …)`.
/// Under the Core Data convention the type names are Core Data's own (`VARCHAR`, `TIMESTAMP`,
/// `FLOAT`, `DECIMAL`, `BLOB`, `INTEGER`), as in a store Core Data wrote.
public struct SQLiteDialect: SQLDialect {
    /// What this SQLite connection supports; ``SQLCapabilities/sqlite`` by default.
    public var capabilities: SQLCapabilities

    /// Creates the dialect.
    public init(capabilities: SQLCapabilities = .sqlite) {
        self.capabilities = capabilities
    }

    /// `sqlite`.
    public var name: String { "sqlite" }

    /// `"name"`, embedded `"` doubled.
    public func quoteIdentifier(_ name: String) -> String { quote(name, with: "\"") }

    /// `?1`, `?2`, …
    public func placeholder(_ index: Int) -> String { "?" + String(index) }

    /// SQLite's type names (see ``SQLColumnType``); Core Data's under ``SQLNamingConvention/coreData``.
    public func typeName(_ type: SQLColumnType, convention: SQLNamingConvention) -> String {
        switch convention {
        case .standard:
            switch type {
            case .integer16, .integer32, .integer64, .boolean: return "INTEGER"
            case .double, .date: return "REAL"
            case .decimal: return "NUMERIC"
            case .text: return "TEXT"
            case .uuid, .blob: return "BLOB"
            }
        case .coreData:
            switch type {
            case .integer16, .integer32, .integer64, .boolean: return "INTEGER"
            case .double: return "FLOAT"
            case .date: return "TIMESTAMP"
            case .decimal: return "DECIMAL"
            case .text: return "VARCHAR"
            case .uuid, .blob: return "BLOB"
            }
        }
    }

    /// `1`.
    public var trueLiteral: String { "1" }
    /// `0`.
    public var falseLiteral: String { "0" }

    /// `.integer(1)` or `.integer(0)`.
    public func booleanValue(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }

    /// The 16 bytes of the UUID (as Core Data stores UUID attributes).
    public func uuidValue(_ value: UUID) -> SQLValue {
        withUnsafeBytes(of: value.uuid) { .blob(Array($0)) }
    }
}

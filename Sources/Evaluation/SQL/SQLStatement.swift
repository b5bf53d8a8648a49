/// SQL text with its ordered bindings: the unit the lowering, the DDL generator and the
/// loaders hand to a database helper.
///
/// The text refers to the bindings only through the dialect's placeholders, in order:
/// `SQLStatement(sql: "SELECT \"id\" FROM \"Content\" WHERE \"name\" = ?1", bindings: [.text("a")])`.
public struct SQLStatement: Sendable, Hashable, CustomStringConvertible {
    /// The SQL text, with placeholders for the bindings.
    public var sql: String
    /// The values of the placeholders, first placeholder first.
    public var bindings: [SQLValue]

    /// Creates a statement; `bindings` default to none.
    public init(sql: String, bindings: [SQLValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }

    /// The SQL text followed by the bindings, for messages:
    /// `SELECT … WHERE "name" = ?1 -- bindings: ['a']`.
    public var description: String {
        bindings.isEmpty ? sql : sql + " -- bindings: [" + bindings.map(\.description).joined(separator: ", ") + "]"
    }
}

/// Something that runs statements and returns rows: a SQLite or PostgreSQL connection.
///
/// The readers in this folder (``SQLObjectReader``) are written against this protocol, so
/// that they stay free of any database library; the helper targets `SQLiteDatabase` and
/// `PostgresDatabase` conform their connections to it.
public protocol SQLQuerying {
    /// Runs `statement` and returns its rows, each with one value per result column.
    func rows(_ statement: SQLStatement) throws -> [[SQLValue]]
    /// The column names of every table of the database, by table name.
    func tableColumns() throws -> [String: [String]]
}

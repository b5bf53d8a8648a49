/// `CREATE TABLE [IF NOT EXISTS] "name" ("column" TYPE [PRIMARY KEY] [NOT NULL], …
/// [, PRIMARY KEY ("a", "b")])`. Column types are logical (``SQLColumnType``); the dialect
/// names them under ``typeNames`` (``SQLDialect/columnType(_:convention:)``).
///
/// ```sql
/// CREATE TABLE "Content_tags" ("source_id" INTEGER NOT NULL, "destination_id" INTEGER NOT NULL,
///     PRIMARY KEY ("source_id", "destination_id"))
/// ```
public struct SQLCreateTable: Sendable, Hashable {
    /// One column's definition.
    public struct Column: Sendable, Hashable {
        /// The column's name.
        public var name: String
        /// What it holds.
        public var type: SQLColumnType
        /// `PRIMARY KEY` on the column itself.
        public var isPrimaryKey: Bool
        /// `NOT NULL`.
        public var isNotNull: Bool

        /// A column; nullable and not a key unless said.
        public init(_ name: String, _ type: SQLColumnType, primaryKey: Bool = false, notNull: Bool = false) {
            self.name = name
            self.type = type
            self.isPrimaryKey = primaryKey
            self.isNotNull = notNull
        }
    }

    /// The table's name.
    public var name: String
    /// The columns, in order.
    public var columns: [Column]
    /// A primary key of several columns, written after them; empty when there is none.
    public var primaryKey: [String]
    /// Whose type names the dialect writes: the standard ones, or Core Data's (`VARCHAR`,
    /// `TIMESTAMP` in SQLite).
    public var typeNames: SQLNamingConvention
    /// `IF NOT EXISTS`.
    public var ifNotExists: Bool

    /// A table definition.
    public init(
        _ name: String, columns: [Column], primaryKey: [String] = [], typeNames: SQLNamingConvention = .standard,
        ifNotExists: Bool = false
    ) {
        self.name = name
        self.columns = columns
        self.primaryKey = primaryKey
        self.typeNames = typeNames
        self.ifNotExists = ifNotExists
    }
}

/// `CREATE INDEX [IF NOT EXISTS] "name" ON "table" ("column", …)`.
public struct SQLCreateIndex: Sendable, Hashable {
    /// The index's name.
    public var name: String
    /// The indexed table.
    public var table: String
    /// The indexed columns, in order.
    public var columns: [String]
    /// `IF NOT EXISTS`.
    public var ifNotExists: Bool

    /// An index definition.
    public init(_ name: String, on table: String, columns: [String], ifNotExists: Bool = false) {
        self.name = name
        self.table = table
        self.columns = columns
        self.ifNotExists = ifNotExists
    }
}

/// `DROP TABLE [IF EXISTS] "name"`.
public struct SQLDropTable: Sendable, Hashable {
    /// The table's name.
    public var name: String
    /// `IF EXISTS`.
    public var ifExists: Bool

    /// A table to drop.
    public init(_ name: String, ifExists: Bool = false) {
        self.name = name
        self.ifExists = ifExists
    }
}

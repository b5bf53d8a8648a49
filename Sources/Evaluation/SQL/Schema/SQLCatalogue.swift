/// The tables of a database with their columns and declared types, as its catalogue lists
/// them (SQLite's `pragma_table_info`, PostgreSQL's `pg_attribute` and `format_type`): what
/// the check of a database against a mapping reads, and what a test writes by hand.
public struct SQLCatalogue: Sendable, Hashable {
    /// One column of a table.
    public struct Column: Sendable, Hashable {
        /// The column's name.
        public var name: String
        /// The declared type as the catalogue spells it (`INTEGER`, `VARCHAR(255)`, `bigint`;
        /// empty when none was declared).
        public var declaredType: String

        /// Creates a column.
        public init(name: String, declaredType: String) {
            self.name = name
            self.declaredType = declaredType
        }
    }

    /// The columns of each table, in column order, by table name.
    public var tables: [String: [Column]]

    /// Creates a catalogue.
    public init(tables: [String: [Column]]) {
        self.tables = tables
    }

    /// The catalogue of rows of (table name, column name, declared type), in column order:
    /// what both databases' catalogue queries return.
    package init(rows: [[SQLValue]]) {
        var tables: [String: [Column]] = [:]
        for row in rows {
            guard row.count == 3, case .text(let table) = row[0], case .text(let column) = row[1] else { continue }
            let type: String
            if case .text(let declared) = row[2] { type = declared } else { type = "" }
            tables[table, default: []].append(Column(name: column, declaredType: type))
        }
        self.tables = tables
    }

    /// The columns of the table that `dialect` takes `name` to mean (SQLite folds ASCII case),
    /// or `nil` when there is none.
    public func columns(ofTable name: String, dialect: some SQLDialect) -> [Column]? {
        if let exact = tables[name] { return exact }
        let key = dialect.identifierKey(name)
        return tables.first { dialect.identifierKey($0.key) == key }?.value
    }

    /// The column of `columns` that `dialect` takes `name` to mean, or `nil`.
    public static func column(_ name: String, in columns: [Column], dialect: some SQLDialect) -> Column? {
        if let exact = columns.first(where: { $0.name == name }) { return exact }
        let key = dialect.identifierKey(name)
        return columns.first { dialect.identifierKey($0.name) == key }
    }
}

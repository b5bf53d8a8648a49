import KeyPaths

/// What a reader learns about a database before its first query: its catalogue (tables,
/// columns, declared types), the rows of the engine's metadata table `pe_metadata` when it
/// has one, and, for Core Data's convention, the rows of `Z_PRIMARYKEY`.
/// ``SQLMapping/verified(_:convention:database:dialect:)`` checks a schema against it; a test
/// writes one by hand.
public struct SQLDatabaseDescription: Sendable, Hashable {
    /// The tables and their columns.
    public var catalogue: SQLCatalogue
    /// The (key, value) rows of `pe_metadata`; `nil` when the database has no such table
    /// (a Core Data store, a database made by hand or by an older version of the engine).
    public var metadataRows: [[SQLValue]]?
    /// The (`Z_ENT`, `Z_NAME`, `Z_SUPER`) rows of Core Data's `Z_PRIMARYKEY`; `nil` when the
    /// table is absent or was not read (the standard convention).
    public var entityRows: [[SQLValue]]?

    /// Creates a description.
    public init(catalogue: SQLCatalogue, metadataRows: [[SQLValue]]? = nil, entityRows: [[SQLValue]]? = nil) {
        self.catalogue = catalogue
        self.metadataRows = metadataRows
        self.entityRows = entityRows
    }

    /// Reads the description of `database`: the catalogue, then `pe_metadata` when it is there
    /// and `Z_PRIMARYKEY` when `convention` is Core Data's and the table is there (a table of
    /// that name without the expected columns reads as no rows, which the check reports).
    public static func read(from database: some SQLDatabase, convention: SQLNamingConvention) throws
        -> SQLDatabaseDescription
    {
        let dialect = database.dialect
        let catalogue = try database.catalogue()
        func has(_ table: String, _ columns: [String]) -> Bool? {
            guard let found = catalogue.columns(ofTable: table, dialect: dialect) else { return nil }
            return columns.allSatisfy { SQLCatalogue.column($0, in: found, dialect: dialect) != nil }
        }
        var description = SQLDatabaseDescription(catalogue: catalogue)
        if let complete = has(SQLStoreMetadata.tableName, ["key", "value"]) {
            description.metadataRows = complete ? try database.rows(SQLStoreMetadata.select) : []
        }
        let entityColumns = ["Z_ENT", "Z_NAME", "Z_SUPER"]
        if convention == .coreData, let complete = has("Z_PRIMARYKEY", entityColumns) {
            description.entityRows = complete ? try database.rows(.columns(entityColumns, from: "Z_PRIMARYKEY")) : []
        }
        return description
    }
}

/// A database that does not match the mapping a reader wants, with every difference found;
/// the description names the first and counts the others:
/// `the database does not match the schema: table "Content" has no column "size" (the attribute
/// 'Content.size') (and 2 other differences)`.
public struct SQLStoreMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// The differences, most telling first; never empty when thrown.
    public var differences: [String]

    /// Creates a mismatch.
    public init(_ differences: [String]) {
        self.differences = differences
    }

    /// One line: the first difference and how many others there are.
    public var description: String {
        var text = "the database does not match the schema: " + (differences.first ?? "")
        switch differences.count {
        case 0, 1: break
        case 2: text += " (and 1 other difference)"
        default: text += " (and \(differences.count - 1) other differences)"
        }
        return text
    }
}

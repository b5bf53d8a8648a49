extension DiagnosticID {
    // Ids of lowering predicates to SQL and mapping schemas to tables (Evaluation).

    /// `sql-unsupported`: A construct SQL cannot compute as memory does.
    public static let sqlUnsupported: DiagnosticID = "sql-unsupported"
    /// `sql-not-stored`: An entity, attribute or relationship the mapping does not store as needed.
    public static let sqlNotStored: DiagnosticID = "sql-not-stored"
    /// `sql-variable`: A `$variable` without a value.
    public static let sqlVariable: DiagnosticID = "sql-variable"
    /// `sql-invalid-pattern`: A LIKE or MATCHES pattern that memory refuses too.
    public static let sqlInvalidPattern: DiagnosticID = "sql-invalid-pattern"
    /// `sql-evaluation`: Constants whose evaluation fails in memory.
    public static let sqlEvaluation: DiagnosticID = "sql-evaluation"
    /// `sql-sort-key`: A sort key that does not resolve or cannot order.
    public static let sqlSortKey: DiagnosticID = "sql-sort-key"
    /// `sql-window`: A negative limit or offset.
    public static let sqlWindow: DiagnosticID = "sql-window"
    /// `sql-dialect`: A function or collation the dialect lacks.
    public static let sqlDialect: DiagnosticID = "sql-dialect"
    /// `sql-mapping-invalid-schema`: The schema is not valid enough to map to tables.
    public static let sqlMappingInvalidSchema: DiagnosticID = "sql-mapping-invalid-schema"
    /// `sql-mapping-duplicate-column`: Two columns of one table have the same name.
    public static let sqlMappingDuplicateColumn: DiagnosticID = "sql-mapping-duplicate-column"
    /// `sql-mapping-duplicate-table`: Two tables have the same name.
    public static let sqlMappingDuplicateTable: DiagnosticID = "sql-mapping-duplicate-table"
    /// `sql-mapping-misplaced-override`: A `table`, `column`, `orderColumn` or `joinTable` override where it does not apply.
    public static let sqlMappingMisplacedOverride: DiagnosticID = "sql-mapping-misplaced-override"
    /// `sql-mapping-empty-name`: An override that is empty.
    public static let sqlMappingEmptyName: DiagnosticID = "sql-mapping-empty-name"
    /// `sql-store-metadata`: A database's `pe_metadata` table cannot be read.
    public static let sqlStoreMetadata: DiagnosticID = "sql-store-metadata"
    /// `sql-store-mismatch`: A database whose tables do not match the mapping.
    public static let sqlStoreMismatch: DiagnosticID = "sql-store-mismatch"
    /// `sqlite-error`: SQLite reported a failure.
    public static let sqliteError: DiagnosticID = "sqlite-error"
    /// `postgres-error`: PostgreSQL or libpq reported a failure.
    public static let postgresError: DiagnosticID = "postgres-error"

    /// The ids of lowering predicates to SQL and mapping schemas to tables (Evaluation), in catalogue order.
    static let sqlFamily: [DiagnosticID] = [
        .sqlUnsupported, .sqlNotStored, .sqlVariable, .sqlInvalidPattern, .sqlEvaluation, .sqlSortKey, .sqlWindow,
        .sqlDialect, .sqlMappingInvalidSchema, .sqlMappingDuplicateColumn, .sqlMappingDuplicateTable,
        .sqlMappingMisplacedOverride, .sqlMappingEmptyName, .sqlStoreMetadata, .sqlStoreMismatch, .sqliteError,
        .postgresError,
    ]
}

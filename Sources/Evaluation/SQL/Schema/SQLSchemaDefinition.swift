/// The `CREATE TABLE` and `CREATE INDEX` statements for a mapping, in a dialect.
///
/// For the sample model under the standard mapping in SQLite:
/// ```sql
/// CREATE TABLE "Content" ("id" INTEGER PRIMARY KEY, "entity" TEXT NOT NULL, "name" TEXT, "bucket_id" INTEGER, …)
/// CREATE INDEX "Content_bucket_id_index" ON "Content" ("bucket_id")
/// CREATE TABLE "Content_tags" ("source_id" INTEGER NOT NULL, "destination_id" INTEGER NOT NULL,
///     PRIMARY KEY ("source_id", "destination_id"))
/// CREATE INDEX "Content_tags_destination_id_index" ON "Content_tags" ("destination_id")
/// ```
///
/// - Every foreign-key column has an index; so has every attribute marked `indexed`.
/// - A join table's primary key (source, destination) serves lookups by source; the
///   destination column gets its own index.
/// - Attributes are nullable (an object graph accepts `null` for every attribute, as Core
///   Data does until it saves); no `REFERENCES` constraints are declared, so that tables can be
///   created and loaded in any order (Core Data declares none either).
/// - Under the Core Data convention the bookkeeping tables `Z_PRIMARYKEY` (with one row per
///   entity: number, name, parent number, 0) and `Z_METADATA` (empty) follow, and the join
///   columns are declared without `NOT NULL`, as Core Data writes them. Such a store can be
///   read by this engine and by `sqlite3`, not opened by Core Data (its metadata holds model
///   hashes that only Core Data computes).
/// - Last, the engine's own table `pe_metadata` records the mapping's convention, its key
///   types and the schema (``SQLStoreMetadata``), so that a later reader can check that its
///   schema is the one the database was made from.
/// - An index name longer than the dialect keeps is shortened to a prefix and a hash of the
///   whole name.
///
/// ``problems(for:dialect:)`` says beforehand whether the database can hold every name.
public enum SQLSchemaDefinition {
    /// The statements creating every table and index of `mapping` and recording its metadata;
    /// with `ifNotExists`, `CREATE … IF NOT EXISTS` (the Core Data bookkeeping rows and the
    /// metadata rows are then not inserted).
    public static func statements(
        for mapping: SQLMapping, dialect: some SQLDialect, ifNotExists: Bool = false
    ) -> [SQLStatement] {
        let writer = DefinitionWriter(mapping: mapping, dialect: dialect, ifNotExists: ifNotExists)
        var statements: [SQLStatement] = []
        for table in mapping.entityTables { statements += writer.entityTable(table) }
        for table in mapping.joinTables { statements += writer.joinTable(table) }
        if mapping.convention == .coreData { statements += writer.coreDataBookkeeping() }
        statements += SQLStoreMetadata(mapping: mapping).statements(dialect: dialect, ifNotExists: ifNotExists)
        return statements
    }

    /// The names of the tables ``statements(for:dialect:ifNotExists:)`` creates for `mapping`:
    /// the entity and join tables, Core Data's bookkeeping tables under its convention, and
    /// the metadata table.
    public static func tableNames(for mapping: SQLMapping) -> [String] {
        mapping.entityTables.map(\.name) + mapping.joinTables.map(\.name)
            + (mapping.convention == .coreData ? ["Z_PRIMARYKEY", "Z_METADATA"] : []) + [SQLStoreMetadata.tableName]
    }

    /// The names of the indexes ``statements(for:dialect:ifNotExists:)`` creates for `mapping`
    /// in `dialect`.
    public static func indexNames(for mapping: SQLMapping, dialect: some SQLDialect) -> [String] {
        let writer = DefinitionWriter(mapping: mapping, dialect: dialect, ifNotExists: false)
        var names: [String] = []
        for table in mapping.entityTables {
            for column in writer.indexedColumns(table) { names.append(writer.indexName(table.name, column.name)) }
        }
        for table in mapping.joinTables { names.append(writer.indexName(table.name, table.destinationColumn)) }
        return names
    }
}

/// Writes the statements of ``SQLSchemaDefinition``.
private struct DefinitionWriter<Dialect: SQLDialect> {
    let mapping: SQLMapping
    let dialect: Dialect
    let ifNotExists: Bool

    private var coreData: Bool { mapping.convention == .coreData }

    private func table(_ name: String, _ columns: [SQLCreateTable.Column], primaryKey: [String] = [])
        -> SQLStatement
    {
        dialect.render(
            SQLCreateTable(
                name, columns: columns, primaryKey: primaryKey, typeNames: mapping.convention, ifNotExists: ifNotExists)
        )
    }

    func entityTable(_ table: SQLEntityTable) -> [SQLStatement] {
        let columns = table.columns.map { column -> SQLCreateTable.Column in
            switch column.role {
            case .key:
                // SQLite lets a non-integer primary key hold NULL unless told otherwise.
                return .init(column.name, column.type, primaryKey: true, notNull: column.type == .text)
            case .entity:
                return .init(column.name, column.type, notNull: !coreData)
            case .version, .attribute, .foreignKey, .order:
                return .init(column.name, column.type)
            }
        }
        var statements = [self.table(table.name, columns)]
        for column in indexedColumns(table) {
            statements.append(index(on: table.name, column: column.name))
        }
        return statements
    }

    /// The indexed columns of `table`: attributes marked `indexed`, then foreign keys.
    func indexedColumns(_ table: SQLEntityTable) -> [SQLColumn] {
        let attributeIndexes = table.columns.filter { column in
            if case .attribute = column.role { return column.isIndexed }
            return false
        }
        let otherIndexes = table.columns.filter { column in
            if case .attribute = column.role { return false }
            return column.isIndexed
        }
        return attributeIndexes + otherIndexes
    }

    func joinTable(_ table: SQLJoinTable) -> [SQLStatement] {
        var columns: [SQLCreateTable.Column] = [
            .init(table.sourceColumn, table.sourceKeyType.columnType, notNull: !coreData),
            .init(table.destinationColumn, table.destinationKeyType.columnType, notNull: !coreData),
        ]
        for order in [table.destinationOrderColumn, table.sourceOrderColumn].compactMap({ $0 }) {
            columns.append(.init(order, .integer64))
        }
        return [
            self.table(table.name, columns, primaryKey: [table.sourceColumn, table.destinationColumn]),
            index(on: table.name, column: table.destinationColumn),
        ]
    }

    func coreDataBookkeeping() -> [SQLStatement] {
        var statements = [
            table(
                "Z_PRIMARYKEY",
                [
                    .init("Z_ENT", .integer64, primaryKey: true), .init("Z_NAME", .text), .init("Z_SUPER", .integer64),
                    .init("Z_MAX", .integer64),
                ]),
            table(
                "Z_METADATA",
                [.init("Z_VERSION", .integer64, primaryKey: true), .init("Z_UUID", .text), .init("Z_PLIST", .blob)]),
        ]
        guard !ifNotExists else { return statements }
        let entities = mapping.schema.entities.map(\.name).filter { mapping.entityNumbers[$0] != nil }
        var rows: [[SQLValue]] = []
        for entity in entities.sorted(by: { (mapping.entityNumbers[$0] ?? 0) < (mapping.entityNumbers[$1] ?? 0) }) {
            let number = mapping.entityNumbers[entity] ?? 0
            let parent = mapping.schema.entity(named: entity)?.parent.flatMap { mapping.entityNumbers[$0] } ?? 0
            rows.append([.integer(Int64(number)), .text(entity), .integer(Int64(parent)), .integer(0)])
        }
        let insert = SQLInsert(table: "Z_PRIMARYKEY", columns: ["Z_ENT", "Z_NAME", "Z_SUPER", "Z_MAX"], rows: rows)
        statements += insert.batches(maximumBindings: dialect.maximumBindings).map { dialect.render($0) }
        return statements
    }

    private func index(on table: String, column: String) -> SQLStatement {
        dialect.render(SQLCreateIndex(indexName(table, column), on: table, columns: [column], ifNotExists: ifNotExists))
    }

    /// `<table>_<column>_index` (`_INDEX` under Core Data's convention), shortened to a prefix
    /// and a hash of the whole name when the dialect keeps fewer bytes.
    func indexName(_ table: String, _ column: String) -> String {
        let name = coreData ? "\(table)_\(column)_INDEX" : "\(table)_\(column)_index"
        guard let limit = dialect.maximumIdentifierLength, name.utf8.count > limit else { return name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let suffix = "_" + String(hash, radix: 16)
        var prefix = ""
        for character in name {
            guard prefix.utf8.count + character.utf8.count + suffix.utf8.count <= limit else { break }
            prefix.append(character)
        }
        return prefix + suffix
    }
}

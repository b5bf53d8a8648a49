import KeyPaths

extension SQLMapping {
    /// The mapping of `schema` under `convention` for the database `database` describes,
    /// checked against it before any query runs; throws ``SQLStoreMismatch`` naming what
    /// differs, or ``SQLMappingErrors`` when the schema cannot be mapped at all.
    ///
    /// Checked, in this order (the first difference found leads the message):
    /// 1. the engine's metadata, when the database has it (``SQLStoreMetadata``): readable, of
    ///    the same convention, and made from the same schema (``SchemaDifference``: a schema
    ///    whose `Content.bucket` points at `User` is refused even when the tables look alike);
    /// 2. under Core Data's convention, `Z_PRIMARYKEY`: it names every entity, with the parent
    ///    the schema gives it, and no unknown sub-entity of a mapped one (whose rows a fetch
    ///    would leave out); its numbers are then the mapping's, and the mapping takes the
    ///    store's own names of join tables and of numbered columns (`Z_3ARTWORKS1`, `ZWIDTH1`:
    ///    ``CoreDataStoreBinding``), a name the store leaves ambiguous being a difference;
    /// 3. every table of the mapping, every column, and each column's type class
    ///    (``SQLDialect/typeClass(ofDeclaredType:)``); tables and columns the mapping does not
    ///    know are ignored.
    ///
    /// Key types come from the metadata; without it (a Core Data store, a database made by
    /// hand) from the key columns' declared types: an integer column holds integer ids, a
    /// text column string ids.
    public static func verified(
        _ schema: Schema, convention: SQLNamingConvention, database: SQLDatabaseDescription,
        dialect: some SQLDialect
    ) throws -> SQLMapping {
        var differences: [String] = []
        var metadata: SQLStoreMetadata?
        if let rows = database.metadataRows {
            do {
                metadata = try SQLStoreMetadata(rows: rows)
            } catch {
                differences.append("its table \"\(SQLStoreMetadata.tableName)\" cannot be read: \(error)")
            }
        }
        if let metadata {
            guard metadata.convention == convention else {
                throw SQLStoreMismatch([
                    "it was created with the \(optionName(metadata.convention)) mapping, not the "
                        + "\(optionName(convention)) one (--mapping \(optionName(metadata.convention)))"
                ])
            }
            do {
                differences += SchemaDifference.differences(recorded: try metadata.schema(), given: schema).map {
                    "it was created from another schema: " + $0
                }
            } catch {
                differences.append("its table \"\(SQLStoreMetadata.tableName)\" cannot be read: \(error)")
            }
        }
        let mapping: SQLMapping
        switch convention {
        case .coreData:
            let check = CoreDataEntityCheck(schema: schema, rows: database.entityRows)
            differences += check.differences
            let binding = CoreDataStoreBinding(
                mapping: try coreData(schema, entityNumbers: check.numbers), catalogue: database.catalogue,
                dialect: dialect
            ).bound()
            differences += binding.differences
            mapping = binding.mapping
        case .standard:
            let probe = try standard(schema)
            var keyTypes = metadata?.keyTypes ?? [:]
            for table in probe.entityTables where keyTypes[table.rootEntity] == nil {
                keyTypes[table.rootEntity] = inferredKeyType(of: table, in: database.catalogue, dialect: dialect)
            }
            mapping = try standard(schema, keyTypes: keyTypes)
        }
        differences += CatalogueCheck(mapping: mapping, catalogue: database.catalogue, dialect: dialect).differences()
        guard differences.isEmpty else { throw SQLStoreMismatch(differences) }
        return mapping
    }

    /// The mapping a database's metadata records (its schema, convention and key types; Core
    /// Data's numbers from `Z_PRIMARYKEY` when it names every entity), or `nil` when the
    /// database has no readable metadata: what `db create --replace` drops besides the tables
    /// of the new mapping.
    public static func recorded(in database: SQLDatabaseDescription) -> SQLMapping? {
        guard let rows = database.metadataRows, let metadata = try? SQLStoreMetadata(rows: rows),
            let schema = try? metadata.schema()
        else { return nil }
        switch metadata.convention {
        case .coreData:
            return try? coreData(
                schema, entityNumbers: CoreDataEntityCheck(schema: schema, rows: database.entityRows).numbers)
        case .standard:
            return try? standard(schema, keyTypes: metadata.keyTypes)
        }
    }

    /// The `--mapping` spelling of a convention.
    private static func optionName(_ convention: SQLNamingConvention) -> String {
        switch convention {
        case .standard: "default"
        case .coreData: "coredata"
        }
    }

    /// The key type the declared type of `table`'s key column stands for: ``SQLKeyType/text``
    /// for a text column, ``SQLKeyType/integer`` otherwise (a missing table or another type is
    /// then reported by the catalogue check).
    private static func inferredKeyType(
        of table: SQLEntityTable, in catalogue: SQLCatalogue, dialect: some SQLDialect
    ) -> SQLKeyType {
        guard let columns = catalogue.columns(ofTable: table.name, dialect: dialect),
            let key = SQLCatalogue.column(table.keyColumn, in: columns, dialect: dialect)
        else { return .integer }
        let text = dialect.typeClass(ofDeclaredType: dialect.columnType(.text, convention: .standard))
        return dialect.typeClass(ofDeclaredType: key.declaredType) == text ? .text : .integer
    }
}

/// Compares the tables and columns of a mapping with a catalogue.
private struct CatalogueCheck<Dialect: SQLDialect> {
    let mapping: SQLMapping
    let catalogue: SQLCatalogue
    let dialect: Dialect

    func differences() -> [String] {
        let present = mapping.entityTables.filter { catalogue.columns(ofTable: $0.name, dialect: dialect) != nil }
        if present.isEmpty, !mapping.entityTables.isEmpty {
            let names = mapping.entityTables.prefix(3).map { "\"\($0.name)\"" }.joined(separator: ", ")
            return ["it has none of the schema's tables (\(names)\(mapping.entityTables.count > 3 ? ", …" : ""))"]
        }
        var differences: [String] = []
        for table in mapping.entityTables {
            guard let columns = catalogue.columns(ofTable: table.name, dialect: dialect) else {
                differences.append("it has no table \"\(table.name)\" (the objects of '\(table.rootEntity)')")
                continue
            }
            for column in table.columns {
                differences += check(column.name, column.type, of: table.name, in: columns, holding: role(column.role))
            }
        }
        for join in mapping.joinTables {
            let what = "the links of '\(join.entity).\(join.relationship)'"
            guard let columns = catalogue.columns(ofTable: join.name, dialect: dialect) else {
                differences.append("it has no table \"\(join.name)\" (\(what))")
                continue
            }
            differences += check(
                join.sourceColumn, join.sourceKeyType.columnType, of: join.name, in: columns, holding: what)
            differences += check(
                join.destinationColumn, join.destinationKeyType.columnType, of: join.name, in: columns, holding: what)
            for order in [join.destinationOrderColumn, join.sourceOrderColumn].compactMap({ $0 }) {
                differences += check(order, .integer64, of: join.name, in: columns, holding: "the order of " + what)
            }
        }
        return differences
    }

    private func check(
        _ name: String, _ type: SQLColumnType, of table: String, in columns: [SQLCatalogue.Column], holding what: String
    ) -> [String] {
        guard let found = SQLCatalogue.column(name, in: columns, dialect: dialect) else {
            return ["table \"\(table)\" has no column \"\(name)\" (\(what))"]
        }
        let expected = dialect.columnType(type, convention: mapping.convention)
        guard dialect.typeClass(ofDeclaredType: found.declaredType) != dialect.typeClass(ofDeclaredType: expected)
        else { return [] }
        let declared = found.declaredType.isEmpty ? "without a type" : "as \(found.declaredType)"
        return ["column \"\(table)\".\"\(name)\" is declared \(declared), but \(what) needs \(expected)"]
    }

    private func role(_ role: SQLColumn.Role) -> String {
        switch role {
        case .key: "the key"
        case .entity: "the entity of each row"
        case .version: "Core Data's version number"
        case .attribute(let entity, let attribute): "the attribute '\(entity).\(attribute)'"
        case .foreignKey(let entity, let relationship): "the relationship '\(entity).\(relationship)'"
        case .order(let entity, let relationship): "the order of '\(entity).\(relationship)'"
        }
    }
}

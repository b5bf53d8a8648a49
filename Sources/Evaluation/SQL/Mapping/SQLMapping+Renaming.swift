/// New names for some tables and columns of a mapping: what binding a mapping to a store's
/// catalogue produces (``CoreDataStoreBinding``). Names are given by the mapping's own table
/// names; a table or column without an entry keeps its name.
struct SQLNameChanges: Sendable, Hashable {
    /// New table names, by the mapping's table name.
    var tables: [String: String] = [:]
    /// New column names, by the mapping's table name, then its column name.
    var columns: [String: [String: String]] = [:]

    /// Whether nothing changes.
    var isEmpty: Bool { tables.isEmpty && columns.values.allSatisfy(\.isEmpty) }

    /// The new name of `table`.
    func table(_ table: String) -> String { tables[table] ?? table }

    /// The new name of `column` of `table` (both the mapping's names).
    func column(_ column: String, of table: String) -> String { columns[table]?[column] ?? column }

    /// Gives `column` of `table` the name `name` (nothing when it already has it).
    mutating func rename(_ column: String, of table: String, to name: String) {
        guard name != column else { return }
        columns[table, default: [:]][column] = name
    }
}

extension SQLMapping {
    /// The mapping with `changes` applied everywhere a name appears: entity tables' columns,
    /// join tables and their columns, and the storage of every property.
    func renamed(_ changes: SQLNameChanges) -> SQLMapping {
        guard !changes.isEmpty else { return self }
        let tables = entityTables.map { table in
            var renamed = table
            renamed.name = changes.table(table.name)
            renamed.columns = table.columns.map { column in
                var copy = column
                copy.name = changes.column(column.name, of: table.name)
                return copy
            }
            renamed.keyColumn = changes.column(table.keyColumn, of: table.name)
            renamed.entityColumn = table.entityColumn.map { changes.column($0, of: table.name) }
            renamed.versionColumn = table.versionColumn.map { changes.column($0, of: table.name) }
            return renamed
        }
        let joins = joinTables.map { join in
            var renamed = join
            renamed.name = changes.table(join.name)
            renamed.sourceColumn = changes.column(join.sourceColumn, of: join.name)
            renamed.destinationColumn = changes.column(join.destinationColumn, of: join.name)
            renamed.destinationOrderColumn = join.destinationOrderColumn.map { changes.column($0, of: join.name) }
            renamed.sourceOrderColumn = join.sourceOrderColumn.map { changes.column($0, of: join.name) }
            return renamed
        }
        let storage = storageByProperty.mapValues { properties in
            properties.mapValues { Self.renamed($0, changes) }
        }
        return SQLMapping(
            schema: schema, convention: convention, keyTypes: keyTypes, entityTables: tables, joinTables: joins,
            entityNumbers: entityNumbers, storage: storage)
    }

    private static func renamed(_ storage: SQLPropertyStorage, _ changes: SQLNameChanges) -> SQLPropertyStorage {
        switch storage {
        case .column(let table, let column, let type):
            return .column(table: changes.table(table), column: changes.column(column, of: table), type: type)
        case .foreignKey(let table, let column):
            return .foreignKey(table: changes.table(table), column: changes.column(column, of: table))
        case .inverseForeignKey(let table, let column, let orderColumn):
            return .inverseForeignKey(
                table: changes.table(table), column: changes.column(column, of: table),
                orderColumn: orderColumn.map { changes.column($0, of: table) })
        case .joinTable(let table, let sourceColumn, let destinationColumn, let orderColumn):
            return .joinTable(
                table: changes.table(table), sourceColumn: changes.column(sourceColumn, of: table),
                destinationColumn: changes.column(destinationColumn, of: table),
                orderColumn: orderColumn.map { changes.column($0, of: table) })
        case .notStored:
            return storage
        }
    }
}

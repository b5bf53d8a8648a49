import Evaluation
import KeyPaths
import Predicates

/// The rows of one table of a ``SQLMapping``, made from a graph's columns one row at a time
/// (``ObjectGraph/write(into:mapping:)`` and ``ObjectGraph/insertStatements(mapping:dialect:)``
/// both read them): what each column of the table holds is resolved once per entity before
/// the first row, so that a row costs array reads and the conversion of its values.
///
/// Objects come in key order (so a database appends to its key index), each join table's links
/// by source in key order, then in the relationship's order. Positions in ordered
/// relationships are found through maps made once per relationship, never by searching a list
/// per object.
struct SQLRowSource {
    /// The table's name.
    let table: String
    /// Its columns, in the order of each row's values.
    let columns: [String]
    /// Calls `write` once per row.
    let rows: (_ write: SQLRowWriter) throws -> Void
}

extension ObjectGraph {
    /// A source for every entity table (then every join table) of `mapping`; `storesNaN`
    /// says whether the database keeps a NaN (else an object holding one is refused).
    func sqlRowSources(mapping: SQLMapping, storesNaN: Bool) -> [SQLRowSource] {
        var members = [[Int]](repeating: [], count: layout.hierarchies.count)
        for (entity, hierarchy) in layout.hierarchyOf.enumerated() { members[hierarchy].append(entity) }
        var sources: [SQLRowSource] = []
        for table in mapping.entityTables {
            guard let root = layout.numbers[table.rootEntity] else { continue }
            let hierarchy = layout.hierarchyOf[root]
            let readers = table.columns.map {
                columnReader($0, hierarchy: hierarchy, members: members[hierarchy], mapping: mapping)
            }
            sources.append(
                SQLRowSource(table: table.name, columns: table.columns.map(\.name)) { write in
                    try entityRows(
                        root: root, hierarchy: hierarchy, readers: readers, mapping: mapping, storesNaN: storesNaN,
                        write)
                })
        }
        for join in mapping.joinTables {
            var columns = [join.sourceColumn, join.destinationColumn]
            if let order = join.destinationOrderColumn { columns.append(order) }
            if let order = join.sourceOrderColumn { columns.append(order) }
            sources.append(
                SQLRowSource(table: join.name, columns: columns) { write in try joinRows(join, mapping, write) })
        }
        return sources
    }

    /// How a column's value is read from a row of its hierarchy, by the row's entity number
    /// (`nil`: the entity has no such property, and the column holds `NULL`).
    fileprivate enum ColumnReader {
        case key
        case constant(SQLValue)
        case entity([Int: SQLValue])
        case attribute(column: Int, types: [Int: AttributeType], SQLColumnType, name: String)
        case foreignKey(column: Int, entities: Set<Int>, destination: Int)
        case order(inverse: [Int: Int], owner: Int, list: Int, positions: [Int32])
        case null
    }

    private func columnReader(_ column: SQLColumn, hierarchy: Int, members: [Int], mapping: SQLMapping)
        -> ColumnReader
    {
        switch column.role {
        case .key:
            return .key
        case .entity:
            var values: [Int: SQLValue] = [:]
            for entity in members { values[entity] = mapping.entityValue(of: layout.names[entity]) ?? .null }
            return .entity(values)
        case .version:
            return .constant(.integer(1))
        case .attribute(let declaring, let attribute):
            guard let declaringNumber = layout.numbers[declaring],
                let index = layout.attributeColumns[hierarchy][attribute]
            else { return .null }
            var types: [Int: AttributeType] = [:]
            for entity in members where layout.isKind(entity, of: declaringNumber) {
                if case .attribute(let description)? = layout.property(attribute, of: entity) {
                    types[entity] = description.type
                }
            }
            return .attribute(column: index, types: types, column.type, name: attribute)
        case .foreignKey(let declaring, let relationship):
            guard let declaringNumber = layout.numbers[declaring],
                let index = layout.toOneColumns[hierarchy][relationship]
            else { return .null }
            let destination = layout.toOneDestinations[hierarchy][index]
            guard destination >= 0 else { return .null }
            let entities = Set(members.filter { layout.isKind($0, of: declaringNumber) })
            return .foreignKey(column: index, entities: entities, destination: destination)
        case .order(let declaring, let relationship):
            // This object's position in its owner's ordered to-many `declaring.relationship`,
            // found through the inverse to-one that this object holds.
            guard let inverseName = schema.property(named: relationship, in: declaring)?.relationship?.inverse,
                let inverse = layout.toOneColumns[hierarchy][inverseName]
            else { return .null }
            let owner = layout.toOneDestinations[hierarchy][inverse]
            guard owner >= 0, let list = layout.toManyColumns[owner][relationship],
                layout.toManyDestinations[owner][list].hierarchy == hierarchy
            else { return .null }
            var inverses: [Int: Int] = [:]
            for entity in members where layout.property(inverseName, of: entity) != nil { inverses[entity] = inverse }
            var positions = [Int32](repeating: 0, count: storage.tables[hierarchy].keys.count)
            for members in storage.tables[owner].toMany[list] {
                for (position, member) in members.enumerated()
                where positions.indices.contains(Int(member)) && positions[Int(member)] == 0 {
                    positions[Int(member)] = Int32(position + 1)
                }
            }
            return .order(inverse: inverses, owner: owner, list: list, positions: positions)
        }
    }

    private func entityRows(
        root: Int, hierarchy: Int, readers: [ColumnReader], mapping: SQLMapping, storesNaN: Bool,
        _ write: SQLRowWriter
    ) throws {
        let table = storage.tables[hierarchy]
        var values: [SQLValue] = []
        values.reserveCapacity(readers.count)
        for row in Self.rowsInKeyOrder(table) {
            let entity = Int(table.entities[Int(row)])
            guard layout.isKind(entity, of: root) else { continue }
            values.removeAll(keepingCapacity: true)
            for reader in readers {
                values.append(
                    try value(
                        reader, row: Int(row), entity: entity, hierarchy: hierarchy, mapping: mapping,
                        storesNaN: storesNaN))
            }
            try write(values)
        }
    }

    private func value(
        _ reader: ColumnReader, row: Int, entity: Int, hierarchy: Int, mapping: SQLMapping, storesNaN: Bool
    ) throws(GraphError) -> SQLValue {
        let table = storage.tables[hierarchy]
        switch reader {
        case .key:
            return try storedKey(table.keys[row], hierarchy: hierarchy, mapping)
        case .constant(let value):
            return value
        case .entity(let values):
            return values[entity] ?? .null
        case .attribute(let column, let types, let columnType, let name):
            guard let type = types[entity] else { return .null }
            let value = table.attributes[column][row]
            do throws(GraphError) {
                if case .double(let number) = value, number.isNaN, !storesNaN {
                    throw GraphError(.invalidValue, message: "NaN cannot be stored: this database keeps it as NULL")
                }
                return try Self.storedValue(value, type: type, column: columnType, mapping: mapping)
            } catch {
                throw GraphError(
                    error.kind, entity: layout.names[entity], id: table.keys[row], key: name, message: error.message)
            }
        case .foreignKey(let column, let entities, let destination):
            let target = table.toOne[column][row]
            guard entities.contains(entity), target >= 0 else { return .null }
            return try storedKey(storage.tables[destination].keys[Int(target)], hierarchy: destination, mapping)
        case .order(let inverses, let owner, let list, let positions):
            guard let inverse = inverses[entity] else { return .null }
            let ownerRow = table.toOne[inverse][row]
            guard ownerRow >= 0 else { return .null }
            let siblings = storage.tables[owner].toMany[list][Int(ownerRow)]
            let position = Int(positions[row])
            if position > 0, position <= siblings.count, siblings[position - 1] == Int32(row) {
                return .integer(Int64(position))
            }
            return siblings.firstIndex(of: Int32(row)).map { .integer(Int64($0 + 1)) } ?? .null
        case .null:
            return .null
        }
    }

    /// The links of a join table: for each source (in key order), its destinations in the
    /// relationship's order, with their positions when the table keeps them.
    private func joinRows(_ join: SQLJoinTable, _ mapping: SQLMapping, _ write: SQLRowWriter) throws {
        guard let entityNumber = layout.numbers[join.entity] else { return }
        let hierarchy = layout.hierarchyOf[entityNumber]
        guard let list = layout.toManyColumns[hierarchy][join.relationship] else { return }
        let destination = layout.toManyDestinations[hierarchy][list].hierarchy
        guard destination >= 0 else { return }
        let table = storage.tables[hierarchy]
        let ownerPositions = join.sourceOrderColumn == nil ? [:] : inversePositions(join, hierarchy, destination)
        var values: [SQLValue] = []
        for row in Self.rowsInKeyOrder(table) {
            guard layout.isKind(Int(table.entities[Int(row)]), of: entityNumber) else { continue }
            let source = try storedKey(table.keys[Int(row)], hierarchy: hierarchy, mapping)
            for (position, target) in table.toMany[list][Int(row)].enumerated() {
                values.removeAll(keepingCapacity: true)
                values.append(source)
                values.append(
                    try storedKey(storage.tables[destination].keys[Int(target)], hierarchy: destination, mapping))
                if join.destinationOrderColumn != nil { values.append(.integer(Int64(position + 1))) }
                if join.sourceOrderColumn != nil {
                    // Where the source stands among the destination's objects (the ordered inverse).
                    values.append(ownerPositions[Self.link(target, row)].map(SQLValue.integer) ?? .null)
                }
                try write(values)
            }
        }
    }

    /// The position of each source in the inverse list of each of its destinations, by
    /// ``link(_:_:)``: one pass over the inverse lists instead of a search per link.
    private func inversePositions(_ join: SQLJoinTable, _ hierarchy: Int, _ destination: Int) -> [UInt64: Int64] {
        guard let inverse = join.inverse, let list = layout.toManyColumns[destination][inverse],
            layout.toManyDestinations[destination][list].hierarchy == hierarchy
        else { return [:] }
        var positions: [UInt64: Int64] = [:]
        for (row, owners) in storage.tables[destination].toMany[list].enumerated() {
            for (position, owner) in owners.enumerated() where positions[Self.link(Int32(row), owner)] == nil {
                positions[Self.link(Int32(row), owner)] = Int64(position + 1)
            }
        }
        return positions
    }

    /// One number for a (destination row, source row) pair.
    private static func link(_ destination: Int32, _ source: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: destination)) << 32 | UInt64(UInt32(bitPattern: source))
    }

    /// The live rows of `table` in key order: its rows as they are when a graph file listed
    /// its objects in key order (the usual case, checked in one pass), else sorted.
    private static func rowsInKeyOrder(_ table: HierarchyTable) -> [Int32] {
        let keys = table.keys
        guard table.count == keys.count, keys.count < Int(Int32.max),
            zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 })
        else { return table.rowsInKeyOrder() }
        return (0..<Int32(keys.count)).map { $0 }
    }

    /// The stored form of the key of a row of `hierarchy`.
    private func storedKey(_ key: ObjectKey, hierarchy: Int, _ mapping: SQLMapping) throws(GraphError) -> SQLValue {
        try storedSQLKey(key, entity: layout.names[layout.hierarchies[hierarchy]], mapping: mapping)
    }
}

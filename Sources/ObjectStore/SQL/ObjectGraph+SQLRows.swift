import Evaluation
import Foundation
import KeyPaths
import Predicates

/// Writing a graph into the tables of a ``SQLMapping`` and reading it back: what
/// `predicate db create` and `predicate db export` do, and what the differential tests use to
/// put the same objects in memory and in a database.
extension ObjectGraph {
    /// The `INSERT`s of every object (into its hierarchy's table) and of every link of a join
    /// table, with every value bound: ids, the entity discriminator, attribute values in the
    /// storage form of the mapping (dates as seconds since 2001, Booleans 0/1, UUIDs as text or
    /// bytes, transformable values as JSON text or bytes: ``storedValue(_:type:column:mapping:)``),
    /// foreign keys and order positions. Each table's rows go in inserts of many rows, as many
    /// as the dialect binds in one statement (``SQLDialect/maximumBindings``). Run them after
    /// ``SQLSchemaDefinition/statements(for:dialect:ifNotExists:)``.
    ///
    /// Keys are stored as each hierarchy's ``SQLKeyType`` says; an id that would not read
    /// back as itself is thrown before any statement is made (``checkSQLKeys(_:)``).
    ///
    /// A value the database would not give back is refused, naming the object and the
    /// attribute: a transformable value other than binary data under the Core Data mapping, a
    /// NaN where the dialect does not keep it (``SQLDialect/storesNaN``).
    public func insertStatements(mapping: SQLMapping, dialect: some SQLDialect) throws(GraphError) -> [SQLStatement] {
        try insertCommands(mapping: mapping, storesNaN: dialect.storesNaN)
            .flatMap { $0.batches(maximumBindings: dialect.maximumBindings) }
            .map { dialect.render($0) }
    }

    /// One insert per table with every row of it (none for a table without rows).
    private func insertCommands(mapping: SQLMapping, storesNaN: Bool) throws(GraphError) -> [SQLInsert] {
        try checkSQLKeys(mapping)
        var inserts: [SQLInsert] = []
        for table in mapping.entityTables {
            var insert = SQLInsert(table: table.name, columns: table.columns.map(\.name), rows: [])
            for object in objects(of: table.rootEntity) {
                guard let entity = entity(of: object) else { continue }
                var values: [SQLValue] = []
                for column in table.columns {
                    values.append(
                        try columnValue(column, of: object, entity: entity, mapping: mapping, storesNaN: storesNaN))
                }
                insert.rows.append(values)
            }
            if !insert.rows.isEmpty { inserts.append(insert) }
        }
        for join in mapping.joinTables {
            var columns = [join.sourceColumn, join.destinationColumn]
            if let order = join.destinationOrderColumn { columns.append(order) }
            if let order = join.sourceOrderColumn { columns.append(order) }
            var insert = SQLInsert(table: join.name, columns: columns, rows: [])
            for source in objects(of: join.entity) {
                guard case .toMany(let destinations) = try value(forKey: join.relationship, of: source) else {
                    continue
                }
                for (position, destination) in destinations.enumerated() {
                    var values = [try key(source, mapping), try key(destination, mapping)]
                    if join.destinationOrderColumn != nil { values.append(.integer(Int64(position + 1))) }
                    if join.sourceOrderColumn != nil {
                        // Where the source stands among the destination's objects (the ordered inverse).
                        let owners = try join.inverse.map { inverse throws(GraphError) in
                            try value(forKey: inverse, of: destination).objects
                        }
                        values.append(owners?.firstIndex(of: source).map { .integer(Int64($0 + 1)) } ?? .null)
                    }
                    insert.rows.append(values)
                }
            }
            if !insert.rows.isEmpty { inserts.append(insert) }
        }
        return inserts
    }

    private func columnValue(
        _ column: SQLColumn, of object: ObjectID, entity: String, mapping: SQLMapping, storesNaN: Bool
    ) throws(GraphError) -> SQLValue {
        switch column.role {
        case .key: return try key(object, mapping)
        case .entity: return mapping.entityValue(of: entity) ?? .null
        case .version: return .integer(1)
        case .attribute(let declaring, let attribute):
            guard schema.isKind(entity, of: declaring),
                case .attribute(let value) = try self.value(forKey: attribute, of: object),
                let type = schema.property(named: attribute, in: entity)?.attribute?.type
            else { return .null }
            do throws(GraphError) {
                if case .double(let number) = value, number.isNaN, !storesNaN {
                    throw GraphError(.invalidValue, message: "NaN cannot be stored: this database keeps it as NULL")
                }
                return try Self.storedValue(value, type: type, column: column.type, mapping: mapping)
            } catch {
                throw GraphError(error.kind, entity: entity, id: object.id, key: attribute, message: error.message)
            }
        case .foreignKey(let declaring, let relationship):
            guard schema.isKind(entity, of: declaring),
                case .toOne(let destination?) = try value(forKey: relationship, of: object)
            else { return .null }
            return try key(destination, mapping)
        case .order(let declaring, let relationship):
            // This object's position in its owner's ordered to-many `declaring.relationship`,
            // found through the inverse to-one that this object holds.
            guard let inverse = schema.property(named: relationship, in: declaring)?.relationship?.inverse,
                schema.property(named: inverse, in: entity) != nil,
                case .toOne(let owner?) = try value(forKey: inverse, of: object),
                case .toMany(let siblings) = try value(forKey: relationship, of: owner),
                let position = siblings.firstIndex(of: object)
            else { return .null }
            return .integer(Int64(position + 1))
        }
    }

    private func key(_ object: ObjectID, _ mapping: SQLMapping) throws(GraphError) -> SQLValue {
        try storedSQLKey(object.id, entity: object.hierarchy, mapping: mapping)
    }

    /// An attribute value in the storage form of `mapping` for a column of type `column`
    /// (dates as seconds since 2001, Booleans 0/1, UUIDs as text or bytes). A transformable
    /// value is its tagged JSON text in a ``SQLColumnType/json`` column (any value) and its
    /// bytes in a ``SQLColumnType/blob`` column (binary data only: under the Core Data mapping
    /// the column holds the archive Core Data writes, which this engine cannot make).
    static func storedValue(
        _ value: PredicateValue, type: AttributeType, column: SQLColumnType, mapping: SQLMapping
    ) throws(GraphError) -> SQLValue {
        if case .null = value { return .null }
        switch column {
        case .json: return .text(value.jsonText())
        case .blob:
            guard case .data(let data) = value else {
                let coreData = mapping.convention == .coreData
                throw GraphError(
                    .invalidValue,
                    message: "under the \(coreData ? "Core Data" : "default") mapping a \(type.rawValue) attribute is "
                        + "stored as bytes\(coreData ? " (the archive Core Data writes)" : ""), so it holds binary data "
                        + "({\"$data\": …}) only, not \(AttributeValueCheck.describe(value))"
                        + (coreData ? "; the default mapping stores any value as JSON text" : ""))
            }
            return .blob(Array(data))
        case .integer16, .integer32, .integer64, .boolean, .double, .decimal, .date, .text, .uuid: break
        }
        switch value {
        case .null: return .null
        case .bool(let bool): return .integer(bool ? 1 : 0)
        case .int(let int): return type == .boolean ? .integer(int != 0 ? 1 : 0) : .integer(Int64(int))
        case .double(let double): return .double(double)
        case .string(let string): return .text(string)
        case .data(let data): return .blob(Array(data))
        case .date, .uuid: return mapping.bound(EvaluationValue(value), as: type) ?? .null
        case .array, .set, .dictionary, .reference:
            throw GraphError(
                .invalidValue,
                message: "a \(type.rawValue) attribute cannot hold \(AttributeValueCheck.describe(value))")
        }
    }
}

import Evaluation
import Foundation
import KeyPaths
import Predicates

/// Writing a graph into the tables of a ``SQLMapping`` and reading it back: what
/// `predicate db create` and `predicate db export` do, and what the differential tests use to
/// put the same objects in memory and in a database.
extension ObjectGraph {
    /// One `INSERT` per object (into its hierarchy's table) and per link of a join table, with
    /// every value bound: ids, the entity discriminator, attribute values in the storage form
    /// of the mapping (dates as seconds since 2001, Booleans 0/1, UUIDs as text or bytes),
    /// foreign keys and order positions. Run them after ``SQLSchemaDefinition/statements(for:dialect:ifNotExists:)``.
    public func insertStatements(mapping: SQLMapping, dialect: some SQLDialect) throws(GraphError) -> [SQLStatement] {
        var statements: [SQLStatement] = []
        for table in mapping.entityTables {
            let sql = Self.insertSQL(table.name, table.columns.map(\.name), dialect)
            let objects = objects(of: table.rootEntity)
            for object in objects {
                guard let entity = entity(of: object) else { continue }
                var values: [SQLValue] = []
                for column in table.columns {
                    values.append(try columnValue(column, of: object, entity: entity, mapping: mapping))
                }
                statements.append(SQLStatement(sql: sql, bindings: values))
            }
        }
        for join in mapping.joinTables {
            var columns = [join.sourceColumn, join.destinationColumn]
            if let order = join.destinationOrderColumn { columns.append(order) }
            if let order = join.sourceOrderColumn { columns.append(order) }
            let sql = Self.insertSQL(join.name, columns, dialect)
            for source in objects(of: join.entity) {
                guard case .toMany(let destinations) = try value(forKey: join.relationship, of: source) else {
                    continue
                }
                for (position, destination) in destinations.enumerated() {
                    var values = [try key(source.id, mapping), try key(destination.id, mapping)]
                    if join.destinationOrderColumn != nil { values.append(.integer(Int64(position + 1))) }
                    if join.sourceOrderColumn != nil, let inverse = join.inverse {
                        let owners = try value(forKey: inverse, of: destination).objects
                        values.append(owners.firstIndex(of: source).map { .integer(Int64($0 + 1)) } ?? .null)
                    }
                    statements.append(SQLStatement(sql: sql, bindings: values))
                }
            }
        }
        return statements
    }

    static func insertSQL(_ table: String, _ columns: [String], _ dialect: some SQLDialect) -> String {
        "INSERT INTO " + dialect.quote(table) + " (" + columns.map { dialect.quote($0) }.joined(separator: ", ")
            + ") VALUES (" + (1...max(columns.count, 1)).map { dialect.placeholder($0) }.joined(separator: ", ") + ")"
    }

    private func columnValue(
        _ column: SQLColumn, of object: ObjectID, entity: String, mapping: SQLMapping
    ) throws(GraphError) -> SQLValue {
        switch column.role {
        case .key: return try key(object.id, mapping)
        case .entity: return mapping.entityValue(of: entity) ?? .null
        case .version: return .integer(1)
        case .attribute(let declaring, let attribute):
            guard schema.isKind(entity, of: declaring),
                case .attribute(let value) = try self.value(forKey: attribute, of: object),
                let type = schema.property(named: attribute, in: entity)?.attribute?.type
            else { return .null }
            return Self.storedValue(value, type: type, mapping: mapping)
        case .foreignKey(let declaring, let relationship):
            guard schema.isKind(entity, of: declaring),
                case .toOne(let destination?) = try value(forKey: relationship, of: object)
            else { return .null }
            return try key(destination.id, mapping)
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

    private func key(_ id: ObjectKey, _ mapping: SQLMapping) throws(GraphError) -> SQLValue {
        switch (id, mapping.keyType) {
        case (.int(let value), .text): return .text(String(value))
        case (.int(let value), _): return .integer(Int64(value))
        case (.string(let value), .text): return .text(value)
        case (.string(let value), _):
            throw GraphError(
                .invalidValue, id: id,
                message: "the object id \"\(value)\" is a string, but the mapping stores integer keys (use text keys)")
        }
    }

    /// An attribute value in the storage form of `mapping`.
    static func storedValue(_ value: PredicateValue, type: AttributeType, mapping: SQLMapping) -> SQLValue {
        switch value {
        case .null: return .null
        case .bool(let bool): return .integer(bool ? 1 : 0)
        case .int(let int): return type == .boolean ? .integer(int != 0 ? 1 : 0) : .integer(Int64(int))
        case .double(let double): return .double(double)
        case .string(let string): return .text(string)
        case .data(let data): return .blob(Array(data))
        case .date, .uuid: return mapping.bound(EvaluationValue(value), as: type) ?? .null
        case .array, .set, .dictionary, .reference: return .null
        }
    }
}

import Evaluation
import Foundation
import KeyPaths
import Predicates

extension ObjectGraph {
    /// Reads every object stored in `database` under `mapping` into a graph: each hierarchy
    /// table's rows (the entity told by the discriminator), attributes converted back from
    /// their storage form, to-one relationships from foreign keys, many-to-many ones from join
    /// tables, ordered relationships in the order of their order columns. A Core Data store
    /// written by an app reads this way with ``SQLMapping/coreData(_:entityNumbers:)``.
    ///
    /// Keys read back as each hierarchy's ``SQLKeyType`` says (a mixed hierarchy's `'7'` as
    /// `7`); a relationship that is its own inverse links both objects of each row. Rows whose
    /// discriminator names no entity of the schema are an error, as are values of the wrong
    /// kind, each naming the table, the row's key (when it has one) and the column: a key that
    /// is NULL, a blob or a real with a fraction, a foreign key or join column of such a kind,
    /// a position that is not an integer. Every such problem is thrown at once
    /// (``GraphErrors``). Columns the mapping does not know are ignored.
    ///
    /// `Content 7, 'bucket': table "Content", column "bucket_id": the real 1.5 is not a key`
    public static func read(from database: some SQLDatabase, mapping: SQLMapping) throws -> ObjectGraph {
        let schema = mapping.schema
        var objects: [String: [InsertedObject]] = [:]
        var positions: [ObjectPosition: Int64] = [:]
        var errors: [GraphError] = []
        for table in mapping.entityTables {
            let columns = table.columns
            let keyTypes = columns.map { column in mapping.keyType(ofColumn: column.role, in: table) }
            for row in try database.rows(.columns(columns.map(\.name), from: table.name)) {
                guard row.count == columns.count else {
                    throw GraphError(
                        .malformedDocument, entity: table.rootEntity,
                        message: "table \"\(table.name)\": a row of \(row.count) values for \(columns.count) columns")
                }
                // The key and the entity first, so that every problem of the row names its object.
                var entity = table.rootEntity
                var id: ObjectKey?
                var keyProblem: String?
                for (index, (column, value)) in zip(columns, row).enumerated() {
                    switch column.role {
                    case .key:
                        id = ObjectKey(stored: value, as: keyTypes[index])
                        if id == nil { keyProblem = Self.notAKey(value, table: table.name, column: column.name) }
                    case .entity:
                        guard let named = mapping.entity(withValue: value, inHierarchyOf: table.rootEntity) else {
                            throw GraphError(
                                .unknownEntity, entity: table.rootEntity,
                                message: "table '\(table.name)': no entity has the discriminator \(value)")
                        }
                        entity = named
                    case .version, .attribute, .foreignKey, .order: break
                    }
                }
                if let keyProblem { errors.append(GraphError(.invalidValue, entity: entity, message: keyProblem)) }
                var values: [String: PredicateValue] = [:]
                for (index, (column, value)) in zip(columns, row).enumerated() {
                    switch column.role {
                    case .key, .entity, .version: break
                    case .attribute(let declaring, let attribute):
                        guard !value.isNull else { continue }
                        // The type is the declaring entity's: a sub-entity's attribute is unknown to the root.
                        let type = schema.property(named: attribute, in: declaring)?.attribute?.type
                        switch value.predicateValue(as: type, in: column.type) {
                        case .success(let converted): values[attribute] = converted
                        case .failure(let problem):
                            errors.append(
                                GraphError(
                                    .invalidValue, entity: entity, id: id, key: attribute, message: problem.message))
                        }
                    case .foreignKey(_, let relationship):
                        guard !value.isNull else { continue }
                        if let key = ObjectKey(stored: value, as: keyTypes[index]) {
                            values[relationship] = key.predicateValue
                        } else {
                            errors.append(
                                GraphError(
                                    .invalidValue, entity: entity, id: id, key: relationship,
                                    message: Self.notAKey(value, table: table.name, column: column.name)))
                        }
                    case .order(let owner, let relationship):
                        guard !value.isNull else { continue }
                        if let position = value.integerValue {
                            if let id {
                                positions[ObjectPosition(owner: owner, relationship: relationship, member: id)] =
                                    position
                            }
                        } else {
                            errors.append(
                                GraphError(
                                    .invalidValue, entity: entity, id: id,
                                    message: Self.notAPosition(value, table: table.name, column: column.name)))
                        }
                    }
                }
                guard let id else { continue }
                // Attributes of sub-entities are NULL on other rows: keep only the entity's keys.
                values = values.filter { schema.property(named: $0.key, in: entity) != nil }
                objects[entity, default: []].append(InsertedObject(id: id, values: values))
            }
        }
        let links = try Self.readLinks(from: database, mapping: mapping, errors: &errors)
        if !errors.isEmpty { throw GraphErrors(errors) }
        for (entity, list) in objects {
            objects[entity] = list.map { object in
                var object = object
                for relationship in schema.allRelationships(of: entity) where relationship.isToMany {
                    let declaring = schema.declaringEntity(ofProperty: relationship.name, in: entity) ?? entity
                    if let destinations = links[declaring + "." + relationship.name]?[object.id] {
                        var seen: Set<ObjectKey> = []
                        let sorted = destinations.sorted { $0.1 < $1.1 }.filter { seen.insert($0.0).inserted }
                        object.values[relationship.name] = .array(sorted.map(\.0.predicateValue))
                    }
                }
                return object
            }
        }
        // Ordered one-to-many relationships: the owner lists its members in order.
        if !positions.isEmpty {
            var members: [String: [ObjectKey: [(ObjectKey, Int64)]]] = [:]
            for (entity, list) in objects {
                for object in list {
                    for relationship in schema.allRelationships(of: entity) where !relationship.isToMany {
                        guard let inverse = relationship.inverse,
                            case .some(let ownerValue) = object.values[relationship.name],
                            let owner = ObjectKey(ownerValue)
                        else { continue }
                        let declaring =
                            schema.declaringEntity(ofProperty: inverse, in: relationship.destination)
                            ?? relationship.destination
                        let key = declaring + "." + inverse
                        let slot = ObjectPosition(owner: declaring, relationship: inverse, member: object.id)
                        guard let position = positions[slot] else { continue }
                        members[key, default: [:]][owner, default: []].append((object.id, position))
                    }
                }
            }
            for (entity, list) in objects {
                objects[entity] = list.map { object in
                    var object = object
                    for relationship in schema.allRelationships(of: entity) where relationship.isOrdered {
                        let declaring = schema.declaringEntity(ofProperty: relationship.name, in: entity) ?? entity
                        if let list = members[declaring + "." + relationship.name]?[object.id] {
                            object.values[relationship.name] = .array(
                                list.sorted { $0.1 < $1.1 }.map(\.0.predicateValue))
                        }
                    }
                    return object
                }
            }
        }
        return try ObjectGraph(schema: schema, objects: objects)
    }
}

/// Where an object stands in an ordered one-to-many relationship (its order column).
private struct ObjectPosition: Hashable {
    var owner: String
    var relationship: String
    var member: ObjectKey
}

extension SQLValue {
    /// The value an attribute of `type` holds in memory for this value of a column of type
    /// `column`; a failure for the text of a ``SQLColumnType/json`` column that is not the
    /// engine's tagged JSON.
    func predicateValue(as type: AttributeType?, in column: SQLColumnType) -> Result<PredicateValue, JSONValueError> {
        if column == .json, case .text(let text) = self {
            do {
                return .success(try PredicateValue(json: text))
            } catch {
                return .failure(
                    JSONValueError(id: error.id, message: "the stored JSON text is not a value (\(error.message))"))
            }
        }
        return .success(predicateValue(as: type))
    }

    /// The value an attribute of `type` holds in memory for this stored value.
    func predicateValue(as type: AttributeType?) -> PredicateValue {
        switch (self, type) {
        case (.null, _): return .null
        case (_, .boolean?): return integerValue.map { .bool($0 != 0) } ?? .null
        case (_, .date?): return doubleValue.map { .date(Date(timeIntervalSinceReferenceDate: $0)) } ?? .null
        case (.text(let text), .uuid?): return UUID(uuidString: text).map { .uuid($0) } ?? .string(text)
        case (.blob(let bytes), .uuid?) where bytes.count == 16:
            var uuid = UUID().uuid
            withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
            return .uuid(UUID(uuid: uuid))
        case (_, .integer16?), (_, .integer32?), (_, .integer64?):
            return integerValue.map { .int(Int($0)) } ?? (doubleValue.map { .double($0) } ?? .null)
        case (_, .double?), (_, .float?), (_, .decimal?): return doubleValue.map { .double($0) } ?? .null
        case (.integer(let int), _): return .int(Int(int))
        case (.double(let double), _): return .double(double)
        case (.text(let text), _): return .string(text)
        case (.blob(let bytes), _): return .data(Data(bytes))
        }
    }
}
